package engine

import (
	"context"
	"fmt"

	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/ir/interp"
	"github.com/prbmc/prbmc/verifier/result"
)

// concreteTraceSteps is how many steps of a long deterministic execution
// the trace keeps: the end, which leads to the failure.
const concreteTraceSteps = 2000

// Concrete decides programs that read no input at all: such a program has
// one execution, and the interpreter (which agrees with gcc) runs it. It
// is the answer for loops with constant bounds too long to unwind
// symbolically (2^27 iterations take seconds here, forever in BMC). ok is
// false when the program is not deterministic — it asks for an input
// (a nondet call, an uninitialised variable, malloc'd memory, a parameter
// of the entry), or its behaviour could depend on where objects lie in
// memory — and then nothing is claimed. A run that ends without failing
// an assertion is a proof: every property holds on every execution;
// a failed assertion is a bug, with the end of the trace.
func Concrete(ctx context.Context, p *ir.Program, opts Options) (r *result.Result, ok bool) {
	opts.defaults()
	opts.testHook("concrete")
	entry := p.Func(opts.Entry)
	if entry == nil || !entry.HasBody() || addressDependent(p) {
		return nil, false
	}
	maxSteps := int64(1 << 62)
	if m := opts.meter(ctx); m.Limited() {
		// Its work is instructions: interpStepsPerSecond for a second's
		// worth of solver units.
		maxSteps = max(int64(float64(m.Left())*interpStepsPerSecond/WorkPerSecond), 1)
	}
	run, err := interp.Run(ctx, p, opts.Entry, interp.Options{Inputs: noInputs{}, MaxSteps: maxSteps})
	if err != nil {
		return nil, false
	}
	r = &result.Result{Engine: "concrete", Stats: result.Stats{Steps: int(min(run.Steps, 1<<31))}}
	for _, prop := range propsFrom(p, entry) {
		r.Props = append(r.Props, *propResult(prop))
	}
	switch run.Status {
	case interp.InputError:
		return nil, false
	case interp.Exited, interp.Aborted, interp.Blocked:
		for i := range r.Props {
			r.Props[i].Verdict = result.Safe
		}
		return withReason(r, result.Safe, "the program reads no input: its only execution (%d steps) ends without a failure", run.Steps), true
	case interp.AssertFailed:
		if opts.concreteFailed != nil {
			opts.concreteFailed()
		}
		// Again with a trace of the end of the run (the same run: there
		// are no inputs).
		out, err := replayFrom(ctx, p, opts.Entry, nil, run.Steps+1, run.Steps-concreteTraceSteps)
		if err != nil || out.prop != run.Prop {
			return withReason(r, result.Unknown, "the only execution fails %s, but its replay did not", describe(run.Prop)), true
		}
		failedFirst(r, run.Prop, out.trace)
		return withReason(r, result.Unsafe, "%s can fail at %s (the program reads no input: its only execution fails after %d steps)", describe(run.Prop), run.Prop.Pos, run.Steps), true
	case interp.Canceled:
		return withReason(r, result.Unknown, "timeout after %d steps of the only execution", run.Steps), true
	case interp.StepLimit:
		opts.work.Charge(opts.work.Left())
		opts.work.Stop()
		return withReason(r, result.Unknown, "work budget used up after %d steps of the only execution", run.Steps), true
	case interp.MemoryLimit:
		return withReason(r, result.Unknown, "cannot run the only execution: %s", run.Message), true
	}
	return withReason(r, result.Unknown, "the only execution stops: %s", run.Message), true
}

// noInputs refuses every input: a program that asks for one is not
// deterministic.
type noInputs struct{}

func (noInputs) Next(t ir.Type, why string, pos ir.Pos) ([]byte, error) {
	return nil, fmt.Errorf("not deterministic: %s at %s", why, pos)
}

// addressDependent reports whether the program converts pointers to
// integers or orders pointers: the interpreter lays objects out one way,
// a real run another, so one concrete run would not stand for the
// program.
func addressDependent(p *ir.Program) bool {
	found := false
	visit := func(e ir.Expr) bool {
		switch e := e.(type) {
		case *ir.Cast:
			_, fromPtr := e.X.Type().(*ir.PointerType)
			_, toInt := e.T.(*ir.IntType)
			found = found || fromPtr && toInt
		case *ir.Binary:
			switch e.Op {
			case ir.Lt, ir.Le, ir.Gt, ir.Ge:
				_, ptr := e.X.Type().(*ir.PointerType)
				found = found || ptr
			}
		}
		return !found
	}
	for _, f := range p.Funcs {
		for _, in := range f.Body {
			for _, e := range ir.Operands(in) {
				ir.Inspect(e, visit)
			}
		}
	}
	return found
}

// propsFrom lists the properties (assertions and checks) of entry and the
// functions it can call, as the other engines report them.
func propsFrom(p *ir.Program, entry *ir.Function) []*ir.Property {
	reach := map[*ir.Function]bool{entry: true}
	work := []*ir.Function{entry}
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		for _, in := range f.Body {
			if c, ok := in.(*ir.Call); ok && c.Fn != nil && !reach[c.Fn] {
				reach[c.Fn] = true
				work = append(work, c.Fn)
			}
		}
	}
	var out []*ir.Property
	for _, f := range p.Funcs {
		if !reach[f] {
			continue
		}
		for _, in := range f.Body {
			if a, ok := in.(*ir.Assert); ok && a.Prop != nil {
				out = append(out, a.Prop)
			}
		}
	}
	return out
}

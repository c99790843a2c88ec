// Package engine holds the verification strategies — bounded model
// checking, incremental BMC, k-induction, bkind and the auto portfolio —
// over the equations of package symex, and the rules that turn solver
// answers into verdicts a user can trust: every "unsafe" is replayed on
// the concrete interpreter, every "safe" needs all unwinding checks closed
// or an inductive step that holds.
package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"time"

	"github.com/prbmc/prbmc/verifier/internal/guard"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/ir/interp"
	"github.com/prbmc/prbmc/verifier/result"
	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/symex"
)

// SolverFactory makes a fresh solver for an SMT-LIB logic ("QF_BV",
// "QF_ABV", "QF_BVFP", or "" for a general one); engines own and close
// what it makes.
// prbmc verify's --solver chooses it: the linked libz3 (verifier/smt/z3) or
// a solver process behind an SMT-LIB2 pipe (verifier/smt/smtlib), which is
// killed when a check's context ends and is dead afterwards: an engine
// that keeps a solver past a sub-budget's deadline must make a new one.
type SolverFactory func(logic string) (smt.Solver, error)

// Options configure a verification run.
type Options struct {
	Engine string // "bmc", "incremental" (default), "kinduction", "bkind", "auto", "fuzz"
	Entry  string // entry function, default "main"
	Unwind int    // bound for plain BMC
	MaxK   int    // largest bound incremental BMC tries
	// Solver makes solvers; required.
	Solver SolverFactory
	// Sessions, when set, gives each part of the run that makes solvers
	// one after another (each engine's queries, the invariant generator)
	// a factory of its own, used in place of Solver, and the function
	// that ends it. A session may keep what a closed solver leaves for
	// the next of its solvers: z3.Contexts keeps the Z3 context, which
	// costs more to make than most small queries take.
	Sessions func() (SolverFactory, func())
	// Log receives diagnostics that are not results (a counterexample that
	// did not replay is a bug in prbmc and is logged here). nil discards.
	Log io.Writer
	// MaxReplaySteps bounds the concrete replay of a counterexample.
	MaxReplaySteps int64
	// IncrementalSolver keeps one solver for all queries of a run (push and
	// pop around each). By default every query gets a fresh solver for its
	// logic instead: Z3 bit-blasts a fresh bit-vector query to SAT, which is
	// far faster than its incremental core (see README, "Solver use").
	IncrementalSolver bool
	// Invariants for k-induction and bkind: "relational" (default: intervals
	// and the template invariants of package invariant), "intervals" or
	// "none".
	Invariants string
	// Strengthen: "on" (default, "") lets k-induction with relational
	// invariants block its counterexamples to induction (property-directed
	// strengthening, seed 001); "off" does not.
	Strengthen string
	// Contractors: "on" (default, "") prunes loop iterations that can no
	// longer violate an assertion (see contractors.go); "off" does not.
	// Explain, when set, receives the CSPs, boxes and inserted assumes.
	Contractors string
	Explain     io.Writer
	// Inline: "on" (default, "") runs the engines on a copy of the
	// program whose entry has its callees' bodies inlined (ir.Inline), so
	// that loops in callees get invariants, k-induction and contractors;
	// a counterexample is replayed on the original program and reported
	// from there. "off" runs on the program as it is.
	Inline string
	// Work is the run's work budget in units (see budget.go): Z3's
	// resource units, symbolic execution converted. 0 derives it from
	// the context's deadline; negative means none (the deadline alone).
	Work int64

	// work is the meter of the run, made by meter() on first use and
	// shared by the engine's parts.
	work *smt.Meter

	// testPanic, set only by this package's tests, names a place where
	// the engine panics (see testHook), to show that no panic escapes.
	testPanic string
	// splitBoxes, when positive, bounds the input boxes of Split (auto
	// sets it: see splitAutoBoxes).
	splitBoxes int64
	// splitCPU, when positive, bounds the CPU time of Split's thread (auto
	// sets it without a work budget: see splitSlice).
	splitCPU time.Duration
	// concreteFailed, when set, is called as soon as Concrete's run has
	// failed an assertion, before the run again with a trace: the verdict
	// is known, and auto stops the other engines to give it their cores.
	concreteFailed func()
}

// testHook panics if the tests asked for a panic at where: "concrete",
// "incremental", "kinduction", "bkind" (when those engines start) or
// "invariant" (the invariant generator's solver factory, which runs in
// the generator's goroutine).
func (o *Options) testHook(where string) {
	if o.testPanic == where {
		panic("test panic in " + where)
	}
}

// internalError is the result of an engine that panicked: unknown, the
// panic's value as the reason (where says in what), the stack in the log
// (the diagnostics writer, which only verbose runs show).
func internalError(engine, where string, log io.Writer, p *guard.Panic) *result.Result {
	fmt.Fprintf(log, "prbmc: internal error in %s: %v\n%s", where, p.Value, p.Stack)
	return unknown(engine, "internal error: %v (in %s)", p.Value, where)
}

// isInternalError says r is the result of a panic (see internalError).
func isInternalError(r *result.Result) bool {
	return r != nil && r.Verdict == result.Unknown && strings.HasPrefix(r.Reason, "internal error: ")
}

func (o *Options) defaults() {
	if o.Entry == "" {
		o.Entry = "main"
	}
	if o.Unwind <= 0 {
		o.Unwind = 10
	}
	if o.MaxK <= 0 {
		o.MaxK = 1 << 20
	}
	if o.Log == nil {
		o.Log = io.Discard
	}
	if o.MaxReplaySteps <= 0 {
		o.MaxReplaySteps = 50_000_000
	}
}

// Verify runs the configured engine. It always returns a Result and never
// panics: errors inside become verdict "unknown" with the reason, and a
// panic in an engine — in this goroutine or in one the engines start —
// becomes unknown with reason "internal error: <value> (in <where>)" and
// its stack in Options.Log. It is the entry point for callers: the
// engines' own functions (BMC, Auto, …) guard only the goroutines they
// start.
func Verify(ctx context.Context, p *ir.Program, opts Options) (r *result.Result) {
	opts.defaults()
	start := time.Now()
	m := opts.meter(ctx)
	// Deferred first, so that it runs after the recovery below.
	defer func() {
		if m.Limited() && r != nil {
			fmt.Fprintf(opts.Log, "prbmc: work: %d of %d units in %.2f s (%s)\n", m.Used(), m.Limit(), time.Since(start).Seconds(), r.Verdict)
		}
	}()
	defer func() {
		// A bug in an engine must cost an answer, not the run: report
		// unknown with the cause (and the stack in the log).
		if e := recover(); e != nil {
			r = internalError(opts.Engine, "the "+opts.Engine+" engine", opts.Log, &guard.Panic{Value: e, Stack: debug.Stack()})
			r.Entry, r.Elapsed = opts.Entry, time.Since(start)
		}
	}()
	if orig, ip := p, inlined(p, opts); ip != nil {
		p = ip
		defer func() {
			if r != nil {
				r = confirmInlined(ctx, orig, opts, r)
			}
		}()
	}
	if cr, ok := withContractors(ctx, p, opts); ok {
		cr.Entry, cr.Elapsed = opts.Entry, time.Since(start)
		wallClock(ctx, m, cr)
		return cr
	}
	switch opts.Engine {
	case "bmc":
		r = BMC(ctx, p, opts.Unwind, opts)
	case "", "incremental":
		r = Incremental(ctx, p, opts)
	case "kinduction":
		r = KInduction(ctx, p, opts)
	case "bkind":
		r = BKind(ctx, p, opts)
	case "auto":
		r = Auto(ctx, p, opts)
	case "fuzz":
		r = Fuzz(ctx, p, opts)
	case "split":
		r = Split(ctx, p, opts)
	case "intervals":
		if r = IntervalProof(ctx, p, opts.Entry); r == nil {
			r = unknown("intervals", "the interval analysis does not prove every assertion")
		}
	default:
		r = &result.Result{Verdict: result.Unknown, Reason: fmt.Sprintf("unknown engine %q", opts.Engine)}
	}
	if r.Engine == "" {
		r.Engine = opts.Engine
	}
	r.Entry = opts.Entry
	r.Elapsed = time.Since(start)
	wallClock(ctx, m, r)
	return r
}

// wallClock notes in r's reason that the deadline, not the work budget,
// ended an undecided run: such a verdict depends on the machine's load.
func wallClock(ctx context.Context, m *smt.Meter, r *result.Result) {
	if m.Limited() && errors.Is(ctx.Err(), context.DeadlineExceeded) && (r.Verdict == result.Unknown || r.Verdict == result.Bounded) &&
		!strings.HasSuffix(r.Reason, wallClockNote) {
		r.Reason += wallClockNote
	}
}

const wallClockNote = " (the deadline came before the work budget was used up: a re-run may differ)"

// BMC checks the program with loops unwound k times.
func BMC(ctx context.Context, p *ir.Program, k int, opts Options) *result.Result {
	opts.defaults()
	opts.meter(ctx)
	q, err := newQuerier(opts)
	if err != nil {
		return unknown("bmc", "solver: %v", err)
	}
	defer q.close()
	b := smt.NewBuilder()
	r := &result.Result{Engine: "bmc", K: k}
	out := bmcStep(ctx, p, b, q, k, opts, r)
	out.Stats.Terms = b.NumTerms()
	return out
}

// Incremental runs BMC for k = 1, 2, 4, … up to MaxK on one solver, whose
// translation of shared terms carries over from bound to bound; it stops at
// the first definite answer. At the deadline it reports the largest bound
// fully checked.
func Incremental(ctx context.Context, p *ir.Program, opts Options) *result.Result {
	opts.defaults()
	opts.testHook("incremental")
	m := opts.meter(ctx)
	q, err := newQuerier(opts)
	if err != nil {
		return unknown("incremental", "solver: %v", err)
	}
	defer q.close()
	b := smt.NewBuilder()
	r := &result.Result{Engine: "incremental"}
	var last *result.Result
	for k := 1; k <= opts.MaxK; k = nextBound(k) {
		if !opts.IncrementalSolver {
			// Terms of the previous bound are of no use to a fresh solver:
			// drop them so memory stays that of the largest bound alone.
			b = smt.NewBuilder()
		}
		out := bmcStep(ctx, p, b, q, k, opts, r)
		out.Stats.Terms = b.NumTerms()
		switch out.Verdict {
		case result.Safe, result.Unsafe:
			return out
		case result.Bounded:
			last = out
			continue
		}
		// Unknown: the budget running out at this bound keeps the last
		// bounded result.
		if last != nil && (ctx.Err() != nil || m.Exhausted()) {
			last.Reason = fmt.Sprintf("no violation with loops unwound %d times; then %s", last.K, out.Reason)
			return last
		}
		return out
	}
	if last != nil {
		return last
	}
	return unknown("incremental", "no bound tried")
}

// nextBound is the unwinding schedule: small bounds one by one (most bugs
// are shallow), then doubling (deep loops need big bounds fast).
func nextBound(k int) int {
	if k < 8 {
		return k + 1
	}
	return k * 2
}

func unknown(engine, format string, args ...any) *result.Result {
	return &result.Result{Engine: engine, Verdict: result.Unknown, Reason: fmt.Sprintf(format, args...)}
}

// bmcStep checks one bound on solver s (leaving it as it found it).
func bmcStep(ctx context.Context, p *ir.Program, b *smt.Builder, s *querier, k int, opts Options, acc *result.Result) *result.Result {
	r := &result.Result{Engine: acc.Engine, K: k, Stats: acc.Stats}
	defer func() { acc.Stats = r.Stats }()
	eq, err := runSymex(ctx, opts.work, p, b, symex.Options{Unwind: k, Entry: opts.Entry})
	if err != nil {
		if errors.Is(err, symex.ErrWorkLimit) {
			return withReason(r, result.Unknown, "work budget used up during symbolic execution at k=%d", k)
		}
		if ctx.Err() != nil {
			return withReason(r, result.Unknown, "timeout during symbolic execution at k=%d", k)
		}
		return withReason(r, result.Unknown, "symbolic execution: %v", err)
	}
	r.Stats.Steps += eq.Steps
	props := map[*ir.Property]*result.Property{}
	for _, c := range eq.RealProps() {
		rp := propResult(c.Prop)
		props[c.Prop] = rp
	}
	finish := func(v result.Verdict) {
		for _, c := range eq.RealProps() {
			rp := props[c.Prop]
			if rp.Verdict == "" {
				rp.Verdict = v
			}
			r.Props = append(r.Props, *rp)
		}
	}

	// 1. Violations of the program's own properties, one at a time: a
	// confirmed one is reported, one that does not replay is set aside.
	pending := eq.RealProps()
	var unconfirmed []string
	for len(pending) > 0 {
		var viols []*smt.Term
		for _, c := range pending {
			viols = append(viols, c.Violation)
		}
		var hit []*symex.Check
		var vals []inputValue
		var readErr error
		res, err := s.check(ctx, b.Or(viols...), r, func(m smt.Model) {
			hit, readErr = violatedChecks(m, pending)
			if readErr == nil {
				vals, readErr = modelInputs(eq, m)
			}
		})
		if err != nil {
			finish(result.Unknown)
			return withReason(r, result.Unknown, "solver: %v", err)
		}
		if res == smt.Unknown {
			finish(result.Unknown)
			if s.ReasonUnknown() == smt.ReasonWorkLimit {
				return withReason(r, result.Unknown, "work budget used up at k=%d (solver)", k)
			}
			return withReason(r, result.Unknown, "solver gave up at k=%d: %s", k, s.ReasonUnknown())
		}
		if res == smt.Unsat {
			break
		}
		if readErr != nil || len(hit) == 0 {
			finish(result.Unknown)
			return withReason(r, result.Unknown, "cannot read the counterexample: %v", readErr)
		}
		out, err := replay(ctx, p, opts.Entry, vals, opts.MaxReplaySteps)
		if err == nil && out.prop != nil {
			rp := props[out.prop]
			if rp == nil {
				rp = propResult(out.prop)
				props[out.prop] = rp
			}
			rp.Verdict = result.Unsafe
			rp.Trace = out.trace
			finish(result.Unknown)
			// Properties other than the violated one are not decided at
			// this point: their verdicts stay unknown.
			for i := range r.Props {
				if r.Props[i].Verdict == result.Unknown && r.Props[i].ID != rp.ID {
					r.Props[i].Reason = "not checked: another property fails first"
				}
			}
			r.Verdict = result.Unsafe
			r.Reason = fmt.Sprintf("%s can fail at %s", describe(out.prop), out.prop.Pos)
			return r
		}
		if err == nil && out.res.Status == interp.MemoryLimit {
			// The program is too large to run here: no counterexample of
			// it can be confirmed, nor a proof claimed.
			finish(result.Unknown)
			return withReason(r, result.Unknown, "cannot replay the counterexample at k=%d: %s", k, out.res.Message)
		}
		// Not confirmed: never report it. Log it (it is a bug in prbmc or an
		// unmodelled behaviour) and look at the other properties.
		why := "replay did not reach a failing assertion"
		if err != nil {
			why = err.Error()
		} else if out != nil {
			why = fmt.Sprintf("replay ended with %s at %s: %s", out.res.Status, out.res.Pos, out.res.Message)
		}
		for _, c := range hit {
			fmt.Fprintf(opts.Log, "prbmc: counterexample for %s at k=%d did not replay (%s); not reported\n", c.Prop.ID, k, why)
			props[c.Prop].Verdict = result.Unknown
			props[c.Prop].Reason = "counterexample did not replay: " + why
			unconfirmed = append(unconfirmed, c.Prop.ID)
		}
		pending = without(pending, hit)
	}

	// 2. Anything unsupported that can be reached makes the answer unknown.
	if uns := eq.Props(ir.PropUnsupported); len(uns) > 0 {
		var viols []*smt.Term
		for _, c := range uns {
			viols = append(viols, c.Violation)
		}
		var hit []*symex.Check
		res, err := s.check(ctx, b.Or(viols...), r, func(m smt.Model) { hit, _ = violatedChecks(m, uns) })
		if err != nil || res != smt.Unsat {
			what := "an unsupported construct may be reached"
			if res == smt.Sat {
				if len(hit) > 0 {
					what = fmt.Sprintf("unsupported: %s at %s", hit[0].Prop.Text, hit[0].Prop.Pos)
				}
			} else if res == smt.Unknown {
				what = "solver gave up on reachability of unsupported code: " + s.ReasonUnknown()
			}
			finish(result.Unknown)
			return withReason(r, result.Unknown, "%s", what)
		}
	}
	if len(unconfirmed) > 0 {
		finish(result.Unknown)
		return withReason(r, result.Unknown, "counterexamples for %v did not replay concretely", unconfirmed)
	}

	// 3. The completeness threshold: can any execution run past the bound?
	unw := eq.Props(ir.PropUnwinding)
	if len(unw) == 0 {
		finish(result.Safe)
		return withReason(r, result.Safe, "%s", loopsEnd(eq, k))
	}
	var viols []*smt.Term
	for _, c := range unw {
		viols = append(viols, c.Violation)
	}
	res, err := s.check(ctx, b.Or(viols...), r, nil)
	switch {
	case err != nil:
		finish(result.Bounded)
		return withReason(r, result.Bounded, "no violation with loops unwound %d times (solver: %v)", k, err)
	case res == smt.Unsat:
		finish(result.Safe)
		return withReason(r, result.Safe, "%s", loopsEnd(eq, k))
	}
	finish(result.Bounded)
	return withReason(r, result.Bounded, "no violation with loops unwound %d times", k)
}

// loopsEnd says why bound k covers every execution of eq: no loop runs
// more than k times — beyond the iterations whose guard symbolic
// execution decided (a loop to 100 from a constant runs all of them
// at any bound), which it says when there were any.
func loopsEnd(eq *symex.Equation, k int) string {
	if eq.FreeIterations > 0 {
		return fmt.Sprintf("every loop ends: symbolic execution ran the %d iterations whose condition it could decide, and no execution runs a loop more than %d times beyond them", eq.FreeIterations, k)
	}
	return fmt.Sprintf("no execution runs a loop more than %d times", k)
}

func withReason(r *result.Result, v result.Verdict, format string, args ...any) *result.Result {
	r.Verdict = v
	r.Reason = fmt.Sprintf(format, args...)
	return r
}

func violatedChecks(m smt.Model, cs []*symex.Check) ([]*symex.Check, error) {
	if m == nil {
		return nil, errors.New("no model")
	}
	var out []*symex.Check
	for _, c := range cs {
		v, err := m.Eval(c.Violation)
		if err != nil {
			return nil, err
		}
		if v.Bool() {
			out = append(out, c)
		}
	}
	return out, nil
}

func without(cs, drop []*symex.Check) []*symex.Check {
	d := map[*symex.Check]bool{}
	for _, c := range drop {
		d[c] = true
	}
	var out []*symex.Check
	for _, c := range cs {
		if !d[c] {
			out = append(out, c)
		}
	}
	return out
}

func propResult(p *ir.Property) *result.Property {
	return &result.Property{ID: p.ID, Kind: p.Kind.String(), Text: p.Text, Func: p.Func, Location: loc(p.Pos)}
}

func describe(p *ir.Property) string {
	switch p.Kind {
	case ir.PropReachError:
		return "the error location " + p.Text
	case ir.PropAssertion:
		return fmt.Sprintf("assertion %q", p.Text)
	}
	return fmt.Sprintf("%s check %q", p.Kind, p.Text)
}

package engine

import (
	"context"
	"time"

	"github.com/prbmc/prbmc/verifier/interval"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/result"
	"github.com/prbmc/prbmc/verifier/symex"
	"github.com/prbmc/prbmc/verifier/zone"
)

// IntervalProof proves a program safe by abstract interpretation alone,
// when that suffices: every assertion of every function the entry can
// reach is either unreachable or holds in every state the interval
// analysis or the zone analysis (package zone: bounds on x - y) allows
// there. Each function is analysed for every calling context
// (parameters and globals unknown on entry; package interval), and a
// function counts as reachable only through a call site its caller's
// analysis reaches, so an error function called only behind a test the
// analysis decides is not reached. No loop is unwound and no solver is
// asked: a property that depends on a value the intervals do not keep
// (memory, long double, relations between variables) is not proved, and
// nil is returned. Float and double register variables are bounded, with
// a NaN flag (package interval). Reaching an unsupported construct, a function without body,
// or what symbolic execution may find unsupported (symex.MayRefuse: a
// memset of a symbolic size, a printf whose format may write) is not
// proved either: the other engines say unknown there.
//
// It decides in milliseconds what k-induction cannot state: a constant
// flag tested after three nested loops of 2^20 iterations each
// (loops/heavy-2), which no invariant of the outer loop alone implies;
// i >= l >= 1 in an inner loop below an outer one that increments l
// (loop-invgen/nest-if3).
func IntervalProof(ctx context.Context, p *ir.Program, entry string) *result.Result {
	f := p.Func(entry)
	if f == nil || !f.HasBody() {
		return nil
	}
	results := map[*ir.Function]*interval.Result{}
	work := []*ir.Function{f}
	seen := map[*ir.Function]bool{f: true}
	var props []*ir.Property
	for len(work) > 0 {
		g := work[len(work)-1]
		work = work[:len(work)-1]
		res, err := interval.Analyze(ctx, p, g)
		if err != nil {
			return nil
		}
		zs, err := zone.Analyze(ctx, p, g)
		if err != nil && ctx.Err() != nil {
			return nil
		}
		results[g] = res
		for pc, in := range g.Body {
			if res.At(pc).IsBottom() || zs != nil && zs.At(pc).IsBottom() {
				continue
			}
			if symex.MayRefuse(in) {
				// A copy of a symbolic size, printf with a format
				// that may write: the other engines say unknown
				// where it may go wrong, never safe.
				return nil
			}
			switch in := in.(type) {
			case *ir.Unsupported:
				return nil
			case *ir.Assert:
				if !res.CannotFail(pc) && (zs == nil || !zs.CannotFail(pc)) {
					return nil
				}
				if in.Prop != nil {
					props = append(props, in.Prop)
				}
			case *ir.Call:
				if in.Fn == nil {
					if in.Builtin == ir.NotBuiltin {
						return nil
					}
					continue
				}
				if !in.Fn.HasBody() {
					return nil
				}
				if !seen[in.Fn] {
					seen[in.Fn] = true
					work = append(work, in.Fn)
				}
			}
		}
	}
	r := &result.Result{Engine: "intervals"}
	for _, prop := range propsFrom(p, f) {
		rp := propResult(prop)
		rp.Verdict = result.Safe
		r.Props = append(r.Props, *rp)
	}
	return withReason(r, result.Safe, "every assertion holds in the interval analysis of the %d functions reached (%d assertions reachable)", len(results), len(props))
}

// intervalsFirst is IntervalProof as auto runs it before the other
// engines: for at most a tenth of the time to the deadline (a second
// without one) — what it proves, it proves in milliseconds, and a large
// function must not eat the budget of the engines that follow.
func intervalsFirst(ctx context.Context, p *ir.Program, opts Options) *result.Result {
	limit := time.Second
	if dl, ok := ctx.Deadline(); ok {
		limit = min(limit*5, time.Until(dl)/10)
	}
	ictx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	return IntervalProof(ictx, p, opts.Entry)
}

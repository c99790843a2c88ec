package engine

import (
	"context"
	"fmt"

	"github.com/prbmc/prbmc/verifier/invariant"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/result"
	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/symex"
)

// skipStep is zeroStep with the loops before c's skipped instead of
// everything havocked (symex.Induction.Skip): the registers set before
// the first loop keep their values, so a pointer to a block allocated
// there still names it, which array invariants need. Only with array
// invariants, so that the other proofs stay as they were.
//
// Why it is enough: the code before the first loop has no loop of the
// entry, and no call that could hide one, so the base case checks its
// assertions on every path; the code from there to c's loop has no
// check, call or exit (symex refuses to skip it otherwise). Every
// execution then arrives at c's head in a state the skip covers, and the
// invariants hold at every arrival before its first failure, so a
// failure in the loop or after it is one of this step's.
func skipStep(ctx context.Context, p *ir.Program, b *smt.Builder, q *querier, k int, c *candidate, invs []invariant.Invariant, opts Options, r *result.Result) bool {
	if len(invariant.ArrayFacts(invs)) == 0 {
		return false
	}
	entry := p.Func(opts.Entry)
	for _, in := range entry.Body[:c.loop.Head] {
		switch in := in.(type) {
		case *ir.Call:
			if in.Fn != nil || in.Builtin == ir.NotBuiltin {
				return false
			}
		case *ir.Unsupported:
			return false
		}
	}
	ind := &symex.Induction{Loop: c.loop, Bounds: c.bounds, Assume: invariant.Assumptions(invs), Arrays: invariant.ArrayFacts(invs), Skip: true, Zero: true, Names: fmt.Sprintf("skip%d_", k)}
	return holdsFromHead(ctx, p, b, q, k, ind, opts, r, nil)
}

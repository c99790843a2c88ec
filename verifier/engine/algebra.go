package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/prbmc/prbmc/verifier/invariant"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/result"
)

// algebraic tries k-induction's cheapest proof first: polynomial loop
// invariants and the assertions they imply, proved by algebra without a
// solver (invariant.ProveAlgebraic). It is the only proof prbmc has for
// loops whose invariants multiply 64-bit variables (y*y - 2*x + y == 0),
// where every solver query with the multiplications in it times out. It
// returns a safe result, or nil (the reason in the log) to go on as
// usual; it takes milliseconds either way (tens of them when it samples:
// the runs are bounded in steps, not time, so the verdict is the same on
// a busy machine).
//
// When it refuses, seed are the linear equalities it proved all the same
// (modulo 2^w: cheap for a solver, unlike a + b == 3i over the integers,
// whose wrap-around reasoning the templates' checks bit-blast), for the
// invariant generator to start from.
func algebraic(ctx context.Context, p *ir.Program, entry *ir.Function, opts Options, name string) (_ *result.Result, seed map[*ir.Loop][]invariant.Invariant) {
	pf, err := invariant.ProveAlgebraic(ctx, p, entry, nil)
	var unproved *invariant.UnprovedError
	if errors.As(err, &unproved) && ctx.Err() == nil {
		// The program's own equalities were not enough: candidates from
		// the states concrete runs reach at the heads (DIG), tried only
		// now so that a proof found without them stays as it was. The
		// prover keeps only the candidates it proves.
		if cands := invariant.SampleCandidates(ctx, p, entry); len(cands) > 0 {
			fmt.Fprintf(opts.Log, "prbmc: polynomial invariants: %v; trying %d candidates from samples\n", err, len(cands))
			pf, err = invariant.ProveAlgebraic(ctx, p, entry, cands)
		}
	}
	if err != nil {
		fmt.Fprintf(opts.Log, "prbmc: polynomial invariants: %v\n", err)
		if errors.As(err, &unproved) {
			for _, li := range unproved.Proved {
				for _, iv := range li.Invariants {
					// Products would bring multiplications into every
					// query of the generator and the steps.
					if q, ok := iv.(invariant.PolyInv); ok && q.P.Degree() == 1 {
						if seed == nil {
							seed = map[*ir.Loop][]invariant.Invariant{}
						}
						seed[li.Loop] = append(seed[li.Loop], q)
					}
				}
			}
		}
		return nil, seed
	}
	r := &result.Result{Engine: name}
	for _, prop := range propsFrom(p, entry) {
		rp := propResult(prop)
		rp.Verdict = result.Safe
		r.Props = append(r.Props, *rp)
	}
	n, where := 0, ""
	for _, li := range pf.Loops {
		for _, iv := range li.Invariants {
			fmt.Fprintf(opts.Log, "prbmc: invariant at the loop at %s: %s\n", li.Loop.Pos, iv)
		}
		r.Invariants = append(r.Invariants, proofInvariants(opts.Entry, &candidate{loop: li.Loop}, li.Invariants)...)
		n += len(li.Invariants)
		if where == "" {
			where = fmt.Sprintf("the loop at %s", li.Loop.Pos)
		}
	}
	if len(pf.Loops) > 1 {
		where = fmt.Sprintf("%d loops from %s on", len(pf.Loops), strings.TrimPrefix(where, "the loop at "))
	}
	// "proved …, imply" reads for one invariant as for several.
	return withReason(r, result.Safe, "%s: the loop invariants at %s (%d), proved as identities of polynomials over the integers (so modulo 2^w), imply every property", algebraReason, where, n), nil
}

// algebraReason starts the reason of a proof by algebraic.
const algebraReason = "algebra"

package engine

import (
	"context"
	"fmt"
	"time"

	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/result"
)

// autoBMCShare is the part of the budget auto gives plain incremental BMC
// before k-induction takes over; autoBMCMax caps it (most bugs are
// shallow and found in the first second; k-induction's base case goes on
// searching deeper anyway).
const (
	autoBMCShare = 0.2
	autoBMCMax   = 5 * time.Second
)

// Auto is the portfolio: incremental BMC (cheap bug finding) for a slice
// of the budget, then k-induction with relational invariants (proofs, and
// its base case keeps looking for bugs) for the rest. The first definite
// answer wins; at the deadline the best partial result is returned: the
// largest bound checked, or unknown with the reasons.
func Auto(ctx context.Context, p *ir.Program, opts Options) *result.Result {
	opts.defaults()
	slice := autoBMCMax
	if dl, ok := ctx.Deadline(); ok {
		if s := time.Duration(float64(time.Until(dl)) * autoBMCShare); s < slice {
			slice = s
		}
	}
	var partial []*result.Result
	bctx, cancel := context.WithTimeout(ctx, slice)
	bo := opts
	bo.Engine = "incremental"
	r := Incremental(bctx, p, bo)
	cancel()
	switch {
	case r.Verdict == result.Safe || r.Verdict == result.Unsafe:
		return decided(r, "incremental")
	case r.Verdict == result.Unknown && bctx.Err() == nil:
		// Not the slice running out (an unsupported construct, a
		// counterexample that did not replay): k-induction would meet the
		// same.
		return decided(r, "incremental")
	}
	partial = append(partial, r)
	if ctx.Err() == nil {
		ko := opts
		ko.Engine = "kinduction"
		if ko.Invariants == "" {
			ko.Invariants = "relational"
		}
		r = KInduction(ctx, p, ko)
		if r.Verdict == result.Safe || r.Verdict == result.Unsafe {
			return decided(r, "kinduction")
		}
		partial = append(partial, r)
	}
	return best(partial)
}

func decided(r *result.Result, by string) *result.Result {
	r.Reason = fmt.Sprintf("%s: %s", by, r.Reason)
	r.Engine = "auto"
	return r
}

// best picks the bounded result with the largest bound, else the last
// unknown with every engine's reason.
func best(rs []*result.Result) *result.Result {
	var out *result.Result
	for _, r := range rs {
		if r.Verdict == result.Bounded && (out == nil || r.K > out.K) {
			out = r
		}
	}
	if out != nil {
		out.Engine = "auto"
		return out
	}
	out = rs[len(rs)-1]
	why := ""
	for i, r := range rs {
		if i > 0 {
			why += "; "
		}
		why += fmt.Sprintf("%s: %s", r.Engine, r.Reason)
	}
	out.Reason = why
	out.Engine = "auto"
	return out
}

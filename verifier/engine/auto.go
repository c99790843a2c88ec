package engine

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/prbmc/prbmc/verifier/internal/guard"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/result"
)

// autoBMCShare is the part of the work budget auto gives plain
// incremental BMC beside k-induction; autoBMCMax caps it, in seconds of
// work (most bugs are shallow and found in the first second; k-induction's
// base case goes on searching deeper anyway).
const (
	autoBMCShare = 0.2
	autoBMCMax   = 5
)

// Auto is the portfolio: incremental BMC (cheap bug finding) for a slice
// of the budget, and beside it from the start k-induction with relational
// invariants (proofs, and its base case goes on looking for bugs after
// the slice) and, for a program that reads no input, its concrete run
// (see Concrete). The first definite answer wins and stops the other engine;
// at the deadline the best partial result is returned: the largest bound
// checked, or unknown with the reasons. Running both at once costs a core
// for a few seconds and makes proofs as fast as k-induction alone.
func Auto(ctx context.Context, p *ir.Program, opts Options) *result.Result {
	opts.defaults()
	opts.Log = &syncWriter{w: opts.Log}
	// Each engine has a work budget of its own: what it does in it does
	// not depend on how fast the others go, so neither does the result.
	m := opts.meter(ctx)
	bmcWork := m.Sub(min(int64(float64(m.Limit())*autoBMCShare), workFor(autoBMCMax, workShare)))
	kindWork, concreteWork := m.Sub(m.Limit()), m.Sub(m.Limit())
	slice := autoBMCMax * time.Second // a backstop without a work budget
	if dl, ok := ctx.Deadline(); ok && !m.Limited() {
		if s := time.Duration(float64(time.Until(dl)) * autoBMCShare); s < slice {
			slice = s
		}
	}
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	type answer struct {
		r *result.Result
		// final says the answer decides the run: definite, or (for BMC)
		// unknown for a reason other than its slice running out — an
		// unsupported construct or a counterexample that did not
		// replay, which k-induction would meet as well.
		final bool
		by    string
	}
	answers := make(chan answer, 3)
	// launch runs an engine in its goroutine. A panic there is an answer
	// that decides the run, unknown (see internalError): the other
	// engines are stopped and waited for, and the process goes on.
	launch := func(by string, run func() answer) {
		go func() {
			var a answer
			if p := guard.Run(func() { a = run() }); p != nil {
				a = answer{internalError("auto", "auto's "+by+" engine", opts.Log, p), true, by}
			}
			answers <- a
		}()
	}
	launch("concrete", func() answer {
		// A program that reads no input is decided by running it; for any
		// other this returns at its first input.
		co := opts
		co.work = concreteWork
		r, ok := Concrete(ctx, p, co)
		if !ok {
			r = nil
		}
		return answer{r, r != nil && (r.Verdict == result.Safe || r.Verdict == result.Unsafe), "concrete"}
	})
	launch("incremental", func() answer {
		bctx, cancel := ctx, context.CancelFunc(func() {})
		if !m.Limited() {
			bctx, cancel = context.WithTimeout(ctx, slice)
		}
		defer cancel()
		bo := opts
		bo.Engine = "incremental"
		bo.work = bmcWork
		r := Incremental(bctx, p, bo)
		// Unknown for a reason other than its budget (an unsupported
		// construct, a counterexample that did not replay) is what
		// k-induction's base case meets as well.
		final := r.Verdict == result.Safe || r.Verdict == result.Unsafe ||
			(r.Verdict == result.Unknown && bctx.Err() == nil && !bmcWork.Exhausted())
		return answer{r, final, "incremental"}
	})
	launch("kinduction", func() answer {
		ko := opts
		ko.Engine = "kinduction"
		ko.work = kindWork
		if ko.Invariants == "" {
			ko.Invariants = "relational"
		}
		r := KInduction(ctx, p, ko)
		return answer{r, r.Verdict == result.Safe || r.Verdict == result.Unsafe || isInternalError(r), "kinduction"}
	})
	var won *answer
	got := map[string]*result.Result{}
	for i := 0; i < 3; i++ {
		a := <-answers
		if won == nil && a.final {
			won = &a
			stop() // the other engines return promptly and are waited for
			continue
		}
		got[a.by] = a.r
	}
	if won != nil {
		if isInternalError(won.r) {
			won.r.Engine = "auto"
			return won.r
		}
		by := won.by
		if by == "incremental" || by == "kinduction" && !strings.HasPrefix(won.r.Reason, "k-induction") && !strings.HasPrefix(won.r.Reason, algebraReason) {
			// The same BMC query at the same bound, whichever engine got
			// there first: name the method, the same on every run.
			by = "bmc"
		}
		return decided(won.r, by)
	}
	// In the order best expects: k-induction's reason last.
	var partial []*result.Result
	for _, by := range []string{"incremental", "concrete", "kinduction"} {
		if got[by] != nil {
			partial = append(partial, got[by])
		}
	}
	return best(partial)
}

// syncWriter lets two engines share one log.
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(b []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(b)
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

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

// Auto is the portfolio. First the interval and zone analyses, which
// prove in milliseconds what they can state (see IntervalProof). Then,
// side by side: incremental BMC (cheap bug finding) for a slice of the
// budget; k-induction with relational and polynomial invariants from the
// start (proofs, and its base case goes on looking for bugs after the
// slice); and for a program that reads no input its concrete run (see
// Concrete), for one that reads input interval evaluation of input boxes
// (see Split) and, after BMC's slice, fuzzing (see Fuzz). The first
// definite answer wins and stops the other engines; at the deadline the
// best partial result is returned: the largest bound checked, or unknown
// with the reasons. Running them at once costs a core for a few seconds
// and makes proofs as fast as k-induction alone.
func Auto(ctx context.Context, p *ir.Program, opts Options) *result.Result {
	opts.defaults()
	// The interval analysis takes milliseconds; when it proves every
	// assertion there is nothing for the other engines to do.
	if r := intervalsFirst(ctx, p, opts); r != nil {
		return decided(r, "intervals")
	}
	opts.Log = &syncWriter{w: opts.Log}
	// Each engine has a work budget of its own: what it does in it does
	// not depend on how fast the others go, so neither does the result.
	m := opts.meter(ctx)
	bmcWork := m.Sub(min(int64(float64(m.Limit())*autoBMCShare), workFor(autoBMCMax, workShare)))
	kindWork, concreteWork := m.Sub(m.Limit()), m.Sub(m.Limit())
	splitWork := m.Sub(min(int64(float64(m.Limit())*splitShare), workFor(splitMax, workShare)))
	fuzzWork := m.Sub(min(int64(float64(m.Limit())*fuzzShare), workFor(fuzzMax, workShare)))
	slice := autoBMCMax * time.Second // a backstop without a work budget
	if dl, ok := ctx.Deadline(); ok && !m.Limited() {
		if s := time.Duration(float64(time.Until(dl)) * autoBMCShare); s < slice {
			slice = s
		}
	}
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	// others is BMC's and k-induction's: a failure of the concrete run
	// decides the run before its replay, which gets their cores.
	others, stopOthers := context.WithCancel(ctx)
	defer stopOthers()
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
	bmcDone := make(chan struct{})
	launch("concrete", func() answer {
		// A program that reads no input is decided by running it; for any
		// other this returns at its first input, and input boxes and
		// fuzzing follow.
		co := opts
		co.work = concreteWork
		co.concreteFailed = stopOthers
		r, ok := Concrete(ctx, p, co)
		if !ok {
			// It reads input. Interval evaluation of input boxes decides
			// programs over a few scalar inputs (and gives up at once on
			// others).
			so := opts
			so.work = splitWork
			so.splitBoxes = splitAutoBoxes
			if !m.Limited() {
				so.splitCPU = splitSlice(ctx)
			}
			r = Split(ctx, p, so)
			if r.Verdict == result.Safe {
				return answer{r, true, "split"}
			}
			// Then look for a failing input by fuzzing, for a share of
			// the budget, once BMC's slice is over — a bug BMC finds is
			// reported with BMC's trace on every run, not with whichever
			// engine's came first (split's too). Only a failure counts.
			select {
			case <-bmcDone:
			case <-ctx.Done():
				return answer{nil, false, "concrete"}
			}
			if r.Verdict == result.Unsafe {
				return answer{r, true, "split"}
			}
			fctx, cancel := ctx, context.CancelFunc(func() {})
			if !m.Limited() {
				fctx, cancel = context.WithTimeout(ctx, fuzzSlice(ctx))
			}
			defer cancel()
			fo := opts
			fo.work = fuzzWork
			if r = Fuzz(fctx, p, fo); r.Verdict != result.Unsafe {
				r = nil
			}
		}
		by := "concrete"
		if r != nil && r.Engine == "fuzz" {
			by = "fuzz"
		}
		return answer{r, r != nil && (r.Verdict == result.Safe || r.Verdict == result.Unsafe), by}
	})
	launch("incremental", func() answer {
		bctx, cancel := others, context.CancelFunc(func() {})
		if !m.Limited() {
			bctx, cancel = context.WithTimeout(others, slice)
		}
		defer cancel()
		bo := opts
		bo.Engine = "incremental"
		bo.work = bmcWork
		r := Incremental(bctx, p, bo)
		close(bmcDone)
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
		r := KInduction(others, p, ko)
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

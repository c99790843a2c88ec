package action

import (
	"context"
	"fmt"
	"time"

	"github.com/prbmc/prbmc/report"
)

// Function is one changed function to verify, for CheckFunctions.
type Function struct {
	File string // relative to the repository root
	Name string
	Line int
}

// VerifyFunc verifies one function within timeout (also ctx's deadline).
// When time runs out it returns what it has, an unknown result saying so.
type VerifyFunc func(ctx context.Context, f Function, timeout time.Duration) report.FunctionResult

// Budget is the time a Checker may spend: the whole run and each function.
type Budget struct {
	Total, PerFunction time.Duration // 0: no limit
	// MinSlot is the least time worth starting a function with (default
	// 1s): with less left, the remaining functions are not checked.
	MinSlot time.Duration
	// Now is the clock (default time.Now), for tests.
	Now func() time.Time
}

// CheckFunctions verifies fns in order within the budget, for Checker
// implementations: each function gets the per-function timeout or what
// is left of the total, whichever is less; when the total is spent (or
// ctx is done) the functions not started are listed as not checked
// (SkipBudget), so what finished can still be published.
func CheckFunctions(ctx context.Context, fns []Function, b Budget, verify VerifyFunc) *CheckOutcome {
	if b.Now == nil {
		b.Now = time.Now
	}
	if b.MinSlot <= 0 {
		b.MinSlot = time.Second
	}
	start := b.Now()
	out := &CheckOutcome{}
	for i, f := range fns {
		timeout := b.PerFunction
		if b.Total > 0 {
			left := b.Total - b.Now().Sub(start)
			if timeout <= 0 || left < timeout {
				timeout = left
			}
		}
		if b.Total > 0 && timeout < b.MinSlot || ctx.Err() != nil {
			for _, g := range fns[i:] {
				out.NotChecked = append(out.NotChecked, Skipped{File: g.File, Name: g.Name, Line: g.Line, Reason: SkipBudget,
					Detail: budgetDetail(b.Total, ctx.Err())})
			}
			break
		}
		fctx, cancel := ctx, context.CancelFunc(func() {})
		if timeout > 0 {
			fctx, cancel = context.WithTimeout(ctx, timeout)
		}
		out.Functions = append(out.Functions, verify(fctx, f, timeout))
		cancel()
	}
	return out
}

func budgetDetail(total time.Duration, ctxErr error) string {
	if ctxErr != nil && total == 0 {
		return "the run was stopped before its turn"
	}
	return fmt.Sprintf("the time budget (%s) ran out before its turn", total)
}

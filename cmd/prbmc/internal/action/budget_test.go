package action

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/prbmc/prbmc/report"
	"github.com/prbmc/prbmc/verifier/result"
)

// fakeClock advances only when told.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

func TestCheckFunctions(t *testing.T) {
	fns := []Function{{"a.c", "f1", 1}, {"a.c", "f2", 10}, {"b.c", "f3", 3}, {"b.c", "f4", 9}}
	for _, tc := range []struct {
		name     string
		budget   Budget
		spend    []time.Duration // what each verified function takes
		timeouts []time.Duration // the timeouts it must be given
		skipped  []string
	}{
		{"no limits", Budget{}, []time.Duration{time.Minute, time.Minute, time.Minute, time.Minute}, []time.Duration{0, 0, 0, 0}, nil},
		{"per function only", Budget{PerFunction: 30 * time.Second}, []time.Duration{30 * time.Second, time.Second, time.Second, time.Second},
			[]time.Duration{30 * time.Second, 30 * time.Second, 30 * time.Second, 30 * time.Second}, nil},
		{"total cuts the third short, skips the fourth", Budget{Total: 100 * time.Second, PerFunction: 40 * time.Second},
			[]time.Duration{40 * time.Second, 40 * time.Second, 20 * time.Second},
			[]time.Duration{40 * time.Second, 40 * time.Second, 20 * time.Second}, []string{"f4"}},
		{"less than a slot left", Budget{Total: 60 * time.Second, MinSlot: 5 * time.Second},
			[]time.Duration{30 * time.Second, 26 * time.Second},
			[]time.Duration{60 * time.Second, 30 * time.Second}, []string{"f3", "f4"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clock := &fakeClock{t: time.Unix(1e9, 0)}
			tc.budget.Now = clock.now
			var timeouts []time.Duration
			out := CheckFunctions(context.Background(), fns, tc.budget, func(ctx context.Context, f Function, timeout time.Duration) report.FunctionResult {
				timeouts = append(timeouts, timeout)
				if _, has := ctx.Deadline(); has != (timeout > 0) {
					t.Errorf("%s: deadline %v with timeout %s", f.Name, has, timeout)
				}
				clock.t = clock.t.Add(tc.spend[len(timeouts)-1])
				return report.FunctionResult{Name: f.Name, File: f.File, Line: f.Line, Result: &result.Result{Verdict: result.Safe}}
			})
			if !reflect.DeepEqual(timeouts, tc.timeouts) {
				t.Errorf("timeouts %v, want %v", timeouts, tc.timeouts)
			}
			var skipped []string
			for _, s := range out.NotChecked {
				skipped = append(skipped, s.Name)
				if s.Reason != SkipBudget || s.Detail == "" || s.File == "" || s.Line == 0 {
					t.Errorf("skipped %+v", s)
				}
			}
			if !reflect.DeepEqual(skipped, tc.skipped) {
				t.Errorf("not checked %v, want %v", skipped, tc.skipped)
			}
			if len(out.Functions)+len(out.NotChecked) != len(fns) {
				t.Errorf("%d checked + %d not checked of %d", len(out.Functions), len(out.NotChecked), len(fns))
			}
		})
	}
	// A cancelled run lists everything left.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	out := CheckFunctions(ctx, fns, Budget{}, func(context.Context, Function, time.Duration) report.FunctionResult {
		t.Fatal("verified after cancellation")
		return report.FunctionResult{}
	})
	if len(out.NotChecked) != 4 || out.NotChecked[0].Detail != "the run was stopped before its turn" {
		t.Errorf("cancelled: %+v", out.NotChecked)
	}
}

package engine

import (
	"context"
	"testing"
	"time"
)

// TestBudgetSeconds: the time left at the engines' start, a little short
// of a round timeout, gets the timeout's budget, however long loading took.
func TestBudgetSeconds(t *testing.T) {
	for _, tc := range []struct {
		left time.Duration
		want float64
	}{
		{19*time.Second + 900*time.Millisecond, 20},
		{18 * time.Second, 20},
		{28 * time.Second, 30},                     // prbmc verify --timeout 29s (bench)
		{9*time.Second + 200*time.Millisecond, 10}, // --timeout 10s
		{59 * time.Second, 60},
		{2500 * time.Millisecond, 3},
		{400 * time.Millisecond, 0.5},
		{15 * time.Minute, 1200},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), tc.left)
		if got := budgetSeconds(ctx); got != tc.want {
			t.Errorf("%v left: %v s, want %v s", tc.left, got, tc.want)
		}
		cancel()
	}
	if got := budgetSeconds(context.Background()); got != 0 {
		t.Errorf("no deadline: %v", got)
	}
}

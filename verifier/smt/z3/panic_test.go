package z3

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/prbmc/prbmc/verifier/smt"
)

// TestGoroutinePanics: a panic in one of the Solver's goroutines does not
// end the process. In the check's goroutine it is the check's error (and
// the solver is dead but for Close); in the watcher it only stops the
// interrupts; in the background release it leaks the context.
func TestGoroutinePanics(t *testing.T) {
	b := smt.NewBuilder()
	x := b.Var("x", smt.BVSort(8))
	goal := b.Eq(b.BVAdd(x, x), b.BVInt(8, 6))

	s := newSolver(t)
	s.testPanic = "check"
	must(t, s.Assert(goal))
	r, err := s.Check(bg)
	if r != smt.Unknown || err == nil || err.Error() != "z3: internal error: test panic in check" {
		t.Fatalf("check: %v %v", r, err)
	}
	if err := s.Push(); err == nil || !strings.Contains(err.Error(), "internal error") {
		t.Errorf("push after the panic: %v", err)
	}

	s = newSolver(t)
	s.testPanic = "watch"
	must(t, s.Assert(goal))
	ctx, cancel := context.WithTimeout(bg, time.Minute)
	defer cancel()
	if r, err := s.Check(ctx); r != smt.Sat || err != nil {
		t.Fatalf("check with a panicking watcher: %v %v", r, err)
	}

	s, err = New(Options{})
	must(t, err)
	s.testPanic = "release"
	s.releaseGuarded() // as Close does in the background
}

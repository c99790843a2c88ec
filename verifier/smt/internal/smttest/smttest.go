// Package smttest holds the helpers the backends' tests (verifier/smt/z3,
// verifier/smt/smtlib) share: one copy of checking a query and reading a
// model rather than one per backend.
package smttest

import (
	"context"
	"testing"

	"github.com/prbmc/prbmc/verifier/smt"
)

// Must fails t on an error.
func Must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// Check checks s with the assumptions and fails t unless the answer is
// want.
func Check(t testing.TB, s smt.Solver, want smt.Result, assumptions ...*smt.Term) {
	t.Helper()
	r, err := s.Check(context.Background(), assumptions...)
	Must(t, err)
	if r != want {
		t.Fatalf("check = %v (%s), want %v", r, s.ReasonUnknown(), want)
	}
}

// Eval is x's value in the model of s's last check.
func Eval(t testing.TB, s smt.Solver, x *smt.Term) smt.Value {
	t.Helper()
	m, err := s.Model()
	Must(t, err)
	v, err := m.Eval(x)
	Must(t, err)
	return v
}

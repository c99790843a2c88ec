package smt

import (
	"context"
	"errors"
	"fmt"
)

// Result is the outcome of a satisfiability check.
type Result int

// The results. The zero Result is Unknown, so a forgotten assignment never
// reads as a proof.
const (
	Unknown Result = iota
	Sat
	Unsat
)

func (r Result) String() string {
	switch r {
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	case Unknown:
		return "unknown"
	}
	return fmt.Sprintf("Result(%d)", int(r))
}

// CanPop is the check a backend's Pop(n) makes with open scopes open:
// an error naming backend when n is not between 0 and open, pop false
// (and no error) when there is nothing to pop.
func CanPop(backend string, n, open int) (pop bool, err error) {
	if n < 0 || n > open {
		return false, fmt.Errorf("%s: pop %d with %d scopes open", backend, n, open)
	}
	return n > 0, nil
}

// Reasons for Unknown that every backend reports the same way.
const (
	ReasonTimeout    = "timeout"  // the context's deadline (or a solver budget) ran out
	ReasonCanceled   = "canceled" // the context was canceled
	ReasonIncomplete = "incomplete"
	// ReasonWorkLimit: the check used up the work limit set with
	// WorkLimiter.SetWorkLimit. Unlike a timeout it does not depend on
	// the machine's speed or load: the same query on the same solver
	// stops at the same point.
	ReasonWorkLimit = "work limit"
)

// ReasonOf is the reason for Unknown when a check stops because its
// context ended with err: ReasonTimeout for a deadline, else
// ReasonCanceled.
func ReasonOf(err error) string {
	if errors.Is(err, context.DeadlineExceeded) {
		return ReasonTimeout
	}
	return ReasonCanceled
}

// CheckAssumptions is the check a backend's Check makes of its
// assumptions: an error naming backend for the first that is not Boolean.
func CheckAssumptions(backend string, assumptions []*Term) error {
	for _, a := range assumptions {
		if !a.Sort().IsBool() {
			return fmt.Errorf("%s: assumption of sort %s", backend, a.Sort())
		}
	}
	return nil
}

// Solver is an incremental SMT solver over terms of this package. It is
// kept small so that other backends can be added.
type Solver interface {
	// Assert adds a Boolean term to the current scope.
	Assert(t *Term) error
	// Push opens a scope.
	Push() error
	// Pop closes the n innermost scopes, dropping their assertions.
	Pop(n int) error
	// Check decides the conjunction of the assertions and the assumptions.
	// It honours ctx's deadline and cancellation: a running check stops
	// promptly and returns Unknown.
	Check(ctx context.Context, assumptions ...*Term) (Result, error)
	// ReasonUnknown explains the last Unknown result: ReasonTimeout,
	// ReasonCanceled, ReasonIncomplete, or the solver's own text.
	ReasonUnknown() string
	// Model returns the model of the last Sat check. It is valid until the
	// next Assert, Push, Pop, Check or Close.
	Model() (Model, error)
	// Close releases the solver; it must be called.
	Close() error
}

// ContextAsserter is a Solver whose Assert can stop at ctx's end: handing
// a formula of millions of terms to the solver takes seconds, which a
// deadline cannot wait for. After an error the assertion may be partly
// built but is not added.
type ContextAsserter interface {
	AssertContext(ctx context.Context, t *Term) error
}

// WorkLimiter is a Solver that counts its work in deterministic units (for
// Z3, its resource units, "rlimit") and can bound each check by them: the
// same sequence of calls uses the same units on every run and machine,
// where a timeout depends on the load. Deadlines still hold beside it.
type WorkLimiter interface {
	// SetWorkLimit bounds each following Check to n units (0: no bound);
	// a check that reaches it returns Unknown with ReasonWorkLimit, and
	// the solver stays usable.
	SetWorkLimit(n uint64) error
	// Work is the units the solver's checks have used so far.
	Work() uint64
}

// Model is a satisfying assignment.
type Model interface {
	// Eval evaluates t with model completion: every term gets a concrete
	// Value, variables the model does not mention included.
	Eval(t *Term) (Value, error)
}

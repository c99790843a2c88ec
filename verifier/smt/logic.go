package smt

import (
	"context"
	"errors"
)

// Logic names the SMT-LIB logic of t's theories ("QF_BV", "QF_ABV",
// "QF_BVFP", or "" for arrays with floats), so a solver can pick its
// specialised, bit-blasting strategy.
func Logic(t *Term) string {
	arrays, fp := false, false
	seen := map[uint64]bool{}
	stack := []*Term{t}
	for len(stack) > 0 && !(arrays && fp) {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[n.ID()] {
			continue
		}
		seen[n.ID()] = true
		switch {
		case n.Sort().IsArray():
			arrays = true
		case n.Sort().IsFP():
			fp = true
		}
		for i := 0; i < n.NumArgs(); i++ {
			stack = append(stack, n.Arg(i))
		}
	}
	switch {
	case arrays && fp:
		return "" // no specialised Z3 strategy for QF_ABVFP
	case arrays:
		return "QF_ABV"
	case fp:
		return "QF_BVFP"
	}
	return "QF_BV"
}

// ReadsInputArrays reports whether t's arrays are only read, each at most
// max times, from array variables: no store, no constant or if-then-else
// array reaches a select. Such a query is a bit-vector query after
// Ackermann's reduction (a read is a fresh bit-vector; equal indices give
// equal values: a constraint per pair of reads of one array), which is
// what symbolic execution leaves when it resolves reads over writes itself.
func ReadsInputArrays(t *Term, max int) bool {
	reads := map[uint64]int{}
	seen := map[uint64]bool{}
	stack := []*Term{t}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[n.ID()] {
			continue
		}
		seen[n.ID()] = true
		switch {
		case n.Op() == OpSelect:
			a := n.Arg(0)
			if a.Op() != OpVar {
				return false
			}
			reads[a.ID()]++
			if reads[a.ID()] > max {
				return false
			}
			stack = append(stack, n.Arg(1))
			continue
		case n.Sort().IsArray():
			return false // an array term other than a read's variable
		}
		for i := 0; i < n.NumArgs(); i++ {
			stack = append(stack, n.Arg(i))
		}
	}
	return true
}

// Solve asserts goal on s and checks it; when it is satisfiable and use is
// not nil, use reads the model before the caller's solver moves on (models
// die with their scope).
func Solve(ctx context.Context, s Solver, goal *Term, use func(Model)) (Result, error) {
	var err error
	if ca, ok := s.(ContextAsserter); ok {
		err = ca.AssertContext(ctx, goal)
	} else {
		err = s.Assert(goal)
	}
	if err != nil {
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			// Out of time before the check: Unknown, as a check would say.
			return Unknown, nil
		}
		return Unknown, err
	}
	res, err := s.Check(ctx)
	if err != nil || res != Sat || use == nil {
		return res, err
	}
	m, err := s.Model()
	if err != nil {
		return Unknown, err
	}
	use(m)
	return res, nil
}

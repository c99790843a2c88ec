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
	walkDAG(t, func(n *Term) (descend, stop bool) {
		switch {
		case n.Sort().IsArray():
			arrays = true
		case n.Sort().IsFP():
			fp = true
		}
		return true, arrays && fp
	})
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
	ok := true
	walkDAG(t, func(n *Term) (descend, stop bool) {
		if n.Op() == OpSelect {
			a := n.Arg(0)
			reads[a.ID()]++
			ok = a.Op() == OpVar && reads[a.ID()] <= max
			return ok, !ok
		}
		for i := 0; i < n.NumArgs(); i++ {
			if n.Arg(i).Sort().IsArray() {
				ok = false // an array used other than by a read
				return false, true
			}
		}
		return true, false
	})
	return ok
}

// walkDAG visits each distinct subterm of t once, depth first; f says
// whether to visit a term's arguments and whether to stop the walk.
func walkDAG(t *Term, f func(n *Term) (descend, stop bool)) {
	seen := map[uint64]bool{}
	stack := []*Term{t}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[n.ID()] {
			continue
		}
		seen[n.ID()] = true
		descend, stop := f(n)
		if stop {
			return
		}
		if descend {
			for i := 0; i < n.NumArgs(); i++ {
				stack = append(stack, n.Arg(i))
			}
		}
	}
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

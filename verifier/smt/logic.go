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

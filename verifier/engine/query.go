package engine

import (
	"context"

	"github.com/prbmc/prbmc/verifier/result"
	"github.com/prbmc/prbmc/verifier/smt"
)

// querier answers satisfiability queries, either on one shared solver
// (push/pop around each query) or on a fresh solver per query chosen for
// the query's theories.
type querier struct {
	opts   Options
	shared smt.Solver
	reason string
}

func newQuerier(opts Options) (*querier, error) {
	q := &querier{opts: opts}
	if opts.IncrementalSolver {
		s, err := opts.Solver("")
		if err != nil {
			return nil, err
		}
		q.shared = s
	}
	return q, nil
}

func (q *querier) close() {
	if q.shared != nil {
		q.shared.Close()
	}
}

// ReasonUnknown explains the last Unknown answer.
func (q *querier) ReasonUnknown() string { return q.reason }

// check asks whether goal is satisfiable; use reads the model before the
// solver moves on (models die with their scope).
func (q *querier) check(ctx context.Context, goal *smt.Term, r *result.Result, use func(smt.Model)) (smt.Result, error) {
	if goal.IsFalse() {
		return smt.Unsat, nil
	}
	if ctx.Err() != nil {
		q.reason = "timeout"
		return smt.Unknown, nil
	}
	r.Stats.SolverCalls++
	s := q.shared
	if s == nil {
		var err error
		s, err = q.opts.Solver(logicOf(goal))
		if err != nil {
			return smt.Unknown, err
		}
		defer s.Close()
	} else {
		if err := s.Push(); err != nil {
			return smt.Unknown, err
		}
		defer s.Pop(1)
	}
	if err := s.Assert(goal); err != nil {
		return smt.Unknown, err
	}
	res, err := s.Check(ctx)
	if res == smt.Unknown {
		q.reason = s.ReasonUnknown()
	}
	if err != nil || res != smt.Sat || use == nil {
		return res, err
	}
	m, err := s.Model()
	if err != nil {
		return smt.Unknown, err
	}
	use(m)
	return res, nil
}

// logicOf names the SMT-LIB logic of t's theories, so the solver can pick
// its specialised (bit-blasting) strategy.
func logicOf(t *smt.Term) string {
	arrays, fp := false, false
	seen := map[uint64]bool{}
	stack := []*smt.Term{t}
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

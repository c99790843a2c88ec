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
	// end ends the querier's solver session (see Options.Sessions).
	end func()
}

func newQuerier(opts Options) (*querier, error) {
	q := &querier{opts: opts}
	q.opts.Solver, q.end = opts.session()
	if opts.IncrementalSolver {
		s, err := q.opts.Solver("")
		if err != nil {
			q.end()
			return nil, err
		}
		q.shared = opts.work.Solver(s)
	}
	return q, nil
}

func (q *querier) close() {
	if q.shared != nil {
		q.shared.Close()
	}
	q.end()
}

// session is a solver factory of the caller's own and the function that
// ends it: a session of Sessions when set, Solver otherwise.
func (o *Options) session() (SolverFactory, func()) {
	if o.Sessions == nil {
		return o.Solver, func() {}
	}
	return o.Sessions()
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
	if q.opts.work.Stop() {
		q.reason = smt.ReasonWorkLimit
		return smt.Unknown, nil
	}
	r.Stats.SolverCalls++
	s := q.shared
	if s == nil {
		var err error
		s, err = q.opts.Solver(smt.Logic(goal))
		if err != nil {
			return smt.Unknown, err
		}
		defer s.Close()
		s = q.opts.work.Solver(s)
	} else {
		if err := s.Push(); err != nil {
			return smt.Unknown, err
		}
		defer s.Pop(1)
	}
	res, err := smt.Solve(ctx, s, goal, use)
	if res == smt.Unknown {
		q.reason = s.ReasonUnknown()
	}
	return res, err
}

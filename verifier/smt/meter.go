package smt

import (
	"context"
	"math"
	"sync/atomic"
)

// Meter counts work in deterministic units and bounds it: the solver's own
// units (see WorkLimiter) plus whatever else its user charges (symbolic
// execution steps, terms). A run that stops when its Meter is used up
// stops at the same point on every run, whatever the machine's load — a
// deadline does not. The zero limit means no bound.
//
// A Meter is charged by one goroutine at a time; a share (Sub) counts in
// its parent too, and shares of one parent may be used by different
// goroutines at once: each share decides by its own count only, so what
// one goroutine does never changes when another stops.
type Meter struct {
	limit   int64
	bounded bool
	used    atomic.Int64
	parent  *Meter
	// hit is set when something stopped at the limit.
	hit atomic.Bool
}

// NewMeter makes a Meter of limit units (0: no bound).
func NewMeter(limit int64) *Meter {
	return &Meter{limit: max(limit, 0), bounded: limit > 0}
}

// Sub is a share of m of limit units (nothing left if limit <= 0): its use
// counts in m too, but only its own count and limit decide when it is used
// up. A share of a Meter without a bound (or of nil) has none either.
func (m *Meter) Sub(limit int64) *Meter {
	s := &Meter{parent: m}
	if m.Limited() {
		s.limit, s.bounded = max(limit, 0), true
	}
	return s
}

// Limited reports whether m has a bound.
func (m *Meter) Limited() bool { return m != nil && m.bounded }

// Limit is m's bound (0: none).
func (m *Meter) Limit() int64 {
	if m == nil {
		return 0
	}
	return m.limit
}

// Used is the units charged to m and its shares.
func (m *Meter) Used() int64 {
	if m == nil {
		return 0
	}
	return m.used.Load()
}

// Left is what remains of the bound, math.MaxInt64 if there is none, and
// never below zero.
func (m *Meter) Left() int64 {
	if !m.Limited() {
		return math.MaxInt64
	}
	return max(m.limit-m.used.Load(), 0)
}

// Charge adds n units to m and its parents.
func (m *Meter) Charge(n int64) {
	for ; m != nil; m = m.parent {
		m.used.Add(n)
	}
}

// Stop records that work stopped at m's bound (for Exhausted) and reports
// whether the bound is reached.
func (m *Meter) Stop() bool {
	if m.Limited() && m.Left() <= 0 {
		m.hit.Store(true)
		return true
	}
	return false
}

// Exhausted reports whether work stopped at m's bound: a check or step
// refused or ended by it.
func (m *Meter) Exhausted() bool {
	return m != nil && (m.hit.Load() || m.Limited() && m.Left() <= 0)
}

// Solver wraps s so that every check is bounded by what is left of m and
// charged to it. On a solver that does not count its work (not a
// WorkLimiter) checks are neither bounded nor charged. A check when m is
// used up returns Unknown, ReasonWorkLimit, without calling s.
func (m *Meter) Solver(s Solver) Solver {
	if m == nil || s == nil {
		return s
	}
	return &meteredSolver{Solver: s, m: m}
}

type meteredSolver struct {
	Solver
	m      *Meter
	reason string // set when the meter refused the check
}

func (s *meteredSolver) AssertContext(ctx context.Context, t *Term) error {
	if ca, ok := s.Solver.(ContextAsserter); ok {
		return ca.AssertContext(ctx, t)
	}
	return s.Solver.Assert(t)
}

func (s *meteredSolver) Check(ctx context.Context, assumptions ...*Term) (Result, error) {
	s.reason = ""
	wl, ok := s.Solver.(WorkLimiter)
	if !ok {
		return s.Solver.Check(ctx, assumptions...)
	}
	if s.m.Stop() {
		s.reason = ReasonWorkLimit
		return Unknown, nil
	}
	lim := uint64(0)
	if s.m.Limited() {
		lim = uint64(s.m.Left())
	}
	if err := wl.SetWorkLimit(lim); err != nil {
		return Unknown, err
	}
	w0 := wl.Work()
	res, err := s.Solver.Check(ctx, assumptions...)
	s.m.Charge(int64(wl.Work() - w0))
	if res == Unknown && s.Solver.ReasonUnknown() == ReasonWorkLimit {
		s.m.hit.Store(true)
	}
	return res, err
}

func (s *meteredSolver) ReasonUnknown() string {
	if s.reason != "" {
		return s.reason
	}
	return s.Solver.ReasonUnknown()
}

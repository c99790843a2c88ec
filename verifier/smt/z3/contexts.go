package z3

/*
#include "z3helpers.h"
*/
import "C"

import "sync"

// Contexts keeps the Z3 contexts of closed solvers for the next ones of
// the same user. A context is dear: libz3 4.8.12 allocates and clears
// some 17 MB of tables for each, 25 to 80 ms on this project's machines
// (page faults, more when several are made at once), while most queries
// of a small program take less than that. An engine that makes a fresh
// solver per query (see README, "Solver use") makes dozens.
//
// The solvers of one Contexts must be made and closed by one goroutine
// at a time, in an order that depends only on the queries: Z3 numbers
// the terms of a context by the order they are made in, and its
// heuristics order by those numbers, so the same queries in the same
// order meet the same numbering and use the same resource units (see
// SetWorkLimit) on every run. What decides whether a context is kept is
// deterministic for the same reason: its checks' units and its terms,
// never their time.
//
// The zero value is ready. Close deletes the contexts kept.
type Contexts struct {
	mu     sync.Mutex
	idle   []C.Z3_context
	closed bool
}

// New makes a Solver, in a kept context when there is one.
func (cs *Contexts) New(opts Options) (*Solver, error) { return makeSolver(cs, opts) }

// Close deletes the kept contexts; solvers still open delete theirs on
// their own Close.
func (cs *Contexts) Close() {
	cs.mu.Lock()
	idle := cs.idle
	cs.idle, cs.closed = nil, true
	cs.mu.Unlock()
	for _, c := range idle {
		C.Z3_del_context(c)
	}
}

// maxKept bounds the contexts kept: a user holds few solvers at once.
const maxKept = 2

// keepWork and keepTerms bound what a solver may have done for its
// context to be kept: a context that has served large checks holds
// large tables (and deleting its solver may take long, which Close
// otherwise does in the background).
const (
	keepWork  = 1_000_000
	keepTerms = 20_000
)

// take returns a kept context, if any.
func (cs *Contexts) take() (C.Z3_context, bool) {
	if cs == nil {
		return nil, false
	}
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if len(cs.idle) == 0 {
		return nil, false
	}
	c := cs.idle[len(cs.idle)-1]
	cs.idle = cs.idle[:len(cs.idle)-1]
	return c, true
}

// keeps says whether s's context is to be kept when s closes.
func (cs *Contexts) keeps(s *Solver) bool {
	if cs == nil || s.abandoned != nil || s.broken != nil || s.wasInterrupted || s.work > keepWork || len(s.tr.memo) > keepTerms {
		return false
	}
	cs.mu.Lock()
	defer cs.mu.Unlock()
	return !cs.closed && len(cs.idle) < maxKept
}

// put keeps c, reporting false when c is to be deleted instead.
func (cs *Contexts) put(c C.Z3_context) bool {
	if cs == nil {
		return false
	}
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if cs.closed || len(cs.idle) >= maxKept {
		return false
	}
	cs.idle = append(cs.idle, c)
	return true
}

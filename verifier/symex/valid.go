package symex

import (
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/smt"
)

// Object lifetimes, for ir.Valid (the pointer check).
//
// Whether an object has ended its lifetime — a freed heap block, a local
// after its Dead or after its function returned, an alloca block after its
// function returned — is a _Bool per object and path. It is kept in the
// state's regs under a ghost _Bool variable, keyed by object number, so
// that cloning and merging states carry it like any register (and code that
// havocs registers by their variable's type can havoc it too). An object without
// an entry is live: globals and string literals always are, and every other
// object gets an entry when its lifetime starts, before any branch that
// could end it, so that a merge never mixes up "not yet set" with "live".

func (x *executor) goneKey(id int) varKey {
	if x.ghostGone == nil {
		x.ghostGone = &ir.Var{Name: "$gone", Source: "$gone", Type: x.std.Bool, Kind: ir.Temp}
	}
	return varKey{v: x.ghostGone, frame: -id}
}

// gone is the condition that object id's lifetime has ended on this path.
func (x *executor) gone(st *state, id int) *smt.Term {
	if t, ok := st.regs[x.goneKey(id)]; ok {
		return x.truth(t)
	}
	return x.b.False()
}

// setGone records condition c (a Boolean term) as object id's "gone".
func (x *executor) setGone(st *state, id int, c *smt.Term) {
	st.regs[x.goneKey(id)] = x.b.Ite(c, x.b.BVUint(8, 1), x.b.BVUint(8, 0))
}

// endFrame ends the lifetimes of fr's in-memory locals and alloca blocks
// when its function returns.
func (x *executor) endFrame(st *state, fr *frame) {
	if st == nil {
		return
	}
	for _, v := range fr.f.Locals {
		if !x.inMem[v] {
			continue
		}
		if id, ok := x.varObj[x.keyOf(fr, v)]; ok {
			x.setGone(st, id, x.b.True())
		}
	}
	for _, id := range x.allocas[fr.id] {
		x.setGone(st, id, x.b.True())
	}
	delete(x.allocas, fr.id)
	// The frame's registers are dead: dropping them keeps the states of
	// a deep call tree small (every merge and clone walks them).
	if x.ind == nil || x.ind.frame != fr.id {
		for k := range st.regs {
			if k.frame == fr.id {
				delete(st.regs, k)
			}
		}
	}
}

// free ends the lifetime of the heap block p points to.
func (x *executor) free(st *state, p *smt.Term) {
	for _, id := range x.candidates(p) {
		if !x.objs[id].heap {
			continue
		}
		if x.exactly(p, id) {
			x.setGone(st, id, x.b.True())
			continue
		}
		x.setGone(st, id, x.b.Or(x.isObj(p, id), x.gone(st, id)))
	}
}

// valid is ir.Valid: p names a live object, writable for a write, and the
// n bytes at its offset lie inside it. NULL (object 0) and pointers made
// from integers that name no object are not valid.
func (x *executor) valid(st *state, p *smt.Term, n int64, write bool) *smt.Term {
	var ro map[int]bool
	if write {
		ro = x.readOnlyObjects()
	}
	off := x.ptrOff(p)
	nt := x.b.BVUint(x.offW, uint64(n))
	var alts []*smt.Term
	for _, id := range x.candidates(p) {
		if ro[id] {
			continue
		}
		o := x.objs[id]
		inside := x.b.And(x.b.BVUle(nt, o.size), x.b.BVUle(off, x.b.BVSub(o.size, nt)))
		c := x.b.And(x.b.Not(x.gone(st, id)), inside)
		if !x.exactly(p, id) {
			c = x.b.And(x.isObj(p, id), c)
		}
		alts = append(alts, c)
	}
	return x.b.Or(alts...)
}

// freeable is ir.Freeable: p is NULL, or the start of a live heap block.
func (x *executor) freeable(st *state, p *smt.Term) *smt.Term {
	alts := []*smt.Term{x.b.Eq(p, x.b.BVUint(x.ptrW, 0))}
	zero := x.b.BVUint(x.offW, 0)
	for _, id := range x.candidates(p) {
		if !x.objs[id].heap {
			continue
		}
		alts = append(alts, x.b.And(x.isObj(p, id), x.b.Not(x.gone(st, id)), x.b.Eq(x.ptrOff(p), zero)))
	}
	return x.b.Or(alts...)
}

// readOnlyObjects lists the objects of read-only variables (string literals
// and const globals with initialisers), which the interpreter refuses to
// write after Program.Init.
func (x *executor) readOnlyObjects() map[int]bool {
	ro := map[int]bool{}
	for key, id := range x.varObj {
		if key.v.ReadOnly {
			ro[id] = true
		}
	}
	return ro
}

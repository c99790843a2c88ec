package z3

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/prbmc/prbmc/verifier/smt"
)

// queries are the kinds of query an engine makes one after another:
// bit-vector arithmetic (sat and unsat), reads of an input array (the
// eager solver), floating point, each in its logic's solver.
func queries(b *smt.Builder) []struct {
	logic string
	goal  *smt.Term
	want  smt.Result
} {
	bv := smt.BVSort(32)
	x, y := b.Var("x", bv), b.Var("y", bv)
	mem := b.Var("mem", smt.ArraySort(smt.BVSort(48), smt.BVSort(8)))
	i := b.Var("i", smt.BVSort(48))
	f := b.Var("f", smt.Float32Sort())
	return []struct {
		logic string
		goal  *smt.Term
		want  smt.Result
	}{
		{"QF_BV", b.And(b.Eq(b.BVMul(x, y), b.BVUint(32, 0x12345679)), b.BVUgt(x, b.BVUint(32, 1)), b.BVUgt(y, b.BVUint(32, 1))), smt.Sat},
		{"QF_BV", b.And(b.BVUlt(x, b.BVUint(32, 10)), b.Eq(b.BVMul(x, b.BVUint(32, 3)), b.BVUint(32, 31))), smt.Unsat},
		{"QF_ABV", b.And(b.Eq(b.Select(mem, i), b.BVUint(8, 42)), b.Eq(b.Select(mem, b.BVUint(48, 7)), b.BVUint(8, 9)), b.BVUlt(i, b.BVUint(48, 4))), smt.Sat},
		{"", b.And(b.FPLt(f, b.FPFromBits(smt.Float32Sort(), b.BVUint(32, 0x3f800000))), b.FPGt(f, b.FPFromBits(smt.Float32Sort(), b.BVUint(32, 0x3f7fffff)))), smt.Unsat},
		{"QF_BV", b.Eq(b.BVAdd(x, y), b.BVUint(32, 7)), smt.Sat},
	}
}

// TestContextsKeep: a closed solver's context serves the next solver of
// the same Contexts, whatever its logic, with nothing of the old one
// left: every query gets its answer and a model of its own, and all
// references are given back.
func TestContextsKeep(t *testing.T) {
	cs := &Contexts{}
	defer cs.Close()
	b := smt.NewBuilder()
	var first any // the first solver's context
	for round := 0; round < 3; round++ {
		for n, q := range queries(b) {
			s, err := cs.New(Options{Logic: q.logic})
			must(t, err)
			if round == 0 && n == 0 {
				first = s.c
			} else if any(s.c) != first {
				t.Fatalf("round %d, query %d: a new context, not the kept one", round, n)
			}
			must(t, s.Assert(q.goal))
			check(t, s, q.want)
			if q.want == smt.Sat {
				if v := eval(t, s, q.goal); !v.Bool() {
					t.Errorf("round %d, query %d: the model does not satisfy the query", round, n)
				}
			}
			must(t, s.Close())
			if s.ownedRefs() != 0 {
				t.Fatalf("round %d, query %d: closed solver still holds %d references", round, n, s.ownedRefs())
			}
		}
	}
	// Two solvers at once get two contexts; both are kept.
	s1, err := cs.New(Options{})
	must(t, err)
	s2, err := cs.New(Options{})
	must(t, err)
	if s1.c == s2.c {
		t.Fatal("two open solvers share a context")
	}
	must(t, s1.Close())
	must(t, s2.Close())
	if len(cs.idle) != 2 {
		t.Errorf("%d contexts kept, want 2", len(cs.idle))
	}
	// After Close nothing is kept.
	cs.Close()
	s3, err := cs.New(Options{})
	must(t, err)
	must(t, s3.Close())
	if len(cs.idle) != 0 {
		t.Errorf("a closed Contexts keeps %d contexts", len(cs.idle))
	}
}

// TestContextsSameWork: the same queries in the same order use the same
// resource units on every run, in kept contexts as in fresh ones (the
// promise of work budgets; see SetWorkLimit).
func TestContextsSameWork(t *testing.T) {
	run := func() []uint64 {
		cs := &Contexts{}
		defer cs.Close()
		b := smt.NewBuilder()
		var work []uint64
		for round := 0; round < 2; round++ {
			for _, q := range queries(b) {
				s, err := cs.New(Options{Logic: q.logic})
				must(t, err)
				must(t, s.Assert(q.goal))
				check(t, s, q.want)
				work = append(work, s.Work())
				must(t, s.Close())
			}
		}
		return work
	}
	a, b := run(), run()
	if len(a) != len(b) {
		t.Fatalf("%d and %d queries", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Errorf("query %d: %d units in one run, %d in the other", i, a[i], b[i])
		}
	}
	t.Logf("units: %v", a)
}

// TestContextsNotKept: a context whose check was interrupted (its state
// after Z3's cancellation is Z3's business) or that served much work is
// deleted, not kept.
func TestContextsNotKept(t *testing.T) {
	cs := &Contexts{}
	defer cs.Close()
	b := smt.NewBuilder()
	s, err := cs.New(Options{})
	must(t, err)
	hardQuery(t, s, b)
	ctx, cancel := context.WithTimeout(bg, 100*time.Millisecond)
	defer cancel()
	if r, err := s.Check(ctx); err != nil || r != smt.Unknown {
		t.Fatalf("hard query: %v %v", r, err)
	}
	must(t, s.Close())
	if len(cs.idle) != 0 {
		t.Error("the context of an interrupted check was kept")
	}

	w, err := cs.New(Options{Logic: "QF_BV", WorkLimit: keepWork + 1})
	must(t, err)
	hardQuery(t, w, b)
	if r, err := w.Check(bg); err != nil || r != smt.Unknown || w.ReasonUnknown() != smt.ReasonWorkLimit {
		t.Fatalf("hard query under a work limit: %v %v %q", r, err, w.ReasonUnknown())
	}
	must(t, w.Close())
	if len(cs.idle) != 0 {
		t.Errorf("the context of a solver that did %d units was kept", w.Work())
	}
}

// TestContextsMemory: hundreds of solver lifetimes in kept contexts do
// not grow libz3's memory (what a closed solver leaves in its context is
// given back: ASTs, sorts, models, the eager solver's tactics).
func TestContextsMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cs := &Contexts{}
	defer cs.Close()
	life := func(i int, b *smt.Builder) {
		qs := queries(b)
		q := qs[i%len(qs)]
		s, err := cs.New(Options{Logic: q.logic})
		must(t, err)
		cycle(t, s, b, i%64)
		must(t, s.Assert(q.goal))
		check(t, s, q.want)
		must(t, s.Close())
	}
	b := smt.NewBuilder()
	for i := 0; i < 100; i++ {
		life(i, b)
	}
	runtime.GC()
	z0 := EstimatedAllocSize()
	for i := 0; i < 300; i++ {
		life(i, b)
	}
	runtime.GC()
	z1 := EstimatedAllocSize()
	t.Logf("300 solver lifetimes in kept contexts: libz3 live bytes %d -> %d (%+d)", z0, z1, int64(z1)-int64(z0))
	if growth := int64(z1) - int64(z0); growth > 256<<10 {
		t.Errorf("libz3 memory grew by %d bytes over 300 solver lifetimes", growth)
	}
}

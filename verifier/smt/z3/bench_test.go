package z3

import (
	"context"
	"testing"

	"github.com/prbmc/prbmc/verifier/smt"
)

// BenchmarkSmallQuery is one incremental round of the kind BMC issues:
// push, assert a small 32-bit constraint, check, read a model value, pop.
func BenchmarkSmallQuery(b *testing.B) {
	s := newSolver(b)
	tb := smt.NewBuilder()
	bv := smt.BVSort(32)
	x, y := tb.Var("x", bv), tb.Var("y", bv)
	must(b, s.Assert(tb.BVUlt(x, y)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := tb.BVUint(32, uint64(i%1024)+100)
		must(b, s.Push())
		must(b, s.Assert(tb.Eq(tb.BVAdd(tb.BVMul(x, tb.BVUint(32, 3)), y), k)))
		if r, err := s.Check(bg); err != nil || r != smt.Sat {
			b.Fatalf("check: %v %v", r, err)
		}
		m, err := s.Model()
		must(b, err)
		if _, err := m.Eval(x); err != nil {
			b.Fatal(err)
		}
		must(b, s.Pop(1))
	}
}

// BenchmarkNewSolver is the cost of a solver's lifetime: context, solver,
// one trivial check, close.
func BenchmarkNewSolver(b *testing.B) {
	tb := smt.NewBuilder()
	x := tb.Var("x", smt.BVSort(8))
	for i := 0; i < b.N; i++ {
		s, err := New(Options{})
		must(b, err)
		must(b, s.Assert(tb.BVUlt(x, tb.BVUint(8, 9))))
		if r, err := s.Check(bg); err != nil || r != smt.Sat {
			b.Fatalf("check: %v %v", r, err)
		}
		must(b, s.Close())
	}
}

// BenchmarkTranslate is the cost of translating a 1000-node term DAG.
func BenchmarkTranslate(b *testing.B) {
	s := newSolver(b)
	tb := smt.NewBuilder()
	bv := smt.BVSort(32)
	for i := 0; i < b.N; i++ {
		acc := tb.Var("t", bv)
		for k := 0; k < 1000; k++ {
			acc = tb.BVAdd(tb.BVMul(acc, tb.Var("t", bv)), tb.BVUint(32, uint64(k+i*1000)))
		}
		must(b, s.Push())
		if _, err := s.tr.translate(context.Background(), acc); err != nil {
			b.Fatal(err)
		}
		must(b, s.Pop(1))
	}
}

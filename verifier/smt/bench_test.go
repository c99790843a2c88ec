package smt

import "testing"

// BenchmarkBuild measures hash-consed construction: each op builds three
// new terms (a constant, a product and a sum).
func BenchmarkBuild(b *testing.B) {
	tb := NewBuilder()
	x := tb.Var("x", BVSort(32))
	acc := x
	for i := 0; i < b.N; i++ {
		acc = tb.BVAdd(tb.BVMul(acc, x), tb.BVUint(32, uint64(i)))
	}
}

// BenchmarkFold measures constant folding on one-word and two-word values.
func BenchmarkFold(b *testing.B) {
	tb := NewBuilder()
	for _, w := range []int{32, 128} {
		b.Run(BVSort(w).String(), func(b *testing.B) {
			x, y := tb.BVUint(w, 123456789), tb.BVInt(w, -987654321)
			for i := 0; i < b.N; i++ {
				tb.BVSDiv(tb.BVMul(x, y), tb.BVAdd(x, y))
			}
		})
	}
}

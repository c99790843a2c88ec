package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/prbmc/prbmc/verifier/ir"
)

// TestFuzzFillBounded: a huge object (a malloc of a random size) gets
// chosen values only in its first fuzzFillBytes, the rest zero — choosing
// 100 MB value by value took a run past its deadline — and _Bool cells
// stay 0 or 1.
func TestFuzzFillBounded(t *testing.T) {
	src := &fuzzSource{pools: newFuzzPools(&ir.Program{}), rng: rand.New(rand.NewPCG(1, 2))}
	big := &ir.ArrayType{Elem: &ir.IntType{Kind: ir.Int, Bits: 32, Signed: true}, Len: 25 << 20}
	b, err := src.Next(big, "contents of malloc", ir.Pos{})
	if err != nil || int64(len(b)) != big.Size() {
		t.Fatalf("%d bytes, %v", len(b), err)
	}
	nonzero := 0
	for i, c := range b {
		if c != 0 {
			if i >= fuzzFillBytes {
				t.Fatalf("byte %d chosen, beyond the first %d", i, fuzzFillBytes)
			}
			nonzero++
		}
	}
	if nonzero < fuzzFillBytes/8 {
		t.Errorf("only %d chosen bytes in the first %d", nonzero, fuzzFillBytes)
	}
	bools := &ir.ArrayType{Elem: &ir.IntType{Kind: ir.Bool, Bits: 8}, Len: 1000}
	b, _ = src.Next(bools, "contents of malloc", ir.Pos{})
	for i, c := range b {
		if c > 1 {
			t.Fatalf("_Bool %d = %d", i, c)
		}
	}
}

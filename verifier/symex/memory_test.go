package symex

import (
	"context"
	"slices"
	"testing"

	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/smt"
)

func TestLowBits(t *testing.T) {
	b := smt.NewBuilder()
	x := &executor{b: b}
	i := b.Var("i", smt.BVSort(48))
	j := b.Var("j", smt.BVSort(48))
	c := func(v uint64) *smt.Term { return b.BVUint(48, v) }
	for _, tc := range []struct {
		name     string
		a, b     *smt.Term
		disjoint bool
	}{
		{"16i vs 16j+8", b.BVMul(i, c(16)), b.BVAdd(b.BVMul(j, c(16)), c(8)), true},
		{"16i+15 vs 16j+8", b.BVAdd(b.BVMul(i, c(16)), c(15)), b.BVAdd(b.BVMul(j, c(16)), c(8)), true},
		{"16i+8 vs 8j", b.BVAdd(b.BVMul(i, c(16)), c(8)), b.BVMul(j, c(8)), false},
		{"16i+8 vs 16j+8", b.BVAdd(b.BVMul(i, c(16)), c(8)), b.BVAdd(b.BVMul(j, c(16)), c(8)), false},
		{"i<<4 vs (j<<4)+1", b.BVShl(i, c(4)), b.BVAdd(b.BVShl(j, c(4)), c(1)), true},
		// 24 = 8·3: only 3 low bits are known, and 24i = 24j+8 has
		// solutions modulo 2^48 (3 is invertible).
		{"24i vs 24j+4", b.BVMul(i, c(24)), b.BVAdd(b.BVMul(j, c(24)), c(4)), true},
		{"24i vs 24j+8", b.BVMul(i, c(24)), b.BVAdd(b.BVMul(j, c(24)), c(8)), false},
		{"i vs 3", i, c(3), false},
		{"2 vs 3", c(2), c(3), true},
		{"ite(16i, 16j) vs 16k+4", b.Ite(b.Var("p", smt.BoolSort()), b.BVMul(i, c(16)), b.BVMul(j, c(16))), b.BVAdd(b.BVMul(b.Var("k", smt.BVSort(48)), c(16)), c(4)), true},
		{"16i - 8 vs 16j", b.BVSub(b.BVMul(i, c(16)), c(8)), b.BVMul(j, c(16)), true},
	} {
		if got := disjoint(x.lowBitsOf(tc.a), x.lowBitsOf(tc.b)); got != tc.disjoint {
			t.Errorf("%s: disjoint = %v, want %v (%+v, %+v)", tc.name, got, tc.disjoint, x.lowBitsOf(tc.a), x.lowBitsOf(tc.b))
		}
	}
}

// TestPointeesThroughBytes: a pointer stored byte by byte into an array
// of 16-byte tagged unions (1-byte cells) at a symbolic index, next to
// type bytes and character members at other symbolic indices, and read
// back at another, still names only its object (and NULL, the array's
// initial contents); garbage bytes name no object; a value nothing is
// known of names any.
func TestPointeesThroughBytes(t *testing.T) {
	b := smt.NewBuilder()
	p := &ir.Program{DataModel: ir.LP64}
	x := newExecutor(context.Background(), p, b, Options{Unwind: 1})
	arr := x.newObject("compiled", b.BVUint(x.offW, 480), false, 1)
	buf := x.newObject("classes", b.BVUint(x.offW, 40), false, 1)
	other := x.newObject("other", b.BVUint(x.offW, 8), false, 1)
	_ = other
	off := func(v *smt.Term, k uint64) *smt.Term {
		return b.BVAdd(b.BVMul(v, b.BVUint(x.offW, 16)), b.BVUint(x.offW, k))
	}
	i := b.Var("i", smt.BVSort(x.offW))
	j := b.Var("j", smt.BVSort(x.offW))
	k := b.Var("k", smt.BVSort(x.offW))
	mem := x.zeroArray(arr)
	mem = x.storeObj(mem, 1, off(j, 0), b.Var("type", smt.BVSort(8)), 1)
	mem = x.storeObj(mem, 1, off(k, 8), b.Var("ch", smt.BVSort(8)), 1)
	mem = x.storeObj(mem, 1, off(j, 8), x.objPtr(buf, b.Var("begin", smt.BVSort(x.offW))), 8)
	ptr := x.loadObj(mem, 1, off(i, 8), 8)
	ids, precise := x.pointees(ptr)
	if !precise || !slices.Equal(ids, []int{buf}) {
		t.Errorf("pointer read back: pointees %v precise %v, want [%d] precise", ids, precise, buf)
	}

	garbage := x.markGarbage(b.Var("contents", smt.ArraySort(smt.BVSort(x.offW), smt.BVSort(8))))
	ptr = x.loadObj(garbage, 1, off(i, 8), 8)
	if ids, precise := x.pointees(ptr); !precise || len(ids) != 0 {
		t.Errorf("garbage pointer: pointees %v precise %v, want none, precise", ids, precise)
	}

	opaque := b.Var("havocked", smt.ArraySort(smt.BVSort(x.offW), smt.BVSort(8)))
	ptr = x.loadObj(opaque, 1, off(i, 8), 8)
	if ids, precise := x.pointees(ptr); precise || len(ids) != 3 {
		t.Errorf("havocked pointer: pointees %v precise %v, want all 3, not precise", ids, precise)
	}
}

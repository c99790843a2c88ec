package symex

import (
	"context"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/smt"
)

func TestCellFor(t *testing.T) {
	std := ir.StdTypes(ir.LP64)
	pair := &ir.StructType{Name: "struct p", Fields: []ir.Member{{Name: "a", Type: std.Int}, {Name: "b", Type: std.Int, Offset: 4}}, Bytes: 8, Alignment: 4}
	mixed := &ir.StructType{Name: "struct m", Fields: []ir.Member{{Name: "a", Type: std.Int}, {Name: "c", Type: std.Char, Offset: 4}}, Bytes: 8, Alignment: 4}
	for _, tc := range []struct {
		t    ir.Type
		want int
	}{
		{std.Int, 4}, {std.Char, 1}, {std.Double, 8}, {std.Short, 2},
		{&ir.ArrayType{Elem: std.Int, Len: 100}, 4},
		{&ir.ArrayType{Elem: std.LongLong, Len: 3}, 8},
		{pair, 4}, {mixed, 1},
		{&ir.ArrayType{Elem: pair, Len: 10}, 4},
	} {
		if got := cellFor(tc.t); got != tc.want {
			t.Errorf("cellFor(%s) = %d, want %d", tc.t, got, tc.want)
		}
	}
}

func TestAligned(t *testing.T) {
	b := smt.NewBuilder()
	i := b.Var("i", smt.BVSort(32))
	four := b.BVUint(32, 4)
	for _, tc := range []struct {
		off  *smt.Term
		c    int64
		want bool
	}{
		{b.BVUint(32, 8), 4, true},
		{b.BVUint(32, 6), 4, false},
		{b.BVMul(i, four), 4, true},
		{b.BVAdd(b.BVMul(i, four), b.BVUint(32, 8)), 4, true},
		{b.BVAdd(b.BVMul(i, four), b.BVUint(32, 2)), 4, false},
		{b.BVAdd(b.BVMul(i, four), b.BVUint(32, 2)), 2, true},
		{i, 4, false},
		{i, 1, true},
	} {
		if got := aligned(tc.off, tc.c); got != tc.want {
			t.Errorf("aligned(%s, %d) = %v, want %v", tc.off, tc.c, got, tc.want)
		}
	}
}

// TestConstantLoopUnrollsFree: a loop with a constant trip count unrolls
// completely at bound 1, leaving no unwinding check.
func TestConstantLoopUnrollsFree(t *testing.T) {
	p := cfronttest.Load(t, "void reach_error(void);\nint main(void) { int s = 0; for (int i = 0; i < 500; i++) s += i; if (s != 124750) reach_error(); return 0; }\n", ir.ILP32)
	eq, err := Run(context.Background(), p, smt.NewBuilder(), Options{Unwind: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(eq.Props(ir.PropUnwinding)) != 0 || eq.Unwound {
		t.Fatalf("constant loop left unwinding checks")
	}
	real := eq.RealProps()
	if len(real) != 1 || !real[0].Violation.IsFalse() {
		t.Fatalf("the assertion should fold to never violated, got %v", real)
	}
}

// TestSymbolicLoopCounts: a loop whose trip count is an input is cut at
// the bound with an unwinding check.
func TestSymbolicLoopCounts(t *testing.T) {
	p := cfronttest.Load(t, "extern int __VERIFIER_nondet_int(void);\nint main(void) { int n = __VERIFIER_nondet_int(), s = 0; for (int i = 0; i < n; i++) s++; return s; }\n", ir.ILP32)
	eq, err := Run(context.Background(), p, smt.NewBuilder(), Options{Unwind: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(eq.Props(ir.PropUnwinding)) != 1 || !eq.Unwound {
		t.Fatalf("want one unwinding check, got %d", len(eq.Props(ir.PropUnwinding)))
	}
	if len(eq.Inputs) != 1 || eq.Inputs[0].Why != "__VERIFIER_nondet_int" {
		t.Fatalf("inputs: %+v", eq.Inputs)
	}
}

// TestSymbolicDoWhileCounts: a do-while whose condition is an input
// leaves the loop at every jump back with the guard unchanged; when its
// body writes memory those iterations count against the bound (sds's
// sdsll2str, do { *p++ = …; v /= 10; } while (v), unrolled 16 times at
// bound 1 before); when it only computes in registers they stay free
// (symex.go, registerLoop).
func TestSymbolicDoWhileCounts(t *testing.T) {
	p := cfronttest.Load(t, "extern unsigned long long __VERIFIER_nondet_ulonglong(void);\nint main(void) { char buf[20]; char *p = buf; unsigned long long v = __VERIFIER_nondet_ulonglong(); do { *p++ = '0' + v % 16; v >>= 4; } while (v); return p - buf; }\n", ir.LP64)
	for _, k := range []int{1, 2, 3} {
		eq, err := Run(context.Background(), p, smt.NewBuilder(), Options{Unwind: k})
		if err != nil {
			t.Fatal(err)
		}
		if len(eq.Props(ir.PropUnwinding)) != 1 || !eq.Unwound {
			t.Fatalf("k=%d: want one unwinding check, got %d", k, len(eq.Props(ir.PropUnwinding)))
		}
		// The body is five steps or so; 16 iterations of it are 80.
		if eq.Steps > 15+8*k {
			t.Errorf("k=%d: %d steps: the loop unrolled past its bound", k, eq.Steps)
		}
	}
}

// TestUnsupportedIsACheck: an unsupported construct is a reachability
// check, not an error.
func TestUnsupportedIsACheck(t *testing.T) {
	// A call through a pointer that no address-taken function fits.
	p := cfronttest.Load(t, "int g(int x) { return x; }\nint main(void) { double (*f)(double) = (double (*)(double))g; return f(1); }\n", ir.ILP32)
	eq, err := Run(context.Background(), p, smt.NewBuilder(), Options{Unwind: 1})
	if err != nil {
		t.Fatal(err)
	}
	uns := eq.Props(ir.PropUnsupported)
	if len(uns) != 1 || !uns[0].Violation.IsTrue() {
		t.Fatalf("want one always-reached unsupported check, got %+v", uns)
	}
}

// TestFuncPointerDispatch: a pointer that holds a known function makes
// the dispatch's failure check false by simplification alone, and a NULL
// one makes it true.
func TestFuncPointerDispatch(t *testing.T) {
	for src, want := range map[string]bool{
		"int g(int x) { return x; }\nint h(int x) { return -x; }\nint main(void) { int (*f)(int) = g; return f(1) + h(2); }\n": false,
		"int g(int x) { return x; }\nint (*f)(int), (*k)(int) = g;\nint main(void) { return f(1) + k(1); }\n":                  true,
	} {
		p := cfronttest.Load(t, src, ir.ILP32)
		eq, err := Run(context.Background(), p, smt.NewBuilder(), Options{Unwind: 1})
		if err != nil {
			t.Fatal(err)
		}
		fp := eq.Props(ir.PropFuncPointer)
		if len(fp) == 0 {
			t.Fatalf("%s: no function-pointer check", src)
		}
		// The first call is the one through f.
		if got := fp[0].Violation.IsTrue(); got != want || (!want && !fp[0].Violation.IsFalse()) {
			t.Errorf("%s: violation %v, want constant %v", src, fp[0].Violation, want)
		}
	}
}

func TestCancel(t *testing.T) {
	p := cfronttest.Load(t, "extern int __VERIFIER_nondet_int(void);\nint main(void) { int n = __VERIFIER_nondet_int(), s = 0; while (s < n) s += __VERIFIER_nondet_int(); return s; }\n", ir.ILP32)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, p, smt.NewBuilder(), Options{Unwind: 100000}); err == nil {
		t.Fatal("a canceled run returned no error")
	}
}

// TestInductionRefusesUnsafeLoops: loops entered in the middle or nested
// in another loop are not candidates for the inductive step.
func TestInductionRefusesUnsafeLoops(t *testing.T) {
	for name, src := range map[string]string{
		"goto into the middle": "extern int __VERIFIER_nondet_int(void);\nint main(void) { int x = 0; if (__VERIFIER_nondet_int()) goto mid; while (x < 10) { x++; mid: x += 2; } return x; }\n",
		"re-entered by a goto": "extern int __VERIFIER_nondet_int(void);\nint main(void) { int x = 0; again: while (x < 10) x++; if (__VERIFIER_nondet_int()) { x = 0; goto again; } return x; }\n",
	} {
		p := cfronttest.Load(t, src, ir.ILP32)
		main := p.Func("main")
		// The while loop: the one with the latest head (a goto loop around
		// it starts earlier).
		var loop *ir.Loop
		for _, l := range main.Loops {
			if loop == nil || l.Head > loop.Head {
				loop = l
			}
		}
		if loop == nil {
			t.Fatalf("%s: no loop found", name)
		}
		_, err := Run(context.Background(), p, smt.NewBuilder(), Options{Unwind: 2, Induction: &Induction{Loop: loop}})
		if err == nil {
			t.Errorf("%s: the inductive step accepted the loop", name)
		}
	}
}

package invariant

import (
	"context"
	"math/big"
	"math/rand"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/interval"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/ir/interp"
	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/smt/z3"
	"github.com/prbmc/prbmc/verifier/symex"
)

// arrayPre declares the checker the concrete runs call at a loop head in
// place of its skip: it fails when a fact is false at that arrival.
const arrayPre = algebraPre + `void *malloc(unsigned long);
void __chk(int *a, int *s, long long lo, long long hi, int c, int src) {
	for (long long j = lo; j < hi; j++) { if (a[j] != (src ? s[j] : c)) reach_error(); }
}
`

func arraySolver(logic string) (smt.Solver, error) { return z3.New(z3.Options{Logic: logic}) }

// arrayTests are programs whose array facts must be proved (want, per
// loop, as String writes them).
var arrayTests = []struct {
	name, body string
	want       [][]string
}{
	{"fill then check (mcmillan)", `int main(void) { int n = __VERIFIER_nondet_int(); if (n < 0 || n > 20) return 0;
		int *x = malloc(n * sizeof(int)); int i;
		for (i = 0; i < n; i++) x[i] = 0;
		for (i = 0; i < n; i++) assert(x[i] == 0); return 0; }`,
		[][]string{{"forall j. 0 <= j < i -> x[j] == 0"}, {"forall j. 0 <= j < n -> x[j] == 0"}}},
	{"copy chain", `int main(void) { int a1[8], a2[8], a3[8]; int a, i, x;
		for (a = 0; a < 8; a++) a1[a] = __VERIFIER_nondet_int();
		for (i = 0; i < 8; i++) a2[i] = a1[i];
		for (i = 0; i < 8; i++) a3[i] = a2[i];
		for (x = 0; x < 8; x++) assert(a1[x] == a3[x]); return 0; }`,
		[][]string{nil, {"forall j. 0 <= j < i -> a2[j] == a1[j]"},
			{"forall j. 0 <= j < i -> a3[j] == a2[j]", "forall j. 0 <= j < 8 -> a2[j] == a1[j]"},
			{"forall j. 0 <= j < 8 -> a3[j] == a2[j]", "forall j. 0 <= j < 8 -> a2[j] == a1[j]"}}},
	{"fill from a nondet start", `int main(void) { int a[16]; int k = __VERIFIER_nondet_int(); if (k < 0 || k > 16) return 0;
		for (int i = k; i < 16; i++) a[i] = 7;
		return a[15]; }`, [][]string{{"forall j. k <= j < i -> a[j] == 7"}}},
}

// TestArrayInvariants: the facts the loops need are proved, and every
// proved fact holds at every arrival at its head on concrete runs.
func TestArrayInvariants(t *testing.T) {
	for _, tc := range arrayTests {
		t.Run(tc.name, func(t *testing.T) {
			p := cfronttest.LoadProgram(t, arrayPre+tc.body, ir.ILP32).IR
			got := proveAllArrays(t, p)
			for li, ws := range tc.want {
				var have []string
				for _, a := range got[li] {
					have = append(have, a.String())
				}
				for _, w := range ws {
					if !strings.Contains(strings.Join(have, "; "), w) {
						t.Errorf("loop %d: %q not proved; proved %q", li, w, have)
					}
				}
			}
			checkArraysOnRuns(t, p, got, true)
		})
	}
}

// TestArrayNotInvariant: tempting facts that fail on some run are not
// proved (the runs show that they do fail, so the test is not vacuous).
func TestArrayNotInvariant(t *testing.T) {
	x := func(lo, hi symex.Limit) func(p *ir.Program) ArrayInv {
		return func(p *ir.Program) ArrayInv {
			f := p.Func("main")
			return ArrayInv{F: symex.ArrayFact{Base: localVar(f, "x"), Elem: intType(f), Lo: lo, Hi: hi, Const: big.NewInt(0)}}
		}
	}
	upToI := func(p *ir.Program) ArrayInv {
		return x(symex.Limit{}, symex.Limit{V: localVar(p.Func("main"), "i")})(p)
	}
	upToN := func(p *ir.Program) ArrayInv {
		return x(symex.Limit{}, symex.Limit{V: localVar(p.Func("main"), "n")})(p)
	}
	pre := `int main(void) { int n = __VERIFIER_nondet_int(); if (n < 0 || n > 20) return 0;
		int *x = malloc((n + 2) * sizeof(int)); int *y = malloc((n + 2) * sizeof(int)); int i;`
	for _, tc := range []struct {
		name, body string
		loop       int
		cand       func(*ir.Program) ArrayInv // beside the generated ones
	}{
		{"writes x[i+1]", pre + `for (i = 0; i < n; i++) x[i + 1] = 0; return 0; }`, 0, upToI},
		{"writes 1 on one branch", pre + `for (i = 0; i < n; i++) { if (__VERIFIER_nondet_int()) x[i] = 1; else x[i] = 0; } return 0; }`, 0, upToI},
		{"pointer reassigned in the loop", pre + `for (i = 0; i < n; i++) { x[i] = 0; if (__VERIFIER_nondet_int()) x = y; } return 0; }`, 0, upToI},
		{"pointer reassigned between the loops", pre + `for (i = 0; i < n; i++) x[i] = 0; x = y;
			for (i = 0; i < n; i++) __VERIFIER_assume(i >= 0); return 0; }`, 1, upToN},
		{"steps by 2", pre + `for (i = 0; i < n; i += 2) x[i] = 0; return 0; }`, 0, upToI},
		{"bound off by one", pre + `for (i = 0; i < n - 1; i++) x[i] = 0;
			for (i = 0; i < n; i++) __VERIFIER_assume(i >= 0); return 0; }`, 1, upToN},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := cfronttest.LoadProgram(t, arrayPre+tc.body, ir.ILP32).IR
			cand := tc.cand(p)
			extra := map[int][]ArrayInv{tc.loop: {cand}}
			got := proveAllArrays(t, p, extra)
			for _, a := range got[tc.loop] {
				if a.String() == cand.String() {
					t.Errorf("proved %s", a)
				}
			}
			// Whatever was proved holds on runs, and the candidate fails
			// on one.
			checkArraysOnRuns(t, p, got, true)
			bad := make([][]ArrayInv, len(got))
			bad[tc.loop] = []ArrayInv{cand}
			checkArraysOnRuns(t, p, bad, false)
		})
	}
}

func localVar(f *ir.Function, name string) *ir.Var {
	for _, v := range f.Locals {
		if v.Source == name {
			return v
		}
	}
	return nil
}

func intType(f *ir.Function) *ir.IntType {
	return localVar(f, "n").Type.(*ir.IntType)
}

// proveAllArrays proves the array facts of main's top-level loops in
// order, each with the facts of the loop before, and extra candidates
// per loop.
func proveAllArrays(t *testing.T, p *ir.Program, extra ...map[int][]ArrayInv) [][]ArrayInv {
	t.Helper()
	entry := p.Func("main")
	res, _ := interval.Analyze(context.Background(), p, entry)
	loops := TopLoops(entry, res)
	var out [][]ArrayInv
	var prevInv []Invariant
	for i := range loops {
		h := &houdini{ctx: context.Background(), p: p, entry: entry, loop: loops[i], solver: arraySolver, prevFirst: true}
		if i > 0 {
			h.prev, h.prevInv = &loops[i-1], prevInv
		}
		var ex []ArrayInv
		if len(extra) > 0 {
			ex = extra[0][i]
		}
		got, err := h.proveArrays(ex...)
		if err != nil {
			t.Logf("loop %d: %v", i, err)
		}
		var as []ArrayInv
		for _, g := range got {
			as = append(as, g.(ArrayInv))
		}
		t.Logf("loop %d: %v", i, as)
		out = append(out, as)
		prevInv = got
	}
	return out
}

// checkArraysOnRuns puts a call of __chk for a fact at its loop's head
// and runs the program on 300 random inputs, one fact per head at a time:
// with hold, no run may fail a fact (nor an assertion); without, some
// run must.
func checkArraysOnRuns(t *testing.T, p *ir.Program, facts [][]ArrayInv, hold bool) {
	t.Helper()
	f := p.Func("main")
	chk := p.Func("__chk")
	loops := TopLoops(f, nil)
	for k := 0; ; k++ {
		saved := map[int]ir.Instr{}
		for li, as := range facts {
			if k >= len(as) {
				continue
			}
			pc := loops[li].Loop.Head
			head := f.Body[pc]
			if _, ok := head.(*ir.Skip); !ok {
				t.Fatalf("the loop head is a %T, not a skip to replace", head)
			}
			saved[pc] = head
			f.Body[pc] = chkCall(chk, as[k].F, head.Pos())
		}
		if len(saved) == 0 {
			return
		}
		failed := runsFail(t, p, hold)
		for pc, in := range saved {
			f.Body[pc] = in
		}
		if !hold {
			if !failed {
				t.Fatalf("no run refutes %v: the test shows nothing", facts)
			}
			return
		}
	}
}

// runsFail runs p on 300 random inputs and reports whether one fails an
// assertion; with hold that is an error.
func runsFail(t *testing.T, p *ir.Program, hold bool) bool {
	t.Helper()
	r := rand.New(rand.NewSource(3))
	for i := 0; i < 300; i++ {
		res, err := interp.Run(context.Background(), p, "main", interp.Options{Inputs: arrayInputs{r}, MaxSteps: 200_000})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status == interp.AssertFailed {
			if hold {
				t.Fatalf("run %d fails %s at %s (inputs %v)", i, res.Prop.Text, res.Pos, res.Inputs)
			}
			return true
		}
	}
	return false
}

// chkCall checks f at one arrival, one fact per head (a call replaces the
// head's skip).
func chkCall(chk *ir.Function, f symex.ArrayFact, pos ir.Pos) ir.Instr {
	ptr := chk.Params[0].Type
	ll := chk.Params[2].Type.(*ir.IntType)
	it := chk.Params[4].Type.(*ir.IntType)
	base := func(v *ir.Var) ir.Expr {
		if _, ok := v.Type.(*ir.ArrayType); ok {
			return &ir.AddrOf{X: &ir.Index{X: &ir.VarRef{V: v}, I: &ir.Const{T: it}}, T: ptr.(*ir.PointerType)}
		}
		return &ir.VarRef{V: v}
	}
	limit := func(l symex.Limit) ir.Expr {
		c := &ir.Const{T: ll, Bits: uint64(l.C)}
		if l.V == nil {
			return c
		}
		return &ir.Binary{Op: ir.Add, X: &ir.Cast{X: &ir.VarRef{V: l.V}, T: ll}, Y: c, T: ll}
	}
	src, useSrc, k := base(f.Base), uint64(0), uint64(0)
	if f.Src != nil {
		src, useSrc = base(f.Src), 1
	} else {
		k = f.Const.Uint64() // two's complement bits of an int64
		if f.Const.Sign() < 0 {
			k = uint64(f.Const.Int64())
		}
	}
	args := []ir.Expr{base(f.Base), src, limit(f.Lo), limit(f.Hi), &ir.Const{T: it, Bits: k & 0xffffffff}, &ir.Const{T: it, Bits: useSrc}}
	return &ir.Call{At: ir.At{P: pos}, Fn: chk, Args: args}
}

// arrayInputs are numbers in [-2, 22]: array sizes the runs can afford,
// and every branch of the tests taken.
type arrayInputs struct{ r *rand.Rand }

func (s arrayInputs) Next(t ir.Type, why string, pos ir.Pos) ([]byte, error) {
	b := make([]byte, t.Size())
	v := uint64(s.r.Int63n(25) - 2)
	for i := range b {
		b[i] = byte(v >> (8 * uint(i)))
	}
	return b, nil
}

package invariant

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/interval"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/ir/interp"
	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/smt/z3"
)

func z3Solver(logic string) (smt.Solver, error) { return z3.New(z3.Options{Logic: logic}) }

const disjPre = "int __VERIFIER_nondet_int(void);\nvoid reach_error(void);\n"

// half is loop-new/half.i's loop; flagged is loop-lit/ddlm2013.i's.
const (
	half = `int main(void) { int i = 0, n = 0, k = __VERIFIER_nondet_int();
		if (!(k <= 1000000 && k >= -1000000)) return 0;
		for (i = 0; i < 2*k; i++) { if (i % 2 == 0) n++; }
		if (!(k < 0 || n == k)) reach_error(); return 0; }`
	flagged = `int main(void) { unsigned i, j, a, b; int flag = __VERIFIER_nondet_int();
		a = 0; b = 0; j = 1;
		if (flag) i = 0; else i = 1;
		while (__VERIFIER_nondet_int()) { a++; b += (j - i); i += 2; if (i%2 == 0) j += 2; else j++; }
		if (flag) { if (a != b) reach_error(); }
		return 0; }`
)

// generated runs the generator on main of src through its sampled round
// (2) and returns the loop, what it proved there and the program.
func generated(t *testing.T, src string) (*ir.Program, *ir.Loop, []Invariant) {
	t.Helper()
	p := cfronttest.LoadProgram(t, disjPre+src, ir.ILP32).IR
	entry := p.Func("main")
	res, _ := interval.Analyze(context.Background(), p, entry)
	loops := TopLoops(entry, res)
	if len(loops) != 1 {
		t.Fatalf("%d loops", len(loops))
	}
	ctx, cancel := context.WithCancel(context.Background())
	g := Start(ctx, p, entry, loops, z3Solver)
	defer func() { cancel(); g.Wait() }()
	start := time.Now()
	r := g.WaitRound(ctx, 2)
	invs := g.Through(loops[0].Loop, r)
	t.Logf("rounds 1 to %d in %s: %v; notes %v", r, time.Since(start), invs, g.Notes())
	return p, loops[0].Loop, invs
}

// TestSampledHoudini: the sampled round proves what half.i and
// ddlm2013.i need (a bound whose constant is no entry value, and
// equalities that hold only when flag != 0), and every invariant it
// proves holds on concrete runs with other inputs.
func TestSampledHoudini(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"half", half, []string{"i - 2*n >= -1", "k < 0 || i - 2*k <= 0"}},
		{"flag", flagged, []string{"flag == 0 || a - b == 0", "flag == 0 || j - i == 1", "flag == 0 || (i & 0x1) == 0x0"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, l, invs := generated(t, tc.src)
			var got []string
			for _, iv := range invs {
				got = append(got, iv.String())
			}
			for _, w := range tc.want {
				if !strings.Contains(strings.Join(got, "; "), w) {
					t.Errorf("invariants %q lack %q", got, w)
				}
			}
			checkInvariantsOnRuns(t, p, l, invs)
		})
	}
}

// TestSampledTempting: candidates true on the original loops but not on
// a changed one are refuted (2n - i <= 1 with n += 2; flag != 0 → a == b
// where flag starts 0 and is set only after an iteration), and a
// variable the loop writes is no guard.
func TestSampledTempting(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		tempt     func(vars map[string]*ir.Var) []Invariant
	}{
		{"half, n += 2", strings.Replace(half, "n++", "n += 2", 1), func(v map[string]*ir.Var) []Invariant {
			return []Invariant{
				Pred{Vars: []*ir.Var{v["i"], v["n"]}, Coefs: []int64{-1, 2}, Op: Le, C: big.NewInt(1)},
				Guarded{G: Atom{V: v["k"], Rel: RelGe, C: new(big.Int)}, P: Pred{Vars: []*ir.Var{v["i"], v["n"]}, Coefs: []int64{-1, 2}, Op: Le, C: big.NewInt(1)}},
			}
		}},
		// flag starts 0 about every other run, and i is then odd.
		{"flag written", strings.NewReplacer("a++;", "a++; flag = !flag;", "flag = __VERIFIER_nondet_int()", "flag = __VERIFIER_nondet_int() % 2").Replace(flagged), func(v map[string]*ir.Var) []Invariant {
			return []Invariant{
				Guarded{G: Atom{V: v["flag"], Rel: RelNe, C: new(big.Int)}, P: Pred{Vars: []*ir.Var{v["a"], v["b"]}, Coefs: []int64{1, -1}, Op: Eq, C: new(big.Int)}},
				Guarded{G: Atom{V: v["flag"], Rel: RelNe, C: new(big.Int)}, P: parity(v["i"], false)},
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, l, invs := generated(t, tc.src)
			checkInvariantsOnRuns(t, p, l, invs)
			vars := map[string]*ir.Var{}
			for _, v := range p.Func("main").Locals {
				vars[v.Source] = v
			}
			g := &Generator{p: p, entry: p.Func("main"), loops: []Loop{{Loop: l}}, solver: z3Solver, known: map[*ir.Loop][]Invariant{}, round: map[*ir.Loop][]int{}, upd: make(chan struct{})}
			h, err := g.houdiniFor(context.Background(), l, 1, false)
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range h.guardAtoms(h.written()) {
				if a.V == vars["flag"] && h.written()[a.V] {
					t.Errorf("guard %s over a variable the loop writes", a)
				}
			}
			for _, c := range g.sampled(context.Background())[l].eqs {
				if gd, ok := c.(Guarded); ok && h.written()[gd.G.V] {
					t.Errorf("candidate %s guarded by a variable the loop writes", c)
				}
			}
			b := smt.NewBuilder()
			h1, err := h.entryState(b)
			if err != nil {
				t.Fatal(err)
			}
			tempt := tc.tempt(vars)
			proved, _, err := h.prove(b, h1, tempt)
			if err != nil {
				t.Fatal(err)
			}
			if len(proved) > 0 {
				t.Errorf("proved %v, which concrete runs refute", proved)
			}
			// The candidates are tempting: no refutation is at the entry.
			failing := 0
			for _, c := range tempt {
				if failsOnRuns(t, p, l, c) {
					failing++
				}
			}
			if failing != len(tempt) {
				t.Errorf("only %d of %v fail on concrete runs: the test shows nothing", failing, tempt)
			}
		})
	}
}

// holds evaluates iv on the values of a head state (each variable in its
// signedness); ok is false for a kind it does not know or a value that
// is missing.
func holds(iv Invariant, val map[*ir.Var]*big.Int) (yes, ok bool) {
	switch iv := iv.(type) {
	case Pred:
		s := new(big.Int)
		for i, v := range iv.Vars {
			x, ok := val[v]
			if !ok {
				return false, false
			}
			s.Add(s, new(big.Int).Mul(big.NewInt(iv.Coefs[i]), x))
		}
		if iv.Op == Eq {
			return s.Cmp(iv.C) == 0, true
		}
		return s.Cmp(iv.C) <= 0, true
	case Clause:
		all := true
		for _, l := range iv.cube {
			x, ok := val[l.v]
			if !ok {
				return false, false
			}
			all = all && l.holds(x)
		}
		return !all, true
	case Guarded:
		x, ok := val[iv.G.V]
		if !ok {
			return false, false
		}
		if !iv.G.holds(x) {
			return true, true
		}
		return holds(iv.P, val)
	}
	return false, false
}

// headRuns runs main 300 times on wide inputs ([-1000, 1000]: loops
// longer than the sampler's) and calls at with each state at l's head.
func headRuns(t testing.TB, p *ir.Program, l *ir.Loop, at func(val map[*ir.Var]*big.Int) bool) {
	f := p.Func("main")
	r := rand.New(rand.NewSource(7))
	for run := 0; run < 300; run++ {
		stop := false
		_, err := interp.Run(context.Background(), p, "main", interp.Options{Inputs: wideInputs{r}, MaxSteps: 100_000,
			ObserveFunc: f, ObservePCs: []int{l.Head}, Observe: func(pc int, value func(*ir.Var) (uint64, bool)) {
				if stop {
					return
				}
				val := map[*ir.Var]*big.Int{}
				for _, v := range f.Locals {
					it, ok := v.Type.(*ir.IntType)
					bits, known := value(v)
					if !ok || !known || it.Bits > 64 {
						continue
					}
					x := new(big.Int).SetUint64(bits & it.Mask())
					if it.Signed && x.Bit(it.Bits-1) == 1 {
						x.Sub(x, new(big.Int).Lsh(big.NewInt(1), uint(it.Bits)))
					}
					val[v] = x
				}
				stop = !at(val)
			}})
		if err != nil {
			t.Fatal(err)
		}
		if stop {
			return
		}
	}
}

// checkInvariantsOnRuns asserts each proved invariant at every head state
// of headRuns.
func checkInvariantsOnRuns(t *testing.T, p *ir.Program, l *ir.Loop, invs []Invariant) {
	t.Helper()
	checked := 0
	headRuns(t, p, l, func(val map[*ir.Var]*big.Int) bool {
		for _, iv := range invs {
			yes, ok := holds(iv, val)
			if ok && !yes {
				t.Errorf("%s fails at a head state %v", iv, fmtVals(val))
				return false
			}
			if ok {
				checked++
			}
		}
		return true
	})
	if checked == 0 {
		t.Errorf("no invariant of %v checked", invs)
	}
}

// failsOnRuns reports whether some head state of headRuns refutes iv.
func failsOnRuns(t *testing.T, p *ir.Program, l *ir.Loop, iv Invariant) bool {
	failed := false
	headRuns(t, p, l, func(val map[*ir.Var]*big.Int) bool {
		yes, ok := holds(iv, val)
		failed = ok && !yes
		return !failed
	})
	return failed
}

func fmtVals(val map[*ir.Var]*big.Int) string {
	var parts []string
	for v, x := range val {
		parts = append(parts, fmt.Sprintf("%s=%s", v.Source, x))
	}
	return strings.Join(parts, " ")
}

// TestGuardedForms: a Guarded invariant reads as the disjunction C would
// write, in C with the guard's own type, and Subsumed drops only what a
// reader sees implied: a bound beside the equality under the same guard
// (or none), a guarded fact beside the same fact unguarded.
func TestGuardedForms(t *testing.T) {
	intT := &ir.IntType{Kind: ir.Int, Bits: 32, Signed: true}
	uintT := &ir.IntType{Kind: ir.Int, Bits: 32}
	i := &ir.Var{Name: "i", Source: "i", Type: intT, Kind: ir.Local}
	k := &ir.Var{Name: "k", Source: "k", Type: intT, Kind: ir.Local}
	u := &ir.Var{Name: "u", Source: "u", Type: uintT, Kind: ir.Local}
	le := Pred{Vars: []*ir.Var{i, k}, Coefs: []int64{1, -2}, Op: Le, C: new(big.Int)}
	eq := Pred{Vars: []*ir.Var{i, k}, Coefs: []int64{1, -2}, Op: Eq, C: new(big.Int)}
	kge := Atom{V: k, Rel: RelGe, C: new(big.Int)}
	g := Guarded{G: kge, P: le}
	if s, want := g.String(), "k < 0 || i - 2*k <= 0"; s != want {
		t.Errorf("String %q, want %q", s, want)
	}
	if s, want := g.CExpr(), "(k < 0) || ((long long)i - 2 * (long long)k <= 0LL)"; s != want {
		t.Errorf("CExpr %q, want %q", s, want)
	}
	if s, want := (Guarded{G: Atom{V: u, Rel: RelGt, C: big.NewInt(7)}, P: parity(i, false)}).CExpr(), "(u <= 7u) || ((i & 0x1) == 0x0)"; s != want {
		t.Errorf("CExpr %q, want %q", s, want)
	}
	for _, tc := range []struct {
		p    Invariant
		ps   []Invariant
		want bool
	}{
		{g, []Invariant{g, Guarded{G: kge, P: eq}}, true},
		{g, []Invariant{g, eq}, true},
		{g, []Invariant{g, le}, true},
		{g, []Invariant{g, Guarded{G: kge.Not(), P: eq}}, false},
		{le, []Invariant{le, Guarded{G: kge, P: eq}}, false},
		{Guarded{G: kge, P: eq}, []Invariant{Guarded{G: kge, P: eq}, le}, false},
	} {
		if got := Subsumed(tc.p, tc.ps); got != tc.want {
			t.Errorf("Subsumed(%s, %v) = %v", tc.p, tc.ps, got)
		}
	}
	for _, a := range []Atom{kge, {V: k, Rel: RelLt, C: big.NewInt(3)}, {V: k, Rel: RelEq, C: big.NewInt(-1)}, {V: k, Rel: RelLe, C: big.NewInt(2)}} {
		for x := int64(-4); x <= 4; x++ {
			if a.holds(big.NewInt(x)) == a.Not().holds(big.NewInt(x)) {
				t.Errorf("%s and %s agree at %d", a, a.Not(), x)
			}
		}
	}
}

// TestAlgebraicRefusalKeepsProved: when the algebraic prover refuses
// (loop-lit/bhmr2007: a + b == 3n needs i == n at the exit, which no
// equality gives), the invariants it proved before the refusal come with
// the error, for the generator to start from, and hold on concrete runs.
func TestAlgebraicRefusalKeepsProved(t *testing.T) {
	p := cfronttest.LoadProgram(t, algebraPre+`int main(void) { int i = 0, a = 0, b = 0, n = __VERIFIER_nondet_int();
		if (!(n >= 0 && n <= 1000000)) return 0;
		while (i < n) { if (__VERIFIER_nondet_int()) { a = a + 1; b = b + 2; } else { a = a + 2; b = b + 1; } i = i + 1; }
		assert(a + b == 3*n); return 0; }`, ir.ILP32).IR
	f := p.Func("main")
	_, err := ProveAlgebraic(context.Background(), p, f, SampleCandidates(context.Background(), p, f))
	var unproved *UnprovedError
	if !errors.As(err, &unproved) {
		t.Fatalf("err %v, want a refusal", err)
	}
	var got []string
	for _, li := range unproved.Proved {
		for _, iv := range li.Invariants {
			got = append(got, iv.String())
		}
		checkOnWideRuns(t, p, li)
	}
	if !strings.Contains(strings.Join(got, "; "), "3*i - a - b == 0 (mod 2^32)") {
		t.Errorf("proved %q, want 3*i - a - b == 0 (mod 2^32)", got)
	}
}

package invariant

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/ir/interp"
)

// sampledTests need an invariant the program does not write as an
// equality the prover could take as a candidate: without the sampled
// candidates it refuses, with them it proves every assertion.
var sampledTests = []struct {
	name, body string
	want       []string // invariants the proof must have
}{
	// 2x == n(n-1) after the loop is no invariant (it fails at the
	// entry); the one that implies it with i == n is i*i - i - 2x == 0.
	{"sum", `int main(void) { int n = __VERIFIER_nondet_int(); int i = 0, x = 0;
		while (i != n) { x = x + i; i = i + 1; }
		assert(2*x == n*n - n); return 0; }`,
		[]string{"i*i - i - 2*x == 0 (mod 2^32)"}},
	// Cubes with the assertion after the loop only: x == y³ is not
	// inductive alone, it needs the two auxiliary sums, of degree 1 and 2.
	{"cubes", `int main(void) { unsigned n = __VERIFIER_nondet_int(), x = 0, y = 0, z = 1, w = 6;
		while (y < n) { x = x + z; z = z + w; w = w + 6; y = y + 1; }
		assert(x == y*y*y); return 0; }`,
		[]string{"6*y - w + 6 == 0 (mod 2^32)", "3*y*y + 3*y - z + 1 == 0 (mod 2^32)", "y*y*y - x == 0 (mod 2^32)"}},
	// The same in 64 bits, the assertion another cube: x + z is
	// (y+1)³, which follows from x == y³ (needed as such: the
	// relations of lower degree give only 3(y³ - x)).
	{"cubes, 64-bit", `int main(void) { long long n = __VERIFIER_nondet_int(), x = 0, y = 0, z = 1, w = 6;
		while (y != n) { x = x + z; z = z + w; w = w + 6; y = y + 1; }
		assert(x + z == (y+1)*(y+1)*(y+1)); return 0; }`,
		[]string{"6*y - w + 6 == 0 (mod 2^64)", "3*y*y + 3*y - z + 1 == 0 (mod 2^64)", "y*y*y - x == 0 (mod 2^64)"}},
}

// TestSampledInvariants: the sampled candidates decide what the
// program's own equalities do not, the proved invariants hold on
// concrete runs with other inputs than the sampler's, and the sampler
// gives the same candidates every time (verdicts must not vary).
func TestSampledInvariants(t *testing.T) {
	for _, tc := range sampledTests {
		t.Run(tc.name, func(t *testing.T) {
			p := cfronttest.LoadProgram(t, algebraPre+tc.body, ir.LP64).IR
			f := p.Func("main")
			if pf, err := ProveAlgebraic(context.Background(), p, f, nil); err == nil {
				t.Fatalf("proved without samples (%v): the test shows nothing", pf.Loops)
			}
			start := time.Now()
			cands := SampleCandidates(context.Background(), p, f)
			t.Logf("%d candidates in %s: %v", len(cands), time.Since(start), cands)
			if again := SampleCandidates(context.Background(), p, f); fmt.Sprint(again) != fmt.Sprint(cands) {
				t.Errorf("a second sampling gives %v", again)
			}
			pf, err := ProveAlgebraic(context.Background(), p, f, cands)
			if err != nil {
				t.Fatalf("refused with the samples: %v", err)
			}
			var got []string
			for _, li := range pf.Loops {
				for _, iv := range li.Invariants {
					got = append(got, iv.String())
				}
			}
			for _, w := range tc.want {
				if !strings.Contains(strings.Join(got, "; "), w) {
					t.Errorf("invariants %q lack %q", got, w)
				}
			}
			for _, li := range pf.Loops {
				checkOnRuns(t, p, li)
				checkOnWideRuns(t, p, li)
			}
		})
	}
}

// TestSampledNotInductive: relations that hold on every sample but not
// on longer runs are candidates, and the prover refuses them.
func TestSampledNotInductive(t *testing.T) {
	for _, tc := range []struct{ name, body, sampled string }{
		// x == i² until i reaches 30, where x takes one more.
		{"square until 30", `int main(void) { int i = 0, x = 0;
			while (__VERIFIER_nondet_int()) { x = x + 2*i + 1; if (i == 30) x = x + 1; i = i + 1; }
			assert(x == i*i); return 0; }`, "i*i - x == 0 (mod 2^32)"},
		// y stays 0 for the first 40 iterations, which no sample passes.
		{"constant for a while", `int main(void) { unsigned i = 0, y = 0;
			while (__VERIFIER_nondet_int()) { if (i > 40) y = y + i; i = i + 1; }
			assert(y == 0); return 0; }`, "y == 0 (mod 2^32)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := cfronttest.LoadProgram(t, algebraPre+tc.body, ir.LP64).IR
			f := p.Func("main")
			cands := SampleCandidates(context.Background(), p, f)
			if !strings.Contains(fmt.Sprint(cands), tc.sampled) {
				t.Fatalf("candidates %v lack %q: the test shows nothing", cands, tc.sampled)
			}
			if pf, err := ProveAlgebraic(context.Background(), p, f, cands); err == nil {
				t.Fatalf("proved with %v; the assertion can fail", pf.Loops)
			}
		})
	}
}

// TestSampledMutants is TestAlgebraicMutants with the sampled
// candidates: the proved programs and those of sampledTests with one
// piece changed. Samples of a wrong program yield its relations, true
// or not beyond the samples; whenever the prover then proves one, no
// concrete run may fail an assertion or an invariant.
func TestSampledMutants(t *testing.T) {
	type edit struct{ from, to string }
	edits := []edit{
		{"+ 1", "+ 2"}, {"+ 1", "- 1"}, {"2*", "3*"}, {"x + i", "x + i + 1"},
		{"long long", "int"}, {"unsigned", "int"}, {"i != n", "i < n"},
		{"x = y + x", "x = y + x + y"}, {"p - q", "p + q"},
		{"z + w", "z + w + 1"}, {"w + 6", "w + 7"}, {"x + z", "x + z + z"},
		{"y*y*y + x", "y*y + x"}, {"z = 1", "z = 2"}, {"x = 0", "x = 1"},
	}
	var bodies []string
	for _, tc := range algebraTests {
		if tc.want != nil {
			bodies = append(bodies, tc.body)
		}
	}
	for _, tc := range sampledTests {
		bodies = append(bodies, tc.body)
	}
	proved, sampled, tried := 0, 0, 0
	for bi, body := range bodies {
		for _, e := range edits {
			for n := 1; n <= strings.Count(body, e.from) && n <= 3; n++ {
				mut := replaceNth(body, e.from, e.to, n)
				name := fmt.Sprintf("%d/%q->%q#%d", bi, e.from, e.to, n)
				tried++
				prog, err := loadQuiet(algebraPre + mut)
				if err != nil {
					continue
				}
				f := prog.Func("main")
				var unproved *UnprovedError
				if _, err := ProveAlgebraic(context.Background(), prog, f, nil); !errors.As(err, &unproved) {
					continue // proved already, or not a program the prover follows
				}
				cands := SampleCandidates(context.Background(), prog, f)
				if len(cands) == 0 {
					continue
				}
				sampled++
				pf, err := ProveAlgebraic(context.Background(), prog, f, cands)
				if err != nil {
					continue
				}
				proved++
				t.Logf("proved %s: %v", name, pf.Loops)
				if bad := failingRun(prog); bad != "" {
					t.Errorf("%s: proved with %v, but %s", name, pf.Loops, bad)
				}
				for _, li := range pf.Loops {
					checkOnWideRuns(t, prog, li)
				}
			}
		}
	}
	t.Logf("%d mutants, %d sampled, %d proved with samples (each checked on concrete runs)", tried, sampled, proved)
	if sampled == 0 {
		t.Errorf("no mutant was sampled: the test shows nothing")
	}
}

// wideInputs are numbers in [-1000, 1000], loops longer than the
// sampler's and checkOnRuns' inputs give.
type wideInputs struct{ r *rand.Rand }

func (s wideInputs) Next(t ir.Type, why string, pos ir.Pos) ([]byte, error) {
	b := make([]byte, t.Size())
	v := uint64(s.r.Int63n(2001) - 1000)
	for i := range b {
		b[i] = byte(v >> (8 * uint(i)))
	}
	return b, nil
}

// checkOnWideRuns asserts the proved invariants at the head, as
// checkOnRuns does, on 500 runs with larger inputs: the invariants were
// proved modulo 2^w, so they hold after wrapping too.
func checkOnWideRuns(t *testing.T, p *ir.Program, li LoopInvariants) {
	t.Helper()
	f := p.Func("main")
	head := f.Body[li.Loop.Head]
	if _, ok := head.(*ir.Skip); !ok {
		t.Fatalf("the loop head is a %T, not a skip to replace", head)
	}
	intT := &ir.IntType{Kind: ir.Int, Bits: 32, Signed: true}
	var cond ir.Expr
	for _, iv := range li.Invariants {
		q, ok := iv.(PolyInv)
		if !ok {
			continue
		}
		e := irExpr(q, intT)
		if cond == nil {
			cond = e
		} else {
			cond = &ir.Binary{Op: ir.LAnd, X: cond, Y: e, T: intT}
		}
	}
	if cond == nil {
		return
	}
	prop := &ir.Property{ID: "main.invariant", Kind: ir.PropAssertion, Text: "invariants", Pos: head.Pos(), Func: "main"}
	f.Body[li.Loop.Head] = &ir.Assert{At: ir.At{P: head.Pos()}, Cond: cond, Prop: prop}
	defer func() { f.Body[li.Loop.Head] = head }()
	r := rand.New(rand.NewSource(2))
	for i := 0; i < 500; i++ {
		res, err := interp.Run(context.Background(), p, "main", interp.Options{Inputs: wideInputs{r}, MaxSteps: 200_000})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status == interp.AssertFailed && res.Prop == prop {
			t.Fatalf("run %d: %s fails at %s (inputs %v)", i, res.Prop.Text, res.Pos, res.Inputs)
		}
	}
}

// TestSampledTooFew: a loop seen in four states (the program reads no
// input, and runs once) gives no candidates, not x == 0, i == 0 or any
// relation four points happen to satisfy.
func TestSampledTooFew(t *testing.T) {
	p := cfronttest.LoadProgram(t, algebraPre+`int main(void) { int i = 0, x = 0, y = 5;
		while (i < 3) { x = x + i*i; i = i + 1; }
		assert(x == 5); return 0; }`, ir.LP64).IR
	if cands := SampleCandidates(context.Background(), p, p.Func("main")); len(cands) != 0 {
		t.Errorf("candidates %v from four states", cands)
	}
}

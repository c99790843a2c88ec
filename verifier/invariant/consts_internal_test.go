package invariant

import (
	"context"
	"encoding/binary"
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
)

// TestConstBounds: bounds by the program's constants that only what a
// loop reads keeps are proved (the sentinel search of
// loop-acceleration/array_4), and so are the slopes of accumulators of
// narrow values (s - 255*i <= 0 for s += an unsigned char); tempting ones
// that do not hold are not, and every proved invariant holds at the loop
// heads of concrete runs.
func TestConstBounds(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want, not []string // of the last loop
	}{
		{"sentinel", `int main(void) { int A[64]; int i;
			for (i = 0; i < 63; i++) A[i] = __VERIFIER_nondet_int();
			A[63] = 0;
			for (i = 0; A[i] != 0; i++) {}
			return i; }`, []string{"i <= 63"}, []string{"i <= 62", "i <= 61"}},
		{"no sentinel", `int main(void) { int A[64]; int i;
			for (i = 0; i < 64; i++) A[i] = __VERIFIER_nondet_int();
			A[__VERIFIER_nondet_int() & 63] = 0;
			for (i = 0; A[i] != 0; i++) {}
			return i; }`, nil, []string{"i <= 62", "i <= 61"}},
		{"step two", `int main(void) { int i = 0;
			while (__VERIFIER_nondet_int()) { i += 2; if (i >= 10) i = 1; }
			return i; }`, []string{"i <= 9"}, []string{"i <= 3", "i <= 2", "i >= 2"}},
		{"accumulator", `int main(void) { unsigned char n = __VERIFIER_nondet_int(); unsigned s = 0, i = 0;
			while (i < n) { unsigned char v = __VERIFIER_nondet_int(); s += v; i++; }
			return s; }`, []string{"s - 255*i <= 0"}, nil},
		{"accumulator, twice", `int main(void) { unsigned char n = __VERIFIER_nondet_int(); unsigned s = 0, i = 0;
			while (i < n) { unsigned char v = __VERIFIER_nondet_int(); s += v; s += v; i++; }
			return s; }`, nil, []string{"s - 255*i <= 0"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := cfronttest.LoadProgram(t, "int __VERIFIER_nondet_int(void);\n"+tc.src, ir.LP64).IR
			f := p.Func("main")
			res, _ := interval.Analyze(context.Background(), p, f)
			loops := TopLoops(f, res)
			solver := func(logic string) (smt.Solver, error) { return z3.New(z3.Options{Logic: logic}) }
			g := Start(context.Background(), p, f, loops, solver)
			g.Wait()
			last := loops[len(loops)-1].Loop
			var got []string
			for _, iv := range g.Current(last) {
				got = append(got, iv.String())
			}
			t.Logf("proved %v; notes %v", got, g.Notes())
			for _, w := range tc.want {
				if !contains(got, w) {
					t.Errorf("%q not proved", w)
				}
			}
			for _, n := range tc.not {
				if contains(got, n) {
					t.Errorf("%q proved, but it is false", n)
				}
			}
			for _, l := range loops {
				if bad := predFailsOnRuns(t, p, f, l.Loop, g.Current(l.Loop)); bad != "" {
					t.Errorf("the proved invariant %s fails at the head of a concrete run", bad)
				}
			}
			// The check itself sees a false bound.
			for _, v := range f.Locals {
				if v.Source == "i" {
					tooLow := Pred{Vars: []*ir.Var{v}, Coefs: []int64{1}, Op: Le, C: big.NewInt(0)}
					if bad := predFailsOnRuns(t, p, f, last, []Invariant{tooLow}); bad != "i <= 0" {
						t.Errorf("i <= 0 not seen failing on the runs (%q)", bad)
					}
				}
			}
		})
	}
}

func contains(ps []string, p string) bool {
	for _, q := range ps {
		if strings.TrimSpace(q) == p {
			return true
		}
	}
	return false
}

// predFailsOnRuns runs p on 300 random inputs and checks every Pred of
// invs at every arrival at l's head: it returns one that fails there, ""
// if none does.
func predFailsOnRuns(t *testing.T, p *ir.Program, f *ir.Function, l *ir.Loop, invs []Invariant) string {
	t.Helper()
	r := rand.New(rand.NewSource(1))
	visits := 0
	for run := 0; run < 300; run++ {
		var failed string
		res, err := interp.Run(context.Background(), p, "main", interp.Options{
			Inputs: blockInputs{r}, MaxSteps: 100_000, ObserveFunc: f, ObservePCs: []int{l.Head},
			Observe: func(_ int, value func(*ir.Var) (uint64, bool)) {
				visits++
				for _, iv := range invs {
					pr, ok := iv.(Pred)
					if !ok || failed != "" {
						continue
					}
					if holds, known := evalPred(pr, value); known && !holds {
						failed = pr.String()
					}
				}
			}})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status == interp.Fault {
			t.Fatalf("run %d: %s", run, res.Message)
		}
		if failed != "" {
			return failed
		}
	}
	if visits == 0 {
		t.Fatal("no run reached the loop head")
	}
	return ""
}

// evalPred evaluates p over the integers on register values.
func evalPred(p Pred, value func(*ir.Var) (uint64, bool)) (holds, known bool) {
	sum := new(big.Int)
	for i, v := range p.Vars {
		bits, ok := value(v)
		it, isInt := v.Type.(*ir.IntType)
		if !ok || !isInt {
			return false, false
		}
		x := new(big.Int).SetUint64(bits & (1<<it.Bits - 1))
		if it.Bits == 64 {
			x.SetUint64(bits)
		}
		if it.Signed && x.Bit(it.Bits-1) == 1 {
			x.Sub(x, new(big.Int).Lsh(big.NewInt(1), uint(it.Bits)))
		}
		sum.Add(sum, x.Mul(x, big.NewInt(p.Coefs[i])))
	}
	if p.Op == Eq {
		return sum.Cmp(p.C) == 0, true
	}
	return sum.Cmp(p.C) <= 0, true
}

// blockInputs are smallInputs for values of any size: an uninitialised
// array gets a small number in each of its 4-byte words.
type blockInputs struct{ r *rand.Rand }

func (s blockInputs) Next(t ir.Type, why string, pos ir.Pos) ([]byte, error) {
	n := t.Size()
	if n <= 8 {
		return smallInputs(s).Next(t, why, pos)
	}
	buf := make([]byte, n)
	for i := int64(0); i+4 <= n; i += 4 {
		binary.LittleEndian.PutUint32(buf[i:], uint32(s.r.Int63n(41)-20))
	}
	return buf, nil
}

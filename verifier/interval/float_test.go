package interval

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/ir/interp"
)

const floatPrelude = prelude + "extern float __VERIFIER_nondet_float(void);\nextern double __VERIFIER_nondet_double(void);\n"

// float draws a float or double input, mostly among the values where
// float reasoning goes wrong: zeros of both signs, infinities, NaN, the
// edge of float's exact integers, the largest finite values.
func (s *source) float(t *ir.FloatType) []byte {
	specials := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 3, 10, 100, -100, 1 << 24, 1<<24 + 2,
		math.Inf(1), math.Inf(-1), math.NaN(), math.MaxFloat32, -math.MaxFloat32, math.MaxFloat64, 4e9, -3e9, 1e-40, 5e-324}
	var v float64
	switch s.rng.Intn(4) {
	case 0, 1:
		v = specials[s.rng.Intn(len(specials))]
	case 2:
		v = (s.rng.Float64() - 0.5) * 400
	default:
		v = math.Float64frombits(s.rng.Uint64())
	}
	if t.Bits == 32 {
		b := math.Float32bits(float32(v))
		return []byte{byte(b), byte(b >> 8), byte(b >> 16), byte(b >> 24)}
	}
	b := math.Float64bits(v)
	out := make([]byte, 8)
	for k := range out {
		out[k] = byte(b >> (8 * k))
	}
	return out
}

// floatCond is the claim that v's value lies in f: between the bounds,
// or NaN when f allows it. A float is compared as a double, exactly,
// so that a bound need not be a float.
func floatCond(it *ir.IntType, v *ir.Var, f Float) ir.Expr {
	ft := &ir.FloatType{Bits: 64}
	var ref ir.Expr = &ir.VarRef{V: v}
	if v.Type.(*ir.FloatType).Bits == 32 {
		ref = &ir.Cast{X: ref, T: ft}
	}
	var c ir.Expr = &ir.Const{T: it, Bits: 0}
	if !f.Empty() {
		c = &ir.Binary{Op: ir.LAnd, T: it,
			X: &ir.Binary{Op: ir.Le, X: ir.NewFloatConst(ft, f.Lo), Y: ref, T: it},
			Y: &ir.Binary{Op: ir.Le, X: ref, Y: ir.NewFloatConst(ft, f.Hi), T: it}}
	}
	if f.NaN {
		c = &ir.Binary{Op: ir.LOr, T: it, X: c, Y: &ir.Binary{Op: ir.Ne, X: ref, Y: ref, T: it}}
	}
	return c
}

var floatCorpus = []struct {
	name, src string
	at        where
	v         string
	want      string
}{
	{"double-counter", "int main(void){ double x = 0.0; while (x < 10.0) x = x + 0.5; return 0; }", where{"end", 0}, "x", "[10, 10.499999999999998]"},
	{"float-counter-head", "int main(void){ float x = 0.0f; while (x < 10.0f) x = x + 0.5f; return 0; }", where{"head", 0}, "x", "[0, 10.499999046325684]"},
	{"nondet", "int main(void){ double d = __VERIFIER_nondet_double(); return 0; }", where{"end", 0}, "d", "top(double)"},
	{"lt-true", "int main(void){ double d = __VERIFIER_nondet_double(); double e = 0.0; if (d < 5.0) e = d; return 0; }", where{"end", 0}, "e", "[-Inf, 4.999999999999999]"},
	{"not-lt-keeps-nan", "int main(void){ double d = __VERIFIER_nondet_double(); __VERIFIER_assume(!(d < 5.0)); return 0; }", where{"end", 0}, "d", "top(double)"},
	{"not-lt-no-nan", "int main(void){ double d = __VERIFIER_nondet_double(); __VERIFIER_assume(d <= 100.0); __VERIFIER_assume(!(d < 5.0)); return 0; }", where{"end", 0}, "d", "[5, 100]"},
	{"ne-nothing", "int main(void){ double d = __VERIFIER_nondet_double(); __VERIFIER_assume(d != 5.0); return 0; }", where{"end", 0}, "d", "top(double)"},
	{"eq", "int main(void){ float d = __VERIFIER_nondet_float(); __VERIFIER_assume(d == 2.5f); return 0; }", where{"end", 0}, "d", "[2.5, 2.5]"},
	{"zero-div-zero", "int main(void){ double z = 0.0; double n = z / z; return 0; }", where{"end", 0}, "n", "top(double)"},
	{"overflow-to-inf", "int main(void){ double x = 1e308; double y = x * 10.0; return 0; }", where{"end", 0}, "y", "[+Inf, +Inf]"},
	{"float32-rounding", "int main(void){ float x = 16777216.0f; float y = x + 1.0f; return 0; }", where{"end", 0}, "y", "[1.6777216e+07, 1.6777216e+07]"},
	{"double-no-rounding", "int main(void){ double x = 16777216.0; double y = x + 1.0; return 0; }", where{"end", 0}, "y", "[1.6777217e+07, 1.6777217e+07]"},
	{"zero-times-inf", "int main(void){ double a = __VERIFIER_nondet_double(); __VERIFIER_assume(a >= -1.0 && a <= 1.0); double b = a * (1e308 * 10.0); return 0; }", where{"end", 0}, "b", "top(double)"},
	{"int-to-float", "int main(void){ int i = __VERIFIER_nondet_int(); __VERIFIER_assume(i >= -3 && i <= 16777217); float f = i; return 0; }", where{"end", 0}, "f", "[-3, 1.6777216e+07]"},
	{"float-to-int", "int main(void){ double d = __VERIFIER_nondet_double(); __VERIFIER_assume(d > -1.0 && d < 7.5); int k = (int)d; return k; }", where{"end", 0}, "k", "[0, 7]"},
	{"float-to-int-range", "int main(void){ double d = __VERIFIER_nondet_double(); __VERIFIER_assume(d >= 0.0 && d < 3e9); int k = (int)d; return k; }", where{"end", 0}, "k", "top(int)"},
	{"float-to-int-nan", "int main(void){ double d = __VERIFIER_nondet_double(); __VERIFIER_assume(!(d > 7.0)); int k = (int)d; return k; }", where{"end", 0}, "k", "top(int)"},
	{"double-to-float", "int main(void){ double d = __VERIFIER_nondet_double(); __VERIFIER_assume(d >= 0.1 && d <= 1e39); float f = (float)d; return 0; }", where{"end", 0}, "f", "[0.10000000149011612, +Inf]"},
	{"neg", "int main(void){ float d = __VERIFIER_nondet_float(); __VERIFIER_assume(d >= 1.0f && d <= 2.0f); float e = -d; return 0; }", where{"end", 0}, "e", "[-2, -1]"},
	{"truth-false", "int main(void){ double d = __VERIFIER_nondet_double(); if (!d) return 1; return 0; }", where{"end", 0}, "d", "[0, 0]"},
	{"compare-decided", "int main(void){ double d = __VERIFIER_nondet_double(); __VERIFIER_assume(d >= 1.0 && d <= 2.0); int k = d < 3.0; return k; }", where{"end", 0}, "k", "[1, 1]"},
	{"compare-nan", "int main(void){ double d = __VERIFIER_nondet_double(); __VERIFIER_assume(d >= 1.0 || d < 1.0 || d != d); int k = d < 3.0; return k; }", where{"end", 0}, "k", "[0, 1]"},
	{"address-taken", "int main(void){ double d = 1.0; double *p = &d; *p = 2.0; return 0; }", where{"end", 0}, "d", "untracked"},
	{"float-global-call", "double g; void h(void){ g = 0.0 / 0.0; } int main(void){ g = 1.0; h(); return 0; }", where{"end", 0}, "g", "top(double)"},
}

func TestFloatAnalyze(t *testing.T) {
	for _, m := range models {
		for _, tc := range floatCorpus {
			t.Run(fmt.Sprintf("%s/%s", m, tc.name), func(t *testing.T) {
				p := cfronttest.Load(t, floatPrelude+tc.src, m)
				f := p.Func("main")
				r, err := Analyze(context.Background(), p, f)
				if err != nil {
					t.Fatal(err)
				}
				pc := pointOf(t, f, tc.at)
				st := r.At(pc)
				if st.IsBottom() {
					t.Fatalf("point %d is bottom", pc)
				}
				v := local(t, p, f, tc.v)
				got := "untracked"
				if fl, ok := st.Float(v); ok {
					got = fl.String()
				} else if i, ok := st.Interval(v); ok {
					got = i.String()
				}
				if got != tc.want {
					var buf []string
					for pc, in := range f.Body {
						buf = append(buf, fmt.Sprintf("%d: %s   %s", pc, ir.InstrString(in), r.At(pc)))
					}
					t.Errorf("%s at %d = %s, want %s\n%s", tc.v, pc, got, tc.want, strings.Join(buf, "\n"))
				}
			})
		}
	}
}

var floatSoundnessCorpus = []string{
	"int main(void){ float x = __VERIFIER_nondet_float(); float y = x * 2.0f + 1.0f; double d = y; double e = d / 3.0; if (x < 100.0f && x > -100.0f) { y = x * x; e = -y; } return 0; }",
	"int main(void){ double x = 1.0; int n = 0; while (n < 1100 && x < 1e300) { x = x * 2.0; n++; } float f = (float)x; f = f * f; return n; }",
	"int main(void){ float a = __VERIFIER_nondet_float(), b = __VERIFIER_nondet_float(); float c = a / b; if (b > 1.0f) c = a / b; if (!(a < b)) c = a - b; else c = b - a; if (c <= 0.0f) c = -c; return 0; }",
	"int main(void){ int i = __VERIFIER_nondet_int(); float f = i; double d = (double)i * 0.5; int k = 0; if (d > -1000.0 && d < 1000.0) k = (int)d; unsigned u = 0; if (f >= 0.0f && f < 4e9f) u = (unsigned)f; return k + (int)(u & 1u); }",
	"int main(void){ double z = 0.0; double n = z / z; double m = __VERIFIER_nondet_double(); if (m == m) { m = m + 1.0; } if (n != n) z = 1.0; return 0; }",
	"int main(void){ float x = 16777216.0f; float y = x + 1.0f; float s = 0.0f; for (int i = 0; i < 100; i++) s = s + 0.1f; return y == x; }",
	"int main(void){ double x = __VERIFIER_nondet_double(); if (x) { x = 1.0 / x; } else { x = -x; } _Bool b = x; double w = b ? x : -x; return !w; }",
	"int main(void){ double a = __VERIFIER_nondet_double(); __VERIFIER_assume(a >= -1.0 && a <= 1.0); double b = 1e308 * 10.0; double c = a * b; return c != c; }",
	"int main(void){ float f = __VERIFIER_nondet_float(); double d = __VERIFIER_nondet_double(); while (f < 1000.0f && __VERIFIER_nondet_int()) f = f * 1.5f + 1.0f; if ((double)f >= d) d = f; else f = (float)d; if (d > 0.5 && d < 2e9) { int k = (int)d; f = k; } return 0; }",
	"int main(void){ float f = 1.0f; int n = 0; while (f != 0.0f) { f = f / 2.0f; n++; } double g = 1.0; while (g - 1.0 == 0.0 && n < 2000) { g = g + 1e-17; n++; } return n; }",
	"double g; double half(double x){ g = x; return x / 2.0; } int main(void){ double s = 3.0; g = 1.0; s = half(s); if (g < 2.0) s = g; return 0; }",
	"int main(void){ float f = __VERIFIER_nondet_float(); if ((double)f < 1.00000001) { float g = f; if ((double)f > 0.99999999) g = f * 3.0f; } if ((double)f >= 16777217.0) f = f - 1.0f; return 0; }",
	"int main(void){ float f = 0.0f; while ((double)f < 1.00000001 && __VERIFIER_nondet_int()) f = f + 0.25f; double z = __VERIFIER_nondet_double(); if (z == 0.0) { double q = 1.0 / z; if (q < 0.0) z = q; } return 0; }",
	"int main(void){ double x = __VERIFIER_nondet_double(); double y = __VERIFIER_nondet_double(); if (x <= y) { if (!(x > y)) { double d = y - x; if (d < 0.0) x = d; } } else { double e = x - y; y = e; } return 0; }",
	"int main(void){ float a = __VERIFIER_nondet_float(); unsigned char c = 0; signed char s = 0; unsigned long long u = 0; if (a > -1.0f && a < 256.0f) c = (unsigned char)a; if (a > -129.0f && a < 128.0f) s = (signed char)a; if (a > -1.0f && a < 1.8e19f) u = (unsigned long long)a; float b = (float)u; double d = (double)u; return c + s; }",
}

// TestFloatSoundness runs the concrete interpreter on programs over float
// and double, instrumented as TestSoundness's: every state reached, NaN
// included, must lie in the computed sets.
func TestFloatSoundness(t *testing.T) {
	var all []string
	for _, tc := range floatCorpus {
		all = append(all, tc.src)
	}
	all = append(all, floatSoundnessCorpus...)
	exited := 0
	for _, m := range models {
		for k, src := range all {
			p := cfronttest.Load(t, floatPrelude+src, m)
			props := instrument(t, p)
			if err := ir.CheckProgram(p); err != nil {
				t.Fatalf("%d: instrumented program: %v", k, err)
			}
			for seed := int64(0); seed < 60; seed++ {
				res, err := interp.Run(context.Background(), p, "main", interp.Options{Inputs: &source{rand.New(rand.NewSource(seed))}, MaxSteps: 50000})
				if err != nil {
					t.Fatal(err)
				}
				if res.Status == interp.AssertFailed && props[res.Prop] {
					t.Fatalf("%s %d seed %d: unsound: %s (inputs %v)\n%s", m, k, seed, res.Prop.Text, res.Inputs, src)
				}
				if res.Status == interp.Exited {
					exited++
				}
				// A float -> int conversion out of range faults: the
				// states before it were checked.
				if res.Status == interp.Fault && !strings.Contains(res.Message, "undefined conversion") {
					t.Fatalf("%d: fault %s", k, res.Message)
				}
			}
		}
	}
	if exited == 0 {
		t.Errorf("no run exited normally")
	}
}

// TestFloatInstrumentationCatches makes sure the float check can fail: a
// claim without NaN about 0.0 / 0.0, or one rounded in double about a
// float sum, is caught by the interpreter.
func TestFloatInstrumentationCatches(t *testing.T) {
	for _, tc := range []struct {
		src, v string
		wrong  Float
	}{
		{"int main(void){ double z = 0.0; double n = z / z; return 0; }", "n", Float{Lo: math.Inf(-1), Hi: math.Inf(1)}},
		{"int main(void){ float x = 0.1f; double d = x; return 0; }", "d", Float{Lo: 0.1, Hi: 0.1}},
		{"int main(void){ float x = 16777216.0f; float y = x + 1.0f; return 0; }", "y", Float{Lo: 16777217, Hi: 16777217}},
	} {
		p := cfronttest.Load(t, floatPrelude+tc.src, ir.LP64)
		f := p.Func("main")
		std := ir.StdTypes(p.DataModel)
		v := local(t, p, f, tc.v)
		prop := &ir.Property{ID: "wrong", Kind: ir.PropAssertion, Text: "wrong", Func: "main"}
		ret := pointOf(t, f, where{"end", 0})
		body := append([]ir.Instr{}, f.Body[:ret]...)
		body = append(body, &ir.Assert{Cond: floatCond(std.Int, v, tc.wrong), Prop: prop})
		f.Body = append(body, f.Body[ret:]...)
		res, err := interp.Run(context.Background(), p, "main", interp.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != interp.AssertFailed || res.Prop != prop {
			t.Errorf("%s: wrong claim not caught: %s", tc.src, res.Status)
		}
	}
}

// TestFloatArith checks the transfer of the four operators on the cases
// where a corner-only bound would be wrong or NaN hides.
func TestFloatArith(t *testing.T) {
	f64 := &ir.FloatType{Bits: 64}
	f32 := &ir.FloatType{Bits: 32}
	inf := math.Inf(1)
	tests := []struct {
		op   ir.BinOp
		t    *ir.FloatType
		a, b Float
		want string
	}{
		{ir.Mul, f64, Float{Lo: -1, Hi: 1}, Float{Lo: 1, Hi: inf}, "top(double)"},
		{ir.Mul, f64, Float{Lo: 1, Hi: 2}, Float{Lo: 1, Hi: inf}, "[1, +Inf]"},
		{ir.Add, f64, Float{Lo: 0, Hi: inf}, Float{Lo: -inf, Hi: 0}, "top(double)"},
		{ir.Sub, f64, Float{Lo: 0, Hi: inf}, Float{Lo: 0, Hi: inf}, "top(double)"},
		{ir.Div, f64, Float{Lo: 1, Hi: 1}, Float{Lo: -1, Hi: 1}, "top(double)"},
		{ir.Div, f64, Float{Lo: 1, Hi: inf}, Float{Lo: 1, Hi: inf}, "top(double)"},
		{ir.Div, f64, Float{Lo: -6, Hi: 3}, Float{Lo: 2, Hi: 3}, "[-3, 1.5]"},
		{ir.Add, f32, Float{Lo: 1 << 24, Hi: 1 << 24}, Float{Lo: 1, Hi: 1}, "[1.6777216e+07, 1.6777216e+07]"},
		{ir.Add, f64, Float{Lo: 1, Hi: 2, NaN: true}, Float{Lo: 1, Hi: 1}, "[2, 3]+NaN"},
		{ir.Add, f64, Float{Lo: inf, Hi: -inf, NaN: true}, Float{Lo: 1, Hi: 1}, "{}+NaN"},
		{ir.Mul, f64, Float{Lo: 1e308, Hi: 1e308}, Float{Lo: 10, Hi: 10}, "[+Inf, +Inf]"},
	}
	for _, tc := range tests {
		tc.a.T, tc.b.T = tc.t, tc.t
		if got := FloatArith(tc.op, tc.t, tc.a, tc.b).String(); got != tc.want {
			t.Errorf("%s %s %s = %s, want %s", tc.a, tc.op, tc.b, got, tc.want)
		}
	}
}

package interval

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/big"
	"math/rand"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/ir/interp"
)

func local(t *testing.T, p *ir.Program, f *ir.Function, name string) *ir.Var {
	t.Helper()
	for _, v := range f.Locals {
		if v.Source == name || v.Name == name {
			return v
		}
	}
	for _, v := range p.Globals {
		if v.Source == name || v.Name == name {
			return v
		}
	}
	t.Fatalf("no variable %s", name)
	return nil
}

// where names a program point: loop head k, the first instruction of loop
// k's body after its exit test, or the state before the final return.
type where struct {
	kind string // "head", "body", "end", "call+1"
	loop int
}

var models = []ir.DataModel{ir.ILP32, ir.LP64}

const prelude = "extern int __VERIFIER_nondet_int(void);\nextern unsigned __VERIFIER_nondet_uint(void);\nextern void __VERIFIER_assume(int);\n"

var corpus = []struct {
	name, src string
	at        where
	v         string
	want      string // String() of the interval; "untracked" when not tracked
}{
	{"counter-head", "int main(void){ int s = 0; for (int i = 0; i < 100; i++) s++; return 0; }", where{"head", 0}, "i", "[0, 100]"},
	{"counter-body", "int main(void){ int s = 0; for (int i = 0; i < 100; i++) s++; return 0; }", where{"body", 0}, "i", "[0, 99]"},
	{"nested-outer", "int main(void){ int s = 0; for (int i = 0; i < 10; i++) for (int j = 0; j <= i; j++) s++; return 0; }", where{"head", 0}, "i", "[0, 10]"},
	{"nested-inner-i", "int main(void){ int s = 0; for (int i = 0; i < 10; i++) for (int j = 0; j <= i; j++) s++; return 0; }", where{"head", 1}, "i", "[0, 9]"},
	{"nested-inner-j", "int main(void){ int s = 0; for (int i = 0; i < 10; i++) for (int j = 0; j <= i; j++) s++; return 0; }", where{"head", 1}, "j", "[0, 10]"},
	{"schar-wraps", "int main(void){ signed char c = 0; while (__VERIFIER_nondet_int()) c++; return c; }", where{"head", 0}, "c", "top(signed char)"},
	{"uchar-wraps", "int main(void){ unsigned char c = 0; while (__VERIFIER_nondet_int()) c++; return c; }", where{"head", 0}, "c", "top(unsigned char)"},
	{"uchar-bounded", "int main(void){ unsigned char c = 0; while (c < 200) c++; return c; }", where{"end", 0}, "c", "[200, 200]"},
	{"pointer", "int main(void){ int x = 0; int *p = &x; *p = 5; return x; }", where{"end", 0}, "x", "untracked"},
	{"array", "int main(void){ int a[4]; a[0] = 1; int k = a[0]; return k; }", where{"end", 0}, "a", "untracked"},
	{"array-load", "int main(void){ int a[4]; a[0] = 1; int k = a[0]; return k; }", where{"end", 0}, "k", "top(int)"},
	{"global-call", "int g; void inc(void){ g++; } int main(void){ g = 3; inc(); return g; }", where{"end", 0}, "g", "top(int)"},
	{"global-nocall", "int g; int main(void){ g = 3; return g; }", where{"end", 0}, "g", "[3, 3]"},
	{"assume", "int main(void){ int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x > 3 && x < 10); return x; }", where{"end", 0}, "x", "[4, 9]"},
	{"assume-not", "int main(void){ int x = __VERIFIER_nondet_int(); __VERIFIER_assume(!(x < 0) && x != 0 && x <= 7); return x; }", where{"end", 0}, "x", "[1, 7]"},
	{"assume-char", "int main(void){ signed char x = __VERIFIER_nondet_int(); __VERIFIER_assume(x >= 0); return x; }", where{"end", 0}, "x", "[0, 127]"},
	{"goto-cond", "int main(void){ int x = __VERIFIER_nondet_int(); int y = 0; if (x > 5) { if (x < 8) y = x; } return y; }", where{"end", 0}, "y", "[0, 7]"},
	{"div-by-zero", "int main(void){ int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x >= 0 && x <= 1); int y = 7 / x; return y; }", where{"end", 0}, "y", "[-1, 7]"},
	{"udiv-by-zero", "int main(void){ unsigned x = __VERIFIER_nondet_uint(); __VERIFIER_assume(x <= 1); unsigned y = 7u / x; return y; }", where{"end", 0}, "y", "[7, 4294967295]"},
	{"rem-by-zero", "int main(void){ int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x >= 0 && x <= 3); int y = 5 % x; return y; }", where{"end", 0}, "y", "[0, 5]"},
	{"narrowing-cast", "int main(void){ int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x >= 0 && x < 300); unsigned char c = x; return c; }", where{"end", 0}, "c", "top(unsigned char)"},
	{"fitting-cast", "int main(void){ int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x >= 0 && x < 100); unsigned char c = x; return c; }", where{"end", 0}, "c", "[0, 99]"},
	{"overflow-add", "int main(void){ int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x > 2147483000); int y = x + 1000; return y; }", where{"end", 0}, "y", "[-2147483295, -2147482649]"},
	{"shift-mask", "int main(void){ unsigned x = __VERIFIER_nondet_uint(); unsigned y = (x & 15u) << 2; return y; }", where{"end", 0}, "y", "[0, 60]"},
	{"down-counter", "int main(void){ int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 0 && n <= 50); while (n > 0) n--; return n; }", where{"end", 0}, "n", "[0, 0]"},
	{"nondet-loop", "int main(void){ int i = 0; while (__VERIFIER_nondet_int()) { if (i < 1000) i++; } return i; }", where{"head", 0}, "i", "[0, 1000]"},
}

func pointOf(t *testing.T, f *ir.Function, w where) int {
	if f.Loops == nil {
		ir.ComputeLoops(f)
	}
	switch w.kind {
	case "head":
		return f.Loops[w.loop].Head
	case "body":
		l := f.Loops[w.loop]
		for pc := l.Head; pc <= l.Latch; pc++ {
			if _, ok := f.Body[pc].(*ir.Goto); ok {
				return pc + 1
			}
		}
	case "end":
		for pc, in := range f.Body {
			if _, ok := in.(*ir.Return); ok {
				return pc
			}
		}
	}
	t.Fatalf("no point %v", w)
	return 0
}

func TestAnalyze(t *testing.T) {
	for _, m := range models {
		for _, tc := range corpus {
			t.Run(fmt.Sprintf("%s/%s", m, tc.name), func(t *testing.T) {
				p := cfronttest.Load(t, prelude+tc.src, m)
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
				got := "untracked"
				if i, ok := st.Interval(local(t, p, f, tc.v)); ok {
					got = i.String()
				}
				if got != tc.want {
					var buf []string
					for pc := range f.Body {
						buf = append(buf, fmt.Sprintf("%d: %s", pc, r.At(pc)))
					}
					t.Errorf("%s at %d = %s, want %s\n%v", tc.v, pc, got, tc.want, buf)
				}
			})
		}
	}
}

func TestLoopHeadAPI(t *testing.T) {
	p := cfronttest.Load(t, prelude+corpus[0].src, ir.LP64)
	f := p.Func("main")
	ir.ComputeLoops(f)
	r, err := Analyze(context.Background(), p, f)
	if err != nil {
		t.Fatal(err)
	}
	st := r.LoopHead(f.Loops[0])
	i, ok := st.Interval(local(t, p, f, "i"))
	if !ok || !i.ContainsInt64(0) || !i.ContainsInt64(100) || i.ContainsInt64(101) || i.ContainsInt64(-1) {
		t.Fatalf("loop head i = %v", i)
	}
	found := false
	for _, v := range st.Vars() {
		found = found || v.Source == "i"
	}
	if !found {
		t.Errorf("Vars() = %v lacks i", st.Vars())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Analyze(ctx, p, f); err == nil {
		t.Errorf("canceled context: no error")
	}
}

// source supplies pseudo-random inputs biased towards boundary values.
type source struct{ rng *rand.Rand }

func (s *source) Next(t ir.Type, why string, pos ir.Pos) ([]byte, error) {
	b := make([]byte, t.Size())
	if ft, ok := t.(*ir.FloatType); ok && ft.Bits <= 64 {
		return s.float(ft), nil
	}
	if it, ok := t.(*ir.IntType); ok && it.IsBool() {
		b[0] = byte(s.rng.Intn(2))
		return b, nil
	}
	var v uint64
	switch s.rng.Intn(6) {
	case 0:
		v = 0
	case 1:
		v = uint64(s.rng.Intn(12))
	case 2:
		v = ^uint64(0) - uint64(s.rng.Intn(3))
	case 3:
		v = 1<<(uint(len(b))*8-1) - uint64(s.rng.Intn(3)) // near the signed maximum/minimum
	default:
		v = s.rng.Uint64()
	}
	var full [8]byte
	binary.LittleEndian.PutUint64(full[:], v)
	copy(b, full[:])
	return b, nil
}

// instrument inserts before every instruction of every user function an
// Assert that the concrete state lies in the computed one (false for a
// bottom state). It returns the properties it added.
func instrument(t *testing.T, p *ir.Program) map[*ir.Property]bool {
	t.Helper()
	std := ir.StdTypes(p.DataModel)
	props := map[*ir.Property]bool{}
	for _, f := range p.Funcs {
		if !f.HasBody() || f.Library {
			continue
		}
		r, err := Analyze(context.Background(), p, f)
		if err != nil {
			t.Fatal(err)
		}
		var body []ir.Instr
		start := make([]int, len(f.Body)+1)
		var gotos []*ir.Goto
		for pc, in := range f.Body {
			start[pc] = len(body)
			st := r.At(pc)
			var conds []ir.Expr
			if st.IsBottom() {
				conds = append(conds, &ir.Const{T: std.Int, Bits: 0})
			} else {
				for _, v := range st.Vars() {
					i, _ := st.Interval(v)
					it := v.Type.(*ir.IntType)
					c := func(x *big.Int) ir.Expr {
						return &ir.Const{T: it, Bits: uint64(x.Int64()) & it.Mask()}
					}
					if !it.Signed {
						c = func(x *big.Int) ir.Expr { return &ir.Const{T: it, Bits: x.Uint64()} }
					}
					ref := &ir.VarRef{V: v}
					conds = append(conds, &ir.Binary{Op: ir.LAnd, T: std.Int,
						X: &ir.Binary{Op: ir.Le, X: c(i.Lo), Y: ref, T: std.Int},
						Y: &ir.Binary{Op: ir.Le, X: ref, Y: c(i.Hi), T: std.Int}})
				}
				for _, v := range st.FloatVars() {
					f, _ := st.Float(v)
					conds = append(conds, floatCond(std.Int, v, f))
				}
			}
			for _, c := range conds {
				prop := &ir.Property{ID: fmt.Sprintf("interval.%s.%d", f.Name, pc), Kind: ir.PropAssertion, Text: fmt.Sprintf("%s@%d %s", f.Name, pc, st), Func: f.Name}
				props[prop] = true
				body = append(body, &ir.Assert{At: ir.At{P: in.Pos()}, Cond: c, Prop: prop})
			}
			if g, ok := in.(*ir.Goto); ok {
				ng := *g
				gotos = append(gotos, &ng)
				in = &ng
			}
			body = append(body, in)
		}
		start[len(f.Body)] = len(body)
		for _, g := range gotos {
			g.Target = start[g.Target]
		}
		f.Body = body
		ir.ComputeLoops(f)
	}
	return props
}

var soundnessCorpus = []string{
	"int g; int h(int a){ g = g + a; return g; } int main(void){ int s = 0; for (int i = 0; i < 20; i++) { s += h(i); if (g > 100) g = 0; } return s; }",
	"int main(void){ int x = __VERIFIER_nondet_int(); int y = __VERIFIER_nondet_int(); int q = x / y; int r = x % y; int z = (x >> 3) ^ (y << 2); unsigned u = (unsigned)x / (unsigned)y; return q + r + z + (int)u; }",
	"int main(void){ unsigned char c = __VERIFIER_nondet_int(); short s = 0; while (c != 7) { c += 3; s = s * 2 + 1; } return s; }",
	"int main(void){ long long a = __VERIFIER_nondet_int(); unsigned long b = __VERIFIER_nondet_uint(); long long c = a * 4000000000LL; unsigned long d = b * b - 1; if (c < 0 && d > 5) return 1; return (int)(c + (long long)d); }",
	"int main(void){ int i = 0, j = 100; while (i < j && __VERIFIER_nondet_int()) { i += 2; j--; } int k = i - j; for (;;) { if (k > 10 || k < -10) break; k = k * 3 - 1; } return k; }",
	"int main(void){ int x = __VERIFIER_nondet_int(); int b = !(x < 10) || x == -5; signed char t = x; int w = t < 0 ? -t : t; unsigned sh = x >> 40; return b + w + (int)sh; }",
}

// TestSoundness runs the concrete interpreter on instrumented programs:
// every state reached must lie in the computed intervals.
func TestSoundness(t *testing.T) {
	var all []string
	for _, tc := range corpus {
		all = append(all, tc.src)
	}
	all = append(all, soundnessCorpus...)
	exited := 0
	defer func() {
		if exited == 0 {
			t.Errorf("no run exited normally")
		}
	}()
	for _, m := range models {
		for k, src := range all {
			p := cfronttest.Load(t, prelude+src, m)
			props := instrument(t, p)
			if len(props) == 0 {
				t.Fatalf("%d: nothing to check", k)
			}
			if err := ir.CheckProgram(p); err != nil {
				t.Fatalf("%d: instrumented program: %v", k, err)
			}
			for seed := int64(0); seed < 40; seed++ {
				res, err := interp.Run(context.Background(), p, "main", interp.Options{Inputs: &source{rand.New(rand.NewSource(seed))}, MaxSteps: 20000})
				if err != nil {
					t.Fatal(err)
				}
				if res.Status == interp.AssertFailed && props[res.Prop] {
					t.Fatalf("%s %d seed %d: unsound: %s (inputs %v)\n%s", m, k, seed, res.Prop.Text, res.Inputs, src)
				}
				if res.Status == interp.Exited {
					exited++
				}
				if res.Status == interp.Fault {
					t.Fatalf("%d: fault %s", k, res.Message)
				}
			}
		}
	}
}

// TestInstrumentationCatches makes sure the soundness check can fail: a
// wrong claim (x in [0, 0] after x = 5) is caught by the interpreter.
func TestInstrumentationCatches(t *testing.T) {
	p := cfronttest.Load(t, prelude+"int main(void){ int x = 5; return x; }", ir.LP64)
	f := p.Func("main")
	std := ir.StdTypes(p.DataModel)
	x := local(t, p, f, "x")
	prop := &ir.Property{ID: "wrong", Kind: ir.PropAssertion, Text: "wrong", Func: "main"}
	ret := len(f.Body) - 1
	for pc, in := range f.Body {
		if _, ok := in.(*ir.Return); ok {
			ret = pc
			break
		}
	}
	body := append([]ir.Instr{}, f.Body[:ret]...)
	body = append(body, &ir.Assert{Cond: &ir.Binary{Op: ir.Eq, X: &ir.VarRef{V: x}, Y: &ir.Const{T: x.Type, Bits: 0}, T: std.Int}, Prop: prop})
	f.Body = append(body, f.Body[ret:]...)
	res, err := interp.Run(context.Background(), p, "main", interp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != interp.AssertFailed || res.Prop != prop {
		t.Fatalf("wrong claim not caught: %s", res.Status)
	}
}

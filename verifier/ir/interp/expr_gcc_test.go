package interp

import (
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/ir"
)

// A random expression generator that emits the same computation as C (with
// every conversion explicit, as the front end makes it) and as IR. The C
// side avoids undefined behaviour the IR defines differently: it is
// compiled with -fwrapv, divisions are guarded against 0 and -1, shift
// counts are masked, and float to int conversions are range-checked.

type egen struct {
	b      *pb
	rng    *rand.Rand
	leaves []leaf
	decls  strings.Builder
}

type leaf struct {
	v    *ir.Var
	name string
}

type gexpr struct {
	c string
	e ir.Expr
}

func (g *egen) cType(t ir.Type) string {
	switch t := t.(type) {
	case *ir.IntType:
		switch t.Kind {
		case ir.Bool:
			return "_Bool"
		case ir.Char:
			return "char"
		case ir.SChar:
			return "signed char"
		case ir.LongLong:
			return "long long"
		case ir.ULongLong:
			return "unsigned long long"
		}
		return t.String()
	case *ir.FloatType:
		return t.String()
	}
	panic("type")
}

func (g *egen) arithTypes() []ir.Type {
	s := g.b.std
	return []ir.Type{s.Int, s.UInt, s.LongLong, s.ULLong, s.Double, s.Float}
}

func (g *egen) allTypes() []ir.Type {
	s := g.b.std
	return append(g.arithTypes(), s.Char, s.UChar, s.Short, s.UShort, s.Bool, s.SChar)
}

// leafOf returns a volatile global of type t holding a random value.
func (g *egen) leafOf(t ir.Type) gexpr {
	name := fmt.Sprintf("v%d", len(g.leaves))
	v := g.b.global(name, t)
	g.leaves = append(g.leaves, leaf{v, name})
	in := g.b.initf()
	var cval string
	switch t := t.(type) {
	case *ir.IntType:
		x := randInt(g.rng)
		if g.rng.Intn(2) == 0 {
			x = int64(g.rng.Intn(64)) - 32
		}
		if t.IsBool() {
			x &= 1
		}
		c := g.b.c(t, x)
		in.set(v, c)
		if t.Signed {
			cval = fmt.Sprintf("(%s)%dLL", g.cType(t), int64(canon(kindOf(t), c.Bits)))
			if int64(canon(kindOf(t), c.Bits)) == math.MinInt64 {
				cval = "(-9223372036854775807LL-1)"
			}
		} else {
			cval = fmt.Sprintf("(%s)%dULL", g.cType(t), c.Bits)
		}
	case *ir.FloatType:
		f := randFloat(g.rng)
		if math.IsNaN(f) || g.rng.Intn(3) == 0 {
			f = float64(g.rng.Intn(2000)-1000) / 8
		}
		if t.Bits == 32 {
			f = float64(float32(f))
		}
		in.set(v, &ir.FloatConst{T: t, V: f})
		cval = lit(f)
	}
	fmt.Fprintf(&g.decls, "volatile %s %s = %s;\n", g.cType(t), name, cval)
	return gexpr{name, g.b.ref(v)}
}

func lit(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "__builtin_inf()"
	case math.IsInf(f, -1):
		return "(-__builtin_inf())"
	case f == 0 && math.Signbit(f):
		return "(-0.0)"
	}
	return fmt.Sprintf("%x", f) // a C hexadecimal floating constant
}

func isFloat(t ir.Type) bool { _, ok := t.(*ir.FloatType); return ok }

// conv converts x to t, guarding float to integer conversions.
func (g *egen) conv(x gexpr, t ir.Type) gexpr {
	if ir.SameType(x.e.Type(), t) {
		return x
	}
	b := g.b
	it, toInt := t.(*ir.IntType)
	if isFloat(x.e.Type()) && toInt && !it.IsBool() {
		// in range of every integer type (unsigned ones too): [0, 100)
		lo, hi := 0.0, 100.0
		d := g.conv(x, b.std.Double)
		ok := gexpr{fmt.Sprintf("(%s > %s && %s < %s)", d.c, lit(lo-1), d.c, lit(hi)),
			b.bin(ir.LAnd, b.bin(ir.Gt, d.e, b.f64(lo-1)), b.lt(d.e, b.f64(hi)))}
		return gexpr{fmt.Sprintf("(%s ? (%s)%s : (%s)0)", ok.c, g.cType(t), x.c, g.cType(t)),
			b.cond(ok.e, b.cast(x.e, t), b.cast(b.i32(0), t))}
	}
	return gexpr{fmt.Sprintf("((%s)%s)", g.cType(t), x.c), b.cast(x.e, t)}
}

func (g *egen) gen(t ir.Type, depth int) gexpr {
	b := g.b
	if depth <= 0 || g.rng.Intn(5) == 0 {
		if g.rng.Intn(3) == 0 {
			// a leaf of another type, converted
			all := g.allTypes()
			return g.conv(g.leafOf(all[g.rng.Intn(len(all))]), t)
		}
		return g.leafOf(t)
	}
	if it, ok := t.(*ir.IntType); ok && (it.Bits < 32 || it.IsBool()) {
		// narrow types are only results of conversions
		ats := g.arithTypes()
		return g.conv(g.gen(ats[g.rng.Intn(len(ats))], depth-1), t)
	}
	switch g.rng.Intn(10) {
	case 0: // conversion from another type
		ats := g.allTypes()
		return g.conv(g.gen(ats[g.rng.Intn(len(ats))], depth-1), t)
	case 1: // comparison (yields int)
		if it, ok := t.(*ir.IntType); ok && it.Bits == 32 && it.Signed {
			ats := g.arithTypes()
			ot := ats[g.rng.Intn(len(ats))]
			x, y := g.gen(ot, depth-1), g.gen(ot, depth-1)
			ops := []ir.BinOp{ir.Eq, ir.Ne, ir.Lt, ir.Le, ir.Gt, ir.Ge}
			op := ops[g.rng.Intn(len(ops))]
			return gexpr{fmt.Sprintf("(%s %s %s)", x.c, op, y.c), b.bin(op, x.e, y.e)}
		}
	case 2: // ?: and logical operators
		c := g.gen(b.std.Int, depth-1)
		x, y := g.gen(t, depth-1), g.gen(t, depth-1)
		if it, ok := t.(*ir.IntType); ok && it.Bits == 32 && it.Signed && g.rng.Intn(2) == 0 {
			if g.rng.Intn(2) == 0 {
				return gexpr{fmt.Sprintf("(%s && %s)", x.c, y.c), b.bin(ir.LAnd, x.e, y.e)}
			}
			return gexpr{fmt.Sprintf("(%s || %s)", x.c, y.c), b.bin(ir.LOr, x.e, y.e)}
		}
		return gexpr{fmt.Sprintf("(%s ? %s : %s)", c.c, x.c, y.c), b.cond(c.e, x.e, y.e)}
	case 3: // unary
		x := g.gen(t, depth-1)
		if isFloat(t) || g.rng.Intn(2) == 0 {
			return gexpr{fmt.Sprintf("(-%s)", x.c), b.un(ir.Neg, x.e)}
		}
		if it := t.(*ir.IntType); it.Signed && it.Bits == 32 && g.rng.Intn(2) == 0 {
			return gexpr{fmt.Sprintf("(!%s)", x.c), b.un(ir.LNot, x.e)}
		}
		return gexpr{fmt.Sprintf("(~%s)", x.c), b.un(ir.BNot, x.e)}
	}
	x, y := g.gen(t, depth-1), g.gen(t, depth-1)
	if isFloat(t) {
		ops := []ir.BinOp{ir.Add, ir.Sub, ir.Mul, ir.Div}
		op := ops[g.rng.Intn(len(ops))]
		return gexpr{fmt.Sprintf("(%s)(%s %s %s)", g.cType(t), x.c, op, y.c), b.bin(op, x.e, y.e)}
	}
	it := t.(*ir.IntType)
	ops := []ir.BinOp{ir.Add, ir.Sub, ir.Mul, ir.Div, ir.Rem, ir.Shl, ir.Shr, ir.And, ir.Or, ir.Xor}
	op := ops[g.rng.Intn(len(ops))]
	ct := g.cType(t)
	switch op {
	case ir.Div, ir.Rem:
		// guard: y == 0 || y == -1 ? x : x op y (the same in both)
		bad := gexpr{fmt.Sprintf("(%s == (%s)0 || %s == (%s)-1)", y.c, ct, y.c, ct),
			b.bin(ir.LOr, b.eq(y.e, b.cast(b.i32(0), t)), b.eq(y.e, b.cast(b.i32(-1), t)))}
		return gexpr{fmt.Sprintf("(%s ? %s : (%s)(%s %s %s))", bad.c, x.c, ct, x.c, op, y.c),
			b.cond(bad.e, x.e, b.bin(op, x.e, y.e))}
	case ir.Shl, ir.Shr:
		cnt := g.conv(g.gen(b.std.Int, depth-1), b.std.Int)
		mask := int64(it.Bits - 1)
		m := gexpr{fmt.Sprintf("(%s & %d)", cnt.c, mask), b.bin(ir.And, cnt.e, b.i32(mask))}
		return gexpr{fmt.Sprintf("(%s)(%s %s %s)", ct, x.c, op, m.c), &ir.Binary{Op: op, X: x.e, Y: m.e, T: t}}
	}
	return gexpr{fmt.Sprintf("(%s)(%s %s %s)", ct, x.c, op, y.c), b.bin(op, x.e, y.e)}
}

// TestRandomExpressionsGCC compares 400 random expressions with gcc; set
// INTERP_EXPR_SEED to try other ones.
func TestRandomExpressionsGCC(t *testing.T) {
	seed := int64(3)
	if s := os.Getenv("INTERP_EXPR_SEED"); s != "" {
		fmt.Sscan(s, &seed)
	}
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not found")
	}
	if testing.Short() {
		t.Skip("short")
	}
	b := newPB(ir.LP64)
	g := &egen{b: b, rng: rand.New(rand.NewSource(seed))}
	f := b.mainFn()
	var body strings.Builder
	for i := 0; i < 400; i++ {
		ts := g.arithTypes()
		tt := ts[g.rng.Intn(len(ts))]
		x := g.gen(tt, 1+g.rng.Intn(5))
		switch {
		case isFloat(tt):
			d := g.conv(x, b.std.Double)
			fmt.Fprintf(&body, "printf(\"%%d %%a\\n\", %d, %s);\n", i, d.c)
			f.printf("%d %a\n", b.i32(int64(i)), d.e)
		case tt.(*ir.IntType).Signed:
			d := g.conv(x, b.std.LongLong)
			fmt.Fprintf(&body, "printf(\"%%d %%lld\\n\", %d, %s);\n", i, d.c)
			f.printf("%d %lld\n", b.i32(int64(i)), d.e)
		default:
			d := g.conv(x, b.std.ULLong)
			fmt.Fprintf(&body, "printf(\"%%d %%llu\\n\", %d, %s);\n", i, d.c)
			f.printf("%d %llu\n", b.i32(int64(i)), d.e)
		}
	}
	f.ret(b.i32(0))
	f.done()
	src := "#include <stdio.h>\n" + g.decls.String() + "int main(void) {\n" + body.String() + "return 0;\n}\n"
	dir := t.TempDir()
	cfile := filepath.Join(dir, "e.c")
	os.WriteFile(cfile, []byte(src), 0o644)
	bin := filepath.Join(dir, "e")
	if out, err := exec.Command(gcc, "-w", "-O0", "-fwrapv", "-o", bin, cfile).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	want, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	res, got := runMain(t, b, Options{})
	if res.Status != Exited {
		t.Fatalf("interp: %v %s at %v", res.Status, res.Message, res.Pos)
	}
	// gcc folds a + -b into a - b even at -O0, which changes the sign of a
	// NaN flowing through the negation: compare NaNs without their sign.
	norm := func(s string) []string { return strings.Split(strings.ReplaceAll(s, "-nan", "nan"), "\n") }
	wl, gl := norm(string(want)), norm(got)
	srcLines := strings.Split(body.String(), "\n")
	bad := 0
	for i := range wl {
		if i >= len(gl) || wl[i] != gl[i] {
			g := ""
			if i < len(gl) {
				g = gl[i]
			}
			t.Errorf("line %d: interp %q, gcc %q\n  %s", i, g, wl[i], srcLines[i])
			if bad++; bad > 10 {
				break
			}
		}
	}
}

package interp

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/prbmc/prbmc/verifier/ir"
)

// evalAll assigns each expression to a fresh global in main and returns the
// values the globals hold at the end.
func evalAll(t *testing.T, b *pb, exprs ...ir.Expr) ([]val, *Result) {
	t.Helper()
	f := b.mainFn()
	var gs []*ir.Var
	for i, e := range exprs {
		g := b.global("g"+string(rune('a'+i%26))+string(rune('0'+i/26)), e.Type())
		gs = append(gs, g)
		f.set(g, e)
	}
	f.ret(b.i32(0))
	f.done()
	if b.init != nil {
		b.init.done()
	}
	res, m, err := run(context.Background(), b.p, "main", Options{})
	if err != nil {
		t.Fatal(err)
	}
	var out []val
	for _, g := range gs {
		l := m.gvars[g]
		switch l.kind {
		case vlGReg:
			out = append(out, m.gregs[l.idx])
		default:
			out = append(out, m.load(kindOf(g.Type), l.obj, 0))
		}
	}
	return out, res
}

func TestIntegerSemantics(t *testing.T) {
	b := newPB(ir.LP64)
	s := b.std
	const intMin = math.MinInt32
	type tc struct {
		name string
		e    ir.Expr
		want int64 // the C value (unsigned values as their int64 bits)
	}
	i, u := b.i32, b.u32
	bin := b.bin
	cases := []tc{
		{"INT_MAX+1", bin(ir.Add, i(math.MaxInt32), i(1)), intMin},
		{"0u-1", bin(ir.Sub, u(0), u(1)), 4294967295},
		{"INT_MIN*-1", bin(ir.Mul, i(intMin), i(-1)), intMin},
		{"INT_MIN/-1", bin(ir.Div, i(intMin), i(-1)), intMin},
		{"INT_MIN%-1", bin(ir.Rem, i(intMin), i(-1)), 0},
		{"7/0", bin(ir.Div, i(7), i(0)), -1},
		{"0/0", bin(ir.Div, i(0), i(0)), -1},
		{"-7/0", bin(ir.Div, i(-7), i(0)), 1},
		{"7u/0", bin(ir.Div, u(7), u(0)), 4294967295},
		{"7%0", bin(ir.Rem, i(7), i(0)), 7},
		{"-7%0", bin(ir.Rem, i(-7), i(0)), -7},
		{"7u%0", bin(ir.Rem, u(7), u(0)), 7},
		{"-7/2", bin(ir.Div, i(-7), i(2)), -3},
		{"-7%2", bin(ir.Rem, i(-7), i(2)), -1},
		{"7%-2", bin(ir.Rem, i(7), i(-2)), 1},
		{"LLONG_MIN/-1", bin(ir.Div, b.i64(math.MinInt64), b.i64(-1)), math.MinInt64},
		{"LLONG_MIN%-1", bin(ir.Rem, b.i64(math.MinInt64), b.i64(-1)), 0},
		{"ULL/0", bin(ir.Div, b.u64(5), b.u64(0)), -1},
		{"1<<31", bin(ir.Shl, i(1), i(31)), intMin},
		{"1<<32", bin(ir.Shl, i(1), i(32)), 0},
		{"1<<-1", bin(ir.Shl, i(1), i(-1)), 0},
		{"1<<100", bin(ir.Shl, i(1), i(100)), 0},
		{"-8>>1", bin(ir.Shr, i(-8), i(1)), -4},
		{"-8>>40", bin(ir.Shr, i(-8), i(40)), -1},
		{"8>>40", bin(ir.Shr, i(8), i(40)), 0},
		{"-8>>-3", bin(ir.Shr, i(-8), i(-3)), -1},
		{"(unsigned)-8>>1", bin(ir.Shr, u(-8), i(1)), 0x7ffffffc},
		{"0x80000000u>>31", bin(ir.Shr, u(0x80000000), i(31)), 1},
		{"-1u>>32", bin(ir.Shr, u(-1), i(32)), 0},
		{"1LL<<63", bin(ir.Shl, b.i64(1), i(63)), math.MinInt64},
		{"1LL<<64", bin(ir.Shl, b.i64(1), i(64)), 0},
		{"1<<(unsigned char)3", bin(ir.Shl, i(1), b.c(s.UChar, 3)), 8},
		{"1<<(long long)-1", bin(ir.Shl, i(1), b.i64(-1)), 0},
		{"-1<1", b.lt(i(-1), i(1)), 1},
		{"-1u<1u", b.lt(u(-1), u(1)), 0},
		{"-1LL<=0", bin(ir.Le, b.i64(-1), b.i64(0)), 1},
		{"ULLmax>0", bin(ir.Gt, b.u64(math.MaxUint64), b.u64(0)), 1},
		{"5>=5", bin(ir.Ge, i(5), i(5)), 1},
		{"5!=5", b.ne(i(5), i(5)), 0},
		{"0x0f&0x3c", bin(ir.And, i(0x0f), i(0x3c)), 0x0c},
		{"0x0f|0x30", bin(ir.Or, i(0x0f), i(0x30)), 0x3f},
		{"0x0f^0xff", bin(ir.Xor, i(0x0f), i(0xff)), 0xf0},
		{"-INT_MIN", b.un(ir.Neg, i(intMin)), intMin},
		{"~0", b.un(ir.BNot, i(0)), -1},
		{"~0u", b.un(ir.BNot, u(0)), 4294967295},
		{"!5", b.un(ir.LNot, i(5)), 0},
		{"!0", b.un(ir.LNot, i(0)), 1},
		{"(char)300", b.cast(i(300), s.Char), 44},
		{"(signed char)200", b.cast(i(200), s.SChar), -56},
		{"(unsigned char)-1", b.cast(i(-1), s.UChar), 255},
		{"(short)70000", b.cast(i(70000), s.Short), 4464},
		{"(unsigned short)-1", b.cast(i(-1), s.UShort), 65535},
		{"(long long)-5", b.cast(i(-5), s.LongLong), -5},
		{"(ull)(int)-1", b.cast(i(-1), s.ULLong), -1},
		{"(ull)(unsigned)-1", b.cast(u(-1), s.ULLong), 4294967295},
		{"(int)(ull)0x1_0000_0005", b.cast(b.u64(0x1_0000_0005), s.Int), 5},
		{"(unsigned)(long long)-2", b.cast(b.i64(-2), s.UInt), 4294967294},
		{"(_Bool)256", b.cast(i(256), s.Bool), 1},
		{"(_Bool)0", b.cast(i(0), s.Bool), 0},
		{"(_Bool)0.5", b.cast(b.f64(0.5), s.Bool), 1},
		{"(_Bool)NaN", b.cast(b.f64(math.NaN()), s.Bool), 1},
		{"(char)(_Bool)256 + 1", bin(ir.Add, b.cast(b.cast(i(256), s.Bool), s.Int), i(1)), 2},
		{"(int)3.99", b.cast(b.f64(3.99), s.Int), 3},
		{"(int)-3.99", b.cast(b.f64(-3.99), s.Int), -3},
		{"(int)-2147483648.0", b.cast(b.f64(-2147483648.0), s.Int), intMin},
		{"(int)-2147483648.9", b.cast(b.f64(-2147483648.9), s.Int), intMin},
		{"(unsigned)4e9", b.cast(b.f64(4e9), s.UInt), 4000000000},
		{"(unsigned)-0.5", b.cast(b.f64(-0.5), s.UInt), 0},
		{"(unsigned char)255.9", b.cast(b.f64(255.9), s.UChar), 255},
		{"(ull)1.8e19", b.cast(b.f64(1.8e19), s.ULLong), -446744073709551616},
		{"(long long)-9.2e18", b.cast(b.f64(-9.2e18), s.LongLong), -9200000000000000000},
		{"(short)-300.9f", b.cast(b.f32(-300.9), s.Short), -300},
		{"2^53+1 via double", b.cast(b.cast(b.i64(9007199254740993), s.Double), s.LongLong), 9007199254740992},
		{"16777217 via float", b.cast(b.cast(i(16777217), s.Float), s.Int), 16777216},
		{"(int)(a<b) cond", b.cast(b.lt(i(1), i(2)), s.Long), 1},
		{"1?2:3", b.cond(i(1), i(2), i(3)), 2},
		{"0?2:3", b.cond(i(0), i(2), i(3)), 3},
		{"8-bit wrap", bin(ir.Add, b.c(s.UChar, 200), b.c(s.UChar, 100)), 44},
		{"16-bit mul", bin(ir.Mul, b.c(s.Short, 300), b.c(s.Short, 300)), 24464},
		{"signed char div", bin(ir.Div, b.c(s.SChar, -128), b.c(s.SChar, -1)), -128},
		{"1&&0", bin(ir.LAnd, i(1), i(0)), 0},
		{"0||7", bin(ir.LOr, i(0), i(7)), 1},
	}
	var exprs []ir.Expr
	for _, c := range cases {
		exprs = append(exprs, c.e)
	}
	vals, res := evalAll(t, b, exprs...)
	if res.Status != Exited {
		t.Fatalf("status %v: %s at %v", res.Status, res.Message, res.Pos)
	}
	for i, c := range cases {
		if got := int64(vals[i].bits); got != c.want {
			// compare as the value of the type
			k := kindOf(c.e.Type())
			if int64(canon(k, uint64(c.want))) != got {
				t.Errorf("%s = %d (%#x), want %d", c.name, got, vals[i].bits, c.want)
			}
		}
	}
}

func TestFloatSemantics(t *testing.T) {
	b := newPB(ir.LP64)
	s := b.std
	nan := b.bin(ir.Div, b.f64(0), b.f64(0))
	big := b.f32(16777216)
	one := b.f32(1)
	exprs := []ir.Expr{
		b.eq(nan, nan),                     // 0
		b.ne(nan, nan),                     // 1
		b.lt(nan, b.f64(1)),                // 0
		b.bin(ir.Ge, nan, b.f64(1)),        // 0
		b.eq(b.bin(ir.Add, big, one), big), // 1: float32 arithmetic
		b.eq(b.bin(ir.Add, b.cast(big, s.Double), b.cast(one, s.Double)), b.cast(big, s.Double)), // 0
		b.bin(ir.Add, b.f32(0.1), b.f32(0.2)),                                                    // float32 0.3 rounding
		b.bin(ir.Add, b.f64(0.1), b.f64(0.2)),                                                    // 0.30000000000000004
		b.bin(ir.Div, b.f64(1), b.f64(0)),                                                        // +inf
		b.un(ir.Neg, b.f64(0)),                                                                   // -0
		b.cast(b.f64(0.1), s.Float),                                                              // rounding to float
		b.cast(b.u64(math.MaxUint64), s.Double),                                                  // 1.8446744073709552e19
		b.cast(b.u64(math.MaxUint64), s.Float),                                                   // 1.8446744e19
		b.cast(b.i64(-3), s.Float),                                                               // -3
		b.un(ir.LNot, b.f64(0)),                                                                  // 1
		b.un(ir.LNot, nan),                                                                       // 0
		b.bin(ir.Mul, b.f32(1e20), b.f32(1e20)),                                                  // float32 overflow to inf
		b.cond(b.f64(0.0), b.i32(1), b.i32(2)),                                                   // 2
	}
	vals, res := evalAll(t, b, exprs...)
	if res.Status != Exited {
		t.Fatalf("status %v: %s", res.Status, res.Message)
	}
	wantInt := map[int]uint64{0: 0, 1: 1, 2: 0, 3: 0, 4: 1, 5: 0, 14: 1, 15: 0, 17: 2}
	for i, w := range wantInt {
		if vals[i].bits != w {
			t.Errorf("expr %d = %d, want %d", i, vals[i].bits, w)
		}
	}
	if got := uint32(vals[6].bits); got != 0x3e99999a {
		t.Errorf("0.1f+0.2f = %#x", got)
	}
	if got := f64(vals[7]); got != 0.30000000000000004 {
		t.Errorf("0.1+0.2 = %v", got)
	}
	if got := f64(vals[8]); !math.IsInf(got, 1) {
		t.Errorf("1/0. = %v", got)
	}
	if got := f64(vals[9]); got != 0 || !math.Signbit(got) {
		t.Errorf("-0. = %v", got)
	}
	if got := f32(vals[10]); got != float32(0.1) {
		t.Errorf("(float)0.1 = %v", got)
	}
	if got := f64(vals[11]); got != 18446744073709551615.0 {
		t.Errorf("(double)ULLONG_MAX = %v", got)
	}
	if got := f32(vals[12]); got != float32(18446744073709551615.0) {
		t.Errorf("(float)ULLONG_MAX = %v", got)
	}
	if got := f32(vals[13]); got != -3 {
		t.Errorf("(float)-3LL = %v", got)
	}
	if got := f32(vals[16]); !math.IsInf(float64(got), 1) {
		t.Errorf("1e20f*1e20f = %v", got)
	}
}

func TestUndefinedConversion(t *testing.T) {
	for _, c := range []struct {
		name string
		e    func(b *pb) ir.Expr
	}{
		{"(int)1e10", func(b *pb) ir.Expr { return b.cast(b.f64(1e10), b.std.Int) }},
		{"(int)2147483648.0", func(b *pb) ir.Expr { return b.cast(b.f64(2147483648.0), b.std.Int) }},
		{"(int)NaN", func(b *pb) ir.Expr { return b.cast(b.bin(ir.Div, b.f64(0), b.f64(0)), b.std.Int) }},
		{"(unsigned)-1.0", func(b *pb) ir.Expr { return b.cast(b.f64(-1), b.std.UInt) }},
		{"(char)128.0f", func(b *pb) ir.Expr { return b.cast(b.f32(128), b.std.Char) }},
		{"(ull)1.9e19", func(b *pb) ir.Expr { return b.cast(b.f64(1.9e19), b.std.ULLong) }},
		{"(long long)9.3e18", func(b *pb) ir.Expr { return b.cast(b.f64(9.3e18), b.std.LongLong) }},
	} {
		b := newPB(ir.LP64)
		_, res := evalAll(t, b, c.e(b))
		if res.Status != Fault || !strings.Contains(res.Message, "undefined conversion") || !res.Pos.IsValid() {
			t.Errorf("%s: %v %q at %v", c.name, res.Status, res.Message, res.Pos)
		}
	}
}

func TestLazyOperators(t *testing.T) {
	b := newPB(ir.LP64)
	s := b.std
	np := b.null(s.Int)
	boom := b.ne(b.deref(np), b.i32(0)) // faults when evaluated
	exprs := []ir.Expr{
		b.bin(ir.LAnd, b.i32(0), boom),
		b.bin(ir.LOr, b.i32(1), boom),
		b.cond(b.i32(1), b.i32(5), b.deref(np)),
		b.cond(b.i32(0), b.deref(np), b.i32(6)),
		b.bin(ir.Add, b.cast(b.bin(ir.LAnd, b.i32(2), b.i32(3)), s.Int), b.i32(0)),
	}
	vals, res := evalAll(t, b, exprs...)
	if res.Status != Exited {
		t.Fatalf("status %v: %s", res.Status, res.Message)
	}
	for i, w := range []uint64{0, 1, 5, 6, 1} {
		if vals[i].bits != w {
			t.Errorf("expr %d = %d, want %d", i, vals[i].bits, w)
		}
	}
	// and the non-lazy side does fault
	b = newPB(ir.LP64)
	_, res = evalAll(t, b, b.bin(ir.LAnd, b.i32(1), b.ne(b.deref(b.null(b.std.Int)), b.i32(0))))
	if res.Status != Fault || !strings.Contains(res.Message, "NULL pointer") {
		t.Errorf("got %v %q", res.Status, res.Message)
	}
}

// runMain runs main of b and returns the result and output.
func runMain(t *testing.T, b *pb, opts Options) (*Result, string) {
	t.Helper()
	return b.run(t, "main", opts)
}

// wantPrints ends main (f) with return 0, runs the program and fails t
// unless it exits having printed want.
func wantPrints(t *testing.T, b *pb, f *fb, want string) {
	t.Helper()
	f.ret(b.i32(0))
	f.done()
	res, out := runMain(t, b, Options{})
	if res.Status != Exited || out != want {
		t.Fatalf("got %v %q %s", res.Status, out, res.Message)
	}
}

func TestPointers(t *testing.T) {
	b := newPB(ir.LP64)
	s := b.std
	node := b.strct("struct node", false, "val", s.Int, "next", s.VoidPtr)
	node.Fields[1].Type = b.ptr(node)
	pInt := b.ptr(s.Int)
	f := b.mainFn()
	x := f.local("x", s.Int)
	a := f.local("a", b.arr(s.Int, 4))
	p := f.local("p", pInt)
	q := f.local("q", pInt)
	n1 := f.local("n1", node)
	n2 := f.local("n2", node)
	pn := f.local("pn", b.ptr(node))
	ps := f.local("ps", b.arr(pInt, 2)) // array of pointers
	cp := f.local("cp", b.arr(pInt, 2)) // its memcpy'd copy
	addr := f.local("addr", s.ULong)
	sum := f.local("sum", s.Int)
	r := b.ref
	f.set(x, b.i32(41))
	f.set(p, b.addr(r(x)))
	f.assign(b.deref(r(p)), b.add(b.deref(r(p)), b.i32(1))) // x = 42
	for k := 0; k < 4; k++ {
		f.assign(b.index(r(a), b.i32(int64(k))), b.i32(int64(10*k)))
	}
	f.set(q, b.ptradd(b.addr(b.index(r(a), b.i32(0))), b.i32(3))) // &a[3]
	f.set(sum, b.add(r(x), b.deref(r(q))))                        // 42 + 30
	// linked list n1 -> n2
	f.assign(b.field(r(n1), 0), b.i32(1))
	f.assign(b.field(r(n2), 0), b.i32(2))
	f.assign(b.field(r(n1), 1), b.addr(r(n2)))
	f.assign(b.field(r(n2), 1), b.null(node))
	f.set(pn, b.addr(r(n1)))
	f.set(sum, b.add(r(sum), b.field(b.deref(b.field(b.deref(r(pn)), 1)), 0))) // + n1.next->val = 2
	// pointers copied through memcpy
	f.assign(b.index(r(ps), b.i32(0)), b.addr(r(x)))
	f.assign(b.index(r(ps), b.i32(1)), b.addr(b.index(r(a), b.i32(2))))
	f.builtin(nil, ir.BMemcpy, b.cast(b.addr(r(cp)), s.VoidPtr), b.cast(b.addr(r(ps)), s.VoidPtr), b.sz(16))
	f.set(sum, b.add(r(sum), b.deref(b.index(r(cp), b.i32(1))))) // + 20
	f.set(sum, b.add(r(sum), b.deref(b.index(r(cp), b.i32(0))))) // + 42
	// pointer -> int -> pointer
	f.set(addr, b.cast(b.addr(b.index(r(a), b.i32(1))), s.ULong))
	f.set(q, b.cast(r(addr), pInt))
	f.set(sum, b.add(r(sum), b.deref(r(q)))) // + 10
	// pointer difference and comparisons
	f.set(sum, b.add(r(sum), b.cast(b.bin(ir.PtrSub, b.addr(b.index(r(a), b.i32(3))), r(q)), s.Int))) // + 2
	f.set(sum, b.add(r(sum), b.lt(r(q), b.addr(b.index(r(a), b.i32(3))))))                            // + 1
	f.set(sum, b.add(r(sum), b.eq(r(q), b.addr(b.index(r(a), b.i32(1))))))                            // + 1
	f.set(sum, b.add(r(sum), b.eq(b.null(s.Int), b.cast(b.i64(0), pInt))))                            // + 1
	f.set(sum, b.add(r(sum), b.ne(r(q), b.null(s.Int))))                                              // + 1
	// one past the end may be formed and compared
	f.set(q, b.ptradd(b.addr(b.index(r(a), b.i32(0))), b.i32(4)))
	f.set(sum, b.add(r(sum), b.bin(ir.Gt, r(q), b.addr(b.index(r(a), b.i32(3)))))) // + 1
	// byte-wise copy of a pointer through a char loop
	f.set(p, b.addr(r(x)))
	ch := b.ptr(s.UChar)
	pp := f.local("pp", pInt)
	for k := 0; k < 8; k++ {
		dst := b.deref(b.ptradd(b.cast(b.addr(r(pp)), ch), b.i32(int64(k))))
		src := b.deref(b.ptradd(b.cast(b.addr(r(p)), ch), b.i32(int64(k))))
		f.assign(dst, src)
	}
	f.set(sum, b.add(r(sum), b.deref(r(pp)))) // + 42
	f.ret(r(sum))
	f.done()
	res, _ := runMain(t, b, Options{})
	want := (42 + 30 + 2 + 20 + 42 + 10 + 2 + 1 + 1 + 1 + 1 + 1 + 42) & 255
	if res.Status != Exited || res.ExitCode != want {
		t.Fatalf("got %v %d (%s at %v), want exit %d", res.Status, res.ExitCode, res.Message, res.Pos, want)
	}
}

func TestUnionAndStructCopy(t *testing.T) {
	b := newPB(ir.LP64)
	s := b.std
	u := b.strct("union u", true, "f", s.Float, "i", s.UInt)
	pt := b.strct("struct pt", false, "x", s.Int, "p", b.ptr(s.Int), "c", s.Char)
	f := b.mainFn()
	v := f.local("v", u)
	x := f.local("x", s.Int)
	s1 := f.local("s1", pt)
	s2 := f.local("s2", pt)
	res := b.global("res", s.UInt)
	r := b.ref
	f.assign(b.field(r(v), 0), b.f32(1.0))
	f.set(res, b.field(r(v), 1))
	f.set(x, b.i32(7))
	f.assign(b.field(r(s1), 0), b.i32(3))
	f.assign(b.field(r(s1), 1), b.addr(r(x)))
	f.assign(r(s2), r(s1)) // aggregate copy keeps the pointer
	f.set(x, b.add(b.deref(b.field(r(s2), 1)), b.field(r(s2), 0)))
	f.ret(r(x))
	f.done()
	rs, _, err := run(context.Background(), b.p, "main", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rs.Status != Exited || rs.ExitCode != 10 {
		t.Fatalf("got %v %d %s", rs.Status, rs.ExitCode, rs.Message)
	}
	_ = res
}

func TestUnionBits(t *testing.T) {
	b := newPB(ir.LP64)
	s := b.std
	u := b.strct("union u", true, "f", s.Float, "i", s.UInt)
	f := b.mainFn()
	v := f.local("v", u)
	f.assign(b.field(b.ref(v), 0), b.f32(1.0))
	f.printf("%x\n", b.field(b.ref(v), 1))
	wantPrints(t, b, f, "3f800000\n")
}

// faultProg builds main with body and expects a Fault mentioning want.
func expectFault(t *testing.T, name string, want string, build func(b *pb, f *fb)) {
	t.Helper()
	b := newPB(ir.LP64)
	f := b.mainFn()
	build(b, f)
	f.ret(b.i32(0))
	f.done()
	res, _ := runMain(t, b, Options{})
	if res.Status != Fault || !strings.Contains(res.Message, want) {
		t.Errorf("%s: got %v %q, want a fault with %q", name, res.Status, res.Message, want)
		return
	}
	if !res.Pos.IsValid() {
		t.Errorf("%s: fault without position", name)
	}
}

func TestFaults(t *testing.T) {
	expectFault(t, "null deref", "NULL pointer dereference", func(b *pb, f *fb) {
		x := f.local("x", b.std.Int)
		f.set(x, b.deref(b.null(b.std.Int)))
	})
	expectFault(t, "null write", "NULL pointer dereference", func(b *pb, f *fb) {
		f.assign(b.deref(b.null(b.std.Int)), b.i32(1))
	})
	expectFault(t, "null field", "NULL pointer dereference", func(b *pb, f *fb) {
		st := b.strct("struct s", false, "a", b.std.Int, "b", b.std.Int)
		f.assign(b.field(b.deref(b.null(st)), 1), b.i32(1))
	})
	expectFault(t, "invalid pointer", "invalid pointer", func(b *pb, f *fb) {
		f.assign(b.deref(b.cast(b.i64(0x12345678), b.ptr(b.std.Int))), b.i32(1))
	})
	expectFault(t, "out of bounds read", "out-of-bounds read", func(b *pb, f *fb) {
		a := f.local("a", b.arr(b.std.Int, 4))
		x := f.local("x", b.std.Int)
		i := f.local("i", b.std.Int)
		f.set(i, b.i32(4))
		f.set(x, b.index(b.ref(a), b.ref(i)))
	})
	expectFault(t, "negative index", "out-of-bounds write", func(b *pb, f *fb) {
		a := f.local("a", b.arr(b.std.Int, 4))
		f.assign(b.index(b.ref(a), b.i32(-1)), b.i32(0))
	})
	expectFault(t, "heap out of bounds", "out-of-bounds write", func(b *pb, f *fb) {
		p := f.local("p", b.ptr(b.std.Int))
		f.builtin(b.ref(p), ir.BMalloc, b.sz(8))
		f.assign(b.deref(b.ptradd(b.ref(p), b.i32(2))), b.i32(1))
	})
	expectFault(t, "use after free", "use after free", func(b *pb, f *fb) {
		p := f.local("p", b.ptr(b.std.Int))
		f.builtin(b.ref(p), ir.BMalloc, b.sz(8))
		f.builtin(nil, ir.BFree, b.ref(p))
		f.assign(b.deref(b.ref(p)), b.i32(1))
	})
	expectFault(t, "double free", "double free", func(b *pb, f *fb) {
		p := f.local("p", b.ptr(b.std.Int))
		f.builtin(b.ref(p), ir.BMalloc, b.sz(8))
		f.builtin(nil, ir.BFree, b.ref(p))
		f.builtin(nil, ir.BFree, b.ref(p))
	})
	expectFault(t, "free of local", "not a heap block", func(b *pb, f *fb) {
		x := f.local("x", b.std.Int)
		f.builtin(nil, ir.BFree, b.addr(b.ref(x)))
	})
	expectFault(t, "free of middle", "middle", func(b *pb, f *fb) {
		p := f.local("p", b.ptr(b.std.Int))
		f.builtin(b.ref(p), ir.BMalloc, b.sz(8))
		f.builtin(nil, ir.BFree, b.ptradd(b.ref(p), b.i32(1)))
	})
	expectFault(t, "dangling local", "dangling pointer", func(b *pb, f *fb) {
		pInt := b.ptr(b.std.Int)
		g := b.fn("g", pInt)
		y := g.local("y", b.std.Int)
		g.set(y, b.i32(3))
		g.ret(b.addr(b.ref(y)))
		g.done()
		p := f.local("p", pInt)
		x := f.local("x", b.std.Int)
		f.call(b.ref(p), g.f)
		f.set(x, b.deref(b.ref(p)))
	})
	expectFault(t, "dead", "outside its lifetime", func(b *pb, f *fb) {
		p := f.local("p", b.ptr(b.std.Int))
		y := f.local("y", b.std.Int)
		f.decl(y)
		f.set(p, b.addr(b.ref(y)))
		f.dead(y)
		f.assign(b.deref(b.ref(p)), b.i32(1))
	})
	expectFault(t, "write string literal", "read-only", func(b *pb, f *fb) {
		s := b.str("abc")
		f.assign(b.deref(s), b.c(b.std.Char, 'x'))
	})
	expectFault(t, "undefined function", "call of undefined function ext", func(b *pb, f *fb) {
		ext := b.extern("ext", b.std.Int)
		f.call(nil, ext)
	})
	expectFault(t, "memcpy overflow", "out-of-bounds", func(b *pb, f *fb) {
		a := f.local("a", b.arr(b.std.Char, 4))
		c := f.local("c", b.arr(b.std.Char, 8))
		f.builtin(nil, ir.BMemcpy, b.cast(b.addr(b.ref(a)), b.std.VoidPtr), b.cast(b.addr(b.ref(c)), b.std.VoidPtr), b.sz(8))
	})
	expectFault(t, "pointer subtraction", "different objects", func(b *pb, f *fb) {
		x := f.local("x", b.std.Int)
		y := f.local("y", b.std.Int)
		d := f.local("d", b.std.Long)
		f.set(d, b.bin(ir.PtrSub, b.addr(b.ref(x)), b.addr(b.ref(y))))
	})
	expectFault(t, "alloca after return", "dangling pointer", func(b *pb, f *fb) {
		pInt := b.ptr(b.std.Int)
		g := b.fn("g", pInt)
		q := g.local("q", pInt)
		g.builtin(b.ref(q), ir.BAlloca, b.sz(16))
		g.ret(b.ref(q))
		g.done()
		p := f.local("p", pInt)
		f.call(b.ref(p), g.f)
		f.assign(b.deref(b.ref(p)), b.i32(1))
	})
	expectFault(t, "stack overflow", "stack overflow", func(b *pb, f *fb) {
		g := b.fn("g", ir.Void)
		g.call(nil, g.f)
		g.ret(nil)
		g.done()
		f.call(nil, g.f)
	})
	expectFault(t, "128-bit", "128-bit", func(b *pb, f *fb) {
		t128 := &ir.IntType{Kind: ir.Int128, Bits: 128, Signed: true}
		x := f.local("x", t128)
		f.set(x, &ir.Const{T: t128, Bits: 1})
	})
	expectFault(t, "malformed field", "malformed IR", func(b *pb, f *fb) {
		x := f.local("x", b.std.Int)
		f.set(x, &ir.Index{X: b.ref(x), I: b.i32(0)})
	})
}

func TestMallocCalloc(t *testing.T) {
	b := newPB(ir.LP64)
	s := b.std
	pInt := b.ptr(s.Int)
	f := b.mainFn()
	p := f.local("p", pInt)
	q := f.local("q", pInt)
	z1 := f.local("z1", s.VoidPtr)
	z2 := f.local("z2", s.VoidPtr)
	sum := f.local("sum", s.Int)
	f.builtin(b.ref(p), ir.BCalloc, b.sz(4), b.sz(4))
	f.set(sum, b.add(b.deref(b.ref(p)), b.deref(b.ptradd(b.ref(p), b.i32(3))))) // 0
	f.builtin(b.ref(q), ir.BMalloc, b.sz(16))
	f.builtin(nil, ir.BMemset, b.cast(b.ref(q), s.VoidPtr), b.i32(1), b.sz(16))
	f.set(sum, b.add(b.ref(sum), b.deref(b.ptradd(b.ref(q), b.i32(2))))) // 0x01010101
	f.builtin(nil, ir.BMemmove, b.cast(b.ptradd(b.ref(p), b.i32(1)), s.VoidPtr), b.cast(b.ref(q), s.VoidPtr), b.sz(12))
	f.set(sum, b.add(b.ref(sum), b.deref(b.ptradd(b.ref(p), b.i32(3))))) // 0x01010101
	f.builtin(b.ref(z1), ir.BMalloc, b.sz(0))
	f.builtin(b.ref(z2), ir.BMalloc, b.sz(0))
	f.set(sum, b.add(b.ref(sum), b.ne(b.ref(z1), b.ref(z2))))       // +1
	f.set(sum, b.add(b.ref(sum), b.ne(b.ref(z1), b.null(ir.Void)))) // +1
	f.builtin(nil, ir.BFree, b.ref(z1))
	f.builtin(nil, ir.BFree, b.null(ir.Void))
	f.builtin(nil, ir.BFree, b.ref(p))
	f.printf("%d\n", b.ref(sum))
	wantPrints(t, b, f, "33686020\n")
}

func TestRecursion(t *testing.T) {
	b := newPB(ir.LP64)
	s := b.std
	// int fact(int n) { if (n <= 1) return 1; int r; r = fact(n-1); return n*r; }
	n := pv("n", s.Int)
	g := b.fn("fact", s.Int, n)
	r := g.local("r", s.Int)
	g.gotoIf(b.bin(ir.Gt, b.ref(n), b.i32(1)), "rec")
	g.ret(b.i32(1))
	g.label("rec")
	g.call(b.ref(r), g.f, b.bin(ir.Sub, b.ref(n), b.i32(1)))
	g.ret(b.bin(ir.Mul, b.ref(n), b.ref(r)))
	g.done()
	// void chain(int *parent, int depth): each activation's local is its own
	pInt := b.ptr(s.Int)
	par, dep := pv("parent", pInt), pv("depth", s.Int)
	h := b.fn("chain", s.Int, par, dep)
	mine := h.local("mine", s.Int)
	rr := h.local("rr", s.Int)
	h.set(mine, b.bin(ir.Mul, b.ref(dep), b.i32(10)))
	h.gotoIf(b.eq(b.ref(dep), b.i32(0)), "base")
	h.call(b.ref(rr), h.f, b.addr(b.ref(mine)), b.bin(ir.Sub, b.ref(dep), b.i32(1)))
	h.ret(b.add(b.ref(rr), b.ref(mine)))
	h.label("base")
	h.ret(b.deref(b.ref(par))) // the parent's local (depth 1: 10)
	h.done()
	f := b.mainFn()
	x := f.local("x", s.Int)
	y := f.local("y", s.Int)
	top := f.local("top", s.Int)
	f.call(b.ref(x), g.f, b.i32(10))
	f.set(top, b.i32(99))
	f.call(b.ref(y), h.f, b.addr(b.ref(top)), b.i32(3))
	f.printf("%d %d\n", b.ref(x), b.ref(y))
	wantPrints(t, b, f, "3628800 70\n")
}

func TestStructArgsAndReturn(t *testing.T) {
	b := newPB(ir.LP64)
	s := b.std
	pt := b.strct("struct pt", false, "x", s.Int, "y", s.Int)
	a := pv("a", pt)
	g := b.fn("swap", pt, a)
	t2 := g.local("t", pt)
	g.assign(b.field(b.ref(t2), 0), b.field(b.ref(a), 1))
	g.assign(b.field(b.ref(t2), 1), b.field(b.ref(a), 0))
	g.assign(b.field(b.ref(a), 0), b.i32(100)) // a is a copy
	g.ret(b.ref(t2))
	g.done()
	f := b.mainFn()
	p := f.local("p", pt)
	q := f.local("q", pt)
	f.assign(b.field(b.ref(p), 0), b.i32(1))
	f.assign(b.field(b.ref(p), 1), b.i32(2))
	f.call(b.ref(q), g.f, b.ref(p))
	f.printf("%d %d %d %d\n", b.field(b.ref(p), 0), b.field(b.ref(p), 1), b.field(b.ref(q), 0), b.field(b.ref(q), 1))
	wantPrints(t, b, f, "1 2 2 1\n")
}

func TestExitCodes(t *testing.T) {
	for _, c := range []struct {
		name   string
		build  func(b *pb, f *fb)
		status Status
		code   int
	}{
		{"return 256", func(b *pb, f *fb) { f.ret(b.i32(256)) }, Exited, 0},
		{"return -1", func(b *pb, f *fb) { f.ret(b.i32(-1)) }, Exited, 255},
		{"return 17", func(b *pb, f *fb) { f.ret(b.i32(17)) }, Exited, 17},
		{"fall off main", func(b *pb, f *fb) { f.skip() }, Exited, 0},
		{"exit(3)", func(b *pb, f *fb) { f.builtin(nil, ir.BExit, b.i32(3)); f.ret(b.i32(1)) }, Exited, 3},
		{"exit(-2)", func(b *pb, f *fb) { f.builtin(nil, ir.BExit, b.i32(-2)) }, Exited, 254},
		{"abort", func(b *pb, f *fb) { f.builtin(nil, ir.BAbort); f.ret(b.i32(1)) }, Aborted, 134},
		{"unsupported", func(b *pb, f *fb) { f.unsupported("inline asm"); f.ret(b.i32(1)) }, Unsupported, 0},
		{"assume false", func(b *pb, f *fb) { f.assume(b.i32(0)); f.ret(b.i32(1)) }, Blocked, 0},
		{"assume true", func(b *pb, f *fb) { f.assume(b.i32(1)); f.ret(b.i32(1)) }, Exited, 1},
		{"assert", func(b *pb, f *fb) { f.assert(b.eq(b.i32(1), b.i32(2)), "1 == 2"); f.ret(b.i32(1)) }, AssertFailed, 0},
		{"callee falls off", func(b *pb, f *fb) {
			g := b.fn("g", b.std.Int)
			g.skip()
			g.done()
			x := f.local("x", b.std.Int)
			f.call(b.ref(x), g.f)
			f.ret(b.add(b.ref(x), b.i32(5)))
		}, Exited, 5},
	} {
		b := newPB(ir.LP64)
		f := b.mainFn()
		c.build(b, f)
		f.done()
		res, _ := runMain(t, b, Options{})
		if res.Status != c.status || res.ExitCode != c.code {
			t.Errorf("%s: got %v %d (%s), want %v %d", c.name, res.Status, res.ExitCode, res.Message, c.status, c.code)
		}
		switch res.Status {
		case AssertFailed:
			if res.Prop == nil || res.Prop.Text != "1 == 2" || !res.Pos.IsValid() {
				t.Errorf("%s: prop %+v pos %v", c.name, res.Prop, res.Pos)
			}
		case Unsupported:
			if res.Message != "inline asm" {
				t.Errorf("%s: message %q", c.name, res.Message)
			}
		}
	}
}

func TestInputs(t *testing.T) {
	b := newPB(ir.LP64)
	s := b.std
	n := pv("n", s.Int)
	f := b.fn("main", s.Int, n)
	x := f.local("x", s.Int)
	y := f.local("y", s.Int)
	c := f.local("c", s.UChar)
	f.decl(y)
	f.set(x, b.nondet(s.Int, "__VERIFIER_nondet_int"))
	f.set(c, b.nondet(s.UChar, "__VERIFIER_nondet_uchar"))
	f.ret(b.add(b.add(b.add(b.ref(x), b.ref(y)), b.ref(n)), b.cast(b.ref(c), s.Int)))
	f.done()
	src := &seqSource{vals: [][]byte{le32(1), le32(20), le32(300), {7}}}
	res, _ := b.run(t, "main", Options{Inputs: src})
	if res.Status != Exited || res.ExitCode != (1+20+300+7)&255 {
		t.Fatalf("got %v %d %s", res.Status, res.ExitCode, res.Message)
	}
	wantWhy := []string{"parameter n", "uninitialised y", "__VERIFIER_nondet_int", "__VERIFIER_nondet_uchar"}
	if len(res.Inputs) != len(wantWhy) {
		t.Fatalf("inputs %+v", res.Inputs)
	}
	for i, w := range wantWhy {
		in := res.Inputs[i]
		if in.Why != w || len(in.Bytes) != int(in.Type.Size()) {
			t.Errorf("input %d: %+v, want %s", i, in, w)
		}
	}
	if !res.Inputs[2].Pos.IsValid() {
		t.Errorf("nondet without position")
	}
	// Args give the parameters; nil Inputs give zeros.
	res, _ = b.run(t, "main", Options{Args: [][]byte{le32(5)}})
	if res.Status != Exited || res.ExitCode != 5 || len(res.Inputs) != 2 {
		t.Fatalf("got %v %d %+v", res.Status, res.ExitCode, res.Inputs)
	}
	// a source that runs dry
	res, _ = b.run(t, "main", Options{Inputs: &seqSource{vals: [][]byte{le32(1)}}})
	if res.Status != InputError {
		t.Fatalf("got %v %s", res.Status, res.Message)
	}
	res, _ = b.run(t, "main", Options{Inputs: &seqSource{vals: [][]byte{le32(1), {1, 2}}}})
	if res.Status != InputError || !strings.Contains(res.Message, "2 bytes") {
		t.Fatalf("got %v %s", res.Status, res.Message)
	}
	// misuse
	if _, err := Run(context.Background(), b.p, "nosuch", Options{}); err == nil {
		t.Errorf("no error for a missing entry")
	}
	if _, err := Run(context.Background(), b.p, "main", Options{Args: [][]byte{{1}}}); err == nil {
		t.Errorf("no error for a bad argument size")
	}
}

func TestNondetPointerAndAggregate(t *testing.T) {
	b := newPB(ir.LP64)
	s := b.std
	pt := b.strct("struct pt", false, "x", s.Int, "y", s.Int)
	f := b.mainFn()
	p := f.local("p", pt)
	q := f.local("q", b.ptr(s.Int))
	f.decl(p)
	f.set(q, b.nondet(b.ptr(s.Int), "__VERIFIER_nondet_pointer"))
	f.assign(b.ref(p), b.nondet(pt, "__VERIFIER_nondet_struct"))
	f.ret(b.add(b.add(b.field(b.ref(p), 0), b.field(b.ref(p), 1)), b.cast(b.ne(b.ref(q), b.null(s.Int)), s.Int)))
	f.done()
	src := &seqSource{vals: [][]byte{make([]byte, 8), make([]byte, 8), {1, 0, 0, 0, 2, 0, 0, 0}}}
	res, _ := b.run(t, "main", Options{Inputs: src})
	if res.Status != Exited || res.ExitCode != 3 {
		t.Fatalf("got %v %d %s", res.Status, res.ExitCode, res.Message)
	}
}

func TestTrace(t *testing.T) {
	b := newPB(ir.LP64)
	s := b.std
	node := b.strct("struct node", false, "val", s.Int, "next", s.VoidPtr)
	sq := pv("v", s.Int)
	g := b.fn("sq", s.Int, sq)
	g.ret(b.bin(ir.Mul, b.ref(sq), b.ref(sq)))
	g.done()
	f := b.mainFn()
	a := f.local("a", b.arr(s.Int, 5))
	i := f.local("i", s.Int)
	p := f.local("p", b.ptr(node))
	nd := f.local("nd", node)
	d := f.local("d", s.Double)
	f.decl(i)
	f.set(i, b.i32(3))
	f.assign(b.index(b.ref(a), b.ref(i)), b.i32(5))
	f.set(p, b.addr(b.ref(nd)))
	f.assign(b.field(b.deref(b.ref(p)), 1), b.cast(b.addr(b.index(b.ref(a), b.i32(2))), s.VoidPtr))
	f.set(d, b.f64(2.5))
	f.call(b.ref(i), g.f, b.ref(i))
	f.assert(b.eq(b.ref(i), b.i32(9)), "i == 9")
	f.ret(b.i32(0))
	f.done()
	res, _ := runMain(t, b, Options{Trace: true})
	if res.Status != Exited {
		t.Fatalf("%v %s", res.Status, res.Message)
	}
	want := []Step{
		{Func: "main", Text: "decl int i", Lhs: "i", Value: "0"},
		{Func: "main", Text: "i = 3", Lhs: "i", Value: "3"},
		{Func: "main", Text: "a[i] = 5", Lhs: "a[3]", Value: "5"},
		{Func: "main", Text: "p = &nd", Lhs: "p", Value: "&nd"},
		{Func: "main", Text: "p->next = (void*)&a[2]", Lhs: "p->next", Value: "&a+8"},
		{Func: "main", Text: "d = 2.5", Lhs: "d", Value: "2.5"},
		{Func: "main", Text: "i = sq(i)", Lhs: "i", Value: "9"},
		{Func: "sq", Text: "return v * v", Value: "9"},
		{Func: "main", Text: "assert(i == 9)", Value: "true"},
		{Func: "main", Text: "return 0", Value: "0"},
	}
	if len(res.Trace) != len(want) {
		for _, st := range res.Trace {
			t.Logf("%+v", st)
		}
		t.Fatalf("%d steps, want %d", len(res.Trace), len(want))
	}
	for k, w := range want {
		got := res.Trace[k]
		if got.Func != w.Func || got.Text != w.Text || got.Lhs != w.Lhs || got.Value != w.Value || !got.Pos.IsValid() {
			t.Errorf("step %d: %+v, want %+v", k, got, w)
		}
	}
}

func TestStepLimitAndCancel(t *testing.T) {
	b := newPB(ir.LP64)
	f := b.mainFn()
	x := f.local("x", b.std.Int)
	f.label("top")
	f.set(x, b.add(b.ref(x), b.i32(1)))
	f.jump("top")
	f.done()
	res, _ := runMain(t, b, Options{MaxSteps: 1001})
	if res.Status != StepLimit || res.Steps != 1001 {
		t.Fatalf("got %v after %d steps", res.Status, res.Steps)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Run(ctx, b.p, "main", Options{})
	if err != nil || res.Status != Canceled {
		t.Fatalf("got %v %v", res.Status, err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	res, err = Run(ctx, b.p, "main", Options{MaxSteps: math.MaxInt64})
	if err != nil || res.Status != Canceled || time.Since(start) > 5*time.Second {
		t.Fatalf("got %v %v after %v", res.Status, err, time.Since(start))
	}
}

func TestInitAndGlobals(t *testing.T) {
	b := newPB(ir.LP64)
	s := b.std
	g := b.global("g", s.Int)
	h := b.global("h", s.Int) // zero
	arr := b.global("arr", b.arr(s.Int, 3))
	ptr := b.global("gp", b.ptr(s.Int))
	in := b.initf()
	in.set(g, b.i32(5))
	in.assign(b.index(b.ref(arr), b.i32(2)), b.i32(7))
	in.set(ptr, b.addr(b.index(b.ref(arr), b.i32(2))))
	f := b.mainFn()
	msg := b.str("hi")
	f.printf("%s %d %d %d\n", msg, b.ref(g), b.ref(h), b.deref(b.ref(ptr)))
	wantPrints(t, b, f, "hi 5 0 7\n")
}

func TestILP32(t *testing.T) {
	b := newPB(ir.ILP32)
	s := b.std
	pInt := b.ptr(s.Int)
	f := b.mainFn()
	a := f.local("a", b.arr(s.Int, 4))
	p := f.local("p", pInt)
	u := f.local("u", s.UInt)
	f.assign(b.index(b.ref(a), b.i32(1)), b.i32(11))
	f.set(p, b.addr(b.index(b.ref(a), b.i32(2))))
	// p + 0xffffffffu wraps to p - 1 on a 32-bit target
	f.set(u, b.u32(-1))
	f.set(p, b.ptradd(b.ref(p), b.ref(u)))
	f.printf("%d %zu %ld %lu\n", b.deref(b.ref(p)), b.c(s.SizeT, 4), b.c(s.Long, -1), b.c(s.ULong, 0xffffffff))
	f.ret(b.cast(b.bin(ir.Eq, b.cast(b.cast(b.ref(p), s.UInt), pInt), b.ref(p)), s.Int))
	f.done()
	res, out := runMain(t, b, Options{})
	if res.Status != Exited || out != "11 4 -1 4294967295\n" || res.ExitCode != 1 {
		t.Fatalf("got %v %d %q %s", res.Status, res.ExitCode, out, res.Message)
	}
}

func TestPutsPutchar(t *testing.T) {
	b := newPB(ir.LP64)
	s := b.std
	f := b.mainFn()
	r := f.local("r", s.Int)
	r2 := f.local("r2", s.Int)
	f.builtin(b.ref(r), ir.BPuts, b.str("hello"))
	f.builtin(b.ref(r2), ir.BPutchar, b.i32('A'+256))
	f.builtin(nil, ir.BPutchar, b.i32('\n'))
	f.printf("%d %d\n", b.ref(r), b.ref(r2))
	wantPrints(t, b, f, "hello\nA\n6 65\n")
}

func TestMalformedNoPanic(t *testing.T) {
	b := newPB(ir.LP64)
	f := b.mainFn()
	f.add(nil)
	f.done()
	res, _ := runMain(t, b, Options{})
	if res.Status != Fault {
		t.Fatalf("got %v", res.Status)
	}
	b = newPB(ir.LP64)
	f = b.mainFn()
	f.add(&ir.Goto{Target: 99})
	f.done()
	res, _ = runMain(t, b, Options{})
	if res.Status != Fault || !strings.Contains(res.Message, "malformed") {
		t.Fatalf("got %v %s", res.Status, res.Message)
	}
}

func TestConcurrentRuns(t *testing.T) {
	b := memProgram(2000)
	if b.init != nil {
		b.init.done()
	}
	done := make(chan *Result)
	for k := 0; k < 4; k++ {
		go func() {
			res, _ := Run(context.Background(), b.p, "main", Options{})
			done <- res
		}()
	}
	var first *Result
	for k := 0; k < 4; k++ {
		res := <-done
		if res.Status != Exited {
			t.Fatalf("%v %s", res.Status, res.Message)
		}
		if first == nil {
			first = res
		} else if res.ExitCode != first.ExitCode || res.Steps != first.Steps {
			t.Fatalf("runs differ")
		}
	}
}

// The hot path does not allocate: a run's allocations do not grow with its
// length.
func TestNoAllocationsPerStep(t *testing.T) {
	for _, mk := range []func(int64) *pb{loopProgram, memProgram} {
		small, large := mk(100), mk(20000)
		allocs := func(b *pb) float64 {
			return testing.AllocsPerRun(3, func() {
				if _, err := Run(context.Background(), b.p, "main", Options{}); err != nil {
					t.Fatal(err)
				}
			})
		}
		a, c := allocs(small), allocs(large)
		if c > a+5 {
			t.Errorf("allocations grow with the run: %v for 100 iterations, %v for 20000", a, c)
		}
	}
}

func TestDeadRedeclAndDepth(t *testing.T) {
	// a loop body variable: Dead at the end of an iteration, Decl again at the next
	b := newPB(ir.LP64)
	s := b.std
	f := b.mainFn()
	i := f.local("i", s.Int)
	v := f.local("v", s.Int)
	p := f.local("p", b.ptr(s.Int))
	sum := f.local("sum", s.Int)
	f.label("top")
	f.gotoIf(b.bin(ir.Ge, b.ref(i), b.i32(3)), "end")
	f.decl(v)
	f.set(p, b.addr(b.ref(v)))
	f.assign(b.deref(b.ref(p)), b.ref(i))
	f.set(sum, b.add(b.ref(sum), b.ref(v)))
	f.dead(v)
	f.set(i, b.add(b.ref(i), b.i32(1)))
	f.jump("top")
	f.label("end")
	f.ret(b.ref(sum))
	f.done()
	res, _ := runMain(t, b, Options{})
	if res.Status != Exited || res.ExitCode != 3 {
		t.Fatalf("got %v %d %s", res.Status, res.ExitCode, res.Message)
	}
	// MaxDepth
	b = newPB(ir.LP64)
	n := pv("n", s.Int)
	g := b.fn("g", s.Int, n)
	g.gotoIf(b.eq(b.ref(n), b.i32(0)), "base")
	r := g.local("r", s.Int)
	g.call(b.ref(r), g.f, b.bin(ir.Sub, b.ref(n), b.i32(1)))
	g.ret(b.add(b.ref(r), b.i32(1)))
	g.label("base")
	g.ret(b.i32(0))
	g.done()
	f = b.mainFn()
	x := f.local("x", s.Int)
	f.call(b.ref(x), g.f, b.i32(200))
	f.ret(b.ref(x))
	f.done()
	res, _ = runMain(t, b, Options{})
	if res.Status != Exited || res.ExitCode != 200 {
		t.Fatalf("got %v %d %s", res.Status, res.ExitCode, res.Message)
	}
	res, _ = runMain(t, b, Options{MaxDepth: 100})
	if res.Status != Fault || !strings.Contains(res.Message, "stack overflow") || res.Pos.Line == 0 {
		t.Fatalf("got %v %s", res.Status, res.Message)
	}
}

func TestTraceStructCallAndBuiltins(t *testing.T) {
	b := newPB(ir.LP64)
	s := b.std
	pt := b.strct("struct pt", false, "x", s.Int, "y", s.Int)
	g := b.fn("mk", pt)
	l := g.local("l", pt)
	g.assign(b.field(b.ref(l), 0), b.i32(1))
	g.assign(b.field(b.ref(l), 1), b.i32(2))
	g.ret(b.ref(l))
	g.done()
	f := b.mainFn()
	q := f.local("q", pt)
	p := f.local("p", b.ptr(s.Char))
	n := f.local("n", s.Int)
	f.call(b.ref(q), g.f)
	f.builtin(b.ref(p), ir.BMalloc, b.sz(4))
	f.builtin(b.ref(n), ir.BPrintf, b.str("%d"), b.field(b.ref(q), 1))
	f.assume(b.cond(b.ne(b.ref(p), b.null(s.Char)), b.i32(1), b.cast(b.f64(0), s.Int)))
	f.ret(b.un(ir.Neg, b.ref(n)))
	f.done()
	res, out := runMain(t, b, Options{Trace: true})
	if res.Status != Exited || out != "2" || res.ExitCode != 255 {
		t.Fatalf("got %v %q %s", res.Status, out, res.Message)
	}
	var texts []string
	for _, st := range res.Trace {
		texts = append(texts, st.Func+": "+st.Text+" ["+st.Lhs+"="+st.Value+"]")
	}
	want := []string{
		"__init: str#1[0] = 37 [str#1[0]=37]",
		"__init: str#1[1] = 100 [str#1[1]=100]",
		"__init: str#1[2] = 0 [str#1[2]=0]",
		"main: q = mk() [q={x=1, y=2}]",
		"mk: l.x = 1 [l.x=1]",
		"mk: l.y = 2 [l.y=2]",
		"mk: return l [={x=1, y=2}]",
		"main: p = malloc(4) [p=&heap#1]",
		"main: n = printf(&str#1[0], q.y) [n=1]",
		"main: assume((p != NULL) ? 1 : ((int)0.0)) [=true]",
		"main: return -n [=-1]",
	}
	if strings.Join(texts, "\n") != strings.Join(want, "\n") {
		t.Errorf("trace:\n%s\nwant:\n%s", strings.Join(texts, "\n"), strings.Join(want, "\n"))
	}
}

func TestPrintfN(t *testing.T) {
	b := newPB(ir.LP64)
	s := b.std
	f := b.mainFn()
	n := f.local("n", s.Int)
	f.printf("abc%n!", b.addr(b.ref(n)))
	f.ret(b.ref(n))
	f.done()
	res, out := runMain(t, b, Options{})
	if res.Status != Exited || res.ExitCode != 3 || out != "abc!" {
		t.Fatalf("got %v %d %q", res.Status, res.ExitCode, out)
	}
}

func TestPointerFragments(t *testing.T) {
	b := newPB(ir.LP64)
	s := b.std
	pInt := b.ptr(s.Int)
	ppInt := b.ptr(pInt)
	ch := b.ptr(s.Char)
	f := b.mainFn()
	x := f.local("x", s.Int)
	buf := f.local("buf", b.arr(s.Char, 24))
	buf2 := f.local("buf2", b.arr(s.Char, 24))
	q := f.local("q", pInt)
	sum := f.local("sum", s.Int)
	h := f.local("h", pInt)
	slot := f.local("slot", b.arr(pInt, 1))
	r := b.ref
	at := func(arr *ir.Var, off int64) ir.Expr {
		return b.cast(b.ptradd(b.cast(b.addr(b.index(r(arr), b.i32(0))), ch), b.i32(off)), ppInt)
	}
	f.set(x, b.i32(5))
	// a pointer stored at an unaligned offset, copied with memmove to another
	// unaligned offset
	f.assign(b.deref(at(buf, 3)), b.addr(r(x)))
	f.builtin(nil, ir.BMemmove, b.cast(b.addr(r(buf2)), s.VoidPtr), b.cast(b.addr(r(buf)), s.VoidPtr), b.sz(24))
	f.set(q, b.deref(at(buf2, 3)))
	f.set(sum, b.deref(r(q))) // 5
	// overwriting one byte of a stored pointer drops the fragment: the bytes
	// now name no object
	f.assign(b.index(r(buf2), b.i32(4)), b.c(s.Char, 0x55))
	f.set(q, b.deref(at(buf2, 3)))
	f.set(sum, b.add(r(sum), b.cast(b.ne(r(q), b.addr(r(x))), s.Int))) // +1
	f.printf("%d\n", r(sum))
	// a dangling heap pointer kept in memory is still recognised as such
	f.builtin(r(h), ir.BMalloc, b.sz(4))
	f.assign(b.index(r(slot), b.i32(0)), r(h))
	f.builtin(nil, ir.BFree, r(h))
	f.set(sum, b.add(r(sum), b.deref(b.index(r(slot), b.i32(0)))))
	f.ret(r(sum))
	f.done()
	res, out := runMain(t, b, Options{})
	if res.Status != Fault || !strings.Contains(res.Message, "use after free") || out != "6\n" {
		t.Fatalf("got %v %q %s", res.Status, out, res.Message)
	}
	if res.Status.String() != "fault" || Status(99).String() != "status(99)" {
		t.Errorf("status names")
	}
}

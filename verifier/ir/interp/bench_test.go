package interp

import (
	"context"
	"testing"

	"github.com/prbmc/prbmc/verifier/ir"
)

// loopProgram: int main() { int s = 0; for (int i = 0; i < n; i++) { s += i * 3; if (s > 1000000) s -= 1000000; } return s; }
func loopProgram(n int64) *pb {
	b := newPB(ir.LP64)
	f := b.mainFn()
	s := f.local("s", b.std.Int)
	i := f.local("i", b.std.Int)
	r := b.ref
	f.set(s, b.i32(0))
	f.set(i, b.i32(0))
	countTo(b, f, i, n, func() {
		f.set(s, b.add(r(s), b.bin(ir.Mul, r(i), b.i32(3))))
		f.gotoIf(b.bin(ir.Le, r(s), b.i32(1000000)), "next")
		f.set(s, b.bin(ir.Sub, r(s), b.i32(1000000)))
		f.label("next")
	})
	f.ret(r(s))
	f.done()
	return b
}

// memProgram is csmith-like: global arrays, address-taken locals, pointer
// dereferences and calls.
//
//	int g[16]; int *gp;
//	int step(int *p, int k) { int t = *p; t = t ^ (k << 1); *p = t + g[k & 15]; return t & 7; }
//	int main() { int x = 1; int acc = 0; gp = &x; for (i = 0; i < n; i++) { g[i & 15] = g[i & 15] + i; acc += step(gp, i); } return acc; }
func memProgram(n int64) *pb {
	b := newPB(ir.LP64)
	s := b.std
	pInt := b.ptr(s.Int)
	g := b.global("g", b.arr(s.Int, 16))
	gp := b.global("gp", pInt)
	r := b.ref
	p, k := pv("p", pInt), pv("k", s.Int)
	st := b.fn("step", s.Int, p, k)
	t := st.local("t", s.Int)
	st.set(t, b.deref(r(p)))
	st.set(t, b.bin(ir.Xor, r(t), b.bin(ir.Shl, r(k), b.i32(1))))
	st.assign(b.deref(r(p)), b.add(r(t), b.index(r(g), b.bin(ir.And, r(k), b.i32(15)))))
	st.ret(b.bin(ir.And, r(t), b.i32(7)))
	st.done()
	f := b.mainFn()
	x := f.local("x", s.Int)
	acc := f.local("acc", s.Int)
	i := f.local("i", s.Int)
	tmp := f.local("tmp", s.Int)
	f.set(x, b.i32(1))
	f.set(gp, b.addr(r(x)))
	f.set(i, b.i32(0))
	countTo(b, f, i, n, func() {
		gi := b.index(r(g), b.bin(ir.And, r(i), b.i32(15)))
		f.assign(gi, b.add(gi, r(i)))
		f.call(r(tmp), st.f, r(gp), r(i))
		f.set(acc, b.add(r(acc), r(tmp)))
	})
	f.ret(r(acc))
	f.done()
	return b
}

// countTo emits for (; i < n; i++) body() into f, with the labels top
// and end.
func countTo(b *pb, f *fb, i *ir.Var, n int64, body func()) {
	f.label("top")
	f.gotoIf(b.bin(ir.Ge, b.ref(i), b.i32(n)), "end")
	body()
	f.set(i, b.add(b.ref(i), b.i32(1)))
	f.jump("top")
	f.label("end")
}

func benchProgram(bm *testing.B, b *pb) {
	var steps int64
	bm.ResetTimer()
	for bm.Loop() {
		res, err := Run(context.Background(), b.p, "main", Options{MaxSteps: 1 << 40})
		if err != nil || res.Status != Exited {
			bm.Fatalf("%v %v %s", err, res.Status, res.Message)
		}
		steps += res.Steps
	}
	bm.ReportMetric(float64(steps)/bm.Elapsed().Seconds()/1e6, "Minstr/s")
}

func BenchmarkLoop(bm *testing.B) { benchProgram(bm, loopProgram(1_000_000)) }
func BenchmarkMem(bm *testing.B)  { benchProgram(bm, memProgram(300_000)) }

// callProgram calls a function whose local has its address taken, so that
// every activation allocates its objects.
//
//	int f(int k) { int l[2]; int *p = &l[1]; *p = k; l[0] = k & 3; return l[0] + *p; }
//	int main() { int acc = 0; for (i = 0; i < n; i++) acc += f(i); return acc; }
func callProgram(n int64) *pb {
	b := newPB(ir.LP64)
	s := b.std
	r := b.ref
	k := pv("k", s.Int)
	g := b.fn("f", s.Int, k)
	l := g.local("l", b.arr(s.Int, 2))
	p := g.local("p", b.ptr(s.Int))
	g.decl(l)
	g.decl(p)
	g.set(p, b.addr(b.index(r(l), b.i32(1))))
	g.assign(b.deref(r(p)), r(k))
	g.assign(b.index(r(l), b.i32(0)), b.bin(ir.And, r(k), b.i32(3)))
	g.ret(b.add(b.index(r(l), b.i32(0)), b.deref(r(p))))
	g.done()
	f := b.mainFn()
	acc := f.local("acc", s.Int)
	i := f.local("i", s.Int)
	tmp := f.local("tmp", s.Int)
	countTo(b, f, i, n, func() {
		f.call(r(tmp), g.f, r(i))
		f.set(acc, b.add(r(acc), r(tmp)))
	})
	f.ret(r(acc))
	f.done()
	return b
}

func BenchmarkCall(bm *testing.B) { benchProgram(bm, callProgram(300_000)) }

func TestBenchPrograms(t *testing.T) {
	res, _ := loopProgram(1000).run(t, "main", Options{})
	want := 0
	for i := 0; i < 1000; i++ {
		want += i * 3
		if want > 1000000 {
			want -= 1000000
		}
	}
	if res.Status != Exited || res.ExitCode != want&255 {
		t.Fatalf("loop: %v %d, want %d", res.Status, res.ExitCode, want&255)
	}
	var g [16]int32
	x, acc := int32(1), int32(0)
	for i := int32(0); i < 1000; i++ {
		g[i&15] += i
		tt := x
		tt ^= i << 1
		x = tt + g[i&15]
		acc += tt & 7
	}
	res, _ = memProgram(1000).run(t, "main", Options{})
	if res.Status != Exited || res.ExitCode != int(acc)&255 {
		t.Fatalf("mem: %v %d %s, want %d", res.Status, res.ExitCode, res.Message, acc&255)
	}
}

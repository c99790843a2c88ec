package z3

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/smt/internal/smttest"
)

func newSolver(t testing.TB) *Solver {
	t.Helper()
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func must(t testing.TB, err error) { t.Helper(); smttest.Must(t, err) }

func check(t testing.TB, s *Solver, want smt.Result, assumptions ...*smt.Term) {
	t.Helper()
	smttest.Check(t, s, want, assumptions...)
}

func eval(t testing.TB, s *Solver, x *smt.Term) smt.Value { t.Helper(); return smttest.Eval(t, s, x) }

var bg = context.Background()

func TestBVModel(t *testing.T) {
	s := newSolver(t)
	b := smt.NewBuilder()
	bv8, bv32 := smt.BVSort(8), smt.BVSort(32)
	x, y := b.Var("x", bv8), b.Var("y", bv8)
	// x * y = 251 * 241 without overflow, both factors > 1.
	const p, q = 251, 241
	wide := func(v *smt.Term) *smt.Term { return b.ZeroExt(8, v) }
	must(t, s.Assert(b.Eq(b.BVMul(wide(x), wide(y)), b.BVUint(16, p*q))))
	must(t, s.Assert(b.BVUgt(x, b.BVUint(8, 1))))
	must(t, s.Assert(b.BVUgt(y, b.BVUint(8, 1))))
	must(t, s.Assert(b.BVUle(x, y)))
	check(t, s, smt.Sat)
	if xv, yv := eval(t, s, x).Uint64(), eval(t, s, y).Uint64(); xv != q || yv != p {
		t.Errorf("factors %d %d, want %d %d", xv, yv, q, p)
	}
	// The model evaluates compound terms too, with completion.
	if got := eval(t, s, b.BVAdd(b.ZeroExt(24, x), b.ZeroExt(24, y))).Uint64(); got != p+q {
		t.Errorf("x+y = %d", got)
	}
	if got := eval(t, s, b.Var("unconstrained", smt.BVSort(16))).BitVec().Width(); got != 16 {
		t.Errorf("completion width %d", got)
	}

	// Signed values and wrap-around.
	s2 := newSolver(t)
	z := b.Var("z", bv32)
	must(t, s2.Assert(b.Eq(b.BVAdd(z, b.BVUint(32, 5)), b.BVUint(32, 3))))
	check(t, s2, smt.Sat)
	if v := eval(t, s2, z); v.Uint64() != 0xfffffffe || v.Int64() != -2 {
		t.Errorf("z = %v (%d)", v, v.Int64())
	}

	// 128-bit values come back exactly (unsigned decimal numerals).
	w := b.Var("w", smt.BVSort(128))
	c, _ := new(big.Int).SetString("deadbeefcafebabe0123456789abcdef", 16)
	kv := new(big.Int).Lsh(big.NewInt(0x1234567), 90)
	k := b.BVBig(128, kv)
	sum := new(big.Int).Add(c, kv)
	sum.Mod(sum, new(big.Int).Lsh(big.NewInt(1), 128))
	must(t, s2.Assert(b.Eq(b.BVXor(b.BVAdd(w, k), k), b.BVBig(128, new(big.Int).Xor(sum, kv)))))
	check(t, s2, smt.Sat)
	if got := eval(t, s2, w).Big(); got.Cmp(c) != 0 {
		t.Errorf("w = %x, want %x", got, c)
	}
}

func TestPushPop(t *testing.T) {
	s := newSolver(t)
	b := smt.NewBuilder()
	x := b.Var("x", smt.BVSort(8))
	must(t, s.Assert(b.BVUgt(x, b.BVUint(8, 5))))
	must(t, s.Push())
	must(t, s.Assert(b.BVUlt(x, b.BVUint(8, 3))))
	check(t, s, smt.Unsat)
	must(t, s.Push())
	must(t, s.Assert(b.True()))
	must(t, s.Pop(2))
	check(t, s, smt.Sat)
	if v := eval(t, s, x).Uint64(); v <= 5 {
		t.Errorf("x = %d", v)
	}
	if err := s.Pop(1); err == nil {
		t.Error("pop below the base scope succeeded")
	}
	if s.Scopes() != 0 {
		t.Errorf("scopes = %d", s.Scopes())
	}
}

func TestAssumptions(t *testing.T) {
	s := newSolver(t)
	b := smt.NewBuilder()
	x := b.Var("x", smt.BVSort(8))
	p := b.Var("p", smt.BoolSort())
	must(t, s.Assert(b.Implies(p, b.BVUgt(x, b.BVUint(8, 200)))))
	check(t, s, smt.Unsat, p, b.BVUlt(x, b.BVUint(8, 100)))
	// Assumptions hold for one check only.
	check(t, s, smt.Sat, b.BVUlt(x, b.BVUint(8, 100)))
	if v := eval(t, s, p); v.Bool() {
		t.Error("p must be false when x < 100")
	}
	check(t, s, smt.Sat, p)
	if v := eval(t, s, x).Uint64(); v <= 200 {
		t.Errorf("x = %d under p", v)
	}
	// Arbitrary formulas as assumptions (not only literals).
	check(t, s, smt.Unsat, b.And(p, b.Eq(x, b.BVUint(8, 1))))
	if _, err := s.Check(bg, x); err == nil {
		t.Error("a BV assumption was accepted")
	}
}

func TestFPNaN(t *testing.T) {
	s := newSolver(t)
	b := smt.NewBuilder()
	x := b.Var("x", smt.Float64Sort())
	must(t, s.Push())
	must(t, s.Assert(b.Not(b.FPEq(x, x))))
	check(t, s, smt.Sat)
	if v := eval(t, s, x); !v.IsNaN() || v.Uint64() != 0x7ff8000000000000 {
		t.Errorf("x = %v (%#x), want NaN", v, v.Uint64())
	}
	// The bit pattern of any NaN is the canonical one.
	if v := eval(t, s, b.FPToBits(x)); v.Uint64() != 0x7ff8000000000000 {
		t.Errorf("bits = %#x", v.Uint64())
	}
	must(t, s.Pop(1))
	// Structural equality is reflexive even for NaN.
	must(t, s.Push())
	must(t, s.Assert(b.Not(b.Eq(x, x))))
	check(t, s, smt.Unsat)
	must(t, s.Pop(1))
	// Every NaN pattern read back through FPFromBits is NaN, and FPToBits is
	// canonical for all of them.
	bits := b.Var("bits", smt.BVSort(32))
	f := b.FPFromBits(smt.Float32Sort(), bits)
	must(t, s.Assert(b.FPIsNaN(f)))
	must(t, s.Assert(b.Not(b.Eq(b.FPToBits(f), b.BVUint(32, 0x7fc00000)))))
	check(t, s, smt.Unsat)
}

func TestFPRounding(t *testing.T) {
	s := newSolver(t)
	b := smt.NewBuilder()
	f32 := smt.Float32Sort()
	a, c := b.Var("a", f32), b.Var("c", f32)
	must(t, s.Assert(b.Eq(a, b.FPConst32(0.1))))
	must(t, s.Assert(b.Eq(c, b.FPConst32(0.2))))
	sum := b.FPAdd(a, c)
	ga, gc := float32(0.1), float32(0.2)
	// Go's float32 arithmetic says 0.1f + 0.2f == 0.3f; so must Z3.
	check(t, s, smt.Unsat, b.Not(b.FPEq(sum, b.FPConst32(0.3))))
	check(t, s, smt.Sat)
	if got := eval(t, s, sum).Float32(); got != ga+gc {
		t.Errorf("0.1f+0.2f = %v (%#x), Go says %v", got, math.Float32bits(got), ga+gc)
	}
	// In double it is not 0.3.
	d1, d2 := b.Var("d1", smt.Float64Sort()), b.Var("d2", smt.Float64Sort())
	must(t, s.Assert(b.Eq(d1, b.FPConst64(0.1))))
	must(t, s.Assert(b.Eq(d2, b.FPConst64(0.2))))
	check(t, s, smt.Unsat, b.FPEq(b.FPAdd(d1, d2), b.FPConst64(0.3)))
	check(t, s, smt.Sat)
	gd1, gd2 := 0.1, 0.2
	if got := eval(t, s, b.FPAdd(d1, d2)).Float64(); got != gd1+gd2 {
		t.Errorf("0.1+0.2 = %v, Go says %v", got, gd1+gd2)
	}
	// C's (int) truncates.
	if got := eval(t, s, b.FPToSBV(32, b.FPNeg(b.FPMul(a, b.FPConst32(29))))).Int64(); got != -2 {
		t.Errorf("(int)(-(0.1f*29)) = %d", got)
	}
	// Special values decode bit-exactly.
	for _, bits := range []uint32{0x80000000, 0x00000001, 0x007fffff, 0x7f800000, 0xff800000, 0x7f7fffff, 0x3f800000} {
		v := b.Var("special", f32)
		must(t, s.Push())
		must(t, s.Assert(b.Eq(v, b.FPConstBits(f32, smt.NewBitVec(32, uint64(bits))))))
		check(t, s, smt.Sat)
		if got := eval(t, s, v).Uint64(); got != uint64(bits) {
			t.Errorf("value %#x decoded as %#x", bits, got)
		}
		must(t, s.Pop(1))
	}
	// Sorts Go cannot fold still decode: half and quad precision.
	for _, c := range []struct {
		sort *smt.Sort
		bits string
	}{
		{smt.FPSort(5, 11), "3c01"},
		{smt.FPSort(15, 113), "c00091eb851eb851eb851eb851eb851f"},
		{smt.FPSort(15, 113), "00000000000000000000000000000001"},
	} {
		v := b.Var("wide", c.sort)
		bits, _ := new(big.Int).SetString(c.bits, 16)
		must(t, s.Push())
		must(t, s.Assert(b.Eq(b.FPToBits(v), b.BVBig(c.sort.Width(), bits))))
		check(t, s, smt.Sat)
		if got := eval(t, s, v).Big(); got.Cmp(bits) != 0 {
			t.Errorf("%v value %s decoded as %x", c.sort, c.bits, got)
		}
		must(t, s.Pop(1))
	}
}

func TestArrays(t *testing.T) {
	s := newSolver(t)
	b := smt.NewBuilder()
	idx, elem := smt.BVSort(32), smt.BVSort(8)
	mem := b.Var("mem", smt.ArraySort(idx, elem))
	i, j := b.Var("i", idx), b.Var("j", idx)
	must(t, s.Assert(b.Eq(b.Select(mem, i), b.BVUint(8, 42))))
	must(t, s.Assert(b.Eq(b.Select(mem, b.BVUint(32, 7)), b.BVUint(8, 9))))
	must(t, s.Assert(b.Not(b.Eq(i, b.BVUint(32, 7)))))
	must(t, s.Assert(b.Eq(b.Select(mem, j), b.BVUint(8, 0xee))))
	mem2 := b.Store(mem, b.BVAdd(i, b.BVUint(32, 1)), b.BVUint(8, 5))
	must(t, s.Assert(b.Eq(b.Select(mem2, b.BVUint(32, 100)), b.BVUint(8, 5))))
	must(t, s.Assert(b.Not(b.Eq(b.Select(mem, b.BVUint(32, 100)), b.BVUint(8, 5)))))
	check(t, s, smt.Sat)
	mv := eval(t, s, mem)
	iv, jv := eval(t, s, i), eval(t, s, j)
	arr := mv.Array()
	if arr == nil {
		t.Fatalf("no array value: %v", mv)
	}
	for _, k := range []smt.Value{iv, jv, smt.BVValue(smt.NewBitVec(32, 7)), smt.BVValue(smt.NewBitVec(32, 12345))} {
		want := eval(t, s, b.Select(mem, b.Const(k)))
		if got := arr.Select(k); !got.Equal(want) {
			t.Errorf("mem[%v]: decoded array says %v, model says %v (array %v)", k, got, want, mv)
		}
	}
	if got := arr.Select(iv).Uint64(); got != 42 {
		t.Errorf("mem[i] = %d", got)
	}
	if got := eval(t, s, i).Uint64(); got != 99 {
		t.Errorf("i = %d, want 99", got)
	}
	// The stored array, and an array equal to a constant array.
	if got := eval(t, s, mem2).Array().Select(smt.BVValue(smt.NewBitVec(32, 100))).Uint64(); got != 5 {
		t.Errorf("mem2[100] = %d", got)
	}
	zeros := b.ConstArray(smt.ArraySort(idx, elem), b.BVUint(8, 0))
	other := b.Var("other", smt.ArraySort(idx, elem))
	must(t, s.Assert(b.Eq(other, b.Store(zeros, b.BVUint(32, 3), b.BVUint(8, 1)))))
	check(t, s, smt.Sat)
	ov := eval(t, s, other).Array()
	if ov.Select(smt.BVValue(smt.NewBitVec(32, 3))).Uint64() != 1 || ov.Default.Uint64() != 0 {
		t.Errorf("other = %v", eval(t, s, other))
	}
	// Arrays of arrays and FP elements decode recursively.
	nested := b.Var("nested", smt.ArraySort(smt.BVSort(4), smt.ArraySort(smt.BVSort(4), smt.Float32Sort())))
	must(t, s.Assert(b.FPEq(b.Select(b.Select(nested, b.BVUint(4, 1)), b.BVUint(4, 2)), b.FPConst32(1.5))))
	check(t, s, smt.Sat)
	nv := eval(t, s, nested).Array()
	if got := nv.Select(smt.BVValue(smt.NewBitVec(4, 1))).Array().Select(smt.BVValue(smt.NewBitVec(4, 2))).Float32(); got != 1.5 {
		t.Errorf("nested[1][2] = %v", got)
	}
}

// hardQuery asserts the factoring of a 64-bit semiprime (two 32-bit primes)
// with 128-bit multiplication: far beyond a fraction of a second.
func hardQuery(t testing.TB, s *Solver, b *smt.Builder) {
	const p, q = 4294967291, 4294967279 // the two largest primes below 2^32
	n := new(big.Int).Mul(big.NewInt(p), big.NewInt(q))
	x, y := b.Var("hx", smt.BVSort(64)), b.Var("hy", smt.BVSort(64))
	must(t, s.Assert(b.Eq(b.BVMul(b.ZeroExt(64, x), b.ZeroExt(64, y)), b.BVBig(128, n))))
	must(t, s.Assert(b.BVUgt(x, b.BVUint(64, 1))))
	must(t, s.Assert(b.BVUgt(y, b.BVUint(64, 1))))
	must(t, s.Assert(b.BVUle(x, y)))
	must(t, s.Assert(b.BVUlt(x, b.BVUint(64, p-1000000))))
}

func usable(t *testing.T, s *Solver, b *smt.Builder) {
	t.Helper()
	v := b.Var("after", smt.BVSort(16))
	must(t, s.Push())
	must(t, s.Assert(b.Eq(b.BVMul(v, b.BVUint(16, 3)), b.BVUint(16, 21))))
	check(t, s, smt.Sat)
	if got := eval(t, s, b.BVMul(v, b.BVUint(16, 3))).Uint64(); got != 21 {
		t.Errorf("after: %d", got)
	}
	must(t, s.Pop(1))
}

func TestTimeout(t *testing.T) {
	s := newSolver(t)
	b := smt.NewBuilder()
	must(t, s.Push())
	hardQuery(t, s, b)
	ctx, cancel := context.WithTimeout(bg, 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	r, err := s.Check(ctx)
	elapsed := time.Since(start)
	must(t, err)
	if r != smt.Unknown || s.ReasonUnknown() != smt.ReasonTimeout {
		t.Fatalf("hard query: %v (%q)", r, s.ReasonUnknown())
	}
	if elapsed > 2*time.Second {
		t.Errorf("timeout took %v", elapsed)
	}
	t.Logf("200 ms deadline returned after %v", elapsed)
	if _, err := s.Model(); err == nil {
		t.Error("model after unknown")
	}
	must(t, s.Pop(1))
	usable(t, s, b)
	// A check without a deadline afterwards is not limited by the old one.
	check(t, s, smt.Sat)

	// Options.Timeout bounds checks without a context deadline.
	s2, err := New(Options{Timeout: 150 * time.Millisecond})
	must(t, err)
	defer s2.Close()
	hardQuery(t, s2, b)
	start = time.Now()
	r, err = s2.Check(bg)
	must(t, err)
	if r != smt.Unknown || s2.ReasonUnknown() != smt.ReasonTimeout || time.Since(start) > 2*time.Second {
		t.Errorf("Options.Timeout: %v (%q) after %v", r, s2.ReasonUnknown(), time.Since(start))
	}
}

// TestAbandon: a check that does not stop at its deadline is abandoned:
// Check returns, the solver refuses further work, and Close frees it once
// Z3 has returned.
func TestAbandon(t *testing.T) {
	s, err := New(Options{AbandonAfter: time.Nanosecond})
	must(t, err)
	b := smt.NewBuilder()
	hardQuery(t, s, b)
	ctx, cancel := context.WithTimeout(bg, 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	r, err := s.Check(ctx)
	must(t, err)
	if r != smt.Unknown || s.ReasonUnknown() != smt.ReasonTimeout {
		t.Fatalf("abandoned check: %v (%q)", r, s.ReasonUnknown())
	}
	if e := time.Since(start); e > time.Second {
		t.Errorf("returned after %v", e)
	}
	if s.abandoned == nil {
		t.Skip("Z3 stopped within a nanosecond of the deadline")
	}
	if err := s.Assert(b.True()); !errors.Is(err, errAbandoned) {
		t.Errorf("Assert after an abandoned check: %v", err)
	}
	if _, err := s.Check(bg); !errors.Is(err, errAbandoned) {
		t.Errorf("Check after an abandoned check: %v", err)
	}
	must(t, s.Close())
	<-s.abandoned // the check returns: it is interrupted all along
}

func TestCancel(t *testing.T) {
	s := newSolver(t)
	b := smt.NewBuilder()
	must(t, s.Push())
	hardQuery(t, s, b)
	ctx, cancel := context.WithCancel(bg)
	go func() {
		time.Sleep(100 * time.Millisecond)
		cancel()
	}()
	start := time.Now()
	r, err := s.Check(ctx)
	must(t, err)
	if r != smt.Unknown || s.ReasonUnknown() != smt.ReasonCanceled {
		t.Fatalf("canceled check: %v (%q)", r, s.ReasonUnknown())
	}
	if e := time.Since(start); e > 2*time.Second {
		t.Errorf("cancel took %v", e)
	}
	t.Logf("cancel after 100 ms returned after %v", time.Since(start))
	must(t, s.Pop(1))
	usable(t, s, b)

	// An already canceled context does not start a check.
	r, err = s.Check(ctx)
	if err != nil || r != smt.Unknown || s.ReasonUnknown() != smt.ReasonCanceled {
		t.Errorf("check with a done context: %v %v %q", r, err, s.ReasonUnknown())
	}
	expired, cancel2 := context.WithDeadline(bg, time.Now().Add(-time.Second))
	defer cancel2()
	r, _ = s.Check(expired)
	if r != smt.Unknown || s.ReasonUnknown() != smt.ReasonTimeout {
		t.Errorf("check with an expired deadline: %v %q", r, s.ReasonUnknown())
	}
}

// Z3_interrupt outside a check leaves the context canceled (push fails
// until the next check); clearCancel repairs that, and Check uses it after
// every interrupted check.
func TestClearCancel(t *testing.T) {
	s := newSolver(t)
	b := smt.NewBuilder()
	s.interruptIdle()
	if err := s.Push(); err == nil {
		t.Log("libz3 no longer keeps the cancellation after an idle interrupt")
		must(t, s.Pop(1))
	}
	s.clearCancel()
	usable(t, s, b)
}

// Deadlines and cancellations that race with the end of a check must never
// leave the solver canceled or broken.
func TestInterruptRaces(t *testing.T) {
	s := newSolver(t)
	b := smt.NewBuilder()
	x, y := b.Var("rx", smt.BVSort(24)), b.Var("ry", smt.BVSort(24))
	must(t, s.Assert(b.Eq(b.BVMul(x, y), b.BVUint(24, 0x7ffff1))))
	must(t, s.Assert(b.BVUgt(x, b.BVUint(24, 1))))
	must(t, s.Assert(b.BVUgt(y, b.BVUint(24, 1))))
	results := map[smt.Result]int{}
	for i := 0; i < 60; i++ {
		d := time.Duration(i%12) * 300 * time.Microsecond
		ctx, cancel := context.WithCancel(bg)
		if i%2 == 0 {
			ctx, cancel = context.WithTimeout(bg, d+time.Millisecond)
		} else {
			time.AfterFunc(d, cancel)
		}
		r, err := s.Check(ctx)
		cancel()
		must(t, err)
		results[r]++
		must(t, s.Push())
		must(t, s.Assert(b.BVUlt(x, b.BVUint(24, 1<<23))))
		must(t, s.Pop(1))
	}
	t.Logf("results under racing deadlines: %v", results)
	usable(t, s, b)
}

func TestErrorsAndStaleModels(t *testing.T) {
	s := newSolver(t)
	b := smt.NewBuilder()
	x := b.Var("x", smt.BVSort(8))
	if err := s.Assert(x); err == nil {
		t.Error("asserting a BV term succeeded")
	}
	must(t, s.Assert(b.Eq(x, b.BVUint(8, 1))))
	if _, err := s.Model(); err == nil {
		t.Error("model before any check")
	}
	check(t, s, smt.Sat)
	m, err := s.Model()
	must(t, err)
	must(t, s.Assert(b.True()))
	if _, err := m.Eval(x); !errors.Is(err, errStale) {
		t.Errorf("stale model: %v", err)
	}
	// One name, two sorts: two different variables.
	vb, vv := b.Var("v", smt.BoolSort()), b.Var("v", smt.BVSort(8))
	must(t, s.Push())
	must(t, s.Assert(b.And(vb, b.Eq(vv, b.BVUint(8, 3)))))
	check(t, s, smt.Sat)
	if !eval(t, s, vb).Bool() || eval(t, s, vv).Uint64() != 3 {
		t.Error("variables of one name and two sorts")
	}
	must(t, s.Pop(1))
	if err := s.Assert(b.Var("bad\x00name", smt.BoolSort())); err == nil {
		t.Error("a name with NUL was accepted")
	}
	if s3, err := New(Options{Logic: "NO_SUCH_LOGIC"}); err == nil {
		s3.Close()
		t.Error("an unknown logic was accepted")
	}
	s2, err := New(Options{Logic: "QF_AUFBV", Seed: 7})
	must(t, err)
	must(t, s2.Assert(b.BVUlt(x, b.BVUint(8, 2))))
	check(t, s2, smt.Sat)
	must(t, s2.Close())
	must(t, s2.Close())
	if err := s2.Assert(b.True()); err == nil || !strings.Contains(err.Error(), "closed") {
		t.Errorf("assert after close: %v", err)
	}
}

// TestAssertContext: handing a large formula to Z3 stops when the context
// ends, Solve reports that as Unknown with the context's reason, and the
// solver stays usable, the partial translation included.
func TestAssertContext(t *testing.T) {
	s := newSolver(t)
	b := smt.NewBuilder()
	x := b.Var("x", smt.BVSort(32))
	var parts []*smt.Term
	for i := 0; i < translateCheckEvery; i++ {
		v := b.Var(fmt.Sprintf("v%d", i), smt.BVSort(32))
		parts = append(parts, b.Eq(b.BVAdd(v, x), b.BVUint(32, uint64(i))))
	}
	goal := b.And(parts...)

	ctx, cancel := context.WithCancel(bg)
	cancel()
	if err := s.AssertContext(ctx, goal); !errors.Is(err, context.Canceled) {
		t.Fatalf("AssertContext after cancel: %v, want context.Canceled", err)
	}
	r, err := smt.Solve(ctx, s, goal, nil)
	if err != nil || r != smt.Unknown || s.ReasonUnknown() != smt.ReasonCanceled {
		t.Fatalf("Solve after cancel: %v, %v (%q)", r, err, s.ReasonUnknown())
	}
	usable(t, s, b)

	// A deadline that falls during the translation.
	dctx, dcancel := context.WithDeadline(bg, time.Now().Add(-time.Second))
	defer dcancel()
	if r, err := smt.Solve(dctx, s, goal, nil); err != nil || r != smt.Unknown || s.ReasonUnknown() != smt.ReasonTimeout {
		t.Fatalf("Solve after the deadline: %v, %v (%q)", r, err, s.ReasonUnknown())
	}

	// Nothing was asserted: the same goal is still decided in full.
	must(t, s.Push())
	must(t, s.AssertContext(bg, goal))
	check(t, s, smt.Sat)
	must(t, s.Pop(1))
	must(t, s.Assert(b.Eq(x, b.BVUint(32, 1))))
	must(t, s.Assert(b.Eq(x, b.BVUint(32, 2))))
	check(t, s, smt.Unsat)
}

// TestWorkLimit: a check that uses up its work limit (Z3's rlimit) returns
// unknown with ReasonWorkLimit at the same units on every run, the solver
// stays usable, and the units of a decided query are the same on a fresh
// solver.
func TestWorkLimit(t *testing.T) {
	const limit = 300_000
	for _, logic := range []string{"", "QF_BV"} {
		var used []uint64
		for run := 0; run < 2; run++ {
			s, err := New(Options{Logic: logic, WorkLimit: limit})
			must(t, err)
			b := smt.NewBuilder()
			must(t, s.Push())
			hardQuery(t, s, b)
			start := time.Now()
			r, err := s.Check(bg)
			must(t, err)
			if r != smt.Unknown || s.ReasonUnknown() != smt.ReasonWorkLimit {
				t.Fatalf("%q: hard query under a work limit: %v (%q)", logic, r, s.ReasonUnknown())
			}
			if s.Work() < limit {
				t.Errorf("%q: work %d below the limit %d", logic, s.Work(), limit)
			}
			t.Logf("%q: stopped after %d units, %v", logic, s.Work(), time.Since(start))
			used = append(used, s.Work())
			must(t, s.Pop(1))
			usable(t, s, b)
			// A larger limit (or none) applies to the next check.
			must(t, s.SetWorkLimit(0))
			check(t, s, smt.Sat)
			s.Close()
		}
		if used[0] != used[1] {
			t.Errorf("%q: units differ between identical runs: %v", logic, used)
		}
	}

	// A decided query: the same units on a fresh solver, limited or not.
	var work []uint64
	for _, lim := range []uint64{0, 0, 1 << 30} {
		s, err := New(Options{Logic: "QF_BV"})
		must(t, err)
		must(t, s.SetWorkLimit(lim))
		b := smt.NewBuilder()
		x, y := b.Var("x", smt.BVSort(32)), b.Var("y", smt.BVSort(32))
		must(t, s.Assert(b.Eq(b.BVMul(x, y), b.BVUint(32, 0x12345679))))
		must(t, s.Assert(b.BVUgt(x, b.BVUint(32, 1))))
		must(t, s.Assert(b.BVUgt(y, b.BVUint(32, 1))))
		check(t, s, smt.Sat)
		work = append(work, s.Work())
		s.Close()
	}
	if work[0] == 0 || work[0] != work[1] || work[1] != work[2] {
		t.Errorf("units of one query on fresh solvers: %v", work)
	}
	t.Logf("decided query: %d units", work[0])
}

// TestEagerArrays: a QF_ABV query that only reads array variables gets
// the eager solver (Ackermann's reduction, then SAT), whose models still
// give the arrays (the counterexample's input bytes) consistent with the
// reads; one with a store keeps Z3's QF_ABV solver. Equal indices read
// equal values (unsat when they must differ).
func TestEagerArrays(t *testing.T) {
	b := smt.NewBuilder()
	idx, elem := smt.BVSort(48), smt.BVSort(8)
	mem := b.Var("mem", smt.ArraySort(idx, elem))
	i, j := b.Var("i", idx), b.Var("j", idx)
	reads := b.And(
		b.Eq(b.Select(mem, i), b.BVUint(8, 42)),
		b.Eq(b.Select(mem, b.BVUint(48, 7)), b.BVUint(8, 9)),
		b.Not(b.Eq(i, b.BVUint(48, 7))),
		b.BVUlt(i, b.BVUint(48, 4)),
		b.Eq(b.Select(mem, j), b.BVUint(8, 0xee)),
	)
	s, err := New(Options{Logic: "QF_ABV"})
	must(t, err)
	defer s.Close()
	must(t, s.Assert(reads))
	if !s.eager {
		t.Fatal("a query reading input arrays did not get the eager solver")
	}
	check(t, s, smt.Sat)
	arr := eval(t, s, mem).Array()
	if arr == nil {
		t.Fatalf("no array value: %v", eval(t, s, mem))
	}
	iv, jv := eval(t, s, i), eval(t, s, j)
	for _, tc := range []struct {
		at   smt.Value
		want uint64
	}{{iv, 42}, {smt.BVValue(smt.NewBitVec(48, 7)), 9}, {jv, 0xee}} {
		if got := arr.Select(tc.at).Uint64(); got != tc.want {
			t.Errorf("mem[%v] = %d in the decoded array, want %d (i = %v, j = %v)", tc.at, got, tc.want, iv, jv)
		}
	}

	u, err := New(Options{Logic: "QF_ABV"})
	must(t, err)
	defer u.Close()
	must(t, u.Assert(b.And(reads, b.Eq(i, j))))
	check(t, u, smt.Unsat)

	w, err := New(Options{Logic: "QF_ABV"})
	must(t, err)
	defer w.Close()
	stored := b.Store(mem, i, b.BVUint(8, 1))
	must(t, w.Assert(b.Eq(b.Select(stored, j), b.BVUint(8, 2))))
	if w.eager {
		t.Error("a query with a store got the eager solver")
	}
	check(t, w, smt.Sat)
}

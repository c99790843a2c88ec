package z3

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/prbmc/prbmc/verifier/smt"
)

// fpHungry is a few double multiplications and divisions whose
// bit-blasting takes Z3 gigabytes (the pattern of a 12-line C function
// that drove it to 7 GB in a minute).
func fpHungry(b *smt.Builder) *smt.Term {
	f := smt.Float64Sort()
	x, y, z := b.Var("x", f), b.Var("y", f), b.Var("z", f)
	one, hundred := b.FPConst64(1), b.FPConst64(100)
	a := b.FPDiv(b.FPMul(x, y), z)
	c := b.FPMul(b.FPDiv(x, z), y)
	d := b.FPDiv(b.FPAdd(b.FPMul(a, a), b.FPMul(c, c)), b.FPAdd(x, y))
	return b.And(b.FPLt(one, x), b.FPLt(x, hundred), b.FPLt(one, y), b.FPLt(y, hundred), b.FPLt(one, z), b.FPLt(z, hundred),
		b.FPLt(b.FPMul(b.FPConst64(1e-9), a), b.FPSub(a, c)), b.FPLt(hundred, d))
}

const memoryChildEnv = "PRBMC_Z3_MEMORY_LIMIT_CHILD"

// TestMemoryLimit runs TestMemoryLimitChild in a process of its own: the
// cap is process-wide and would starve the other tests.
func TestMemoryLimit(t *testing.T) {
	if os.Getenv(memoryChildEnv) != "" {
		t.Skip("in the child")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestMemoryLimitChild$", "-test.v", "-test.count=1")
	cmd.Env = append(os.Environ(), memoryChildEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: TestMemoryLimitChild") {
		t.Fatalf("child: %v\n%s", err, out)
	}
	t.Logf("child:\n%s", out)
}

// TestMemoryLimitChild: under a 64 MiB cap, a check that needs gigabytes
// ends unknown with the memory reason in well under a second, not at its
// timeout; a new solver cannot be made while the memory is held, and can
// once it is freed (libz3 4.8.12 keeps about 40 of the 64 MiB after the
// context is deleted: what is left is enough for a small check).
func TestMemoryLimitChild(t *testing.T) {
	if os.Getenv(memoryChildEnv) == "" {
		t.Skip("run by TestMemoryLimit")
	}
	if err := SetMemoryLimit(-1); err == nil {
		t.Error("a negative limit was accepted")
	}
	must(t, SetMemoryLimit(64))
	t.Logf("at the start, libz3 holds %d KiB", EstimatedAllocSize()>>10)
	if MemoryLimit() != 64 {
		t.Fatalf("MemoryLimit() = %d", MemoryLimit())
	}
	s, err := New(Options{})
	must(t, err)
	must(t, s.Assert(fpHungry(smt.NewBuilder())))
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	start := time.Now()
	r, err := s.Check(ctx)
	el := time.Since(start)
	t.Logf("check: %v %v %q in %s, libz3 holds %d MiB", r, err, s.ReasonUnknown(), el, EstimatedAllocSize()>>20)
	if err != nil || r != smt.Unknown || s.ReasonUnknown() != "memory limit (64 MiB)" || !strings.HasPrefix(s.ReasonUnknown(), ReasonMemory) {
		t.Fatalf("check: %v %v %q, want unknown for the memory limit", r, err, s.ReasonUnknown())
	}
	if el > 8*time.Second {
		t.Errorf("the check took %s", el)
	}
	if s2, err := New(Options{}); err == nil {
		s2.Close() // libz3 freed enough on its way out: fine too
	} else if !strings.Contains(err.Error(), "memory limit (64 MiB)") {
		t.Errorf("New while the memory is held: %v", err)
	}
	s.release() // synchronously (Close may free in the background)
	s.closed = true
	t.Logf("after release, libz3 holds %d MiB", EstimatedAllocSize()>>20)
	s2, err := New(Options{})
	must(t, err)
	defer s2.Close()
	b := smt.NewBuilder()
	x := b.Var("x", smt.BVSort(32))
	must(t, s2.Assert(b.Eq(b.BVAdd(x, x), b.BVInt(32, 48))))
	check(t, s2, smt.Sat)
}

package z3

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/smt"
)

// rssBytes reads the resident set size from /proc/self/statm.
func rssBytes(t *testing.T) int64 {
	data, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Skip("no /proc/self/statm")
	}
	f := strings.Fields(string(data))
	pages, _ := strconv.ParseInt(f[1], 10, 64)
	return pages * int64(os.Getpagesize())
}

// cycle runs one push/assert/check/eval/pop round touching every kind of
// object the binding creates: BV and FP numerals, FPToBits' helper nodes,
// arrays, models with array interpretations, assumptions. Round i uses
// constants derived from v, so callers choose how many distinct terms
// there are.
func cycle(t *testing.T, s *Solver, b *smt.Builder, v int) {
	bv := smt.BVSort(32)
	x := b.Var("lx"+strconv.Itoa(v%7), bv)
	f := b.Var("lf", smt.Float32Sort())
	mem := b.Var("lmem", smt.ArraySort(bv, smt.BVSort(8)))
	k := b.BVUint(32, uint64(v)*2654435761+1)
	must(t, s.Push())
	must(t, s.Assert(b.Eq(b.BVXor(b.BVAdd(x, k), b.BVUint(32, uint64(v%3))), b.BVOr(x, k))))
	must(t, s.Assert(b.Eq(b.Select(mem, b.BVAdd(x, k)), b.Extract(7, 0, k))))
	must(t, s.Assert(b.Eq(b.FPToBits(b.FPNeg(f)), b.BVXor(k, b.BVUint(32, 0x80000000)))))
	r, err := s.Check(bg, b.BVUle(x, b.BVNot(k)))
	must(t, err)
	if r == smt.Sat {
		m, err := s.Model()
		must(t, err)
		for _, q := range []*smt.Term{x, f, mem, b.Select(mem, k), b.FPToBits(f), b.FPAdd(f, f)} {
			_, err := m.Eval(q)
			must(t, err)
		}
	}
	must(t, s.Pop(1))
}

// TestNoLeaks checks the binding's bookkeeping and memory over thousands of
// incremental rounds and many solver lifetimes.
//
// References are checked exactly: after each round every reference the
// solver took has been given back except those of its caches. Memory is
// checked with libz3's own count of live bytes (one per process) and RSS.
// libz3 itself keeps some memory for every check that meets new values or
// names (about 0.5 KB a check, measured, even with model generation off
// and with translation alone showing no growth), so the memory rounds cycle
// through a fixed set of terms: after warm-up, any object we fail to free
// (models, params, solvers, interpretations, ASTs that are not shared)
// shows up as growth. The OS thread is locked because libz3 batches its
// count per thread in steps of about 100 KB.
func TestNoLeaks(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()

	s := newSolver(t)
	b := smt.NewBuilder()
	// Exact reference accounting, every round new terms.
	cycle(t, s, b, 0)
	base := s.liveRefs()
	for i := 1; i <= 1000; i++ {
		cycle(t, s, b, i)
		if s.ownedRefs() != base || s.liveRefs() != base {
			t.Fatalf("round %d: %d references held, %d cached, want %d", i, s.ownedRefs(), s.liveRefs(), base)
		}
	}

	// Memory over a fixed set of 64 distinct rounds.
	const warm, rounds = 1000, 3000
	for i := 0; i < warm; i++ {
		cycle(t, s, b, i%64)
	}
	runtime.GC()
	z0, rss0 := EstimatedAllocSize(), rssBytes(t)
	for i := 0; i < rounds; i++ {
		if i%1000 == 0 {
			b = smt.NewBuilder() // terms are rebuilt, and the old ones can go
		}
		cycle(t, s, b, i%64)
	}
	runtime.GC()
	z1, rss1 := EstimatedAllocSize(), rssBytes(t)
	t.Logf("%d push/assert/check/eval/pop rounds: libz3 live bytes %d -> %d (%+d), RSS %d -> %d MiB, references %d",
		rounds, z0, z1, int64(z1)-int64(z0), rss0>>20, rss1>>20, s.ownedRefs())
	// libz3 still grows in steps of ~100 KB now and then; 512 KB over 3000
	// rounds (170 bytes a round) is far below one leaked model a round.
	if growth := int64(z1) - int64(z0); growth > 512<<10 {
		t.Errorf("libz3 memory grew by %d bytes over %d rounds", growth, rounds)
	}
	if growth := rss1 - rss0; growth > 32<<20 {
		t.Errorf("RSS grew by %d MiB over %d rounds", growth>>20, rounds)
	}
	must(t, s.Close())

	// Solver lifetimes: create, use, close.
	const lives = 150
	life := func(i int) {
		s, err := New(Options{})
		must(t, err)
		cycle(t, s, smt.NewBuilder(), i)
		must(t, s.Close())
		if s.ownedRefs() != 0 {
			t.Fatalf("closed solver still holds %d references", s.ownedRefs())
		}
	}
	for i := 0; i < 20; i++ {
		life(i)
	}
	runtime.GC()
	z2, rss2 := EstimatedAllocSize(), rssBytes(t)
	for i := 0; i < lives; i++ {
		life(i)
	}
	runtime.GC()
	z3, rss3 := EstimatedAllocSize(), rssBytes(t)
	t.Logf("%d solver lifetimes: libz3 live bytes %d -> %d (%+d), RSS %d -> %d MiB",
		lives, z2, z3, int64(z3)-int64(z2), rss2>>20, rss3>>20)
	if growth := int64(z3) - int64(z2); growth > 256<<10 {
		t.Errorf("libz3 memory grew by %d bytes over %d solver lifetimes", growth, lives)
	}
	if growth := rss3 - rss2; growth > 32<<20 {
		t.Errorf("RSS grew by %d MiB over %d solver lifetimes", growth>>20, lives)
	}
}

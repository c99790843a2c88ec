package ir_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/ir"
)

// The programs of the CFG tests, one function f each; the comments give
// the IR the front end lowers them to, which the tests' pcs refer to.
const (
	// 0 decl s; 1 s := 0; 2 skip; 3 if (x <= 0) goto 8;
	// 4 if !((x & 1)) goto 6; 5 s := (s + 1); 6 x := (x - 1); 7 goto 2;
	// 8 return s; 9 return 0 (the implicit one, unreachable)
	whileLoop = `int f(int x) { int s = 0; while (x > 0) { if (x & 1) s++; x--; } return s; }`
	// 0 if !(x) goto 2; 1 call $abort(); 2 return x; 3 return 0
	aborts = `void abort(void); int f(int x) { if (x) abort(); return x; }`
	// 0 decl s; 1 s := 0; 2 decl i; 3 i := 0; 4 skip; 5 if (i >= x) goto 11;
	// 6 if (i != 3) goto 8; 7 goto 9; 8 s := (s + i); 9 i := (i + 1);
	// 10 goto 4; 11 dead i; 12 return s; 13 return 0
	forContinue = `int f(int x) { int s = 0; for (int i = 0; i < x; i++) { if (i == 3) continue; s += i; } return s; }`
)

func function(t *testing.T, src string) *ir.Function {
	t.Helper()
	f := cfronttest.Load(t, src, ir.LP64).Func("f")
	if f == nil {
		t.Fatal("no function f")
	}
	return f
}

// listing is the IR of f, one instruction a line, for failure messages.
func listing(f *ir.Function) string {
	var b strings.Builder
	for pc, in := range f.Body {
		fmt.Fprintf(&b, "\n%3d %s", pc, ir.InstrString(in))
	}
	return b.String()
}

// edges gives, per pc, "pc:s1,s2" of the lists got(pc).
func edges(n int, got func(int) []int) string {
	var parts []string
	for pc := 0; pc < n; pc++ {
		var s []string
		for _, q := range got(pc) {
			s = append(s, fmt.Sprint(q))
		}
		parts = append(parts, fmt.Sprintf("%d:%s", pc, strings.Join(s, ",")))
	}
	return strings.Join(parts, " ")
}

func TestSuccsPreds(t *testing.T) {
	for _, tc := range []struct {
		name, src, succs, preds string
	}{
		{"while", whileLoop,
			"0:1 1:2 2:3 3:8,4 4:6,5 5:6 6:7 7:2 8: 9:",
			"0: 1:0 2:1,7 3:2 4:3 5:4 6:4,5 7:6 8:3 9:"},
		// abort does not return; a return has no successor.
		{"abort", aborts,
			"0:2,1 1: 2: 3:",
			"0: 1:0 2:0 3:"},
		{"continue", forContinue,
			"0:1 1:2 2:3 3:4 4:5 5:11,6 6:8,7 7:9 8:9 9:10 10:4 11:12 12: 13:",
			"0: 1:0 2:1 3:2 4:3,10 5:4 6:5 7:6 8:6 9:7,8 10:9 11:5 12:11 13:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := function(t, tc.src)
			if got := edges(len(f.Body), func(pc int) []int { return ir.Succs(f, pc) }); got != tc.succs {
				t.Errorf("Succs:\n got %s\nwant %s%s", got, tc.succs, listing(f))
			}
			preds := ir.Preds(f)
			if got := edges(len(f.Body), func(pc int) []int { return preds[pc] }); got != tc.preds {
				t.Errorf("Preds:\n got %s\nwant %s%s", got, tc.preds, listing(f))
			}
		})
	}
}

func TestDominators(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		idom      string // per pc; -1 for the entry and the unreached
		dom, not  [][2]int
	}{
		{"while", whileLoop,
			"0:-1 1:0 2:1 3:2 4:3 5:4 6:4 7:6 8:3 9:-1",
			[][2]int{{4, 7}, {6, 7}, {2, 8}, {7, 7}, {5, 9}}, // 9 is unreached: anything dominates it
			[][2]int{{5, 6}, {5, 7}, {7, 2}, {9, 8}}},
		{"abort", aborts,
			"0:-1 1:0 2:0 3:-1",
			[][2]int{{0, 2}, {0, 1}},
			[][2]int{{1, 2}}},
		{"continue", forContinue,
			"0:-1 1:0 2:1 3:2 4:3 5:4 6:5 7:6 8:6 9:6 10:9 11:5 12:11 13:-1",
			[][2]int{{9, 10}, {6, 9}, {5, 12}},
			[][2]int{{8, 10}, {7, 10}, {8, 9}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := function(t, tc.src)
			d := ir.Dominators(f)
			if got := edges(len(f.Body), func(pc int) []int { return []int{d.Idom(pc)} }); got != tc.idom {
				t.Errorf("Idom:\n got %s\nwant %s%s", got, tc.idom, listing(f))
			}
			for _, ab := range tc.dom {
				if !d.Dominates(ab[0], ab[1]) {
					t.Errorf("%d does not dominate %d%s", ab[0], ab[1], listing(f))
				}
			}
			for _, ab := range tc.not {
				if d.Dominates(ab[0], ab[1]) {
					t.Errorf("%d dominates %d%s", ab[0], ab[1], listing(f))
				}
			}
		})
	}
}

// TestIterationDominators: what runs on every iteration of a loop, from
// its head to its latch.
func TestIterationDominators(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		every     []int // dominate the latch within an iteration
		notEvery  []int
	}{
		{"while", whileLoop, []int{2, 3, 4, 6, 7}, []int{5, 0, 8}},
		// continue jumps over s += i (8), not over i++ (9).
		{"continue", forContinue, []int{4, 5, 6, 9, 10}, []int{7, 8, 11}},
		// 4 skip; 5 if (i >= n) goto 16; 6 decl j; 7 j := 0; 8 skip;
		// 9 if (j >= i) goto 12; 10 j := (j + 1); 11 goto 8;
		// 12 s := (s + j); 13 dead j; 14 i := (i + 1); 15 goto 4: the
		// inner loop's back edge (11 to 8) is no way around 12 to 15, and
		// its body may not run.
		{"nested", `int f(int n) { int s = 0; for (int i = 0; i < n; i++) { int j = 0; while (j < i) j++; s += j; } return s; }`,
			[]int{4, 5, 6, 7, 8, 9, 12, 13, 14, 15}, []int{10, 11, 16}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := function(t, tc.src)
			if len(f.Loops) == 0 {
				t.Fatalf("no loop%s", listing(f))
			}
			l := f.Loops[0]
			d := ir.IterationDominators(f, l)
			for _, pc := range tc.every {
				if !d.Dominates(pc, l.Latch) {
					t.Errorf("%d does not dominate the latch %d%s", pc, l.Latch, listing(f))
				}
			}
			for _, pc := range tc.notEvery {
				if d.Dominates(pc, l.Latch) {
					t.Errorf("%d dominates the latch %d%s", pc, l.Latch, listing(f))
				}
			}
		})
	}
}

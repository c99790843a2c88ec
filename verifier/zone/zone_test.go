package zone_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/zone"
)

// proves reports whether the zone analysis of main proves every assertion
// of main.
func proves(t *testing.T, p *ir.Program) bool {
	t.Helper()
	f := p.Func("main")
	r, err := zone.Analyze(context.Background(), p, f)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for pc, in := range f.Body {
		if _, ok := in.(*ir.Assert); ok {
			n++
			if !r.CannotFail(pc) {
				return false
			}
		}
	}
	if n == 0 {
		t.Fatal("no assertion in main")
	}
	return true
}

func load(t *testing.T, src string) *ir.Program {
	t.Helper()
	return cfronttest.Load(t, "void reach_error(void); int __VERIFIER_nondet_int(void); unsigned __VERIFIER_nondet_uint(void);\n"+src, ir.LP64)
}

// TestZone: relations between variables are proved — an inner loop's
// counter above a bound the outer loop raises, a buffer index below its
// size — and nothing that fails on some execution: a counter that wraps
// around, a relation that does not hold, a bound one off.
func TestZone(t *testing.T) {
	tests := []struct {
		name, body string
		proved     bool
	}{
		{"inner loop above a raised bound", `int main(void) { int i, k, n = __VERIFIER_nondet_int(), l = __VERIFIER_nondet_int();
  if (!(l > 0 && l < 1000000 && n < 1000000)) return 0;
  for (k = 1; k < n; k++) { for (i = l; i < n; i++) if (!(1 <= i)) reach_error(); if (__VERIFIER_nondet_int()) l = l + 1; }
  return 0; }`, true},
		{"index below size", `int main(void) { int size = __VERIFIER_nondet_int(); if (size < 0) return 0; int limit = size - 4;
  for (int j = 0; j < limit; j++) { if (!(j + 4 < size)) reach_error(); } return 0; }`, true},
		{"i equals j after a loop", `int main(void) { int n = __VERIFIER_nondet_int(), i = 0, j = 0; if (n < 0 || n > 1000) return 0;
  while (i < n) { i++; j++; } if (!(i == j)) reach_error(); return 0; }`, true},
		{"wraps around", `int main(void) { int i = 0; while (__VERIFIER_nondet_int()) i++; if (!(i >= 0)) reach_error(); return 0; }`, false},
		{"relation fails", `int main(void) { int n = __VERIFIER_nondet_int(), i = 0, j = 0; if (n < 0 || n > 1000) return 0;
  while (i < n) { i++; j += 2; } if (!(i == j)) reach_error(); return 0; }`, false},
		{"one off", `int main(void) { int size = __VERIFIER_nondet_int(); if (size < 0) return 0;
  for (int j = 0; j <= size; j++) { if (!(j < size)) reach_error(); } return 0; }`, false},
		{"unsigned below zero", `int main(void) { unsigned n = __VERIFIER_nondet_uint(), i = n; while (i > 0) i--; if (!(i == 0)) reach_error(); return 0; }`, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := proves(t, load(t, tc.body)); got != tc.proved {
				t.Errorf("proved = %v, want %v", got, tc.proved)
			}
		})
	}
}

// TestZoneNeverProvesABug: no assertion of the test programs known to
// fail is proved.
func TestZoneNeverProvesABug(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/verify/*.c")
	checked := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), "// expect: unsafe") {
			continue
		}
		p := cfronttest.LoadFile(t, f, ir.LP64)
		for _, fn := range p.Funcs {
			if !fn.HasBody() {
				continue
			}
			r, err := zone.Analyze(context.Background(), p, fn)
			if err != nil {
				t.Fatal(err)
			}
			for pc, in := range fn.Body {
				as, ok := in.(*ir.Assert)
				if !ok || !r.CannotFail(pc) || as.Prop == nil {
					continue
				}
				// A proved assertion must not be the one that fails.
				if want := expectLine(string(src)); want == as.Prop.Pos.Line {
					t.Errorf("%s: the failing assertion at line %d is proved", filepath.Base(f), want)
				}
			}
		}
		checked++
	}
	if checked < 20 {
		t.Fatalf("only %d unsafe programs", checked)
	}
}

func expectLine(src string) int {
	for _, l := range strings.Split(src, "\n") {
		if rest, ok := strings.CutPrefix(l, "// expect-line: "); ok {
			n := 0
			for _, c := range strings.TrimSpace(rest) {
				n = n*10 + int(c-'0')
			}
			return n
		}
	}
	return -1
}

package checks_test

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/checks"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/ir/interp"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want checks.Set
		err  bool
	}{
		{"", checks.Default, false},
		{"assertions", checks.Assertions, false},
		{"all", checks.All, false},
		{"overflow,bounds", checks.Overflow | checks.Bounds, false},
		{" Overflow , pointer ,", checks.Overflow | checks.Pointer, false},
		{"div-by-zero", checks.DivByZero, false},
		{"all,overflow", checks.All, false},
		{"overflows", 0, true},
		{"assertions,nul", 0, true},
		{"div_by_zero", 0, true},
	} {
		got, err := checks.Parse(tc.in)
		if (err != nil) != tc.err || got != tc.want {
			t.Errorf("Parse(%q) = %v, %v; want %v, error %v", tc.in, got, err, tc.want, tc.err)
		}
		if err == nil {
			back, err := checks.Parse(got.String())
			if err != nil || back != got {
				t.Errorf("Parse(%q.String() = %q) = %v, %v", tc.in, got.String(), back, err)
			}
		}
	}
	if s := checks.All.String(); s != "assertions,overflow,bounds,div-by-zero,pointer" {
		t.Errorf("All.String() = %q", s)
	}
	if _, err := checks.Parse("bogus"); err == nil || !strings.Contains(err.Error(), `"bogus"`) {
		t.Errorf("error does not name the bad check: %v", err)
	}
}

func load(t *testing.T, src string) *ir.Program {
	t.Helper()
	prog := cfronttest.LoadProgram(t, src, ir.LP64)
	if len(prog.Unsupported) > 0 {
		t.Fatalf("unsupported: %v", prog.Unsupported)
	}
	return prog.IR
}

// added lists "kind: text" of the properties Instrument added.
func added(t *testing.T, src string, set checks.Set) []string {
	t.Helper()
	p := load(t, src)
	before := len(p.Props)
	loops := map[string]int{}
	for _, f := range p.Funcs {
		loops[f.Name] = len(f.Loops)
	}
	if _, err := checks.Instrument(p, set); err != nil {
		t.Fatal(err)
	}
	if err := ir.CheckProgram(p); err != nil {
		t.Fatalf("sanity after instrumenting: %v", err)
	}
	for _, f := range p.Funcs {
		if _, existed := loops[f.Name]; !existed {
			continue // a string model's copy for one call
		}
		if len(f.Loops) != loops[f.Name] {
			t.Errorf("%s: %d loops after instrumenting, %d before", f.Name, len(f.Loops), loops[f.Name])
		}
	}
	var out []string
	asserted := map[*ir.Property]bool{}
	for _, f := range p.Funcs {
		for _, in := range f.Body {
			if a, ok := in.(*ir.Assert); ok {
				asserted[a.Prop] = true
			}
		}
	}
	for _, pr := range p.Props[before:] {
		if !asserted[pr] {
			t.Errorf("property %s is asserted nowhere", pr.ID)
		}
		if pf := p.Func(pr.Func); pf == nil || pf.Library {
			t.Errorf("property %s in library or unknown function %s", pr.ID, pr.Func)
		}
		out = append(out, pr.Kind.String()+": "+pr.Text)
	}
	return out
}

// TestInstrument: which checks the pass adds for each C operation, and
// that it adds none where C defines the behaviour.
func TestInstrument(t *testing.T) {
	const (
		ov  = checks.Overflow
		div = checks.DivByZero
		bnd = checks.Bounds
		ptr = checks.Pointer
		all = checks.All
	)
	for _, tc := range []struct {
		src  string
		set  checks.Set
		want []string
	}{
		{"int f(int x, int y) { return x + y; }", ov, []string{"overflow: signed overflow in x + y"}},
		{"int f(int x, int y) { return x - y; }", all, []string{"overflow: signed overflow in x - y"}},
		{"long long f(long long x, long long y) { return x * y; }", ov, []string{"overflow: signed overflow in x * y"}},
		{"int f(int x) { return -x; }", ov, []string{"overflow: signed overflow in -x"}},
		{"int f(int x, int y) { return x + y; }", div | bnd | ptr, nil},
		// Defined: unsigned wraps; char and short are promoted to int.
		{"unsigned f(unsigned x, unsigned y) { return x * y + x - y; }", all, nil},
		{"unsigned long f(unsigned long x) { return -x; }", all, nil},
		{"char f(char c) { c += 100; c *= 3; return c; }", all, nil},
		{"short f(short s, char c) { s = -s; s = s * c - 30000; return s; }", all, nil},
		{"int f(unsigned char a, unsigned char b) { return a * b + a; }", all, nil},
		{"int f(int x) { return (x & 0xff) + 1; }", ov, nil},
		{"int f(int x) { return (x | 1) + 1; }", ov, []string{"overflow: signed overflow in (x | 1) + 1"}},
		{"int f(int x) { return x / 3 * 2 + x % 5 * 1000; }", ov, nil},
		{"int f(int x) { return x / -2 + 1; }", ov, nil},
		{"int f(int x) { return x / -2 * 2; }", ov, []string{"overflow: signed overflow in (x / -2) * 2"}}, // INT_MIN / -2 * 2 is 2^31
		// Division.
		{"int f(int x, int y) { return x / y; }", div, []string{"div-by-zero: division by zero in x / y"}},
		{"int f(int x, int y) { return x / y; }", ov, []string{"overflow: signed overflow in x / y"}},
		{"int f(int x, int y) { return x % y; }", ov | div, []string{"div-by-zero: division by zero in x % y", "overflow: signed overflow in x % y"}},
		{"unsigned f(unsigned x, unsigned y) { return x / y; }", all, []string{"div-by-zero: division by zero in x / y"}},
		{"int f(int x) { return x / 2 + x % 7; }", div | ov, nil},
		{"int f(int x) { return x / -1; }", div, nil},
		{"int f(int x) { return x / -1; }", ov, []string{"overflow: signed overflow in x / -1"}},
		{"double f(double x, double y) { return x / y; }", all, nil},
		{"int f(int x) { return x && 10 / x; }", div, []string{"div-by-zero: division by zero in 10 / x"}},
		// Shifts.
		{"int f(int x) { return x << 3; }", ov, []string{"overflow: signed overflow in x << 3"}},
		{"int f(int x) { return x >> 3; }", ov, nil},
		{"unsigned f(unsigned x, int n) { return x << n; }", ov, []string{"overflow: shift count n out of range in x << n"}},
		{"int f(int x, unsigned n) { return x >> n; }", ov, []string{"overflow: shift count n out of range in x >> n"}},
		{"unsigned f(unsigned x) { return x << 31 | x >> 31; }", ov, nil},
		// Conversions: only floating point to integer can be undefined.
		{"int f(double d) { return (int)d; }", ov, []string{"overflow: out-of-range conversion in (int)d"}},
		{"unsigned char f(float x) { return x; }", ov, []string{"overflow: out-of-range conversion in (unsigned char)x"}},
		{"long long f(double d) { return d; }", ov, []string{"overflow: out-of-range conversion in (long long)d"}},
		{"_Bool f(double d) { return d; }", all, nil},
		{"double f(int i, long long j) { return i + (double)j; }", all, nil},
		{"char f(int i) { return (char)i; }", all, nil},
		{"int f(void) { return (int)2.5; }", all, nil},
		// Bounds.
		{"int a[4]; int f(int i) { return a[i]; }", bnd, []string{"bounds: index i out of bounds of a[4]"}},
		{"int a[4]; int f(int i) { return a[i]; }", ov | div | ptr, nil},
		{"int a[4]; int f(void) { return a[3]; }", bnd, nil},
		{"int a[4]; int *f(void) { return &a[4]; }", all, nil},
		{"int a[4]; int f(void) { return a[4]; }", bnd, []string{"bounds: index 4 out of bounds of a[4]"}},
		{"int a[4]; int *f(int i) { return &a[i]; }", bnd, []string{"bounds: index i out of bounds of a[4]"}},
		{"int m[2][3]; int f(int i, int j) { return m[i][j]; }", bnd, []string{"bounds: index i out of bounds of m[2]", "bounds: index j out of bounds of m[i][3]"}},
		{"struct s { int v[3]; }; int f(struct s *p, unsigned i) { return p->v[i]; }", bnd, []string{"bounds: index i out of bounds of p->v[3]"}},
		{"int a[256]; int f(unsigned char c) { return a[c]; }", bnd, nil},
		{"int f(int *p, int i) { return p[i]; }", bnd, nil},
		// Pointers.
		{"int f(int *p) { return *p; }", ptr, []string{"pointer: NULL, dangling or out-of-bounds dereference of *p"}},
		{"int f(int *p, int i) { return p[i]; }", ptr, []string{"pointer: NULL, dangling or out-of-bounds dereference of p[i]"}},
		{"int *f(int *p) { return p + 10; }", all, nil},
		{"int *f(int *p) { return &*p; }", all, nil},
		{"struct s { int a, b; }; int f(struct s *p) { return p->b; }", ptr, []string{"pointer: NULL, dangling or out-of-bounds dereference of *p"}},
		{"int f(int **q) { return **q; }", ptr, []string{"pointer: NULL, dangling or out-of-bounds dereference of *q", "pointer: NULL, dangling or out-of-bounds dereference of **q"}},
		{"void f(int *p) { *p = 1; }", ptr, []string{"pointer: NULL, dangling, out-of-bounds or read-only write to *p"}},
		{"struct s { int a[2]; }; void f(struct s *p, int i) { p->a[i] += 1; }", ptr, []string{
			"pointer: NULL, dangling, out-of-bounds or read-only write to *p",
			"pointer: NULL, dangling or out-of-bounds dereference of *p"}},
		{"int f(int *p) { return p && *p; }", ptr, []string{"pointer: NULL, dangling or out-of-bounds dereference of *p"}},
		{"int f(int x) { int y = x; return y; }", ptr, nil},
		{"#include <string.h>\nvoid f(char *d, const char *s) { memcpy(d, s, 16); memset(d, 0, 4); memmove(d, s, 0); }", ptr, []string{
			"pointer: NULL, dangling or out-of-bounds memcpy destination of d (16 bytes)",
			"pointer: NULL, dangling or out-of-bounds memcpy source of s (16 bytes)",
			"pointer: NULL, dangling or out-of-bounds memset destination of d (4 bytes)"}},
		{"#include <string.h>\nvoid f(char *d, const char *s, unsigned long n) { memcpy(d, s, n); }", ptr, nil},
		// Temporaries read as what they hold.
		{"int g(void); int f(int x) { return g() + x; }", ov, []string{"overflow: signed overflow in g() + x"}},
		{"int a[2]; int g(int); void f(int x) { a[g(x)] = 0; }", bnd, []string{"bounds: index g(x) out of bounds of a[2]"}},
		{"#include <stdlib.h>\nvoid f(int *p) { free(p); }", ptr, []string{"pointer: invalid or double free of p"}},
		{"#include <stdlib.h>\nvoid f(int *p) { free(p); }", ov | bnd | div, nil},
		// Library models carry no checks of their own; with the pointer
		// check each call of a string model gets them, at the call.
		{"#include <string.h>\nint f(const char *s) { return (int)strlen(s); }", ov | bnd | div, nil},
		{"#include <string.h>\nint f(const char *s) { return (int)strlen(s); }", all, []string{"pointer: NULL, dangling or out-of-bounds read by strlen(s)"}},
		{"#include <string.h>\nvoid f(char *d) { strcpy(d, \"ab\"); }", ptr, []string{
			"pointer: NULL, dangling or out-of-bounds write by strcpy(d, \"ab\")",
			"pointer: NULL, dangling or out-of-bounds read by strcpy(d, \"ab\")"}},
	} {
		name := fmt.Sprintf("%s/%s", tc.set, tc.src)
		got := added(t, tc.src, tc.set)
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("%s:\n got %q\nwant %q", name, got, tc.want)
		}
	}
}

// TestAssertionsOff: without Assertions the program's asserts become
// assumptions, and nothing else changes.
func TestAssertionsOff(t *testing.T) {
	src := "void __VERIFIER_assert(int);\nvoid reach_error(void);\nint main(void) { int x = 1; __VERIFIER_assert(x > 0); if (x == 2) reach_error(); return 0; }"
	p := load(t, src)
	if _, err := checks.Instrument(p, checks.Overflow); err != nil {
		t.Fatal(err)
	}
	asserts, assumes := 0, 0
	for _, f := range p.Funcs {
		if f.Library {
			continue // the library models' own assumptions (strtod's) are not the program's
		}
		for _, in := range f.Body {
			switch in.(type) {
			case *ir.Assert:
				asserts++
			case *ir.Assume:
				assumes++
			}
		}
	}
	if asserts != 0 || assumes != 2 {
		t.Errorf("%d asserts and %d assumes, want 0 and 2", asserts, assumes)
	}
}

func TestInstrumentErrors(t *testing.T) {
	if _, err := checks.Instrument(nil, checks.All); err == nil {
		t.Error("no error for a nil program")
	}
	if _, err := checks.Instrument(load(t, "int main(void) { return 0; }"), checks.Set(0x80)); err == nil {
		t.Error("no error for unknown check bits")
	}
}

// TestNoFalseAlarms instruments every test program of the repository with
// every check: the IR stays well formed and keeps its loops, and the
// programs that the gcc differential suite runs (testdata/cprogs: defined
// behaviour, compared with gcc's output) run exactly as before — same
// status, exit code and output, and no check fails.
func TestNoFalseAlarms(t *testing.T) {
	var files []string
	for _, g := range []string{"../../testdata/verify/*.c", "../../testdata/checks/*.c", "../../testdata/ir-golden/*.c", "../../testdata/cprogs/*.c", "../../testdata/examples/*.c"} {
		m, _ := filepath.Glob(g)
		files = append(files, m...)
	}
	if len(files) < 100 {
		t.Fatalf("only %d programs", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(filepath.Dir(f))+"/"+filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			prog, err := cfront.LoadFiles(context.Background(), cfront.Config{Cache: &hostCache}, f)
			if err != nil {
				t.Skipf("the front end rejects it: %v", err) // other tests' business
			}
			p := prog.IR
			run := strings.Contains(f, "/cprogs/") && p.Func("main") != nil
			var before *interp.Result
			var out1 bytes.Buffer
			if run {
				if before, err = interp.Run(context.Background(), p, "main", interp.Options{Stdout: &out1, MaxSteps: 5_000_000}); err != nil {
					t.Fatal(err)
				}
			}
			// Loops are kept; the pointer check adds the loops of the
			// string models' per-call copies (named model.atN).
			loops := 0
			for _, fn := range p.Funcs {
				loops += len(fn.Loops)
			}
			if _, err := checks.Instrument(p, checks.All); err != nil {
				t.Fatal(err)
			}
			if err := ir.CheckProgram(p); err != nil {
				t.Fatalf("sanity after instrumenting: %v", err)
			}
			after := 0
			for _, fn := range p.Funcs {
				if _, copy, ok := strings.Cut(fn.Name, ".at"); ok && copy != "" && fn.Library {
					continue
				}
				after += len(fn.Loops)
			}
			if after != loops {
				t.Errorf("%d loops after instrumenting, %d before", after, loops)
			}
			if !run {
				return
			}
			var out2 bytes.Buffer
			r, err := interp.Run(context.Background(), p, "main", interp.Options{Stdout: &out2, MaxSteps: 20_000_000})
			if err != nil {
				t.Fatal(err)
			}
			if r.Status == interp.AssertFailed && r.Prop.Kind != ir.PropAssertion && r.Prop.Kind != ir.PropReachError {
				t.Fatalf("false alarm: %s check %q fails at %s", r.Prop.Kind, r.Prop.Text, r.Prop.Pos)
			}
			if r.Status != before.Status || r.ExitCode != before.ExitCode || out1.String() != out2.String() {
				t.Errorf("instrumented run differs: %v exit %d (%s), before %v exit %d (%s)", r.Status, r.ExitCode, r.Message, before.Status, before.ExitCode, before.Message)
			}
		})
	}
}

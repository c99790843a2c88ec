package repro

import (
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/report"
	"github.com/prbmc/prbmc/report/internal/fixtures"
	"github.com/prbmc/prbmc/verifier/result"
)

// srcAt reads the repository's files but names them under /src, so
// golden reproducers do not depend on where the checkout is.
type srcAt struct{ report.Dir }

func (s srcAt) AbsPath(name string) (string, error) { return "/src/" + name, nil }

// reproducer is fixture name's result and reproducer, its sources read from
// src.
func reproducer(t *testing.T, name string, src report.SourceReader) (*result.Result, string) {
	t.Helper()
	r, err := fixtures.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Reproducer(*r, src)
	if err != nil {
		t.Fatal(err)
	}
	return r, c
}

func needCC(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
}

func TestGolden(t *testing.T) {
	for _, name := range []string{"ringbuf", "float_nan", "malloc_list"} {
		_, c := reproducer(t, name, srcAt{report.Dir(fixtures.Root())})
		fixtures.Golden(t, name+".repro.c", []byte(c))
	}
	src := report.Files{"src/check.c": "extern int __VERIFIER_nondet_int(void);\nvoid check(int x);\n"}
	c, err := Reproducer(*fixtures.Unsafe(), src)
	if err != nil {
		t.Fatal(err)
	}
	fixtures.Golden(t, "unsafe.repro.c", []byte(c))
}

// The stored real counterexamples, compiled with gcc and run natively,
// must fail their check.
func TestReproducesReal(t *testing.T) {
	needCC(t)
	for _, name := range []string{"ringbuf", "array_bug", "assert_h", "float_nan", "string_ops", "recursion", "deep_bug", "malloc_list"} {
		t.Run(name, func(t *testing.T) {
			r, c := reproducer(t, name, report.Dir(fixtures.Root()))
			out, err := Check(context.Background(), c, BuildOptions{Dir: t.TempDir()})
			if err != nil {
				t.Fatal(err)
			}
			if !out.Reproduced || out.Status != 134 || !out.Signaled {
				t.Fatalf("%s\noutput:\n%s\nreproducer:\n%s", out, out.Output, c)
			}
			want := "reach_error reached"
			if r.Violated().Kind == "assertion" {
				want = "Assertion `" + r.Violated().Text + "' failed"
			}
			if !strings.Contains(out.Detail(), want) || out.String() != "reproduced: assertion failed with exit status 134" {
				t.Errorf("detail %q, want %q; %s", out.Detail(), want, out)
			}
		})
	}
}

// An ILP32 counterexample fails natively only when built with gcc -m32.
func TestILP32(t *testing.T) {
	needCC(t)
	m32 := filepath.Join(t.TempDir(), "m32")
	if err := exec.Command("sh", "-c", "echo 'int main(void){return 0;}' | gcc -m32 -x c -o "+m32+" -").Run(); err != nil {
		t.Skip("gcc -m32 does not work here (gcc-multilib)")
	}
	// Some VMs' kernels cannot run 32-bit programs: the check says so.
	canRun := exec.Command(m32).Run() == nil
	_, c := reproducer(t, "ilp32_long", report.Dir(fixtures.Root()))
	if !strings.Contains(c, "long __VERIFIER_nondet_long(void)") || !strings.Contains(c, "\t-1\n") {
		t.Errorf("reproducer:\n%s", c)
	}
	out, err := Check(context.Background(), c, BuildOptions{Dir: t.TempDir(), ILP32: true})
	switch {
	case !canRun:
		if err == nil || !strings.Contains(err.Error(), "cannot run 32-bit programs") {
			t.Errorf("gcc -m32 on a kernel without IA-32: %v", err)
		}
	case err != nil || !out.Reproduced:
		t.Errorf("gcc -m32: %v %s\n%s", err, out, out.Output)
	}
	out, err = Check(context.Background(), c, BuildOptions{Dir: t.TempDir()})
	if err != nil || out.Reproduced {
		t.Errorf("LP64 build reproduced an ILP32 bug: %v %s", err, out)
	}
}

// TestForcedInputs: the values of uninitialised locals and the contents of
// malloc'ed blocks are forced too (prbmc_fill after the declaration,
// prbmc_malloc), so these reproducers fail natively as the trace says.
func TestForcedInputs(t *testing.T) {
	for _, name := range []string{"uninit_local", "malloc_list"} {
		t.Run(name, func(t *testing.T) {
			_, c := reproducer(t, name, report.Dir(fixtures.Root()))
			if strings.Contains(c, "Caveats") {
				t.Errorf("caveats left:\n%s", c)
			}
			needCC(t)
			out, err := Check(context.Background(), c, BuildOptions{Dir: t.TempDir()})
			if err != nil || !out.Reproduced {
				t.Fatalf("%v %s\n%s", err, out, c)
			}
		})
	}
}

// TestUninitialisedInForClause: a declaration in a for clause cannot get a
// statement after it; the caveat says so.
func TestUninitialisedInForClause(t *testing.T) {
	src := report.Files{"p.c": "int main(void) {\n\tfor (int i; i != 3;) {\n\t\t__VERIFIER_assert(0);\n\t}\n}\n"}
	r := unsafeProg(result.Input{Why: "uninitialised i", Type: "int", Value: "3", Bytes: []byte{3, 0, 0, 0},
		Location: result.Location{File: "p.c", Line: 2, Col: 11}})
	c, err := Reproducer(r, src)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(c, "which the reproducer cannot set (the end of its declaration was not found)") {
		t.Errorf("no caveat:\n%s", c)
	}
}

func unsafeProg(inputs ...result.Input) result.Result {
	return result.Result{Verdict: result.Unsafe, Entry: "main", Props: []result.Property{{
		ID: "main.assertion.1", Kind: "assertion", Text: "x != 3", Func: "main", Verdict: result.Unsafe,
		Location: result.Location{File: "p.c", Line: 5, Col: 3},
		Trace:    &result.Trace{Replayed: true, Inputs: inputs},
	}}}
}

func nondetInt(v int32) result.Input {
	u := uint32(v)
	return result.Input{Why: "__VERIFIER_nondet_int", Type: "int", Value: "x", Bytes: []byte{byte(u), byte(u >> 8), byte(u >> 16), byte(u >> 24)}}
}

func TestCannotReproduce(t *testing.T) {
	var cr *CannotReproduce
	defines := report.Files{"p.c": "int __VERIFIER_nondet_int(void) { return 3; }\nint main(void) { return 0; }\n"}
	if _, err := Reproducer(unsafeProg(nondetInt(3)), defines); !errors.As(err, &cr) || !strings.Contains(err.Error(), "defines __VERIFIER_nondet_int itself") {
		t.Errorf("program defining the nondet function: %v", err)
	}
	r := unsafeProg(nondetInt(3))
	r.Entry = "check"
	if _, err := Reproducer(r, report.Files{"p.c": ""}); !errors.As(err, &cr) {
		t.Errorf("entry check: %v", err)
	}
	if _, err := Reproducer(*fixtures.Safe(), report.Files{}); !errors.As(err, &cr) {
		t.Errorf("safe result: %v", err)
	}
	// A call of the nondet function in a comment or string is no definition.
	decl := report.Files{"p.c": "/* int __VERIFIER_nondet_int(void) { } */\nextern int __VERIFIER_nondet_int(void);\nchar *s = \"__VERIFIER_nondet_int() {\";\n"}
	if _, err := Reproducer(unsafeProg(nondetInt(3)), decl); err != nil {
		t.Errorf("declaration only: %v", err)
	}
}

func TestExhaustedAndUnusedNondet(t *testing.T) {
	needCC(t)
	dir := t.TempDir()
	prog := `#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern float __VERIFIER_nondet_float(void);
void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == -7) { int y = __VERIFIER_nondet_int(); (void)y; }
  if (x == 1) (void)__VERIFIER_nondet_ulong();
  if (x == 2) (void)__VERIFIER_nondet_float();
  assert(x != 3);
  return 0;
}
`
	files := report.Files{dir + "/p.c": prog}
	write := func() {
		if err := writeFile(dir+"/p.c", prog); err != nil {
			t.Fatal(err)
		}
	}
	write()
	r := unsafeProg(nondetInt(-7)) // the real trace would read 3; -7 leaves it
	r.Props[0].Location.File = dir + "/p.c"
	c, err := Reproducer(r, files)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"unsigned long __VERIFIER_nondet_ulong(void)", "float __VERIFIER_nondet_float(void)", "void reach_error(void)\n{"} {
		if !strings.Contains(c, want) {
			t.Errorf("reproducer lacks %q:\n%s", want, c)
		}
	}
	out, err := Check(context.Background(), c, BuildOptions{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if out.Reproduced || !strings.Contains(out.String(), "more inputs than the trace has") {
		t.Errorf("exhausted run: %s\n%s", out, out.Output)
	}
	r = unsafeProg(nondetInt(3))
	r.Props[0].Location.File = dir + "/p.c"
	c, _ = Reproducer(r, files)
	out, err = Check(context.Background(), c, BuildOptions{Dir: dir})
	if err != nil || !out.Reproduced {
		t.Errorf("x = 3: %v %s\n%s", err, out, out.Output)
	}
	r = unsafeProg(nondetInt(4))
	r.Props[0].Location.File = dir + "/p.c"
	c, _ = Reproducer(r, files)
	out, err = Check(context.Background(), c, BuildOptions{Dir: dir})
	if err != nil || out.Reproduced || out.String() != "did not reproduce: exit status 0" {
		t.Errorf("x = 4: %v %s", err, out)
	}
}

func TestScan(t *testing.T) {
	sc := scanSource(`void reach_error(void);
struct node { int v; };
int f(a, b) int a; char *b; { return a; }
int __VERIFIER_nondet_int(void) __attribute__((noinline)) { return 0; }
void g(void) { reach_error(); h(x); }
static int k(void)
{
	return 1;
}
`)
	for name, want := range map[string]bool{"reach_error": false, "f": true, "__VERIFIER_nondet_int": true, "g": true, "h": false, "k": true, "node": false} {
		if sc.defined[name] != want {
			t.Errorf("%s defined = %v, want %v", name, sc.defined[name], want)
		}
	}
	if !sc.mentioned["reach_error"] {
		t.Error("reach_error not mentioned")
	}
}

func TestLiterals(t *testing.T) {
	for _, tc := range []struct {
		typ  string
		b    []byte
		want string
	}{
		{"int", []byte{0, 0, 0, 0x80}, "(-2147483647 - 1)"},
		{"int", []byte{0xfe, 0xff, 0xff, 0xff}, "-2"},
		{"unsigned int", []byte{0xff, 0xff, 0xff, 0xff}, "4294967295u"},
		{"long long", []byte{0, 0, 0, 0, 0, 0, 0, 0x80}, "(-9223372036854775807ll - 1)"},
		{"unsigned long", []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, "18446744073709551615u"},
		{"char", []byte{0x80}, "-128"},
		{"_Bool", []byte{1}, "1"},
		{"float", []byte{0, 0, 0xc0, 0x7f}, "0x7fc00000u"},
		{"double", []byte{0, 0, 0, 0, 0, 0, 0xf0, 0x3f}, "0x3ff0000000000000ull"},
		{"int*", []byte{0, 0, 0, 0, 0, 0, 0, 0}, "(void *)0"},
		{"long double", []byte{0, 0, 0, 0, 0, 0, 0, 0x40, 0xff, 0x7f, 0, 0, 0, 0, 0, 0},
			"{0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x40, 0xff, 0x7f}"},
	} {
		ct, ok := typeFromIR(tc.typ)
		if !ok {
			t.Fatalf("type %s", tc.typ)
		}
		got, err := literal(ct, result.Input{Why: "w", Bytes: tc.b})
		if err != nil || got != tc.want {
			t.Errorf("%s % x: %s %v, want %s", tc.typ, tc.b, got, err, tc.want)
		}
	}
	ct, _ := typeFromIR("float")
	if got, _ := literal(ct, result.Input{Value: "1.5"}); got != "0x3fc00000u" {
		t.Errorf("float from text: %s", got)
	}
}

func TestHostileComment(t *testing.T) {
	h := fixtures.Hostile()
	h.Entry = "main"
	c, err := Reproducer(*h, report.Files{h.Props[0].Location.File: "int main(void) { return 0; }\n"})
	if err != nil {
		t.Fatal(err)
	}
	head, _, _ := strings.Cut(c, "*/\n#include <stdio.h>")
	if strings.Contains(head[2:], "*/") {
		t.Errorf("user text closes the comment:\n%s", c)
	}
}

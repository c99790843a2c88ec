package harness

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/ir"
)

var update = flag.Bool("update", false, "rewrite the golden harnesses")

// TestGolden compares the generated harness of every function of
// testdata/harness/sensor.c with testdata/harness/golden/<name>.c, and
// checks that each one compiles with the unit and passes ir.CheckProgram.
func TestGolden(t *testing.T) {
	const file = "../../testdata/harness/sensor.c"
	prog := cfronttest.LoadFileProgram(t, file, ir.LP64)
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, def := range prog.Defs {
		t.Run(def.Name, func(t *testing.T) {
			def.File = "sensor.c"
			h, err := Generate(prog, def, Options{})
			got := ""
			if err != nil {
				got = "error: " + err.Error() + "\n"
			} else {
				got = h.Source
			}
			cfronttest.Golden(t, filepath.Join("../../testdata/harness/golden", def.Name+".c"), []byte(got), *update)
			if h == nil {
				return
			}
			p, err := cfront.Load(context.Background(), cfront.Config{}, cfront.Source{Name: file, Text: h.Attach(src)})
			if err != nil {
				t.Fatalf("harness does not compile: %v", err)
			}
			Stub(p.IR, h.Entry)
			if err := ir.CheckProgram(p.IR); err != nil {
				t.Fatalf("IR after stubbing: %v", err)
			}
			entry := p.IR.Func(h.Entry)
			if entry == nil || entry.Body == nil {
				t.Fatalf("no entry %s", h.Entry)
			}
			if entry.Body[0].Pos().Line != def.StartLine {
				t.Errorf("harness steps at line %d, want the function's line %d", entry.Body[0].Pos().Line, def.StartLine)
			}
		})
	}
}

func TestStubAssumptions(t *testing.T) {
	prog := cfronttest.LoadFileProgram(t, "../../testdata/harness/sensor.c", ir.LP64)
	got := Stub(prog.IR, "frame_ok", "status_of", "short_name")
	want := map[string][]string{
		"frame_ok":   {"`fill()` has no body here: assumed to give the memory its argument 1 points to any contents, change no global variable"},
		"status_of":  {"`dev_status()` has no body here: assumed to return any int, give the memory its argument 1 points to any contents, change no global variable", "`open_dev()` has no body here: assumed to return NULL or a fresh object with any contents, change no global variable"},
		"short_name": {"`log_msg()` has no body here: assumed to change no global variable"},
	}
	for entry, w := range want {
		if strings.Join(got[entry], "\n") != strings.Join(w, "\n") {
			t.Errorf("%s: got %q\nwant %q", entry, got[entry], w)
		}
	}
	if err := ir.CheckProgram(prog.IR); err != nil {
		t.Fatal(err)
	}
}

// TestUnnamedParameter: a parameter without a name (C23, or an unused one
// in a callback) gets one in the harness when its type can be spelled.
func TestUnnamedParameter(t *testing.T) {
	prog, err := cfront.Load(context.Background(), cfront.Config{}, cfront.Source{Name: "un.c",
		Text: []byte("struct s { int a; };\nint f(int, struct s *, int y) { return y; }\n")})
	if err != nil {
		t.Fatal(err)
	}
	var def cfront.FuncDef
	for _, d := range prog.Defs {
		if d.Name == "f" {
			def = d
		}
	}
	h, err := Generate(prog, def, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"int prbmc_arg1 = __VERIFIER_nondet_int();", "struct s * prbmc_arg2", "f(prbmc_arg1, prbmc_arg2, y);"} {
		if !strings.Contains(h.Source, want) {
			t.Errorf("harness lacks %q:\n%s", want, h.Source)
		}
	}
}

// TestAliasAssumption: the harness gives each pointer parameter a fresh
// object, so a call that passes two of them into one object is not
// checked; the assumptions say so for the parameters that could alias
// (same pointee type, or bytes), and only for them.
func TestAliasAssumption(t *testing.T) {
	prog, err := cfront.Load(context.Background(), cfront.Config{}, cfront.Source{Name: "alias.c", Text: []byte(`
struct buf { int len; };
struct other { long x; };
int same(struct buf *p, struct buf *q) { p->len = 1; q->len = 2; return p->len; }
void copy(char *dst, const struct buf *src) { dst[0] = (char)src->len; }
int apart(struct buf *p, struct other *o, int (*cb)(int)) { return p->len + (int)o->x; }
int one(struct buf *p, int n) { return p->len + n; }
`)})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"same": "p and q point into different objects (a call that passes two of them into the same object is not checked)",
		"copy": "dst and src point into different objects (a call that passes two of them into the same object is not checked)",
	}
	for _, def := range prog.Defs {
		h, err := Generate(prog, def, Options{})
		if err != nil {
			t.Fatalf("%s: %v", def.Name, err)
		}
		var got []string
		for _, a := range h.Assumed {
			if strings.Contains(a, "different objects") {
				got = append(got, a)
			}
		}
		if w, ok := want[def.Name]; ok {
			if len(got) != 1 || got[0] != w {
				t.Errorf("%s: aliasing assumptions %q, want %q", def.Name, got, w)
			}
		} else if len(got) != 0 {
			t.Errorf("%s: aliasing assumed for parameters that cannot alias: %q", def.Name, got)
		}
	}
}

// TestOtherUnitStatics: a static of another file linked with the unit
// (a caller's or a callee's) cannot be named by the harness appended to
// the unit: one no code writes keeps its initial value, one some code
// writes makes the harness refuse, naming it (it once failed to compile:
// "undefined: count").
func TestOtherUnitStatics(t *testing.T) {
	prog, err := cfront.Load(context.Background(), cfront.Config{},
		cfront.Source{Name: "util.c", Text: []byte("static int count;\nstatic const char *names[] = {\"a\", \"b\"};\nint bump(void) { return ++count; }\nint len0(int i) { return names[i & 1][0]; }\n")},
		cfront.Source{Name: "app.c", Text: []byte("int bump(void);\nint len0(int);\nint twice(void) { bump(); return bump(); }\nint first(int i) { return len0(i); }\n")})
	if err != nil {
		t.Fatal(err)
	}
	defs := map[string]cfront.FuncDef{}
	for _, d := range prog.Defs {
		defs[d.Name] = d
	}
	if _, err := Generate(prog, defs["twice"], Options{}); err == nil || !strings.Contains(err.Error(), "static count of util.c, which code writes and the harness cannot name") {
		t.Errorf("twice: %v, want the harness to refuse static count of util.c", err)
	}
	h, err := Generate(prog, defs["first"], Options{})
	if err != nil {
		t.Fatalf("first: %v", err)
	}
	if !slices.Contains(h.Assumed, "static names of util.c keeps its initial value (no code writes it)") {
		t.Errorf("first: assumptions %q", h.Assumed)
	}
	// In its own unit the harness names it as any global.
	h, err = Generate(prog, defs["bump"], Options{})
	if err != nil || !slices.Contains(h.Assumed, "global count holds any value") {
		t.Errorf("bump: %v, assumptions %v", err, h)
	}
}

package cfront

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDigest: the digest changes with the main file and with a header it
// includes, not with a file it does not include, and not with the
// directory the sources are in.
func TestDigest(t *testing.T) {
	digest := func(dir string) string {
		t.Helper()
		sb, err := NewSandbox(dir)
		if err != nil {
			t.Fatal(err)
		}
		sum, err := Digest(context.Background(), Config{Sandbox: sb, IncludeDirs: []string{filepath.Join(dir, "inc")}},
			Source{Name: filepath.Join(dir, "a.c")}, dir)
		if err != nil {
			t.Fatal(err)
		}
		return sum
	}
	write := func(dir, name, text string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	setup := func() string {
		dir := t.TempDir()
		write(dir, "a.c", "#include <assert.h>\n#include \"h.h\"\nint f(int x) { assert(x != LIMIT); return x; }\n")
		write(dir, "inc/h.h", "#define LIMIT 3\n")
		write(dir, "b.c", "int g(void) { return 0; }\n")
		return dir
	}
	d1, d2 := setup(), setup()
	base := digest(d1)
	if got := digest(d2); got != base {
		t.Errorf("the same sources in another directory digest differently")
	}
	write(d1, "b.c", "int g(void) { return 1; }\n")
	if got := digest(d1); got != base {
		t.Errorf("a file the unit does not include changed its digest")
	}
	write(d1, "inc/h.h", "#define LIMIT 4\n")
	if got := digest(d1); got == base {
		t.Errorf("a header the unit includes changed and the digest did not")
	}
	write(d2, "a.c", "\n#include <assert.h>\n#include \"h.h\"\nint f(int x) { assert(x != LIMIT); return x; }\n")
	if got := digest(d2); got == base {
		t.Errorf("the main file moved a line and the digest did not change")
	}
	sb, _ := NewSandbox(d1)
	if _, err := Digest(context.Background(), Config{Sandbox: sb}, Source{Name: filepath.Join(d1, "a.c")}, d1); err == nil {
		t.Errorf("a header the include paths do not find: no error")
	} else if want := `include file not found: "h.h"`; !strings.Contains(err.Error(), want) {
		t.Errorf("error %q lacks %q", err, want)
	}
}

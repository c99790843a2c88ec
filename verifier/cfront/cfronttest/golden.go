package cfronttest

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/ir"
)

// Golden compares got with the file at path or, with update (each
// package's -update flag), writes it there. A difference fails t with the
// lines that differ: one place for the golden tests of the front end, the
// checks and the harness, so that they update and report alike.
func Golden(t testing.TB, path string, got []byte, update bool) {
	t.Helper()
	if update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if !bytes.Equal(want, got) {
		t.Errorf("%s differs (go test -update rewrites it; review the diff):\n%s", path, DiffLines(string(want), string(got), "want", "got"))
	}
}

// GoldenIR lowers each C file pattern matches (at least min of them) under
// its base name, so that positions do not depend on where the repository
// is checked out; passes the program through transform (nil: none);
// checks it with ir.CheckProgram; and compares its printed IR with the .ir
// file beside the source (Golden).
func GoldenIR(t *testing.T, pattern string, min int, update bool, transform func(*ir.Program) (*ir.Program, error)) {
	t.Helper()
	files, _ := filepath.Glob(pattern)
	if len(files) < min {
		t.Fatalf("only %d golden inputs", len(files))
	}
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(strings.TrimSuffix(name, ".c"), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			prog, err := cfront.Load(context.Background(), cfront.Config{Cache: &cache}, cfront.Source{Name: name, Text: src})
			if err != nil {
				t.Fatalf("load: %v", err)
			}
			if len(prog.Unsupported) > 0 {
				t.Errorf("unsupported: %v", prog.Unsupported)
			}
			p := prog.IR
			if transform != nil {
				if p, err = transform(p); err != nil {
					t.Fatal(err)
				}
			}
			if err := ir.CheckProgram(p); err != nil {
				t.Fatalf("sanity: %v", err)
			}
			var got bytes.Buffer
			if err := ir.Fprint(&got, p, false); err != nil {
				t.Fatal(err)
			}
			Golden(t, strings.TrimSuffix(f, ".c")+".ir", got.Bytes(), update)
		})
	}
}

// DiffLines lists the lines where want and got differ, each with both
// versions labelled wantName and gotName, up to some 2000 bytes.
func DiffLines(want, got, wantName, gotName string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	width := max(len(wantName), len(gotName)) + 1
	var b strings.Builder
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, c string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			c = g[i]
		}
		if a != c {
			fmt.Fprintf(&b, "line %d:\n  %-*s %s\n  %-*s %s\n", i+1, width, wantName+":", a, width, gotName+":", c)
			if b.Len() > 2000 {
				break
			}
		}
	}
	return b.String()
}

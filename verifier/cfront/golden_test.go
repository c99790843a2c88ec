package cfront_test

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/ir"
)

var update = flag.Bool("update", false, "rewrite testdata/ir-golden/*.ir from the current lowering")

// TestGoldenIR lowers each testdata/ir-golden/*.c and compares the printed
// IR with the .ir file beside it. The source is passed under its base name,
// so positions do not depend on where the repository is checked out.
// `go test -run TestGoldenIR -update` rewrites the wants; review the diff.
func TestGoldenIR(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/ir-golden/*.c")
	if len(files) < 8 {
		t.Fatalf("only %d golden inputs", len(files))
	}
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(strings.TrimSuffix(name, ".c"), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			prog, err := cfront.Load(context.Background(), cfront.Config{}, cfront.Source{Name: name, Text: src})
			if err != nil {
				t.Fatalf("load: %v", err)
			}
			if len(prog.Unsupported) > 0 {
				t.Errorf("unsupported: %v", prog.Unsupported)
			}
			if err := ir.CheckProgram(prog.IR); err != nil {
				t.Fatalf("sanity: %v", err)
			}
			var got bytes.Buffer
			if err := ir.Fprint(&got, prog.IR, false); err != nil {
				t.Fatal(err)
			}
			want := strings.TrimSuffix(f, ".c") + ".ir"
			if *update {
				if err := os.WriteFile(want, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			w, err := os.ReadFile(want)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(w, got.Bytes()) {
				t.Errorf("IR differs from %s (-update rewrites it):\n%s", want, diffLines(string(w), got.String()))
			}
		})
	}
}

package checks_test

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/checks"
	"github.com/prbmc/prbmc/verifier/ir"
)

var update = flag.Bool("update", false, "rewrite testdata/checks/golden/*.ir from the current pass")

// TestGolden instruments each testdata/checks/golden/*.c with every check
// and compares the printed IR with the .ir file beside it. `go test -run
// TestGolden -update` rewrites the wants; review the diff.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/checks/golden/*.c")
	if len(files) < 3 {
		t.Fatalf("only %d golden inputs", len(files))
	}
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(strings.TrimSuffix(name, ".c"), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			prog, err := cfront.Load(context.Background(), cfront.Config{Cache: &hostCache}, cfront.Source{Name: name, Text: src})
			if err != nil {
				t.Fatalf("load: %v", err)
			}
			p, err := checks.Instrument(prog.IR, checks.All)
			if err != nil {
				t.Fatal(err)
			}
			if err := ir.CheckProgram(p); err != nil {
				t.Fatalf("sanity: %v", err)
			}
			var got bytes.Buffer
			if err := ir.Fprint(&got, p, false); err != nil {
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
				t.Errorf("IR differs from %s (-update rewrites it):\ngot:\n%s", want, got.String())
			}
		})
	}
}

package cfront

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/ir"
)

// TestSVCompLowering lowers every task of the shared benchmark set when it
// is present (a developer checkout); the bundled tasks in testdata are
// always lowered.
func TestSVCompLowering(t *testing.T) {
	var files []string
	for _, root := range []string{"../../testdata/svcomp", "../../../shared/benchmarks/sv-comp"} {
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".c") || strings.HasSuffix(p, ".i")) {
				files = append(files, p)
			}
			return nil
		})
	}
	if len(files) == 0 {
		t.Skip("no benchmark tasks found")
	}
	full := 0
	for _, f := range files {
		prog, err := LoadFiles(context.Background(), Config{DataModel: ir.ILP32}, f)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if err := ir.CheckProgram(prog.IR); err != nil {
			t.Errorf("%s: sanity: %v", f, err)
		}
		if len(prog.Unsupported) == 0 {
			full++
		} else {
			t.Logf("%s: %v", f, prog.Unsupported[0])
		}
	}
	t.Logf("%d of %d files lower fully", full, len(files))
}

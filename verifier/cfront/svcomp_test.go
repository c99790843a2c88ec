package cfront

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/ir"
)

// TestSVCompLowering lowers the bundled SV-COMP tasks of testdata; with
// PRBMC_SVCOMP naming a directory of tasks (a developer's copy of the
// shared set: only make bench reads ../shared by default) it lowers those
// too.
func TestSVCompLowering(t *testing.T) {
	var files []string
	roots := []string{"../../testdata/svcomp"}
	if d := os.Getenv("PRBMC_SVCOMP"); d != "" {
		roots = append(roots, d)
	}
	for _, root := range roots {
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

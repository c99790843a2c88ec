// Package gittest helps the tests of cmd/prbmc and its packages build
// repositories from the trees under testdata: one copy of the helpers
// rather than one per package.
package gittest

import (
	"os"
	"path/filepath"
	"testing"
)

// CopyTree copies the files under src into dir, over what is there (a
// later version of a project over an earlier one).
func CopyTree(t testing.TB, src, dir string) {
	t.Helper()
	err := filepath.Walk(src, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		dst := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatalf("copying %s: %v", src, err)
	}
}

package diffscope

import (
	"encoding/json"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/diffscope")

const goldenDir = "../testdata/diffscope"

// copyTree replaces the work tree of r (everything but .git) with the
// files under src.
func (r *testRepo) copyTree(src string) {
	r.t.Helper()
	entries, err := os.ReadDir(r.dir)
	if err != nil {
		r.t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() != ".git" {
			if err := os.RemoveAll(filepath.Join(r.dir, e.Name())); err != nil {
				r.t.Fatal(err)
			}
		}
	}
	files := map[string]string{}
	err = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		files[filepath.ToSlash(rel)] = string(b)
		return nil
	})
	if err != nil {
		r.t.Fatal(err)
	}
	r.write(files)
}

// TestGoldenScenario runs a small multi-file project through a change that
// touches most rules at once and compares the text and JSON results with
// golden files (go test ./diffscope -run Golden -update rewrites them).
func TestGoldenScenario(t *testing.T) {
	r := newTestRepo(t)
	r.copyTree(filepath.Join(goldenDir, "scenario", "base"))
	r.commit("base")
	r.git("checkout", "-q", "-b", "feature")
	r.copyTree(filepath.Join(goldenDir, "scenario", "head"))
	r.commit("change")
	res, err := r.compute(Options{Base: "main"})
	if err != nil {
		t.Fatal(err)
	}
	res.Base, res.Head = "BASE", "HEAD" // commit ids are not stable across git versions
	js, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "scenario.golden.txt", r.text(res))
	checkGolden(t, "scenario.golden.json", string(js)+"\n")
}

func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join(goldenDir, name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (run with -update to accept):\n--- got\n%s\n--- want\n%s", name, got, want)
	}
	if strings.Contains(got, "\r") {
		t.Errorf("%s: carriage return in output", name)
	}
}

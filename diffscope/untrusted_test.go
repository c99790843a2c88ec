package diffscope

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUntrustedCompileDB: the repository's own compile_commands.json is
// pull-request content. A link to /dev/zero or out of the repository, or
// a directory, is not read; the run goes on without its flags and says
// why. A database the workflow names explicitly must be usable.
func TestUntrustedCompileDB(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "outside.json")
	if err := os.WriteFile(outside, []byte(`[{"directory": "/", "file": "a.c", "arguments": ["cc", "-DSECRET=1", "a.c"]}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, target, want string
	}{
		{"dev zero", "/dev/zero", "leads outside the repository"},
		{"outside", outside, "leads outside the repository"},
		{"directory", ".", "is not a regular file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newTestRepo(t)
			r.write(map[string]string{"a.c": "int f(void) { return 0; }\n"})
			base := r.commit("base")
			r.write(map[string]string{"a.c": "int f(void) { return 1; }\n"})
			if err := os.Symlink(tc.target, filepath.Join(r.dir, "compile_commands.json")); err != nil {
				t.Fatal(err)
			}
			r.commit("head")
			res, err := r.compute(Options{Base: base})
			if err != nil {
				t.Fatalf("the run stopped: %v", err)
			}
			if len(res.Functions) != 1 || res.CompileDB != "" {
				t.Errorf("functions %v, database %q", res.Functions, res.CompileDB)
			}
			if w := strings.Join(res.Warnings, "\n"); !strings.Contains(w, tc.want) || strings.Contains(w, "SECRET") {
				t.Errorf("warnings %q, want %q", w, tc.want)
			}
			if _, err := r.compute(Options{Base: base, CompileCommands: "compile_commands.json"}); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("named explicitly: %v, want an error with %q", err, tc.want)
			}
		})
	}
}

// TestDefaultGlobsSkipTestsAndVendored: without globs, test and vendored
// directories are out of scope; globs that name them bring them back.
func TestDefaultGlobsSkipTestsAndVendored(t *testing.T) {
	r := newTestRepo(t)
	files := map[string]string{}
	for _, f := range []string{"src/a.c", "tests/t.c", "test/unit/u.c", "vendor/v.c", "third_party/x/y.c", "lib/deps/d.c", "contest/c.c"} {
		files[f] = "int f(void) { return 0; }\n"
	}
	r.write(files)
	base := r.commit("base")
	for f := range files {
		files[f] = "int f(void) { return 1; }\n"
	}
	r.write(files)
	r.commit("head")
	scoped := func(globs []string) string {
		res, err := r.compute(Options{Base: base, Globs: globs})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range res.Functions {
			got = append(got, f.File)
		}
		return strings.Join(got, " ")
	}
	if got := scoped(nil); got != "contest/c.c src/a.c" {
		t.Errorf("default scope %q, want contest/c.c src/a.c", got)
	}
	if got := scoped([]string{"tests/**"}); got != "tests/t.c" {
		t.Errorf("scope with tests/** %q", got)
	}
}

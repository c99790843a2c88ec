package cfront_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/ir"
)

// sandboxCache shares the host compiler's configuration between the tests.
var sandboxCache = &cfront.ConfigCache{}

// up climbs out of any temporary directory: the fixtures' "../" prefix.
var up = strings.Repeat("../", 16)

// fakeRepo copies testdata/sandbox into t.TempDir()/repo/src (the fixtures
// climb with "../" far enough from any depth) and returns the repository
// root and the src directory.
func fakeRepo(t *testing.T) (root, src string) {
	t.Helper()
	root = filepath.Join(t.TempDir(), "repo")
	src = filepath.Join(root, "src")
	err := filepath.WalkDir("testdata/sandbox", func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("testdata/sandbox", p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(src, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(src, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return root, src
}

func writeFile(t *testing.T, name, text string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// secrets are bits of the refused files that must never show in an error.
func secrets(t *testing.T) []string {
	s := []string{"root:", "PATH="}
	if v := os.Getenv("HOME"); v != "" {
		s = append(s, "HOME="+v)
	}
	return s
}

func TestSandboxInclude(t *testing.T) {
	type tc struct {
		file  string
		setup func(t *testing.T, root, src string, cfg *cfront.Config, sb *cfront.Sandbox)
		// want is the error's message, "" for a successful load; line its
		// line (in file unless wantFile says otherwise).
		want     string
		line     int
		wantFile string
	}
	tests := []tc{
		{file: "proc_environ.c", line: 2,
			want: `include "` + up + `proc/self/environ" refused: outside the repository`},
		{file: "etc_passwd.c", line: 2,
			want: `include "` + up + `etc/passwd" refused: outside the repository`},
		{file: "angle_passwd.c", line: 2,
			want: `include <` + up + `etc/passwd> refused: outside the repository`},
		{file: "abs_passwd.c", line: 2,
			want: `include file not found: "/etc/passwd"`},
		{file: "dev_zero.c", line: 2,
			want: `include "` + up + `dev/zero" refused: outside the repository`},
		{file: "symlink_out.c", line: 2, want: `include "out.h" refused: outside the repository`,
			setup: func(t *testing.T, root, src string, cfg *cfront.Config, sb *cfront.Sandbox) {
				if err := os.Symlink("/etc/passwd", filepath.Join(src, "out.h")); err != nil {
					t.Fatal(err)
				}
			}},
		{file: "symlink_out.c", line: 2, want: `include "out.h" refused: outside the repository`,
			setup: func(t *testing.T, root, src string, cfg *cfront.Config, sb *cfront.Sandbox) {
				// Relative, through a directory symlink inside.
				if err := os.Symlink(up+"etc", filepath.Join(src, "etcdir")); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink("etcdir/passwd", filepath.Join(src, "out.h")); err != nil {
					t.Fatal(err)
				}
			}},
		{file: "symlink_in.c",
			setup: func(t *testing.T, root, src string, cfg *cfront.Config, sb *cfront.Sandbox) {
				if err := os.Symlink("inc/real.h", filepath.Join(src, "in.h")); err != nil {
					t.Fatal(err)
				}
			}},
		{file: "dir.c", line: 2, want: `include "sub" refused: not a regular file`,
			setup: func(t *testing.T, root, src string, cfg *cfront.Config, sb *cfront.Sandbox) {
				if err := os.Mkdir(filepath.Join(src, "sub"), 0o755); err != nil {
					t.Fatal(err)
				}
			}},
		{file: "fifo.c", line: 2, want: `include "fifo.h" refused: not a regular file`,
			setup: func(t *testing.T, root, src string, cfg *cfront.Config, sb *cfront.Sandbox) {
				if err := syscall.Mkfifo(filepath.Join(src, "fifo.h"), 0o644); err != nil {
					t.Skip("mkfifo:", err)
				}
			}},
		{file: "big.c", line: 2, want: `include "big.h" refused: too large (2000 bytes, limit 1000)`,
			setup: func(t *testing.T, root, src string, cfg *cfront.Config, sb *cfront.Sandbox) {
				writeFile(t, filepath.Join(src, "big.h"), "/*"+strings.Repeat("x", 1996)+"*/")
				sb.MaxFileBytes = 1000
			}},
		{file: "total.c", line: 3, want: `include "b.h" refused: the files read exceed 1000 bytes`,
			setup: func(t *testing.T, root, src string, cfg *cfront.Config, sb *cfront.Sandbox) {
				// total.c is some 100 bytes, a.h 600: b.h is one too many.
				writeFile(t, filepath.Join(src, "a.h"), "/*"+strings.Repeat("a", 596)+"*/")
				writeFile(t, filepath.Join(src, "b.h"), "/*"+strings.Repeat("b", 596)+"*/")
				sb.MaxTotalBytes = 1000
			}},
		{file: "has_include.c"},
		{file: "stdhdr.c"},
		{file: "stdhdr.c",
			setup: func(t *testing.T, root, src string, cfg *cfront.Config, sb *cfront.Sandbox) {
				cfg.DataModel = ir.ILP32
			}},
		{file: "userinc.c",
			setup: func(t *testing.T, root, src string, cfg *cfront.Config, sb *cfront.Sandbox) {
				cfg.IncludeDirs = []string{filepath.Join(src, "inc")}
			}},
		{file: "userinc.c", line: 2, want: `include "real.h" refused: outside the repository`,
			setup: func(t *testing.T, root, src string, cfg *cfront.Config, sb *cfront.Sandbox) {
				out := filepath.Join(filepath.Dir(root), "outside")
				if err := os.Mkdir(out, 0o755); err != nil {
					t.Fatal(err)
				}
				writeFile(t, filepath.Join(out, "real.h"), "int real_value(void);\n")
				cfg.IncludeDirs = []string{out}
			}},
		{file: "missing.c", line: 2, want: `include file not found: "nope.h"`},
		{file: "deep_header.c", line: 3, wantFile: "deep.h", want: "nesting deeper than 1000 levels",
			setup: func(t *testing.T, root, src string, cfg *cfront.Config, sb *cfront.Sandbox) {
				writeFile(t, filepath.Join(src, "deep.h"), "// a comment (((\nint x =\n"+
					strings.Repeat("(", 2000)+"1"+strings.Repeat(")", 2000)+";\n")
			}},
	}
	for i, tt := range tests {
		t.Run(fmt.Sprintf("%d-%s", i, strings.TrimSuffix(tt.file, ".c")), func(t *testing.T) {
			root, src := fakeRepo(t)
			sb, err := cfront.NewSandbox(root)
			if err != nil {
				t.Fatal(err)
			}
			cfg := cfront.Config{DataModel: ir.LP64, Cache: sandboxCache, Sandbox: sb}
			if tt.setup != nil {
				tt.setup(t, root, src, &cfg, sb)
			}
			file := filepath.Join(src, tt.file)
			start := time.Now()
			_, err = cfront.LoadFiles(context.Background(), cfg, file)
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("load took %v", d)
			}
			if tt.want == "" {
				if err != nil {
					t.Fatalf("got %v, want success", err)
				}
				return
			}
			var e *cfront.Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v (%T), want a *cfront.Error", err, err)
			}
			wantFile := file
			if tt.wantFile != "" {
				wantFile = filepath.Join(src, tt.wantFile)
			}
			if e.Msg != tt.want || e.Pos.File != wantFile || e.Pos.Line != tt.line {
				t.Errorf("got %s:%d: %s\nwant %s:%d: %s", e.Pos.File, e.Pos.Line, e.Msg, wantFile, tt.line, tt.want)
			}
			for _, s := range secrets(t) {
				if strings.Contains(err.Error(), s) {
					t.Errorf("the error shows %q of a refused file: %v", s, err)
				}
			}
		})
	}
}

// TestSandboxNil checks that without a Sandbox files outside are read as
// before.
func TestSandboxNil(t *testing.T) {
	_, src := fakeRepo(t)
	out := filepath.Join(filepath.Dir(filepath.Dir(src)), "outside.h")
	writeFile(t, out, "int outside_value(void);\n")
	main := filepath.Join(src, "main.c")
	writeFile(t, main, "#include \"../../outside.h\"\nint main(void) { return outside_value(); }\n")
	if _, err := cfront.LoadFiles(context.Background(), cfront.Config{Cache: sandboxCache}, main); err != nil {
		t.Fatal(err)
	}
	sb, err := cfront.NewSandbox(filepath.Dir(src))
	if err != nil {
		t.Fatal(err)
	}
	_, err = cfront.LoadFiles(context.Background(), cfront.Config{Cache: sandboxCache, Sandbox: sb}, main)
	if want := main + `:1:10: include "../../outside.h" refused: outside the repository`; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

// TestSandboxMainFile checks that a main file given by name is read through
// the sandbox.
func TestSandboxMainFile(t *testing.T) {
	root, src := fakeRepo(t)
	sb, err := cfront.NewSandbox(root)
	if err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(src, "link.c")
	if err := os.Symlink("/etc/passwd", link); err != nil {
		t.Fatal(err)
	}
	_, err = cfront.LoadFiles(context.Background(), cfront.Config{Cache: sandboxCache, Sandbox: sb}, link)
	var r *cfront.RefusedError
	if !errors.As(err, &r) || err.Error() != link+" refused: outside the repository" {
		t.Fatalf("got %v, want a refusal", err)
	}
}

func TestSandboxReadFile(t *testing.T) {
	root, src := fakeRepo(t)
	sb, err := cfront.NewSandbox(root)
	if err != nil {
		t.Fatal(err)
	}
	sb.MaxFileBytes = 1000
	mustSymlink := func(old, new string) {
		if err := os.Symlink(old, new); err != nil {
			t.Fatal(err)
		}
	}
	mustSymlink("/etc/passwd", filepath.Join(src, "out.h"))
	mustSymlink("inc/real.h", filepath.Join(src, "in.h"))
	writeFile(t, filepath.Join(src, "big.h"), strings.Repeat("x", 1001))
	tests := []struct {
		name, reason string
	}{
		{filepath.Join(src, "inc/real.h"), ""},
		{filepath.Join(src, "in.h"), ""},
		{"/etc/passwd", "outside the repository"},
		{filepath.Join(src, up+"etc/passwd"), "outside the repository"},
		{filepath.Join(src, "out.h"), "outside the repository"},
		{"/proc/self/environ", "outside the repository"},
		{"/dev/zero", "outside the repository"},
		{filepath.Join(src, "inc"), "not a regular file"},
		{filepath.Join(src, "big.h"), "too large (1001 bytes, limit 1000)"},
	}
	for _, tt := range tests {
		b, err := sb.ReadFile(tt.name)
		if tt.reason == "" {
			if err != nil || !strings.Contains(string(b), "real_value") {
				t.Errorf("ReadFile(%s) = %q, %v", tt.name, b, err)
			}
			continue
		}
		var r *cfront.RefusedError
		if !errors.As(err, &r) || r.Reason != tt.reason || b != nil {
			t.Errorf("ReadFile(%s) = %d bytes, %v; want refused: %s", tt.name, len(b), err, tt.reason)
		}
	}
	if _, err := sb.ReadFile(filepath.Join(src, "nope.h")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("ReadFile of a missing file: %v, want not exist", err)
	}
}

// TestSandboxRootSymlink checks a root that is itself a symlink (a
// checkout under a symlinked directory).
func TestSandboxRootSymlink(t *testing.T) {
	root, _ := fakeRepo(t)
	alias := filepath.Join(t.TempDir(), "alias")
	if err := os.Symlink(root, alias); err != nil {
		t.Fatal(err)
	}
	sb, err := cfront.NewSandbox(alias)
	if err != nil {
		t.Fatal(err)
	}
	cfg := cfront.Config{Cache: sandboxCache, Sandbox: sb, IncludeDirs: []string{filepath.Join(alias, "src/inc")}}
	if _, err := cfront.LoadFiles(context.Background(), cfg, filepath.Join(alias, "src/userinc.c")); err != nil {
		t.Fatal(err)
	}
}

package funccheck

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/checks"
	"github.com/prbmc/prbmc/verifier/result"
)

// TestCallersInOtherFiles: the functions of project-multi/util.c are
// called from main.c and other.c only. Who can cause each one's
// out-of-bounds read is decided by those callers, loaded with util.c
// into one program: main.c's valid indexes make a contract note,
// other.c's one past the end a failure reached from its caller (also
// through a macro of util.h that names no function in other.c), a
// static of main.c named like one of util.c's stays main.c's, and a
// file that does not compile leaves the function classified as before,
// with the reason. A function whose address another file takes stays an
// entry point.
func TestCallersInOtherFiles(t *testing.T) {
	ctx := context.Background()
	opts := otherFilesOptions("../../testdata/project-multi")
	u := mustLoad(t, ctx, opts, "util.c")
	tests := []struct {
		fn      string
		verdict result.Verdict
		finding result.Finding
		via     string
		note    string
	}{
		{"get", result.Safe, result.FindingContract, "run", "Needs an input no caller in the repository passes: run() in main.c never breaks it (proved)"},
		{"get_bad", result.Unsafe, result.FindingCaller, "tail", "Reached from tail() in other.c with its own inputs: tail() → get_bad()"},
		{"at_macro", result.Unsafe, result.FindingCaller, "use_at", "Reached from use_at() in other.c"},
		{"pick", result.Safe, result.FindingContract, "run", "run() in main.c never breaks it (proved)"},
		{"put", result.Unsafe, result.FindingInputs, "", "Nothing in util.c calls put(): it is an entry point, and whoever calls it can pass these inputs. (Callers in other files were not looked at: broken.c does not load with util.c: broken.c:4:43: unexpected ';'"},
		{"via_ptr", result.Unsafe, result.FindingInputs, "", "via_ptr() is called through a function pointer in other.c: whoever calls it can pass these inputs."},
		{"lonely", result.Unsafe, result.FindingInputs, "", "Nothing in the repository calls lonely() (4 other C files looked at): it is an entry point"},
	}
	for _, tc := range tests {
		t.Run(tc.fn, func(t *testing.T) {
			out, r := checkVerdict(t, ctx, u, opts, tc.fn, tc.verdict)
			var got *result.Property
			for i := range r.Props {
				if r.Props[i].Verdict == result.Unsafe {
					got = &r.Props[i]
				}
			}
			if got == nil {
				t.Fatalf("no unsafe property: %+v", r.Props)
			}
			if got.Finding != tc.finding || !strings.Contains(got.Note, tc.note) {
				t.Errorf("%s: %q, want %s: %q", got.Finding, got.Note, tc.finding, tc.note)
			}
			if tc.via != "" && (len(got.Via) == 0 || got.Via[0] != tc.via) {
				t.Errorf("via %v, want %s first", got.Via, tc.via)
			}
			if got.Trace == nil || !got.Trace.Replayed {
				t.Fatalf("the finding has no replayed trace")
			}
			if tc.finding == result.FindingCaller {
				if first := got.Trace.Steps[0]; first.Func == tc.fn || first.Location.File != "other.c" {
					t.Errorf("the trace starts in %s at %s, not in the caller's file", first.Func, first.Location.File)
				}
				if out.Harness == nil || out.Harness.File != "other.c" || out.Harness.Function != tc.via {
					t.Errorf("the outcome's harness is not the caller's: %+v", out.Harness)
				}
			}
			if tc.finding == result.FindingContract && !strings.Contains(strings.Join(r.Assumed, "\n"), "contract note") {
				t.Errorf("the note's property is not among the assumptions: %q", r.Assumed)
			}
		})
	}
}

// otherFilesOptions are the options of the tests of other files: the
// optional checks of indexes and pointers, callers two levels up, the
// repository at dir.
func otherFilesOptions(dir string) Options {
	opts := autoWith(checks.Assertions | checks.Bounds | checks.Pointer)
	opts.RepoDir = dir
	opts.CallerDepth = 2
	opts.OtherFiles = &OtherFiles{}
	return opts
}

// TestNamesInCode: a header makes its includers callers of a function
// when a macro or an inline function's body names it; a prototype, a
// comment or a string does not.
func TestNamesInCode(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"int get(int *a, int i);\n", false},
		{"/* get(a, 1) */\nint x;\n", false},
		{"const char *s = \"get(a, 1) {\";\n", false},
		{"#define AT(a, i) get(a, i)\n", true},
		{"#define AT(a, i) \\\n\tget(a, i)\n", true},
		{"#define get_all 1\nint get_one(void);\n", false},
		{"static inline int first(int *a) { return get(a, 0); }\n", true},
		{"struct ops { int (*get)(int *, int); };\n", true},
		{"#include \"x.h\"\nint target(void);\n# define T target\n", true},
	} {
		name := "get"
		if strings.Contains(tc.text, "target") {
			name = "target"
		}
		if got := namesInCode([]byte(tc.text), name); got != tc.want {
			t.Errorf("namesInCode(%q, %s) = %v, want %v", tc.text, name, got, tc.want)
		}
	}
}

// TestOtherFilesGivesUp: the search gives up — and the function is
// classified by its own file, with the reason — when a file that names
// it is compiled with other flags, or more files name it than are
// loaded.
func TestOtherFilesGivesUp(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("lib.c", "int get(int *a, int i) { return a[i]; }\n")
	write("use.c", "int get(int *a, int i);\nint use(void) { int t[2] = {0}; return get(t, 1); }\n")
	opts := autoWith(checks.Pointer)
	opts.RepoDir = dir
	opts.CallerDepth = 2
	check := func(t *testing.T, of *OtherFiles, want string) {
		t.Helper()
		opts.OtherFiles = of
		u := mustLoad(t, ctx, opts, "lib.c")
		r := u.Check(ctx, opts, "get").Result
		v := r.Failure()
		if v == nil || v.Finding != result.FindingInputs || !strings.Contains(v.Note, want) {
			t.Fatalf("%s (%s): %+v, want an entry point's failure saying %q", r.Verdict, r.Reason, v, want)
		}
	}
	// use.c passes a valid index: with it, a contract note.
	opts.OtherFiles = &OtherFiles{}
	u := mustLoad(t, ctx, opts, "lib.c")
	if r := u.Check(ctx, opts, "get").Result; r.Verdict != result.Safe {
		t.Fatalf("with use.c: %s (%s), want safe with a contract note", r.Verdict, r.Reason)
	}
	t.Run("other flags", func(t *testing.T) {
		check(t, &OtherFiles{SameFlags: func(p string) bool { return p != "use.c" }},
			"(Callers in other files were not looked at: use.c names get() and is compiled with other flags than lib.c.)")
	})
	t.Run("too many files", func(t *testing.T) {
		for i := 0; i < maxCallerFiles; i++ {
			write(fmt.Sprintf("more%d.c", i), "/* get */\n")
		}
		defer func() {
			for i := 0; i < maxCallerFiles; i++ {
				os.Remove(filepath.Join(dir, fmt.Sprintf("more%d.c", i)))
			}
		}()
		check(t, &OtherFiles{}, fmt.Sprintf("(Callers in other files were not looked at: %d files name get() (at most %d are loaded).)", maxCallerFiles+1, maxCallerFiles))
	})
	t.Run("two definitions", func(t *testing.T) {
		write("dup.c", "int get(int *a, int i) { return 0; }\n")
		defer os.Remove(filepath.Join(dir, "dup.c"))
		check(t, &OtherFiles{}, "dup.c does not link with lib.c: get() is defined in both lib.c and dup.c")
	})
}

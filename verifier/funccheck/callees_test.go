package funccheck

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/result"
)

// TestCalleesInOtherFiles: the functions of project-callees/app.c call
// functions that lib.c, mid.c and others define. Their real bodies are
// linked with app.c, so lookup()'s index is in bounds because lib.c's
// slot() masks it (with a stub, a stub note), lookup_bad()'s is not
// because slot_bad() returns up to 7 (a failure whose replayed trace
// goes through slot_bad()), and lookup_far() is safe through lib.c's
// slot_far() and mid.c's clamp4() (two levels). The static norm() of
// each file stays its own: app.c's ident() does not mask. A callee whose
// file does not compile and one defined twice keep their stubs, with the
// reason; so does a function that uses state (lib.c's call counter, or
// app.c's mode, which lib.c's by_mode() reads back through get_mode()),
// since the harness leaves that state at its initial value: the rest of
// its file stays linked.
func TestCalleesInOtherFiles(t *testing.T) {
	ctx := context.Background()
	opts := otherFilesOptions("../../testdata/project-callees")
	u := mustLoad(t, ctx, opts, "app.c")
	tests := []struct {
		fn      string
		verdict result.Verdict
		finding result.Finding // of the unsafe property, if any
		assumed []string
		through string // a function the failure's trace steps in
	}{
		{fn: "lookup", verdict: result.Safe, assumed: []string{
			"`slot()` is the definition in lib.c, linked with app.c as a C linker links them (not a stub)"}},
		{fn: "lookup_bad", verdict: result.Unsafe, finding: result.FindingInputs, through: "slot_bad", assumed: []string{
			"`slot_bad()` is the definition in lib.c, linked with app.c as a C linker links them (not a stub)"}},
		{fn: "lookup_far", verdict: result.Safe, assumed: []string{
			"`slot_far()` is the definition in lib.c, linked with app.c",
			"`clamp4()` is the definition in mid.c, linked with app.c"}},
		{fn: "lookup_broken", verdict: result.Safe, finding: result.FindingStub, assumed: []string{
			"`wrap()` keeps its stub: broken.c does not load with app.c: broken.c:4:36: unexpected ';'",
			"`wrap()` has no body here"}},
		{fn: "lookup_two", verdict: result.Safe, assumed: []string{
			"`slot()` is the definition in lib.c",
			"`clamp4()` is the definition in mid.c"}},
		{fn: "lookup_mixed", verdict: result.Safe, assumed: []string{
			"`slot()` is the definition in lib.c",
			"`wrap()` keeps its stub: broken.c does not load with app.c: broken.c:4:36: unexpected ';'"}},
		{fn: "lookup_both", verdict: result.Safe, assumed: []string{
			"`slot()` is the definition in lib.c",
			"`take()` in lib.c keeps a stub: it uses the variable used"}},
		{fn: "lookup_twice", verdict: result.Safe, finding: result.FindingStub, assumed: []string{
			"`twice()` keeps its stub: it is defined in two.c and two_alt.c; which one is linked is up to the build"}},
		{fn: "first_take", verdict: result.Safe, finding: result.FindingStub, assumed: []string{
			"`take()` in lib.c keeps a stub: it uses the variable used, which earlier calls may have changed"}},
		{fn: "lookup_mode", verdict: result.Safe, finding: result.FindingStub, assumed: []string{
			"`by_mode()` is the definition in lib.c",
			"`get_mode()` in app.c keeps a stub: it uses the variable mode, which earlier calls may have changed"}},
		{fn: "ident", verdict: result.Unsafe, finding: result.FindingInputs},
	}
	for _, tc := range tests {
		t.Run(tc.fn, func(t *testing.T) {
			out, r := checkVerdict(t, ctx, u, opts, tc.fn, tc.verdict)
			assumed := strings.Join(append(append([]string{}, out.Assumed...), r.Assumed...), "\n")
			for _, a := range tc.assumed {
				if !strings.Contains(assumed, a) {
					t.Errorf("the assumptions lack %q:\n%s", a, assumed)
				}
			}
			var got *result.Property
			for i := range r.Props {
				if r.Props[i].Verdict == result.Unsafe {
					got = &r.Props[i]
				}
			}
			if tc.finding == "" {
				if got != nil {
					t.Fatalf("unsafe property %+v", got)
				}
				return
			}
			if got == nil || got.Finding != tc.finding {
				t.Fatalf("unsafe property %+v, want a %s", got, tc.finding)
			}
			if got.Trace == nil || !got.Trace.Replayed {
				t.Fatalf("the finding has no replayed trace")
			}
			if tc.through != "" {
				steps := false
				for _, s := range got.Trace.Steps {
					if s.Func == tc.through && s.Location.File == "lib.c" {
						steps = true
					}
				}
				if !steps {
					t.Errorf("the trace does not step in %s() in lib.c: %+v", tc.through, got.Trace.Steps)
				}
			}
		})
	}
}

// TestFileDefs: the textual search for a function's definition finds
// external definitions at file scope, not prototypes, calls, statics,
// macros or comments.
func TestFileDefs(t *testing.T) {
	text := `#include "x.h"
int proto(int k);
static int hidden(int k) { return k; }
int shown(int k) { return hidden(k) + proto(k); }
struct s *make(int n)
{
	return 0;
}
/* int commented(void) { } */
#define MAKE(n) int n(void) { return 0; }
MAKE(made)
static
int split(void) { return 1; }
int after /* a comment */ (void) /* here */ { return 2; }
`
	got := fileDefs([]byte(text))
	for _, n := range []string{"shown", "make", "after"} {
		if !got[n] {
			t.Errorf("%s() not found: %v", n, got)
		}
	}
	for _, n := range []string{"proto", "hidden", "commented", "made", "n", "split", "MAKE"} {
		if got[n] {
			t.Errorf("%s() found: %v", n, got)
		}
	}
}

// TestCalleesDigest: the cache key of app.c's lookup() covers the files
// whose callees a check may link: it changes with lib.c, and with
// mid.c, which lib.c's slot_far() calls, but not with two.c (twice() is
// defined twice, so it is never linked: only who defines it counts) or
// with a file defining nothing app.c's callees name.
func TestCalleesDigest(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	src := "../../testdata/project-callees"
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sb, err := cfront.NewSandbox(dir)
	if err != nil {
		t.Fatal(err)
	}
	opts := otherFilesOptions(dir)
	opts.Front.Sandbox = sb
	digest := func() string {
		t.Helper()
		sum, _, err := CallersDigest(ctx, opts, "app.c", "lookup")
		if err != nil {
			t.Fatal(err)
		}
		return sum
	}
	edit := func(name, old, new string) {
		t.Helper()
		p := filepath.Join(dir, name)
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(strings.Replace(string(b), old, new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	before := digest()
	for _, tc := range []struct {
		file, old, new string
		changes        bool
	}{
		{"two.c", "k & 1", "k & 0", false},
		{"unrelated.c", "", "int unrelated(void) { return 0; }\n", false},
		{"mid.c", "k > 3 ? 3", "k > 4 ? 4", true},
		{"lib.c", "return norm(k);", "return k & 7;", true},
		{"two_alt.c", "int twice(int k) { return k & 3; }", "", true}, // twice() is linked now
	} {
		if tc.old == "" {
			if err := os.WriteFile(filepath.Join(dir, tc.file), []byte(tc.new), 0o644); err != nil {
				t.Fatal(err)
			}
		} else {
			edit(tc.file, tc.old, tc.new)
		}
		after := digest()
		if (after != before) != tc.changes {
			t.Errorf("after editing %s the digest changed: %v, want %v", tc.file, after != before, tc.changes)
		}
		before = after
	}
}

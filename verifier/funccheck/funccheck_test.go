package funccheck

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/prbmc/prbmc/verifier/checks"
	"github.com/prbmc/prbmc/verifier/engine"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/result"
	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/smt/z3"
)

func z3Solver(logic string) (smt.Solver, error) { return z3.New(z3.Options{Logic: logic}) }

func testOptions() Options {
	return Options{RepoDir: "../../testdata/harness", Timeout: 60 * time.Second,
		Engine: engine.Options{Engine: "kinduction", Solver: z3Solver}}
}

// checkLogged is u.Check, with the harness in t's log.
func checkLogged(t *testing.T, ctx context.Context, u *Unit, opts Options, fn string) Outcome {
	t.Helper()
	out := u.Check(ctx, opts, fn)
	if out.Harness != nil {
		t.Logf("harness:\n%s", out.Harness.Source)
	}
	return out
}

// replayed is r's violated property, which must come with a replayed
// trace.
func replayed(t *testing.T, r *result.Result) *result.Property {
	t.Helper()
	v := r.Violated()
	if v == nil || v.Trace == nil || !v.Trace.Replayed {
		t.Fatalf("unsafe without a replayed trace: %+v", v)
	}
	return v
}

// checkAssumed checks fn and reports whether its verdict is want, failing
// t otherwise, and whether (then) its assumptions say assumed; the
// outcome is for further checks.
func checkAssumed(t *testing.T, ctx context.Context, u *Unit, opts Options, fn string, want result.Verdict, assumed string) (Outcome, bool) {
	t.Helper()
	out := u.Check(ctx, opts, fn)
	if out.Result == nil || out.Result.Verdict != want {
		harness := ""
		if out.Harness != nil {
			harness = out.Harness.Source
		}
		t.Errorf("%s: %+v, want %s\n%s", fn, out.Result, want, harness)
		return out, false
	}
	if !strings.Contains(strings.Join(out.Assumed, "\n"), assumed) {
		t.Errorf("%s: assumptions %q lack %q", fn, out.Assumed, assumed)
	}
	return out, true
}

// checkVerdict checks fn and stops the test unless its verdict is want.
func checkVerdict(t *testing.T, ctx context.Context, u *Unit, opts Options, fn string, want result.Verdict) (Outcome, *result.Result) {
	t.Helper()
	out := u.Check(ctx, opts, fn)
	r := out.Result
	if r.Verdict != want {
		t.Fatalf("verdict %s (%s), want %s; props %+v; assumed %q", r.Verdict, r.Reason, want, r.Props, out.Assumed)
	}
	return out, r
}

// assumedCase is a function, its verdict and a substring of one of
// the assumptions its check must say.
type assumedCase struct {
	fn      string
	verdict result.Verdict
	assumed string
}

// checkAllAssumed loads file with opts and runs checkAssumed on each
// case, one subtest a case.
func checkAllAssumed(t *testing.T, opts Options, file string, cases []assumedCase) {
	t.Helper()
	ctx := context.Background()
	u := mustLoad(t, ctx, opts, file)
	for _, tc := range cases {
		t.Run(tc.fn, func(t *testing.T) {
			checkAssumed(t, ctx, u, opts, tc.fn, tc.verdict, tc.assumed)
		})
	}
}

// mustLoad is LoadUnit for a test: an error fails t.
func mustLoad(t *testing.T, ctx context.Context, opts Options, path string) *Unit {
	t.Helper()
	u, err := LoadUnit(ctx, opts, path)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func TestSensorFunctions(t *testing.T) {
	ctx := context.Background()
	opts := testOptions()
	u := mustLoad(t, ctx, opts, "sensor.c")
	tests := []struct {
		fn      string
		want    result.Verdict
		nothing bool
		assumed string // a substring of one assumption
	}{
		{"clamp_reading", result.Safe, false, "`read_sensor()` has no body here: assumed to return any int"},
		{"scaled", result.Unsafe, false, "read_sensor"},
		{"first_value", result.Safe, true, ""},
		{"frame_ok", result.Unsafe, false, "f points to one object with any contents, or is NULL"},
		{"sum4", result.Safe, false, "a points to an array of 4 elements"},
		{"under_limit", result.Unsafe, false, "global limit holds any value"},
		{"add", result.Safe, true, ""},
		{"short_name", result.Safe, false, "s points to a NUL-terminated string of at most 3 characters"},
		{"never", result.Unreachable, false, ""},
		{"trace3", result.Safe, false, "trace3() may have been called any number of times before, each time with any arguments (its static variable calls_seen carries over from call to call)"},
		{"apply", result.Unknown, false, ""},
		{"status_of", result.Unsafe, false, "`open_dev()` has no body here: assumed to return NULL or a fresh object"},
	}
	for _, tc := range tests {
		t.Run(tc.fn, func(t *testing.T) {
			out := checkLogged(t, ctx, u, opts, tc.fn)
			r := out.Result
			if r.Verdict != tc.want || out.NothingToCheck != tc.nothing {
				t.Fatalf("verdict %s (%s), nothing to check %v; want %s, %v", r.Verdict, r.Reason, out.NothingToCheck, tc.want, tc.nothing)
			}
			if tc.want == result.Unsafe {
				v := replayed(t, r)
				if v.Location.File != "sensor.c" {
					t.Errorf("violation at %v, want a location in sensor.c", v.Location)
				}
			}
			if tc.assumed != "" {
				found := false
				for _, a := range out.Assumed {
					if strings.Contains(a, tc.assumed) {
						found = true
					}
				}
				if !found {
					t.Errorf("assumptions %q lack %q", out.Assumed, tc.assumed)
				}
			}
		})
	}
}

func TestUnsupportedHarnessIsUnknownWithReason(t *testing.T) {
	ctx := context.Background()
	opts := testOptions()
	u := mustLoad(t, ctx, opts, "sensor.c")
	out := u.Check(ctx, opts, "apply")
	// No int(int) function has its address taken: op can only be left
	// unknown, and the call through it is.
	want := "call through op: no function of type int(int) has its address taken at sensor.c:108"
	if out.Result.Verdict != result.Unknown || !strings.Contains(out.Result.Reason, want) {
		t.Fatalf("got %s: %q, want unknown with %q", out.Result.Verdict, out.Result.Reason, want)
	}
}

func TestUserHarnessReplacesGenerated(t *testing.T) {
	ctx := context.Background()
	opts := testOptions()
	opts.RepoDir = "../../testdata/harness/userrepo"
	u := mustLoad(t, ctx, opts, "lib.c")
	// The generated harness lets n be anything and finds the overflow of
	// buf; the user's harness states the caller's contract (n <= 8).
	out := u.Check(ctx, opts, "copy_in")
	if out.Harness == nil || out.Harness.User != "prbmc/harness/copy_in.c" {
		t.Fatalf("harness %+v, want the user's", out.Harness)
	}
	if out.Result.Verdict != result.Safe {
		t.Fatalf("with the user's harness: %s (%s), want safe", out.Result.Verdict, out.Result.Reason)
	}
	// With arrays of 16 elements the loop reaches i == 8 (with the default
	// 4, reading src[4] faults first and the trace does not replay).
	opts.RepoDir = "../../testdata/harness"
	opts.Harness.ArrayLen = 16
	u2 := mustLoad(t, ctx, opts, "userrepo/lib.c")
	if out := u2.Check(ctx, opts, "copy_in"); out.Result.Verdict != result.Unsafe {
		t.Fatalf("with the generated harness: %s (%s), want unsafe", out.Result.Verdict, out.Result.Reason)
	}
}

// TestLibraryModels: ctype macros go through the model's never-NULL table,
// const tables keep their contents, errno holds any value on entry.
func TestLibraryModels(t *testing.T) {
	ctx := context.Background()
	opts := testOptions()
	opts.Instrument = func(p *ir.Program) error {
		_, err := checks.Instrument(p, checks.Assertions|checks.Pointer)
		return err
	}
	u := mustLoad(t, ctx, opts, "models.c")
	tests := []struct {
		fn      string
		want    result.Verdict
		assumed string
		prop    string // a substring of the violated property's text
	}{
		{"count_spaces", result.Safe, "s points to a NUL-terminated string", ""},
		{"classify", result.Safe, "", ""},
		{"int_space", result.Unsafe, "", "dereference"},
		{"sbox_nonzero", result.Safe, "const sbox keeps its initial value", ""},
		{"box_nonzero", result.Unsafe, "global box holds any value", "box[i] != 0"},
		{"name_len", result.Safe, "static names keeps its initial value (no code writes it)", ""},
		{"level_nonzero", result.Unsafe, "global level holds any value", "level[i & 3] != 0"},
		{"slot_nonzero", result.Unsafe, "global slots holds any value", "slots[i & 1] != 0"},
		{"errno_clear", result.Unsafe, "errno holds any value", "errno"},
		{"errno_set", result.Safe, "errno holds any value", ""},
		{"implicit_fill", result.Unsafe, "`fill_buf()` is declared nowhere (implicitly int fill_buf()) and has no body here: assumed to return any int, give the memory its argument 1 points to any contents", "buf[0] == 1"},
		{"implicit_mixed", result.Unknown, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.fn, func(t *testing.T) {
			out := checkLogged(t, ctx, u, opts, tc.fn)
			r := out.Result
			if r.Verdict != tc.want || out.NothingToCheck {
				for _, p := range r.Props {
					t.Logf("%s %s: %s %s", p.Kind, p.Text, p.Verdict, p.Reason)
				}
				t.Fatalf("verdict %s (%s), nothing to check %v; want %s", r.Verdict, r.Reason, out.NothingToCheck, tc.want)
			}
			for _, a := range out.Assumed {
				if strings.Contains(a, "__ctype_b_loc") || strings.Contains(a, "__errno_location") || strings.Contains(a, "__prbmc") {
					t.Errorf("a library model is assumed: %q", a)
				}
			}
			if tc.want == result.Unknown && !strings.Contains(r.Reason, "implicit declaration of function log_it at models.c:8") {
				t.Errorf("reason %q does not name the implicit declaration", r.Reason)
			}
			if tc.want == result.Unsafe {
				v := replayed(t, r)
				if !strings.Contains(v.Text, tc.prop) {
					t.Errorf("violated %q, want %q", v.Text, tc.prop)
				}
			}
			if tc.assumed != "" && !slices.ContainsFunc(out.Assumed, func(a string) bool { return strings.Contains(a, tc.assumed) }) {
				t.Errorf("assumptions %q lack %q", out.Assumed, tc.assumed)
			}
		})
	}
}

// TestFunctionPointerParameters: a function-pointer parameter or member
// points to any function of its type whose address the program takes,
// which the result names as an assumption.
func TestFunctionPointerParameters(t *testing.T) {
	ctx := context.Background()
	opts := testOptions()
	opts.Engine.Engine = "auto"
	u := mustLoad(t, ctx, opts, "callbacks.c")
	for _, tc := range []struct {
		fn   string
		want result.Verdict
	}{
		{"apply", result.Unsafe},
		{"apply_bounded", result.Safe},
		{"use_hooks", result.Safe},
	} {
		out, ok := checkAssumed(t, ctx, u, opts, tc.fn, tc.want, "points to a function of its type whose address the program takes")
		if !ok {
			continue
		}
		if tc.want == result.Unsafe {
			v := out.Result.Violated()
			if v == nil || v.Trace == nil || !v.Trace.Replayed {
				t.Errorf("%s: violation %+v", tc.fn, v)
				continue
			}
			var steps []string
			for _, s := range v.Trace.Steps {
				steps = append(steps, s.Func)
			}
			if !strings.Contains(strings.Join(steps, " "), "neg") {
				t.Errorf("%s: the trace does not go through neg: %v", tc.fn, steps)
			}
		}
	}
}

// TestCoverErrorLocations: a property that is an error location
// (reach_error(), the failure branch of a call through a function
// pointer) is proved by nothing reaching it; its vacuity is whether the
// function holding it is reached at all.
func TestCoverErrorLocations(t *testing.T) {
	ctx := context.Background()
	opts := testOptions()
	opts.Engine.Engine = "auto"
	dir := t.TempDir()
	src := "void reach_error(void);\nint f(int x) {\n  if (x > 5 && x < 3) reach_error();\n  return x;\n}\n" +
		"static int twice(int x) { return 2 * x; }\nint (*const op)(int) = twice;\nint g(int x) { return op(x); }\n"
	if err := os.WriteFile(filepath.Join(dir, "e.c"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	opts.RepoDir = dir
	u := mustLoad(t, ctx, opts, "e.c")
	for _, fn := range []string{"f", "g"} {
		if out := u.Check(ctx, opts, fn); out.Result == nil || out.Result.Verdict != result.Safe {
			t.Errorf("%s: %+v, want safe (its error location is reached by nothing, the function is)", fn, out.Result)
		}
	}
	// A harness under which nothing reaches f: the proof says nothing.
	opts.UserHarness = func(string) *UserHarness {
		return &UserHarness{Path: "prbmc/harness/f.c", Text: []byte("void prbmc_harness_f(void) { __VERIFIER_assume(0); f(1); }\n")}
	}
	if out := u.Check(ctx, opts, "f"); out.Result == nil || out.Result.Verdict != result.Unreachable {
		t.Errorf("f under assume(0): %+v, want unreachable", out.Result)
	}
}

// TestLengthPairs: a pointer followed by a parameter named like its
// length is an array of that length, under the pointer check: the loop
// over it is safe, the off-by-one is found, and the assumption is said.
func TestLengthPairs(t *testing.T) {
	checkAllAssumed(t, autoWith(checks.Assertions|checks.Pointer), "pairs.c", []assumedCase{
		{"sum", result.Safe, "n is at most 4, the elements v points to (a pointer and its length)"},
		{"last_token", result.Safe, "num_tokens is at most 4, the elements tokens points to"},
		{"sum_off_by_one", result.Unsafe, "n is at most 4, the elements v points to"},
		{"pick", result.Safe, "v points to an array of 4 elements"},
	})
}

// TestRelativize: the checkout's absolute paths leave every part of a
// result that may name a file, the assumptions and notes included (an
// assumption once kept "… at /tmp/pm/util.c:5:26 holds").
func TestRelativize(t *testing.T) {
	mk := func() *result.Result {
		return &result.Result{
			Reason:      "at /co/src/a.c:1",
			Unsupported: []string{"/co/src/a.c:2: goto *p"},
			Assumed:     []string{"the assertion at /co/src/a.c:5:26 holds (contract note)"},
			Props: []result.Property{{Reason: "/co/src/a.c:3", Note: "fails at /co/src/a.c:4",
				Location: result.Location{File: "/co/src/a.c", Line: 4}}},
		}
	}
	for name, rewrite := range map[string]func(*result.Result){
		"file": func(r *result.Result) { relativize(r, "/co/src/a.c", "src/a.c") },
		"dir":  func(r *result.Result) { relativizeDir(r, "/co/") },
	} {
		r := mk()
		rewrite(r)
		all := strings.Join(append(append([]string{r.Reason, r.Props[0].Reason, r.Props[0].Note, r.Props[0].Location.File}, r.Unsupported...), r.Assumed...), "\n")
		if strings.Contains(all, "/co/") || !strings.Contains(r.Assumed[0], "src/a.c:5:26") || r.Props[0].Location.File != "src/a.c" {
			t.Errorf("%s: left or lost a path:\n%s", name, all)
		}
	}
}

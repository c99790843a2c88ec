package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/prbmc/prbmc/diffscope"
	"github.com/prbmc/prbmc/internal/gittest"
	"github.com/prbmc/prbmc/verifier/engine"
	"github.com/prbmc/prbmc/verifier/result"
	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/smt/z3"
)

// TestMain lets the test binary be the child process: the real one
// (ChildSubcommand) and misbehaving ones that the parent must survive.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case ChildSubcommand:
			os.Exit(ChildMain(context.Background(), os.Stdin, os.Stdout, os.Stderr, ChildDeps{Solver: testSolver}))
		case "hog": // touches memory until it is stopped
			var keep [][]byte
			for {
				b := make([]byte, 16<<20)
				for i := range b {
					b[i] = 1
				}
				keep = append(keep, b)
			}
		case "crash": // a panic on another goroutine, as an engine could
			done := make(chan bool)
			go func() { panic("boom in an engine goroutine") }()
			<-done
		case "hang":
			time.Sleep(time.Hour)
		case "garbage":
			fmt.Println("not json")
			os.Exit(0)
		}
	}
	os.Exit(m.Run())
}

func testSolver(logic string) (smt.Solver, error) { return z3.New(z3.Options{Logic: logic}) }

func selfIsolation(t *testing.T, mode string, memMiB int) *Isolation {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return &Isolation{Command: []string{exe, mode}, MemoryMiB: memMiB}
}

// TestChildFailures: whatever a child does, the parent returns an unknown
// outcome for that function saying what happened, and goes on.
func TestChildFailures(t *testing.T) {
	fn := diffscope.Function{File: "src/a.c", Name: "f", StartLine: 3}
	for _, tc := range []struct {
		mode    string
		mem     int
		timeout time.Duration
		want    string
	}{
		{"hog", 300, 0, "memory limit (300 MiB) exceeded"},
		{"crash", 0, 0, "internal error: the checker process ended without an answer (exit status 2): panic: boom in an engine goroutine"},
		{"garbage", 0, 0, "internal error: the checker's answer does not decode"},
		{"hang", 0, time.Second, "the check did not stop within its time limit (11s)"},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			start := time.Now()
			out := runChild(context.Background(), selfIsolation(t, tc.mode, tc.mem), Job{Function: fn, Timeout: tc.timeout, Engine: EngineJob{Engine: "auto"}}, nil)
			r := out.Result
			if r == nil || r.Verdict != result.Unknown || !strings.Contains(r.Reason, tc.want) {
				t.Fatalf("outcome %+v, want unknown with %q", r, tc.want)
			}
			if out.Func != "f" || out.File != "src/a.c" || out.Line != 3 {
				t.Errorf("outcome names %s %s:%d", out.Func, out.File, out.Line)
			}
			if el := time.Since(start); el > 20*time.Second {
				t.Errorf("took %s", el)
			}
		})
	}
	// The budget (the parent's context) stops a child too.
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	out := runChild(ctx, selfIsolation(t, "hang", 0), Job{Function: fn, Engine: EngineJob{Engine: "auto"}}, nil)
	if out.Result == nil || !strings.Contains(out.Result.Reason, "the time budget ran out during the check") {
		t.Errorf("budget: %+v", out.Result)
	}
}

// TestChildChecks runs real checks in child processes through Execute:
// verdicts come back as in-process checks give them, and the child's
// environment has no secrets.
func TestChildChecks(t *testing.T) {
	dir := t.TempDir()
	git := func(args ...string) {
		t.Helper()
		gittest.Git(t, dir, args...)
	}
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git("init", "-q", ".")
	write("a.c", "#include <assert.h>\nint f(int x) { return x; }\nint g(int x) { return x; }\n")
	git("add", "-A")
	git("commit", "-qm", "one")
	write("a.c", "#include <assert.h>\nint f(int x) { if (x > 5) { assert(x != 7); } return x; }\n"+
		"int g(int x) { if (x > 5 && x < 7) { assert(x == 6); } return x; }\n")
	git("commit", "-qam", "two")
	t.Setenv("PRBMC_TEST_SECRET_TOKEN", "ghs_shouldNotReachTheChild")
	if env := strings.Join(ChildEnv(), "\n"); strings.Contains(env, "ghs_") {
		t.Errorf("the child environment holds a secret:\n%s", env)
	}
	cfg := Config{RepoDir: dir, Base: "HEAD~1", Head: "HEAD", FunctionTimeout: 30 * time.Second, Jobs: 2,
		Isolate: selfIsolation(t, ChildSubcommand, 1024),
		Engine:  engine.Options{Engine: "auto", Solver: testSolver}}
	run, err := Execute(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]result.Verdict{}
	for _, cf := range run.Funcs {
		if cf.Outcome.Result != nil {
			got[cf.Scope.Name] = cf.Outcome.Result.Verdict
		}
	}
	if got["f"] != result.Unsafe || got["g"] != result.Safe {
		t.Fatalf("verdicts %v, want f unsafe, g safe", got)
	}
	for _, cf := range run.Funcs {
		if cf.Scope.Name == "f" {
			v := cf.Outcome.Result.Violated()
			if v == nil || v.Trace == nil || !v.Trace.Replayed || v.Location.File != "a.c" || v.Location.Line != 2 {
				t.Errorf("f's violation %+v", v)
			}
		}
	}
}

// gitRepo is a scratch repository for the pipeline's tests.
type gitRepo struct {
	t   *testing.T
	dir string
}

func newRepo(t *testing.T) *gitRepo {
	r := &gitRepo{t: t, dir: t.TempDir()}
	r.git("init", "-q", ".")
	return r
}

func (r *gitRepo) git(args ...string) string {
	r.t.Helper()
	return gittest.Git(r.t, r.dir, args...)
}

func (r *gitRepo) write(name, text string) {
	r.t.Helper()
	p := filepath.Join(r.dir, name)
	os.MkdirAll(filepath.Dir(p), 0o755)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		r.t.Fatal(err)
	}
}

func (r *gitRepo) commit(msg string) {
	r.t.Helper()
	r.git("add", "-A")
	r.git("commit", "-qm", msg)
}

// check runs the pipeline on the last commit of r, in child processes
// when iso, with edit applied to the configuration.
func (r *gitRepo) check(iso bool, edit func(*Config)) *Run {
	r.t.Helper()
	cfg := Config{RepoDir: r.dir, Base: "HEAD~1", Head: "HEAD", FunctionTimeout: 30 * time.Second,
		Engine: engine.Options{Engine: "auto", Solver: testSolver}}
	if iso {
		cfg.Isolate = selfIsolation(r.t, ChildSubcommand, 1024)
	}
	if edit != nil {
		edit(&cfg)
	}
	run, err := Execute(context.Background(), cfg, nil)
	if err != nil {
		r.t.Fatal(err)
	}
	return run
}

// TestHarnessFromBase: a harness the change adds or edits is not used
// unless trusted, and the outcome says so; an unchanged one is used.
func TestHarnessFromBase(t *testing.T) {
	r := newRepo(t)
	r.write("a.c", "int f(int x) { return x; }\nint g(int x) { return x; }\n")
	// The maintainers' contract for g: x is never 42.
	r.write("prbmc/harness/g.c", "void prbmc_harness_g(void) { int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x != 42); g(x); }\n")
	r.commit("base")
	r.write("a.c", "#include <assert.h>\nint f(int x) { assert(x != 42); return x; }\nint g(int x) { assert(x != 42); return x; }\n")
	// The pull request states a contract under which f cannot fail, and
	// weakens g's to nothing.
	r.write("prbmc/harness/f.c", "void prbmc_harness_f(void) { __VERIFIER_assume(0); f(1); }\n")
	r.write("prbmc/harness/g.c", "void prbmc_harness_g(void) { g(__VERIFIER_nondet_int()); }\n")
	r.commit("head")
	for _, tc := range []struct {
		trust        bool
		iso          bool
		wantF, wantG result.Verdict
		noteF, noteG string
	}{
		{false, false, result.Unsafe, result.Safe,
			"harness changed by this pull request: prbmc/harness/f.c is new and not used",
			"harness changed by this pull request: prbmc/harness/g.c is used as the base revision has it"},
		{false, true, result.Unsafe, result.Safe, "is new and not used", "as the base revision has it"},
		{true, false, result.Unreachable, result.Unsafe,
			"prbmc/harness/f.c is used as the pull request has it", "prbmc/harness/g.c is used as the pull request has it"},
	} {
		run := r.check(tc.iso, func(c *Config) { c.TrustHeadHarness = tc.trust })
		for _, cf := range run.Funcs {
			want, note := tc.wantF, tc.noteF
			if cf.Scope.Name == "g" {
				want, note = tc.wantG, tc.noteG
			}
			if cf.Outcome.Result == nil || cf.Outcome.Result.Verdict != want {
				t.Errorf("trust %v isolate %v: %s is %+v, want %s", tc.trust, tc.iso, cf.Scope.Name, cf.Outcome.Result, want)
			}
			if !strings.Contains(strings.Join(cf.Notes, "\n"), note) {
				t.Errorf("trust %v: %s's notes lack %q: %q", tc.trust, cf.Scope.Name, note, cf.Notes)
			}
		}
	}
}

// TestHiddenFiles: a changed C file git cannot show as text is listed;
// one with a NUL byte under `*.c -diff` is read as text and checked.
func TestHiddenFiles(t *testing.T) {
	r := newRepo(t)
	r.write("a.c", "int a(int x) { return x; }\n")
	r.write("b.c", "int b(int x) { return x; }\n")
	r.commit("base")
	r.write(".gitattributes", "*.c -diff\n")
	r.write("a.c", "#include <assert.h>\n/* \x00 */\nint a(int x) { assert(x != 1); return x; }\n")
	os.Remove(filepath.Join(r.dir, "b.c"))
	if err := os.Symlink("a.c", filepath.Join(r.dir, "b.c")); err != nil {
		t.Fatal(err)
	}
	r.commit("head")
	run, err := Execute(context.Background(), Config{RepoDir: r.dir, Base: "HEAD~1", Head: "HEAD", FunctionTimeout: 30 * time.Second,
		Engine: engine.Options{Engine: "auto", Solver: testSolver}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(run.Hidden) != 1 || run.Hidden[0].Path != "b.c" || run.Hidden[0].Skipped != "symlink" {
		t.Errorf("hidden files %+v, want b.c (symlink)", run.Hidden)
	}
	var verdicts []string
	for _, cf := range run.Funcs {
		if cf.Outcome.Result != nil {
			verdicts = append(verdicts, cf.Scope.Name+" "+string(cf.Outcome.Result.Verdict))
		}
	}
	if strings.Join(verdicts, ",") != "a unsafe" {
		t.Errorf("verdicts %v, want a unsafe (the NUL byte and -diff do not hide it)", verdicts)
	}
}

// TestNotCompiled: a changed function under a false #if is not part of
// the build: listed as not compiled, not unknown.
func TestNotCompiled(t *testing.T) {
	r := newRepo(t)
	r.write("a.c", "int f(int x) { return x; }\n#ifdef WITH_G\nint g(int x) { return x; }\n#endif\n")
	r.commit("base")
	r.write("a.c", "#include <assert.h>\nint f(int x) { assert(x != 1); return x; }\n#ifdef WITH_G\nint g(int x) { assert(x != 2); return x; }\n#endif\n")
	r.commit("head")
	for _, iso := range []bool{false, true} {
		run := r.check(iso, nil)
		got := map[string]string{}
		for _, cf := range run.Funcs {
			got[cf.Scope.Name] = fmt.Sprintf("%v %v %s", cf.Outcome.NotCompiled, cf.Outcome.Result.Verdict, cf.Outcome.Result.Reason)
		}
		if !strings.HasPrefix(got["g"], "true safe not compiled: the preprocessor leaves g out of a.c") || !strings.HasPrefix(got["f"], "false unsafe") {
			t.Errorf("isolate %v: %v", iso, got)
		}
	}
}

// TestInferredIncludeDirs: a header the flags do not find is looked for
// in the repository; a unique match is used (and said), an ambiguous one
// is not guessed.
func TestInferredIncludeDirs(t *testing.T) {
	r := newRepo(t)
	r.write("include/lib/limits.h", "#define LIB_MAX 10\n")
	r.write("src/a.c", "#include \"lib/limits.h\"\nint f(int x) { return x; }\n")
	r.write("one/dup.h", "#define D 1\n")
	r.write("two/dup.h", "#define D 1\n")
	r.write("three/dup.h", "#define D 1\n")
	r.write("four/dup.h", "#define D 1\n")
	r.write("src/b.c", "#include \"dup.h\"\nint g(int x) { return x; }\n")
	r.commit("base")
	r.write("src/a.c", "#include <assert.h>\n#include \"lib/limits.h\"\nint f(int x) { if (x > 0 && x < LIB_MAX) assert(x != 5); return x; }\n")
	r.write("src/b.c", "#include <assert.h>\n#include \"dup.h\"\nint g(int x) { assert(x != D); return x; }\n")
	r.commit("head")
	for _, iso := range []bool{false, true} {
		run := r.check(iso, nil)
		for _, cf := range run.Funcs {
			res := cf.Outcome.Result
			switch cf.Scope.Name {
			case "f":
				if res.Verdict != result.Unsafe || !strings.Contains(strings.Join(cf.Outcome.Assumed, "\n"), "include directory include inferred for #include \"lib/limits.h\"") {
					t.Errorf("isolate %v: f %s %q, assumed %q", iso, res.Verdict, res.Reason, cf.Outcome.Assumed)
				}
			case "g":
				if res.Verdict != result.Unknown || !strings.Contains(res.Reason, `include file not found: "dup.h"`) {
					t.Errorf("isolate %v: g %s %q", iso, res.Verdict, res.Reason)
				}
			}
		}
	}
}

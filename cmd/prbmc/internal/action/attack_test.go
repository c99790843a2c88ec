package action

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/cmd/prbmc/internal/pipeline"
	"github.com/prbmc/prbmc/verifier/checks"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/smt/z3"
)

// TestMain lets the test binary be the checker's child process (the real
// pipeline re-executes os.Executable(), which in a test is this binary).
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == pipeline.ChildSubcommand {
		os.Exit(pipeline.ChildMain(context.Background(), os.Stdin, os.Stdout, os.Stderr, realChildDeps()))
	}
	os.Exit(m.Run())
}

func realSolver(logic string) (smt.Solver, error) { return z3.New(z3.Options{Logic: logic}) }

func realInstrument(names []string) (func(*ir.Program) error, error) {
	set, err := checks.Parse(strings.Join(names, ","))
	if err != nil || set == checks.Default {
		return nil, err
	}
	return func(p *ir.Program) error { _, err := checks.Instrument(p, set); return err }, nil
}

func realChildDeps() pipeline.ChildDeps {
	return pipeline.ChildDeps{Solver: realSolver, Instrument: realInstrument, LimitSolverMemory: z3.SetMemoryLimit}
}

// realPipeline is the Action's checker as cmd/prbmc builds it: each
// function in a child process of this test binary.
func realPipeline() Pipeline {
	return Pipeline{Engine: "auto", Solver: realSolver, Instrument: realInstrument,
		Isolation: func(mem int) (*pipeline.Isolation, error) {
			exe, err := os.Executable()
			if err != nil {
				return nil, err
			}
			return &pipeline.Isolation{Command: []string{exe, pipeline.ChildSubcommand}, MemoryMiB: mem}, nil
		}}
}

// The planted secret: a file beside the repository that the pull request
// tries to include.
const plantedSecret = "PLANTED_SECRET_Q7"

// attackRepo is a pull request written by an attacker: every file tries
// one of the attacks on the Action, beside an honest bug (ok.c) whose
// finding must still be published.
func attackRepo(t *testing.T) testRepo {
	t.Helper()
	r := testRepo{dir: filepath.Join(t.TempDir(), "repo")}
	outside := filepath.Dir(r.dir)
	var secretC strings.Builder
	for _, c := range plantedSecret {
		secretC.WriteString("'" + string(c) + "', ")
	}
	secretC.WriteString("0\n")
	mustWrite(t, filepath.Join(outside, "secret.h"), secretC.String())
	mustWrite(t, filepath.Join(outside, "victim.txt"), "the victim's contents\n")
	write := func(name, text string) { mustWrite(t, filepath.Join(r.dir, name), text) }
	gitRun(t, outside, "init", "-q", "-b", "main", r.dir)
	write("src/ok.c", "int ok(int x) { return x; }\n")
	write("src/guarded.c", "int guarded(int x) { return x; }\n")
	write("src/link.c", "int linked(int x) { return x; }\n")
	gitRun(t, r.dir, "add", ".")
	gitRun(t, r.dir, "commit", "-q", "-m", "base")
	r.base = gitRun(t, r.dir, "rev-parse", "HEAD")
	gitRun(t, r.dir, "checkout", "-q", "-b", "attack")

	// An honest bug: its finding is published whatever the rest does.
	write("src/ok.c", "#include <assert.h>\nint ok(int x) {\n  if (x > 3) assert(x < 10);\n  return x;\n}\n")
	// 1. Reading files outside the repository into a trace.
	write("src/leak.c", "#include <assert.h>\nstatic const char s[] = {\n#include \"../../secret.h\"\n};\n"+
		"int leak(int i) { if (i >= 0 && i < (int)sizeof s) assert(s[i] != 'Q'); return 0; }\n")
	write("src/environ.c", "#include <assert.h>\nstatic const char e[] =\n#include \"../../../../../../../../../../../../proc/self/environ\"\n;\n"+
		"int env(int i) { if (i >= 0 && i < 4) assert(e[i] != 'G'); return 0; }\n")
	if err := os.Symlink(filepath.Join(outside, "secret.h"), filepath.Join(r.dir, "src", "secret_link.h")); err != nil {
		t.Fatal(err)
	}
	write("src/symlinked.c", "#include <assert.h>\nstatic const char s[] = {\n#include \"secret_link.h\"\n};\n"+
		"int symlinked(int i) { if (i >= 0 && i < (int)sizeof s) assert(s[i] != 'Q'); return 0; }\n")
	// 2. Killing the run.
	write("src/zero.c", "#include \"../../../../../../../../../../../../dev/zero\"\nint zero(int x) { return x; }\n")
	write("src/huge.c", "#include <assert.h>\nstatic char big[1L << 40];\n"+
		"int huge(int i) { big[i & 7] = 1; assert(big[i & 7] == 1); return 0; }\n")
	write("src/deep.c", "#include <assert.h>\nint deep(int x) {\n  int y = "+strings.Repeat("(", 100000)+"x"+strings.Repeat(")", 100000)+";\n  assert(y == x);\n  return y;\n}\n")
	write("src/hog.c", "extern void __VERIFIER_assume(int);\nvoid reach_error(void);\n"+
		"int hog(double x, double y, double z) {\n"+
		"  __VERIFIER_assume(x > 1.0 && x < 100.0 && y > 1.0 && y < 100.0 && z > 1.0 && z < 100.0);\n"+
		"  double a = (x * y) / z;\n  double b = (x / z) * y;\n  double c = (a * a + b * b) / (x + y);\n"+
		"  double d = c / (a + 1.0) * (b + 1.0) / (c + z);\n"+
		"  if (a - b > 1e-9 * a || d < 0.0) reach_error();\n  return 0;\n}\n")
	// Nesting the scan before parsing cannot see: made by macros. The
	// parser's stack overflows in the child process, not in the Action.
	write("src/macro_deep.c", "#include <assert.h>\n#define L ((((((((((\n#define R ))))))))))\n"+
		"int macro_deep(int x) {\n  int y = "+strings.Repeat("L ", 10000)+"x"+strings.Repeat(" R", 10000)+";\n  assert(y == x);\n  return y;\n}\n")
	// 3. Hiding a changed function: git is told the file is binary (and
	// it has a NUL byte), and a changed file is a symlink.
	write(".gitattributes", "*.c -diff\n")
	write("src/nul.c", "#include <assert.h>\n/* \x00 */\nint nul(int x) {\n  if (x == 5) assert(0);\n  return x;\n}\n")
	os.Remove(filepath.Join(r.dir, "src", "link.c"))
	if err := os.Symlink("ok.c", filepath.Join(r.dir, "src", "link.c")); err != nil {
		t.Fatal(err)
	}
	// 4. Proving its own function: a harness that assumes everything away.
	// The assertion comes after a store: a claim about the code, not a
	// contract on x (which would be a contract note, not a failure).
	write("src/guarded.c", "#include <assert.h>\nstatic int last;\nint guarded(int x) {\n  last = x;\n  assert(x != 42);\n  return x;\n}\n")
	write("prbmc/harness/guarded.c", "void prbmc_harness_guarded(void) { __VERIFIER_assume(0); guarded(1); }\n")
	// 5. HTML and mentions through a #line name.
	write("src/evil.c", "#include <assert.h>\nstatic int seen;\nint evil(int x) {\n  seen = x;\n#line 7 \"zz <a href=https://evil.example>Apply fix</a> @octocat <!--\"\n  assert(x != 3);\n  return x;\n}\n")
	// 6. Overwriting a file outside the workspace through the SARIF path.
	if err := os.Symlink(filepath.Join(outside, "victim.txt"), filepath.Join(r.dir, SarifFileName)); err != nil {
		t.Fatal(err)
	}
	gitRun(t, r.dir, "add", "-A")
	gitRun(t, r.dir, "commit", "-q", "-m", "attack")
	r.head = gitRun(t, r.dir, "rev-parse", "HEAD")
	r.diff = gitRaw(t, r.dir, "diff", "--text", r.base, r.head)
	return r
}

func mustWrite(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestActionAttacks runs the Action with the real checker (child
// processes, Z3) on the attacker's pull request against the fake API.
func TestActionAttacks(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real checker")
	}
	r := attackRepo(t)
	gh := newFakeGitHub(t, owner, repoName, prNumber, r.head, testToken, r.diff)
	inputs := map[string]string{"function-timeout": "20s", "time-budget": "5m", "memory-limit": "512", "jobs": "2", "fail-on": "unknown"}
	run := runAction(t, r, gh, "pull_request", prEvent(t, "pull_request_opened.payload.json", r, owner+"/"+repoName), inputs, realPipeline())

	sarifBytes, err := os.ReadFile(filepath.Join(r.dir, SarifFileName))
	if err != nil {
		t.Fatal(err)
	}
	var bodies []string
	for _, rq := range gh.takeRequests() {
		bodies = append(bodies, rq.Body)
	}
	everything := map[string]string{"log": run.stdout, "job summary": run.summary, "SARIF file": string(sarifBytes),
		"requests": strings.Join(bodies, "\n")}
	for what, s := range everything {
		for _, secret := range []string{plantedSecret, "'Q', '7'", testToken} {
			if strings.Contains(s, secret) {
				t.Errorf("the %s holds %q", what, secret)
			}
		}
	}

	// The file outside the workspace was not written through the link.
	if got := readFile(t, filepath.Join(filepath.Dir(r.dir), "victim.txt")); got != "the victim's contents\n" {
		t.Errorf("victim.txt was overwritten: %.80q", got)
	}
	if st, err := os.Lstat(filepath.Join(r.dir, SarifFileName)); err != nil || !st.Mode().IsRegular() {
		t.Errorf("the SARIF file is not a regular file: %v %v", st, err)
	}
	if run.exit != ExitFail {
		t.Errorf("exit %d, want %d (fail-on: unknown)", run.exit, ExitFail)
	}

	s := run.summary
	if dumpSummary {
		t.Log(s)
	}
	wantContains(t, "the job summary", s,
		// Refused reads: unknown with the reason, never a trace.
		"src/leak.c:3:10: include &quot;../../secret.h&quot; refused: outside the repository",
		"src/environ.c:3:10: include &quot;../../../../../../../../../../../../proc/self/environ&quot; refused: outside the repository",
		"src/symlinked.c:3:10: include &quot;secret_link.h&quot; refused: outside the repository",
		"src/zero.c:1:10: include &quot;../../../../../../../../../../../../dev/zero&quot; refused: outside the repository",
		"src/deep.c:3:1010: nesting deeper than 1000 levels",
		// A function that needs more memory than it may have.
		"`hog`: memory limit (512 MiB) exceeded",
		// The run went on: the honest bug is published.
		"<code>ok</code>",
		// The hidden file is listed, and counted.
		"src/link.c",
		"could not be read as C text",
		// The pull request's harness is flagged, not used.
		"harness changed by this pull request",
	)
	wantContains(t, "the SARIF log", string(sarifBytes), `include \"../../secret.h\" refused: outside the repository`)
	fails := failures(t, sarifBytes)
	if fails["src/ok.c:3"] == "" {
		t.Errorf("the honest bug is not in the SARIF log: %v", fails)
	}
	if fails["src/guarded.c:5"] == "" {
		t.Errorf("guarded's bug is hidden by the pull request's harness: %v", fails)
	}
	if fails["src/nul.c:4"] == "" {
		t.Errorf("nul.c (a NUL byte, *.c -diff) was not checked: %v", fails)
	}
	for _, f := range []string{"leak", "env", "symlinked", "zero", "deep", "hog", "macro_deep"} {
		if !regexp.MustCompile(`❓ unknown \| <code>` + f + `</code>`).MatchString(s) {
			t.Errorf("%s is not unknown in the summary", f)
		}
	}
	// Inert HTML: nothing from the repository opens a tag, a comment or
	// pings anyone.
	for _, bad := range []string{"<a href", "<!-- \"", "Apply fix</a>", " @octocat"} {
		if strings.Contains(s, bad) {
			t.Errorf("the summary holds %q", bad)
		}
	}
	// guarded can fail (the pull request's harness was not used); the
	// hidden files count as unknown.
	if run.outputs["unsafe"] != "4" || run.outputs["safe"] != "1" || run.outputs["unknown"] != "9" {
		t.Errorf("outputs %v, want 4 unsafe (ok, guarded, nul, evil), 1 safe (huge), 9 unknown (7 functions, 2 hidden files)", run.outputs)
	}
}

// TestActionTrustedHarness: with trust-pr-harness the pull request's
// harness is used, and flagged; one that assumes every path away makes
// its function unreachable, which is neither shown nor counted as safe.
func TestActionTrustedHarness(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real checker")
	}
	r := attackRepo(t)
	gh := newFakeGitHub(t, owner, repoName, prNumber, r.head, testToken, r.diff)
	inputs := map[string]string{"paths": "src/guarded.c, src/ok.c", "trust-pr-harness": "true", "memory-limit": "512", "function-timeout": "20s"}
	run := runAction(t, r, gh, "pull_request", prEvent(t, "pull_request_opened.payload.json", r, owner+"/"+repoName), inputs, realPipeline())
	wantContains(t, "the job summary", run.summary,
		"| ➖ unreachable | <code>guarded</code>",
		"- ⚠️ `guarded`: harness changed by this pull request: prbmc/harness/guarded.c is used as the pull request has it (trust-pr-harness)")
	if strings.Contains(run.summary, "✅ proved safe | <code>guarded") {
		t.Error("guarded is shown as proved safe")
	}
	if run.outputs["safe"] != "0" || run.outputs["unsafe"] != "1" || run.outputs["unknown"] != "1" {
		t.Errorf("outputs %v, want ok unsafe and guarded unknown (vacuous)", run.outputs)
	}
}

func init() { dumpSummary = os.Getenv("PRBMC_DUMP_SUMMARY") != "" }

var dumpSummary bool

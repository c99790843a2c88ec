package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/owenrumney/go-sarif/v2/sarif"

	"github.com/prbmc/prbmc/internal/gittest"
	"github.com/prbmc/prbmc/report/sarif/sariftest"
)

// gitRepo is a repository made by a test.
type gitRepo struct {
	t   *testing.T
	dir string
	// baseRev is the revision tests compare with, when they keep one.
	baseRev string
}

func newGitRepo(t *testing.T) *gitRepo {
	t.Helper()
	r := &gitRepo{t: t, dir: t.TempDir()}
	r.git("init", "-q", "-b", "main")
	return r
}

func (r *gitRepo) git(args ...string) string {
	r.t.Helper()
	return gittest.Git(r.t, r.dir, args...)
}

// copyTree copies directory src over the work tree.
func (r *gitRepo) copyTree(src string) { gittest.CopyTree(r.t, src, r.dir) }

func (r *gitRepo) write(files map[string]string) {
	r.t.Helper()
	for name, text := range files {
		p := filepath.Join(r.dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			r.t.Fatal(err)
		}
	}
}

func (r *gitRepo) commit(msg string) string {
	r.git("add", "-A")
	r.git("commit", "-q", "-m", msg)
	return r.git("rev-parse", "HEAD")
}

// projectRepo is testdata/project's two-commit history.
func projectRepo(t *testing.T) *gitRepo {
	r := newGitRepo(t)
	r.copyTree("../../testdata/project/v1")
	r.commit("ring buffer")
	r.copyTree("../../testdata/project/v2")
	r.commit("ring: allow filling the last slot; tidy ring_pop")
	return r
}

// TestCheckExampleProject: the second commit's bug is reported with a
// replayed trace, the other changed function is proved safe, and the
// compilation database's -DRING_CHECKS is what makes it provable.
func TestCheckExampleProject(t *testing.T) {
	r := projectRepo(t)
	sarifPath := filepath.Join(t.TempDir(), "out.sarif")
	mdPath := filepath.Join(t.TempDir(), "summary.md")
	reproDir := t.TempDir()
	out, errOut, code := runCmd(t, "check", "-C", r.dir, "--base", "HEAD~1", "--sarif", sarifPath, "--markdown", mdPath, "--reproduce", reproDir)
	if code != exitUnsafe {
		t.Fatalf("exit %d, want %d\n%s\n%s", code, exitUnsafe, out, errOut)
	}
	for _, re := range []string{
		`(?m)^src/ring.c:11 +ring_push +unsafe +[a-z]+, .*: assertion "r->count < RING_CAP" at src/ring.c:17$`,
		`(?m)^src/ring.c:25 +ring_pop +safe +[a-z]+`,
		`trace replayed concretely`,
		`(?m)^ +src/ring.c:17 +ring_push: assert\(r->count < 8\)$`,
		`assumed: out points to one object with any contents`,
		`(?m)^RESULT: 1 unsafe, 1 safe \(`,
		// The reproducer (harness + trace inputs, compiled with cc) fails.
		`(?m)^  reproducer .*/src_ring_c_ring_push/repro.c: reproduced: assertion failed with exit status 134$`,
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("output lacks %s:\n%s", re, out)
		}
	}
	// (ring_init is named in ring_push's note: its handles fail too.)
	if regexp.MustCompile(`(?m)^src/\S+ +ring_(init|mean) `).MatchString(out) || strings.Contains(out, "== ring_init") {
		t.Errorf("unchanged functions checked:\n%s", out)
	}
	data, err := os.ReadFile(sarifPath)
	if err != nil {
		t.Fatal(err)
	}
	sariftest.Validate(t, data)
	rep, err := sarif.FromBytes(data)
	if err != nil {
		t.Fatal(err)
	}
	var errs int
	for _, res := range rep.Runs[0].Results {
		if res.Level != nil && *res.Level == "error" {
			errs++
			loc := res.Locations[0].PhysicalLocation
			if *loc.ArtifactLocation.URI != "src/ring.c" || *loc.Region.StartLine != 17 {
				t.Errorf("alert at %s:%d, want src/ring.c:17", *loc.ArtifactLocation.URI, *loc.Region.StartLine)
			}
		}
	}
	if errs != 1 {
		t.Errorf("%d error results, want 1", errs)
	}
	md, _ := os.ReadFile(mdPath)
	if !strings.Contains(string(md), "ring_push") || !strings.Contains(string(md), "ring_pop") {
		t.Errorf("summary lacks the functions:\n%s", md)
	}

	// Without the database's -DRING_CHECKS the invariant is not assumed
	// and ring_pop's assertion can fail: the flags are really used.
	os.Remove(filepath.Join(r.dir, "compile_commands.json"))
	r.commit("drop the compilation database")
	out, _, _ = runCmd(t, "check", "-C", r.dir, "--base", "HEAD~2", "-I", filepath.Join(r.dir, "include"), "--format", "json")
	var got struct {
		Functions []struct{ Name, Verdict string }
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	verdicts := map[string]string{}
	for _, f := range got.Functions {
		verdicts[f.Name] = f.Verdict
	}
	// ring_pop may carry a contract note besides (slot < RING_CAP holds
	// for the handles ring_init makes), depending on which failure an
	// engine meets first.
	if !strings.HasPrefix(verdicts["ring_pop"], "unsafe") || verdicts["ring_push"] != "unsafe" {
		t.Errorf("without RING_CHECKS: %v, want both unsafe", verdicts)
	}
}

// TestCheckBadFileOthersGoOn: a file that does not parse makes its
// functions unknown, with the error; the other files are still checked.
func TestCheckBadFileOthersGoOn(t *testing.T) {
	r := newGitRepo(t)
	r.write(map[string]string{
		"good.c": "#include <assert.h>\nint f(int x) { return x; }\n",
		"bad.c":  "int g(int x) { return x; }\n",
	})
	r.commit("base")
	r.write(map[string]string{
		"good.c": "#include <assert.h>\nint f(int x) {\n\tif (x > 10) x = 10;\n\tassert(x <= 10);\n\treturn x;\n}\n" +
			"int h(int (*op)(int)) {\n\tint r = op(1);\n\tassert(r > 0);\n\treturn r;\n}\n",
		"bad.c": "int g(int x) { return x +; }\n",
	})
	r.commit("change")
	out, errOut, code := runCmd(t, "check", "-C", r.dir, "--base", "HEAD~1")
	if code != exitUnknown {
		t.Fatalf("exit %d, want %d\n%s%s", code, exitUnknown, out, errOut)
	}
	if !regexp.MustCompile(`(?m)^bad.c:1 +g +unknown +.*the C front end rejected bad.c: bad.c:1:`).MatchString(out) {
		t.Errorf("bad.c's function not unknown with the error:\n%s", out)
	}
	if !regexp.MustCompile(`(?m)^good.c:2 +f +safe`).MatchString(out) {
		t.Errorf("good.c's function not proved:\n%s", out)
	}
	// A function-pointer parameter with no function of its type to point
	// to: the call through it is unknown, with the reason.
	if !regexp.MustCompile(`(?m)^good.c:7 +h +unknown +.*call through op: no function of type int\(int\) has its address taken`).MatchString(out) {
		t.Errorf("h not unknown with the reason:\n%s", out)
	}
}

func TestCheckBadRevisions(t *testing.T) {
	r := newGitRepo(t)
	r.write(map[string]string{"a.c": "int f(void) { return 0; }\n"})
	base := r.commit("base")
	r.git("checkout", "-q", "-b", "feature")
	r.write(map[string]string{"a.c": "int f(void) { return 1; }\n"})
	r.commit("change")

	_, errOut, code := runCmd(t, "check", "-C", r.dir, "--base", "no-such-branch")
	if code != exitUsage || !strings.Contains(errOut, "no-such-branch") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("missing revision: exit %d, %q", code, errOut)
	}
	clone := filepath.Join(t.TempDir(), "clone")
	r.git("clone", "-q", "--depth", "1", "--branch", "feature", "file://"+r.dir, clone)
	_, errOut, code = runCmd(t, "check", "-C", clone, "--base", base)
	if code != exitUsage || !strings.Contains(errOut, "fetch-depth: 0") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("shallow clone: exit %d, %q", code, errOut)
	}
	_, errOut, code = runCmd(t, "check", "-C", r.dir)
	if code != exitUsage || !strings.Contains(errOut, "--base is required") {
		t.Errorf("no base: exit %d, %q", code, errOut)
	}
}

func TestScopeCommand(t *testing.T) {
	r := projectRepo(t)
	out, errOut, code := runCmd(t, "scope", "-C", r.dir, "--base", "HEAD~1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "ring_push") || !strings.Contains(out, "ring_pop") || strings.Contains(out, "ring_init") {
		t.Errorf("scope:\n%s", out)
	}
	out, _, code = runCmd(t, "scope", "-C", r.dir, "--base", "HEAD~1", "--format", "json")
	var res struct {
		Functions []struct {
			Name   string
			Status string
		}
	}
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil || len(res.Functions) != 2 {
		t.Fatalf("json scope (exit %d):\n%s", code, out)
	}
}

func TestHarnessCommand(t *testing.T) {
	out, errOut, code := runCmd(t, "harness", "../../testdata/harness/sensor.c", "--function", "frame_ok")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want, err := os.ReadFile("../../testdata/harness/golden/frame_ok.c")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out, string(want)) {
		t.Errorf("harness output:\n%s\nwant it to start with the golden harness:\n%s", out, want)
	}
	if !strings.Contains(out, "`fill()` has no body here") {
		t.Errorf("stubs not listed:\n%s", out)
	}
	out, errOut, code = runCmd(t, "harness", "../../testdata/harness/sensor.c", "--function", "apply")
	if code != 0 || !strings.Contains(out, "__prbmc_fnptr_any(&op);") {
		t.Errorf("function-pointer parameter: exit %d, %q\n%s", code, errOut, out)
	}
	wide := writeC(t, "wide.c", "int wide(__int128 x) { return x > 0; }\n")
	_, errOut, code = runCmd(t, "harness", wide, "--function", "wide")
	if code != exitUnknown || !strings.Contains(errOut, "a 128-bit integer parameter") {
		t.Errorf("unsupported: exit %d, %q", code, errOut)
	}
	_, errOut, code = runCmd(t, "harness", "../../testdata/harness/sensor.c", "--function", "nope")
	if code != exitUsage || !strings.Contains(errOut, "no definition of nope") {
		t.Errorf("missing function: exit %d, %q", code, errOut)
	}
}

// stubRepo is a repository whose last commit makes f assert on what
// read_sensor, a function without a body, returns.
func stubRepo(t *testing.T) *gitRepo {
	r := newGitRepo(t)
	r.write(map[string]string{"s.c": "#include <assert.h>\nint read_sensor(int);\nint f(int c) { return c; }\n"})
	r.commit("base")
	r.write(map[string]string{"s.c": "#include <assert.h>\nint read_sensor(int);\nint f(int c) {\n\tint v = read_sensor(c);\n\tassert(v < 1000);\n\treturn v;\n}\n"})
	r.commit("change")
	return r
}

// TestCheckReproducerRefusesStubs: a trace that depends on a stubbed
// function's result cannot be rebuilt natively; the check says why.
func TestCheckReproducerRefusesStubs(t *testing.T) {
	r := stubRepo(t)
	// By default the finding is a stub note (TestCheckStubNote); without
	// the classification it is a failure, and its reproducer is refused.
	out, _, code := runCmd(t, "check", "-C", r.dir, "--base", "HEAD~1", "--caller-depth", "0", "--reproduce", t.TempDir())
	if code != exitUnsafe || !strings.Contains(out, "no reproducer: cannot reproduce: the trace depends on what read_sensor() returns, and it has no body here (prbmc stubbed it)") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// TestCheckStubNote: a failure that needs a stub's freedom is a stub note:
// the function is safe with one note, and the exit status is 0.
func TestCheckStubNote(t *testing.T) {
	r := stubRepo(t)
	out, _, code := runCmd(t, "check", "-C", r.dir, "--base", "HEAD~1")
	for _, want := range []string{"f                    safe+1 note", "stub note: assertion \"v < 1000\" at s.c:5:2: Every failing execution found calls a function without a body here", "RESULT: 1 safe"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if code != exitSafe {
		t.Errorf("exit %d, want %d", code, exitSafe)
	}
}

// TestCheckSafetyChecks: a function without assertions is checked for
// overflow by default (and has nothing to check with --checks assertions).
func TestCheckSafetyChecks(t *testing.T) {
	r := newGitRepo(t)
	r.write(map[string]string{"m.c": "int add(int a, int b) { return 0; }\n"})
	r.commit("base")
	r.write(map[string]string{"m.c": "int add(int a, int b) {\n\treturn a + b;\n}\n"})
	r.commit("change")
	out, _, code := runCmd(t, "check", "-C", r.dir, "--base", "HEAD~1", "--reproduce", t.TempDir())
	if code != exitUnsafe || !regexp.MustCompile(`(?m)^m.c:1 +add +unsafe +.*overflow "signed overflow in a \+ b" at m.c:2$`).MatchString(out) ||
		!strings.Contains(out, "reproduced: ") {
		t.Errorf("default checks: exit %d:\n%s", code, out)
	}
	out, _, code = runCmd(t, "check", "-C", r.dir, "--base", "HEAD~1", "--checks", "assertions")
	if code != exitSafe || !regexp.MustCompile(`(?m)^m.c:1 +add +nothing to check`).MatchString(out) {
		t.Errorf("--checks assertions: exit %d:\n%s", code, out)
	}
	_, errOut, code := runCmd(t, "check", "-C", r.dir, "--base", "HEAD~1", "--checks", "nope")
	if code != exitUsage || !strings.Contains(errOut, `unknown check "nope"`) {
		t.Errorf("bad --checks: exit %d: %s", code, errOut)
	}
}

// testdataReader reads the files of a testdata project (dir ends in a
// slash), failing t when one cannot be read.
func testdataReader(t *testing.T, dir string) func(name string) string {
	return func(name string) string {
		b, err := os.ReadFile(dir + name)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
}

// TestCheckCalleesInOtherFiles: app.c's lookup() indexes a table with
// what slot(), defined in lib.c, returns (testdata/project-callees).
// prbmc check links lib.c's slot() with app.c instead of stubbing it:
// lookup() is safe, and the assumptions say where slot() came from. The
// result cache keys the verdict on lib.c too: when slot() stops masking,
// lookup() is checked again, and fails, though app.c did not change,
// with a trace through lib.c (and no reproducer, which would need lib.c).
func TestCheckCalleesInOtherFiles(t *testing.T) {
	r := newGitRepo(t)
	read := testdataReader(t, "../../testdata/project-callees/")
	r.write(map[string]string{"lib.h": read("lib.h"), "lib.c": read("lib.c"), "mid.c": read("mid.c")})
	r.commit("lib")
	app := "#include \"lib.h\"\n\nint lookup(int k) {\n\tint t[4] = {1, 2, 3, 4};\n\treturn t[slot(k)];\n}\n"
	r.write(map[string]string{"app.c": app})
	r.commit("app")
	cache := t.TempDir()
	args := []string{"check", "-C", r.dir, "--base", "HEAD~1", "--checks", "bounds", "--cache-dir", cache, "--verbose"}
	out, errOut, code := runCmd(t, args...)
	if code != exitSafe {
		t.Fatalf("exit %d, want %d\n%s\n%s", code, exitSafe, out, errOut)
	}
	for _, re := range []string{
		`(?m)^app.c:3 +lookup +safe `,
		"`slot\\(\\)` is the definition in lib.c, linked with app.c as a C linker links them \\(not a stub\\)",
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("output lacks %s:\n%s", re, out)
		}
	}
	if strings.Contains(out, "note") {
		t.Errorf("a note with slot() linked:\n%s", out)
	}
	// The same range again: the verdict comes from the cache.
	out, _, _ = runCmd(t, "check", "-C", r.dir, "--base", "HEAD~1", "--checks", "bounds", "--cache-dir", cache, "--format", "json")
	if !strings.Contains(out, `"cachedFrom"`) {
		t.Fatalf("nothing reused from the cache:\n%s", out)
	}
	// lib.c's slot() now returns up to 7; app.c is unchanged.
	r.write(map[string]string{"lib.c": strings.Replace(read("lib.c"), "return norm(k);", "return k & 7;", 1)})
	r.commit("lib: slot() does not mask")
	out, errOut, code = runCmd(t, "check", "-C", r.dir, "--base", "HEAD~2", "--checks", "bounds", "--cache-dir", cache, "--reproduce", t.TempDir())
	if code != exitUnsafe {
		t.Fatalf("exit %d, want %d\n%s\n%s", code, exitUnsafe, out, errOut)
	}
	for _, re := range []string{
		`(?m)^app.c:3 +lookup +unsafe `,
		`(?m)^ +lib.c:\d+ +slot: return k & 7$`,
		`no reproducer: the check linked lib.c for callees defined there; reproducers of programs that cross files are not made yet`,
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("after lib.c's change, output lacks %s:\n%s", re, out)
		}
	}
}

// TestCheckCallersInOtherFiles: util.c's functions are called from
// main.c and other.c only (testdata/project-multi). prbmc check judges
// their failures by those callers: main.c's valid indexes make contract
// notes, other.c's bad ones failures reached from its functions, with
// their traces; a file that does not compile leaves put() an entry
// point, with the reason. The result cache keys each verdict on the
// files that may call the function: when main.c starts passing a bad
// index, get() is checked again, not reused.
func TestCheckCallersInOtherFiles(t *testing.T) {
	r := newGitRepo(t)
	read := testdataReader(t, "../../testdata/project-multi/")
	files := map[string]string{}
	for _, n := range []string{"util.h", "main.c", "other.c", "broken.c"} {
		files[n] = read(n)
	}
	r.write(files)
	r.commit("callers")
	r.write(map[string]string{"util.c": read("util.c")})
	r.commit("util")
	cache := t.TempDir()
	out, errOut, code := runCmd(t, "check", "-C", r.dir, "--base", "HEAD~1", "--checks", "pointer", "--cache-dir", cache)
	if code != exitUnsafe {
		t.Fatalf("exit %d, want %d\n%s\n%s", code, exitUnsafe, out, errOut)
	}
	for _, re := range []string{
		`(?m)^util.c:5 +get +safe\+1 note `,
		`contract note: pointer "NULL, dangling or out-of-bounds dereference of a\[i\]" at util.c:5:26: Needs an input no caller in the repository passes: run\(\) in main.c never breaks it \(proved\)`,
		`(?m)^util.c:7 +get_bad +unsafe `,
		`Reached from tail\(\) in other.c with its own inputs: tail\(\) → get_bad\(\).`,
		`(?m)^ +other.c:4 +prbmc_harness_tail: tail\(\)$`,
		`(?m)^ +util.c:7 +get_bad: pointer check: NULL, dangling or out-of-bounds dereference of a\[i\] — i = 4$`,
		`(?m)^util.c:12 +pick +safe\+1 note `,
		`Reached from use_at\(\) in other.c`,
		`Nothing in util.c calls put\(\): it is an entry point, and whoever calls it can pass these inputs. \(Callers in other files were not looked at: broken.c does not load with util.c: broken.c:4:43: `,
		`Nothing in the repository calls lonely\(\) \(4 other C files looked at\)`,
		`via_ptr\(\) is called through a function pointer in other.c: whoever calls it can pass these inputs.`,
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("output lacks %s:\n%s", re, out)
		}
	}
	// The same range again: every decided verdict comes from the cache.
	out, _, _ = runCmd(t, "check", "-C", r.dir, "--base", "HEAD~1", "--checks", "pointer", "--cache-dir", cache, "--format", "json")
	if !strings.Contains(out, `"cachedFrom"`) {
		t.Fatalf("nothing reused from the cache:\n%s", out)
	}
	// main.c now passes get() a bad index; util.c is unchanged.
	r.write(map[string]string{"main.c": strings.Replace(read("main.c"), "get(t, k & 3)", "get(t, k)", 1)})
	r.commit("main: any index")
	out, errOut, code = runCmd(t, "check", "-C", r.dir, "--base", "HEAD~2", "--checks", "pointer", "--cache-dir", cache)
	if code != exitUnsafe {
		t.Fatalf("exit %d, want %d\n%s\n%s", code, exitUnsafe, out, errOut)
	}
	for _, re := range []string{
		`(?m)^util.c:5 +get +unsafe `,
		`Reached from run\(\) in main.c with its own inputs: run\(\) → get\(\).`,
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("after main.c's change, output lacks %s:\n%s", re, out)
		}
	}
}

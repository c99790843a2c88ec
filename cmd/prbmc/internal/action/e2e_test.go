package action

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prbmc/prbmc/internal/gittest"
	"github.com/prbmc/prbmc/report"
	"github.com/prbmc/prbmc/report/results"
	"github.com/prbmc/prbmc/report/sarif/sariftest"
	"github.com/prbmc/prbmc/verifier/result"
)

const (
	owner     = "Codertocat" // as the stored payloads name them
	repoName  = "Hello-World"
	prNumber  = 2
	testToken = "ghs_fakeTOKEN0123456789abcdefABCDEF"
)

// root is the repository root: go test runs a package's tests in its
// directory, cmd/prbmc/internal/action.
func root(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// realResult is a stored real result (prbmc verify --format json output,
// testdata/report/NAME.json) with its file renamed to file.
func realResult(t *testing.T, name, file string) *result.Result {
	t.Helper()
	var r result.Result
	if err := json.Unmarshal([]byte(readFile(t, filepath.Join(root(t), "testdata", "report", name+".json"))), &r); err != nil {
		t.Fatal(err)
	}
	r.Locations(func(l *result.Location) {
		if l.File != "" && report.IsSourceFile(l.File) {
			l.File = file
		}
	})
	return &r
}

// The test repository: base and head of a pull request changing three
// files.
var (
	bigBase = bigFile("8")
	bigHead = bigFile("16")
)

// bigFile is a file whose change (line 3) is far from its failing
// overflow check (line 40), so that line is outside the diff.
func bigFile(n string) string {
	var b strings.Builder
	b.WriteString("/* big.c */\n#include <limits.h>\n#define N " + n + "\n")
	for i := 4; i < 30; i++ {
		fmt.Fprintf(&b, "/* filler %d */\n", i)
	}
	b.WriteString("int big_sum(const int *v) {\n") // line 30
	for i := 31; i < 39; i++ {
		fmt.Fprintf(&b, "\t/* step %d */\n", i)
	}
	b.WriteString("\tint total = 0;\n")                             // 39
	b.WriteString("\tfor (int i = 0; i < N; i++) total += v[i];\n") // 40
	b.WriteString("\treturn total;\n}\n")
	return b.String()
}

func bigSumResult() *result.Result {
	loc := func(l, c int) result.Location { return result.Location{File: "src/big.c", Line: l, Col: c} }
	return &result.Result{Verdict: result.Unsafe, Engine: "incremental", K: 2, Entry: "big_sum", Elapsed: 80 * time.Millisecond,
		Props: []result.Property{{ID: "big_sum.overflow.1", Kind: "overflow", Text: "total + v[i]", Func: "big_sum",
			Location: loc(40, 39), Verdict: result.Unsafe, Trace: &result.Trace{Replayed: true,
				Inputs: []result.Input{{Why: "v[0]", Type: "int", Value: "2147483647", Location: loc(30, 1), Bytes: []byte{255, 255, 255, 127}},
					{Why: "v[1]", Type: "int", Value: "1", Location: loc(30, 1), Bytes: []byte{1, 0, 0, 0}}},
				Steps: []result.Step{{Func: "big_sum", Location: loc(39, 6), Text: "total = 0", Lhs: "total", Value: "0"},
					{Func: "big_sum", Location: loc(40, 39), Text: "total = total + v[i]", Lhs: "total", Value: "2147483647"},
					{Func: "big_sum", Location: loc(40, 39), Text: "total + v[i]", Value: "overflow"}}}}}}
}

type testRepo struct {
	dir, base, head string
	diff            string
}

func gitRun(t *testing.T, dir string, args ...string) string {
	t.Helper()
	return gittest.Git(t, dir, args...)
}

// gitRaw is git's output as is (a diff's last context line may be blank).
func gitRaw(t *testing.T, dir string, args ...string) string {
	t.Helper()
	return gittest.Raw(t, dir, args...)
}

// newTestRepo commits the base (the fixed ring buffer, array_bug.c without
// its failing line, big.c with N 8) and the head (the buggy ring buffer,
// array_bug.c, N 16).
func newTestRepo(t *testing.T) testRepo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	r := testRepo{dir: t.TempDir()}
	write := func(name, text string) {
		p := filepath.Join(r.dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	src := filepath.Join(root(t), "testdata")
	array := readFile(t, filepath.Join(src, "verify", "array_bug.c"))
	gitRun(t, r.dir, "init", "-q", "-b", "main")
	write("src/ring.c", readFile(t, filepath.Join(src, "examples", "ringbuf_fixed.c")))
	write("src/array.c", strings.Replace(array, "  if (s == 30) reach_error();\n", "", 1))
	write("src/big.c", bigBase)
	gitRun(t, r.dir, "add", ".")
	gitRun(t, r.dir, "commit", "-q", "-m", "base")
	r.base = gitRun(t, r.dir, "rev-parse", "HEAD")
	gitRun(t, r.dir, "checkout", "-q", "-b", "changes")
	write("src/ring.c", readFile(t, filepath.Join(src, "examples", "ringbuf.c")))
	write("src/array.c", array)
	write("src/big.c", bigHead)
	gitRun(t, r.dir, "commit", "-q", "-am", "head")
	r.head = gitRun(t, r.dir, "rev-parse", "HEAD")
	r.diff = gitRaw(t, r.dir, "diff", r.base, r.head)
	// The lines the outcome below names, as they are in the head commit.
	for _, c := range []struct {
		file string
		line int
		text string
	}{{"src/ring.c", 24, "assert(r->count <= CAP);"}, {"src/array.c", 14, "if (s == 30) reach_error();"}, {"src/big.c", 40, "total += v[i]"}} {
		lines := strings.Split(readFile(t, filepath.Join(r.dir, c.file)), "\n")
		if !strings.Contains(lines[c.line-1], c.text) {
			t.Fatalf("%s:%d is %q, not %q", c.file, c.line, lines[c.line-1], c.text)
		}
	}
	return r
}

// outcome is what the checker found on the test repository, from real
// results (and one hand-made overflow): three functions can fail —
// rb_push at src/ring.c:24 (outside the diff), main at src/array.c:14 (an
// added line) and big_sum at src/big.c:40 (outside the diff, in a file
// whose patch the fake leaves out) — one is proved, one bounded, one was
// not reached in the budget and one was removed.
func outcome(t *testing.T) *CheckOutcome {
	return &CheckOutcome{
		Functions: []report.FunctionResult{
			{Name: "rb_push", File: "src/ring.c", Line: 17, Result: realResult(t, "ringbuf", "src/ring.c")},
			{Name: "main", File: "src/array.c", Line: 5, Result: realResult(t, "array_bug", "src/array.c")},
			{Name: "rb_pop", File: "src/ring.c", Line: 28, Result: realResult(t, "ringbuf_fixed", "src/ring.c")},
			{Name: "big_sum", File: "src/big.c", Line: 30, Result: bigSumResult()},
			{Name: "spin", File: "src/big.c", Line: 42, Result: realResult(t, "unbounded_loop_bmc3", "src/big.c")},
		},
		NotChecked: []Skipped{
			{File: "src/big.c", Name: "big_tail", Line: 50, Reason: SkipBudget},
			{File: "src/ring.c", Name: "rb_reset", Reason: SkipRemoved},
		},
	}
}

// newFakes is what most tests start with: the test repository, a GitHub
// that serves its pull request, and a checker that finds outcome(t).
func newFakes(t *testing.T) (testRepo, *fakeGitHub, *fakeChecker) {
	r := newTestRepo(t)
	return r, newFakeGitHub(t, owner, repoName, prNumber, r.head, testToken, r.diff), &fakeChecker{out: outcome(t)}
}

// fakeChecker hands back a canned outcome and records the request; it
// also prints the run's token (leak), to show the log is redacted.
type fakeChecker struct {
	mu      sync.Mutex
	out     *CheckOutcome
	reqs    []CheckRequest
	hadDead bool
	leak    string
	// getenv is the action's environment; tokenSeen records whether the
	// token input was still in it when the check ran.
	getenv    func(string) string
	tokenSeen bool
}

func (c *fakeChecker) Check(ctx context.Context, req CheckRequest, log io.Writer) (*results.File, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.reqs = append(c.reqs, req)
	_, c.hadDead = ctx.Deadline()
	if c.getenv != nil && c.getenv("INPUT_GITHUB-TOKEN") != "" {
		c.tokenSeen = true
	}
	if c.leak != "" {
		fmt.Fprintf(log, "fake checker: token %s\n", c.leak)
	}
	if c.out == nil {
		return nil, nil
	}
	return ResultsOf(c.out, req, "test"), nil
}

// eventFile writes the stored payload name with edit applied.
func eventFile(t *testing.T, name string, edit func(ev map[string]any)) string {
	t.Helper()
	var ev map[string]any
	if err := json.Unmarshal([]byte(readFile(t, filepath.Join(root(t), "testdata", "github-events", name))), &ev); err != nil {
		t.Fatal(err)
	}
	edit(ev)
	b, _ := json.Marshal(ev)
	p := filepath.Join(t.TempDir(), "event.json")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func obj(v any, keys ...string) map[string]any {
	m := v.(map[string]any)
	for _, k := range keys {
		m = m[k].(map[string]any)
	}
	return m
}

// pushEvent is the stored push payload made a push of r's head onto its
// base, on branch changes.
func pushEvent(t *testing.T, r testRepo) string {
	return eventFile(t, "push_payload.json", func(ev map[string]any) {
		ev["ref"], ev["before"], ev["after"], ev["deleted"] = "refs/heads/changes", r.base, r.head, false
	})
}

// prEvent adapts a stored pull_request payload to the test repository.
func prEvent(t *testing.T, name string, r testRepo, headRepo string) string {
	return eventFile(t, name, func(ev map[string]any) {
		pr := obj(ev, "pull_request")
		obj(pr, "base")["sha"] = r.base
		obj(pr, "head")["sha"] = r.head
		obj(pr, "head", "repo")["full_name"] = headRepo
		ev["number"] = float64(prNumber)
		pr["number"] = float64(prNumber)
	})
}

// actionRun is one run of the action against the fake.
type actionRun struct {
	exit    int
	stdout  string
	summary string
	outputs map[string]string
	sleeps  []time.Duration
}

func runAction(t *testing.T, r testRepo, gh *fakeGitHub, eventName, eventPath string, inputs map[string]string, ch Checker) actionRun {
	t.Helper()
	return runActionEnv(t, r, gh, eventName, eventPath, inputs, ch, nil)
}

// runActionEnv is runAction with environment variables overridden ("" unsets).
func runActionEnv(t *testing.T, r testRepo, gh *fakeGitHub, eventName, eventPath string, inputs map[string]string, ch Checker, override map[string]string) actionRun {
	t.Helper()
	return runEnv(t, r, gh, eventName, eventPath, inputs, ch, override, func(e Env) int { return Run(context.Background(), e, ch) })
}

// runPublish is `prbmc publish` with opts in the action's environment.
func runPublish(t *testing.T, r testRepo, gh *fakeGitHub, eventName, eventPath string, inputs map[string]string, opts PublishOptions) actionRun {
	t.Helper()
	return runEnv(t, r, gh, eventName, eventPath, inputs, nil, nil, func(e Env) int { return Publish(context.Background(), e, opts) })
}

// runEnv runs call in the action's environment against the fake.
func runEnv(t *testing.T, r testRepo, gh *fakeGitHub, eventName, eventPath string, inputs map[string]string, ch Checker, override map[string]string, call func(Env) int) actionRun {
	t.Helper()
	tmp := t.TempDir()
	env := map[string]string{
		"GITHUB_ACTIONS": "true", "GITHUB_EVENT_NAME": eventName, "GITHUB_EVENT_PATH": eventPath,
		"GITHUB_REPOSITORY": owner + "/" + repoName, "GITHUB_WORKSPACE": r.dir, "GITHUB_API_URL": gh.APIURL(),
		"GITHUB_OUTPUT": filepath.Join(tmp, "output"), "GITHUB_STEP_SUMMARY": filepath.Join(tmp, "summary"),
		"GITHUB_SHA": r.head, "GITHUB_REF": "refs/pull/2/merge", "GITHUB_RUN_ID": "77",
	}
	// The runner sets every input, to its default when the workflow
	// does not.
	for name, def := range Defaults {
		if name == "github-token" {
			def = testToken
		}
		env["INPUT_"+strings.ToUpper(name)] = def
	}
	for k, v := range inputs {
		env["INPUT_"+strings.ToUpper(k)] = v
	}
	for k, v := range override {
		env[k] = v
	}
	if fc, ok := ch.(*fakeChecker); ok {
		fc.leak = env["INPUT_GITHUB-TOKEN"]
	}
	var out bytes.Buffer
	var run actionRun
	getenv := func(k string) string { return env[k] }
	if fc, ok := ch.(*fakeChecker); ok {
		fc.getenv = getenv
	}
	e := Env{Getenv: getenv, Stdout: &out, Version: "test",
		Sleep: func(_ context.Context, d time.Duration) error { run.sleeps = append(run.sleeps, d); return nil },
		// As ScrubProcessEnv does to the process's environment.
		Scrub: func() {
			for k := range env {
				if isSecretVar(k) {
					delete(env, k)
				}
			}
		}}
	run.exit = call(e)
	run.stdout = out.String()
	if b, err := os.ReadFile(env["GITHUB_STEP_SUMMARY"]); err == nil {
		run.summary = string(b)
	}
	if st, err := os.Stat(env["GITHUB_OUTPUT"]); err == nil && !st.IsDir() {
		run.outputs = parseOutputs(t, env["GITHUB_OUTPUT"])
	}
	for what, s := range map[string]string{"log": run.stdout, "job summary": run.summary, "outputs": fmt.Sprint(run.outputs)} {
		if strings.Contains(s, testToken) {
			t.Errorf("the token appears in the %s", what)
		}
	}
	return run
}

// parseOutputs reads a GITHUB_OUTPUT file (name<<DELIM, value, DELIM).
func parseOutputs(t *testing.T, path string) map[string]string {
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		name, delim, ok := strings.Cut(lines[i], "<<")
		if !ok {
			t.Fatalf("output file line %q is not name<<delimiter", lines[i])
		}
		var val []string
		for i++; i < len(lines) && lines[i] != delim; i++ {
			val = append(val, lines[i])
		}
		out[name] = strings.Join(val, "\n")
	}
	return out
}

// requestLines are "METHOD path?query → status" of each request, the API
// prefix cut.
func requestLines(rs []fakeRequest) []string {
	var out []string
	for _, r := range rs {
		l := r.Method + " " + strings.TrimPrefix(r.Path, "/api/v3/repos/"+owner+"/"+repoName)
		if r.Query != "" {
			l += "?" + r.Query
		}
		out = append(out, fmt.Sprintf("%s → %d", l, r.Status))
	}
	return out
}

// decodeSarif decodes an upload's log and validates it against the schema.
func decodeSarif(t *testing.T, b64 string) []byte {
	t.Helper()
	gz, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatalf("sarif is not base64: %v", err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatalf("sarif is not gzip: %v", err)
	}
	log, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	sariftest.Validate(t, log)
	return log
}

type sarifLog struct {
	Runs []struct {
		AutomationDetails struct {
			ID string `json:"id"`
		} `json:"automationDetails"`
		Results []struct {
			RuleID    string            `json:"ruleId"`
			Level     string            `json:"level"`
			Kind      string            `json:"kind"`
			Finger    map[string]string `json:"partialFingerprints"`
			Locations []struct {
				Physical struct {
					Artifact struct {
						URI       string `json:"uri"`
						URIBaseID string `json:"uriBaseId"`
					} `json:"artifactLocation"`
					Region struct {
						StartLine int `json:"startLine"`
					} `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
		} `json:"results"`
	} `json:"runs"`
}

// failures are "uri:line fingerprint" of the log's failing results.
func failures(t *testing.T, log []byte) map[string]string {
	t.Helper()
	var l sarifLog
	if err := json.Unmarshal(log, &l); err != nil {
		t.Fatal(err)
	}
	if len(l.Runs) != 1 || l.Runs[0].AutomationDetails.ID != Category {
		t.Fatalf("want one run of category %q, got %+v", Category, l.Runs)
	}
	out := map[string]string{}
	for _, r := range l.Runs[0].Results {
		if r.Kind != "fail" {
			continue
		}
		loc := r.Locations[0].Physical
		if loc.Artifact.URIBaseID != "%SRCROOT%" {
			t.Errorf("%s: uriBaseId %q", loc.Artifact.URI, loc.Artifact.URIBaseID)
		}
		out[fmt.Sprintf("%s:%d", loc.Artifact.URI, loc.Region.StartLine)] = r.Finger["prbmcProperty/v1"]
	}
	return out
}

func wantContains(t *testing.T, what, s string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(s, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, s)
		}
	}
}

func wantRequests(t *testing.T, got []fakeRequest, want []string) {
	t.Helper()
	if g := requestLines(got); !reflect.DeepEqual(g, want) {
		t.Errorf("requests:\n  %s\nwant:\n  %s", strings.Join(g, "\n  "), strings.Join(want, "\n  "))
	}
}

// TestActionPullRequest runs the action twice on a pull request (opened,
// then synchronize) against the fake API and checks every request, the
// review, the sticky comment, the SARIF upload, the outputs and the job
// summary.
func TestActionPullRequest(t *testing.T) {
	r := newTestRepo(t)
	gh := newFakeGitHub(t, owner, repoName, prNumber, r.head, testToken, r.diff)
	gh.noPatch["src/big.c"] = true // as GitHub does for a large diff
	gh.fail502Once = "POST /repos/" + owner + "/" + repoName + "/pulls/2/reviews"
	for i := 1; i <= 3; i++ { // humans were here first: two pages of each list
		gh.addIssueComment("octocat", fmt.Sprintf("LGTM %d", i))
		gh.addReviewComment("octocat", "src/ring.c", 18, fmt.Sprintf("nit %d", i))
	}
	ch := &fakeChecker{out: outcome(t)}
	inputs := map[string]string{"paths": "src/**/*.c\nlib/*.c", "function-timeout": "30s", "time-budget": "5m", "max-k": "8", "checks": "assertions, overflow"}

	run := runAction(t, r, gh, "pull_request", prEvent(t, "pull_request_opened.payload.json", r, owner+"/"+repoName), inputs, ch)

	// The checker was asked for the pull request's range with the inputs.
	want := CheckRequest{RepoDir: r.dir, Base: r.base, Head: r.head, Paths: []string{"src/**/*.c", "lib/*.c"},
		FunctionTimeout: 30 * time.Second, TimeBudget: 5 * time.Minute, MaxK: 8, Checks: []string{"assertions", "overflow"}, CallerDepth: 2}
	if len(ch.reqs) != 1 || !reflect.DeepEqual(ch.reqs[0], want) {
		t.Fatalf("checker requests %+v, want %+v", ch.reqs, want)
	}
	if !ch.hadDead {
		t.Error("the check ran without a deadline despite a time budget")
	}
	if ch.tokenSeen {
		t.Error("the token input was still in the environment when the check ran")
	}
	wantRequests(t, gh.takeRequests(), []string{
		"GET /pulls/2/files?per_page=100 → 200",
		"GET /pulls/2/files?page=2&per_page=100 → 200",
		"GET /pulls/2/comments?per_page=100 → 200",
		"GET /pulls/2/comments?page=2&per_page=100 → 200",
		"POST /pulls/2/reviews → 502", // retried
		"POST /pulls/2/reviews → 422", // big.c:40 is outside the diff
		"POST /pulls/2/reviews → 200", // the comment on the diff alone
		"GET /issues/2/comments?per_page=100 → 200",
		"GET /issues/2/comments?page=2&per_page=100 → 200",
		"POST /issues/2/comments → 201",
		"POST /code-scanning/sarifs → 202",
		"GET /code-scanning/sarifs/sarif-1 → 200", // processed
	})
	if !reflect.DeepEqual(run.sleeps, []time.Duration{time.Second}) {
		t.Errorf("backoff sleeps %v, want one of 1s (after the 502)", run.sleeps)
	}

	// The SARIF log: uploaded for the head commit, valid, the same as the file.
	if len(gh.sarifs) != 1 {
		t.Fatalf("%d SARIF uploads", len(gh.sarifs))
	}
	up := gh.sarifs[0]
	if up.CommitSHA != r.head || up.Ref != "refs/pull/2/head" || up.ToolName != "prbmc" {
		t.Errorf("upload commit %s ref %s tool %s", up.CommitSHA, up.Ref, up.ToolName)
	}
	log := decodeSarif(t, up.Sarif)
	if file := readFile(t, filepath.Join(r.dir, run.outputs["sarif-file"])); file != string(log) {
		t.Error("the SARIF file differs from the upload")
	}
	fails := failures(t, log)
	if len(fails) != 3 || fails["src/ring.c:24"] == "" || fails["src/array.c:14"] == "" || fails["src/big.c:40"] == "" {
		t.Fatalf("SARIF failures %v", fails)
	}

	// One review, one comment: on the added line, marked with the SARIF
	// result's fingerprint.
	if len(gh.reviews) != 1 {
		t.Fatalf("%d reviews", len(gh.reviews))
	}
	rv := gh.reviews[0]
	if rv.Event != "COMMENT" || rv.CommitID != r.head || len(rv.Comments) != 1 {
		t.Fatalf("review %+v", rv)
	}
	c := rv.Comments[0]
	if c.Path != "src/array.c" || c.Line != 14 || c.Side != "RIGHT" || c.Position != nil {
		t.Errorf("comment at %s:%d %s", c.Path, c.Line, c.Side)
	}
	wantContains(t, "the inline comment", c.Body,
		"<!-- prbmc:violation "+fails["src/array.c:14"]+" -->\n",
		"**❌ prbmc: error location reachable**",
		"**What can fail:** the error location `reach_error()` in `main` at `src/array.c:14`.",
		"The trace was replayed on prbmc's concrete interpreter",
		"prbmc check --base "+r.base[:12]+" --paths src/array.c")
	wantContains(t, "the review body", rv.Body, "1 check that can fail")

	// The summary comment: everything, the two findings off the diff in full.
	var ours []fakeComment
	for _, ic := range gh.issueComments {
		if strings.HasPrefix(ic.Body, "<!-- prbmc:summary -->") {
			ours = append(ours, ic)
		}
	}
	if len(ours) != 1 {
		t.Fatalf("%d summary comments", len(ours))
	}
	first := ours[0]
	wantContains(t, "the summary comment", first.Body,
		"### prbmc: 3 of 5 functions can fail",
		"| ❌ can fail | <code>rb_push</code> | <code>src/ring.c:17</code>",
		"| ✅ proved safe | <code>rb_pop</code>",
		"| ⚠️ bounded(3) | <code>spin</code>",
		"- ⏭️ `big_tail` at `src/big.c:50`: the time budget (5m0s) ran out before its turn",
		"- ⏭️ `rb_reset` at `src/ring.c`: removed",
		"**Findings not on a line this pull request changed**",
		"<details><summary>❌ assertion can fail in <code>rb_push</code> at <code>src/ring.c:24</code></summary>",
		"<!-- prbmc:violation "+fails["src/ring.c:24"]+" -->",
		"<details><summary>❌ overflow check can fail in <code>big_sum</code> at <code>src/big.c:40</code></summary>",
		"**Totals:** 5 functions checked · 1 proved safe · 3 can fail · 1 bounded · 2 not checked")
	if strings.Contains(first.Body, "prbmc:violation "+fails["src/array.c:14"]) {
		t.Error("the summary repeats the inline comment in full")
	}
	if len(first.Body) > 65536 {
		t.Errorf("summary comment of %d bytes", len(first.Body))
	}

	// Job summary, annotations, outputs, exit status.
	wantContains(t, "the job summary", run.summary, "### prbmc: 3 of 5 functions can fail", "**Findings not on a line this pull request changed**",
		"**Notices**", "GitHub refused 1 inline comment in files it sent no patch for (422): they are in the summary instead.")
	wantContains(t, "the log", run.stdout,
		"::group::prbmc: checking the functions changed in "+r.base[:12]+".."+r.head[:12],
		"::endgroup::", "::group::prbmc: publishing",
		"::error col=16,file=src/array.c,line=14,title=prbmc%3A error location reachable::main: reach_error() can fail",
		"::error col=2,file=src/ring.c,line=24,title=prbmc%3A assertion can fail::rb_push: r->count <= CAP can fail",
		"::error col=39,file=src/big.c,line=40,title=prbmc%3A overflow check can fail::big_sum: total + v[i] can fail",
		"::warning file=src/big.c,line=50,title=prbmc%3A not checked::big_tail: not checked: the time budget ran out",
		"fake checker: token ***", "retrying in 1s",
		"::error::prbmc: 3 functions can fail (fail-on: unsafe)")
	wantOutputs := map[string]string{"sarif-file": SarifFileName, "results-file": ResultsFileName, "unsafe": "3", "safe": "1", "bounded": "1", "unknown": "1", "notes": "0", "sarif-id": "sarif-1"}
	if !reflect.DeepEqual(run.outputs, wantOutputs) {
		t.Errorf("outputs %v, want %v", run.outputs, wantOutputs)
	}
	if run.exit != ExitFail {
		t.Errorf("exit %d, want %d", run.exit, ExitFail)
	}

	// Second run (synchronize): big_tail is now checked. No new review
	// comment for the violation already commented on; the summary comment
	// is edited in place.
	out2 := outcome(t)
	out2.NotChecked = out2.NotChecked[1:]
	out2.Functions = append(out2.Functions, report.FunctionResult{Name: "big_tail", File: "src/big.c", Line: 50, Result: realResult(t, "ringbuf_fixed", "src/big.c")})
	ch.out = out2
	run2 := runAction(t, r, gh, "pull_request", prEvent(t, "pull_request_synchronize.payload.json", r, owner+"/"+repoName), map[string]string{"fail-on": "never"}, ch)
	wantRequests(t, gh.takeRequests(), []string{
		"GET /pulls/2/files?per_page=100 → 200",
		"GET /pulls/2/files?page=2&per_page=100 → 200",
		"GET /pulls/2/comments?per_page=100 → 200",
		"GET /pulls/2/comments?page=2&per_page=100 → 200",
		"POST /pulls/2/reviews → 422", // big.c:40 tried again (no patch), array.c:14 not repeated
		"GET /issues/2/comments?per_page=100 → 200",
		"GET /issues/2/comments?page=2&per_page=100 → 200",
		fmt.Sprintf("PATCH /issues/comments/%d → 200", first.ID),
		"POST /code-scanning/sarifs → 202",
		"GET /code-scanning/sarifs/sarif-2 → 200",
	})
	if len(gh.reviews) != 1 {
		t.Errorf("%d reviews after the second run, want still 1", len(gh.reviews))
	}
	ours = nil
	for _, ic := range gh.issueComments {
		if strings.HasPrefix(ic.Body, "<!-- prbmc:summary -->") {
			ours = append(ours, ic)
		}
	}
	if len(ours) != 1 || ours[0].ID != first.ID {
		t.Fatalf("summary comments after the second run: %+v", ours)
	}
	wantContains(t, "the edited summary comment", ours[0].Body, "### prbmc: 3 of 6 functions can fail", "<code>big_tail</code>")
	if strings.Contains(ours[0].Body, "ran out") {
		t.Error("the edited summary still lists big_tail as not checked")
	}
	wantContains(t, "the second job summary", run2.summary,
		"GitHub refused the inline comments (POST "+gh.APIURL()+"/repos/Codertocat/Hello-World/pulls/2/reviews: 422 Unprocessable Entity: Line could not be resolved []): they are in the summary instead.")
	if i, j := strings.Index(ours[0].Body, "in <code>rb_push</code> at"), strings.Index(ours[0].Body, "in <code>big_sum</code> at"); i < 0 || j < i {
		t.Error("the findings off the diff are not in the run's order")
	}
	if run2.exit != ExitOK || run2.outputs["unknown"] != "0" || run2.outputs["safe"] != "2" {
		t.Errorf("second run: exit %d outputs %v", run2.exit, run2.outputs)
	}
}

// TestActionReadOnlyToken: a fork's pull request, whose token may read but
// not write: every write is refused with 403, and the action falls back
// to the job summary and the SARIF file, with notices, without crashing.
func TestActionReadOnlyToken(t *testing.T) {
	r, gh, ch := newFakes(t)
	gh.readOnly = true
	run := runAction(t, r, gh, "pull_request", prEvent(t, "pull_request_opened.payload.json", r, "forker/Hello-World"), nil, ch)
	wantRequests(t, gh.takeRequests(), []string{
		"GET /pulls/2/files?per_page=100 → 200",
		"GET /pulls/2/files?page=2&per_page=100 → 200",
		"GET /pulls/2/comments?per_page=100 → 200",
		"POST /pulls/2/reviews → 403",
		"GET /issues/2/comments?per_page=100 → 200",
		"POST /issues/2/comments → 403",
		"POST /code-scanning/sarifs → 403",
	})
	if run.exit != ExitFail { // fail-on unsafe still decides
		t.Errorf("exit %d", run.exit)
	}
	wantContains(t, "the job summary", run.summary,
		"### prbmc: 3 of 5 functions can fail",
		"<details><summary>❌ error location reachable in <code>main</code> at <code>src/array.c:14</code></summary>", // every finding in full
		"<details><summary>❌ assertion can fail in <code>rb_push</code> at <code>src/ring.c:24</code></summary>",
		"**Notices**",
		"The token may not post a review (GitHub answered 403); the workflow needs `permissions: pull-requests: write`; a pull request from a fork gets a read-only token",
		"The token may not upload to code scanning (GitHub answered 403); the workflow needs `permissions: security-events: write`")
	wantContains(t, "the log", run.stdout, "::notice::prbmc: The token may not post a review")
	sariftest.Validate(t, []byte(readFile(t, filepath.Join(r.dir, run.outputs["sarif-file"]))))
	if run.outputs["unsafe"] != "3" {
		t.Errorf("outputs %v", run.outputs)
	}
}

// TestActionShard: with the shard input the action checks that shard (the
// request carries it, and so does the results file) and posts nothing to
// GitHub: the shards' files are merged and published once.
func TestActionShard(t *testing.T) {
	r, gh, ch := newFakes(t)
	run := runAction(t, r, gh, "pull_request", prEvent(t, "pull_request_opened.payload.json", r, owner+"/"+repoName),
		map[string]string{"shard": "2/3", "fail-on": "never"}, ch)
	if run.exit != ExitOK {
		t.Fatalf("exit %d\n%s", run.exit, run.stdout)
	}
	if len(ch.reqs) != 1 || ch.reqs[0].Shard == nil || *ch.reqs[0].Shard != (results.Shard{Index: 2, Count: 3}) {
		t.Fatalf("check requests %+v, want one of shard 2/3", ch.reqs)
	}
	wantRequests(t, gh.takeRequests(), nil)
	wantContains(t, "the log", run.stdout, "prbmc: shard 2/3: nothing is posted to GitHub")
	if run.outputs["results-file"] == "" || run.outputs["unsafe"] != "3" {
		t.Fatalf("outputs %v: want the results file and the shard's counts", run.outputs)
	}
	f, err := results.Decode(strings.NewReader(readFile(t, filepath.Join(r.dir, run.outputs["results-file"]))))
	if err != nil {
		t.Fatal(err)
	}
	if f.Shard == nil || f.Shard.String() != "2/3" {
		t.Errorf("results file: shard %v, want 2/3", f.Shard)
	}
}

// TestActionPush: a push compares the pushed range and publishes only to
// code scanning; a push that deletes a ref has nothing to check.
func TestActionPush(t *testing.T) {
	r, gh, ch := newFakes(t)
	ev := pushEvent(t, r)
	run := runAction(t, r, gh, "push", ev, map[string]string{"fail-on": "never"}, ch)
	wantRequests(t, gh.takeRequests(), []string{"POST /code-scanning/sarifs → 202", "GET /code-scanning/sarifs/sarif-1 → 200"})
	if len(ch.reqs) != 1 || ch.reqs[0].Base != r.base || ch.reqs[0].Head != r.head {
		t.Errorf("checker requests %+v", ch.reqs)
	}
	if up := gh.sarifs[0]; up.Ref != "refs/heads/changes" || up.CommitSHA != r.head {
		t.Errorf("upload ref %s commit %s", up.Ref, up.CommitSHA)
	}
	if run.exit != ExitOK {
		t.Errorf("exit %d with fail-on never", run.exit)
	}
	wantContains(t, "the job summary", run.summary, "**Findings**", "<details><summary>❌ error location reachable in <code>main</code> at <code>src/array.c:14</code></summary>")

	// The stored payload as is: a deleted tag.
	ch.reqs = nil
	run = runAction(t, r, gh, "push", filepath.Join(root(t), "testdata", "github-events", "push_payload.json"), nil, ch)
	if len(ch.reqs) != 0 || len(gh.takeRequests()) != 0 || run.exit != ExitOK {
		t.Errorf("deleted tag: %d checks, exit %d", len(ch.reqs), run.exit)
	}
	wantContains(t, "the log", run.stdout, "::notice::prbmc: nothing to check: the push deleted refs/tags/simple-tag")
	wantContains(t, "the job summary", run.summary, "### prbmc: nothing to check\n\nThe push deleted refs/tags/simple-tag.")
	if run.outputs["unsafe"] != "0" || run.outputs["sarif-file"] != "" {
		t.Errorf("deleted tag outputs %v", run.outputs)
	}
}

// TestActionCategory: two jobs checking different paths upload under
// different categories (runAutomationDetails.id, which GitHub keys the
// replacement of alerts on), so neither closes the other's alerts.
func TestActionCategory(t *testing.T) {
	r, gh, ch := newFakes(t)
	ev := pushEvent(t, r)
	for _, job := range []struct{ paths, category string }{{"src/**/*.c", "prbmc/src"}, {"lib/*.c", "prbmc/lib/"}} {
		run := runAction(t, r, gh, "push", ev, map[string]string{"fail-on": "never", "paths": job.paths, "category": job.category}, ch)
		if run.exit != ExitOK {
			t.Fatalf("category %s: exit %d\n%s", job.category, run.exit, run.stdout)
		}
	}
	bad := runAction(t, r, gh, "push", ev, map[string]string{"category": "prbmc\nlib"}, ch)
	if bad.exit != ExitUsage {
		t.Errorf("a category with a newline: exit %d", bad.exit)
	}
	wantContains(t, "the log", bad.stdout, "::error::prbmc: input category: ")
	if len(gh.sarifs) != 2 {
		t.Fatalf("%d uploads, want 2", len(gh.sarifs))
	}
	for i, want := range []string{"prbmc/src/", "prbmc/lib/"} {
		var l sarifLog
		if err := json.Unmarshal(decodeSarif(t, gh.sarifs[i].Sarif), &l); err != nil {
			t.Fatal(err)
		}
		if len(l.Runs) != 1 || l.Runs[0].AutomationDetails.ID != want {
			t.Errorf("upload %d: runAutomationDetails %+v, want id %q", i, l.Runs, want)
		}
	}
}

// TestActionWaitForProcessing: after the upload the action polls its
// processing status with backoff, for at most two minutes of sleeps; a
// log code scanning could not process is one error annotation naming
// GitHub's errors, a notice in the job summary, and no change to the exit
// status.
func TestActionWaitForProcessing(t *testing.T) {
	r := newTestRepo(t)
	ch := &fakeChecker{out: outcome(t)}
	ev := pushEvent(t, r)
	poll := "GET /code-scanning/sarifs/sarif-1"
	for _, tc := range []struct {
		name     string
		statuses []string
		errors   []string
		inputs   map[string]string
		polls    []string
		sleeps   []time.Duration
		log      []string
		summary  []string
		sarifID  string
	}{
		{name: "pending, then complete", statuses: []string{"404", "pending", "pending", "complete"},
			polls:  []string{poll + " → 404", poll + " → 200", poll + " → 200", poll + " → 200"},
			sleeps: []time.Duration{2 * time.Second, 4 * time.Second, 8 * time.Second},
			log:    []string{"prbmc: code scanning processed the SARIF upload sarif-1"}, sarifID: "sarif-1"},
		{name: "failed", statuses: []string{"pending", "failed"}, errors: []string{"locationFromSarifResult: expected artifact location", "run 1: bad\nuri"},
			polls: []string{poll + " → 200", poll + " → 200"}, sleeps: []time.Duration{2 * time.Second},
			log:     []string{"::error::prbmc: Code scanning could not process the SARIF upload sarif-1: locationFromSarifResult: expected artifact location; run 1: bad uri. Its alerts are not updated"},
			summary: []string{"**Notices**", "- Code scanning could not process the SARIF upload sarif-1: locationFromSarifResult"}, sarifID: "sarif-1"},
		{name: "still pending after two minutes", statuses: []string{"pending"},
			polls:   []string{poll + " → 200", poll + " → 200", poll + " → 200", poll + " → 200", poll + " → 200", poll + " → 200", poll + " → 200", poll + " → 200"},
			sleeps:  []time.Duration{2 * time.Second, 4 * time.Second, 8 * time.Second, 16 * time.Second, 30 * time.Second, 30 * time.Second, 30 * time.Second},
			log:     []string{"::notice::prbmc: Code scanning had not processed the SARIF upload sarif-1 after 2m0s (status pending)"},
			summary: []string{"not waiting longer"}, sarifID: "sarif-1"},
		{name: "not waiting", statuses: []string{"pending"}, inputs: map[string]string{"wait-for-processing": "false"}, sarifID: "sarif-1"},
		{name: "no upload", inputs: map[string]string{"sarif-upload": "false"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gh := newFakeGitHub(t, owner, repoName, prNumber, r.head, testToken, r.diff)
			gh.sarifStatuses, gh.sarifErrors = tc.statuses, tc.errors
			inputs := map[string]string{"fail-on": "never"}
			for k, v := range tc.inputs {
				inputs[k] = v
			}
			run := runAction(t, r, gh, "push", ev, inputs, ch)
			want := tc.polls
			if tc.sarifID != "" {
				want = append([]string{"POST /code-scanning/sarifs → 202"}, want...)
			}
			wantRequests(t, gh.takeRequests(), want)
			var sum time.Duration
			for _, d := range run.sleeps {
				sum += d
			}
			if !reflect.DeepEqual(run.sleeps, tc.sleeps) || sum > maxProcessingWait {
				t.Errorf("sleeps %v (%s), want %v", run.sleeps, sum, tc.sleeps)
			}
			if run.exit != ExitOK {
				t.Errorf("exit %d: only fail-on decides it", run.exit)
			}
			if got := run.outputs["sarif-id"]; got != tc.sarifID {
				t.Errorf("output sarif-id %q, want %q", got, tc.sarifID)
			}
			wantContains(t, "the log", run.stdout, tc.log...)
			wantContains(t, "the job summary", run.summary, tc.summary...)
			if n := strings.Count(run.stdout, "Code scanning could not process"); tc.name == "failed" && n != 1 {
				t.Errorf("%d lines on the failed processing in the log, want 1 (its error annotation)", n)
			}
		})
	}
}

// TestActionRateLimited: a secondary rate limit (403 with Retry-After)
// and a 429 are waited out and retried, and the run publishes as usual.
func TestActionRateLimited(t *testing.T) {
	r, gh, ch := newFakes(t)
	prefix := "/repos/" + owner + "/" + repoName
	gh.limitOnce = map[string]int{"POST " + prefix + "/issues/2/comments": 429, "POST " + prefix + "/code-scanning/sarifs": 403}
	run := runAction(t, r, gh, "pull_request", prEvent(t, "pull_request_opened.payload.json", r, owner+"/"+repoName), map[string]string{"comment": "summary"}, ch)
	wantRequests(t, gh.takeRequests(), []string{
		"GET /issues/2/comments?per_page=100 → 200",
		"POST /issues/2/comments → 429",
		"POST /issues/2/comments → 201",
		"POST /code-scanning/sarifs → 403",
		"POST /code-scanning/sarifs → 202",
		"GET /code-scanning/sarifs/sarif-1 → 200",
	})
	if want := []time.Duration{time.Second, 3 * time.Second}; !reflect.DeepEqual(run.sleeps, want) {
		t.Errorf("sleeps %v, want %v (a backoff for the 429, Retry-After for the 403)", run.sleeps, want)
	}
	wantContains(t, "the log", run.stdout, "/issues/2/comments: rate limited; retrying in 1s", "/code-scanning/sarifs: secondary rate limit; retrying in 3s")
	if strings.Contains(run.summary, "**Notices**") || len(gh.issueComments) != 1 || len(gh.sarifs) != 1 || run.outputs["sarif-id"] != "sarif-1" {
		t.Errorf("not published as usual: %d comments, %d uploads, outputs %v\n%s", len(gh.issueComments), len(gh.sarifs), run.outputs, run.summary)
	}
}

// TestActionLevel: the level input sets the SARIF level of each class of
// result and whether it is annotated (error and warning are), leaving
// fail-on alone; the default is the levels of before.
func TestActionLevel(t *testing.T) {
	r := newTestRepo(t)
	ev := pushEvent(t, r)
	out := outcome(t)
	note := realResult(t, "ringbuf", "src/ring.c")
	for i := range note.Props {
		if note.Props[i].Verdict == result.Unsafe {
			note.Props[i].Finding, note.Props[i].Note = result.FindingContract, "no caller passes a full buffer."
		}
	}
	note.Verdict = result.Safe // proved once callers keep the note's property
	out.Functions = append(out.Functions,
		report.FunctionResult{Name: "rb_fill", File: "src/ring.c", Line: 17, Result: note},
		report.FunctionResult{Name: "parse", File: "src/big.c", Line: 42, Result: &result.Result{Verdict: result.Unknown, Reason: "timeout at k=8", Entry: "parse"}})
	levels := func(log []byte) []string {
		var l sarifLog
		if err := json.Unmarshal(log, &l); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, res := range l.Runs[0].Results {
			if res.Kind == "fail" {
				got = append(got, res.Level)
			}
		}
		return got
	}
	for _, tc := range []struct {
		name, level string
		sarif       []string // the levels of the results of kind fail
		log, notLog []string
	}{
		{name: "default", level: "", sarif: []string{"error", "error", "error", "note"},
			log:    []string{"::error col=2,file=src/ring.c,line=24,title=prbmc%3A assertion can fail::rb_push: r->count <= CAP can fail"},
			notLog: []string{"note::", "not decided"}},
		{name: "mapped", level: "failure=warning,contract=error,unknown=warning", sarif: []string{"warning", "warning", "warning", "error", "warning"},
			log: []string{"::warning col=2,file=src/ring.c,line=24,title=prbmc%3A assertion can fail::rb_push: r->count <= CAP can fail",
				"::error col=2,file=src/ring.c,line=24,title=prbmc%3A contract note::rb_fill: r->count <= CAP can fail only as the contract note says: no caller passes a full buffer.",
				"::warning file=src/big.c,line=42,title=prbmc%3A not decided::parse: not decided: timeout at k=8",
				"::error::prbmc: 3 functions can fail (fail-on: unsafe)"}},
		{name: "quiet", level: "failure=note", sarif: []string{"note", "note", "note", "note"}, notLog: []string{"title=prbmc%3A assertion can fail"},
			log: []string{"::error::prbmc: 3 functions can fail (fail-on: unsafe)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gh := newFakeGitHub(t, owner, repoName, prNumber, r.head, testToken, r.diff)
			run := runAction(t, r, gh, "push", ev, map[string]string{"level": tc.level}, &fakeChecker{out: out})
			if run.exit != ExitFail {
				t.Errorf("exit %d: fail-on unsafe decides it whatever the levels", run.exit)
			}
			if len(gh.sarifs) != 1 {
				t.Fatalf("%d uploads", len(gh.sarifs))
			}
			if got := levels(decodeSarif(t, gh.sarifs[0].Sarif)); !reflect.DeepEqual(got, tc.sarif) {
				t.Errorf("levels of the failures %v, want %v", got, tc.sarif)
			}
			wantContains(t, "the log", run.stdout, tc.log...)
			for _, s := range tc.notLog {
				if strings.Contains(run.stdout, s) {
					t.Errorf("the log has %q:\n%s", s, run.stdout)
				}
			}
		})
	}
	run := runAction(t, r, newFakeGitHub(t, owner, repoName, prNumber, r.head, testToken, r.diff), "push", ev, map[string]string{"level": "unknown=loud"}, &fakeChecker{out: out})
	if run.exit != ExitUsage || strings.Count(run.stdout, "::error::") != 1 {
		t.Errorf("bad level: exit %d\n%s", run.exit, run.stdout)
	}
	wantContains(t, "the log", run.stdout, `::error::prbmc: input level: "loud" is not a level for unknown: one of error, warning, note, none`)
}

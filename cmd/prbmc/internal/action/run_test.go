package action

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/prbmc/prbmc/report"
	"github.com/prbmc/prbmc/report/results"
)

var errPanic = errors.New("panic")

// TestActionModes runs the action on the test pull request with inputs
// and outcomes that change what is published and how it exits.
func TestActionModes(t *testing.T) {
	r := newTestRepo(t)
	safeOnly := func(t *testing.T) *CheckOutcome {
		return &CheckOutcome{
			Functions:  []report.FunctionResult{{Name: "rb_pop", File: "src/ring.c", Line: 28, Result: realResult(t, "ringbuf_fixed", "src/ring.c")}},
			NotChecked: []Skipped{{File: "src/big.c", Name: "big_tail", Line: 50, Reason: SkipBudget}},
		}
	}
	for _, tc := range []struct {
		name     string
		inputs   map[string]string
		outcome  func(*testing.T) *CheckOutcome
		checkErr error
		exit     int
		requests []string
		log      []string // in the log
		summary  []string // in the job summary
	}{
		{name: "comment summary", inputs: map[string]string{"comment": "summary", "sarif-upload": "false"}, outcome: outcome, exit: ExitFail,
			requests: []string{"GET /issues/2/comments?per_page=100 → 200", "POST /issues/2/comments → 201"},
			summary:  []string{"**Findings**", "<details><summary>❌ error location reachable in <code>main</code> at <code>src/array.c:14</code></summary>"}},
		{name: "comment none", inputs: map[string]string{"comment": "none"}, outcome: outcome, exit: ExitFail,
			requests: []string{"POST /code-scanning/sarifs → 202", "GET /code-scanning/sarifs/sarif-1 → 200"}},
		{name: "fail-on unknown: the budget left a function", inputs: map[string]string{"fail-on": "unknown", "comment": "none", "sarif-upload": "false"},
			outcome: safeOnly, exit: ExitFail, log: []string{"::error::prbmc: 1 function unknown (fail-on: unknown)"},
			summary: []string{"### prbmc: no failures found, but 1 function was not checked"}},
		{name: "fail-on unsafe: the budget left a function", inputs: map[string]string{"comment": "none", "sarif-upload": "false"},
			outcome: safeOnly, exit: ExitOK},
		{name: "no token", inputs: map[string]string{"github-token": ""}, outcome: outcome, exit: ExitFail,
			summary: []string{"No github-token: nothing is posted to GitHub"}},
		{name: "bad input", inputs: map[string]string{"fail-on": "sometimes"}, exit: ExitUsage,
			log: []string{`::error::prbmc: input fail-on: "sometimes" is not one of unsafe, contract, unknown, never`}},
		{name: "checker overruns the budget", inputs: map[string]string{"time-budget": "2m"}, checkErr: context.DeadlineExceeded, exit: ExitFail,
			log: []string{"::error::prbmc: checking: the checker did not stop within the time budget (2m0s) and returned nothing: context deadline exceeded"}},
		{name: "checker panics", checkErr: errPanic, exit: ExitFail, log: []string{"::error::prbmc: internal error: index out of range"}},
		{name: "checker fails", inputs: map[string]string{"compile-commands": "nope.json"}, checkErr: errors.New("nope.json: no such file"), exit: ExitFail,
			log: []string{"::error::prbmc: checking: nope.json: no such file"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gh := newFakeGitHub(t, owner, repoName, prNumber, r.head, testToken, r.diff)
			var ch Checker = &fakeChecker{}
			if tc.outcome != nil {
				ch = &fakeChecker{out: tc.outcome(t)}
			}
			if tc.checkErr != nil {
				ch = CheckerFunc(func(context.Context, CheckRequest, io.Writer) (*results.File, error) {
					if tc.checkErr == errPanic {
						panic("index out of range")
					}
					return nil, tc.checkErr
				})
			}
			inputs := map[string]string{}
			for k, v := range tc.inputs {
				inputs[k] = v
			}
			run := runActionEnv(t, r, gh, "pull_request", prEvent(t, "pull_request_opened.payload.json", r, owner+"/"+repoName), inputs, ch, nil)
			if run.exit != tc.exit {
				t.Errorf("exit %d, want %d\n%s", run.exit, tc.exit, run.stdout)
			}
			wantRequests(t, gh.takeRequests(), tc.requests)
			wantContains(t, "the log", run.stdout, tc.log...)
			wantContains(t, "the job summary", run.summary, tc.summary...)
		})
	}
}

// TestActionEnvironment: outside GitHub Actions, or with the runner's
// files unwritable, the action explains and does not crash.
func TestActionEnvironment(t *testing.T) {
	r := newTestRepo(t)
	gh := newFakeGitHub(t, owner, repoName, prNumber, r.head, testToken, r.diff)
	ev := prEvent(t, "pull_request_opened.payload.json", r, owner+"/"+repoName)

	run := runActionEnv(t, r, gh, "pull_request", ev, nil, &fakeChecker{out: outcome(t)}, map[string]string{"GITHUB_REPOSITORY": ""})
	if run.exit != ExitUsage || !strings.Contains(run.stdout, "::error::prbmc: GITHUB_REPOSITORY is not set") {
		t.Errorf("no repository: exit %d\n%s", run.exit, run.stdout)
	}
	run = runActionEnv(t, r, gh, "pull_request", filepath.Join(t.TempDir(), "missing.json"), nil, &fakeChecker{out: outcome(t)}, nil)
	if run.exit != ExitUsage || !strings.Contains(run.stdout, "has no pull_request with base and head commits") {
		t.Errorf("missing event file: exit %d\n%s", run.exit, run.stdout)
	}
	gh.takeRequests()

	// The job summary and output files cannot be written (directories).
	dir := t.TempDir()
	run = runActionEnv(t, r, gh, "pull_request", ev, map[string]string{"comment": "none", "sarif-upload": "false"}, &fakeChecker{out: outcome(t)},
		map[string]string{"GITHUB_STEP_SUMMARY": dir, "GITHUB_OUTPUT": dir})
	if run.exit != ExitFail { // fail-on unsafe, as if the files were fine
		t.Errorf("unwritable files: exit %d", run.exit)
	}
	wantContains(t, "the log", run.stdout, "::warning::prbmc: could not write the job summary", "::warning::prbmc: could not set the outputs")
	if _, err := os.Stat(filepath.Join(r.dir, SarifFileName)); err != nil {
		t.Errorf("no SARIF file: %v", err)
	}
}

// TestActionManyFailures: 120 failing functions on a changed line. The
// review carries the first 50, the summary comment stays under GitHub's
// limit, and the annotations stop at what GitHub shows.
func TestActionManyFailures(t *testing.T) {
	r := newTestRepo(t)
	gh := newFakeGitHub(t, owner, repoName, prNumber, r.head, testToken, r.diff)
	o := &CheckOutcome{}
	for i := 0; i < 120; i++ {
		res := realResult(t, "ringbuf", "src/ring.c") // a long trace
		name := fmt.Sprintf("f%03d", i)
		res.Props[0].Func = name
		res.Props[0].Location.Line = 19 // a changed line
		o.Functions = append(o.Functions, report.FunctionResult{Name: name, File: "src/ring.c", Line: 17, Result: res})
	}
	run := runAction(t, r, gh, "pull_request", prEvent(t, "pull_request_opened.payload.json", r, owner+"/"+repoName),
		map[string]string{"sarif-upload": "false"}, &fakeChecker{out: o})
	if len(gh.reviews) != 1 || len(gh.reviews[0].Comments) != maxInline {
		t.Fatalf("%d reviews, want one of %d comments", len(gh.reviews), maxInline)
	}
	for _, c := range gh.reviews[0].Comments {
		if c.Path != "src/ring.c" || c.Line != 19 || len(c.Body) > 65536 {
			t.Errorf("comment at %s:%d of %d bytes", c.Path, c.Line, len(c.Body))
		}
	}
	var summary string
	for _, c := range gh.issueComments {
		summary = c.Body
	}
	if len(summary) > 65536 || !strings.HasPrefix(summary, "<!-- prbmc:summary -->") {
		t.Fatalf("summary comment of %d bytes", len(summary))
	}
	wantContains(t, "the summary comment", summary, "### prbmc: 120 of 120 functions can fail", "more; see the SARIF log.",
		"**Totals:** 120 functions checked · 120 can fail")
	if n := strings.Count(run.stdout, "::error col=2,file=src/ring.c,line=19,"); n != maxAnnotations {
		t.Errorf("%d annotations, want %d", n, maxAnnotations)
	}
	wantContains(t, "the log", run.stdout, "::notice::prbmc: 110 more failing checks; see the job summary")
	if run.outputs["unsafe"] != "120" {
		t.Errorf("outputs %v", run.outputs)
	}
}

func TestBudgetContext(t *testing.T) {
	for _, tc := range []struct{ budget, want time.Duration }{
		{0, 0},
		{20 * time.Second, 25 * time.Second}, // grace at least 5s
		{10 * time.Minute, 11 * time.Minute}, // a tenth
		{60 * time.Minute, 61 * time.Minute}, // at most a minute
	} {
		ctx, cancel := budgetContext(context.Background(), tc.budget)
		dl, ok := ctx.Deadline()
		cancel()
		if ok != (tc.want > 0) || ok && (time.Until(dl) > tc.want || time.Until(dl) < tc.want-time.Second) {
			t.Errorf("budget %s: deadline in %s (%v), want %s", tc.budget, time.Until(dl), ok, tc.want)
		}
	}
}

// TestActionLongTraceOffDiff: a finding off the diff whose trace alone is
// larger than a comment may be still appears in the summary, its trace
// cut, with a pointer to the SARIF alert.
func TestActionLongTraceOffDiff(t *testing.T) {
	r := newTestRepo(t)
	gh := newFakeGitHub(t, owner, repoName, prNumber, r.head, testToken, r.diff)
	res := realResult(t, "ringbuf", "src/ring.c")
	tr := res.Props[0].Trace
	for len(tr.Steps) < 20000 {
		tr.Steps = append(tr.Steps, tr.Steps[:min(len(tr.Steps), 20000-len(tr.Steps))]...)
	}
	res.Props[0].Location.Line = 24 // not on the diff
	o := &CheckOutcome{Functions: []report.FunctionResult{{Name: "rb_push", File: "src/ring.c", Line: 17, Result: res}}}
	runAction(t, r, gh, "pull_request", prEvent(t, "pull_request_opened.payload.json", r, owner+"/"+repoName),
		map[string]string{"sarif-upload": "false"}, &fakeChecker{out: o})
	var summary string
	for _, c := range gh.issueComments {
		summary = c.Body
	}
	if len(summary) > 65536 {
		t.Fatalf("summary comment of %d bytes", len(summary))
	}
	wantContains(t, "the summary comment", summary,
		"<details><summary>❌ assertion can fail in <code>rb_push</code> at <code>src/ring.c:24</code></summary>",
		"<details><summary>Trace (20000 steps)</summary>", "more steps; see the SARIF alert for the full trace")
	if strings.Contains(summary, "more; see the SARIF log.") {
		t.Error("the finding was left out of the summary")
	}
}

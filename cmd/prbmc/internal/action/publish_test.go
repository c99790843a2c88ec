package action

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/prbmc/prbmc/report/results"
	"github.com/prbmc/prbmc/report/sarif/sariftest"
)

// writeResults writes f as a results file and returns its path.
func writeResults(t *testing.T, f *results.File) string {
	t.Helper()
	var b bytes.Buffer
	if err := results.Encode(&b, f); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "results.json")
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// testResults are the canned outcome's results for the test repository's
// pull request, as the action's checker gets them with default inputs.
func testResults(t *testing.T, r testRepo) *results.File {
	return ResultsOf(outcome(t), CheckRequest{RepoDir: r.dir, Base: r.base, Head: r.head, TimeBudget: 15 * time.Minute, Checks: strings.Split(DefaultChecks, ",")}, "test")
}

// workflowRunEvent is a workflow_run payload for commit head, from a
// fork's repository, listing the pull requests prs (number → head).
func workflowRunEvent(t *testing.T, head string, fork bool, prs map[int]string) string {
	t.Helper()
	headRepo := owner + "/" + repoName
	if fork {
		headRepo = "fork/" + repoName
	}
	var list []map[string]any
	for n, sha := range prs {
		list = append(list, map[string]any{"number": n, "head": map[string]any{"sha": sha}, "base": map[string]any{"sha": "b"}})
	}
	ev := map[string]any{"action": "completed", "workflow_run": map[string]any{"head_sha": head, "head_branch": "feature", "pull_requests": list,
		"head_repository": map[string]any{"full_name": headRepo}, "repository": map[string]any{"full_name": owner + "/" + repoName}},
		"repository": map[string]any{"full_name": owner + "/" + repoName}}
	b, _ := json.Marshal(ev)
	p := filepath.Join(t.TempDir(), "event.json")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPublishIsTheActionsPublish: `prbmc publish` of a results file posts
// what `prbmc action` posts when its checker finds the same: the same
// review, summary comment, SARIF upload, job summary, outputs and exit.
func TestPublishIsTheActionsPublish(t *testing.T) {
	r := newTestRepo(t)
	ev := prEvent(t, "pull_request_opened.payload.json", r, owner+"/"+repoName)

	ghA := newFakeGitHub(t, owner, repoName, prNumber, r.head, testToken, r.diff)
	act := runAction(t, r, ghA, "pull_request", ev, nil, &fakeChecker{out: outcome(t)})
	sarifA := readFile(t, filepath.Join(r.dir, SarifFileName))

	ghP := newFakeGitHub(t, owner, repoName, prNumber, r.head, testToken, r.diff)
	pub := runPublish(t, r, ghP, "pull_request", ev, nil, PublishOptions{Results: writeResults(t, testResults(t, r))})
	sarifP := readFile(t, filepath.Join(r.dir, SarifFileName))

	if act.exit != ExitFail || pub.exit != act.exit {
		t.Errorf("exit: action %d, publish %d; want both %d\n%s", act.exit, pub.exit, ExitFail, pub.stdout)
	}
	if len(ghP.reviews) != 1 || !reflect.DeepEqual(ghP.reviews, ghA.reviews) {
		t.Errorf("reviews differ:\npublish %+v\naction  %+v", ghP.reviews, ghA.reviews)
	}
	if len(ghP.issueComments) != 1 || !reflect.DeepEqual(ghP.issueComments, ghA.issueComments) {
		t.Errorf("summary comments differ:\npublish %+v\naction  %+v", ghP.issueComments, ghA.issueComments)
	}
	if len(ghP.sarifs) != 1 || len(ghA.sarifs) != 1 || !reflect.DeepEqual(ghP.sarifs, ghA.sarifs) || sarifP != sarifA {
		t.Error("SARIF uploads or files differ")
	} else {
		sariftest.Validate(t, decodeSarif(t, ghP.sarifs[0].Sarif))
	}
	// The action also wrote its results file; publish wrote none.
	if act.outputs["results-file"] != ResultsFileName || pub.outputs["results-file"] != "" {
		t.Errorf("results-file: action %q, publish %q", act.outputs["results-file"], pub.outputs["results-file"])
	}
	delete(act.outputs, "results-file")
	delete(pub.outputs, "results-file")
	if pub.summary != act.summary || !reflect.DeepEqual(pub.outputs, act.outputs) {
		t.Errorf("job summary or outputs differ:\n%s\n%v\naction:\n%s\n%v", pub.summary, pub.outputs, act.summary, act.outputs)
	}
	wantContains(t, "the summary comment", ghP.issueComments[0].Body, "### prbmc: 3 of 5 functions can fail",
		"- ⏭️ `big_tail` at `src/big.c:50`: the time budget (15m0s) ran out before its turn")
	if strings.Contains(pub.stdout, "checking the functions") {
		t.Error("publish checked something")
	}
}

// TestPublishRefuses: results of another commit, malformed or hostile
// results, and a pull request whose head is not the results' commit are
// refused with one error line and exit 2, before anything is posted.
func TestPublishRefuses(t *testing.T) {
	r := newTestRepo(t)
	ev := prEvent(t, "pull_request_opened.payload.json", r, owner+"/"+repoName)
	good := writeResults(t, testResults(t, r))
	other := testResults(t, r)
	other.Head = r.base
	hostile := strings.Replace(readFile(t, good), `"file": "src/ring.c"`, `"file": "../../etc/passwd"`, 1)
	hostilePath := filepath.Join(t.TempDir(), "hostile.json")
	mustWrite(t, hostilePath, hostile)
	badJSON := filepath.Join(t.TempDir(), "bad.json")
	mustWrite(t, badJSON, `{"schema": 1, "functions": [`)
	v99 := filepath.Join(t.TempDir(), "v99.json")
	mustWrite(t, v99, strings.Replace(readFile(t, good), `"schema": 1,`, `"schema": 99,`, 1))

	for _, tc := range []struct {
		name      string
		event     string
		eventPath string
		opts      PublishOptions
		prHead    string // the fake pull request's head (default r.head)
		want      string
	}{
		{"results of another commit", "pull_request", ev, PublishOptions{Results: writeResults(t, other)}, "",
			"::error::prbmc: the results are of commit " + r.base[:12] + ", not of the head being published (" + r.head[:12] + "): refusing to publish them"},
		{"--expect-sha not the event's head", "pull_request", ev, PublishOptions{Results: good, ExpectSHA: r.base}, "",
			"::error::prbmc publish: --expect-sha " + r.base[:12] + " is not the event's head commit " + r.head[:12] + ": refusing to publish"},
		{"path out of the repository", "pull_request", ev, PublishOptions{Results: hostilePath}, "",
			`::error::prbmc publish: ` + hostilePath + `: results function 1 (rb_push): path "../../etc/passwd" leaves the repository`},
		{"malformed", "pull_request", ev, PublishOptions{Results: badJSON}, "",
			"::error::prbmc publish: " + badJSON + ": not a prbmc results file: unexpected end of JSON input"},
		{"schema 99", "pull_request", ev, PublishOptions{Results: v99}, "",
			"::error::prbmc publish: " + v99 + ": results schema version 99 is newer than this prbmc reads (1): use a newer prbmc"},
		{"no file", "pull_request", ev, PublishOptions{Results: filepath.Join(t.TempDir(), "none.json")}, "", "::error::prbmc publish: open "},
		{"fork's workflow_run without --pr", "workflow_run", workflowRunEvent(t, r.head, true, nil), PublishOptions{Results: good}, "",
			"::error::prbmc publish: the workflow_run event names no pull request (GitHub leaves out a fork's): pass --pr NUMBER"},
		{"--pr at another commit", "workflow_run", workflowRunEvent(t, r.head, true, nil), PublishOptions{Results: good, PR: prNumber}, r.base,
			"::error::prbmc publish: pull request #2 is at " + r.base[:12] + ", not at " + r.head[:12] + ": refusing to publish"},
		{"workflow_run of another commit", "workflow_run", workflowRunEvent(t, r.base, false, map[int]string{prNumber: r.base}), PublishOptions{Results: good}, "",
			"::error::prbmc: the results are of commit " + r.head[:12] + ", not of the head being published (" + r.base[:12] + "): refusing to publish them"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			head := tc.prHead
			if head == "" {
				head = r.head
			}
			gh := newFakeGitHub(t, owner, repoName, prNumber, head, testToken, r.diff)
			run := runPublish(t, r, gh, tc.event, tc.eventPath, nil, tc.opts)
			if run.exit != ExitUsage {
				t.Errorf("exit %d, want %d\n%s", run.exit, ExitUsage, run.stdout)
			}
			var errs []string
			for _, l := range strings.Split(run.stdout, "\n") {
				if strings.HasPrefix(l, "::error") {
					errs = append(errs, l)
				}
			}
			if len(errs) != 1 || !strings.HasPrefix(errs[0], tc.want) {
				t.Errorf("errors %q, want one starting %q\n%s", errs, tc.want, run.stdout)
			}
			for _, req := range gh.takeRequests() {
				if req.Method != "GET" {
					t.Errorf("posted despite refusing: %s %s", req.Method, req.Path)
				}
			}
			if len(gh.sarifs)+len(gh.reviews)+len(gh.issueComments) > 0 {
				t.Error("something was published")
			}
		})
	}
}

// TestPublishWorkflowRun: the second stage of a two-stage workflow posts
// to the pull request the event lists, or, for a fork's (which GitHub
// does not list), to the one --pr names once GitHub confirms its head.
func TestPublishWorkflowRun(t *testing.T) {
	r := newTestRepo(t)
	good := writeResults(t, testResults(t, r))
	for _, tc := range []struct {
		name     string
		event    string
		opts     PublishOptions
		requests []string
	}{
		{"listed pull request", workflowRunEvent(t, r.head, false, map[int]string{prNumber: r.head}), PublishOptions{Results: good}, nil},
		{"fork, --pr", workflowRunEvent(t, r.head, true, nil), PublishOptions{Results: good, PR: prNumber}, []string{"GET /pulls/2 → 200"}},
		{"fork, --pr and --expect-sha", workflowRunEvent(t, r.head, true, nil), PublishOptions{Results: good, PR: prNumber, ExpectSHA: r.head}, []string{"GET /pulls/2 → 200"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gh := newFakeGitHub(t, owner, repoName, prNumber, r.head, testToken, r.diff)
			run := runPublish(t, r, gh, "workflow_run", tc.event, nil, tc.opts)
			if run.exit != ExitFail { // three functions can fail
				t.Fatalf("exit %d\n%s", run.exit, run.stdout)
			}
			var got []string
			for _, l := range requestLines(gh.takeRequests()) {
				if strings.HasPrefix(l, "GET /pulls/2 ") {
					got = append(got, l)
				}
			}
			if !reflect.DeepEqual(got, tc.requests) {
				t.Errorf("pull request lookups %q, want %q", got, tc.requests)
			}
			if len(gh.reviews) != 1 || len(gh.issueComments) != 1 || len(gh.sarifs) != 1 {
				t.Fatalf("%d reviews, %d comments, %d uploads", len(gh.reviews), len(gh.issueComments), len(gh.sarifs))
			}
			if up := gh.sarifs[0]; up.CommitSHA != r.head || up.Ref != "refs/pull/2/head" {
				t.Errorf("upload for %s %s", up.CommitSHA, up.Ref)
			}
		})
	}
}

// TestTwoStageWorkflow: a fork's pull request is checked with a read-only
// token, which writes the results file (results-file) and posts nothing;
// the workflow_run stage, with a token that may write, publishes that
// file with the action's results and pull-request inputs, as one run
// with a writing token would have.
func TestTwoStageWorkflow(t *testing.T) {
	r := newTestRepo(t)
	gh1 := newFakeGitHub(t, owner, repoName, prNumber, r.head, testToken, r.diff)
	gh1.readOnly = true
	stage1 := runAction(t, r, gh1, "pull_request", prEvent(t, "pull_request_opened.payload.json", r, "fork/"+repoName),
		map[string]string{"comment": "none", "sarif-upload": "false", "fail-on": "never"}, &fakeChecker{out: outcome(t)})
	if stage1.exit != ExitOK || stage1.outputs["results-file"] != ResultsFileName {
		t.Fatalf("stage 1: exit %d, outputs %v\n%s", stage1.exit, stage1.outputs, stage1.stdout)
	}
	if reqs := gh1.takeRequests(); len(reqs) != 0 {
		t.Errorf("stage 1 asked GitHub: %v", requestLines(reqs))
	}
	// The artifact, downloaded into the second stage's workspace.
	artifact := readFile(t, filepath.Join(r.dir, ResultsFileName))
	if f, err := results.Decode(strings.NewReader(artifact)); err != nil || f.Head != r.head {
		t.Fatalf("the results file: %v", err)
	}

	gh2 := newFakeGitHub(t, owner, repoName, prNumber, r.head, testToken, r.diff)
	stage2 := runAction(t, r, gh2, "workflow_run", workflowRunEvent(t, r.head, true, nil),
		map[string]string{"results": ResultsFileName, "pull-request": "2"}, &fakeChecker{})
	if stage2.exit != ExitFail {
		t.Errorf("stage 2: exit %d, want %d\n%s", stage2.exit, ExitFail, stage2.stdout)
	}
	if strings.Contains(stage2.stdout, "checking the functions") {
		t.Error("stage 2 checked something")
	}
	gh3 := newFakeGitHub(t, owner, repoName, prNumber, r.head, testToken, r.diff)
	oneRun := runAction(t, r, gh3, "pull_request", prEvent(t, "pull_request_opened.payload.json", r, owner+"/"+repoName), nil, &fakeChecker{out: outcome(t)})
	if !reflect.DeepEqual(gh2.reviews, gh3.reviews) || !reflect.DeepEqual(gh2.issueComments, gh3.issueComments) || !reflect.DeepEqual(gh2.sarifs, gh3.sarifs) {
		t.Errorf("the second stage posted other than one run does:\n%+v\n%+v", gh2.issueComments, gh3.issueComments)
	}
	if len(gh2.reviews) != 1 || len(gh2.sarifs) != 1 || oneRun.exit != stage2.exit {
		t.Errorf("%d reviews, %d uploads; exits %d and %d", len(gh2.reviews), len(gh2.sarifs), stage2.exit, oneRun.exit)
	}

	// A results file for another commit is refused.
	mustWrite(t, filepath.Join(r.dir, "other.json"), strings.ReplaceAll(artifact, r.head, r.base))
	gh4 := newFakeGitHub(t, owner, repoName, prNumber, r.head, testToken, r.diff)
	refused := runAction(t, r, gh4, "workflow_run", workflowRunEvent(t, r.head, true, nil),
		map[string]string{"results": "other.json", "pull-request": "2"}, &fakeChecker{})
	if refused.exit != ExitUsage || len(gh4.reviews)+len(gh4.issueComments)+len(gh4.sarifs) != 0 {
		t.Errorf("results of another commit: exit %d\n%s", refused.exit, refused.stdout)
	}
	wantContains(t, "the log", refused.stdout, "::error::prbmc: the results are of commit "+r.base[:12]+", not of the head being published ("+r.head[:12]+"): refusing to publish them")
}

// TestPublishMissingShard: a merged file in which a shard was missing
// publishes that shard's function as not checked, counted unknown, with
// a warning naming the shard.
func TestPublishMissingShard(t *testing.T) {
	r := newTestRepo(t)
	f := testResults(t, r)
	for i := range f.Functions {
		if fn := &f.Functions[i]; fn.Name == "rb_pop" {
			fn.Result, fn.Skip, fn.NotChecked = nil, results.SkipShard, "shard 2/3 missing: its results were not merged"
			fn.Verdict = fn.Words()
		}
	}
	gh := newFakeGitHub(t, owner, repoName, prNumber, r.head, testToken, r.diff)
	run := runPublish(t, r, gh, "pull_request", prEvent(t, "pull_request_opened.payload.json", r, owner+"/"+repoName),
		map[string]string{"fail-on": "unknown"}, PublishOptions{Results: writeResults(t, f)})
	if run.exit != ExitFail || run.outputs["unknown"] != "2" || run.outputs["safe"] != "0" {
		t.Errorf("exit %d, outputs %v", run.exit, run.outputs)
	}
	wantContains(t, "the log", run.stdout, "::warning file=src/ring.c,line=28,title=prbmc%3A not checked::rb_pop: not checked: shard 2/3 missing: its results were not merged")
	wantContains(t, "the job summary", run.summary, "`rb_pop` at `src/ring.c:28`: shard 2/3 missing: its results were not merged")
}

// TestWorkflowRunWithoutResults: on workflow_run the action has no range
// to check; without the results input it says what to set.
func TestWorkflowRunWithoutResults(t *testing.T) {
	r, gh, ch := newFakes(t)
	run := runAction(t, r, gh, "workflow_run", workflowRunEvent(t, r.head, false, nil), nil, ch)
	if run.exit != ExitUsage || len(ch.reqs) != 0 {
		t.Errorf("exit %d, %d checks\n%s", run.exit, len(ch.reqs), run.stdout)
	}
	wantContains(t, "the log", run.stdout, "::error::prbmc: on workflow_run the action publishes the results of an earlier run: set the results input (or base, to check the commit)")
}

package action

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/internal/gittest"
	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/smt/z3"
)

// projectRepo builds testdata/project's two commits: the second breaks
// ring_push and rewrites ring_pop correctly.
func projectRepo(t *testing.T) testRepo {
	t.Helper()
	r := testRepo{dir: t.TempDir()}
	proj := filepath.Join(root(t), "testdata", "project")
	gitRun(t, r.dir, "init", "-q", "-b", "main")
	gittest.CopyTree(t, filepath.Join(proj, "v1"), r.dir)
	gitRun(t, r.dir, "add", ".")
	gitRun(t, r.dir, "commit", "-q", "-m", "ring buffer")
	r.base = gitRun(t, r.dir, "rev-parse", "HEAD")
	gitRun(t, r.dir, "checkout", "-q", "-b", "changes")
	gittest.CopyTree(t, filepath.Join(proj, "v2"), r.dir)
	gitRun(t, r.dir, "commit", "-q", "-am", "ring: allow filling the last slot; tidy ring_pop")
	r.head = gitRun(t, r.dir, "rev-parse", "HEAD")
	r.diff = gitRaw(t, r.dir, "diff", r.base, r.head)
	return r
}

// TestPipelineOnExampleProject runs the action with the real pipeline
// (diff scope, harness, engines) on the example project: one inline
// comment on the new bug with its trace, the other function in the
// summary as proved safe, and a valid SARIF upload.
func TestPipelineOnExampleProject(t *testing.T) {
	r := projectRepo(t)
	gh := newFakeGitHub(t, owner, repoName, prNumber, r.head, testToken, r.diff)
	pipe := Pipeline{Engine: "auto", Solver: func(logic string) (smt.Solver, error) { return z3.New(z3.Options{Logic: logic}) }}
	run := runAction(t, r, gh, "pull_request", prEvent(t, "pull_request_opened.payload.json", r, owner+"/"+repoName), nil, pipe)
	if run.exit != ExitFail { // fail-on: unsafe (the default) and a function can fail
		t.Errorf("exit %d, want %d\n%s", run.exit, ExitFail, run.stdout)
	}
	if len(gh.reviews) != 1 || len(gh.reviews[0].Comments) != 1 {
		t.Fatalf("reviews %+v\n%s", gh.reviews, run.stdout)
	}
	c := gh.reviews[0].Comments[0]
	if c.Path != "src/ring.c" || c.Line != 17 || c.Side != "RIGHT" {
		t.Errorf("comment at %s:%d %s, want src/ring.c:17 RIGHT", c.Path, c.Line, c.Side)
	}
	wantContains(t, "the inline comment", c.Body,
		"`r->count < RING_CAP`", "ring_push", "The trace was replayed on prbmc's concrete interpreter",
		"<code>prbmc_harness_ring_push</code>", "<details>",
		"**Re-run** the check that found it", "prbmc check --base "+r.base[:12]+" --paths src/ring.c")
	var summary string
	for _, ic := range gh.issueComments {
		if strings.HasPrefix(ic.Body, "<!-- prbmc:summary -->") {
			summary = ic.Body
		}
	}
	wantContains(t, "the summary comment", summary,
		"| ❌ can fail | <code>ring_push</code>", "| ✅ proved safe | <code>ring_pop</code>",
		"r points to one object with any contents")
	if len(gh.sarifs) != 1 {
		t.Fatalf("%d SARIF uploads", len(gh.sarifs))
	}
	fails := failures(t, decodeSarif(t, gh.sarifs[0].Sarif))
	if len(fails) != 1 || fails["src/ring.c:17"] == "" {
		t.Errorf("SARIF failures %v, want src/ring.c:17", fails)
	}
	if run.outputs["unsafe"] != "1" || run.outputs["safe"] != "1" {
		t.Errorf("outputs %v", run.outputs)
	}
}

// TestPipelineCache: with the cache input, a second run on the same
// commit reuses every verdict, and the summary says whose they are.
func TestPipelineCache(t *testing.T) {
	r := projectRepo(t)
	gh := newFakeGitHub(t, owner, repoName, prNumber, r.head, testToken, r.diff)
	pipe := Pipeline{Engine: "auto", Solver: func(logic string) (smt.Solver, error) { return z3.New(z3.Options{Logic: logic}) },
		SolverVersion: z3.FullVersion()}
	in := map[string]string{"cache": "true"}
	first := runAction(t, r, gh, "pull_request", prEvent(t, "pull_request_opened.payload.json", r, owner+"/"+repoName), in, pipe)
	wantContains(t, "the first run's log", first.stdout, "prbmc: result cache .prbmc-cache: 0 reused, 2 checked, 2 stored, 0 ignored")
	second := runAction(t, r, gh, "pull_request", prEvent(t, "pull_request_opened.payload.json", r, owner+"/"+repoName), in, pipe)
	wantContains(t, "the second run's log", second.stdout, "prbmc: result cache .prbmc-cache: 2 reused, 0 checked, 0 stored, 0 ignored")
	if second.exit != ExitFail || second.outputs["unsafe"] != "1" || second.outputs["safe"] != "1" {
		t.Errorf("second run: exit %d, outputs %v", second.exit, second.outputs)
	}
	var summary string
	for _, ic := range gh.issueComments {
		if strings.HasPrefix(ic.Body, "<!-- prbmc:summary -->") {
			summary = ic.Body
		}
	}
	if n := strings.Count(summary, "cached from "+r.head[:7]); n != 2 {
		t.Errorf("the summary says \"cached from %.7s\" %d times, want 2 (both functions):\n%s", r.head, n, summary)
	}
	if _, err := os.Stat(filepath.Join(r.dir, ".prbmc-cache")); err != nil {
		t.Errorf("the cache is not in the workspace: %v", err)
	}
}

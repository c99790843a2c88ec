package action

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/sethvargo/go-githubactions"
)

// memGitHub is GitHub in memory: the publish logic's tests need no HTTP
// (fakegh_test.go serves the REST API for the end-to-end tests).
type memGitHub struct {
	pr             PullRequest
	files          []PRFile
	reviewComments []string
	issueComments  map[int64]string
	// statuses are the processing states SarifUpload answers, in turn
	// (the last repeats).
	statuses []sarifUpload
	uploadID string
	// fail makes a method fail with an API error of this status; for
	// CreateReview, the first n calls only when failReviews is n > 0.
	fail        map[string]int
	failReviews int

	calls   []string // "Method arg", in order
	reviews [][]ReviewComment
}

func (g *memGitHub) call(name string, args ...any) error {
	g.calls = append(g.calls, strings.TrimSpace(fmt.Sprintln(append([]any{name}, args...)...)))
	if st, ok := g.fail[name]; ok {
		if name == "CreateReview" && g.failReviews > 0 {
			if g.failReviews--; g.failReviews == 0 {
				delete(g.fail, name)
			}
		}
		return &apiError{status: st, err: fmt.Errorf("%s: %d %s", name, st, http.StatusText(st))}
	}
	return nil
}

func (g *memGitHub) PullRequest(_ context.Context, n int) (PullRequest, error) {
	return g.pr, g.call("PullRequest", n)
}

func (g *memGitHub) PRFiles(_ context.Context, pr int) ([]PRFile, error) {
	if err := g.call("PRFiles", pr); err != nil {
		return nil, err
	}
	return g.files, nil
}

func (g *memGitHub) ReviewCommentBodies(_ context.Context, pr int) ([]string, error) {
	if err := g.call("ReviewCommentBodies", pr); err != nil {
		return nil, err
	}
	return g.reviewComments, nil
}

func (g *memGitHub) CreateReview(_ context.Context, pr int, commit, _ string, comments []ReviewComment) error {
	var where []string
	for _, c := range comments {
		where = append(where, fmt.Sprintf("%s:%d", c.Path, c.Line))
	}
	if err := g.call("CreateReview", commit, strings.Join(where, ",")); err != nil {
		return err
	}
	g.reviews = append(g.reviews, comments)
	return nil
}

func (g *memGitHub) FindIssueComment(_ context.Context, pr int, match func(string) bool) (int64, error) {
	if err := g.call("FindIssueComment", pr); err != nil {
		return 0, err
	}
	for id := int64(1); id <= int64(len(g.issueComments)); id++ {
		if match(g.issueComments[id]) {
			return id, nil
		}
	}
	return 0, nil
}

func (g *memGitHub) EditIssueComment(_ context.Context, id int64, body string) error {
	if err := g.call("EditIssueComment", id); err != nil {
		return err
	}
	g.issueComments[id] = body
	return nil
}

func (g *memGitHub) CreateIssueComment(_ context.Context, pr int, body string) error {
	if err := g.call("CreateIssueComment", pr); err != nil {
		return err
	}
	if g.issueComments == nil {
		g.issueComments = map[int64]string{}
	}
	g.issueComments[int64(len(g.issueComments)+1)] = body
	return nil
}

func (g *memGitHub) UploadSarif(_ context.Context, commit, ref, _ string) (string, error) {
	return g.uploadID, g.call("UploadSarif", commit, ref)
}

func (g *memGitHub) SarifUpload(_ context.Context, id string) (*sarifUpload, error) {
	if err := g.call("SarifUpload", id); err != nil {
		return nil, err
	}
	up := g.statuses[0]
	if len(g.statuses) > 1 {
		g.statuses = g.statuses[1:]
	}
	return &up, nil
}

const memHead = "1111111111111111111111111111111111111111"

// memRun is a run that publishes to gh; its log is the returned buffer.
func memRun(gh *memGitHub, in Inputs, tgt target) (*run, *bytes.Buffer) {
	var out bytes.Buffer
	getenv := func(string) string { return "" }
	if tgt.Owner == "" {
		tgt.Owner, tgt.Repo, tgt.PR, tgt.Head, tgt.Ref = "o", "r", 7, memHead, "refs/pull/7/head"
	}
	in.Token = "tok"
	return &run{
		env: Env{Getenv: getenv, GitHub: gh, Sleep: func(context.Context, time.Duration) error { return nil }},
		a:   githubactions.New(githubactions.WithGetenv(getenv), githubactions.WithWriter(&out)),
		log: &redactor{}, in: in, tgt: tgt,
	}, &out
}

func patch(s string) *string { return &s }

func TestPostReview(t *testing.T) {
	v := func(i int, path string, line int) violation {
		return violation{index: i, fp: fmt.Sprintf("f%d:1", i), path: path, line: line, body: fmt.Sprintf("finding %d", i)}
	}
	onDiff := PRFile{Path: "a.c", Patch: patch("@@ -1,2 +1,3 @@\n x\n+y\n z")}
	noPatch := PRFile{Path: "big.c"}
	for _, tc := range []struct {
		name    string
		gh      memGitHub
		fork    bool
		vs      []violation
		calls   []string
		offDiff []int  // indices of the violations left for the summary
		notice  string // in the notices, "" for none
	}{
		{name: "nothing to post", vs: nil},
		{name: "on the diff", gh: memGitHub{files: []PRFile{onDiff}}, vs: []violation{v(0, "a.c", 2)},
			calls: []string{"PRFiles 7", "ReviewCommentBodies 7", "CreateReview " + memHead + " a.c:2"}},
		{name: "off the diff and outside the pull request", gh: memGitHub{files: []PRFile{onDiff}},
			vs:    []violation{v(0, "a.c", 9), v(1, "other.c", 2), v(2, "", 0)},
			calls: []string{"PRFiles 7", "ReviewCommentBodies 7"}, offDiff: []int{0, 1, 2}},
		{name: "already commented", gh: memGitHub{files: []PRFile{onDiff}, reviewComments: []string{"old <!-- prbmc:violation f0:1 -->"}},
			vs: []violation{v(0, "a.c", 2)}, calls: []string{"PRFiles 7", "ReviewCommentBodies 7"}},
		{name: "no patch, and GitHub refuses it", gh: memGitHub{files: []PRFile{onDiff, noPatch}, fail: map[string]int{"CreateReview": 422}, failReviews: 1},
			vs: []violation{v(0, "big.c", 5), v(1, "a.c", 3)},
			calls: []string{"PRFiles 7", "ReviewCommentBodies 7",
				"CreateReview " + memHead + " a.c:3,big.c:5", "CreateReview " + memHead + " a.c:3"},
			offDiff: []int{0}, notice: "GitHub refused 1 inline comment in files it sent no patch for (422)"},
		{name: "read-only token of a fork", gh: memGitHub{files: []PRFile{onDiff}, fail: map[string]int{"CreateReview": 403}}, fork: true,
			vs:    []violation{v(0, "a.c", 2), v(1, "a.c", 40)},
			calls: []string{"PRFiles 7", "ReviewCommentBodies 7", "CreateReview " + memHead + " a.c:2"}, offDiff: []int{0, 1},
			notice: "The token may not post a review (GitHub answered 403); the workflow needs `permissions: pull-requests: write`; a pull request from a fork gets a read-only token"},
		{name: "files unreadable", gh: memGitHub{fail: map[string]int{"PRFiles": 500}},
			vs: []violation{v(0, "a.c", 2)}, calls: []string{"PRFiles 7"}, offDiff: []int{0},
			notice: "Could not read the pull request's files: PRFiles: 500 Internal Server Error."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gh := tc.gh
			r, _ := memRun(&gh, Inputs{}, target{})
			r.tgt.Fork = tc.fork
			off := r.postReview(context.Background(), &gh, tc.vs)
			var got []int
			for _, o := range off {
				got = append(got, o.index)
			}
			if !reflect.DeepEqual(got, tc.offDiff) {
				t.Errorf("left for the summary %v, want %v", got, tc.offDiff)
			}
			if !reflect.DeepEqual(gh.calls, tc.calls) {
				t.Errorf("calls\n%q\nwant\n%q", gh.calls, tc.calls)
			}
			checkNotice(t, r.notices, tc.notice)
		})
	}
}

func checkNotice(t *testing.T, notices []string, want string) {
	t.Helper()
	if want == "" {
		if len(notices) > 0 {
			t.Errorf("notices %q, want none", notices)
		}
		return
	}
	if len(notices) != 1 || !strings.Contains(notices[0], want) {
		t.Errorf("notices %q, want one containing %q", notices, want)
	}
}

func TestPostSummary(t *testing.T) {
	marker := "<!-- " + SummaryMarker + " -->"
	for _, tc := range []struct {
		name     string
		existing map[int64]string
		fail     map[string]int
		calls    []string
		want     map[int64]string
		notice   string
	}{
		{name: "first run", calls: []string{"FindIssueComment 7", "CreateIssueComment 7"}, want: map[int64]string{1: marker + " new"}},
		{name: "edits its comment", existing: map[int64]string{1: "someone else", 2: marker + " old"},
			calls: []string{"FindIssueComment 7", "EditIssueComment 2"}, want: map[int64]string{1: "someone else", 2: marker + " new"}},
		{name: "cannot read comments", fail: map[string]int{"FindIssueComment": 404}, calls: []string{"FindIssueComment 7"},
			notice: "The token may not read the pull request's comments (GitHub answered 404)"},
		{name: "cannot write", fail: map[string]int{"CreateIssueComment": 403}, calls: []string{"FindIssueComment 7", "CreateIssueComment 7"},
			notice: "The token may not comment on the pull request (GitHub answered 403)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gh := &memGitHub{issueComments: tc.existing, fail: tc.fail}
			r, _ := memRun(gh, Inputs{}, target{})
			r.postSummary(context.Background(), gh, marker+" new")
			if !reflect.DeepEqual(gh.calls, tc.calls) {
				t.Errorf("calls %q, want %q", gh.calls, tc.calls)
			}
			if tc.want != nil && !reflect.DeepEqual(gh.issueComments, tc.want) {
				t.Errorf("comments %v, want %v", gh.issueComments, tc.want)
			}
			checkNotice(t, r.notices, tc.notice)
		})
	}
}

func TestUploadSarif(t *testing.T) {
	upload := "UploadSarif " + memHead + " refs/pull/7/head"
	for _, tc := range []struct {
		name   string
		gh     memGitHub
		wait   bool
		calls  []string
		notice string
		errors string // in the log's error annotations
	}{
		{name: "no id", calls: []string{upload}},
		{name: "not waiting", gh: memGitHub{uploadID: "u1"}, calls: []string{upload}},
		{name: "processed", gh: memGitHub{uploadID: "u1", statuses: []sarifUpload{{ProcessingStatus: "pending"}, {ProcessingStatus: "complete"}}}, wait: true,
			calls: []string{upload, "SarifUpload u1", "SarifUpload u1"}},
		{name: "processing failed", gh: memGitHub{uploadID: "u1", statuses: []sarifUpload{{ProcessingStatus: "failed", Errors: []string{"bad log"}}}}, wait: true,
			calls: []string{upload, "SarifUpload u1"}, errors: "Code scanning could not process the SARIF upload u1: bad log."},
		{name: "never processed", gh: memGitHub{uploadID: "u1", statuses: []sarifUpload{{ProcessingStatus: "pending"}}}, wait: true,
			notice: "had not processed the SARIF upload u1 after 2m0s (status pending)"},
		{name: "no permission", gh: memGitHub{fail: map[string]int{"UploadSarif": 403}}, calls: []string{upload},
			notice: "The token may not upload to code scanning (GitHub answered 403); the workflow needs `permissions: security-events: write`"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gh := tc.gh
			r, log := memRun(&gh, Inputs{WaitForProcessing: tc.wait}, target{})
			r.uploadSarif(context.Background(), &gh, []byte(`{"version":"2.1.0"}`))
			if tc.calls != nil && !reflect.DeepEqual(gh.calls, tc.calls) {
				t.Errorf("calls %q, want %q", gh.calls, tc.calls)
			}
			if tc.errors == "" {
				checkNotice(t, r.notices, tc.notice)
			} else if !strings.Contains(log.String(), "::error::prbmc: "+tc.errors) {
				t.Errorf("log %q, want the error %q", log, tc.errors)
			}
		})
	}
}

func TestUsePR(t *testing.T) {
	other := "2222222222222222222222222222222222222222"
	for _, tc := range []struct {
		name string
		pr   PullRequest
		fail map[string]int
		exit int
		fork bool
	}{
		{name: "its head", pr: PullRequest{Head: memHead, HeadRepo: "o/r", BaseRepo: "o/r"}, exit: -1},
		{name: "a fork's", pr: PullRequest{Head: strings.ToUpper(memHead), HeadRepo: "x/r", BaseRepo: "o/r"}, exit: -1, fork: true},
		{name: "another head", pr: PullRequest{Head: other}, exit: ExitUsage},
		{name: "unreadable", fail: map[string]int{"PullRequest": 404}, exit: ExitUsage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gh := &memGitHub{pr: tc.pr, fail: tc.fail}
			r, _ := memRun(gh, Inputs{}, target{Owner: "o", Repo: "r"})
			if got := r.usePR(context.Background(), 7, memHead); got != tc.exit {
				t.Fatalf("usePR: %d, want %d", got, tc.exit)
			}
			if tc.exit == -1 && (r.tgt.PR != 7 || r.tgt.Head != memHead || r.tgt.Fork != tc.fork) {
				t.Errorf("target %+v, want pull request 7 at %s, fork %v", r.tgt, memHead, tc.fork)
			}
		})
	}
}

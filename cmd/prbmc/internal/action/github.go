package action

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"github.com/google/go-github/v60/github"
)

// GitHub is what publishing asks of GitHub's API, in the publish logic's
// terms, as reviewdog's CommentService is: a pull request's head, files
// and comments, a review, the summary comment, a SARIF upload. The logic
// (postReview, postSummary, uploadSarif, usePR) is tested against an
// in-memory implementation; ghClient, the go-github adapter, is the only
// code that speaks REST. A failed call's error carries GitHub's HTTP
// status (an *apiError) for apiStatus.
type GitHub interface {
	// PullRequest is pull request n.
	PullRequest(ctx context.Context, n int) (PullRequest, error)
	// PRFiles are the files pull request pr changes, removed ones left
	// out.
	PRFiles(ctx context.Context, pr int) ([]PRFile, error)
	// ReviewCommentBodies are the bodies of pull request pr's review
	// (inline) comments.
	ReviewCommentBodies(ctx context.Context, pr int) ([]string, error)
	// CreateReview posts a review of commit (a comment, neither approval
	// nor request for changes) with inline comments on the new side.
	CreateReview(ctx context.Context, pr int, commit, body string, comments []ReviewComment) error
	// FindIssueComment is the id of the first comment on pull request pr
	// whose body match accepts, 0 if none; it reads no further.
	FindIssueComment(ctx context.Context, pr int, match func(body string) bool) (int64, error)
	// EditIssueComment replaces comment id's body.
	EditIssueComment(ctx context.Context, id int64, body string) error
	// CreateIssueComment comments on pull request pr.
	CreateIssueComment(ctx context.Context, pr int, body string) error
	// UploadSarif sends a SARIF log (gzipped, then base64-encoded) for
	// commit and ref to code scanning; it returns the upload's id, ""
	// if GitHub gave none.
	UploadSarif(ctx context.Context, commit, ref, sarif string) (string, error)
	// SarifUpload is the processing state of upload id.
	SarifUpload(ctx context.Context, id string) (*sarifUpload, error)
}

// PullRequest is what publishing reads of a pull request.
type PullRequest struct {
	Head string // the head commit
	// HeadRepo and BaseRepo are the full names (owner/name) of the
	// repositories of its head and base: they differ for a fork.
	HeadRepo, BaseRepo string
}

// PRFile is a file a pull request changes.
type PRFile struct {
	Path string
	// Patch is the file's diff; nil when GitHub sends none (a large
	// diff).
	Patch *string
}

// ReviewComment is an inline comment of a review, on line Line of the
// new side of Path.
type ReviewComment struct {
	Path string
	Line int
	Body string
}

// apiError is a failed API call; status is GitHub's HTTP answer, 0 if
// there was none (a network error).
type apiError struct {
	status int
	err    error
}

func (e *apiError) Error() string { return e.err.Error() }
func (e *apiError) Unwrap() error { return e.err }

// apiStatus is the HTTP status of a failed API call, 0 if none.
func apiStatus(err error) int {
	var ae *apiError
	if errors.As(err, &ae) {
		return ae.status
	}
	return 0
}

// newGitHub is the API the run publishes with: the test's, or a go-github
// client for GITHUB_API_URL with the run's token.
func (r *run) newGitHub() (GitHub, error) {
	if r.env.GitHub != nil {
		return r.env.GitHub, nil
	}
	c, err := newClient(r.a.Getenv("GITHUB_API_URL"), r.in.Token, r.env.Transport, r.env.Sleep, r.a.Infof)
	if err != nil {
		return nil, err
	}
	return &ghClient{c: c, owner: r.tgt.Owner, repo: r.tgt.Repo}, nil
}

// ghClient is GitHub over go-github, for one repository.
type ghClient struct {
	c           *github.Client
	owner, repo string
}

// githubStatus is the HTTP status of a go-github error, 0 if none: rate
// limits are 403s, whatever go-github makes of them.
func githubStatus(err error) int {
	var er *github.ErrorResponse
	if errors.As(err, &er) && er.Response != nil {
		return er.Response.StatusCode
	}
	var rl *github.RateLimitError
	if errors.As(err, &rl) {
		return http.StatusForbidden
	}
	var arl *github.AbuseRateLimitError
	if errors.As(err, &arl) {
		return http.StatusForbidden
	}
	return 0
}

// wrap gives a go-github error its status.
func wrap(err error) error {
	if err == nil {
		return nil
	}
	return &apiError{status: githubStatus(err), err: err}
}

func (g *ghClient) PullRequest(ctx context.Context, n int) (PullRequest, error) {
	pr, _, err := g.c.PullRequests.Get(ctx, g.owner, g.repo, n)
	if err != nil {
		return PullRequest{}, wrap(err)
	}
	return PullRequest{Head: pr.GetHead().GetSHA(),
		HeadRepo: pr.GetHead().GetRepo().GetFullName(), BaseRepo: pr.GetBase().GetRepo().GetFullName()}, nil
}

func (g *ghClient) PRFiles(ctx context.Context, pr int) ([]PRFile, error) {
	var files []PRFile
	opts := &github.ListOptions{PerPage: 100}
	for {
		page, resp, err := g.c.PullRequests.ListFiles(ctx, g.owner, g.repo, pr, opts)
		if err != nil {
			return nil, wrap(err)
		}
		for _, f := range page {
			if f.GetStatus() != "removed" {
				files = append(files, PRFile{Path: f.GetFilename(), Patch: f.Patch})
			}
		}
		if resp.NextPage == 0 {
			return files, nil
		}
		opts.Page = resp.NextPage
	}
}

func (g *ghClient) ReviewCommentBodies(ctx context.Context, pr int) ([]string, error) {
	var bodies []string
	opts := &github.PullRequestListCommentsOptions{ListOptions: github.ListOptions{PerPage: 100}}
	for {
		page, resp, err := g.c.PullRequests.ListComments(ctx, g.owner, g.repo, pr, opts)
		if err != nil {
			return nil, wrap(err)
		}
		for _, c := range page {
			bodies = append(bodies, c.GetBody())
		}
		if resp.NextPage == 0 {
			return bodies, nil
		}
		opts.Page = resp.NextPage
	}
}

func (g *ghClient) CreateReview(ctx context.Context, pr int, commit, body string, comments []ReviewComment) error {
	var drafts []*github.DraftReviewComment
	for _, c := range comments {
		drafts = append(drafts, &github.DraftReviewComment{
			Path: github.String(c.Path), Line: github.Int(c.Line), Side: github.String("RIGHT"), Body: github.String(c.Body)})
	}
	_, _, err := g.c.PullRequests.CreateReview(ctx, g.owner, g.repo, pr, &github.PullRequestReviewRequest{
		CommitID: github.String(commit), Event: github.String("COMMENT"), Body: github.String(body), Comments: drafts})
	return wrap(err)
}

func (g *ghClient) FindIssueComment(ctx context.Context, pr int, match func(string) bool) (int64, error) {
	opts := &github.IssueListCommentsOptions{ListOptions: github.ListOptions{PerPage: 100}}
	for {
		page, resp, err := g.c.Issues.ListComments(ctx, g.owner, g.repo, pr, opts)
		if err != nil {
			return 0, wrap(err)
		}
		for _, c := range page {
			if match(c.GetBody()) {
				return c.GetID(), nil
			}
		}
		if resp.NextPage == 0 {
			return 0, nil
		}
		opts.Page = resp.NextPage
	}
}

func (g *ghClient) EditIssueComment(ctx context.Context, id int64, body string) error {
	_, _, err := g.c.Issues.EditComment(ctx, g.owner, g.repo, id, &github.IssueComment{Body: github.String(body)})
	return wrap(err)
}

func (g *ghClient) CreateIssueComment(ctx context.Context, pr int, body string) error {
	_, _, err := g.c.Issues.CreateComment(ctx, g.owner, g.repo, pr, &github.IssueComment{Body: github.String(body)})
	return wrap(err)
}

func (g *ghClient) UploadSarif(ctx context.Context, commit, ref, sarif string) (string, error) {
	analysis := &github.SarifAnalysis{
		CommitSHA: github.String(commit), Ref: github.String(ref), Sarif: github.String(sarif), ToolName: github.String("prbmc"),
		// No checkout_uri: the log's paths are relative to %SRCROOT%
		// already, and inside the container the workspace's path is not
		// the runner's.
	}
	id, _, err := g.c.CodeScanning.UploadSarif(ctx, g.owner, g.repo, analysis)
	var accepted *github.AcceptedError
	if errors.As(err, &accepted) {
		err = nil // 202: queued for processing, the usual answer
	}
	if err != nil {
		return "", wrap(err)
	}
	return id.GetID(), nil
}

// SarifUpload is GET /repos/{owner}/{repo}/code-scanning/sarifs/{id}.
// go-github v60's CodeScanning.GetSARIF decodes into a SARIFUpload, which
// has no field for the errors of a failed upload: the request is the
// same, decoded here with them.
func (g *ghClient) SarifUpload(ctx context.Context, id string) (*sarifUpload, error) {
	req, err := g.c.NewRequest(http.MethodGet, fmt.Sprintf("repos/%v/%v/code-scanning/sarifs/%v", g.owner, g.repo, url.PathEscape(id)), nil)
	if err != nil {
		return nil, err
	}
	var up sarifUpload
	if _, err := g.c.Do(ctx, req, &up); err != nil {
		return nil, wrap(err)
	}
	return &up, nil
}

package action

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/bluekeyes/go-gitdiff/gitdiff"
)

// fakeGitHub is an in-process GitHub REST API, served under /api/v3 as
// GitHub Enterprise Server serves it, that behaves like GitHub where the
// action depends on it:
//   - a review with a comment on a line outside the pull request's diff is
//     refused as a whole with 422 (the diff is the real git diff of the test
//     repository, parsed with go-gitdiff, independently of the action's own
//     patch parser);
//   - a read-only token (readOnly) may read but gets 403 on every write;
//   - one chosen request fails once with 502 (fail502Once);
//   - chosen requests are refused once over a rate limit (limitOnce): a
//     403 secondary rate limit with Retry-After, as GitHub answers it, or
//     a 429 without;
//   - lists are paginated with Link headers, pageSize items a page;
//   - files named in noPatch come without a patch, as GitHub sends large
//     diffs;
//   - an uploaded SARIF log's processing status goes through
//     sarifStatuses, one a poll, the last one repeated ("complete" when
//     empty; "404" answers Not Found, as just after an upload), with
//     sarifErrors when it is "failed".
type fakeGitHub struct {
	t        *testing.T
	srv      *httptest.Server
	owner    string
	repo     string
	pr       int
	headSHA  string
	token    string
	readOnly bool
	pageSize int
	// files are the pull request's files in order, with their patches
	// and the right-side lines of each.
	files   []fakeFile
	noPatch map[string]bool
	// fail502Once is "METHOD path-suffix" of a request answered 502 the
	// first time.
	fail502Once string
	// limitOnce maps "METHOD path-suffix" to the status (403 or 429) of a
	// rate-limit refusal of its first request.
	limitOnce map[string]int
	limited   map[string]bool
	// sarifStatuses are the processing statuses of the uploads' polls,
	// sarifErrors the errors of a failed one.
	sarifStatuses []string
	sarifErrors   []string

	mu            sync.Mutex
	requests      []fakeRequest
	failed502     bool
	nextID        int64
	issueComments []fakeComment
	reviewCmts    []fakeComment
	reviews       []reviewBody
	sarifs        []sarifBody
	sarifPolls    int
}

type fakeFile struct {
	name, status, patch string
	right               map[int]bool
}

type fakeRequest struct {
	Method, Path, Query string
	Status              int
	Body                string
}

type fakeComment struct {
	ID   int64  `json:"id"`
	Body string `json:"body"`
	Path string `json:"path,omitempty"`
	Line int    `json:"line,omitempty"`
	Side string `json:"side,omitempty"`
	User struct {
		Login string `json:"login"`
	} `json:"user"`
}

type reviewBody struct {
	CommitID string `json:"commit_id"`
	Event    string `json:"event"`
	Body     string `json:"body"`
	Comments []struct {
		Path     string `json:"path"`
		Line     int    `json:"line"`
		Side     string `json:"side"`
		Body     string `json:"body"`
		Position *int   `json:"position"`
	} `json:"comments"`
}

type sarifBody struct {
	CommitSHA   string `json:"commit_sha"`
	Ref         string `json:"ref"`
	Sarif       string `json:"sarif"`
	ToolName    string `json:"tool_name"`
	CheckoutURI string `json:"checkout_uri"`
}

// newFakeGitHub serves the pull request whose diff is gitDiff (the output
// of git diff base head).
func newFakeGitHub(t *testing.T, owner, repo string, pr int, headSHA, token, gitDiff string) *fakeGitHub {
	f := &fakeGitHub{t: t, owner: owner, repo: repo, pr: pr, headSHA: headSHA, token: token, pageSize: 2, nextID: 1000, noPatch: map[string]bool{}}
	files, _, err := gitdiff.Parse(strings.NewReader(gitDiff))
	if err != nil {
		t.Fatalf("fake GitHub: parsing the diff: %v", err)
	}
	for _, file := range files {
		ff := fakeFile{name: file.NewName, status: "modified", right: map[int]bool{}}
		switch {
		case file.IsNew:
			ff.status = "added"
		case file.IsDelete:
			ff.name, ff.status = file.OldName, "removed"
		}
		var patch []string
		for _, frag := range file.TextFragments {
			patch = append(patch, strings.TrimSuffix(frag.String(), "\n"))
			line := int(frag.NewPosition)
			for _, l := range frag.Lines {
				switch l.Op {
				case gitdiff.OpContext, gitdiff.OpAdd:
					ff.right[line] = true
					line++
				}
			}
		}
		ff.patch = strings.Join(patch, "\n")
		f.files = append(f.files, ff)
	}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

// APIURL is what GITHUB_API_URL is on GitHub Enterprise Server.
func (f *fakeGitHub) APIURL() string { return f.srv.URL + "/api/v3" }

func (f *fakeGitHub) addIssueComment(login, body string) int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.nextID++
	c := fakeComment{ID: f.nextID, Body: body}
	c.User.Login = login
	f.issueComments = append(f.issueComments, c)
	return c.ID
}

func (f *fakeGitHub) addReviewComment(login, path string, line int, body string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.nextID++
	c := fakeComment{ID: f.nextID, Body: body, Path: path, Line: line, Side: "RIGHT"}
	c.User.Login = login
	f.reviewCmts = append(f.reviewCmts, c)
}

// takeRequests returns the requests since the last call.
func (f *fakeGitHub) takeRequests() []fakeRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	r := f.requests
	f.requests = nil
	return r
}

func (f *fakeGitHub) serve(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	status, resp, hdr := f.route(req, body)
	f.mu.Lock()
	f.requests = append(f.requests, fakeRequest{Method: req.Method, Path: req.URL.Path, Query: req.URL.RawQuery, Status: status, Body: string(body)})
	f.mu.Unlock()
	for k, v := range hdr {
		w.Header().Set(k, v)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(resp)
}

type msg struct {
	Message string `json:"message"`
	DocURL  string `json:"documentation_url,omitempty"`
}

var (
	rePR          = regexp.MustCompile(`^/repos/([^/]+)/([^/]+)/pulls/(\d+)$`)
	rePRFiles     = regexp.MustCompile(`^/repos/([^/]+)/([^/]+)/pulls/(\d+)/files$`)
	rePRComments  = regexp.MustCompile(`^/repos/([^/]+)/([^/]+)/pulls/(\d+)/comments$`)
	rePRReviews   = regexp.MustCompile(`^/repos/([^/]+)/([^/]+)/pulls/(\d+)/reviews$`)
	reIssueCmts   = regexp.MustCompile(`^/repos/([^/]+)/([^/]+)/issues/(\d+)/comments$`)
	reIssueCmt    = regexp.MustCompile(`^/repos/([^/]+)/([^/]+)/issues/comments/(\d+)$`)
	reSarifUpload = regexp.MustCompile(`^/repos/([^/]+)/([^/]+)/code-scanning/sarifs$`)
	reSarifStatus = regexp.MustCompile(`^/repos/([^/]+)/([^/]+)/code-scanning/sarifs/sarif-(\d+)$`)
)

func (f *fakeGitHub) route(req *http.Request, body []byte) (int, any, map[string]string) {
	if req.Header.Get("Authorization") != "Bearer "+f.token {
		return http.StatusUnauthorized, msg{Message: "Bad credentials"}, nil
	}
	path, ok := strings.CutPrefix(req.URL.Path, "/api/v3")
	if !ok {
		return http.StatusNotFound, msg{Message: "Not Found (the API is under /api/v3)"}, nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fail502Once != "" && !f.failed502 && req.Method+" "+path == f.fail502Once {
		f.failed502 = true
		return http.StatusBadGateway, msg{Message: "Server Error"}, nil
	}
	if st, ok := f.limitOnce[req.Method+" "+path]; ok && !f.limited[req.Method+" "+path] {
		if f.limited == nil {
			f.limited = map[string]bool{}
		}
		f.limited[req.Method+" "+path] = true
		if st == http.StatusTooManyRequests {
			return st, msg{Message: "Too many requests"}, nil
		}
		return st, msg{Message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
			DocURL: "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits"}, map[string]string{"Retry-After": "3"}
	}
	if f.readOnly && req.Method != http.MethodGet {
		return http.StatusForbidden, msg{Message: "Resource not accessible by integration", DocURL: "https://docs.github.com/rest"}, nil
	}
	// check: the path names this repository and, for the pull request's
	// routes, this pull request.
	check := func(m []string) bool {
		return m != nil && m[1] == f.owner && m[2] == f.repo && (len(m) < 4 || m[3] == strconv.Itoa(f.pr))
	}
	switch {
	case req.Method == http.MethodGet && check(rePR.FindStringSubmatch(path)):
		full := f.owner + "/" + f.repo
		return http.StatusOK, map[string]any{"number": f.pr, "head": map[string]any{"sha": f.headSHA, "repo": map[string]any{"full_name": "fork/" + f.repo}},
			"base": map[string]any{"sha": "0", "repo": map[string]any{"full_name": full}}}, nil
	case req.Method == http.MethodGet && check(rePRFiles.FindStringSubmatch(path)):
		var out []map[string]any
		for _, ff := range f.files {
			item := map[string]any{"filename": ff.name, "status": ff.status, "sha": "0"}
			if !f.noPatch[ff.name] {
				item["patch"] = ff.patch
			}
			out = append(out, item)
		}
		return f.page(req, out)
	case req.Method == http.MethodGet && check(rePRComments.FindStringSubmatch(path)):
		return f.page(req, append([]fakeComment(nil), f.reviewCmts...))
	case req.Method == http.MethodPost && check(rePRReviews.FindStringSubmatch(path)):
		var rb reviewBody
		if err := json.Unmarshal(body, &rb); err != nil {
			return http.StatusBadRequest, msg{Message: "Problems parsing JSON"}, nil
		}
		if rb.CommitID != f.headSHA {
			return http.StatusUnprocessableEntity, msg{Message: "commit_id is not part of the pull request"}, nil
		}
		for _, c := range rb.Comments {
			if c.Position != nil {
				return http.StatusUnprocessableEntity, msg{Message: "position and line cannot be mixed"}, nil
			}
			if c.Side != "RIGHT" || !f.onDiff(c.Path, c.Line) {
				return http.StatusUnprocessableEntity, msg{Message: "Unprocessable Entity: Line could not be resolved"}, nil
			}
		}
		f.reviews = append(f.reviews, rb)
		f.nextID++
		for _, c := range rb.Comments {
			f.nextID++
			fc := fakeComment{ID: f.nextID, Body: c.Body, Path: c.Path, Line: c.Line, Side: c.Side}
			fc.User.Login = "github-actions[bot]"
			f.reviewCmts = append(f.reviewCmts, fc)
		}
		return http.StatusOK, map[string]any{"id": f.nextID, "state": "COMMENTED", "commit_id": rb.CommitID}, nil
	case req.Method == http.MethodGet && check(reIssueCmts.FindStringSubmatch(path)):
		return f.page(req, append([]fakeComment(nil), f.issueComments...))
	case req.Method == http.MethodPost && check(reIssueCmts.FindStringSubmatch(path)):
		var c fakeComment
		if err := json.Unmarshal(body, &c); err != nil || c.Body == "" {
			return http.StatusUnprocessableEntity, msg{Message: "body is missing"}, nil
		}
		if len(c.Body) > 65536 {
			return http.StatusUnprocessableEntity, msg{Message: "body is too long (maximum is 65536 characters)"}, nil
		}
		f.nextID++
		c.ID = f.nextID
		c.User.Login = "github-actions[bot]"
		f.issueComments = append(f.issueComments, c)
		return http.StatusCreated, c, nil
	case req.Method == http.MethodPatch && reIssueCmt.MatchString(path):
		m := reIssueCmt.FindStringSubmatch(path)
		if m[1] != f.owner || m[2] != f.repo {
			return http.StatusNotFound, msg{Message: "Not Found"}, nil
		}
		id, _ := strconv.ParseInt(m[3], 10, 64)
		var c fakeComment
		if err := json.Unmarshal(body, &c); err != nil || c.Body == "" {
			return http.StatusUnprocessableEntity, msg{Message: "body is missing"}, nil
		}
		for i := range f.issueComments {
			if f.issueComments[i].ID == id {
				f.issueComments[i].Body = c.Body
				return http.StatusOK, f.issueComments[i], nil
			}
		}
		return http.StatusNotFound, msg{Message: "Not Found"}, nil
	case req.Method == http.MethodPost && check(reSarifUpload.FindStringSubmatch(path)):
		var sb sarifBody
		if err := json.Unmarshal(body, &sb); err != nil {
			return http.StatusBadRequest, msg{Message: "Problems parsing JSON"}, nil
		}
		f.sarifs = append(f.sarifs, sb)
		return http.StatusAccepted, map[string]any{"id": fmt.Sprintf("sarif-%d", len(f.sarifs)), "url": f.srv.URL + "/api/v3/repos/x/y/code-scanning/sarifs/1"}, nil
	case req.Method == http.MethodGet && reSarifStatus.MatchString(path):
		m := reSarifStatus.FindStringSubmatch(path)
		if n, _ := strconv.Atoi(m[3]); m[1] != f.owner || m[2] != f.repo || n < 1 || n > len(f.sarifs) {
			return http.StatusNotFound, msg{Message: "Not Found"}, nil
		}
		status := "complete"
		if len(f.sarifStatuses) > 0 {
			status = f.sarifStatuses[min(f.sarifPolls, len(f.sarifStatuses)-1)]
		}
		f.sarifPolls++
		if status == "404" {
			return http.StatusNotFound, msg{Message: "Not Found"}, nil
		}
		out := map[string]any{"processing_status": status, "analyses_url": f.srv.URL + "/api/v3/repos/" + f.owner + "/" + f.repo + "/code-scanning/analyses?sarif_id=sarif-" + m[3]}
		if status == "failed" {
			out["errors"] = f.sarifErrors
		}
		return http.StatusOK, out, nil
	}
	return http.StatusNotFound, msg{Message: "Not Found"}, nil
}

// onDiff says whether GitHub accepts a comment on the right-side line.
func (f *fakeGitHub) onDiff(path string, line int) bool {
	for _, ff := range f.files {
		if ff.name == path && ff.status != "removed" {
			return ff.right[line]
		}
	}
	return false
}

// page answers a list request with the page asked for and a Link header.
func page[T any](f *fakeGitHub, req *http.Request, items []T) (int, any, map[string]string) {
	n, _ := strconv.Atoi(req.URL.Query().Get("page"))
	if n < 1 {
		n = 1
	}
	size := f.pageSize
	if pp, err := strconv.Atoi(req.URL.Query().Get("per_page")); err == nil && pp > 0 && pp < size {
		size = pp
	}
	lo, hi := min((n-1)*size, len(items)), min(n*size, len(items))
	hdr := map[string]string{}
	if hi < len(items) {
		q := req.URL.Query()
		q.Set("page", strconv.Itoa(n+1))
		hdr["Link"] = fmt.Sprintf(`<%s%s?%s>; rel="next"`, f.srv.URL, req.URL.Path, q.Encode())
	}
	out := items[lo:hi]
	if out == nil {
		out = []T{}
	}
	return http.StatusOK, out, hdr
}

func (f *fakeGitHub) page(req *http.Request, items any) (int, any, map[string]string) {
	switch it := items.(type) {
	case []map[string]any:
		return page(f, req, it)
	case []fakeComment:
		return page(f, req, it)
	}
	panic("page: unknown item type")
}

// sortedPaths are the distinct request paths, for error messages.
func sortedPaths(rs []fakeRequest) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Method+" "+r.Path)
	}
	sort.Strings(out)
	return out
}

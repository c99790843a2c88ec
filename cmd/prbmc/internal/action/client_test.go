package action

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-github/v60/github"
)

// scripted answers the i-th request with answers[i] (the last one again
// after), recording the bodies it got.
type scripted struct {
	answers []answer
	bodies  []string
	auth    []string
}

type answer struct {
	status int
	body   string
	header map[string]string
}

func (s *scripted) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	s.bodies = append(s.bodies, string(b))
	s.auth = append(s.auth, r.Header.Get("Authorization"))
	a := s.answers[min(len(s.bodies)-1, len(s.answers)-1)]
	for k, v := range a.header {
		w.Header().Set(k, v)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(a.status)
	io.WriteString(w, a.body)
}

// secondaryBody is GitHub's answer to a request over a secondary rate
// limit.
const secondaryBody = `{"message":"You have exceeded a secondary rate limit. Please wait a few minutes before you try again.","documentation_url":"https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits"}`

func TestRetries(t *testing.T) {
	ok := answer{status: 201, body: `{"id": 1}`}
	for _, tc := range []struct {
		name     string
		answers  []answer
		requests int
		sleeps   []time.Duration
		status   int // of the error, 0 for success
	}{
		{"502 once", []answer{{status: 502, body: `{"message":"Server Error"}`}, ok}, 2, []time.Duration{time.Second}, 0},
		// GitHub's secondary rate limit, as go-github recognises it (an
		// AbuseRateLimitError): a 403 whose documentation_url is the
		// secondary limits' section.
		{"secondary rate limit", []answer{{status: 403, body: secondaryBody}, ok}, 2, []time.Duration{time.Second}, 0},
		{"secondary rate limit, retry-after", []answer{{status: 403, body: secondaryBody, header: map[string]string{"Retry-After": "3"}}, ok},
			2, []time.Duration{3 * time.Second}, 0},
		{"secondary rate limit, old documentation_url", []answer{{status: 403, body: `{"message":"You have triggered an abuse detection mechanism.","documentation_url":"https://docs.github.com/rest/overview/resources-in-the-rest-api#abuse-rate-limits"}`}, ok},
			2, []time.Duration{time.Second}, 0},
		{"429 without retry-after", []answer{{status: 429, body: `{"message":"Too many requests"}`}, ok}, 2, []time.Duration{time.Second}, 0},
		{"primary rate limit, retry-after first", []answer{{status: 403, body: `{"message":"API rate limit exceeded"}`,
			header: map[string]string{"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": strconv.FormatInt(time.Now().Add(time.Hour).Unix(), 10), "Retry-After": "5"}}, ok},
			2, []time.Duration{5 * time.Second}, 0},
		{"primary rate limit, resets late: no retry", []answer{{status: 403, body: `{"message":"API rate limit exceeded"}`,
			header: map[string]string{"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": strconv.FormatInt(time.Now().Add(time.Hour).Unix(), 10)}}}, 1, nil, 403},
		// Classified by go-github, not by the message: a 403 without the
		// secondary limits' documentation_url is not one.
		{"403 message only: no retry", []answer{{status: 403, body: `{"message":"You have exceeded a secondary rate limit."}`}}, 1, nil, 403},
		{"retry-after", []answer{{status: 429, body: `{"message":"slow down"}`, header: map[string]string{"Retry-After": "7"}}, ok}, 2, []time.Duration{7 * time.Second}, 0},
		{"retry-after capped", []answer{{status: 503, header: map[string]string{"Retry-After": "3600"}}, ok}, 2, []time.Duration{time.Minute}, 0},
		{"read-only token: no retry", []answer{{status: 403, body: `{"message":"Resource not accessible by integration"}`}}, 1, nil, 403},
		{"422: no retry", []answer{{status: 422, body: `{"message":"Validation Failed"}`}}, 1, nil, 422},
		{"gives up", []answer{{status: 500, body: `{"message":"boom"}`}}, 5, []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second}, 500},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &scripted{answers: tc.answers}
			srv := httptest.NewServer(s)
			defer srv.Close()
			var sleeps []time.Duration
			var logged []string
			gh, err := newClient(srv.URL+"/api/v3", "tok", nil,
				func(_ context.Context, d time.Duration) error { sleeps = append(sleeps, d); return nil },
				func(f string, args ...any) { logged = append(logged, f) })
			if err != nil {
				t.Fatal(err)
			}
			_, _, err = gh.Issues.CreateComment(context.Background(), "o", "r", 1, &github.IssueComment{Body: github.String("hello")})
			if got := githubStatus(err); got != tc.status {
				t.Errorf("status %d (err %v), want %d", got, err, tc.status)
			}
			if len(s.bodies) != tc.requests {
				t.Errorf("%d requests, want %d", len(s.bodies), tc.requests)
			}
			for i, b := range s.bodies {
				if !strings.Contains(b, `"body":"hello"`) || s.auth[i] != "Bearer tok" {
					t.Errorf("request %d: body %q auth %q: not resent whole", i, b, s.auth[i])
				}
			}
			if !reflect.DeepEqual(sleeps, tc.sleeps) {
				t.Errorf("sleeps %v, want %v", sleeps, tc.sleeps)
			}
			if len(logged) != len(tc.sleeps) {
				t.Errorf("%d retry messages for %d retries", len(logged), len(tc.sleeps))
			}
		})
	}
}

func TestRetryNetworkError(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close() // nothing listens there any more
	n := 0
	gh, err := newClient(url, "tok", nil, func(context.Context, time.Duration) error { n++; return nil }, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = gh.Issues.CreateComment(context.Background(), "o", "r", 1, &github.IssueComment{Body: github.String("x")})
	if err == nil || n != 4 {
		t.Errorf("err %v after %d retries, want an error after 4", err, n)
	}
}

func TestRetryStopsWithContext(t *testing.T) {
	s := &scripted{answers: []answer{{status: 502}}}
	srv := httptest.NewServer(s)
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	gh, _ := newClient(srv.URL, "", nil, func(ctx context.Context, d time.Duration) error { cancel(); return sleepCtx(ctx, d) }, nil)
	_, _, err := gh.Issues.CreateComment(ctx, "o", "r", 1, &github.IssueComment{Body: github.String("x")})
	if err == nil || len(s.bodies) != 1 {
		t.Errorf("err %v after %d requests, want a cancelled error after 1", err, len(s.bodies))
	}
}

func TestClientBaseURL(t *testing.T) {
	for api, want := range map[string]string{
		"":                                "https://api.github.com/",
		"https://api.github.com":          "https://api.github.com/",
		"https://ghe.example.com/api/v3":  "https://ghe.example.com/api/v3/",
		"https://ghe.example.com/api/v3/": "https://ghe.example.com/api/v3/",
	} {
		gh, err := newClient(api, "", nil, sleepCtx, nil)
		if err != nil || gh.BaseURL.String() != want {
			t.Errorf("newClient(%q): %v, %v; want %s", api, gh.BaseURL, err, want)
		}
	}
	if _, err := newClient("ghe.example.com", "", nil, sleepCtx, nil); err == nil {
		t.Error("a URL without a scheme was accepted")
	}
}

func TestRedactor(t *testing.T) {
	var b strings.Builder
	r := &redactor{w: &b}
	r.setSecret("s3cret-token")
	n, err := r.Write([]byte("token s3cret-token and s3cret-token again\n"))
	if err != nil || n != 42 || b.String() != "token *** and *** again\n" {
		t.Errorf("wrote %q (n %d, %v)", b.String(), n, err)
	}
	// The encodings a request or a report could carry.
	tok := "ghs_fakeTOKEN0123456789abcdefABCDEF"
	r.setSecret(tok)
	for _, enc := range []string{
		tok,
		base64.StdEncoding.EncodeToString([]byte(tok)),
		base64.RawURLEncoding.EncodeToString([]byte(tok)),
		base64.StdEncoding.EncodeToString([]byte("x-access-token:" + tok)),
		hex.EncodeToString([]byte(tok)),
		strings.ToUpper(hex.EncodeToString([]byte(tok))),
	} {
		if got := string(r.redact([]byte("a " + enc + " b"))); got != "a *** b" {
			t.Errorf("redact(%q) = %q", enc, got)
		}
	}
	// Short secrets are not redacted: they would blank ordinary words.
	r.setSecret("abc")
	if got := string(r.redact([]byte("abc"))); got != "abc" {
		t.Errorf("a 3-byte secret redacted: %q", got)
	}
}

// TestScrubProcessEnv: once the inputs are read, nothing that holds a
// credential is left for git, the C compiler or the checker processes.
func TestScrubProcessEnv(t *testing.T) {
	secrets := []string{"INPUT_GITHUB-TOKEN", "INPUT_GITHUB_TOKEN", "INPUT_PATHS", "GITHUB_TOKEN", "ACTIONS_RUNTIME_TOKEN",
		"ACTIONS_ID_TOKEN_REQUEST_URL", "ACTIONS_ID_TOKEN_REQUEST_TOKEN", "ACTIONS_CACHE_URL", "NPM_API_KEY", "DB_PASSWORD", "MY_SECRET"}
	keep := []string{"PATH", "GITHUB_WORKSPACE", "GITHUB_API_URL", "GITHUB_STEP_SUMMARY", "RUNNER_TEMP"}
	for _, k := range append(append([]string(nil), secrets...), keep...) {
		if _, ok := os.LookupEnv(k); !ok || k != "PATH" {
			t.Setenv(k, "value-of-"+k)
		}
	}
	ScrubProcessEnv()
	for _, k := range secrets {
		if v, ok := os.LookupEnv(k); ok {
			t.Errorf("%s is still set (%q)", k, v)
		}
	}
	for _, k := range keep {
		if _, ok := os.LookupEnv(k); !ok {
			t.Errorf("%s was removed", k)
		}
	}
}

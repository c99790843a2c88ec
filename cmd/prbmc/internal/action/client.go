package action

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/google/go-github/v60/github"
)

// newClient is a REST client for the API at apiURL (GITHUB_API_URL: on
// GitHub Enterprise Server it is https://HOST/api/v3, used as given),
// authenticated with token, retrying as retryTransport does.
func newClient(apiURL, token string, base http.RoundTripper, sleep func(context.Context, time.Duration) error, logf func(string, ...any)) (*github.Client, error) {
	if base == nil {
		base = http.DefaultTransport
	}
	rt := &retryTransport{base: base, sleep: sleep, logf: logf, maxRetries: 4, baseDelay: time.Second, maxDelay: 60 * time.Second}
	c := github.NewClient(&http.Client{Transport: rt, Timeout: 2 * time.Minute})
	if token != "" {
		c = c.WithAuthToken(token)
	}
	if apiURL == "" {
		apiURL = "https://api.github.com"
	}
	u, err := url.Parse(strings.TrimSuffix(apiURL, "/") + "/")
	if err != nil || u.Scheme == "" || u.Host == "" {
		return nil, fmt.Errorf("GITHUB_API_URL %q is not a URL", apiURL)
	}
	c.BaseURL = u
	return c, nil
}

// retryTransport retries a request that failed for a reason that may
// pass: a network error, a 5xx answer, a secondary rate limit (what
// go-github's CheckResponse makes a *github.AbuseRateLimitError), a
// primary rate limit that resets within maxDelay (a
// *github.RateLimitError), a 429, or a 403 with Retry-After. It waits
// Retry-After when GitHub gives one, else an exponential backoff.
type retryTransport struct {
	base       http.RoundTripper
	sleep      func(context.Context, time.Duration) error
	logf       func(string, ...any)
	maxRetries int
	baseDelay  time.Duration
	maxDelay   time.Duration
}

func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		r := req
		if attempt > 0 && req.Body != nil {
			if req.GetBody == nil {
				return nil, fmt.Errorf("%s %s: cannot resend the request body", req.Method, req.URL.Path)
			}
			body, err := req.GetBody()
			if err != nil {
				return nil, err
			}
			r = req.Clone(req.Context())
			r.Body = body
		}
		resp, err := t.base.RoundTrip(r)
		wait, why := t.retryable(resp, err)
		if why == "" || attempt >= t.maxRetries {
			return resp, err
		}
		if wait == 0 {
			wait = t.baseDelay << attempt
		}
		wait = min(wait, t.maxDelay)
		if resp != nil {
			resp.Body.Close()
		}
		if t.logf != nil {
			t.logf("%s %s: %s; retrying in %s", req.Method, req.URL.Path, why, wait)
		}
		if err := t.sleep(req.Context(), wait); err != nil {
			return nil, err
		}
	}
}

// retryable says whether to retry, after how long if GitHub said (0:
// backoff), and why ("" means do not retry). It leaves resp readable.
func (t *retryTransport) retryable(resp *http.Response, err error) (time.Duration, string) {
	if err != nil {
		if resp == nil && !isContextErr(err) {
			return 0, "network error"
		}
		return 0, ""
	}
	retryAfter := time.Duration(0)
	if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && s >= 0 {
		retryAfter = time.Duration(s) * time.Second
	}
	switch {
	case resp.StatusCode >= 500:
		return retryAfter, fmt.Sprintf("GitHub answered %d", resp.StatusCode)
	case resp.StatusCode == http.StatusForbidden || resp.StatusCode == http.StatusTooManyRequests:
		// go-github classifies the answer as it would for the caller;
		// CheckResponse reads the body and puts a copy back.
		body := resp.Body
		err := github.CheckResponse(resp)
		body.Close()
		var abuse *github.AbuseRateLimitError
		var rate *github.RateLimitError
		switch {
		case errors.As(err, &abuse):
			// Retry-After, or X-RateLimit-Reset, else a backoff.
			if d := abuse.GetRetryAfter(); d > 0 {
				return d, "secondary rate limit"
			}
			return 0, "secondary rate limit"
		case resp.Header.Get("Retry-After") != "" || resp.StatusCode == http.StatusTooManyRequests:
			// GitHub asks to wait (Retry-After comes first, whatever
			// the limit), or a 429, which go-github v60 makes a plain
			// ErrorResponse: it is a rate limit by definition.
			return retryAfter, "rate limited"
		case errors.As(err, &rate):
			if d := time.Until(rate.Rate.Reset.Time); d > 0 && d <= t.maxDelay {
				return d, "rate limit reached"
			}
			return 0, "" // resets too late to wait for
		}
	}
	return 0, ""
}

func isContextErr(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// sleepCtx waits d or until ctx is done.
func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

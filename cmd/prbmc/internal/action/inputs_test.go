package action

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/sethvargo/go-githubactions"

	"github.com/prbmc/prbmc/report/results"
	"github.com/prbmc/prbmc/report/sarif"
)

func TestParseInputs(t *testing.T) {
	defaults := Inputs{FunctionTimeout: 60 * time.Second, TimeBudget: 15 * time.Minute, MaxK: 20,
		Checks: strings.Split(DefaultChecks, ","), Comment: CommentReview, SarifUpload: true, FailOn: FailOnUnsafe, CallerDepth: 2, Category: Category, WaitForProcessing: true,
		Levels: sarif.Levels{Failure: "error", Contract: "note", Unknown: "none"}}
	for _, tc := range []struct {
		name string
		env  map[string]string
		want func(*Inputs)
		err  string
	}{
		{name: "defaults", env: nil, want: func(*Inputs) {}},
		{name: "all set, Docker spelling", env: map[string]string{
			"INPUT_GITHUB-TOKEN": "tok", "INPUT_PATHS": "src/*.c, lib/**/*.c\n\ninclude/x.c", "INPUT_BASE": "main",
			"INPUT_FUNCTION-TIMEOUT": "90", "INPUT_TIME-BUDGET": "1h", "INPUT_MAX-K": "3", "INPUT_CHECKS": "overflow",
			"INPUT_COMPILE-COMMANDS": "build/compile_commands.json", "INPUT_INCLUDE-DIRS": "inc\nthird_party/inc",
			"INPUT_DEFINES": "NDEBUG,WIDTH=8", "INPUT_COMMENT": "summary", "INPUT_SARIF-UPLOAD": "False", "INPUT_FAIL-ON": "unknown",
			"INPUT_CALLER-DEPTH": "3", "INPUT_CATEGORY": "prbmc/lib", "INPUT_WAIT-FOR-PROCESSING": "FALSE",
			"INPUT_LEVEL": "unknown=warning", "INPUT_CACHE-MAX-AGE": "168h"},
			want: func(in *Inputs) {
				*in = Inputs{Token: "tok", Paths: []string{"src/*.c", "lib/**/*.c", "include/x.c"}, Base: "main",
					FunctionTimeout: 90 * time.Second, TimeBudget: time.Hour, MaxK: 3, Checks: []string{"overflow"},
					CompileCommands: "build/compile_commands.json", IncludeDirs: []string{"inc", "third_party/inc"},
					Defines: []string{"NDEBUG", "WIDTH=8"}, Comment: CommentSummary, SarifUpload: false, FailOn: FailOnUnknown, CallerDepth: 3, Category: "prbmc/lib/",
					Levels: sarif.Levels{Failure: "error", Contract: "note", Unknown: "warning"}}
			}},
		{name: "composite spelling", env: map[string]string{"INPUT_GITHUB_TOKEN": "tok2", "INPUT_TIME_BUDGET": "0", "INPUT_FAIL_ON": "never"},
			want: func(in *Inputs) { in.Token, in.TimeBudget, in.FailOn = "tok2", 0, FailOnNever }},
		{name: "blank is the default", env: map[string]string{"INPUT_MAX-K": "  ", "INPUT_COMMENT": ""}, want: func(*Inputs) {}},
		{name: "bad duration", env: map[string]string{"INPUT_TIME-BUDGET": "ten minutes"}, err: `input time-budget: "ten minutes" is not a duration`},
		{name: "negative duration", env: map[string]string{"INPUT_FUNCTION-TIMEOUT": "-5s"}, err: "input function-timeout"},
		{name: "bad max-k", env: map[string]string{"INPUT_MAX-K": "0"}, err: `input max-k: "0" is not a positive whole number`},
		{name: "unknown check", env: map[string]string{"INPUT_CHECKS": "assertions,races"}, err: `input checks: unknown check "races"`},
		// action.yml and the README offer all; the checker reads names
		// in any case.
		{name: "checks all", env: map[string]string{"INPUT_CHECKS": "all"}, want: func(in *Inputs) { in.Checks = []string{"all"} }},
		{name: "checks in capitals", env: map[string]string{"INPUT_CHECKS": "Overflow, POINTER"}, want: func(in *Inputs) { in.Checks = []string{"Overflow", "POINTER"} }},
		{name: "bad comment", env: map[string]string{"INPUT_COMMENT": "inline"}, err: `input comment: "inline" is not one of review, summary, none`},
		{name: "bad sarif-upload", env: map[string]string{"INPUT_SARIF-UPLOAD": "yes"}, err: `input sarif-upload: "yes" is not true or false`},
		{name: "bad caller-depth", env: map[string]string{"INPUT_CALLER-DEPTH": "-1"}, err: `input caller-depth: "-1" is not a whole number from 0 to 8`},
		{name: "category kept", env: map[string]string{"INPUT_CATEGORY": "prbmc/src/"}, want: func(in *Inputs) { in.Category = "prbmc/src/" }},
		{name: "bad category", env: map[string]string{"INPUT_CATEGORY": "prbmc lib"}, err: `input category: "prbmc lib" is not a category`},
		{name: "bad wait-for-processing", env: map[string]string{"INPUT_WAIT-FOR-PROCESSING": "2m"}, err: `input wait-for-processing: "2m" is not true or false`},
		{name: "bad level", env: map[string]string{"INPUT_LEVEL": "failure=fatal"}, err: `input level: "fatal" is not a level for failure: one of error, warning, note`},
		{name: "cache", env: map[string]string{"INPUT_CACHE": "True"}, want: func(in *Inputs) { in.CacheDir, in.CacheMaxAge = ".prbmc-cache", 720*time.Hour }},
		{name: "cache kept for ever", env: map[string]string{"INPUT_CACHE": "true", "INPUT_CACHE-MAX-AGE": "0"}, want: func(in *Inputs) { in.CacheDir, in.CacheMaxAge = ".prbmc-cache", 0 }},
		{name: "cache age in days", env: map[string]string{"INPUT_CACHE_MAX_AGE": "30d"}, err: `input cache-max-age: "30d" is not a duration`},
		{name: "cache elsewhere", env: map[string]string{"INPUT_CACHE": "true", "INPUT_CACHE_DIR": "build/cache"}, want: func(in *Inputs) { in.CacheDir, in.CacheMaxAge = "build/cache", 720*time.Hour }},
		{name: "cache-dir without cache", env: map[string]string{"INPUT_CACHE-DIR": "build/cache"}, want: func(*Inputs) {}},
		{name: "bad cache", env: map[string]string{"INPUT_CACHE": "yes"}, err: `input cache: "yes" is not true or false`},
		{name: "shard", env: map[string]string{"INPUT_SHARD": "2/4"}, want: func(in *Inputs) { in.Shard = &results.Shard{Index: 2, Count: 4} }},
		{name: "bad shard", env: map[string]string{"INPUT_SHARD": "5/4"}, err: `input shard: 5/4: want 1 <= i <= N <= 256`},
		{name: "shard not i/N", env: map[string]string{"INPUT_SHARD": "2"}, err: `input shard: "2": want i/N, e.g. 2/4`},
		{name: "bad fail-on", env: map[string]string{"INPUT_FAIL-ON": "bounded"}, err: `input fail-on: "bounded" is not one of unsafe, contract, unknown, never`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			getenv := func(k string) string { return tc.env[k] }
			a := githubactions.New(githubactions.WithGetenv(getenv))
			got, err := parseInputs(inputGetter(a.GetInput, getenv))
			if !wantErr(t, err, tc.err) {
				return
			}
			want := defaults
			tc.want(&want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got  %+v\nwant %+v", got, want)
			}
		})
	}
}

func TestResolveTarget(t *testing.T) {
	pr := func(base, head, baseRepo, headRepo string) map[string]any {
		return map[string]any{"number": 7.0, "repository": map[string]any{"full_name": baseRepo},
			"pull_request": map[string]any{"number": 7.0, "base": map[string]any{"sha": base}, "head": map[string]any{"sha": head, "repo": map[string]any{"full_name": headRepo}}}}
	}
	for _, tc := range []struct {
		name, event, baseInput, sha string
		payload                     map[string]any
		want                        target
		err                         string
	}{
		{name: "pull request", event: "pull_request", payload: pr("b1", "h1", "o/r", "o/r"),
			want: target{PR: 7, Base: "b1", Head: "h1", Ref: "refs/pull/7/head"}},
		{name: "fork", event: "pull_request", payload: pr("b1", "h1", "o/r", "someone/r"),
			want: target{PR: 7, Base: "b1", Head: "h1", Ref: "refs/pull/7/head", Fork: true}},
		{name: "base input wins", event: "pull_request_target", baseInput: "release", payload: pr("b1", "h1", "o/r", "o/r"),
			want: target{PR: 7, Base: "release", Head: "h1", Ref: "refs/pull/7/head"}},
		{name: "pull request without commits", event: "pull_request", payload: map[string]any{"number": 7.0}, err: "has no pull_request with base and head commits"},
		{name: "push", event: "push", payload: map[string]any{"ref": "refs/heads/main", "before": "b2", "after": "h2"},
			want: target{Base: "b2", Head: "h2", Ref: "refs/heads/main"}},
		{name: "new branch", event: "push", payload: map[string]any{"ref": "refs/heads/x", "before": zeroSHA, "after": "h3", "created": true},
			want: target{Base: "", Head: "h3", Ref: "refs/heads/x"}},
		{name: "deleted branch", event: "push", payload: map[string]any{"ref": "refs/heads/x", "before": "b4", "after": zeroSHA, "deleted": true},
			want: target{Base: "b4", Ref: "refs/heads/x", Nothing: "the push deleted refs/heads/x"}},
		{name: "dispatch with base", event: "workflow_dispatch", baseInput: "main", sha: "h5", payload: map[string]any{},
			want: target{Base: "main", Head: "h5"}},
		{name: "dispatch without base", event: "workflow_dispatch", sha: "h5", payload: map[string]any{}, err: "has no base to compare with: set the base input"},
		{name: "not in Actions", event: "", payload: map[string]any{}, err: "GITHUB_EVENT_NAME is not set"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gc := &githubactions.GitHubContext{EventName: tc.event, Repository: "o/r", SHA: tc.sha, Event: tc.payload}
			got, err := resolveTarget(gc, tc.baseInput)
			if !wantErr(t, err, tc.err) {
				return
			}
			tc.want.Owner, tc.want.Repo, tc.want.EventName = "o", "r", tc.event
			if got != tc.want {
				t.Errorf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}
	if _, err := resolveTarget(&githubactions.GitHubContext{EventName: "push"}, ""); err == nil || !strings.Contains(err.Error(), "GITHUB_REPOSITORY") {
		t.Errorf("no repository: err = %v", err)
	}
}

// wantErr fails t unless err is what a table case wants: an error
// containing want, or none if want is empty. It reports whether the case
// goes on to check a result (no error wanted).
func wantErr(t *testing.T, err error, want string) bool {
	t.Helper()
	if want != "" {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("err = %v, want %q", err, want)
		}
		return false
	}
	if err != nil {
		t.Fatal(err)
	}
	return true
}

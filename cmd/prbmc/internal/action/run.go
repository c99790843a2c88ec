package action

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/sethvargo/go-githubactions"

	"github.com/prbmc/prbmc/diffscope"
	"github.com/prbmc/prbmc/report"
	"github.com/prbmc/prbmc/report/markdown"
	"github.com/prbmc/prbmc/report/results"
	"github.com/prbmc/prbmc/report/sarif"
	"github.com/prbmc/prbmc/verifier/result"
)

// Env is the world the action runs in: the runner's environment variables
// (inputs are INPUT_* variables, files are named by GITHUB_OUTPUT,
// GITHUB_STEP_SUMMARY, GITHUB_EVENT_PATH), the log, and the network.
// Tests fill it in; OSEnv is the real one.
type Env struct {
	Getenv func(string) string
	// Stdout is the step's log, where workflow commands go.
	Stdout io.Writer
	// Transport carries the API requests (nil: http.DefaultTransport).
	Transport http.RoundTripper
	// Sleep waits between retries (nil: a timer honouring ctx).
	Sleep func(context.Context, time.Duration) error
	// GitHub is the API publishing uses (nil: a go-github client for
	// GITHUB_API_URL over Transport).
	GitHub GitHub
	// Version is prbmc's version, for the SARIF log.
	Version string
	// Scrub removes the secrets from the environment once the inputs are
	// read, before anything looks at the repository (nil: nothing to do).
	Scrub func()
}

// OSEnv is the process's environment and standard output.
func OSEnv(version string) Env {
	return Env{Getenv: os.Getenv, Stdout: os.Stdout, Version: version, Scrub: ScrubProcessEnv}
}

// ScrubProcessEnv unsets the variables that hold or lead to credentials:
// the token input (and every other input, all read by then), GITHUB_TOKEN
// and the runner's own tokens. Git and the C compiler, which the check
// runs, inherit the environment; the checker processes get an allowlist
// of variables anyway (check.ChildEnv).
func ScrubProcessEnv() {
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if isSecretVar(k) {
			os.Unsetenv(k)
		}
	}
}

// isSecretVar reports whether an environment variable may hold a
// credential.
func isSecretVar(k string) bool {
	u := strings.ToUpper(k)
	switch {
	case strings.HasPrefix(u, "INPUT_"), strings.HasPrefix(u, "ACTIONS_ID_TOKEN"), strings.HasPrefix(u, "ACTIONS_RUNTIME"),
		strings.HasPrefix(u, "ACTIONS_CACHE"), strings.HasPrefix(u, "ACTIONS_RESULTS"):
		return true
	}
	for _, w := range []string{"TOKEN", "SECRET", "PASSWORD", "PASSWD", "CREDENTIAL", "PRIVATE_KEY", "API_KEY"} {
		if strings.Contains(u, w) {
			return true
		}
	}
	return false
}

// Exit statuses.
const (
	ExitOK    = 0
	ExitFail  = 1 // fail-on matched, or the checker could not run
	ExitUsage = 2 // a bad input or not running in GitHub Actions
)

// SarifFileName is the SARIF log's file, in the workspace; the sarif-file
// output gives it relative to the workspace, which is the working directory
// of later steps both inside the action's container and on the runner.
const SarifFileName = "prbmc-results.sarif"

// ResultsFileName is the results file the action writes in the
// workspace (the results-file output), for a later `prbmc publish`.
const ResultsFileName = "prbmc-results.json"

// SummaryMarker marks the sticky summary comment.
const SummaryMarker = "prbmc:summary"

// violationMarker marks an inline comment with its violation's
// fingerprint.
const violationMarker = "prbmc:violation "

// Category is the default code-scanning category (the category input:
// SARIF runAutomationDetails.id).
const Category = "prbmc/"

// maxAnnotations is how many annotations of one severity GitHub shows per
// step.
const maxAnnotations = 10

// publishTimeout bounds the publishing after the check, which runs even
// when the time budget is spent.
const publishTimeout = 3 * time.Minute

// Run is `prbmc action`: it checks what the event changed with checker and
// publishes the outcome. It returns the exit status; it never panics on
// bad input or a failing API.
func Run(ctx context.Context, env Env, checker Checker) int {
	return newRun(env).main(ctx, checker)
}

// newRun is the state of one invocation in env, its log redacting the
// token.
func newRun(env Env) *run {
	if env.Getenv == nil {
		env.Getenv = os.Getenv
	}
	if env.Stdout == nil {
		env.Stdout = os.Stdout
	}
	if env.Sleep == nil {
		env.Sleep = sleepCtx
	}
	log := &redactor{w: env.Stdout}
	a := githubactions.New(githubactions.WithGetenv(env.Getenv), githubactions.WithWriter(log))
	// Known before anything is printed, so no line can show it.
	log.setSecret(strings.TrimSpace(inputGetter(a.GetInput, env.Getenv)("github-token")))
	return &run{env: env, a: a, log: log}
}

// run is one invocation's state.
type run struct {
	env Env
	a   *githubactions.Action
	log *redactor
	in  Inputs
	tgt target
	// repoDir is the workspace, absolute.
	repoDir string
	// notices are what went wrong while publishing, for the job summary.
	notices []string
	// resultsFile is the results file written, relative to the
	// workspace ("" if none).
	resultsFile string
	// sarifID is the code-scanning upload's id ("" if none).
	sarifID string
}

// recoverExit turns a panic into an error annotation and ExitFail.
func (r *run) recoverExit(exit *int) {
	if p := recover(); p != nil {
		// go-githubactions panics when it cannot write a file command.
		r.a.Errorf("prbmc: internal error: %v", p)
		*exit = ExitFail
	}
}

// setup reads the context, the inputs (then scrubs the secrets from the
// environment) and the event's target; it returns -1, or the exit status
// when there is nothing more to do.
func (r *run) setup() int {
	gc, err := r.a.Context()
	if gc == nil {
		r.a.Errorf("prbmc: reading the GitHub context: %v", err)
		return ExitUsage
	}
	r.in, err = parseInputs(inputGetter(r.a.GetInput, r.a.Getenv))
	if r.env.Scrub != nil {
		r.env.Scrub()
	}
	if err != nil {
		r.a.Errorf("prbmc: %v", err)
		return ExitUsage
	}
	if r.tgt, err = resolveTarget(gc, r.in.Base); err != nil {
		r.a.Errorf("prbmc: %v", err)
		return ExitUsage
	}
	r.repoDir = gc.Workspace
	if r.repoDir == "" {
		r.repoDir, _ = os.Getwd()
	}
	if abs, err := filepath.Abs(r.repoDir); err == nil {
		r.repoDir = abs
	}
	if r.tgt.Nothing != "" {
		r.a.Noticef("prbmc: nothing to check: %s", r.tgt.Nothing)
		if r.a.Getenv("GITHUB_STEP_SUMMARY") != "" {
			r.safely("write the job summary", func() {
				r.a.AddStepSummary("### prbmc: nothing to check\n\n" + markdown.Text(upperFirst(r.tgt.Nothing)) + ".\n")
			})
		}
		r.setOutputs(counts{}, "")
		return ExitOK
	}
	return -1
}

func (r *run) main(ctx context.Context, checker Checker) (exit int) {
	defer r.recoverExit(&exit)
	if code := r.setup(); code >= 0 {
		return code
	}
	if r.in.Results != "" {
		// The second stage of a two-stage workflow: publish what the
		// first checked.
		path := r.in.Results
		if !filepath.IsAbs(path) {
			path = filepath.Join(r.repoDir, path)
		}
		return r.publishFile(ctx, PublishOptions{Results: path, PR: r.in.PullRequest})
	}
	if r.tgt.EventName == "workflow_run" && r.tgt.Base == "" {
		r.a.Errorf("prbmc: on workflow_run the action publishes the results of an earlier run: set the results input (or base, to check the commit)")
		return ExitUsage
	}
	if r.tgt.PR > 0 && r.in.Base == "" {
		r.useMergeBase(ctx)
	}
	r.checkWorkTree(ctx)

	req := CheckRequest{
		RepoDir: r.repoDir, Base: r.tgt.Base, Head: r.tgt.Head, Paths: r.in.Paths,
		FunctionTimeout: r.in.FunctionTimeout, TimeBudget: r.in.TimeBudget, MaxK: r.in.MaxK,
		Checks: r.in.Checks, CompileCommands: r.in.CompileCommands,
		IncludeDirs: r.in.IncludeDirs, Defines: r.in.Defines,
		MemoryMiB: r.in.MemoryMiB, Jobs: r.in.Jobs, Shard: r.in.Shard,
		// A push was made by someone who may write to the repository: its
		// harness files are the maintainers'. A pull request's are not.
		TrustHeadHarness: r.in.TrustPRHarness || r.tgt.PR == 0,
		CallerDepth:      r.in.CallerDepth,
		CacheDir:         r.in.CacheDir,
		CacheMaxAge:      r.in.CacheMaxAge,
	}
	r.a.Group(fmt.Sprintf("prbmc: checking the functions changed in %s", describeRange(r.tgt)))
	checkCtx, cancel := budgetContext(ctx, r.in.TimeBudget)
	start := time.Now()
	res, err := checker.Check(checkCtx, req, r.log)
	cancel()
	r.a.EndGroup()
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) && res == nil {
			err = fmt.Errorf("the checker did not stop within the time budget (%s) and returned nothing: %w", r.in.TimeBudget, err)
		}
		r.a.Errorf("prbmc: checking: %v", err)
		if res == nil {
			return ExitFail
		}
	}
	if res == nil {
		res = &results.File{Base: req.Base, Head: req.Head}
	}
	o := outcomeOf(res)
	r.a.Infof("prbmc: %d functions checked, %d not checked, in %s", len(o.Functions), len(o.NotChecked), time.Since(start).Round(time.Millisecond))
	r.writeResults(res)

	pubCtx, cancelPub := context.WithTimeout(context.WithoutCancel(ctx), publishTimeout)
	defer cancelPub()
	return r.publishResults(pubCtx, res, "")
}

// budgetContext bounds the check by the time budget plus a grace period
// for the checker to stop and hand back what it finished: the checker
// keeps to the budget itself; the deadline is a backstop.
func budgetContext(ctx context.Context, budget time.Duration) (context.Context, context.CancelFunc) {
	if budget <= 0 {
		return context.WithCancel(ctx)
	}
	grace := min(max(budget/10, 5*time.Second), time.Minute)
	return context.WithTimeout(ctx, budget+grace)
}

func describeRange(t target) string {
	if t.Base == "" {
		return short(t.Head) + " (no base: every function in scope)"
	}
	return short(t.Base) + ".." + short(t.Head)
}

func short(sha string) string {
	if len(sha) == 40 {
		return sha[:12]
	}
	return sha
}

// useMergeBase compares with the merge base of the pull request's base and
// head, as GitHub's diff of a pull request does, so that commits on the
// base branch since the branch point do not count as changes.
func (r *run) useMergeBase(ctx context.Context) {
	out, err := git(ctx, r.repoDir, "merge-base", r.tgt.Base, r.tgt.Head)
	if err != nil {
		r.a.Warningf("prbmc: no merge base of %s and %s (%v): comparing with the base commit; check out with fetch-depth: 0", short(r.tgt.Base), short(r.tgt.Head), err)
		return
	}
	r.tgt.Base = out
}

// checkWorkTree warns when the work tree is not at the head commit (the
// default checkout of a pull request is the merge commit): the comments
// are on the head commit's lines.
func (r *run) checkWorkTree(ctx context.Context) {
	out, err := git(ctx, r.repoDir, "rev-parse", "HEAD")
	if err != nil || r.tgt.Head == "" || out == r.tgt.Head {
		return
	}
	if full, err := git(ctx, r.repoDir, "rev-parse", r.tgt.Head+"^{commit}"); err == nil && full == out {
		return
	}
	r.a.Warningf("prbmc: the work tree is at %s, not at the commit checked (%s): check out with ref: ${{ github.event.pull_request.head.sha }}", short(out), short(r.tgt.Head))
}

// git runs git in dir (diffscope's runner: the repository is a pull
// request's) and returns its output without the final newline.
func git(ctx context.Context, dir string, args ...string) (string, error) {
	out, err := (&diffscope.Repo{Dir: dir}).Git(ctx, args...)
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}

// counts are the outputs' numbers of functions.
type counts struct{ unsafe, safe, bounded, unknown, notes int }

// count files each function by verdict; a function the budget left
// unchecked counts as unknown, as nothing was proved about it.
func count(o *CheckOutcome) counts {
	var c counts
	for _, f := range o.Functions {
		if f.Result != nil && len(f.Result.Notes()) > 0 {
			c.notes++
		}
		switch {
		case f.Result == nil:
			c.unknown++
		case f.Result.Verdict == result.Unsafe:
			c.unsafe++
		case f.Result.Verdict == result.Safe && !vacuous(f.Result):
			c.safe++
		case f.Result.Verdict == result.Bounded:
			c.bounded++
		default:
			c.unknown++
		}
	}
	for _, s := range o.NotChecked {
		if s.Reason == SkipBudget || s.Reason == SkipHidden || s.Reason == SkipShard {
			c.unknown++
		}
	}
	return c
}

// vacuous reports whether a safe result proves nothing: no property it
// proved is reached by any execution of the harness (unreachable, or
// every path assumed away).
func vacuous(r *result.Result) bool {
	if r.Verdict == result.Unreachable {
		return true
	}
	for _, p := range r.Props {
		if p.Verdict != result.Unreachable {
			return false
		}
	}
	return len(r.Props) > 0
}

// violation is one failing property, ready to publish.
type violation struct {
	index int // in the run's order
	fn    report.FunctionResult
	prop  result.Property
	fp    string
	path  string // relative to the repository root, with slashes; "" outside it
	line  int
	body  string // the review comment
	opts  markdown.CommentOptions
}

// rerunCommand is the command that checks file's changed functions
// again in a clone at the head commit ("" without a base). The action
// checks functions through generated harnesses, which `prbmc verify` does
// not build: the command re-runs the check.
func (r *run) rerunCommand(file string) string {
	if r.tgt.Base == "" || file == "" {
		return ""
	}
	return fmt.Sprintf("prbmc check --base %s --paths %s", short(r.tgt.Base), markdown.ShellQuote(file))
}

func (r *run) violations(o *CheckOutcome) []violation {
	fps := sarif.Fingerprints(o.Functions)
	var out []violation
	for i, f := range o.Functions {
		if f.Result == nil {
			continue
		}
		for j, p := range f.Result.Props {
			if !p.Fails() {
				// Contract and stub notes are in the summary and the
				// SARIF log, not on the diff.
				continue
			}
			v := violation{index: len(out), fn: f, prop: p, fp: fps[i][j], path: r.relPath(p.Location.File), line: p.Location.Line}
			opts := markdown.CommentOptions{Entry: f.Name, Marker: violationMarker + v.fp}
			if file := r.relPath(f.File); file != "" {
				opts.Files = []string{file}
			} else if v.path != "" {
				opts.Files = []string{v.path}
			}
			if opts.Files != nil {
				if opts.Command = r.rerunCommand(opts.Files[0]); opts.Command != "" {
					opts.CommandIntro = "**Re-run** the check that found it, in a clone at this commit:"
				}
			}
			v.body, v.opts = markdown.ViolationComment(p, opts), opts
			out = append(out, v)
		}
	}
	return out
}

// relPath is a result's file relative to the repository root, "" when it
// is not a file of the repository.
func (r *run) relPath(file string) string {
	if !report.IsSourceFile(file) {
		return ""
	}
	if filepath.IsAbs(file) {
		rel, err := filepath.Rel(r.repoDir, file)
		if err != nil {
			return ""
		}
		file = rel
	}
	file = filepath.ToSlash(filepath.Clean(file))
	if file == ".." || strings.HasPrefix(file, "../") {
		return ""
	}
	return file
}

// notChecked turns the checker's skipped functions into the summary's.
func notChecked(o *CheckOutcome, budget time.Duration) []markdown.NotChecked {
	var out []markdown.NotChecked
	for _, s := range o.NotChecked {
		why := s.Detail
		if why == "" {
			switch s.Reason {
			case SkipBudget:
				why = "the time budget ran out before its turn"
				if budget > 0 {
					why = fmt.Sprintf("the time budget (%s) ran out before its turn", budget)
				}
			case SkipNothing:
				why = "nothing to check"
			case SkipRemoved:
				why = "removed"
			case SkipExcluded:
				why = "outside the paths checked"
			case SkipHidden:
				why = "the changed file could not be read as C text: nothing in it was checked"
			default:
				why = string(s.Reason)
			}
		}
		out = append(out, markdown.NotChecked{Name: s.Name, File: s.File, Line: s.Line, Reason: why})
	}
	return out
}

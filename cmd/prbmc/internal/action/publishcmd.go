package action

import (
	"context"
	"fmt"
	"strings"

	"github.com/prbmc/prbmc/diffscope"
	"github.com/prbmc/prbmc/report/results"
)

// PublishOptions are `prbmc publish`'s flags.
type PublishOptions struct {
	// Results is the results file to publish.
	Results string
	// ExpectSHA, when set, is the commit the results must be of; it must
	// also be the event's head when the event names one.
	ExpectSHA string
	// PR is the pull request to publish to when the event names none (a
	// workflow_run of a fork's pull request, for which GitHub leaves the
	// list out); its head must be the results' commit.
	PR int
}

// Publish is `prbmc publish`: it posts a results file to GitHub as the
// action's publish stage does (SARIF upload, review, summary comment, job
// summary, annotations, outputs), reading the inputs and the event as
// the action does. It checks nothing and runs nothing; it refuses, with
// ExitUsage, results of another commit than the event's head (or
// opts.ExpectSHA).
func Publish(ctx context.Context, env Env, opts PublishOptions) (exit int) {
	r := newRun(env)
	defer r.recoverExit(&exit)
	if code := r.setup(); code >= 0 {
		return code
	}
	if opts.PR == 0 {
		opts.PR = r.in.PullRequest
	}
	return r.publishFile(ctx, opts)
}

// publishFile publishes the results file opts names, once it decodes and
// its commit is the one expected.
func (r *run) publishFile(ctx context.Context, opts PublishOptions) int {
	f, err := readResults(opts.Results)
	if err != nil {
		r.a.Errorf("prbmc publish: %v", err)
		return ExitUsage
	}
	want := strings.ToLower(opts.ExpectSHA)
	switch {
	case want != "" && r.tgt.Head != "" && !strings.EqualFold(want, r.tgt.Head):
		r.a.Errorf("prbmc publish: --expect-sha %s is not the event's head commit %s: refusing to publish", short(want), short(r.tgt.Head))
		return ExitUsage
	case want == "":
		want = r.tgt.Head
	}
	if opts.PR > 0 && r.tgt.PR == 0 {
		if code := r.usePR(ctx, opts.PR, want); code >= 0 {
			return code
		}
	}
	if r.tgt.EventName == "workflow_run" && r.tgt.PR == 0 && r.tgt.Ref == "" {
		r.a.Errorf("prbmc publish: the workflow_run event names no pull request (GitHub leaves out a fork's): pass --pr NUMBER (the pull-request input)")
		return ExitUsage
	}
	pubCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), publishTimeout)
	defer cancel()
	return r.publishResults(pubCtx, f, want)
}

// readResults decodes the results file at path.
func readResults(path string) (*results.File, error) {
	if path == "" {
		return nil, fmt.Errorf("--results FILE is required")
	}
	return results.ReadFile(path)
}

// usePR makes pull request n the target, once GitHub confirms its head is
// commit want (the number may come from an untrusted artifact; the
// commit from the trusted event or workflow). It returns -1, or the exit
// status.
func (r *run) usePR(ctx context.Context, n int, want string) int {
	if want == "" {
		r.a.Errorf("prbmc publish: --pr needs the commit to publish for: pass --expect-sha")
		return ExitUsage
	}
	if r.in.Token == "" {
		r.a.Errorf("prbmc publish: --pr %d: no github-token to ask GitHub for the pull request's head", n)
		return ExitUsage
	}
	gh, err := r.newGitHub()
	if err != nil {
		r.a.Errorf("prbmc publish: %v", err)
		return ExitUsage
	}
	pr, err := gh.PullRequest(ctx, n)
	if err != nil {
		r.a.Errorf("prbmc publish: reading pull request #%d: %v", n, err)
		return ExitUsage
	}
	if head := pr.Head; !strings.EqualFold(head, want) {
		r.a.Errorf("prbmc publish: pull request #%d is at %s, not at %s: refusing to publish", n, short(head), short(want))
		return ExitUsage
	}
	r.tgt.PR, r.tgt.Ref, r.tgt.Head = n, fmt.Sprintf("refs/pull/%d/head", n), want
	if head, base := pr.HeadRepo, pr.BaseRepo; head != "" && base != "" && !strings.EqualFold(head, base) {
		r.tgt.Fork = true
	}
	return -1
}

// publishResults publishes f, the results of commit want ("" for the
// event's head): the one publish path of `prbmc action` and `prbmc
// publish`.
func (r *run) publishResults(ctx context.Context, f *results.File, want string) int {
	if want == "" {
		want = r.tgt.Head
	}
	if !strings.EqualFold(f.Head, want) {
		r.a.Errorf("prbmc: the results are of commit %s, not of the head being published (%s): refusing to publish them", short(f.Head), short(want))
		return ExitUsage
	}
	// The re-run command compares with what the check compared with.
	r.tgt.Base = f.Base
	if f.Base == diffscope.EmptyTree {
		r.tgt.Base = ""
	}
	o := outcomeOf(f)
	for _, w := range o.Warnings {
		r.notice("%s.", upperFirst(w))
	}
	return r.publish(ctx, o)
}

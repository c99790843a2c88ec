package action

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/google/go-github/v60/github"
	"github.com/sethvargo/go-githubactions"
)

// target is what the event says to check and where to publish.
type target struct {
	Owner, Repo string
	EventName   string
	PR          int    // the pull request's number, 0 for a push
	Base, Head  string // revisions compared; Base "" means none
	Ref         string // the ref the analysis is of, for code scanning
	// Fork: the pull request comes from another repository, so the token
	// is probably read-only.
	Fork bool
	// Nothing, when set, says why there is nothing to check (a deleted
	// branch).
	Nothing string
}

const zeroSHA = "0000000000000000000000000000000000000000"

// resolveTarget reads base and head from the event: a pull request's base
// and head commits, or a push's range (before..after). The base input,
// when set, replaces the base.
func resolveTarget(gc *githubactions.GitHubContext, baseInput string) (target, error) {
	t := target{EventName: gc.EventName}
	t.Owner, t.Repo = gc.Repo()
	if t.Owner == "" || t.Repo == "" {
		return t, fmt.Errorf("GITHUB_REPOSITORY is not set (owner/name): prbmc action runs inside GitHub Actions")
	}
	raw, err := json.Marshal(gc.Event)
	if err != nil {
		return t, fmt.Errorf("event payload: %w", err)
	}
	switch gc.EventName {
	case "pull_request", "pull_request_target":
		var ev github.PullRequestEvent
		if err := json.Unmarshal(raw, &ev); err != nil {
			return t, fmt.Errorf("%s event payload (%s): %w", gc.EventName, gc.EventPath, err)
		}
		pr := ev.GetPullRequest()
		if pr == nil || pr.GetHead().GetSHA() == "" || pr.GetBase().GetSHA() == "" {
			return t, fmt.Errorf("%s event payload (%s) has no pull_request with base and head commits", gc.EventName, gc.EventPath)
		}
		t.PR = pr.GetNumber()
		if t.PR == 0 {
			t.PR = ev.GetNumber()
		}
		t.Base, t.Head = pr.GetBase().GetSHA(), pr.GetHead().GetSHA()
		t.Ref = fmt.Sprintf("refs/pull/%d/head", t.PR)
		if head, base := pr.GetHead().GetRepo().GetFullName(), ev.GetRepo().GetFullName(); head != "" && base != "" && !strings.EqualFold(head, base) {
			t.Fork = true
		}
	case "push":
		var ev github.PushEvent
		if err := json.Unmarshal(raw, &ev); err != nil {
			return t, fmt.Errorf("push event payload (%s): %w", gc.EventPath, err)
		}
		t.Ref = ev.GetRef()
		t.Base, t.Head = ev.GetBefore(), ev.GetAfter()
		switch {
		case ev.GetDeleted() || t.Head == zeroSHA:
			t.Nothing = fmt.Sprintf("the push deleted %s", t.Ref)
			t.Head = ""
		case t.Base == zeroSHA || ev.GetCreated():
			t.Base = "" // a new branch or tag: no range to compare
		}
		if t.Head == "" && t.Nothing == "" {
			t.Head = gc.SHA
		}
	case "workflow_run":
		// The second stage of a two-stage workflow (prbmc publish): it
		// runs in the base repository's context after the first stage,
		// for the commit that stage ran on. GitHub lists the pull
		// requests of that commit, except a fork's.
		var ev github.WorkflowRunEvent
		if err := json.Unmarshal(raw, &ev); err != nil {
			return t, fmt.Errorf("workflow_run event payload (%s): %w", gc.EventPath, err)
		}
		wr := ev.GetWorkflowRun()
		t.Head = wr.GetHeadSHA()
		for _, pr := range wr.PullRequests {
			if strings.EqualFold(pr.GetHead().GetSHA(), t.Head) && pr.GetNumber() > 0 {
				t.PR, t.Base = pr.GetNumber(), pr.GetBase().GetSHA()
				t.Ref = fmt.Sprintf("refs/pull/%d/head", t.PR)
				break
			}
		}
		if head, base := wr.GetHeadRepository().GetFullName(), wr.GetRepository().GetFullName(); head != "" && base != "" && !strings.EqualFold(head, base) {
			t.Fork = true
		}
		if t.PR == 0 && wr.GetHeadBranch() != "" && !t.Fork {
			t.Ref = "refs/heads/" + wr.GetHeadBranch()
		}
	case "":
		return t, fmt.Errorf("GITHUB_EVENT_NAME is not set: prbmc action runs inside GitHub Actions")
	default:
		// workflow_dispatch, schedule, …: the commit the workflow runs on,
		// compared with the base input if any.
		t.Head, t.Ref = gc.SHA, gc.Ref
		if baseInput == "" {
			return t, fmt.Errorf("event %s has no base to compare with: set the base input (a commit or branch), or run on pull_request or push", gc.EventName)
		}
	}
	if baseInput != "" {
		t.Base = baseInput
	}
	if t.Nothing == "" && t.Head == "" {
		return t, fmt.Errorf("the %s event names no head commit (GITHUB_SHA is not set)", gc.EventName)
	}
	return t, nil
}

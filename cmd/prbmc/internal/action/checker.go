package action

import (
	"context"
	"io"
	"time"

	"github.com/prbmc/prbmc/report"
)

// Checker checks the C functions that changed between two revisions of a
// repository. The action calls it once per run; the real implementation
// is the `prbmc check` pipeline.
type Checker interface {
	// Check verifies what req asks for, writing progress to log. It must
	// respect req.TimeBudget: when the budget runs out it returns what
	// it finished in Functions and lists the rest in NotChecked, with a
	// nil error. An error means nothing useful was produced (a revision
	// that does not exist, a compile_commands.json that does not parse);
	// the action reports it and fails the step.
	Check(ctx context.Context, req CheckRequest, log io.Writer) (*CheckOutcome, error)
}

// CheckerFunc adapts a function to Checker.
type CheckerFunc func(ctx context.Context, req CheckRequest, log io.Writer) (*CheckOutcome, error)

// Check calls f.
func (f CheckerFunc) Check(ctx context.Context, req CheckRequest, log io.Writer) (*CheckOutcome, error) {
	return f(ctx, req, log)
}

// CheckRequest is what the action asks the checker to do, from its inputs
// and the event.
type CheckRequest struct {
	// RepoDir is the repository's work tree (GITHUB_WORKSPACE), checked
	// out at Head.
	RepoDir string
	// Base and Head are the revisions compared (commit SHAs). Base is ""
	// when there is nothing to compare with (the first push of a
	// repository): every function in Paths is then changed.
	Base, Head string
	// Paths are globs of the C files to consider (the paths input); none
	// means every C file.
	Paths []string
	// FunctionTimeout caps one function's verification; TimeBudget caps
	// the whole run (0: no cap).
	FunctionTimeout, TimeBudget time.Duration
	// MaxK is the largest bound or induction depth tried (0: the
	// checker's default).
	MaxK int
	// Checks are the property kinds checked: assertions, overflow,
	// bounds, div-by-zero, pointer (none: the checker's default).
	Checks []string
	// CompileCommands is the path of a compile_commands.json ("" none),
	// relative to RepoDir unless absolute.
	CompileCommands string
	// IncludeDirs and Defines are extra -I and -D flags (NAME or
	// NAME=VALUE) for every file.
	IncludeDirs, Defines []string
	// MemoryMiB caps the memory of one function's check, Jobs is how many
	// run at once (0: the checker sizes them to the machine).
	MemoryMiB, Jobs int
	// TrustHeadHarness uses harness files the change adds or modifies
	// (else the base revision's are used).
	TrustHeadHarness bool
	// CallerDepth classifies failures by the callers (Inputs.CallerDepth).
	CallerDepth int
}

// CheckOutcome is what the checker found.
type CheckOutcome struct {
	// Functions are the functions verified, in the order to report them.
	// Locations in their results are relative to RepoDir (or absolute
	// under it).
	Functions []report.FunctionResult
	// NotChecked are the changed functions that were not verified, and
	// why.
	NotChecked []Skipped
	// Warnings are what the reader should know about the run as a whole
	// (a compilation database that could not be used).
	Warnings []string
}

// SkipReason says why a changed function was not verified.
type SkipReason string

// The reasons for not verifying a changed function.
const (
	// SkipBudget: the time budget ran out before its turn. It counts as
	// unknown (nothing was proved about it).
	SkipBudget SkipReason = "budget"
	// SkipNothing: the change left nothing to check (a declaration, a
	// function without properties of the kinds asked for).
	SkipNothing SkipReason = "nothing"
	// SkipRemoved: the function was deleted.
	SkipRemoved SkipReason = "removed"
	// SkipExcluded: its file is outside the paths input or not C.
	SkipExcluded SkipReason = "excluded"
	// SkipHidden: a changed C file the checker could not read as text
	// (binary to git, a symlink, a submodule, too large). Name is "";
	// it counts as unknown: whatever changed in it was not checked.
	SkipHidden SkipReason = "hidden"
)

// Skipped is a changed function that was not verified.
type Skipped struct {
	File   string // relative to RepoDir
	Name   string
	Line   int // its first line in Head, 0 if unknown (removed)
	Reason SkipReason
	// Detail adds to Reason in words ("time budget of 10m0s spent").
	Detail string
}

package action

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/prbmc/prbmc/diffscope"
	"github.com/prbmc/prbmc/report"
	"github.com/prbmc/prbmc/report/results"
	"github.com/prbmc/prbmc/verifier/result"
)

// Checker checks the C functions that changed between two revisions of a
// repository. The action calls it once per run and publishes the results
// file it returns as `prbmc publish` publishes one; the real
// implementation is the `prbmc check` pipeline.
type Checker interface {
	// Check verifies what req asks for, writing progress to log. It must
	// respect req.TimeBudget: when the budget runs out it returns what
	// it finished and lists the rest as not checked, with a nil error.
	// An error means nothing useful was produced (a revision that does
	// not exist, a compile_commands.json that does not parse); the
	// action reports it and fails the step.
	Check(ctx context.Context, req CheckRequest, log io.Writer) (*results.File, error)
}

// CheckerFunc adapts a function to Checker.
type CheckerFunc func(ctx context.Context, req CheckRequest, log io.Writer) (*results.File, error)

// Check calls f.
func (f CheckerFunc) Check(ctx context.Context, req CheckRequest, log io.Writer) (*results.File, error) {
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
	// CacheDir, when set, is the result cache's directory, relative to
	// RepoDir unless absolute: verdicts of unchanged functions are
	// reused from it and new ones stored.
	CacheDir string
	// CacheMaxAge: entries no run used for this long are evicted (0:
	// none).
	CacheMaxAge time.Duration
	// Shard, when set, checks only that shard of the scope (the shard
	// input), as prbmc check --shard does.
	Shard *results.Shard
}

// CheckOutcome is what a checker found, as publishing reads it: the
// functions checked apart from those that were not. A results file
// becomes one (outcomeOf) to be published; ResultsOf turns one into a
// results file, for checkers built on CheckFunctions.
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
	// SkipShard: a shard's results were missing when the shards were
	// merged. It counts as unknown.
	SkipShard SkipReason = "shard"
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

// ResultsOf is an outcome as a results file of the check req asked for,
// written by prbmc version: its functions in order, then the ones not
// checked. Functions with nothing to check become safe results without
// properties; a skipped function's Detail (or, for the budget, the
// budget) is the reason it was not checked.
func ResultsOf(o *CheckOutcome, req CheckRequest, version string) *results.File {
	f := &results.File{Version: version, Options: OptionsOf(req, ""), Base: req.Base, Head: req.Head, Warnings: o.Warnings, Shard: req.Shard}
	files := map[string]bool{}
	add := func(fn results.Function) {
		fn.Verdict = fn.Words()
		f.Functions = append(f.Functions, fn)
		if fn.File != "" && !files[fn.File] {
			files[fn.File] = true
			f.Files = append(f.Files, fn.File)
		}
	}
	for _, fr := range o.Functions {
		fn := results.Function{File: fr.File, Name: fr.Name, Line: fr.Line, Status: diffscope.StatusChanged, Result: fr.Result,
			Assumed: fr.Assumed, Notes: fr.Notes}
		if fr.Result != nil {
			fn.Elapsed = fr.Result.Elapsed
		}
		add(fn)
	}
	for _, s := range o.NotChecked {
		fn := results.Function{File: s.File, Name: s.Name, Line: s.Line, Status: diffscope.StatusChanged, Skip: string(s.Reason), NotChecked: s.Detail}
		switch s.Reason {
		case SkipHidden:
			f.NotRead = append(f.NotRead, diffscope.FileChange{Path: s.File, Status: "modified", Skipped: s.Detail})
			continue
		case SkipRemoved:
			fn.Status, fn.NotChecked = diffscope.StatusRemoved, "removed by the change"
		case SkipNothing:
			fn.Skip, fn.NotChecked, fn.NothingToCheck = "", "", true
			fn.Result = &result.Result{Verdict: result.Safe, Engine: "none", Entry: s.Name, Reason: s.Detail}
		case SkipBudget:
			if fn.NotChecked == "" {
				fn.NotChecked = fmt.Sprintf("the time budget (%s) ran out before its turn", req.TimeBudget)
			}
		}
		if fn.NotChecked == "" && !fn.NothingToCheck {
			fn.NotChecked = string(s.Reason)
		}
		add(fn)
	}
	f.Seal()
	return f
}

// OptionsOf are the options of req that decide verdicts, with engine:
// those of the pipeline configuration the Action checks req with.
func OptionsOf(req CheckRequest, engine string) results.Options {
	return configOf(req, engine).Options()
}

// outcomeOf is a results file as publishing reads it: the functions
// checked, and those not checked with the reason.
func outcomeOf(f *results.File) *CheckOutcome {
	out := &CheckOutcome{Warnings: f.Warnings}
	for _, fn := range f.Functions {
		sk := Skipped{File: fn.File, Name: fn.Name, Line: fn.Line}
		switch {
		case fn.Status == diffscope.StatusRemoved:
			sk.Reason, sk.Line = SkipRemoved, 0
		case fn.NotChecked != "":
			sk.Reason, sk.Detail = SkipReason(fn.Skip), fn.NotChecked
			switch sk.Reason {
			case SkipBudget, SkipShard, SkipExcluded:
			default:
				sk.Reason = SkipBudget // not checked, so unknown
			}
		case fn.NotCompiled:
			sk.Reason, sk.Detail = SkipNothing, "the preprocessor leaves it out of this build (#if)"
		case fn.NothingToCheck:
			sk.Reason, sk.Detail = SkipNothing, "it reaches no assertion or enabled check"
			if fn.Result != nil && fn.Result.Reason != "" {
				sk.Detail = fn.Result.Reason
			}
		default:
			fr := fn.FunctionResult()
			if fr.Result == nil {
				fr.Result = &result.Result{Verdict: result.Unknown, Reason: "no result", Entry: fn.Name}
			}
			out.Functions = append(out.Functions, fr)
			continue
		}
		out.NotChecked = append(out.NotChecked, sk)
	}
	for _, fc := range f.NotRead {
		out.NotChecked = append(out.NotChecked, Skipped{File: fc.Path, Reason: SkipHidden,
			Detail: fmt.Sprintf("the changed file could not be read as C text (%s): nothing in it was checked", fc.Skipped)})
	}
	return out
}

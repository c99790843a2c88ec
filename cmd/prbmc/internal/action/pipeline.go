package action

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/prbmc/prbmc/cmd/prbmc/internal/check"
	"github.com/prbmc/prbmc/diffscope"
	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/engine"
	"github.com/prbmc/prbmc/verifier/ir"
)

// Pipeline is the real Checker: the `prbmc check` pipeline (package check).
type Pipeline struct {
	Engine string // engine name, e.g. "kinduction"
	Solver engine.SolverFactory
	// Instrument returns the instrumentation for the checks input (nil
	// for assertions only), or an error naming an unknown check.
	Instrument func(checks []string) (func(*ir.Program) error, error)
	// Text writes the run's one-line-per-function report to the log.
	Text func(w io.Writer, run *check.Run)
	// Isolation, when set, gives the child processes that check one
	// function each with memMiB of memory; nil checks in this process.
	Isolation func(memMiB int) (*check.Isolation, error)
}

// Check implements Checker.
func (p Pipeline) Check(ctx context.Context, req CheckRequest, log io.Writer) (*CheckOutcome, error) {
	base := req.Base
	if base == "" {
		base = diffscope.EmptyTree // nothing to compare with: every function is new
	}
	mem, jobs := check.Size(req.MemoryMiB, req.Jobs)
	cfg := check.Config{RepoDir: req.RepoDir, Base: base, Head: req.Head, Globs: req.Paths, CompileCommands: req.CompileCommands,
		Front:           cfront.Config{IncludeDirs: req.IncludeDirs, Defines: req.Defines},
		FunctionTimeout: req.FunctionTimeout, Budget: req.TimeBudget, Jobs: jobs, Checks: req.Checks,
		TrustHeadHarness: req.TrustHeadHarness, CallerDepth: req.CallerDepth,
		Engine: engine.Options{Engine: p.Engine, MaxK: req.MaxK, Solver: p.Solver, Log: log}}
	if p.Isolation != nil {
		iso, err := p.Isolation(mem)
		if err != nil {
			return nil, err
		}
		cfg.Isolate = iso
		fmt.Fprintf(log, "prbmc: %d functions at a time, each in its own process with %d MiB\n", jobs, mem)
	}
	if p.Instrument != nil {
		inst, err := p.Instrument(req.Checks)
		if err != nil {
			return nil, err
		}
		cfg.Instrument = inst
	}
	start := time.Now()
	run, err := check.Execute(ctx, cfg, nil)
	if err != nil {
		return nil, err
	}
	if p.Text != nil {
		p.Text(log, run)
	}
	out := OutcomeOf(run, req.TimeBudget)
	fmt.Fprintf(log, "prbmc: checked %d functions in %s\n", len(out.Functions), time.Since(start).Round(time.Millisecond))
	return out, nil
}

// OutcomeOf is what the action publishes of a run.
func OutcomeOf(run *check.Run, budget time.Duration) *CheckOutcome {
	out := &CheckOutcome{Warnings: run.Scope.Warnings}
	for _, cf := range run.Funcs {
		sk := Skipped{File: cf.Scope.File, Name: cf.Scope.Name, Line: cf.Scope.StartLine}
		switch {
		case !cf.Scope.Verify():
			sk.Reason, sk.Line = SkipRemoved, 0
			out.NotChecked = append(out.NotChecked, sk)
		case cf.NotChecked != "":
			sk.Reason, sk.Detail = SkipBudget, fmt.Sprintf("the time budget (%s) ran out before it was checked", budget)
			out.NotChecked = append(out.NotChecked, sk)
		case cf.Outcome.NotCompiled:
			sk.Reason, sk.Detail = SkipNothing, "the preprocessor leaves it out of this build (#if)"
			out.NotChecked = append(out.NotChecked, sk)
		case cf.Outcome.NothingToCheck:
			sk.Reason, sk.Detail = SkipNothing, "it reaches no assertion or enabled check"
			out.NotChecked = append(out.NotChecked, sk)
		}
	}
	for _, fc := range run.Hidden {
		out.NotChecked = append(out.NotChecked, Skipped{File: fc.Path, Reason: SkipHidden,
			Detail: fmt.Sprintf("the changed file could not be read as C text (%s): nothing in it was checked", fc.Skipped)})
	}
	for _, cf := range run.Funcs {
		if cf.NotChecked != "" || cf.Outcome.NothingToCheck || cf.Outcome.Result == nil {
			continue
		}
		out.Functions = append(out.Functions, run.FunctionResult(cf))
	}
	return out
}

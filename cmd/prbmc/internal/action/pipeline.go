package action

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/prbmc/prbmc/cmd/prbmc/internal/check"
	"github.com/prbmc/prbmc/diffscope"
	"github.com/prbmc/prbmc/report/results"
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
	// Version is prbmc's, for the results file.
	Version string
}

// Check implements Checker.
func (p Pipeline) Check(ctx context.Context, req CheckRequest, log io.Writer) (*results.File, error) {
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
	root, err := check.RepoTop(ctx, req.RepoDir)
	if err != nil {
		return nil, err
	}
	out := run.Results(check.Meta{Version: p.Version, Options: OptionsOf(req, p.Engine), Budget: req.TimeBudget, Root: root})
	fmt.Fprintf(log, "prbmc: checked %d functions in %s\n", len(out.FunctionResults()), time.Since(start).Round(time.Millisecond))
	return out, nil
}

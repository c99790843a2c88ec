package action

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/prbmc/prbmc/cmd/prbmc/internal/pipeline"
	"github.com/prbmc/prbmc/diffscope"
	"github.com/prbmc/prbmc/report/results"
	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/engine"
	"github.com/prbmc/prbmc/verifier/ir"
)

// Pipeline is the real Checker: the `prbmc check` pipeline (package pipeline).
type Pipeline struct {
	Engine string // engine name, e.g. "kinduction"
	Solver engine.SolverFactory
	// Sessions are the solver's sessions (engine.Options.Sessions; nil:
	// Solver alone).
	Sessions func() (engine.SolverFactory, func())
	// Instrument returns the instrumentation for the checks input (nil
	// for assertions only), or an error naming an unknown check.
	Instrument func(checks []string) (func(*ir.Program) error, error)
	// Text writes the run's one-line-per-function report to the log.
	Text func(w io.Writer, run *pipeline.Run)
	// Isolation, when set, gives the child processes that check one
	// function each with memMiB of memory; nil checks in this process.
	Isolation func(memMiB int) (*pipeline.Isolation, error)
	// Version is prbmc's, for the results file.
	Version string
	// Build identifies prbmc's build for the result cache's keys (nil:
	// Version); SolverVersion names the solver's.
	Build         func() (string, error)
	SolverVersion string
}

// Check implements Checker.
func (p Pipeline) Check(ctx context.Context, req CheckRequest, log io.Writer) (*results.File, error) {
	base := req.Base
	if base == "" {
		base = diffscope.EmptyTree // nothing to compare with: every function is new
	}
	var err error
	mem, jobs := pipeline.Size(req.MemoryMiB, req.Jobs)
	cfg := configOf(req, p.Engine)
	cfg.Base, cfg.Jobs = base, jobs
	cfg.Engine.Solver, cfg.Engine.Sessions, cfg.Engine.Log = p.Solver, p.Sessions, log
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
	if req.CacheDir != "" {
		if cfg.Cache, err = p.cache(req, cfg.Options(), log); err != nil {
			return nil, err
		}
	}
	start := time.Now()
	run, err := pipeline.Execute(ctx, cfg, nil)
	if err != nil {
		return nil, err
	}
	if p.Text != nil {
		p.Text(log, run)
	}
	if cfg.Cache != nil && run.Cache.Off == "" {
		st := run.Cache
		fmt.Fprintf(log, "prbmc: result cache %s: %d reused, %d checked, %d stored, %d ignored, %d evicted\n", req.CacheDir, st.Reused, st.Checked, st.Stored, st.Ignored, st.Evicted)
	}
	root, err := pipeline.RepoTop(ctx, req.RepoDir)
	if err != nil {
		return nil, err
	}
	out := run.Results(pipeline.Meta{Version: p.Version, Options: cfg.Options(), Budget: req.TimeBudget, Root: root})
	fmt.Fprintf(log, "prbmc: checked %d functions in %s\n", len(out.FunctionResults()), time.Since(start).Round(time.Millisecond))
	return out, nil
}

// cache is the result cache of req (req.CacheDir set), checked with opts.
func (p Pipeline) cache(req CheckRequest, opts results.Options, log io.Writer) (*pipeline.Cache, error) {
	dir := req.CacheDir
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(req.RepoDir, dir)
	}
	tool := p.Version
	if p.Build != nil {
		b, err := p.Build()
		if err != nil {
			return nil, fmt.Errorf("the result cache: %w", err)
		}
		tool = b
	}
	return &pipeline.Cache{Dir: dir, OptionsHash: opts.Hash(), Checks: req.Checks, Tool: tool,
		Solver: p.SolverVersion, Log: log, MaxAge: req.CacheMaxAge}, nil
}

// configOf is the pipeline configuration of req checked with engine, but
// for what the machine decides (jobs, solver, log, isolation).
func configOf(req CheckRequest, engineName string) pipeline.Config {
	return pipeline.Config{RepoDir: req.RepoDir, Base: req.Base, Head: req.Head, Globs: req.Paths, CompileCommands: req.CompileCommands,
		Front:           cfront.Config{IncludeDirs: req.IncludeDirs, Defines: req.Defines, HostCacheDir: pipeline.HostCacheDir()},
		FunctionTimeout: req.FunctionTimeout, Budget: req.TimeBudget, Checks: req.Checks,
		TrustHeadHarness: req.TrustHeadHarness, CallerDepth: req.CallerDepth, Shard: req.Shard,
		Engine: engine.Options{Engine: engineName, MaxK: req.MaxK}}
}

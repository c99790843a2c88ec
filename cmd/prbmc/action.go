package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/prbmc/prbmc/cmd/prbmc/internal/action"
	"github.com/prbmc/prbmc/cmd/prbmc/internal/pipeline"
	"github.com/prbmc/prbmc/verifier/checks"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/smt/z3"
)

// cmdAction runs as the GitHub Action (see action.yml): inputs and the
// event from the environment, `check` on the changed functions, then the
// review, the summary comment, the SARIF upload and the job summary.
func cmdAction(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "prbmc action: takes no arguments (it reads the Action's inputs from the environment)")
		return exitUsage
	}
	return action.Run(ctx, action.OSEnv(toolVersion()), actionPipeline())
}

// actionPipeline is the Action's checker: the check pipeline with Z3.
func actionPipeline() action.Pipeline {
	return action.Pipeline{Engine: defaultEngine, Solver: z3Solver, Sessions: z3Sessions, Instrument: instrumentFor, Text: writeCheckText,
		Isolation: isolation, Version: toolVersion(), Build: toolBuild, SolverVersion: z3.FullVersion()}
}

// instrumentFor returns the instrumentation of the optional checks named
// (package checks), nil when only assertions are asked for.
func instrumentFor(names []string) (func(*ir.Program) error, error) {
	set, err := checks.Parse(strings.Join(names, ","))
	if err != nil {
		return nil, err
	}
	if set == checks.Default {
		return nil, nil
	}
	return func(p *ir.Program) error {
		_, err := checks.Instrument(p, set)
		return err
	}, nil
}

// childDeps is what a child process checking one function needs.
func childDeps() pipeline.ChildDeps {
	return pipeline.ChildDeps{Solver: z3Solver, Sessions: z3Sessions, Instrument: instrumentFor, LimitSolverMemory: z3.SetMemoryLimit}
}

// isolation runs each function's check in a child process of this
// binary, with memMiB of memory each (0: no cap).
func isolation(memMiB int) (*pipeline.Isolation, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("finding prbmc's own binary for the checker processes: %w", err)
	}
	return &pipeline.Isolation{Command: []string{exe, pipeline.ChildSubcommand}, MemoryMiB: memMiB}, nil
}

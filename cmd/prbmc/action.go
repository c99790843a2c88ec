package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/prbmc/prbmc/cmd/prbmc/internal/action"
	"github.com/prbmc/prbmc/verifier/checks"
	"github.com/prbmc/prbmc/verifier/ir"
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
	return action.Pipeline{Engine: defaultEngine, Solver: z3Solver, Instrument: instrumentFor, Text: writeCheckText}
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

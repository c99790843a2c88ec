package main

import (
	"fmt"
	"os/exec"
	"strings"

	"github.com/prbmc/prbmc/verifier/engine"
	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/smt/smtlib"
)

// solverFlagHelp documents --solver.
const solverFlagHelp = "SMT solver: z3 (the linked libz3) | z3-pipe (the z3 binary over an SMT-LIB2 pipe) | cvc5 (over the pipe) | cmd:COMMAND (any SMT-LIB2 solver reading stdin, e.g. \"cmd:cvc5 --lang=smt2 --incremental --produce-models\"; split at spaces, no shell)"

// solverFor returns the solver constructor --solver names, and its
// sessions (engine.Options.Sessions; nil for pipe solvers). Pipe solvers
// must be installed: a missing binary is a usage error now, not an unknown
// verdict after the front end has run.
func solverFor(spec string) (engine.SolverFactory, func() (engine.SolverFactory, func()), error) {
	var opts smtlib.Options
	switch {
	case spec == "" || spec == "z3":
		return z3Solver, z3Sessions, nil
	case spec == "z3-pipe":
		opts = smtlib.Z3()
	case spec == "cvc5":
		opts = smtlib.CVC5()
	case strings.HasPrefix(spec, "cmd:"):
		opts.Command = strings.Fields(strings.TrimPrefix(spec, "cmd:"))
		if len(opts.Command) == 0 {
			return nil, nil, fmt.Errorf("--solver %q: no command", spec)
		}
		if p, ok := smtlib.Preset(opts.Command[0]); ok {
			// The quirks of a known solver hold whatever its flags.
			opts.ValueConstArrays = p.ValueConstArrays
		}
	default:
		return nil, nil, fmt.Errorf("unknown solver %q (want z3, z3-pipe, cvc5 or cmd:COMMAND)", spec)
	}
	if _, err := exec.LookPath(opts.Command[0]); err != nil {
		return nil, nil, fmt.Errorf("--solver %s: %w", spec, err)
	}
	return func(logic string) (smt.Solver, error) {
		o := opts
		o.Logic = logic
		return smtlib.New(o)
	}, nil, nil
}

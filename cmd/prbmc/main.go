// Command prbmc is a bounded model checker for C that gives proof-level
// feedback on pull requests. See README.md for the subcommands and
// docs/DESIGN.md for how the packages fit together.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/prbmc/prbmc/cmd/prbmc/internal/pipeline"
	"github.com/prbmc/prbmc/cmd/prbmc/internal/priority"
)

// exit codes, as in docs/DESIGN.md.
const (
	exitSafe    = 0
	exitUnsafe  = 10
	exitUnknown = 20
	exitUsage   = 2
)

func main() {
	if yieldsCPU(os.Args[1:], os.Getenv) {
		priority.LowerAfter(yieldAfter, yieldBy)
	}
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

// A check that has run for yieldAfter drops yieldBy nice levels, so the
// short checks running beside it (prbmc check's children, a benchmark's
// jobs) take the cores first: with two jobs the median task of make
// bench waited behind the 29 s ones.
const (
	yieldAfter = time.Second
	yieldBy    = 10
)

// yieldsCPU says whether this process lowers its priority as it ages
// (see package priority): the processes that check — verify and the
// per-function children — unless PRBMC_YIELD=off. The parent of a check
// does not: it waits on its children and publishes.
func yieldsCPU(args []string, getenv func(string) string) bool {
	if len(args) == 0 || getenv("PRBMC_YIELD") == "off" {
		return false
	}
	return args[0] == "verify" || args[0] == pipeline.ChildSubcommand
}

// commands are the subcommands usage lists, by name.
var commands = map[string]func(ctx context.Context, args []string, stdout, stderr io.Writer) int{
	"ir":      cmdIR,
	"verify":  cmdVerify,
	"scope":   cmdScope,
	"check":   cmdCheck,
	"harness": cmdHarness,
	"action":  cmdAction,
	"publish": cmdPublish,
	"merge":   cmdMerge,
	"plan":    cmdPlan,
}

// newFlagSet is the flag set of subcommand name: errors and usage go to
// stderr, and Parse returns them rather than exiting.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	if cmd, ok := commands[args[0]]; ok {
		return cmd(ctx, args[1:], stdout, stderr)
	}
	switch args[0] {
	case pipeline.ChildSubcommand:
		// Not for people: `check` and `action` run each function's check
		// in a child process (see pipeline.Isolation).
		return pipeline.ChildMain(ctx, os.Stdin, stdout, stderr, childDeps())
	case "help", "-h", "--help":
		usage(stdout)
		return 0
	}
	fmt.Fprintf(stderr, "prbmc: unknown command %q (try prbmc help)\n", args[0])
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage: prbmc <command> [flags] [files]

commands:
  verify FILE.c...   model-check the program's assertions (RESULT: TRUE|FALSE|UNKNOWN)
  scope --base REV   list the C functions a change touches, and why
  check --base REV   verify every function a change touches (harness, stubs, engines)
  harness FILE.c --function NAME
                     print the harness prbmc generates for a function
  action             run as the GitHub Action (inputs and event from the environment)
  publish --results FILE
                     post a results file to GitHub as the Action does, checking nothing
  merge -o OUT FILE...
                     join the results files of shards into one
  plan --base REV --shards N
                     split the change's functions into N shards (a JSON plan and matrix)
  ir FILE.c...       print the IR the front end lowers the files to
`)
}

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/prbmc/prbmc/cmd/prbmc/internal/pipeline"
	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/checks"
	"github.com/prbmc/prbmc/verifier/ir"
)

// frontFlags are the flags every command that reads C takes.
type frontFlags struct {
	dataModel string
	includes  multiFlag
	defines   multiFlag
}

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(s string) error { *m = append(*m, s); return nil }

func (f *frontFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.dataModel, "data-model", "LP64", "C data model: LP64 or ILP32")
	fs.Var(&f.includes, "I", "add an include directory (repeatable)")
	fs.Var(&f.defines, "D", "define a macro NAME or NAME=VALUE (repeatable)")
}

func (f *frontFlags) config() (cfront.Config, error) {
	dm, err := ir.ParseDataModel(f.dataModel)
	if err != nil {
		return cfront.Config{}, err
	}
	return cfront.Config{DataModel: dm, IncludeDirs: f.includes, Defines: f.defines, HostCacheDir: pipeline.HostCacheDir()}, nil
}

func cmdIR(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("ir", stderr)
	var ff frontFlags
	ff.register(fs)
	lib := fs.Bool("library", false, "also print the library models linked in")
	checkList := fs.String("checks", "assertions", "show the program instrumented with these checks (as prbmc verify --checks)")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "prbmc ir: no input files")
		return exitUsage
	}
	set, err := checks.Parse(*checkList)
	if err != nil {
		fmt.Fprintf(stderr, "prbmc ir: --checks: %v\n", err)
		return exitUsage
	}
	cfg, err := ff.config()
	if err != nil {
		fmt.Fprintf(stderr, "prbmc ir: %v\n", err)
		return exitUsage
	}
	prog, err := cfront.LoadFiles(ctx, cfg, fs.Args()...)
	if err != nil {
		fmt.Fprintf(stderr, "prbmc ir: %v\n", err)
		return exitUsage
	}
	for _, d := range prog.Unsupported {
		fmt.Fprintf(stderr, "%s\n", d)
	}
	if _, err := checks.Instrument(prog.IR, set); err != nil {
		fmt.Fprintf(stderr, "prbmc ir: %v\n", err)
		return exitUsage
	}
	if err := ir.Fprint(stdout, prog.IR, *lib); err != nil {
		fmt.Fprintf(stderr, "prbmc ir: %v\n", err)
		return exitUsage
	}
	return 0
}

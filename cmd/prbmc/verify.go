package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"github.com/prbmc/prbmc/report"
	"io"
	"os"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/checks"
	"github.com/prbmc/prbmc/verifier/engine"
	"github.com/prbmc/prbmc/verifier/result"
	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/smt/z3"
)

// z3Solver makes a Z3 solver specialised for an SMT-LIB logic ("" for
// Z3's general solver).
func z3Solver(logic string) (smt.Solver, error) { return z3.New(z3.Options{Logic: logic}) }

// z3Sessions gives one part of a run that makes Z3 solvers one after
// another (engine.Options.Sessions) solvers that share Z3 contexts.
func z3Sessions() (engine.SolverFactory, func()) {
	cs := &z3.Contexts{}
	return func(logic string) (smt.Solver, error) { return cs.New(z3.Options{Logic: logic}) }, cs.Close
}

// verifyFlags are prbmc verify's options.
type verifyFlags struct {
	front       frontFlags
	engine      string
	unwind      int
	maxK        int
	timeout     time.Duration
	entry       string
	format      string
	incSolver   bool
	budget      string
	solver      string
	invariants  string
	checks      checks.Set
	contractors string
	inline      string
	strengthen  string
	explain     bool
	verbose     bool
}

func cmdVerify(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("verify", stderr)
	var vf verifyFlags
	vf.front.register(fs)
	fs.StringVar(&vf.engine, "engine", "auto", "engine: auto (incremental BMC, k-induction with invariants and a concrete run or fuzzing, side by side) | bmc | incremental | kinduction | bkind | fuzz (runs on chosen inputs: finds failures, proves nothing) | split (interval evaluation of input boxes: programs over a few scalar inputs) | intervals (the interval analysis alone)")
	fs.StringVar(&vf.invariants, "invariants", "relational", "invariants for k-induction: relational (intervals and templates) | intervals | none")
	fs.StringVar(&vf.strengthen, "strengthen", "on", "let k-induction block its counterexamples to induction with proved invariants (property-directed strengthening; with relational invariants): on | off")
	fs.StringVar(&vf.contractors, "contractors", "on", "prune loop iterations that can no longer violate an assertion (interval contractors): on | off")
	fs.StringVar(&vf.inline, "inline", "on", "run the engines on a copy of the program with the entry's callees inlined, so that their loops get invariants (traces come from the original): on | off")
	fs.BoolVar(&vf.verbose, "verbose", false, "print the engines' diagnostics on stderr (invariants found, strengthening, counterexamples that did not replay)")
	fs.BoolVar(&vf.explain, "explain", false, "print the contractors' CSPs, contracted boxes and inserted assumes")
	fs.IntVar(&vf.unwind, "unwind", 10, "loop unwinding bound for --engine bmc")
	fs.IntVar(&vf.maxK, "max-k", 1<<20, "largest bound incremental BMC tries")
	fs.DurationVar(&vf.timeout, "timeout", 30*time.Second, "time budget for the whole verification")
	fs.StringVar(&vf.entry, "function", "main", "entry function")
	fs.StringVar(&vf.format, "format", "text", "output: text | json | sarif | markdown")
	var rf reportFlags
	rf.register(fs)
	fs.BoolVar(&vf.incSolver, "incremental-solver", false, "reuse one solver (push/pop) for all queries instead of a fresh one per query")
	fs.StringVar(&vf.solver, "solver", "z3", solverFlagHelp)
	fs.StringVar(&vf.budget, "budget", "time", "what bounds the engines: time (all of --timeout, as a benchmark run wants) | work (units derived from --timeout, the same verdict on every run, as prbmc check uses)")
	checkList := fs.String("checks", "assertions", "properties to check: comma-separated assertions, overflow, bounds, div-by-zero, pointer, or all")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile to this file (for performance bug reports)")
	z3Memory := fs.Int("z3-memory-mib", 0, "cap the memory Z3 allocates, over all its solvers, at this many MiB (0: no cap); a check that meets it is unknown")
	if err := parseFlags(fs, args); err != nil {
		fmt.Fprintf(stderr, "prbmc verify: %v\n", err)
		return exitUsage
	}
	switch vf.engine {
	case "auto", "bmc", "incremental", "kinduction", "bkind", "fuzz", "split", "intervals":
	default:
		fmt.Fprintf(stderr, "prbmc verify: unknown engine %q (want auto, bmc, incremental, kinduction, bkind, fuzz, split or intervals)\n", vf.engine)
		return exitUsage
	}
	if vf.budget != "time" && vf.budget != "work" {
		fmt.Fprintf(stderr, "prbmc verify: unknown budget %q (want time or work)\n", vf.budget)
		return exitUsage
	}
	newSolver, sessions, err := solverFor(vf.solver)
	if err != nil {
		fmt.Fprintf(stderr, "prbmc verify: %v\n", err)
		return exitUsage
	}
	if vf.budget == "work" && vf.solver != "z3" {
		// Only the linked Z3 counts its work (smt.WorkLimiter): another
		// solver would run unbounded and silently break the promise.
		fmt.Fprintf(stderr, "prbmc verify: --budget work needs --solver z3\n")
		return exitUsage
	}
	if vf.invariants != "relational" && vf.invariants != "intervals" && vf.invariants != "none" {
		fmt.Fprintf(stderr, "prbmc verify: unknown invariants %q (want relational, intervals or none)\n", vf.invariants)
		return exitUsage
	}
	if vf.strengthen != "on" && vf.strengthen != "off" {
		fmt.Fprintf(stderr, "prbmc verify: unknown strengthen %q (want on or off)\n", vf.strengthen)
		return exitUsage
	}
	set, err := checks.Parse(*checkList)
	if err != nil {
		fmt.Fprintf(stderr, "prbmc verify: --checks: %v\n", err)
		return exitUsage
	}
	vf.checks = set
	if vf.contractors != "on" && vf.contractors != "off" {
		fmt.Fprintf(stderr, "prbmc verify: unknown contractors %q (want on or off)\n", vf.contractors)
		return exitUsage
	}
	if vf.inline != "on" && vf.inline != "off" {
		fmt.Fprintf(stderr, "prbmc verify: unknown inline %q (want on or off)\n", vf.inline)
		return exitUsage
	}
	if !knownFormat(vf.format) {
		fmt.Fprintf(stderr, "prbmc verify: unknown format %q (want text, json, sarif or markdown)\n", vf.format)
		return exitUsage
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "prbmc verify: no input files")
		return exitUsage
	}
	for _, f := range fs.Args() {
		if _, err := os.Stat(f); err != nil {
			fmt.Fprintf(stderr, "prbmc verify: %v\n", err)
			return exitUsage
		}
	}
	if *z3Memory != 0 {
		if err := z3.SetMemoryLimit(*z3Memory); err != nil {
			fmt.Fprintf(stderr, "prbmc verify: --z3-memory-mib: %v\n", err)
			return exitUsage
		}
		defer z3.SetMemoryLimit(0) // process-wide: tests run verify in-process
	}
	cfg, err := vf.front.config()
	if err != nil {
		fmt.Fprintf(stderr, "prbmc verify: %v\n", err)
		return exitUsage
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintf(stderr, "prbmc verify: %v\n", err)
			return exitUsage
		}
		defer f.Close()
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	ctx, cancel := context.WithTimeout(ctx, engineBudget(vf.timeout))
	defer cancel()
	start := time.Now()
	var explain io.Writer
	if vf.explain {
		// Text reports go to stdout with the explanation first; machine
		// formats keep stdout for themselves.
		explain = stdout
		if vf.format != "text" {
			explain = stderr
		}
	}
	log := io.Discard
	if vf.verbose {
		log = stderr
	}
	r := verifyFiles(ctx, cfg, fs.Args(), vf, newSolver, sessions, log, explain)
	r.Elapsed = time.Since(start)
	if err := writeReports(ctx, stdout, stderr, r, vf, rf, fs.Args()); err != nil {
		fmt.Fprintf(stderr, "prbmc verify: %v\n", err)
		return exitUsage
	}
	return exitCode(r.Verdict)
}

// engineBudget is the part of --timeout the engines get: the rest is for
// what follows the deadline — an engine's last step, freeing the solver's
// memory, writing the reports — so that the whole run ends within
// --timeout even on a loaded machine (measured: up to a second after the
// deadline with a gigabyte of solver state).
func engineBudget(timeout time.Duration) time.Duration {
	reserve := timeout / 20
	if reserve > time.Second {
		reserve = time.Second
	}
	return timeout - reserve
}

// parseFlags lets flags follow the file names, as users type them.
func parseFlags(fs *flag.FlagSet, args []string) error {
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
	return fs.Parse(append([]string{"--"}, files...))
}

// verifyFiles loads and verifies; every failure becomes an unknown result.
func verifyFiles(ctx context.Context, cfg cfront.Config, files []string, vf verifyFlags,
	newSolver engine.SolverFactory, sessions func() (engine.SolverFactory, func()), log, explain io.Writer) *result.Result {
	prog, err := cfront.LoadFiles(ctx, cfg, files...)
	if err != nil {
		var fe *cfront.Error
		if errors.As(err, &fe) {
			return &result.Result{Verdict: result.Unknown, Reason: "the C front end rejected the input: " + fe.Error(), Engine: vf.engine}
		}
		return &result.Result{Verdict: result.Unknown, Reason: err.Error(), Engine: vf.engine}
	}
	if _, err := checks.Instrument(prog.IR, vf.checks); err != nil {
		return &result.Result{Verdict: result.Unknown, Reason: err.Error(), Engine: vf.engine}
	}
	var unsupported []string
	for _, d := range prog.Unsupported {
		unsupported = append(unsupported, d.String())
	}
	r := engine.Verify(ctx, prog.IR, engine.Options{Engine: vf.engine, Entry: vf.entry, Unwind: vf.unwind, MaxK: vf.maxK,
		Solver: newSolver, Sessions: sessions, Log: log, IncrementalSolver: vf.incSolver, Invariants: vf.invariants,
		Contractors: vf.contractors, Inline: vf.inline, Strengthen: vf.strengthen, Explain: explain, Work: workFor(vf.budget)})
	r.Unsupported = unsupported
	return r
}

func exitCode(v result.Verdict) int {
	switch v {
	case result.Safe, result.Bounded:
		return exitSafe
	case result.Unsafe:
		return exitUnsafe
	}
	return exitUnknown
}

func writeResult(w io.Writer, r *result.Result, format string) {
	if format == "json" {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.Encode(r)
		fmt.Fprintf(w, "RESULT: %s\n", r.Verdict.SVComp())
		return
	}
	writeText(w, r)
}

// writeText prints the human-readable report: each property, the trace of
// a violation, and the RESULT line the benchmark scorer reads.
func writeText(w io.Writer, r *result.Result) {
	for _, u := range r.Unsupported {
		fmt.Fprintf(w, "note: %s\n", u)
	}
	for _, p := range r.Props {
		fmt.Fprintf(w, "%s  %-8s %s %q", p.Location, p.Verdict, p.Kind, p.Text)
		if p.Reason != "" && p.Verdict != result.Unsafe {
			fmt.Fprintf(w, "  (%s)", p.Reason)
		}
		fmt.Fprintln(w)
	}
	if v := r.Violated(); v != nil && v.Trace != nil {
		fmt.Fprintf(w, "\nCounterexample for %s at %s (replayed concretely):\n", v.ID, v.Location)
		if len(v.Trace.Inputs) > 0 {
			fmt.Fprintln(w, "  inputs:")
			for i, in := range v.Trace.Inputs {
				fmt.Fprintf(w, "    %d. %s = %s  (%s, %s)\n", i+1, in.Why, in.Value, in.Type, in.Location)
			}
		}
		fmt.Fprintln(w, "  trace:")
		if v.Trace.Omitted > 0 {
			fmt.Fprintf(w, "    … %d steps before these are not shown\n", v.Trace.Omitted)
		}
		for _, st := range v.Trace.Steps {
			line := st.Text
			if st.Lhs != "" {
				line = fmt.Sprintf("%s = %s", st.Lhs, st.Value)
				if st.Text != line && !strings.HasPrefix(st.Text, "declared") {
					line = fmt.Sprintf("%-16s  (%s)", line, st.Text)
				}
			} else if st.Value != "" && strings.HasPrefix(st.Text, "return") {
				line = fmt.Sprintf("%s  → %s", st.Text, st.Value)
			}
			fmt.Fprintf(w, "    %-24s %s: %s\n", fmt.Sprintf("%s:%d", shortFile(st.Location.File), st.Location.Line), st.Func, line)
		}
	}
	if r.Verdict == result.Safe && len(r.Invariants) > 0 {
		fmt.Fprintln(w, "\nProved with these loop invariants (each holds whenever the loop's head is reached):")
		for _, inv := range r.Invariants {
			fmt.Fprintf(w, "  %s:%d  %s\n", shortFile(inv.Location.File), inv.Location.Line, inv.Text)
		}
	}
	detail := r.Reason
	if r.Verdict == result.Bounded {
		detail = fmt.Sprintf("bounded(%d): %s", r.K, r.Reason)
	}
	fmt.Fprintf(w, "\n%s in %s, engine %s, %d solver calls\n", r.Verdict, r.Elapsed.Round(time.Millisecond), r.Engine, r.Stats.SolverCalls)
	fmt.Fprintf(w, "RESULT: %s (%s: %s)\n", r.Verdict.SVComp(), r.Verdict, report.OneLine(detail))
}

func shortFile(f string) string {
	if i := strings.LastIndex(f, "/"); i >= 0 {
		return f[i+1:]
	}
	return f
}

// workFor is engine.Options.Work for --budget: none (the deadline alone)
// for time, derived from the deadline for work.
func workFor(budget string) int64 {
	if budget == "time" {
		return -1
	}
	return 0
}

package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"github.com/prbmc/prbmc/report"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/term"

	"github.com/prbmc/prbmc/cmd/prbmc/internal/action"
	"github.com/prbmc/prbmc/cmd/prbmc/internal/pipeline"
	"github.com/prbmc/prbmc/diffscope"
	"github.com/prbmc/prbmc/report/markdown"
	"github.com/prbmc/prbmc/report/results"
	"github.com/prbmc/prbmc/report/sarif"
	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/engine"
	"github.com/prbmc/prbmc/verifier/funccheck"
	"github.com/prbmc/prbmc/verifier/harness"
	"github.com/prbmc/prbmc/verifier/result"
	"github.com/prbmc/prbmc/verifier/smt/z3"
)

// harnessFlags shape generated harnesses.
type harnessFlags struct {
	arrayLen int
	depth    int
	globals  string
}

func (h *harnessFlags) register(fs *flag.FlagSet) {
	fs.IntVar(&h.arrayLen, "array-len", 4, "elements behind a pointer parameter the function indexes (and string size, NUL included)")
	fs.IntVar(&h.depth, "depth", 2, "pointer levels that get objects; deeper pointers are NULL")
	fs.StringVar(&h.globals, "globals", "nondet", "globals at the call: nondet (any value) | initial (their initial values)")
}

// frontHarnessFlags are the flags of check and harness that configure
// the front end and the harness.
type frontHarnessFlags struct {
	front   frontFlags
	harness harnessFlags
}

func (f *frontHarnessFlags) register(fs *flag.FlagSet) {
	f.front.register(fs)
	f.harness.register(fs)
}

// config is the front end's configuration and the harness options the
// flags give.
func (f *frontHarnessFlags) config() (cfront.Config, harness.Options, error) {
	cfg, err := f.front.config()
	if err != nil {
		return cfront.Config{}, harness.Options{}, err
	}
	ho, err := f.harness.options()
	return cfg, ho, err
}

func (h *harnessFlags) options() (harness.Options, error) {
	if h.globals != "nondet" && h.globals != "initial" {
		return harness.Options{}, fmt.Errorf("unknown --globals %q (want nondet or initial)", h.globals)
	}
	if h.arrayLen < 1 || h.arrayLen > 4096 {
		return harness.Options{}, fmt.Errorf("--array-len %d out of range 1..4096", h.arrayLen)
	}
	return harness.Options{ArrayLen: h.arrayLen, Depth: h.depth, InitialGlobals: h.globals == "initial"}, nil
}

// scopeFlags are the change's revisions and files.
type scopeFlags struct {
	repo, base, head string
	paths            multiFlag
	compileCommands  string
}

func (s *scopeFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&s.repo, "C", ".", "the repository (any directory inside it)")
	fs.StringVar(&s.base, "base", "", "the revision the change is compared with (its merge base with --head); required")
	fs.StringVar(&s.head, "head", "HEAD", "the revision with the change")
	fs.Var(&s.paths, "paths", "globs of the files to look at, comma-separated or repeated; !glob excludes (default **/*.c,**/*.h)")
	fs.StringVar(&s.compileCommands, "compile-commands", "", "compile_commands.json for include dirs and defines (default: the repository's, if any)")
}

func (s *scopeFlags) globs() []string {
	var out []string
	for _, p := range s.paths {
		for _, g := range strings.Split(p, ",") {
			if g = strings.TrimSpace(g); g != "" {
				out = append(out, g)
			}
		}
	}
	return out
}

func cmdCheck(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", stderr)
	var sf scopeFlags
	sf.register(fs)
	var fh frontHarnessFlags
	fh.register(fs)
	eng := fs.String("engine", defaultEngine, "engine for each function: "+engineNames)
	maxK := fs.Int("max-k", 1<<20, "largest bound the engines try")
	funcTimeout := fs.Duration("function-timeout", 60*time.Second, "time budget of each function")
	budget := fs.Duration("time-budget", 20*time.Minute, "time budget of the whole check; functions not started by then are listed as not checked")
	jobs := fs.Int("jobs", 0, "functions checked in parallel (default: the number of cores)")
	format := fs.String("format", "text", "output: text | json (the results file, as --results writes it)")
	resultsFile := fs.String("results", "", "also write the results file (versioned JSON, for prbmc publish and prbmc merge) to this file")
	sarifFile := fs.String("sarif", "", "also write SARIF 2.1.0 to this file")
	mdFile := fs.String("markdown", "", "also write the pull-request summary (Markdown) to this file")
	noCover := fs.Bool("no-cover", false, "do not check that proved assertions are reachable")
	checkList := fs.String("checks", action.DefaultChecks, "properties to check: comma-separated assertions, overflow, bounds, div-by-zero, pointer, or all")
	verbose := fs.Bool("verbose", false, "print the engines' diagnostics on stderr (invariants found, strengthening, counterexamples that did not replay)")
	memLimit := fs.Int("memory-limit", 0, "MiB of memory for checking one function, each in a process of its own (default: 3072, lowered so that --jobs of them fit in memory)")
	isolate := fs.Bool("isolate", true, "check each function in a child process (memory limit, crashes contained); false: all in this process")
	trustHarness := fs.Bool("trust-head-harness", true, "use harness files (prbmc/harness/NAME.c) as --head has them; false: as the base has them")
	callerDepth := fs.Int("caller-depth", 2, "classify each failure by the function's callers in its file, and theirs, up to this many levels: one no caller reaches is a contract note (0: report every failure of the generated harness)")
	shardFlag := fs.String("shard", "", "check only shard i of N of the scope (i/N, as prbmc plan splits it)")
	cacheDir := fs.String("cache-dir", "", "reuse the decided verdicts of earlier runs stored in this directory for functions whose translation unit, harness and options are unchanged, and store this run's")
	cacheMaxAge := fs.Duration("cache-max-age", pipeline.DefaultCacheMaxAge, "with --cache-dir: remove the entries no run wrote or reused for this long (0: keep them all)")
	reproDir := fs.String("reproduce", "", "write a reproducer (the harness and the trace's inputs as a C program) for every function that can fail into this directory, compile it with cc and run it")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "prbmc check: unexpected argument %q (the files come from the change)\n", fs.Arg(0))
		return exitUsage
	}
	if sf.base == "" {
		fmt.Fprintln(stderr, "prbmc check: --base is required (e.g. --base origin/main)")
		return exitUsage
	}
	if !knownEngine(*eng) {
		fmt.Fprintf(stderr, "prbmc check: unknown engine %q (want %s)\n", *eng, engineNames)
		return exitUsage
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(stderr, "prbmc check: unknown format %q (want text or json)\n", *format)
		return exitUsage
	}
	shard, err := parseShard(*shardFlag)
	if err != nil {
		fmt.Fprintf(stderr, "prbmc check: %v\n", err)
		return exitUsage
	}
	cfg, ho, err := fh.config()
	if err != nil {
		fmt.Fprintf(stderr, "prbmc check: %v\n", err)
		return exitUsage
	}
	inst, err := instrumentFor(strings.Split(*checkList, ","))
	if err != nil {
		fmt.Fprintf(stderr, "prbmc check: --checks: %v\n", err)
		return exitUsage
	}
	engineLog := io.Discard
	if *verbose {
		engineLog = stderr
	}
	if *memLimit < 0 || *memLimit > 0 && *memLimit < 256 {
		fmt.Fprintf(stderr, "prbmc check: --memory-limit %d: want at least 256 (MiB)\n", *memLimit)
		return exitUsage
	}
	mem, nJobs := pipeline.Size(*memLimit, *jobs)
	cc := pipeline.Config{Instrument: inst, RepoDir: sf.repo, Base: sf.base, Head: sf.head, Globs: sf.globs(), CompileCommands: sf.compileCommands,
		Front: cfg, FunctionTimeout: *funcTimeout, Budget: *budget, Jobs: nJobs, Harness: ho, NoCover: *noCover, ReproDir: *reproDir,
		Checks: strings.Split(*checkList, ","), Verbose: *verbose, TrustHeadHarness: *trustHarness, CallerDepth: max(*callerDepth, 0), SandboxRoots: existingDirs(cfg.IncludeDirs),
		Engine: engine.Options{Engine: *eng, MaxK: *maxK, Solver: z3Solver, Sessions: z3Sessions, Log: engineLog}, Shard: shard}
	if *isolate {
		if cc.Isolate, err = isolation(mem); err != nil {
			fmt.Fprintf(stderr, "prbmc check: %v\n", err)
			return exitUsage
		}
	}
	opts := cc.Options()
	if *cacheDir != "" {
		tool, err := toolBuild()
		if err != nil {
			fmt.Fprintf(stderr, "prbmc check: --cache-dir: %v\n", err)
			return exitUsage
		}
		cc.Cache = &pipeline.Cache{Dir: *cacheDir, OptionsHash: opts.Hash(), Checks: opts.Checks, Tool: tool, Solver: z3.FullVersion(), Log: stderr,
			MaxAge: *cacheMaxAge}
	}
	var prog pipeline.ProgressFunc
	var pd *progressDisplay
	if isTerminal(stderr) {
		pd = &progressDisplay{w: stderr, start: time.Now()}
		prog = pd.update
	}
	run, err := pipeline.Execute(ctx, cc, prog)
	if pd != nil {
		pd.clear()
	}
	if err != nil {
		fmt.Fprintf(stderr, "prbmc check: %v\n", report.OneLine(err.Error()))
		return exitUsage
	}
	for _, w := range run.Scope.Warnings {
		fmt.Fprintf(stderr, "prbmc check: %s\n", w)
	}
	if cc.Cache != nil && run.Cache.Off == "" {
		fmt.Fprintf(stderr, "prbmc check: %s\n", cacheLine(*cacheDir, run.Cache))
	}
	root, _ := pipeline.RepoTop(ctx, sf.repo)
	res := run.Results(pipeline.Meta{Version: toolVersion(), Root: root, Options: opts})
	if *resultsFile != "" {
		if err := writeFile(*resultsFile, func(w io.Writer) error { return results.Encode(w, res) }); err != nil {
			fmt.Fprintf(stderr, "prbmc check: %v\n", err)
			return exitUsage
		}
	}
	if *sarifFile != "" {
		if err := writeFile(*sarifFile, func(w io.Writer) error {
			return sarif.Write(w, []sarif.Run{{Functions: res.FunctionResults()}}, sarif.Options{ToolVersion: toolVersion(), RepoRoot: root, Category: "prbmc/"})
		}); err != nil {
			fmt.Fprintf(stderr, "prbmc check: %v\n", err)
			return exitUsage
		}
	}
	if *mdFile != "" {
		if err := writeFile(*mdFile, func(w io.Writer) error {
			_, err := io.WriteString(w, markdown.Summary(res.FunctionResults(), markdown.SummaryOptions{}))
			return err
		}); err != nil {
			fmt.Fprintf(stderr, "prbmc check: %v\n", err)
			return exitUsage
		}
	}
	if *format == "json" {
		if err := results.Encode(stdout, res); err != nil {
			fmt.Fprintf(stderr, "prbmc check: %v\n", err)
			return exitUsage
		}
	} else {
		writeCheckText(stdout, run)
	}
	return checkExit(run)
}

// checkExit: 10 if any function can fail, 20 if any is unknown or not
// checked, else 0.
func checkExit(run *pipeline.Run) int {
	code := exitSafe
	if len(run.Hidden) > 0 {
		code = exitUnknown // changed files nobody looked into
	}
	for _, cf := range run.Funcs {
		switch {
		case cf.NotChecked != "" && cf.Scope.Verify():
			code = max(code, exitUnknown)
		case cf.Outcome.Result == nil:
		case cf.Outcome.Result.Verdict == result.Unsafe:
			return exitUnsafe
		case cf.Outcome.Result.Verdict == result.Unknown:
			code = max(code, exitUnknown)
		}
	}
	if code == exitUnknown {
		for _, cf := range run.Funcs {
			if cf.Outcome.Result != nil && cf.Outcome.Result.Verdict == result.Unsafe {
				return exitUnsafe
			}
		}
	}
	return code
}

// verdictWords is a function's verdict as the one-line report says it.
func verdictWords(cf pipeline.Func) string {
	return results.Function{Status: cf.Scope.Status, NotChecked: cf.NotChecked, NotCompiled: cf.Outcome.NotCompiled,
		NothingToCheck: cf.Outcome.NothingToCheck, Result: cf.Outcome.Result}.Words()
}

func writeCheckText(w io.Writer, run *pipeline.Run) {
	s := run.Scope
	shard := ""
	if run.Shard != nil {
		shard = fmt.Sprintf(" (shard %s)", run.Shard)
	}
	fmt.Fprintf(w, "prbmc check: %d functions in scope of %.12s..%.12s%s\n", len(run.Funcs), s.Base, s.Head, shard)
	counts := map[string]int{}
	var order []string
	for _, cf := range run.Funcs {
		words := verdictWords(cf)
		key := strings.SplitN(strings.SplitN(words, "+", 2)[0], "(", 2)[0]
		if counts[key] == 0 {
			order = append(order, key)
		}
		counts[key]++
		loc := fmt.Sprintf("%s:%d", cf.Scope.File, cf.Scope.StartLine)
		detail := ""
		switch {
		case cf.NotChecked != "":
			detail = cf.NotChecked
		case cf.Outcome.NotCompiled:
			detail = cf.Outcome.Result.Reason
		case cf.Outcome.Result != nil && !cf.Outcome.NothingToCheck:
			r := cf.Outcome.Result
			detail = fmt.Sprintf("%s, %s", r.Engine, r.Elapsed.Round(time.Millisecond))
			if v := r.Failure(); v != nil {
				detail += fmt.Sprintf(": %s %q at %s:%d", v.Kind, v.Text, v.Location.File, v.Location.Line)
			} else if r.Verdict != result.Safe && r.Reason != "" {
				detail += ": " + report.OneLine(r.Reason)
			}
		}
		if cf.CachedFrom != "" {
			// "auto, 257ms, cached from abc1234: assertion ...".
			cached := "cached from " + markdown.ShortSHA(cf.CachedFrom)
			verified := cf.Outcome.Result != nil && !cf.Outcome.NothingToCheck && !cf.Outcome.NotCompiled
			if head, tail, ok := strings.Cut(detail, ": "); ok && verified {
				detail = head + ", " + cached + ": " + tail
			} else if detail == "" {
				detail = cached
			} else if verified {
				detail += ", " + cached
			} else {
				detail += " (" + cached + ")"
			}
		}
		fmt.Fprintf(w, "%-28s %-20s %-16s %s\n", loc, cf.Scope.Name, words, detail)
	}
	for _, cf := range run.Funcs {
		r := cf.Outcome.Result
		if r == nil || cf.NotChecked != "" || cf.Outcome.NothingToCheck {
			continue
		}
		notes := r.Notes()
		if r.Verdict == result.Unsafe || len(cf.Outcome.Assumed) > 0 && r.Verdict == result.Safe || len(cf.Notes) > 0 || len(notes) > 0 {
			fmt.Fprintf(w, "\n== %s (%s:%d): %s\n", cf.Scope.Name, cf.Scope.File, cf.Scope.StartLine, verdictWords(cf))
		}
		for _, n := range cf.Notes {
			fmt.Fprintf(w, "  note: %s\n", n)
		}
		for _, n := range notes {
			fmt.Fprintf(w, "  %s note: %s %q at %s: %s\n", n.Finding, n.Kind, n.Text, n.Location, report.OneLine(n.Note))
		}
		if r.Verdict == result.Unsafe {
			writeTrace(w, r)
			switch {
			case cf.Repro != nil && cf.ReproErr == "":
				fmt.Fprintf(w, "  reproducer %s: %s\n", cf.Repro.Source, cf.Repro)
			case cf.ReproErr != "":
				fmt.Fprintf(w, "  no reproducer: %s\n", cf.ReproErr)
			}
		}
		if r.Verdict == result.Unsafe || r.Verdict == result.Safe {
			for _, a := range cf.Outcome.Assumed {
				fmt.Fprintf(w, "  assumed: %s\n", a)
			}
		}
	}
	for _, fc := range run.Hidden {
		fmt.Fprintf(w, "%-28s %-20s %-16s the changed file could not be read as C text (%s): nothing in it was checked\n", fc.Path, "", "not checked", fc.Skipped)
		if counts["not checked"] == 0 {
			order = append(order, "not checked")
		}
		counts["not checked"]++
	}
	var parts []string
	for _, k := range order {
		parts = append(parts, fmt.Sprintf("%d %s", counts[k], k))
	}
	withNotes := 0
	for _, cf := range run.Funcs {
		if r := cf.Outcome.Result; r != nil && cf.NotChecked == "" && len(r.Notes()) > 0 {
			withNotes++
		}
	}
	if withNotes > 0 {
		parts = append(parts, fmt.Sprintf("%d with contract or stub notes", withNotes))
	}
	fmt.Fprintf(w, "\nRESULT: %s (%s)\n", strings.Join(parts, ", "), run.Elapsed.Round(time.Millisecond))
}

// cacheLine says what the result cache did in a run.
func cacheLine(dir string, st pipeline.CacheStats) string {
	line := fmt.Sprintf("cache %s: %d reused, %d checked, %d stored", dir, st.Reused, st.Checked, st.Stored)
	if st.Ignored > 0 {
		line += fmt.Sprintf(", %d ignored", st.Ignored)
	}
	if st.Evicted > 0 {
		line += fmt.Sprintf(", %d evicted", st.Evicted)
	}
	return line
}

// toolBuild identifies this prbmc binary for the result cache: its
// version and the SHA-256 of its executable, so that any other build (a
// development build's version is just "dev") has verdicts of its own.
func toolBuild() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("finding prbmc's own binary: %w", err)
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", fmt.Errorf("reading prbmc's own binary: %w", err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("reading prbmc's own binary: %w", err)
	}
	return toolVersion() + " sha256:" + hex.EncodeToString(h.Sum(nil)), nil
}

// writeTrace prints a violation's inputs and steps, as prbmc verify does.
func writeTrace(w io.Writer, r *result.Result) {
	v := r.Violated()
	if v == nil || v.Trace == nil {
		return
	}
	fmt.Fprintf(w, "  %s %q can fail at %s (trace replayed concretely):\n", v.Kind, v.Text, v.Location)
	if v.Note != "" {
		fmt.Fprintf(w, "    %s\n", report.OneLine(v.Note))
	}
	for i, in := range v.Trace.Inputs {
		fmt.Fprintf(w, "    input %d. %s = %s  (%s, %s)\n", i+1, in.Why, in.Value, in.Type, in.Location)
	}
	for _, st := range v.Trace.Steps {
		line := st.Text
		if st.Lhs != "" {
			line = fmt.Sprintf("%s = %s", st.Lhs, st.Value)
		}
		fmt.Fprintf(w, "    %-24s %s: %s\n", fmt.Sprintf("%s:%d", st.Location.File, st.Location.Line), st.Func, line)
	}
}

// progressDisplay is the one-line progress shown on a terminal.
type progressDisplay struct {
	w     io.Writer
	start time.Time
	shown bool
}

func (p *progressDisplay) update(done, total int, running []string) {
	msg := fmt.Sprintf("prbmc: %d/%d functions done, %s", done, total, time.Since(p.start).Round(time.Second))
	if len(running) > 0 {
		msg += ", checking " + strings.Join(running, ", ")
	}
	if len(msg) > 100 {
		msg = msg[:97] + "..."
	}
	fmt.Fprintf(p.w, "\r\033[K%s", msg)
	p.shown = true
}

func (p *progressDisplay) clear() {
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
	}
}

// isTerminal reports whether w is a terminal and not CI's log. It asks
// the terminal itself (golang.org/x/term): a character device such as
// /dev/null is not one.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("CI") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	return term.IsTerminal(int(f.Fd()))
}

// cmdScope prints the functions a change touches and why.
func cmdScope(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("scope", stderr)
	var sf scopeFlags
	sf.register(fs)
	format := fs.String("format", "text", "output: text | json")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if sf.base == "" {
		fmt.Fprintln(stderr, "prbmc scope: --base is required (e.g. --base origin/main)")
		return exitUsage
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(stderr, "prbmc scope: unknown format %q (want text or json)\n", *format)
		return exitUsage
	}
	res, err := scopeOf(ctx, sf)
	if err != nil {
		fmt.Fprintf(stderr, "prbmc scope: %v\n", report.OneLine(err.Error()))
		return exitUsage
	}
	if *format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(res)
		return 0
	}
	if err := writeScopeText(stdout, res); err != nil {
		fmt.Fprintf(stderr, "prbmc scope: %v\n", err)
		return exitUsage
	}
	return 0
}

// cmdHarness prints the harness generated for a function.
func cmdHarness(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("harness", stderr)
	var fh frontHarnessFlags
	fh.register(fs)
	fn := fs.String("function", "", "the function (required)")
	stubs := fs.Bool("stubs", true, "list the stubs the harness would use")
	ctors := fs.Bool("constructors", false, "build handle parameters with the file's own constructor and operations, as prbmc check does to tell findings apart and when the plain harness is unknown")
	if err := parseFlags(fs, args); err != nil {
		return exitUsage
	}
	if fs.NArg() != 1 || *fn == "" {
		fmt.Fprintln(stderr, "prbmc harness: usage: prbmc harness FILE.c --function NAME")
		return exitUsage
	}
	cfg, ho, err := fh.config()
	if err != nil {
		fmt.Fprintf(stderr, "prbmc harness: %v\n", err)
		return exitUsage
	}
	ho.Constructors = *ctors
	file := fs.Arg(0)
	text, assumed, err := harnessText(ctx, cfg, ho, file, *fn)
	if err != nil {
		fmt.Fprintf(stderr, "prbmc harness: %v\n", report.OneLine(err.Error()))
		if strings.Contains(err.Error(), "not supported") {
			return exitUnknown
		}
		return exitUsage
	}
	io.WriteString(stdout, text)
	if *stubs && len(assumed) > 0 {
		fmt.Fprintln(stdout, "/* Stubs (functions without a body here):")
		for _, a := range assumed {
			fmt.Fprintf(stdout, " *   - %s\n", strings.ReplaceAll(a, "*/", "* /"))
		}
		fmt.Fprintln(stdout, " */")
	}
	return 0
}

// harnessText generates function fn's harness in file and lists the
// stubs it would get.
func harnessText(ctx context.Context, cfg cfront.Config, ho harness.Options, file, fn string) (string, []string, error) {
	dir, base := filepath.Split(file)
	opts := funccheck.Options{RepoDir: dir, Front: cfg, Harness: ho}
	u, err := funccheck.LoadUnit(ctx, opts, base)
	if err != nil {
		return "", nil, err
	}
	h, err := u.Harness(opts, fn)
	if err != nil {
		return "", nil, err
	}
	stubs, err := u.Stubs(ctx, opts, h)
	if err != nil {
		return "", nil, err
	}
	return h.Source, stubs, nil
}

// scopeOf computes the change's scope.
func scopeOf(ctx context.Context, sf scopeFlags) (*diffscope.Result, error) {
	return diffscope.Compute(ctx, diffscope.Options{RepoDir: sf.repo, Base: sf.base, Head: sf.head, Globs: sf.globs(),
		CompileCommands: sf.compileCommands})
}

func writeScopeText(w io.Writer, r *diffscope.Result) error { return diffscope.WriteText(w, r) }

// The engines the commands accept.
const (
	defaultEngine = "auto"
	engineNames   = "auto | bmc | incremental | kinduction | bkind"
)

func knownEngine(e string) bool {
	switch e {
	case "auto", "bmc", "incremental", "kinduction", "bkind":
		return true
	}
	return false
}

// existingDirs are the directories of dirs that exist, made absolute: the
// include directories named on the command line, which the front end's
// sandbox may read besides the repository.
func existingDirs(dirs []string) []string {
	var out []string
	for _, d := range dirs {
		if abs, err := filepath.Abs(d); err == nil {
			if st, err := os.Stat(abs); err == nil && st.IsDir() {
				out = append(out, abs)
			}
		}
	}
	return out
}

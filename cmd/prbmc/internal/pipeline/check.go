// Package pipeline is the pipeline of `prbmc check` and of the Action:
// diff scope → one unit per file → harness, stubs and engines for every
// changed function, in parallel, within a time budget.
package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/prbmc/prbmc/diffscope"
	"github.com/prbmc/prbmc/report"
	"github.com/prbmc/prbmc/report/repro"
	"github.com/prbmc/prbmc/report/results"
	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/engine"
	"github.com/prbmc/prbmc/verifier/funccheck"
	"github.com/prbmc/prbmc/verifier/harness"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/result"
)

// Config is what `prbmc check` (and the Action) run.
type Config struct {
	RepoDir         string
	Base, Head      string
	Globs           []string
	CompileCommands string
	Front           cfront.Config // defaults for every file; the compilation database adds to them
	FunctionTimeout time.Duration
	Budget          time.Duration // the whole run; 0: none
	Jobs            int
	Engine          engine.Options
	Harness         harness.Options
	NoCover         bool
	Instrument      func(*ir.Program) error
	// ReproDir, when set, receives a reproducer for every function that
	// can fail (ReproDir/<file>_<function>/repro.c), compiled and run.
	ReproDir string
	// Isolate, when set, checks every function in a child process of its
	// own (see Isolation); Checks and Verbose then tell the children what
	// Instrument and Engine.Log tell this process.
	Isolate *Isolation
	Checks  []string
	Verbose bool
	// SandboxRoots are directories outside the repository the front end
	// may read besides it and the system headers (include directories
	// the person running prbmc named). The front end reads nothing else:
	// an #include that leaves them makes the function unknown.
	SandboxRoots []string
	// TrustHeadHarness uses harness files (prbmc/harness/<name>.c) that
	// the change adds or modifies. Without it they come from the base
	// revision, and a change to them is only noted: a pull request must
	// not be able to state the contract its own function is checked
	// against.
	TrustHeadHarness bool
	// CallerDepth classifies failures by the function's callers, up to
	// this many levels (funccheck.Options.CallerDepth; 0: not at all).
	CallerDepth int
	// Shard, when set, checks only the functions results.Assign puts in
	// shard Shard.Index of Shard.Count.
	Shard *results.Shard
	// Cache, when set, reuses the decided verdicts of earlier runs for
	// functions nothing they depend on changed since (see Cache), and
	// stores the new ones.
	Cache *Cache
}

// Func is one function of the scope and what became of it.
type Func struct {
	Scope   diffscope.Function
	Outcome funccheck.Outcome // zero when not checked
	// NotChecked says why the function was not checked ("" if it was).
	NotChecked string
	// Notes are what a reader must know whatever the verdict (a harness
	// file the change edited, and which one was used).
	Notes []string
	// Repro is what running the reproducer showed (Config.ReproDir), or
	// ReproErr why there is none.
	Repro    *repro.Outcome
	ReproErr string
	// CachedFrom, when set, is the commit whose run checked the function:
	// Outcome came from the result cache (Config.Cache).
	CachedFrom string
}

// Run is the outcome of a whole check.
type Run struct {
	Scope *diffscope.Result
	Funcs []Func // in scope order
	// Hidden are the changed C files the scope could not read (binary to
	// git, symlinks, submodules, too large): their functions are not
	// checked, and a reader must be told.
	Hidden  []diffscope.FileChange
	Elapsed time.Duration
	// Shard is Config.Shard: the run checked that shard of the scope.
	Shard *results.Shard
	// Cache is what the result cache did (Config.Cache; zero without).
	Cache CacheStats
}

// ProgressFunc is told how far a check is: functions done, total, and the
// ones running.
type ProgressFunc func(done, total int, running []string)

// Execute computes the scope and checks every function in it, in
// parallel, within the budget. Errors are those that leave nothing to
// check (no repository, no base); a file that does not parse makes its
// functions unknown and the rest go on.
func Execute(ctx context.Context, cfg Config, progress ProgressFunc) (*Run, error) {
	start := time.Now()
	if cfg.Budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, cfg.Budget)
		defer cancel()
	}
	scope, err := diffscope.Compute(ctx, diffscope.Options{RepoDir: cfg.RepoDir, Base: cfg.Base, Head: cfg.Head, Globs: cfg.Globs,
		CompileCommands: cfg.CompileCommands})
	if err != nil {
		return nil, err
	}
	root, err := RepoTop(ctx, cfg.RepoDir)
	if err != nil {
		return nil, err
	}
	// The verifier reads files from disk: when the work tree is not at the
	// head (a pull request's default checkout is the merge commit), check
	// the head out beside it.
	srcRoot := root
	if at, err := headCheckedOut(ctx, root, scope.Head); err != nil {
		return nil, err
	} else if !at {
		dir, cleanup, err := worktreeAt(ctx, root, scope.Head)
		if err != nil {
			return nil, err
		}
		defer cleanup()
		srcRoot = dir
	}
	run := &Run{Scope: scope, Hidden: HiddenFiles(scope), Shard: cfg.Shard}
	harnesses, err := userHarnesses(ctx, root, scope, cfg.TrustHeadHarness)
	if err != nil {
		return nil, err
	}
	for _, f := range InShard(Considered(scope), cfg.Shard) {
		cf := Func{Scope: f, Notes: harnesses.notes[f.Name]}
		if !f.Verify() {
			cf.NotChecked = "removed by the change"
		}
		run.Funcs = append(run.Funcs, cf)
	}
	// Load each file once; its functions share the parse.
	units := map[string]*funccheck.Unit{}
	loadErr := map[string]string{}
	sandbox, err := cfront.NewSandbox(append([]string{srcRoot}, cfg.SandboxRoots...)...)
	if err != nil {
		return nil, fmt.Errorf("the C front end's sandbox: %w", err)
	}
	finder := newIncludeFinder(srcRoot)
	// Callers in other files are judged with the flags of the function's
	// file: the compilation database says which files share them.
	var db *diffscope.CompileDB
	memo := &funccheck.Memo{}
	if scope.CompileDB != "" && cfg.CallerDepth > 0 {
		if db, err = diffscope.LoadCompileDB(scope.CompileDB); err != nil {
			return nil, err
		}
	}
	optsFor := func(file string) funccheck.Options {
		front := frontFor(cfg.Front, scope.Flags[file], root, srcRoot)
		front.Sandbox = sandbox
		o := funccheck.Options{RepoDir: srcRoot, Front: front, Harness: cfg.Harness,
			Engine: cfg.Engine, Timeout: cfg.FunctionTimeout, NoCover: cfg.NoCover, Instrument: cfg.Instrument,
			UserHarness: harnesses.lookup, FindInclude: finder.find, CallerDepth: cfg.CallerDepth}
		if cfg.CallerDepth > 0 {
			o.OtherFiles = otherFiles(db, root, file, memo)
		}
		return o
	}
	keys := run.fromCache(ctx, cfg, root, srcRoot, optsFor, harnesses)
	var todo []int
	for i, cf := range run.Funcs {
		if cf.NotChecked != "" || cf.CachedFrom != "" {
			continue
		}
		file := cf.Scope.File
		if cfg.Isolate != nil {
			todo = append(todo, i) // the child loads the file
			continue
		}
		if _, ok := units[file]; !ok && loadErr[file] == "" {
			u, err := funccheck.LoadUnit(ctx, optsFor(file), file)
			if err != nil {
				loadErr[file] = report.OneLine(strings.ReplaceAll(err.Error(), filepath.Clean(srcRoot)+"/", ""))
			} else {
				units[file] = u
			}
		}
		if msg := loadErr[file]; msg != "" {
			run.Funcs[i].Outcome = funccheck.Outcome{Func: cf.Scope.Name, File: file, Line: cf.Scope.StartLine,
				Result: &result.Result{Verdict: result.Unknown, Reason: "the C front end rejected " + file + ": " + msg, Entry: cf.Scope.Name}}
			continue
		}
		todo = append(todo, i)
	}
	jobs := cfg.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	var mu sync.Mutex
	running := map[string]bool{}
	done := len(run.Funcs) - len(todo)
	report := func() {
		if progress == nil {
			return
		}
		var names []string
		for n := range running {
			names = append(names, n)
		}
		sort.Strings(names)
		progress(done, len(run.Funcs), names)
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				cf := &run.Funcs[i]
				name := cf.Scope.Name
				mu.Lock()
				running[name] = true
				report()
				mu.Unlock()
				opts := optsFor(cf.Scope.File)
				var out funccheck.Outcome
				if cfg.Isolate != nil {
					job := jobFor(cfg, srcRoot, opts, cf.Scope, harnesses)
					if opts.OtherFiles != nil {
						job.OtherFiles, job.CompileDB, job.DBRoot = true, scope.CompileDB, root
					}
					out = runChild(ctx, cfg.Isolate, job, cfg.Engine.Log)
				} else {
					out = checkOne(ctx, units[cf.Scope.File], opts, cf.Scope)
				}
				if cfg.ReproDir != "" && out.Result != nil && out.Result.Verdict == result.Unsafe {
					cf.Repro, cf.ReproErr = reproduce(ctx, cfg.ReproDir, srcRoot, opts, out)
				}
				if keys != nil && keys[i] != "" {
					run.toCache(cfg.Cache, keys[i], *cf, out, srcRoot, &mu)
				}
				mu.Lock()
				cf.Outcome = out
				delete(running, name)
				done++
				report()
				mu.Unlock()
			}
		}()
	}
	for _, i := range todo {
		if ctx.Err() != nil {
			run.Funcs[i].NotChecked = "the time budget ran out before it was checked"
			continue
		}
		select {
		case next <- i:
		case <-ctx.Done():
			run.Funcs[i].NotChecked = "the time budget ran out before it was checked"
		}
	}
	close(next)
	wg.Wait()
	if cfg.Cache != nil && run.Cache.Off == "" {
		run.Cache.Evicted = cfg.Cache.evict(time.Now())
	}
	run.Elapsed = time.Since(start)
	return run, nil
}

// Considered are the functions of a scope a check considers: all but
// the harness files' (a harness is a function's contract, not code under
// check).
func Considered(scope *diffscope.Result) []diffscope.Function {
	var out []diffscope.Function
	for _, f := range scope.Functions {
		if !strings.HasPrefix(f.File, HarnessDir+"/") {
			out = append(out, f)
		}
	}
	return out
}

// InShard are the functions of fns in shard (results.Assign), all of
// them when shard is nil, in their order.
func InShard(fns []diffscope.Function, shard *results.Shard) []diffscope.Function {
	if shard == nil {
		return fns
	}
	var out []diffscope.Function
	for i, s := range results.Assign(fns, shard.Count) {
		if s == shard.Index {
			out = append(out, fns[i])
		}
	}
	return out
}

// checkOne checks one function, never panicking.
func checkOne(ctx context.Context, u *funccheck.Unit, opts funccheck.Options, f diffscope.Function) (out funccheck.Outcome) {
	defer func() {
		if e := recover(); e != nil {
			out = funccheck.Outcome{Func: f.Name, File: f.File, Line: f.StartLine,
				Result: &result.Result{Verdict: result.Unknown, Reason: fmt.Sprintf("internal error: %v", e), Entry: f.Name}}
		}
	}()
	name := f.Name
	if _, ok := u.Defs[name]; !ok {
		// Statics may be renamed name.N by the linker.
		for n := range u.Defs {
			if strings.HasPrefix(n, name+".") {
				name = n
			}
		}
	}
	if _, ok := u.Defs[name]; !ok {
		// The scope reads the text; the front end sees what the
		// preprocessor leaves: a function under a false #if is not part
		// of this build.
		return funccheck.Outcome{Func: f.Name, File: f.File, Line: f.StartLine, NotCompiled: true, NothingToCheck: true,
			Result: &result.Result{Verdict: result.Safe, Engine: "none", Entry: f.Name,
				Reason: fmt.Sprintf("not compiled: the preprocessor leaves %s out of %s with these flags (#if)", f.Name, f.File)}}
	}
	out = u.Check(ctx, opts, name)
	out.Func = f.Name
	if out.Line == 0 {
		out.Line = f.StartLine
	}
	return out
}

// frontFor merges a file's flags from the compilation database into the
// command line's; include directories under root move to srcRoot, where
// the sources are read.
func frontFor(base cfront.Config, fl diffscope.Flags, root, srcRoot string) cfront.Config {
	c := base
	c.IncludeDirs = append([]string(nil), base.IncludeDirs...)
	c.Defines = append([]string(nil), base.Defines...)
	c.Undefines = append([]string(nil), base.Undefines...)
	for _, d := range fl.IncludeDirs {
		p := d.Path
		if rel, err := filepath.Rel(root, p); err == nil && root != srcRoot && !strings.HasPrefix(rel, "..") {
			p = filepath.Join(srcRoot, rel)
		}
		c.IncludeDirs = append(c.IncludeDirs, p)
	}
	for _, d := range fl.Defines {
		switch {
		case d.Undef:
			c.Undefines = append(c.Undefines, d.Name)
		case d.Value != "":
			c.Defines = append(c.Defines, d.Name+"="+d.Value)
		default:
			c.Defines = append(c.Defines, d.Name)
		}
	}
	switch fl.Arch {
	case "-m32":
		c.DataModel = ir.ILP32
	case "-m64":
		c.DataModel = ir.LP64
	}
	return c
}

// RepoTop is the repository's top-level directory.
func RepoTop(ctx context.Context, dir string) (string, error) {
	repo, err := diffscope.OpenRepo(ctx, dir)
	if err != nil {
		return "", err
	}
	return repo.Dir, nil
}

// FunctionResults turns a run into what the reports read: every function
// checked (nothing-to-check ones included, as safe without properties).
func (r *Run) FunctionResults() []report.FunctionResult {
	var out []report.FunctionResult
	for _, cf := range r.Funcs {
		if cf.NotChecked != "" || cf.Outcome.Result == nil {
			continue
		}
		out = append(out, r.FunctionResult(cf))
	}
	return out
}

// FunctionResult is one checked function as the reports read it.
func (r *Run) FunctionResult(cf Func) report.FunctionResult {
	return report.FunctionResult{Name: cf.Scope.Name, File: cf.Scope.File, Line: cf.Scope.StartLine,
		Result: cf.Outcome.Result, Assumed: cf.Outcome.Assumed, Notes: cf.Notes, CachedFrom: cf.CachedFrom}
}

// headCheckedOut reports whether the work tree of the repository at root
// is at commit head.
func headCheckedOut(ctx context.Context, root, head string) (bool, error) {
	repo, err := diffscope.OpenRepo(ctx, root)
	if err != nil {
		return false, err
	}
	cur, err := repo.ResolveCommit(ctx, "HEAD")
	if err != nil {
		return false, err
	}
	return cur == head, nil
}

// worktreeAt checks commit head out in a temporary directory (git
// worktree), removed by cleanup.
func worktreeAt(ctx context.Context, root, head string) (string, func(), error) {
	parent, err := os.MkdirTemp("", "prbmc-head-")
	if err != nil {
		return "", nil, err
	}
	dir := filepath.Join(parent, "src")
	repo := &diffscope.Repo{Dir: root}
	if _, err := repo.Git(ctx, "worktree", "add", "--detach", "--quiet", dir, head); err != nil {
		os.RemoveAll(parent)
		return "", nil, fmt.Errorf("check out %.12s beside the work tree: %w", head, err)
	}
	cleanup := func() {
		// Not ctx: the check may have ended by its deadline, and the
		// worktree must go all the same. A failure leaves a stale entry
		// that git worktree prune removes; nothing to report.
		repo.Git(context.Background(), "worktree", "remove", "--force", dir)
		os.RemoveAll(parent)
	}
	return dir, cleanup, nil
}

// reproduce writes, compiles and runs the reproducer of an unsafe outcome.
func reproduce(ctx context.Context, dir, srcRoot string, opts funccheck.Options, out funccheck.Outcome) (*repro.Outcome, string) {
	if out.Harness == nil {
		return nil, "no harness"
	}
	if out.Harness.File != "" && out.Harness.File != out.File {
		// The trace starts in a caller in another file: the reproducer
		// would need both files (and their statics apart).
		return nil, fmt.Sprintf("the trace starts in %s() in %s; reproducers of traces that cross files are not made yet", ir.CName(out.Harness.Function), out.Harness.File)
	}
	if len(out.Linked) > 0 {
		// The program links a callee's definition from another file,
		// which the reproducer, built from the function's file alone,
		// would not have.
		return nil, fmt.Sprintf("the check linked %s for callees defined there; reproducers of programs that cross files are not made yet", strings.Join(out.Linked, ", "))
	}
	src, err := repro.Generate(*out.Result, report.Dir(srcRoot), repro.Options{Files: []string{out.File},
		Harness: out.Harness.Source, Entry: out.Harness.Entry})
	if err != nil {
		return nil, err.Error()
	}
	sub := filepath.Join(dir, strings.NewReplacer("/", "_", ".", "_").Replace(out.File)+"_"+out.Func)
	if err := os.MkdirAll(sub, 0o755); err != nil {
		return nil, err.Error()
	}
	var flags []string
	for _, d := range opts.Front.IncludeDirs {
		flags = append(flags, "-I"+d)
	}
	for _, d := range opts.Front.Defines {
		flags = append(flags, "-D"+d)
	}
	for _, d := range opts.Front.Undefines {
		flags = append(flags, "-U"+d)
	}
	o, err := repro.Check(ctx, src, repro.BuildOptions{Dir: sub, ILP32: opts.Front.DataModel == ir.ILP32, Flags: flags,
		Sanitize: repro.SanitizeFor(out.Result.Violated().Kind)})
	if err != nil {
		return &o, report.OneLine(err.Error())
	}
	return &o, ""
}

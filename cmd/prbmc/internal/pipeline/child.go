package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/prbmc/prbmc/report"
	"io"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/prbmc/prbmc/diffscope"
	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/engine"
	"github.com/prbmc/prbmc/verifier/funccheck"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/result"
)

// ChildDeps are what a child needs from the command that hosts it.
type ChildDeps struct {
	Solver engine.SolverFactory
	// Sessions are the solver's sessions (engine.Options.Sessions; nil:
	// Solver alone).
	Sessions func() (engine.SolverFactory, func())
	// Instrument returns the instrumentation of the named checks (nil
	// for assertions only).
	Instrument func(names []string) (func(*ir.Program) error, error)
	// LimitSolverMemory caps the solver's memory for the process
	// (nil: the solver is not capped).
	LimitSolverMemory func(mib int) error
}

// maxJobBytes bounds the job a child reads.
const maxJobBytes = 16 << 20

// ChildMain is the child's side of Isolation: it reads a Job from stdin,
// limits its own memory, checks the function and writes a JobResult to
// stdout. It returns the process's exit status; a job that cannot be run
// still gets an answer (an unknown outcome) when one can be written.
func ChildMain(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer, deps ChildDeps) int {
	b, err := io.ReadAll(io.LimitReader(stdin, maxJobBytes))
	if err != nil {
		fmt.Fprintf(stderr, "prbmc: reading the job: %v\n", err)
		return 2
	}
	var job Job
	if err := json.Unmarshal(b, &job); err != nil {
		fmt.Fprintf(stderr, "prbmc: decoding the job: %v\n", err)
		return 2
	}
	if job.MemoryMiB > 0 {
		limitMemory(job.MemoryMiB, deps.LimitSolverMemory, stderr)
	}
	out := RunJob(ctx, job, deps, stderr)
	if err := json.NewEncoder(stdout).Encode(JobResult{Outcome: out}); err != nil {
		fmt.Fprintf(stderr, "prbmc: writing the answer: %v\n", err)
		return 2
	}
	return 0
}

// limitMemory caps this process: the Go heap's soft limit, the solver's
// own cap, and its address space (a hard stop for a single huge
// allocation, which the parent's watch of the resident set would see too
// late). The address-space limit is the current size plus twice the cap:
// Go and Z3 reserve more address space than they touch.
func limitMemory(mib int, solver func(int) error, stderr io.Writer) {
	limit := int64(mib) << 20
	debug.SetMemoryLimit(limit * 6 / 10)
	if solver != nil {
		if err := solver(mib * 8 / 10); err != nil {
			fmt.Fprintf(stderr, "prbmc: cannot limit the solver's memory: %v\n", err)
		}
	}
	if vm := vmSizeBytes(); vm > 0 {
		as := uint64(vm + 2*limit)
		if err := syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: as, Max: as}); err != nil {
			fmt.Fprintf(stderr, "prbmc: cannot limit the address space: %v\n", err)
		}
	}
}

// vmSizeBytes is this process's virtual size (0 when unknown).
func vmSizeBytes() int64 { return procField("/proc/self/status", "VmSize:") << 10 }

// RunJob loads the job's file and checks its function, in this process.
// It never panics: a panic is an unknown outcome with the panic's text.
func RunJob(ctx context.Context, job Job, deps ChildDeps, log io.Writer) (out funccheck.Outcome) {
	f := job.Function
	unknown := func(format string, a ...any) funccheck.Outcome {
		return funccheck.Outcome{Func: f.Name, File: f.File, Line: f.StartLine,
			Result: &result.Result{Verdict: result.Unknown, Reason: fmt.Sprintf(format, a...), Engine: job.Engine.Engine, Entry: f.Name}}
	}
	defer func() {
		if e := recover(); e != nil {
			if job.Engine.Verbose && log != nil {
				fmt.Fprintf(log, "prbmc: internal error checking %s: %v\n%s", f.Name, e, debug.Stack())
			}
			out = unknown("internal error: %v", e)
		}
	}()
	engineLog := io.Discard
	if job.Engine.Verbose && log != nil {
		engineLog = log
	}
	opts := funccheck.Options{RepoDir: job.SrcRoot,
		Front: cfront.Config{DataModel: job.Front.DataModel, IncludeDirs: job.Front.IncludeDirs,
			Defines: job.Front.Defines, Undefines: job.Front.Undefines, HostCacheDir: job.Front.HostCacheDir},
		Harness: job.Harness,
		Engine: engine.Options{Engine: job.Engine.Engine, MaxK: job.Engine.MaxK, Invariants: job.Engine.Invariants,
			Strengthen: job.Engine.Strengthen, Contractors: job.Engine.Contractors, Solver: deps.Solver, Sessions: deps.Sessions, Log: engineLog},
		Timeout: job.Timeout, NoCover: job.NoCover,
		UserHarness: (&harnessSet{use: job.UserHarnesses}).lookup,
		CallerDepth: job.CallerDepth,
		FindInclude: newIncludeFinder(job.SrcRoot).find,
	}
	if deps.Instrument != nil {
		inst, err := deps.Instrument(job.Checks)
		if err != nil {
			return unknown("checks: %v", err)
		}
		opts.Instrument = inst
	}
	if job.OtherFiles && job.CallerDepth > 0 {
		var db *diffscope.CompileDB
		if job.CompileDB != "" {
			var err error
			if db, err = diffscope.LoadCompileDB(job.CompileDB); err != nil {
				return unknown("%v", err)
			}
		}
		opts.OtherFiles = otherFiles(db, job.DBRoot, f.File, nil)
	}
	sb, err := cfront.NewSandbox(append([]string{job.RepoRoot}, job.ExtraRoots...)...)
	if err != nil {
		return unknown("the C front end's sandbox: %v", err)
	}
	opts.Front.Sandbox = sb
	u, err := funccheck.LoadUnit(ctx, opts, f.File)
	if err != nil {
		return unknown("the C front end rejected %s: %s", f.File, report.OneLine(strings.ReplaceAll(err.Error(), filepath.Clean(job.SrcRoot)+"/", "")))
	}
	out = checkOne(ctx, u, opts, f)
	if r := out.Result; r != nil && job.MemoryMiB > 0 && r.Verdict == result.Unknown && strings.Contains(r.Reason, "memory limit (") {
		// The solver's cap is a share of the function's: name the one
		// the user set.
		r.Reason = fmt.Sprintf("memory limit (%d MiB) exceeded: %s", job.MemoryMiB, r.Reason)
	}
	return out
}

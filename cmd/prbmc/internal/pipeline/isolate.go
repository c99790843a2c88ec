package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/prbmc/prbmc/diffscope"
	"github.com/prbmc/prbmc/verifier/funccheck"
	"github.com/prbmc/prbmc/verifier/harness"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/result"
)

// Isolation runs every function's check in a child process of its own, so
// that what the code under check can do to the checker — exhaust memory,
// overflow a stack, crash a solver — ends that function as unknown and
// nothing else. Children get a scrubbed environment (no tokens).
type Isolation struct {
	// Command is the child's argv: a process that reads a Job as JSON on
	// stdin and writes a JobResult as JSON on stdout (prbmc's hidden
	// subcommand, see ChildMain).
	Command []string
	// MemoryMiB caps each child's resident memory (0: no cap). The
	// parent kills a child that exceeds it; the child also limits its
	// address space, Go heap and Z3 to it.
	MemoryMiB int
	// Env is the children's environment; nil gives ChildEnv().
	Env []string
}

// ChildSubcommand is the hidden prbmc subcommand that runs one Job.
const ChildSubcommand = "__check-function"

// Job is one function's check, as the parent hands it to a child.
type Job struct {
	// SrcRoot is the directory the sources are read from (the work tree
	// at the head commit); RepoRoot is the repository's top level, which
	// the front end's sandbox confines reads to (with the system headers).
	SrcRoot  string `json:"srcRoot"`
	RepoRoot string `json:"repoRoot"`
	// ExtraRoots are more directories the sandbox lets the front end
	// read (include directories given on prbmc check's command line).
	ExtraRoots []string           `json:"extraRoots,omitempty"`
	Function   diffscope.Function `json:"function"`
	Front      FrontJob           `json:"front"`
	Harness    harness.Options    `json:"harness"`
	Engine     EngineJob          `json:"engine"`
	Timeout    time.Duration      `json:"timeoutNs"`
	NoCover    bool               `json:"noCover,omitempty"`
	// Checks are the property kinds (names as the --checks flag takes).
	Checks []string `json:"checks,omitempty"`
	// MemoryMiB is the child's memory cap (0: none).
	MemoryMiB int `json:"memoryMiB,omitempty"`
	// UserHarnesses are the users' harnesses, by C name, as the parent
	// chose them (absent: generate one); the function's callers may
	// have one too.
	UserHarnesses map[string]*funccheck.UserHarness `json:"userHarnesses,omitempty"`
	// CallerDepth is funccheck.Options.CallerDepth.
	CallerDepth int `json:"callerDepth,omitempty"`
	// OtherFiles, with CallerDepth, looks for the function's callers in
	// the repository's other files too (funccheck.Options.OtherFiles);
	// CompileDB is the compilation database that says which of them are
	// compiled with the function's file's flags ("": all are), its
	// entries relative to DBRoot, the repository's top level.
	OtherFiles bool   `json:"otherFiles,omitempty"`
	CompileDB  string `json:"compileDB,omitempty"`
	DBRoot     string `json:"dbRoot,omitempty"`
}

// FrontJob is the front end's configuration of a Job.
type FrontJob struct {
	DataModel   ir.DataModel `json:"dataModel"`
	IncludeDirs []string     `json:"includeDirs,omitempty"`
	Defines     []string     `json:"defines,omitempty"`
	Undefines   []string     `json:"undefines,omitempty"`
	// HostCacheDir is cfront.Config.HostCacheDir.
	HostCacheDir string `json:"hostCacheDir,omitempty"`
}

// EngineJob is the engine's configuration of a Job.
type EngineJob struct {
	Engine      string `json:"engine"`
	MaxK        int    `json:"maxK,omitempty"`
	Invariants  string `json:"invariants,omitempty"`
	Strengthen  string `json:"strengthen,omitempty"`
	Contractors string `json:"contractors,omitempty"`
	// Verbose sends the engines' diagnostics to the child's stderr,
	// which the parent copies to its log.
	Verbose bool `json:"verbose,omitempty"`
}

// JobResult is a child's answer.
type JobResult struct {
	Outcome funccheck.Outcome `json:"outcome"`
}

// childEnvKeep are the variables a child inherits: what finding the C
// compiler and temporary files need, and prbmc's own switches for the
// process (huge pages, priority), nothing that could hold a secret.
var childEnvKeep = []string{"PATH", "TMPDIR", "CC", "LANG", "LC_ALL", "HOME", "GOCOVERDIR", "PRBMC_HUGEPAGES", "PRBMC_YIELD"}

// ChildEnv is the scrubbed environment for children: the variables of
// childEnvKeep from this process's environment.
func ChildEnv() []string {
	var env []string
	for _, k := range childEnvKeep {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	return env
}

// maxChildOutput bounds what is read of a child's answer.
const maxChildOutput = 64 << 20

// maxChildStderr is how much of a child's stderr is kept for diagnosing
// a crash.
const maxChildStderr = 16 << 10

// childGrace is how long past its function timeout a child may take
// (loading the file, writing the answer) before it is killed.
func childGrace(timeout time.Duration) time.Duration {
	return min(max(timeout/4, 10*time.Second), time.Minute)
}

// runChild checks one function in a child process and never fails: what
// goes wrong becomes an unknown outcome saying what happened.
func runChild(ctx context.Context, iso *Isolation, job Job, log io.Writer) funccheck.Outcome {
	f := job.Function
	start := time.Now()
	unknown := func(format string, a ...any) funccheck.Outcome {
		return funccheck.Outcome{Func: f.Name, File: f.File, Line: f.StartLine,
			Result: &result.Result{Verdict: result.Unknown, Reason: fmt.Sprintf(format, a...), Engine: job.Engine.Engine,
				Entry: f.Name, Elapsed: time.Since(start)}}
	}
	in, err := json.Marshal(job)
	if err != nil {
		return unknown("internal error: encoding the job: %v", err)
	}
	cctx := ctx
	if job.Timeout > 0 {
		var cancel context.CancelFunc
		cctx, cancel = context.WithTimeout(ctx, job.Timeout+childGrace(job.Timeout))
		defer cancel()
	}
	cmd := exec.Command(iso.Command[0], iso.Command[1:]...)
	cmd.Env = iso.Env
	if cmd.Env == nil {
		cmd.Env = ChildEnv()
	}
	if iso.MemoryMiB > 0 {
		// The Go heap's soft limit: collect harder before the cap.
		cmd.Env = append(cmd.Env, fmt.Sprintf("GOMEMLIMIT=%dMiB", iso.MemoryMiB*6/10))
	}
	cmd.Stdin = bytes.NewReader(in)
	var stdout limitedBuffer
	stdout.max = maxChildOutput
	stderr := &tailBuffer{max: maxChildStderr}
	cmd.Stdout = &stdout
	if job.Engine.Verbose && log != nil {
		cmd.Stderr = io.MultiWriter(stderr, log)
	} else {
		cmd.Stderr = stderr
	}
	// Its own process group, so that killing it also kills the C compiler
	// the front end may be running; killed as well when this process dies
	// (a cancelled job). The death signal follows the thread that started
	// the child, so that thread is kept until the child is waited for.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := cmd.Start(); err != nil {
		return unknown("internal error: starting the checker process: %v", err)
	}
	var (
		mu       sync.Mutex
		killedBy string
		peakKiB  int64
	)
	kill := func(why string) {
		mu.Lock()
		if killedBy == "" {
			killedBy = why
		}
		mu.Unlock()
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-cctx.Done():
				if ctx.Err() != nil {
					kill("budget")
				} else {
					kill("timeout")
				}
				return
			case <-tick.C:
				rss := rssKiB(cmd.Process.Pid)
				mu.Lock()
				peakKiB = max(peakKiB, rss)
				mu.Unlock()
				if iso.MemoryMiB > 0 && rss > int64(iso.MemoryMiB)*1024 {
					kill("memory")
					return
				}
			}
		}
	}()
	waitErr := cmd.Wait()
	close(done)
	mu.Lock()
	why := killedBy
	mu.Unlock()
	switch why {
	case "memory":
		return unknown("memory limit (%d MiB) exceeded: the check was stopped", iso.MemoryMiB)
	case "timeout":
		return unknown("the check did not stop within its time limit (%s)", job.Timeout+childGrace(job.Timeout))
	case "budget":
		return unknown("the time budget ran out during the check")
	}
	if waitErr == nil || stdout.Len() > 0 {
		if stdout.over {
			return unknown("internal error: the checker's answer exceeds %d MiB", maxChildOutput>>20)
		}
		var res JobResult
		if err := json.Unmarshal(stdout.Bytes(), &res); err == nil && res.Outcome.Result != nil {
			return res.Outcome
		} else if waitErr == nil {
			return unknown("internal error: the checker's answer does not decode: %v", err)
		}
	}
	return unknown("%s", crashReason(waitErr, stderr.String(), iso.MemoryMiB))
}

// crashReason says why a child ended without an answer, from its exit and
// the end of its stderr.
func crashReason(err error, stderr string, memMiB int) string {
	low := strings.ToLower(stderr)
	switch {
	case strings.Contains(low, "out of memory") || strings.Contains(low, "cannot allocate memory") ||
		strings.Contains(low, "bad_alloc") || strings.Contains(low, "memory exhausted"):
		if memMiB > 0 {
			return fmt.Sprintf("memory limit (%d MiB) exceeded: the check ran out of memory", memMiB)
		}
		return "the check ran out of memory"
	case strings.Contains(low, "stack exceeds") || strings.Contains(low, "stack overflow"):
		return "internal error: the checker's stack overflowed (code nested too deeply?)"
	}
	var ee *exec.ExitError
	status := err.Error()
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			status = "killed by " + ws.Signal().String()
		} else {
			status = "exit status " + strconv.Itoa(ee.ExitCode())
		}
	}
	msg := "internal error: the checker process ended without an answer (" + status + ")"
	if line := lastMeaningfulLine(stderr); line != "" {
		msg += ": " + line
	}
	return msg
}

// lastMeaningfulLine picks the panic or fatal error line of a Go crash,
// else the last non-empty line.
func lastMeaningfulLine(s string) string {
	lines := strings.Split(s, "\n")
	for _, l := range lines {
		if strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ") {
			return strings.TrimSpace(l)
		}
	}
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" {
			if len(l) > 200 {
				l = l[:200] + "…"
			}
			return l
		}
	}
	return ""
}

// rssKiB is a process's resident set in KiB (0 when unknown).
func rssKiB(pid int) int64 { return procField("/proc/"+strconv.Itoa(pid)+"/status", "VmRSS:") }

// procField reads the number after key in a /proc file of "key: N kB"
// lines (0 when it is not there).
func procField(path, key string) int64 {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(l, key); ok {
			if f := strings.Fields(rest); len(f) > 0 {
				n, _ := strconv.ParseInt(f[0], 10, 64)
				return n
			}
		}
	}
	return 0
}

// limitedBuffer keeps at most max bytes and notes whether more came.
type limitedBuffer struct {
	bytes.Buffer
	max  int
	over bool
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if room := b.max - b.Len(); len(p) > room {
		b.over = true
		if room > 0 {
			b.Buffer.Write(p[:room])
		}
		return len(p), nil
	}
	return b.Buffer.Write(p)
}

// tailBuffer keeps the first and the last bytes written, max in all: a
// Go crash names its cause first and the goroutine that crashed last.
type tailBuffer struct {
	mu   sync.Mutex
	head []byte
	buf  []byte
	max  int
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	written := len(p)
	if room := t.max/4 - len(t.head); room > 0 {
		n := min(room, len(p))
		t.head = append(t.head, p[:n]...)
		p = p[n:]
	}
	t.buf = append(t.buf, p...)
	if keep := t.max - t.max/4; len(t.buf) > keep {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-keep:]...)
	}
	return written, nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.head) + string(t.buf)
}

// DefaultMemoryMiB is a function's memory cap when none is asked for.
const DefaultMemoryMiB = 3072

// reservedMiB is memory left to the parent process, git and the system.
const reservedMiB = 1024

// Size fills in the automatic memory cap and number of jobs (0 for
// either): jobs times the cap must fit in the machine's memory, less what
// the rest of the run needs, so that one greedy function cannot take the
// memory the others were promised. A cap asked for is kept; the jobs
// then shrink to fit.
func Size(memMiB, jobs int) (int, int) {
	total := memTotalMiB()
	avail := total - reservedMiB
	if jobs <= 0 {
		jobs = runtime.NumCPU()
		if memMiB > 0 && total > 0 {
			jobs = max(1, min(jobs, avail/memMiB))
		}
	}
	if memMiB <= 0 {
		memMiB = DefaultMemoryMiB
		if total > 0 {
			memMiB = min(memMiB, max(avail/jobs, 1024))
			if avail > 0 {
				jobs = max(1, min(jobs, avail/memMiB))
			}
		}
	}
	return memMiB, jobs
}

// memTotalMiB is the machine's memory (0 when unknown).
func memTotalMiB() int { return int(procField("/proc/meminfo", "MemTotal:") >> 10) }

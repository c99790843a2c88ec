package repro

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// BuildOptions say how to compile and run a reproducer.
type BuildOptions struct {
	// Dir receives repro.c and the binary (required).
	Dir string
	// ILP32 compiles with gcc -m32 (the program was verified under the
	// ILP32 data model); otherwise cc.
	ILP32 bool
	// Timeout bounds the run (default 10s).
	Timeout time.Duration
	// Flags are extra compiler flags (-I, -D), as the program needs.
	Flags []string
	// Sanitize builds with gcc's undefined-behaviour (and, unless ILP32,
	// address) sanitizer set to abort: a failing overflow, bounds,
	// division or pointer check is undefined behaviour, which a plain
	// native run need not notice.
	Sanitize bool
}

// SanitizeFor says whether a violated property of kind needs Sanitize.
func SanitizeFor(kind string) bool {
	switch kind {
	case "overflow", "div-by-zero", "bounds", "pointer":
		return true
	}
	return false
}

// Outcome is what running a reproducer showed.
type Outcome struct {
	Source     string // the reproducer's path
	Reproduced bool   // it aborted in the check, not for want of inputs
	Status     int    // exit status as a shell shows it (128+n for signal n)
	Signaled   bool
	TimedOut   bool
	Output     string // stderr then stdout, at most 4 KiB of each
}

// String is the one-line verdict: "reproduced: assertion failed with
// exit status 134" or "did not reproduce: …".
func (o Outcome) String() string {
	switch {
	case o.Reproduced:
		return fmt.Sprintf("reproduced: assertion failed with exit status %d", o.Status)
	case o.TimedOut:
		return "did not reproduce: the program did not finish in time"
	case strings.Contains(o.Output, ExhaustedMarker):
		return fmt.Sprintf("did not reproduce: the native run asked for more inputs than the trace has (exit status %d)", o.Status)
	}
	return fmt.Sprintf("did not reproduce: exit status %d", o.Status)
}

// Detail is the line of the output that says what failed, if any.
func (o Outcome) Detail() string {
	for _, l := range strings.Split(o.Output, "\n") {
		if strings.Contains(l, "Assertion") || strings.Contains(l, "reach_error reached") ||
			strings.Contains(l, "__VERIFIER_error reached") || strings.Contains(l, "__VERIFIER_assert failed") {
			return strings.TrimSpace(l)
		}
	}
	return ""
}

// Check writes source to opts.Dir/repro.c, compiles it and runs it. A
// compiler failure is an error carrying the compiler's first lines.
func Check(ctx context.Context, source string, opts BuildOptions) (Outcome, error) {
	if opts.Dir == "" {
		return Outcome{}, errors.New("repro: no directory")
	}
	if opts.Timeout <= 0 {
		opts.Timeout = 10 * time.Second
	}
	src := filepath.Join(opts.Dir, "repro.c")
	bin := filepath.Join(opts.Dir, "repro")
	out := Outcome{Source: src}
	if err := os.WriteFile(src, []byte(source), 0o644); err != nil {
		return out, err
	}
	cc := []string{"cc", "-w"}
	if opts.ILP32 {
		cc = []string{"gcc", "-m32", "-w"}
	}
	cc = append(cc, opts.Flags...)
	if opts.Sanitize {
		san := "-fsanitize=undefined,address"
		if opts.ILP32 {
			san = "-fsanitize=undefined"
		}
		cc = append(cc, san, "-fno-sanitize-recover=all", "-fno-omit-frame-pointer")
	}
	if msg, err := exec.CommandContext(ctx, cc[0], append(cc[1:], "-o", bin, src)...).CombinedOutput(); err != nil {
		return out, fmt.Errorf("repro: %s: %v\n%s", strings.Join(cc, " "), err, firstLines(string(msg), 10))
	}
	rctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	cmd := exec.CommandContext(rctx, bin)
	cmd.Dir = opts.Dir
	if opts.Sanitize {
		cmd.Env = append(os.Environ(), "UBSAN_OPTIONS=abort_on_error=1:print_stacktrace=0", "ASAN_OPTIONS=abort_on_error=1:detect_leaks=0")
	}
	var stdout, stderr capped
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	out.Output = stderr.String() + stdout.String()
	if rctx.Err() == context.DeadlineExceeded {
		out.TimedOut = true
		return out, nil
	}
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		if errors.Is(err, syscall.ENOEXEC) && opts.ILP32 {
			return out, fmt.Errorf("repro: this machine cannot run 32-bit programs (its kernel has no IA-32 support), so the ILP32 reproducer %s was built but not run: %w", bin, err)
		}
		return out, fmt.Errorf("repro: running %s: %w", bin, err)
	}
	if ee != nil {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			out.Signaled = true
			out.Status = 128 + int(ws.Signal())
			out.Reproduced = ws.Signal() == syscall.SIGABRT && !strings.Contains(out.Output, ExhaustedMarker)
		} else {
			out.Status = ee.ExitCode()
		}
	}
	return out, nil
}

// capped keeps the first 4 KiB written to it.
type capped struct{ bytes.Buffer }

func (c *capped) Write(p []byte) (int, error) {
	if room := 4096 - c.Len(); room > 0 {
		c.Buffer.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}

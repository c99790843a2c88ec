package cfront_test

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/ir/interp"
)

// gccRun compiles src with gcc for the data model and runs it.
func gccRun(t *testing.T, src string, model ir.DataModel) (string, int, bool) {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "a.out")
	args := []string{"-std=gnu11", "-O0", "-w", "-o", bin, src}
	if model == ir.ILP32 {
		args = append([]string{"-m32"}, args...)
	}
	if out, err := exec.Command("gcc", args...).CombinedOutput(); err != nil {
		if model == ir.ILP32 {
			return "", 0, false // no multilib: skip this model
		}
		t.Fatalf("gcc %s: %v\n%s", src, err, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
		if ee.ProcessState != nil && !ee.Exited() {
			code = 128 + 6 // killed by a signal: abort() is the one we model
		}
	} else if err != nil {
		if model == ir.ILP32 && errors.Is(err, syscall.ENOEXEC) {
			return "", 0, false // a kernel without IA-32 support: skip this model
		}
		t.Fatalf("run %s: %v", bin, err)
	}
	return stdout.String(), code, true
}

// ourRun lowers src and interprets it.
func ourRun(t *testing.T, src string, model ir.DataModel) (string, int, *interp.Result, *cfront.Program) {
	t.Helper()
	prog := cfronttest.LoadFileProgram(t, src, model)
	var out bytes.Buffer
	r, err := interp.Run(context.Background(), prog.IR, "main", interp.Options{Stdout: &out, MaxSteps: 200_000_000})
	if err != nil {
		t.Fatalf("interp %s: %v", src, err)
	}
	return out.String(), r.ExitCode, r, prog
}

// TestAgainstGCC runs every program of testdata/cprogs compiled by gcc and
// on our IR interpreter, in both data models, and demands the same output
// and exit status.
func TestAgainstGCC(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/cprogs/*.c")
	if len(files) < 150 {
		t.Fatalf("only %d programs in testdata/cprogs", len(files))
	}
	var mu sync.Mutex
	agree, rejected := map[ir.DataModel]int{}, []string{}
	for _, model := range []ir.DataModel{ir.LP64, ir.ILP32} {
		t.Run(model.String(), func(t *testing.T) {
			for _, f := range files {
				f := f
				t.Run(strings.TrimSuffix(filepath.Base(f), ".c"), func(t *testing.T) {
					t.Parallel()
					want, wantCode, ok := gccRun(t, f, model)
					if !ok {
						t.Skip("gcc cannot target this data model here")
					}
					got, gotCode, r, prog := ourRun(t, f, model)
					if len(prog.Unsupported) > 0 {
						mu.Lock()
						rejected = append(rejected, prog.Unsupported[0].String())
						mu.Unlock()
						t.Errorf("unsupported construct: %v", prog.Unsupported[0])
						return
					}
					if r.Status != interp.Exited && r.Status != interp.Aborted {
						t.Errorf("interpreter stopped with %v at %s: %s", r.Status, r.Pos, r.Message)
					}
					if got != want {
						t.Errorf("output differs:\n%s", cfronttest.DiffLines(want, got, "gcc", "ours"))
					}
					if gotCode != wantCode {
						t.Errorf("exit status: gcc %d, ours %d", wantCode, gotCode)
					}
					if !t.Failed() {
						mu.Lock()
						agree[model]++
						mu.Unlock()
					}
				})
			}
		})
	}
	t.Logf("agree with gcc: LP64 %d, ILP32 %d of %d programs", agree[ir.LP64], agree[ir.ILP32], len(files))
	for _, r := range rejected {
		t.Logf("rejected: %s", r)
	}
}

// hostConfig spares the tests of this package a host-compiler run per
// program.
var hostConfig cfront.ConfigCache

package checks_test

import (
	"bytes"
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/checks"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/ir/interp"
)

var csmithN = flag.Int("checks.csmith", 4, "number of csmith programs TestCsmithNoFalseAlarms runs")

// TestCsmithNoFalseAlarms: csmith generates programs without undefined
// behaviour (its safe_* macros guard every operation), so with every check
// they must run exactly as without: no check fails, same output. Programs
// that outrun the step budget are skipped.
func TestCsmithNoFalseAlarms(t *testing.T) {
	csmith, err := exec.LookPath("csmith")
	if err != nil {
		t.Skip("no csmith on PATH")
	}
	const include = "/usr/include/csmith" // libcsmith-dev
	if _, err := os.Stat(filepath.Join(include, "csmith.h")); err != nil {
		t.Skip("no csmith.h (libcsmith-dev)")
	}
	shims, err := filepath.Abs("../../testdata/csmith/include")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	ran := 0
	for seed := 1; seed <= *csmithN; seed++ {
		src := filepath.Join(dir, "s"+strconv.Itoa(seed)+".c")
		cmd := exec.Command(csmith, "--seed", strconv.Itoa(seed), "-o", src, "--no-argc", "--no-bitfields", "--no-packed-struct")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("csmith: %v\n%s", err, out)
		}
		cfg := cfront.Config{Defines: []string{"CSMITH_MINIMAL"}, IncludeDirs: []string{include, shims}, Cache: &hostCache}
		prog, err := cfront.LoadFiles(context.Background(), cfg, src)
		if err != nil || len(prog.Unsupported) > 0 {
			continue // the front end's own csmith test reports these
		}
		p := prog.IR
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		var out1, out2 bytes.Buffer
		before, err := interp.Run(ctx, p, "main", interp.Options{Stdout: &out1, MaxSteps: 20_000_000})
		if err != nil || before.Status == interp.StepLimit {
			cancel()
			continue
		}
		if _, err := checks.Instrument(p, checks.All); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		after, err := interp.Run(ctx, p, "main", interp.Options{Stdout: &out2, MaxSteps: 200_000_000})
		cancel()
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if after.Status == interp.AssertFailed && after.Prop.Kind != ir.PropAssertion && after.Prop.Kind != ir.PropReachError {
			t.Errorf("seed %d: false alarm: %s check %q fails at %s", seed, after.Prop.Kind, after.Prop.Text, after.Prop.Pos)
			continue
		}
		if after.Status != before.Status || out1.String() != out2.String() {
			t.Errorf("seed %d: instrumented run differs: %v %q, before %v %q", seed, after.Status, after.Message, before.Status, before.Message)
		}
		ran++
	}
	t.Logf("%d of %d csmith programs compared", ran, *csmithN)
}

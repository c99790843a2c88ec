package cfront_test

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/ir/interp"
)

var (
	csmithN     = flag.Int("csmith.n", 25, "number of csmith seeds TestCsmith runs")
	csmithSeed  = flag.Int("csmith.seed", 1, "first csmith seed")
	csmithKeep  = flag.String("csmith.keep", "", "directory to keep the generated programs of failing or rejected seeds in")
	csmithSteps = flag.Int64("csmith.steps", 300_000_000, "interpreter step budget per program")
	csmithExtra = flag.String("csmith.opts", "", "extra csmith options, space-separated (e.g. --float)")
	csmithM32   = flag.Bool("csmith.m32", false, "compare in the ILP32 data model (gcc -m32)")
	csmithBF    = flag.Bool("csmith.bitfields", false, "TestCsmith generates bit-fields (csmithBitfieldOpts)")
	csmithBFN   = flag.Int("csmith.bfn", 10, "number of csmith seeds TestCsmithBitfields runs")
)

// csmithOpts keep the generated programs to what prbmc models: no argc (the
// checksum is the only output), no bit-fields (TestCsmithBitfields and
// -csmith.bitfields test them) and no packed structs (they do work: cc/v4's
// ABILayout honours #pragma pack(1), and -csmith.opts=--packed-struct turns
// them back on). Unions, pointers,
// structs, arrays, volatiles, jumps and safe math (which keeps the programs
// free of undefined behaviour) stay on; --float is off, as csmith's default
// (with it csmith emits out-of-range float-to-integer conversions, which
// are undefined and which the interpreter stops at).
var csmithOpts = []string{"--no-argc", "--no-bitfields", "--no-packed-struct"}

// csmithBitfieldOpts are csmithOpts with bit-fields.
var csmithBitfieldOpts = []string{"--no-argc", "--bitfields", "--no-packed-struct"}

// csmithInclude is where libcsmith-dev puts csmith.h.
const csmithInclude = "/usr/include/csmith"

// csmithShims holds the two headers csmith_minimal.h includes that the
// Debian package does not ship.
const csmithShims = "../../testdata/csmith/include"

// csmithGCCTimeout: a program gcc's build runs longer than this is skipped
// (the interpreter is some 100 times slower).
const csmithGCCTimeout = time.Second

// TestCsmith generates programs with csmith from fixed seeds, runs each
// compiled by gcc and on the IR interpreter, and demands the same output and
// exit status. A program is rejected when the front end reports an
// unsupported construct; skipped when gcc's build takes longer than a
// second or the interpreter runs out of steps. `scripts/csmith.sh N` runs N
// seeds.
func TestCsmith(t *testing.T) {
	opts := csmithOpts
	if *csmithBF {
		opts = csmithBitfieldOpts
	}
	runCsmith(t, opts, *csmithN)
}

// TestCsmithBitfields is TestCsmith with bit-fields in the structs, on
// -csmith.bfn seeds from -csmith.seed.
func TestCsmithBitfields(t *testing.T) {
	runCsmith(t, csmithBitfieldOpts, *csmithBFN)
}

func runCsmith(t *testing.T, opts []string, n int) {
	if testing.Short() {
		t.Skip("csmith differential run: skipped with -short")
	}
	csmith, err := exec.LookPath("csmith")
	if err != nil {
		t.Skip("csmith is not installed")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc is not installed")
	}
	if _, err := os.Stat(filepath.Join(csmithInclude, "csmith.h")); err != nil {
		t.Skip("csmith.h is not installed (libcsmith-dev)")
	}
	shims, err := filepath.Abs(csmithShims)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var (
		mu                     sync.Mutex
		agree, skipped, failed int
		rejected               = map[string][]int{} // construct -> seeds
		skippedWhy             []string
		nRejected              int
		start                  = time.Now()
	)
	t.Run("seeds", func(t *testing.T) {
		for seed := *csmithSeed; seed < *csmithSeed+n; seed++ {
			seed := seed
			t.Run(strconv.Itoa(seed), func(t *testing.T) {
				t.Parallel()
				src := filepath.Join(dir, fmt.Sprintf("csmith%d.c", seed))
				// The outcome is counted when the subtest ends, however it
				// ends (t.Fatal and t.Skip included).
				outcome, why := "failed", ""
				var diags []cfront.Diag
				defer func() {
					if t.Failed() {
						outcome = "failed"
					}
					mu.Lock()
					defer mu.Unlock()
					switch outcome {
					case "agree":
						agree++
					case "skipped":
						skipped++
						skippedWhy = append(skippedWhy, fmt.Sprintf("%d: %s", seed, why))
					case "rejected":
						// The first diagnostic is the cause; the rest tend
						// to follow from it.
						nRejected++
						c := construct(diags[0].Construct)
						rejected[c] = append(rejected[c], seed)
					default:
						failed++
					}
					if (outcome == "failed" || outcome == "rejected") && *csmithKeep != "" {
						os.MkdirAll(*csmithKeep, 0o755)
						if b, err := os.ReadFile(src); err == nil {
							os.WriteFile(filepath.Join(*csmithKeep, filepath.Base(src)), b, 0o644)
						}
					}
				}()
				args := append([]string{"--seed", strconv.Itoa(seed), "-o", src}, opts...)
				args = append(args, strings.Fields(*csmithExtra)...)
				cmd := exec.Command(csmith, args...)
				// csmith writes platform.info into its working directory
				// and reads it back: seeds run in parallel, each needs its own.
				cmd.Dir = filepath.Join(dir, "seed"+strconv.Itoa(seed))
				if err := os.MkdirAll(cmd.Dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("csmith %v: %v\n%s", args, err, out)
				}
				want, wantCode, slow := csmithGCC(t, src, shims)
				if slow {
					outcome, why = "skipped", "the gcc-built program runs longer than "+csmithGCCTimeout.String()
					t.Skip(why)
				}
				cfg := cfront.Config{Defines: []string{"CSMITH_MINIMAL"}, IncludeDirs: []string{csmithInclude, shims}, Cache: &hostConfig}
				if *csmithM32 {
					cfg.DataModel = ir.ILP32
				}
				prog, err := cfront.LoadFiles(context.Background(), cfg, src)
				if err != nil {
					t.Fatalf("load: %v", err)
				}
				if err := ir.CheckProgram(prog.IR); err != nil {
					t.Fatalf("sanity: %v", err)
				}
				if len(prog.Unsupported) > 0 {
					outcome, diags = "rejected", prog.Unsupported
					t.Logf("rejected: %v", prog.Unsupported[0])
					return
				}
				var out bytes.Buffer
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
				defer cancel()
				r, err := interp.Run(ctx, prog.IR, "main", interp.Options{Stdout: &out, MaxSteps: *csmithSteps})
				if err != nil {
					t.Fatalf("interp: %v", err)
				}
				if r.Status == interp.StepLimit || r.Status == interp.Canceled {
					outcome, why = "skipped", fmt.Sprintf("interpreter: %v after %d steps", r.Status, r.Steps)
					t.Skip(why)
				}
				if r.Status != interp.Exited {
					t.Errorf("interpreter stopped with %v at %s: %s", r.Status, r.Pos, r.Message)
				}
				if got := out.String(); got != want {
					t.Errorf("output differs:\n%s", cfronttest.DiffLines(want, got, "gcc", "ours"))
				}
				if r.ExitCode != wantCode {
					t.Errorf("exit status: gcc %d, ours %d", wantCode, r.ExitCode)
				}
				outcome = "agree"
			})
		}
	})
	var rs []string
	for c, seeds := range rejected {
		sort.Ints(seeds)
		rs = append(rs, fmt.Sprintf("%s ×%d (seeds %v)", c, len(seeds), seeds))
	}
	sort.Strings(rs)
	why := ""
	if len(rs) > 0 {
		why = " (" + strings.Join(rs, "; ") + ")"
	}
	sort.Strings(skippedWhy)
	t.Logf("csmith: %d agree, %d rejected%s, %d skipped, %d failed, seeds %d..%d, %v",
		agree, nRejected, why, skipped, failed, *csmithSeed, *csmithSeed+n-1, time.Since(start).Round(time.Second))
	for _, s := range skippedWhy {
		t.Logf("skipped %s", s)
	}
}

// csmithName matches the names csmith gives fields, types, variables and
// functions.
var csmithName = regexp.MustCompile(`\b(?:[fSU]|g_|l_|p_|func_)[0-9]+\b`)

// construct reduces a diagnostic to the kind of construct: "variable
// l_12: bit-field f0 in struct S0" becomes "bit-field _ in struct _".
func construct(s string) string {
	if i := strings.LastIndex(s, ": "); i >= 0 {
		s = s[i+2:]
	}
	return csmithName.ReplaceAllString(s, "_")
}

// csmithGCC builds src with gcc -O0 and runs it; slow reports that it ran
// past csmithGCCTimeout.
func csmithGCC(t *testing.T, src, shims string) (out string, code int, slow bool) {
	t.Helper()
	bin := strings.TrimSuffix(src, ".c")
	args := []string{"-w", "-O0", "-DCSMITH_MINIMAL", "-I" + csmithInclude, "-I" + shims, "-o", bin, src}
	if *csmithM32 {
		args = append([]string{"-m32"}, args...)
	}
	if b, err := exec.Command("gcc", args...).CombinedOutput(); err != nil {
		t.Fatalf("gcc %v: %v\n%s", args, err, b)
	}
	ctx, cancel := context.WithTimeout(context.Background(), csmithGCCTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	err := cmd.Run()
	if ctx.Err() != nil {
		return "", 0, true
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
		if !ee.Exited() {
			t.Fatalf("%s: killed by a signal: %v", bin, err)
		}
	} else if err != nil {
		t.Fatalf("run %s: %v", bin, err)
	}
	return stdout.String(), code, false
}

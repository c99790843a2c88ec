package checks_test

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/checks"
	"github.com/prbmc/prbmc/verifier/engine"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/result"
	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/smt/z3"
)

// want is one expectation of a test program, read from a comment
//
//	// checks SET: safe | unsafe KIND LINE
type want struct {
	set     string
	verdict result.Verdict
	kind    string
	line    int
}

func readWants(t *testing.T, path string) []want {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []want
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "// checks ")
		if !ok {
			continue
		}
		set, rest, ok := strings.Cut(line, ":")
		if !ok {
			t.Fatalf("%s: bad line %q", path, sc.Text())
		}
		w := want{set: strings.TrimSpace(set)}
		fields := strings.Fields(rest)
		switch {
		case len(fields) == 1 && fields[0] == "safe":
			w.verdict = result.Safe
		case len(fields) == 3 && fields[0] == "unsafe":
			w.verdict, w.kind = result.Unsafe, fields[1]
			if w.line, err = strconv.Atoi(fields[2]); err != nil {
				t.Fatalf("%s: bad line number in %q", path, sc.Text())
			}
		default:
			t.Fatalf("%s: bad expectation %q", path, sc.Text())
		}
		out = append(out, w)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no // checks lines", path)
	}
	return out
}

func solver(logic string) (smt.Solver, error) { return z3.New(z3.Options{Logic: logic}) }

func loadChecked(t *testing.T, path string, model ir.DataModel, set checks.Set) *ir.Program {
	t.Helper()
	p, err := checks.Instrument(cfronttest.LoadFile(t, path, model), set)
	if err != nil {
		t.Fatalf("instrument: %v", err)
	}
	if err := ir.CheckProgram(p); err != nil {
		t.Fatalf("sanity after instrumenting: %v", err)
	}
	return p
}

// TestVerdicts verifies every program of testdata/checks under each check
// set its comments name: the verdict, and for a violation its kind, its
// line and a trace the interpreter replayed to the same property — in
// both data models, which change the pointer width and the symbolic
// memory's object and offset bits, and with k-induction.
func TestVerdicts(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/checks/*.c")
	if len(files) < 10 {
		t.Fatalf("only %d test programs", len(files))
	}
	for _, f := range files {
		for _, w := range readWants(t, f) {
			for _, run := range []struct {
				model  ir.DataModel
				engine string
			}{{ir.LP64, "incremental"}, {ir.ILP32, "incremental"}, {ir.LP64, "kinduction"}} {
				model := run.model
				name := strings.TrimSuffix(filepath.Base(f), ".c") + "/" + w.set + "/" + model.String() + "/" + run.engine
				t.Run(name, func(t *testing.T) {
					t.Parallel()
					set, err := checks.Parse(w.set)
					if err != nil {
						t.Fatal(err)
					}
					p := loadChecked(t, f, model, set)
					ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
					defer cancel()
					r := engine.Verify(ctx, p, engine.Options{Engine: run.engine, MaxK: 32, Solver: solver})
					if r.Verdict != w.verdict {
						t.Fatalf("verdict %s (%s), want %s", r.Verdict, r.Reason, w.verdict)
					}
					if w.verdict != result.Unsafe {
						return
					}
					v := r.Violated()
					if v == nil || v.Trace == nil || !v.Trace.Replayed {
						t.Fatalf("unsafe without a replayed trace: %+v", v)
					}
					if v.Kind != w.kind || v.Location.Line != w.line {
						t.Errorf("violated %s %q at line %d, want %s at line %d", v.Kind, v.Text, v.Location.Line, w.kind, w.line)
					}
				})
			}
		}
	}
}

// hostCache shares the host compiler's configuration between the tests'
// loads, which otherwise run cc for every program.
var hostCache cfront.ConfigCache

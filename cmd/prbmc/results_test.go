package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/prbmc/prbmc/cmd/prbmc/internal/action"
	"github.com/prbmc/prbmc/cmd/prbmc/internal/pipeline"
	"github.com/prbmc/prbmc/report"
	"github.com/prbmc/prbmc/report/markdown"
	"github.com/prbmc/prbmc/report/results"
	"github.com/prbmc/prbmc/report/sarif"
	"github.com/prbmc/prbmc/report/sarif/sariftest"
	"github.com/prbmc/prbmc/verifier/engine"
	"github.com/prbmc/prbmc/verifier/harness"
)

// reports are the SARIF log and the Markdown summary of functions, as
// `prbmc check --sarif/--markdown` writes them.
func reports(t *testing.T, fns []report.FunctionResult, root string) (string, string) {
	t.Helper()
	var s bytes.Buffer
	if err := sarif.Write(&s, []sarif.Run{{Functions: fns}}, sarif.Options{ToolVersion: "test", RepoRoot: root, Category: "prbmc/"}); err != nil {
		t.Fatal(err)
	}
	return s.String(), markdown.Summary(fns, markdown.SummaryOptions{NotChecked: []markdown.NotChecked{{Name: "x", File: "src/x.c", Reason: "r"}}})
}

// TestResultsRoundTrip checks the example project with the real pipeline
// and compares the SARIF log and the Markdown summary built from the live
// run with the ones built from its results file, encoded and decoded:
// they are byte-identical, and the SARIF log is valid.
func TestResultsRoundTrip(t *testing.T) {
	r := projectRepo(t)
	inst, err := instrumentFor(strings.Split(action.DefaultChecks, ","))
	if err != nil {
		t.Fatal(err)
	}
	run, err := pipeline.Execute(context.Background(), pipeline.Config{RepoDir: r.dir, Base: "HEAD~1", Head: "HEAD", Instrument: inst,
		FunctionTimeout: time.Minute, Jobs: 2, Harness: harness.Options{ArrayLen: 4, Depth: 2}, TrustHeadHarness: true, CallerDepth: 2,
		Engine: engine.Options{Engine: "auto", MaxK: 1 << 20, Solver: z3Solver}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	root, err := pipeline.RepoTop(context.Background(), r.dir)
	if err != nil {
		t.Fatal(err)
	}
	liveSARIF, liveMD := reports(t, run.FunctionResults(), root)
	sariftest.Validate(t, []byte(liveSARIF))
	if !strings.Contains(liveMD, "ring_push") || !strings.Contains(liveMD, "ring_pop") {
		t.Fatalf("live summary lacks the functions:\n%s", liveMD)
	}

	f := run.Results(pipeline.Meta{Version: "test", Root: root, Options: results.Options{Checks: []string{"overflow", "assertions"}, Engine: "auto"}})
	var enc bytes.Buffer
	if err := results.Encode(&enc, f); err != nil {
		t.Fatal(err)
	}
	dec, err := results.Decode(bytes.NewReader(enc.Bytes()))
	if err != nil {
		t.Fatalf("decoding what was encoded: %v", err)
	}
	gotSARIF, gotMD := reports(t, dec.FunctionResults(), root)
	if gotSARIF != liveSARIF {
		t.Errorf("SARIF from the results file differs from the live run's:\n%s\nlive:\n%s", gotSARIF, liveSARIF)
	}
	if gotMD != liveMD {
		t.Errorf("Markdown from the results file differs from the live run's:\n%s\nlive:\n%s", gotMD, liveMD)
	}
	if !reflect.DeepEqual(dec.FunctionResults(), run.FunctionResults()) {
		t.Error("the decoded function results differ from the live run's")
	}
	// What the file says besides.
	if dec.Schema != results.SchemaVersion || dec.Head != run.Scope.Head || dec.Base != run.Scope.Base || dec.Version != "test" ||
		!strings.HasPrefix(dec.OptionsHash, "sha256:") || !reflect.DeepEqual(dec.Files, []string{"src/ring.c"}) {
		t.Errorf("file header: schema %d head %s base %s version %q hash %q files %v", dec.Schema, dec.Head, dec.Base, dec.Version, dec.OptionsHash, dec.Files)
	}
	words := map[string]string{}
	for _, fn := range dec.Functions {
		words[fn.Name] = fn.Verdict + " " + string(fn.Status)
	}
	if want := map[string]string{"ring_push": "unsafe changed", "ring_pop": "safe changed"}; !reflect.DeepEqual(words, want) {
		t.Errorf("verdicts %v, want %v", words, want)
	}
	// Encoding the decoded file gives the same bytes.
	var again bytes.Buffer
	if err := results.Encode(&again, dec); err != nil || again.String() != enc.String() {
		t.Errorf("re-encoding differs (%v)", err)
	}
}

// TestCheckResultsFile: `check --results FILE` and `--format json` write
// the same results document, which decodes.
func TestCheckResultsFile(t *testing.T) {
	r := projectRepo(t)
	path := filepath.Join(t.TempDir(), "results.json")
	out, errOut, code := runCmd(t, "check", "-C", r.dir, "--base", "HEAD~1", "--results", path, "--format", "json")
	if code != exitUnsafe {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != out {
		t.Errorf("--results and --format json differ:\n%s\n---\n%s", data, out)
	}
	f, err := results.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	want := results.Options{Checks: []string{"assertions", "bounds", "div-by-zero", "overflow"}, Engine: "auto", MaxK: 1 << 20,
		FunctionTimeout: time.Minute, CallerDepth: 2, ArrayLen: 4, Depth: 2, Globals: "nondet", TrustHeadHarness: true, DataModel: "LP64"}
	if !reflect.DeepEqual(f.Options, want) {
		t.Errorf("options %+v, want %+v", f.Options, want)
	}
	if len(f.Functions) != 2 || f.Functions[0].Name != "ring_push" || f.Functions[0].Result == nil || f.Functions[0].Result.Failure() == nil {
		t.Errorf("functions %+v", f.Functions)
	}
}

// TestMergeCommand: the two halves of a check's results merge into the
// whole; a duplicate is kept once; results checked with other options
// are refused with one line.
func TestMergeCommand(t *testing.T) {
	r := projectRepo(t)
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.json")
	if _, errOut, code := runCmd(t, "check", "-C", r.dir, "--base", "HEAD~1", "--results", whole); code != exitUnsafe {
		t.Fatalf("check: exit %d: %s", code, errOut)
	}
	f, err := results.ReadFile(whole)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Functions) != 2 {
		t.Fatalf("%d functions, want 2", len(f.Functions))
	}
	write := func(name string, edit func(f *results.File)) string {
		g, err := results.ReadFile(whole)
		if err != nil {
			t.Fatal(err)
		}
		edit(g)
		p := filepath.Join(dir, name)
		if err := writeFile(p, func(w io.Writer) error { return results.Encode(w, g) }); err != nil {
			t.Fatal(err)
		}
		return p
	}
	first := write("first.json", func(g *results.File) { g.Functions = g.Functions[:1] })
	second := write("second.json", func(g *results.File) { g.Functions = g.Functions[1:] })
	other := write("other.json", func(g *results.File) { g.Options.Checks = []string{"assertions"}; g.Seal() })
	wholeText, _ := os.ReadFile(whole)

	for _, tc := range []struct {
		name  string
		files []string
		code  int
		err   string
	}{
		{"halves", []string{second, first}, 0, ""},
		{"duplicate", []string{whole, first}, 0, ""},
		{"other options", []string{whole, other}, exitUsage, "prbmc merge: results 2 were checked with other options (hash sha256:"},
		{"not a results file", []string{whole, filepath.Join(r.dir, "src", "ring.c")}, exitUsage, "prbmc merge: " + filepath.Join(r.dir, "src", "ring.c") + ": not a prbmc results file"},
		{"nothing", nil, exitUsage, "prbmc merge: usage: prbmc merge [-o OUT] RESULTS.json..."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "merged.json")
			_, errOut, code := runCmd(t, append([]string{"merge", "-o", out}, tc.files...)...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d: %s", code, tc.code, errOut)
			}
			if tc.err != "" {
				if !strings.HasPrefix(errOut, tc.err) || strings.Count(errOut, "\n") != 1 {
					t.Errorf("stderr %q, want one line starting %q", errOut, tc.err)
				}
				return
			}
			got, _ := os.ReadFile(out)
			if string(got) != string(wholeText) {
				t.Errorf("merged:\n%s\nwant the whole:\n%s", got, wholeText)
			}
		})
	}
	if _, errOut, code := runCmd(t, "publish"); code != exitUsage || errOut != "prbmc publish: --results FILE is required\n" {
		t.Errorf("publish without --results: exit %d, %q", code, errOut)
	}
}

// TestShards: prbmc plan splits the example project's two functions into
// two shards; checking each shard and merging them with the plan gives
// the whole check's verdicts; a shard left out makes its function not
// checked, "shard 2/2 missing", and the merged file publishes as unknown.
func TestShards(t *testing.T) {
	r := projectRepo(t)
	dir := t.TempDir()
	out, errOut, code := runCmd(t, "plan", "-C", r.dir, "--base", "HEAD~1", "--shards", "2")
	if code != 0 {
		t.Fatalf("plan: exit %d: %s", code, errOut)
	}
	plan, err := results.DecodePlan(strings.NewReader(out))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(plan.Shards) != 2 || len(plan.Shards[0].Functions) != 1 || len(plan.Shards[1].Functions) != 1 ||
		!reflect.DeepEqual(plan.Matrix, results.Matrix{Include: []results.MatrixEntry{{Shard: "1/2"}, {Shard: "2/2"}}}) {
		t.Fatalf("plan:\n%s", out)
	}
	planPath := filepath.Join(dir, "plan.json")
	if err := os.WriteFile(planPath, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	var shardFiles []string
	for i := 1; i <= 2; i++ {
		p := filepath.Join(dir, fmt.Sprintf("shard%d.json", i))
		text, errOut, _ := runCmd(t, "check", "-C", r.dir, "--base", "HEAD~1", "--shard", fmt.Sprintf("%d/2", i), "--results", p)
		want := plan.Shards[i-1].Functions[0].Name
		if !strings.Contains(text, fmt.Sprintf("1 functions in scope of")) || !strings.Contains(text, "(shard "+fmt.Sprint(i)+"/2)") || !strings.Contains(text, want) {
			t.Errorf("shard %d/2 (%s): %s\n%s", i, want, text, errOut)
		}
		shardFiles = append(shardFiles, p)
	}
	verdicts := func(path string) map[string]string {
		f, err := results.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]string{}
		for _, fn := range f.Functions {
			m[fn.Name] = fn.Verdict
			if fn.NotChecked != "" {
				m[fn.Name] += ": " + fn.NotChecked
			}
		}
		return m
	}
	for _, tc := range []struct {
		name  string
		files []string
		want  map[string]string
	}{
		{"both shards", shardFiles, map[string]string{"ring_push": "unsafe", "ring_pop": "safe"}},
		{"shard 2 missing", shardFiles[:1], map[string]string{
			plan.Shards[0].Functions[0].Name: map[string]string{"ring_push": "unsafe", "ring_pop": "safe"}[plan.Shards[0].Functions[0].Name],
			plan.Shards[1].Functions[0].Name: "not checked: shard 2/2 missing: its results were not merged"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			merged := filepath.Join(t.TempDir(), "merged.json")
			if _, errOut, code := runCmd(t, append([]string{"merge", "--plan", planPath, "-o", merged}, tc.files...)...); code != 0 {
				t.Fatalf("merge: exit %d: %s", code, errOut)
			}
			if got := verdicts(merged); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("merged verdicts %v, want %v", got, tc.want)
			}
		})
	}
	for _, bad := range []string{"0/2", "3/2", "1/0", "x", "1/2/3", "01/2"} {
		if _, errOut, code := runCmd(t, "check", "-C", r.dir, "--base", "HEAD~1", "--shard", bad); code != exitUsage || !strings.HasPrefix(errOut, "prbmc check: --shard") {
			t.Errorf("--shard %s: exit %d, %q", bad, code, errOut)
		}
	}
}

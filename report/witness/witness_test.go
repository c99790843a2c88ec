package witness

import (
	"bytes"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/prbmc/prbmc/report"
	"github.com/prbmc/prbmc/report/internal/fixtures"
	"github.com/prbmc/prbmc/report/witness/witnesstest"
	"github.com/prbmc/prbmc/verifier/result"
)

var when = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

// parsed is a witness read back with encoding/xml.
type parsed struct {
	Keys  []key `xml:"key"`
	Graph struct {
		Data  []data `xml:"data"`
		Nodes []node `xml:"node"`
		Edges []edge `xml:"edge"`
	} `xml:"graph"`
}

func roundTrip(t *testing.T, b []byte) parsed {
	t.Helper()
	witnesstest.WellFormed(t, b)
	var p parsed
	if err := xml.Unmarshal(b, &p); err != nil {
		t.Fatal(err)
	}
	declared := map[string]bool{}
	for _, k := range p.Keys {
		declared[k.ID] = true
	}
	check := func(ds []data) {
		for _, d := range ds {
			if !declared[d.Key] {
				t.Errorf("data key %q is not declared", d.Key)
			}
		}
	}
	check(p.Graph.Data)
	ids := map[string]bool{}
	for _, n := range p.Graph.Nodes {
		ids[n.ID] = true
		check(n.Data)
	}
	for _, e := range p.Graph.Edges {
		if !ids[e.Source] || !ids[e.Target] {
			t.Errorf("edge %s → %s to an unknown node", e.Source, e.Target)
		}
		check(e.Data)
	}
	return p
}

func get(ds []data, k string) string {
	for _, d := range ds {
		if d.Key == k {
			return d.Value
		}
	}
	return ""
}

func realTask(t *testing.T, r *result.Result) Task {
	return Task{SourceFile: r.Props[0].Location.File, Source: report.Dir(fixtures.Root()), CreationTime: when, Architecture: "64bit"}
}

func TestViolationGolden(t *testing.T) {
	var buf bytes.Buffer
	src := report.Files{"src/check.c": "int main(void) { return 0; }\n"}
	if err := WriteViolation(&buf, *fixtures.Unsafe(), Task{Source: src, CreationTime: when}); err != nil {
		t.Fatal(err)
	}
	roundTrip(t, buf.Bytes())
	fixtures.Golden(t, "unsafe.graphml", buf.Bytes())

	for _, name := range []string{"ringbuf", "array_bug", "float_nan", "string_ops"} {
		r, err := fixtures.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		buf.Reset()
		if err := WriteViolation(&buf, *r, realTask(t, r)); err != nil {
			t.Fatal(err)
		}
		roundTrip(t, buf.Bytes())
		fixtures.Golden(t, name+".graphml", buf.Bytes())
	}
}

func TestViolationContent(t *testing.T) {
	r, err := fixtures.Load("ringbuf")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	task := realTask(t, r)
	task.Architecture = Architecture("ILP32")
	if err := WriteViolation(&buf, *r, task); err != nil {
		t.Fatal(err)
	}
	p := roundTrip(t, buf.Bytes())
	src, _ := os.ReadFile(filepath.Join(fixtures.Root(), "testdata/examples/ringbuf.c"))
	for k, want := range map[string]string{
		"witness-type":   "violation_witness",
		"producer":       "prbmc",
		"specification":  "CHECK( init(main()), LTL(G ! call(reach_error())) )",
		"architecture":   "32bit",
		"programfile":    "testdata/examples/ringbuf.c",
		"sourcecodelang": "C",
		"creationtime":   "2026-01-02T03:04:05Z",
	} {
		if got := get(p.Graph.Data, k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	if h := get(p.Graph.Data, "programhash"); len(h) != 64 || h == strings.Repeat("0", 64) {
		t.Errorf("programhash %q", h)
	}
	_ = src
	nodes := p.Graph.Nodes
	if get(nodes[0].Data, "entry") != "true" || get(nodes[len(nodes)-1].Data, "violation") != "true" {
		t.Error("first node is not the entry or last is not the violation")
	}
	for _, n := range nodes[1 : len(nodes)-1] {
		if get(n.Data, "violation") != "" || get(n.Data, "entry") != "" {
			t.Errorf("inner node %s flagged", n.ID)
		}
	}
	var bools, uchars int
	for _, e := range p.Graph.Edges {
		if get(e.Data, "startline") == "" {
			t.Errorf("edge %s→%s has no startline", e.Source, e.Target)
		}
		switch get(e.Data, "assumption.resultfunction") {
		case "__VERIFIER_nondet_bool":
			bools++
			if get(e.Data, "assumption") != `\result == 1;` || get(e.Data, "startline") != "41" {
				t.Errorf("bool edge %+v", e.Data)
			}
		case "__VERIFIER_nondet_uchar":
			uchars++
			if get(e.Data, "assumption") != `\result == 0;` || get(e.Data, "startline") != "42" {
				t.Errorf("uchar edge %+v", e.Data)
			}
		}
	}
	if bools != 5 || uchars != 5 {
		t.Errorf("%d bool and %d uchar assumptions, want 5 and 5", bools, uchars)
	}
	last := p.Graph.Edges[len(p.Graph.Edges)-1]
	if get(last.Data, "startline") != "24" {
		t.Errorf("violation edge at line %s, want 24", get(last.Data, "startline"))
	}
}

func TestHashFromFile(t *testing.T) {
	var a, b bytes.Buffer
	r := *fixtures.Unsafe()
	WriteViolation(&a, r, Task{Source: report.Files{"src/check.c": "one"}, CreationTime: when})
	WriteViolation(&b, r, Task{Source: report.Files{"src/check.c": "two"}, CreationTime: when})
	pa, pb := roundTrip(t, a.Bytes()), roundTrip(t, b.Bytes())
	// sha256("one")
	if h := get(pa.Graph.Data, "programhash"); h != "7692c3ad3540bb803c020b3aee66cd8887123234ea0c6e7143c0add73ff431ed" {
		t.Errorf("hash %s", h)
	}
	if get(pa.Graph.Data, "programhash") == get(pb.Graph.Data, "programhash") {
		t.Error("different files, same hash")
	}
	if err := WriteViolation(&a, r, Task{Source: report.Files{}}); err == nil {
		t.Error("no error for an unreadable program")
	}
	if err := WriteViolation(&a, *fixtures.Safe(), Task{Source: report.Files{}}); err == nil {
		t.Error("no error for a result without a counterexample")
	}
}

func TestHostileXML(t *testing.T) {
	h := fixtures.Hostile()
	h.Props[0].Trace.Inputs[0].Value = "7"
	var buf bytes.Buffer
	task := Task{SourceFile: h.Props[0].Location.File, Source: report.Files{h.Props[0].Location.File: "x"}, CreationTime: when,
		Producer: "prbmc </data><evil>", Specification: "]]> & <"}
	if err := WriteViolation(&buf, *h, task); err != nil {
		t.Fatal(err)
	}
	p := roundTrip(t, buf.Bytes())
	if get(p.Graph.Data, "producer") != "prbmc </data><evil>" || get(p.Graph.Data, "programfile") != h.Props[0].Location.File {
		t.Errorf("strings did not survive: %+v", p.Graph.Data)
	}
}

func TestCorrectness(t *testing.T) {
	r, err := fixtures.Load("ringbuf_fixed")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteCorrectness(&buf, *r, realTask(t, r)); err != nil {
		t.Fatal(err)
	}
	p := roundTrip(t, buf.Bytes())
	fixtures.Golden(t, "ringbuf_fixed.graphml", buf.Bytes())
	if get(p.Graph.Data, "witness-type") != "correctness_witness" || len(p.Graph.Nodes) != 1 || len(p.Graph.Edges) != 0 {
		t.Errorf("got %+v", p.Graph)
	}
	// With invariants (the hook for engines that find them).
	task := realTask(t, r)
	task.Invariants = []Invariant{{Line: 40, Func: "main", Expr: "r.count <= 4"}}
	buf.Reset()
	if err := WriteCorrectness(&buf, *r, task); err != nil {
		t.Fatal(err)
	}
	p = roundTrip(t, buf.Bytes())
	if len(p.Graph.Nodes) != 2 || get(p.Graph.Nodes[1].Data, "invariant") != "r.count <= 4" || get(p.Graph.Edges[0].Data, "startline") != "40" {
		t.Errorf("invariant witness %+v", p.Graph)
	}
	// The invariants of the result itself (k-induction's), each at its
	// loop's line.
	withInv := *r
	withInv.Invariants = []result.Invariant{
		{Func: "main", Location: result.Location{File: "ringbuf_fixed.c", Line: 40}, Expr: "(long long)r.count <= 4LL", Text: "count <= 4"},
		// An array fact has no C: left out.
		{Func: "main", Location: result.Location{File: "ringbuf_fixed.c", Line: 40}, Text: "forall j. 0 <= j < n -> x[j] == 0"},
	}
	buf.Reset()
	if err := WriteCorrectness(&buf, withInv, realTask(t, r)); err != nil {
		t.Fatal(err)
	}
	p = roundTrip(t, buf.Bytes())
	if len(p.Graph.Nodes) != 2 || get(p.Graph.Nodes[1].Data, "invariant") != "(long long)r.count <= 4LL" || get(p.Graph.Nodes[1].Data, "invariant.scope") != "main" || get(p.Graph.Edges[0].Data, "startline") != "40" {
		t.Errorf("result invariant witness %+v", p.Graph)
	}
	if err := WriteCorrectness(&buf, *fixtures.Unsafe(), Task{Source: report.Files{"src/check.c": ""}}); err == nil {
		t.Error("a correctness witness for an unsafe result")
	}
}

func TestSpecFor(t *testing.T) {
	for kind, want := range map[string]string{
		"assertion":   SpecUnreachCall,
		"reach-error": SpecUnreachCall,
		"overflow":    "CHECK( init(main()), LTL(G ! overflow) )",
		"pointer":     "CHECK( init(main()), LTL(G valid-deref) )",
		"div-by-zero": "",
	} {
		if got := SpecFor(kind); got != want {
			t.Errorf("SpecFor(%q) = %q, want %q", kind, got, want)
		}
	}
}

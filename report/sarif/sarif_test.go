package sarif

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/report"
	"github.com/prbmc/prbmc/report/internal/fixtures"
	"github.com/prbmc/prbmc/report/sarif/sariftest"
	"github.com/prbmc/prbmc/verifier/result"
)

var testOpts = Options{ToolVersion: "0.1.0-test", Category: "prbmc/", RepoRoot: "/repo", WorkDir: "/repo"}

// render writes one run of fr, checks it against the schema and decodes it.
func render(t *testing.T, opts Options, frs ...report.FunctionResult) ([]byte, *log) {
	t.Helper()
	b, err := Marshal([]Run{{Functions: frs}}, opts)
	if err != nil {
		t.Fatal(err)
	}
	sariftest.Validate(t, b)
	var l log
	if err := json.Unmarshal(b, &l); err != nil {
		t.Fatal(err)
	}
	return b, &l
}

// log is the part of a SARIF log the tests look at.
type log struct {
	Runs []struct {
		Tool struct {
			Driver struct {
				Name, Version, InformationURI string
				Rules                         []struct {
					ID   string
					Help struct{ Text, Markdown string }
				}
			}
		}
		AutomationDetails struct{ ID string }
		Properties        map[string]any
		Results           []struct {
			RuleID, Kind, Level string
			Message             struct{ Text string }
			Locations           []struct {
				PhysicalLocation struct {
					ArtifactLocation struct{ URI, URIBaseID string }
					Region           struct{ StartLine, StartColumn int }
				}
			}
			RelatedLocations    []any
			PartialFingerprints map[string]string
			Properties          map[string]any
			CodeFlows           []struct {
				Message     struct{ Text string }
				ThreadFlows []struct {
					Message   struct{ Text string }
					Locations []struct {
						ExecutionOrder int
						State          map[string]struct{ Text string }
						Location       struct {
							Message struct{ Text string }
						}
					}
				}
			}
		}
	}
}

func fn(name string, r *result.Result) report.FunctionResult {
	return report.FunctionResult{Name: name, File: "src/check.c", Line: 12, Result: r}
}

func TestGoldenHandMade(t *testing.T) {
	for _, tc := range []struct {
		name string
		fr   report.FunctionResult
		opts Options
	}{
		{"unsafe", fn("main", fixtures.Unsafe()), testOpts},
		{"safe", report.FunctionResult{Name: "main", Result: fixtures.Safe(), Assumed: []string{"nondet global g"}}, testOpts},
		{"bounded", report.FunctionResult{Name: "loop", Result: fixtures.Bounded()}, testOpts},
		{"unknown", report.FunctionResult{Name: "parse", File: "src/parse.c", Line: 3, Result: fixtures.Unknown()}, testOpts},
		{"long", report.FunctionResult{Name: "spin", Result: fixtures.Long(30)}, func() Options { o := testOpts; o.MaxThreadFlowLocations = 10; return o }()},
		{"hostile", report.FunctionResult{Name: "ma|in", File: "src/we`ird | @octocat <b>.c", Line: 1, Result: fixtures.Hostile()}, testOpts},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, _ := render(t, tc.opts, tc.fr)
			fixtures.Golden(t, tc.name+".sarif", b)
		})
	}
}

func TestGoldenReal(t *testing.T) {
	for _, name := range fixtures.Real {
		t.Run(name, func(t *testing.T) {
			r, err := fixtures.Load(name)
			if err != nil {
				t.Fatal(err)
			}
			// deep_bug's 1003 steps are checked, not stored.
			b, l := render(t, Options{ToolVersion: "0.1.0-test", Category: "prbmc/"}, report.FunctionResult{Name: r.Entry, Result: r})
			if name == "deep_bug" {
				tf := l.Runs[0].Results[0].CodeFlows[0].ThreadFlows[0]
				if len(tf.Locations) != 1000 || tf.Locations[999].ExecutionOrder != 1003 {
					t.Fatalf("deep_bug: %d locations, last #%d", len(tf.Locations), tf.Locations[len(tf.Locations)-1].ExecutionOrder)
				}
				return
			}
			fixtures.Golden(t, name+".sarif", b)
		})
	}
}

func TestUnsafeResult(t *testing.T) {
	_, l := render(t, testOpts, fn("main", fixtures.Unsafe()))
	run := l.Runs[0]
	d := run.Tool.Driver
	if d.Name != "prbmc" || d.Version != "0.1.0-test" || d.InformationURI != DefaultInformationURI {
		t.Errorf("driver %+v", d)
	}
	var ids []string
	for _, r := range d.Rules {
		ids = append(ids, r.ID)
		if r.Help.Markdown == "" || r.Help.Text == "" {
			t.Errorf("rule %s has no help", r.ID)
		}
	}
	if got := strings.Join(ids, " "); got != "assertion reach-error overflow bounds div-by-zero pointer unwinding unsupported function-pointer precondition" {
		t.Errorf("rules %s", got)
	}
	if run.AutomationDetails.ID != "prbmc/" {
		t.Errorf("automationDetails.id %q", run.AutomationDetails.ID)
	}
	for _, k := range []string{"engine", "k", "elapsedMs", "assumed", "functions"} {
		if _, ok := run.Properties[k]; !ok && k != "assumed" {
			t.Errorf("run properties lack %s: %v", k, run.Properties)
		}
	}
	res := run.Results[0]
	if res.RuleID != "assertion" || res.Kind != "fail" || res.Level != "error" {
		t.Errorf("rule %s kind %s level %s", res.RuleID, res.Kind, res.Level)
	}
	for _, want := range []string{`assertion "x != 42" in check can fail`, "__VERIFIER_nondet_int() = 40", "uninitialised pad = 2"} {
		if !strings.Contains(res.Message.Text, want) {
			t.Errorf("message %q lacks %q", res.Message.Text, want)
		}
	}
	pl := res.Locations[0].PhysicalLocation
	if pl.ArtifactLocation.URI != "src/check.c" || pl.ArtifactLocation.URIBaseID != "%SRCROOT%" || pl.Region.StartLine != 9 || pl.Region.StartColumn != 3 {
		t.Errorf("location %+v", pl)
	}
	if len(res.RelatedLocations) != 1 {
		t.Errorf("related locations %v", res.RelatedLocations)
	}
	if res.PartialFingerprints["primaryLocationLineHash"] == "" || res.PartialFingerprints[FingerprintKey] == "" {
		t.Errorf("fingerprints %v", res.PartialFingerprints)
	}
	locs := res.CodeFlows[0].ThreadFlows[0].Locations
	if len(locs) != 5 {
		t.Fatalf("%d thread-flow locations, want 5", len(locs))
	}
	if locs[0].Location.Message.Text != "main: a = __VERIFIER_nondet_int()" || locs[0].State["a"].Text != "40" {
		t.Errorf("first step %+v", locs[0])
	}
	if locs[4].State != nil {
		t.Errorf("the assert step writes nothing: %+v", locs[4].State)
	}
}

func TestVerdictKinds(t *testing.T) {
	for _, tc := range []struct {
		r          *result.Result
		kind, text string
	}{
		{fixtures.Safe(), "pass", "proved safe"},
		{fixtures.Bounded(), "notApplicable", "at most 3 times (bounded, k = 3)"},
		{fixtures.Unknown(), "open", "undecided: timeout at k=8"},
	} {
		_, l := render(t, testOpts, report.FunctionResult{Name: tc.r.Entry, Result: tc.r})
		res := l.Runs[0].Results[0]
		if res.Kind != tc.kind || res.Level != "none" || !strings.Contains(res.Message.Text, tc.text) {
			t.Errorf("%s: kind %s level %s message %q", tc.r.Verdict, res.Kind, res.Level, res.Message.Text)
		}
	}
	_, l := render(t, testOpts, report.FunctionResult{Name: "parse", Result: fixtures.Unknown()})
	if res := l.Runs[0].Results[1]; res.Kind != "notApplicable" || !strings.Contains(res.Message.Text, "never be reached") {
		t.Errorf("unreachable: %s %q", res.Kind, res.Message.Text)
	}
	if k := l.Runs[0].Properties["k"]; k != float64(8) {
		t.Errorf("run k %v", k)
	}
	_, l = render(t, Options{OnlyFailures: true}, report.FunctionResult{Name: "parse", Result: fixtures.Unknown()})
	if n := len(l.Runs[0].Results); n != 0 {
		t.Errorf("OnlyFailures kept %d results", n)
	}
}

func TestWholeRunUnknown(t *testing.T) {
	r, err := fixtures.Load("unsupported_fnptr")
	if err != nil {
		t.Fatal(err)
	}
	_, l := render(t, Options{}, report.FunctionResult{Name: "main", Result: r})
	res := l.Runs[0].Results[0]
	pl := res.Locations[0].PhysicalLocation
	if res.RuleID != "unsupported" || res.Kind != "open" || pl.ArtifactLocation.URI != "testdata/verify/unsupported_fnptr.c" || pl.Region.StartLine != 5 {
		t.Errorf("got %s %s at %+v", res.RuleID, res.Kind, pl)
	}
	// No location at all: a tool notification instead of a result.
	b, l := render(t, Options{}, report.FunctionResult{Name: "main", Result: &result.Result{Verdict: result.Unknown, Reason: "the C front end rejected the input"}})
	if len(l.Runs[0].Results) != 0 || !strings.Contains(string(b), "toolExecutionNotifications") {
		t.Errorf("parse failure: %s", b)
	}
}

func TestTraceCut(t *testing.T) {
	_, l := render(t, Options{}, report.FunctionResult{Name: "spin", Result: fixtures.Long(10000)})
	res := l.Runs[0].Results[0]
	tf := res.CodeFlows[0].ThreadFlows[0]
	if len(tf.Locations) != 1000 {
		t.Fatalf("%d locations, want 1000", len(tf.Locations))
	}
	first, last := tf.Locations[0], tf.Locations[999]
	if first.ExecutionOrder != 1 || last.ExecutionOrder != 10000 || last.Location.Message.Text != "spin: assert(i < 9999)" {
		t.Errorf("first #%d, last #%d %q", first.ExecutionOrder, last.ExecutionOrder, last.Location.Message.Text)
	}
	if tf.Locations[499].ExecutionOrder != 500 || tf.Locations[500].ExecutionOrder != 9501 {
		t.Errorf("cut at #%d..#%d", tf.Locations[499].ExecutionOrder, tf.Locations[500].ExecutionOrder)
	}
	if !strings.Contains(tf.Message.Text, "9000 steps left out") || !strings.Contains(res.Message.Text, "10000 steps") {
		t.Errorf("no note of the cut: %q / %q", tf.Message.Text, res.Message.Text)
	}
}

func TestResultCap(t *testing.T) {
	r := &result.Result{Verdict: result.Unsafe, Engine: "bmc"}
	for i := 0; i < 5003; i++ {
		v := result.Safe
		if i == 5002 {
			v = result.Unsafe
		}
		r.Props = append(r.Props, result.Property{ID: fmt.Sprint(i), Kind: "assertion", Text: fmt.Sprintf("x != %d", i), Func: "f",
			Location: result.Location{File: "a.c", Line: i + 1}, Verdict: v})
	}
	_, l := render(t, Options{}, report.FunctionResult{Name: "f", Result: r})
	run := l.Runs[0]
	if len(run.Results) != 5000 || run.Results[0].Kind != "fail" || run.Properties["resultsOmitted"] != float64(3) {
		t.Errorf("%d results, first %s, omitted %v", len(run.Results), run.Results[0].Kind, run.Properties["resultsOmitted"])
	}
}

func TestFingerprintStable(t *testing.T) {
	a := fixtures.Unsafe()
	b := fixtures.Unsafe()
	b.Props[0].Location.Line += 17 // an edit above the function
	b.Props[0].Location.Col = 1
	b.Props[0].Text = "x  !=  42" // and a reformat
	_, la := render(t, testOpts, fn("main", a))
	_, lb := render(t, testOpts, fn("main", b))
	fa, fb := la.Runs[0].Results[0].PartialFingerprints, lb.Runs[0].Results[0].PartialFingerprints
	if fa["primaryLocationLineHash"] != fb["primaryLocationLineHash"] || fa[FingerprintKey] != fb[FingerprintKey] {
		t.Errorf("shifted line changed the fingerprint: %v vs %v", fa, fb)
	}
	c := fixtures.Unsafe()
	c.Props[0].Text = "x != 43"
	_, lc := render(t, testOpts, fn("main", c))
	if lc.Runs[0].Results[0].PartialFingerprints["primaryLocationLineHash"] == fa["primaryLocationLineHash"] {
		t.Error("a different assertion has the same fingerprint")
	}
	// Two identical assertions in one function are told apart.
	d := fixtures.Safe()
	d.Props[1] = d.Props[0]
	d.Props[1].Location.Line = 90
	_, ld := render(t, testOpts, report.FunctionResult{Name: "main", Result: d})
	if x, y := ld.Runs[0].Results[0].PartialFingerprints, ld.Runs[0].Results[1].PartialFingerprints; x["primaryLocationLineHash"] == y["primaryLocationLineHash"] {
		t.Errorf("duplicate fingerprints %v", x)
	}
}

func TestURIs(t *testing.T) {
	o := Options{RepoRoot: "/repo", WorkDir: "/repo/sub"}
	for _, tc := range []struct{ file, uri, base string }{
		{"a.c", "sub/a.c", SrcRoot},
		{"/repo/lib/b c.c", "lib/b%20c.c", SrcRoot},
		{"/elsewhere/x.c", "file:///elsewhere/x.c", ""},
		{"../up.c", "up.c", SrcRoot},
		{"src/\xff\xfe.c", "sub/src/%FF%FE.c", SrcRoot},
		{"/repo/src/./x//y/../\xff.c", "src/x/%FF.c", SrcRoot},
		{"/elsewhere/\xff.c", "file:///elsewhere/%FF.c", ""},
		{"//elsewhere/./x.c", "file:///elsewhere/x.c", ""},
		{"/repo/é <b>.c", "%C3%A9%20%3Cb%3E.c", SrcRoot},
		{"/repo/a:b.c", "./a:b.c", SrcRoot},
		{"/repo/a%41?#.c", "a%2541%3F%23.c", SrcRoot},
	} {
		al := o.artifactLocation(tc.file)
		base := ""
		if al.URIBaseId != nil {
			base = *al.URIBaseId
		}
		if *al.URI != tc.uri || base != tc.base {
			t.Errorf("%s: uri %s base %q, want %s %q", tc.file, *al.URI, base, tc.uri, tc.base)
		}
	}
	if o.artifactLocation("<prbmc-libc>") != nil {
		t.Error("a built-in model got a URI")
	}
}

// Fingerprints gives each property the fingerprint its SARIF result
// carries.
func TestFingerprintsMatchLog(t *testing.T) {
	d := fixtures.Safe()
	d.Props[1] = d.Props[0]
	d.Props[1].Location.Line = 90
	fns := []report.FunctionResult{fn("main", fixtures.Unsafe()), {Name: "nil"}, {Name: "main", Result: d}}
	_, log := render(t, testOpts, fns...)
	got := Fingerprints(fns)
	want := [][]string{{log.Runs[0].Results[0].PartialFingerprints[FingerprintKey]}, nil,
		{log.Runs[0].Results[1].PartialFingerprints[FingerprintKey], log.Runs[0].Results[2].PartialFingerprints[FingerprintKey]}}
	if len(got) != 3 || len(got[0]) != 1 || got[0][0] != want[0][0] || len(got[1]) != 0 || len(got[2]) != 2 || got[2][0] != want[2][0] || got[2][1] != want[2][1] {
		t.Errorf("Fingerprints = %q, the log has %q", got, want)
	}
	if got[2][0] == got[2][1] {
		t.Errorf("two occurrences share a fingerprint: %q", got[2])
	}
}

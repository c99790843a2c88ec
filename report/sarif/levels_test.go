package sarif

import (
	"strings"
	"testing"

	"github.com/prbmc/prbmc/report"
	"github.com/prbmc/prbmc/report/internal/fixtures"
	"github.com/prbmc/prbmc/verifier/result"
)

func TestParseLevels(t *testing.T) {
	def := Levels{Failure: LevelError, Contract: LevelNote, Unknown: LevelNone}
	for _, tc := range []struct {
		in   string
		want Levels
		err  string
	}{
		{in: "", want: def},
		{in: DefaultLevels, want: def},
		{in: "failure=error,contract=note,unknown=warning", want: Levels{LevelError, LevelNote, LevelWarning}},
		{in: " Contract = Warning \n\nunknown=note", want: Levels{LevelError, LevelWarning, LevelNote}},
		{in: "failure=none", err: `"none" is not a level for failure: one of error, warning, note`},
		{in: "unknown=fatal", err: `"fatal" is not a level for unknown: one of error, warning, note, none`},
		{in: "bounded=note", err: `"bounded" is not a class: one of failure, contract, unknown`},
		{in: "failure", err: `"failure" is not class=level`},
		{in: "failure=error,failure=note", err: "failure is given twice"},
	} {
		got, err := ParseLevels(tc.in)
		if tc.err != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tc.err) || strings.Contains(err.Error(), "\n") {
				t.Errorf("ParseLevels(%q): err %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseLevels(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
}

// TestLevels: the levels set each class's level; undecided results given
// a level become failures (SARIF allows a level on those only), and the
// zero Levels are today's levels.
func TestLevels(t *testing.T) {
	note := fixtures.Unsafe()
	note.Props[0].Finding, note.Props[0].Note = result.FindingContract, "no caller passes 42."
	frs := []report.FunctionResult{fn("main", fixtures.Unsafe()), fn("check", note), {Name: "parse", File: "src/parse.c", Line: 3, Result: fixtures.Unknown()}}
	levels := func(opts Options) []string {
		_, l := render(t, opts, frs...)
		var out []string
		for _, r := range l.Runs[0].Results {
			out = append(out, r.Kind+"/"+r.Level)
		}
		return out
	}
	def := strings.Join(levels(testOpts), " ")
	if def != "fail/error fail/note open/none notApplicable/none" {
		t.Errorf("default levels %s", def)
	}
	o := testOpts
	o.Levels, _ = ParseLevels(DefaultLevels)
	if got := strings.Join(levels(o), " "); got != def {
		t.Errorf("%s spelled out: %s, want %s", DefaultLevels, got, def)
	}
	o.Levels = Levels{Failure: LevelWarning, Contract: LevelError, Unknown: LevelWarning}
	if got := strings.Join(levels(o), " "); got != "fail/warning fail/error fail/warning notApplicable/none" {
		t.Errorf("mapped levels %s", got)
	}
	// A function undecided as a whole, without properties.
	r, err := fixtures.Load("unsupported_fnptr")
	if err != nil {
		t.Fatal(err)
	}
	_, l := render(t, Options{Levels: Levels{Unknown: LevelNote}}, report.FunctionResult{Name: "main", Result: r})
	if res := l.Runs[0].Results[0]; res.Kind != "fail" || res.Level != "note" || res.Properties["verdict"] != "unknown" {
		t.Errorf("whole-run unknown with unknown=note: %s/%s verdict %v", res.Kind, res.Level, res.Properties["verdict"])
	}
}

package sarif

import (
	sarif "github.com/owenrumney/go-sarif/v2/sarif"

	"github.com/prbmc/prbmc/report"
)

// addRules gives the run one rule per property kind, in report.Kinds
// order, so rule indices are the same in every log.
func addRules(run *sarif.Run) {
	for _, k := range report.Kinds {
		level := "error"
		if k.ID == "unwinding" || k.ID == "unsupported" {
			level = "warning"
		}
		help := &sarif.MultiformatMessageString{Text: ptr(k.Help), Markdown: ptr(k.Help)}
		run.AddRule(k.ID).
			WithName(k.Name).
			WithShortDescription(sarif.NewMultiformatMessageString(k.Short)).
			WithFullDescription(sarif.NewMultiformatMessageString(k.Full)).
			WithHelp(help).
			WithHelpURI(DefaultInformationURI + "#prbmc-verify").
			WithDefaultConfiguration(sarif.NewReportingConfiguration().WithLevel(level)).
			WithProperties(sarif.Properties{
				"tags":             []string{"correctness", "formal-verification"},
				"precision":        "very-high",
				"problem.severity": level,
			})
	}
}

// ruleFor is the rule id of a property kind; kinds prbmc does not know
// yet are reported under "assertion".
func ruleFor(kind string) string {
	if report.KindIndex(kind) < 0 {
		return "assertion"
	}
	return kind
}

func ptr[T any](v T) *T { return &v }

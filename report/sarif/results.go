package sarif

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	sarif "github.com/owenrumney/go-sarif/v2/sarif"

	"github.com/prbmc/prbmc/report"
	"github.com/prbmc/prbmc/verifier/result"
)

// maxMessageInputs is how many inputs an alert's message lists.
const maxMessageInputs = 20

// SARIF result kinds.
const (
	kindFail          = "fail"
	kindPass          = "pass"
	kindNotApplicable = "notApplicable"
	kindOpen          = "open"
)

// propertyResult is the SARIF result for one property of fr.
func (o Options) propertyResult(fr report.FunctionResult, p result.Property, occ int) *sarif.Result {
	r := fr.Result
	res := sarif.NewRuleResult(ruleFor(p.Kind))
	props := sarif.Properties{"verdict": string(p.Verdict), "propertyId": p.ID, "entry": fr.Name}
	what := report.What(p)
	if p.Func != "" {
		what += " in " + p.Func
	}
	var msg string
	switch p.Verdict {
	case result.Unsafe:
		res.WithKind(kindFail).WithLevel(o.Levels.Failure)
		msg = what + " " + report.FailVerb(p.Kind)
		if p.IsNote() {
			// Not a failure anyone here causes: code scanning shows it,
			// below the errors (by default).
			res.WithLevel(o.Levels.Contract)
			msg = fmt.Sprintf("%s (%s note, not a failure): %s", msg, p.Finding, p.Note)
			props["finding"] = string(p.Finding)
		} else if p.Finding != "" {
			msg += " (" + strings.TrimSuffix(p.Note, ".") + ")"
			props["finding"] = string(p.Finding)
		}
		if p.Trace != nil {
			msg += inputsSentence(p.Trace.Inputs)
			if p.Trace.Replayed {
				msg += " The trace was replayed on a concrete interpreter."
			}
			cf, cut := o.codeFlow(p.Trace)
			res.WithCodeFlows([]*sarif.CodeFlow{cf})
			props["traceSteps"] = len(p.Trace.Steps)
			props["inputs"] = len(p.Trace.Inputs)
			if cut {
				msg += fmt.Sprintf(" The trace has %d steps; the code flow shows the first and last %d.",
					len(p.Trace.Steps), o.MaxThreadFlowLocations)
			}
		} else {
			msg += "."
		}
	case result.Safe:
		res.WithKind(kindPass).WithLevel("none")
		msg = what + " is proved safe for all executions"
		if reason := orDefault(p.Reason, r.Reason); reason != "" {
			msg += " (" + reason + ")"
		}
		msg += "."
	case result.Bounded:
		res.WithKind(kindNotApplicable).WithLevel("none")
		msg = fmt.Sprintf("%s holds in every execution whose loops run at most %d times (bounded, k = %d); this is not a proof.", what, r.K, r.K)
		if reason := orDefault(p.Reason, r.Reason); reason != "" {
			msg += " " + upperFirst(reason) + "."
		}
		props["k"] = r.K
	case result.Unreachable:
		res.WithKind(kindNotApplicable).WithLevel("none")
		msg = what + " can never be reached, so proving it says nothing."
	default: // unknown, or a verdict this package does not know
		o.undecided(res)
		reason := orDefault(p.Reason, r.Reason)
		msg = what + " is undecided"
		if reason != "" {
			msg += ": " + reason
			props["reason"] = reason
		}
		msg += "."
	}
	res.WithMessage(sarif.NewTextMessage(msg))
	if pl := o.physicalLocation(p.Location.File, p.Location.Line, p.Location.Col); pl != nil {
		loc := sarif.NewLocationWithPhysicalLocation(pl)
		if p.Func != "" {
			loc.WithLogicalLocations([]*sarif.LogicalLocation{sarif.NewLogicalLocation().WithName(p.Func).WithKind("function")})
		}
		res.WithLocations([]*sarif.Location{loc})
	}
	if fr.File != "" && fr.Line > 0 {
		if pl := o.physicalLocation(fr.File, fr.Line, 0); pl != nil {
			loc := sarif.NewLocationWithPhysicalLocation(pl).WithId(1).
				WithMessage(sarif.NewTextMessage("entry function " + fr.Name))
			res.WithRelatedLocations([]*sarif.Location{loc})
		}
	}
	res.PartialFingerprints = fingerprints(p, occ)
	res.Properties = props
	return res
}

// inputsSentence lists the inputs of a counterexample for a message:
// " with inputs: 1. __VERIFIER_nondet_int() = 42 (int, a.c:5), ….".
func inputsSentence(ins []result.Input) string {
	if len(ins) == 0 {
		return " for every input (the trace needs no inputs)."
	}
	var b strings.Builder
	b.WriteString(" with these inputs, in the order the program reads them: ")
	for i, in := range ins {
		if i == maxMessageInputs {
			fmt.Fprintf(&b, "; and %d more (see the code flow)", len(ins)-i)
			break
		}
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%d. %s = %s", i+1, report.InputName(in), in.Value)
		if in.Location.Line > 0 {
			fmt.Fprintf(&b, " (%s, line %d)", in.Type, in.Location.Line)
		}
	}
	b.WriteString(".")
	return b.String()
}

// atLocation finds the " at file:line:col" the engines end reasons with.
var atLocation = regexp.MustCompile(`(?:^|\s)(?:at\s+)?([^\s:]+):(\d+)(?::(\d+))?\s*$`)

// leadingLocation finds the "file:line:col:" an unsupported entry starts with.
var leadingLocation = regexp.MustCompile(`^([^\s:]+):(\d+)(?::(\d+))?:`)

// unknownResult reports a function whose verification produced no
// properties and no verdict (the front end rejected the input, or an
// unsupported construct stopped it): an open result under "unsupported",
// located where the reason or the unsupported list points, else nil.
func (o Options) unknownResult(fr report.FunctionResult) *sarif.Result {
	r := fr.Result
	file, line, col := "", 0, 0
	if m := atLocation.FindStringSubmatch(r.Reason); m != nil {
		file = m[1]
		line, _ = strconv.Atoi(m[2])
		col, _ = strconv.Atoi(m[3])
	} else if len(r.Unsupported) > 0 {
		if m := leadingLocation.FindStringSubmatch(r.Unsupported[0]); m != nil {
			file = m[1]
			line, _ = strconv.Atoi(m[2])
			col, _ = strconv.Atoi(m[3])
		}
	}
	if file == "" {
		file, line, col = fr.File, fr.Line, 0
	}
	pl := o.physicalLocation(file, line, col)
	if pl == nil {
		return nil
	}
	rule := "unsupported"
	if !strings.HasPrefix(r.Reason, "unsupported") {
		rule = "assertion"
	}
	// The fingerprint leaves out the location the reason ends with.
	p := result.Property{ID: fr.Name + ".unknown", Kind: rule, Text: atLocation.ReplaceAllString(r.Reason, ""), Func: fr.Name}
	res := sarif.NewRuleResult(rule)
	o.undecided(res)
	res.WithMessage(sarif.NewTextMessage(fmt.Sprintf("Verification of %s is undecided: %s.", fr.Name, strings.TrimSuffix(r.Reason, "."))))
	res.WithLocations([]*sarif.Location{sarif.NewLocationWithPhysicalLocation(pl)})
	res.PartialFingerprints = fingerprints(p, 1)
	res.Properties = sarif.Properties{"verdict": string(r.Verdict), "entry": fr.Name, "reason": r.Reason}
	return res
}

// undecided gives an undecided result its kind and level: open, of
// level none, unless the levels give undecided results a level, which
// SARIF allows on failures only.
func (o Options) undecided(res *sarif.Result) {
	if o.Levels.Unknown == LevelNone {
		res.WithKind(kindOpen).WithLevel(LevelNone)
		return
	}
	res.WithKind(kindFail).WithLevel(o.Levels.Unknown)
}

func orDefault(s, def string) string {
	if s != "" {
		return s
	}
	return def
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

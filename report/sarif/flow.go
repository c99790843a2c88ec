package sarif

import (
	"fmt"

	sarif "github.com/owenrumney/go-sarif/v2/sarif"

	"github.com/prbmc/prbmc/report"
	"github.com/prbmc/prbmc/verifier/result"
)

// cutSteps keeps at most max steps: the first half and the last half. It
// returns the indices kept (into steps) and whether any were cut.
func cutSteps(n, max int) (keep []int, cut bool) {
	if n <= max {
		keep = make([]int, n)
		for i := range keep {
			keep[i] = i
		}
		return keep, false
	}
	head := max / 2
	tail := max - head
	for i := 0; i < head; i++ {
		keep = append(keep, i)
	}
	for i := n - tail; i < n; i++ {
		keep = append(keep, i)
	}
	return keep, true
}

// codeFlow is a trace as one thread flow, a location per step (at most
// o.MaxThreadFlowLocations). A step inside one of prbmc's built-in models
// (<prbmc-libc>) is placed at the last step in the program's own files,
// the call that led there.
func (o Options) codeFlow(tr *result.Trace) (*sarif.CodeFlow, bool) {
	keep, cut := cutSteps(len(tr.Steps), o.MaxThreadFlowLocations)
	tf := sarif.NewThreadFlow()
	tf.Locations = []*sarif.ThreadFlowLocation{}
	var last *result.Step // last step in the program's own files
	ki := 0
	for i := range tr.Steps {
		st := &tr.Steps[i]
		model := !report.IsSourceFile(st.Location.File)
		if !model {
			last = st
		}
		if ki >= len(keep) || keep[ki] != i {
			continue
		}
		ki++
		text := st.Text
		if st.Func != "" {
			text = st.Func + ": " + text
		}
		where := st
		if model {
			text += fmt.Sprintf(" (in prbmc's model %s)", st.Location.File)
			where = last
		}
		loc := sarif.NewLocation().WithMessage(sarif.NewTextMessage(text))
		if where != nil {
			if pl := o.physicalLocation(where.Location.File, where.Location.Line, where.Location.Col); pl != nil {
				loc.WithPhysicalLocation(pl)
			}
		}
		if st.Func != "" {
			loc.WithLogicalLocations([]*sarif.LogicalLocation{sarif.NewLogicalLocation().WithName(st.Func).WithKind("function")})
		}
		tfl := sarif.NewThreadFlowLocation().WithLocation(loc).WithExecutionOrder(i + 1)
		if st.Lhs != "" {
			tfl.WithState(map[string]*sarif.MultiformatMessageString{st.Lhs: sarif.NewMultiformatMessageString(st.Value)})
		}
		if i == len(tr.Steps)-1 {
			tfl.WithImportance("essential")
		}
		tf.AddLocation(tfl)
	}
	cf := sarif.NewCodeFlow().WithThreadFlows([]*sarif.ThreadFlow{tf})
	if cut {
		head := o.MaxThreadFlowLocations / 2
		note := fmt.Sprintf("Trace cut: the first %d and the last %d of %d steps are shown (%d steps left out).",
			head, o.MaxThreadFlowLocations-head, len(tr.Steps), len(tr.Steps)-o.MaxThreadFlowLocations)
		tf.WithTextMessage(note)
		cf.WithTextMessage(note)
	} else {
		replayed := ""
		if tr.Replayed {
			replayed = ", replayed concretely"
		}
		omitted := ""
		if tr.Omitted > 0 {
			omitted = fmt.Sprintf(" (the last of a run of %d)", tr.Omitted+int64(len(tr.Steps)))
		}
		cf.WithTextMessage(fmt.Sprintf("Counterexample: %d steps%s%s.", len(tr.Steps), omitted, replayed))
	}
	return cf, cut
}

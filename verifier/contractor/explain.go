package contractor

import (
	"fmt"
	"io"

	"github.com/prbmc/prbmc/verifier/ir"
)

// Explanation is what `prbmc verify --explain` prints: for every
// assertion of the entry, its CSP and contracted boxes, and for every
// loop after which it is checked, the pruning or why there is none.
type Explanation struct {
	Entry   string
	Refused string // a reason that forbids pruning anywhere
	// NotApplied says why prunings that were found are not used.
	NotApplied string
	Props      []*PropReport
}

// PropReport is the analysis of one property.
type PropReport struct {
	Prop    *ir.Property
	At      ir.Pos
	CSP     *CSP // at the assertion, domains from the interval analysis
	Sets    Sets
	Loops   []*LoopReport
	Pruned  []*LoopReport // the loops that get an assume
	Refused string
	Note    string
}

// LoopReport is the analysis of one property at one loop.
type LoopReport struct {
	Loop     *ir.Loop
	CSP      *CSP // at the end of the loop body
	Sets     Sets
	Monotone []string
	Kept     Union   // S_in boxes that could not be pruned (§V-E)
	Regions  Union   // the pruned regions
	Assume   ir.Expr // assume(Assume) inserted before the latch
	Refused  string
}

// Fprint writes the explanation as text.
func (ex *Explanation) Fprint(w io.Writer) {
	fmt.Fprintf(w, "contractors: entry %s\n", ex.Entry)
	if ex.Refused != "" {
		fmt.Fprintf(w, "  no pruning: %s\n", ex.Refused)
	}
	if len(ex.Props) == 0 {
		fmt.Fprintf(w, "  no assertions\n")
	}
	for _, r := range ex.Props {
		fmt.Fprintf(w, "  property %s (%s %q) at %s\n", r.Prop.ID, r.Prop.Kind, r.Prop.Text, r.Prop.Pos)
		if r.Refused != "" {
			fmt.Fprintf(w, "    not analysed: %s\n", r.Refused)
			continue
		}
		if r.CSP != nil {
			fmt.Fprintf(w, "    CSP at the assertion (domains from the interval analysis):\n")
			r.CSP.Fprint(w, "      ")
			fprintSets(w, "      ", r.CSP.Space, r.Sets)
		}
		if r.Note != "" {
			fmt.Fprintf(w, "    %s\n", r.Note)
		}
		if len(r.Loops) == 0 {
			fmt.Fprintf(w, "    no loop before it: nothing to prune\n")
		}
		for _, l := range r.Loops {
			fmt.Fprintf(w, "    loop at %s:\n", l.Loop.Pos)
			for _, m := range l.Monotone {
				fmt.Fprintf(w, "      %s\n", m)
			}
			if l.CSP != nil {
				fmt.Fprintf(w, "      CSP at the end of the loop body:\n")
				l.CSP.Fprint(w, "        ")
				fprintSets(w, "        ", l.CSP.Space, l.Sets)
			}
			for _, b := range l.Kept {
				fmt.Fprintf(w, "      kept (not at the end of the loop): %s\n", l.CSP.Space.Format(b))
			}
			switch {
			case l.Refused != "":
				fmt.Fprintf(w, "      no pruning: %s\n", l.Refused)
			case ex.Refused != "":
				fmt.Fprintf(w, "      no pruning (see above); would insert assume(%s)\n", ir.ExprString(l.Assume))
			case ex.NotApplied != "":
				fmt.Fprintf(w, "      not applied (see below); would insert assume(%s)\n", ir.ExprString(l.Assume))
			default:
				fmt.Fprintf(w, "      pruned region %s\n", l.CSP.Space.FormatUnion(l.Regions))
				fmt.Fprintf(w, "      inserted at the end of the loop body (%s): assume(%s)\n", l.Loop.Pos, ir.ExprString(l.Assume))
			}
		}
	}
	if ex.NotApplied != "" {
		fmt.Fprintf(w, "  not applied: %s\n", ex.NotApplied)
	}
}

func fprintSets(w io.Writer, indent string, s *Space, sets Sets) {
	fmt.Fprintf(w, "%souter  [x]'  = %s\n", indent, s.FormatUnion(sets.Outer))
	fmt.Fprintf(w, "%sinner  [x]'' = %s\n", indent, s.FormatUnion(sets.Inner))
	fmt.Fprintf(w, "%sS_out        = %s\n", indent, s.FormatUnion(sets.Out))
	fmt.Fprintf(w, "%sS_in         = %s\n", indent, s.FormatUnion(sets.In))
	fmt.Fprintf(w, "%sS_boundary   = %s\n", indent, s.FormatUnion(sets.Boundary))
}

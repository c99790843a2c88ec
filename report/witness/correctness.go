package witness

import (
	"fmt"
	"io"
	"strconv"

	"github.com/prbmc/prbmc/verifier/result"
)

// Invariant is a fact that holds whenever control reaches Line: a C
// expression over the variables in scope in Func.
type Invariant struct {
	Line int
	Func string
	Expr string
}

// WriteCorrectness writes the correctness witness of a safe result: an
// entry node (the trivial invariant 1) and a node per invariant known.
func WriteCorrectness(w io.Writer, res result.Result, task Task) error {
	if res.Verdict != result.Safe {
		return fmt.Errorf("witness: a correctness witness needs a safe result, not %s", res.Verdict)
	}
	if task.SourceFile == "" {
		for _, p := range res.Props {
			if p.Location.File != "" {
				task.SourceFile = p.Location.File
				break
			}
		}
	}
	task, err := task.complete()
	if err != nil {
		return err
	}
	b := newBuilder("correctness_witness", task)
	for _, inv := range append(invariantsOf(res), task.Invariants...) {
		nd := []data{{"invariant", inv.Expr}}
		if inv.Func != "" {
			nd = append(nd, data{"invariant.scope", inv.Func})
		}
		b.last = "N0" // each invariant hangs off the entry
		b.step(nd, []data{{"startline", strconv.Itoa(inv.Line)}})
	}
	return b.write(w)
}

// invariantsOf are the loop invariants the proof rests on (k-induction's;
// a proof by unwinding has none, and the witness then holds only the
// trivial invariant).
func invariantsOf(r result.Result) []Invariant {
	var out []Invariant
	for _, inv := range r.Invariants {
		if inv.Expr == "" {
			continue // no C for it (an array fact's quantifier)
		}
		out = append(out, Invariant{Line: inv.Location.Line, Func: inv.Func, Expr: inv.Expr})
	}
	return out
}

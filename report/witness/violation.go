package witness

import (
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/prbmc/prbmc/report"
	"github.com/prbmc/prbmc/verifier/result"
)

// WriteViolation writes the violation witness of res's violated property.
func WriteViolation(w io.Writer, res result.Result, task Task) error {
	p := res.Violated()
	if p == nil || p.Trace == nil {
		return fmt.Errorf("witness: the result has no counterexample (verdict %s)", res.Verdict)
	}
	if task.SourceFile == "" {
		task.SourceFile = p.Location.File
	}
	task, err := task.complete()
	if err != nil {
		return err
	}
	b := newBuilder("violation_witness", task)
	tr := p.Trace
	anchors := anchorInputs(tr)
	inFile := func(f string) bool { return sameFile(f, task.SourceFile) }

	var pending [][]data      // assumptions waiting for the next edge, one per input
	byStep := map[int][]int{} // step index → inputs consumed there (matched)
	var loose []int           // inputs with no step of their own
	for j, k := range anchors {
		if k.matched {
			byStep[k.step] = append(byStep[k.step], j)
		} else {
			loose = append(loose, j)
		}
	}
	looseAt := map[int][]int{} // step index → loose inputs just before it
	for _, j := range loose {
		looseAt[anchors[j].step] = append(looseAt[anchors[j].step], j)
	}

	prevLine, prevFunc := 0, ""
	for i, st := range tr.Steps {
		// Inputs read on a line no step shows (if (__VERIFIER_nondet_bool())
		// leaves no step): an edge of their own at that line.
		for _, j := range looseAt[i] {
			in := tr.Inputs[j]
			if a := assumption(in, st.Func); a != nil && inFile(in.Location.File) {
				b.step(nil, append([]data{{"startline", strconv.Itoa(in.Location.Line)}}, a...))
				prevLine, prevFunc = in.Location.Line, ""
			}
		}
		for _, j := range byStep[i] {
			if a := assumption(tr.Inputs[j], st.Func); a != nil {
				pending = append(pending, a)
			}
		}
		if !inFile(st.Location.File) || st.Location.Line <= 0 {
			continue // prbmc's library models, other files
		}
		last := i == len(tr.Steps)-1
		if st.Location.Line == prevLine && st.Func == prevFunc && len(pending) == 0 && !last {
			continue // the same control-flow edge for a validator
		}
		line := []data{{"startline", strconv.Itoa(st.Location.Line)}}
		// One \result per transition: a step that reads several inputs
		// gets an edge for each but the last.
		for len(pending) > 1 {
			b.step(nil, append(line, pending[0]...))
			pending = pending[1:]
		}
		ed := line
		if len(pending) == 1 {
			ed = append(line, pending[0]...)
		}
		pending = nil
		var nd []data
		if last {
			nd = []data{{"violation", "true"}}
		}
		b.step(nd, ed)
		prevLine, prevFunc = st.Location.Line, st.Func
	}
	if len(tr.Steps) == 0 || !inFile(tr.Steps[len(tr.Steps)-1].Location.File) {
		// The failing step is not in the program file: end at the check.
		b.step([]data{{"violation", "true"}}, []data{{"startline", strconv.Itoa(p.Location.Line)}})
	}
	return b.write(w)
}

// anchor is where an input is consumed: at a step (matched) or, when no
// step shows it, just before the step of the next matched input.
type anchor struct {
	step    int
	matched bool
}

// anchorInputs places each input on the trace. An input is matched to the
// first step at or after the previous input's step that is on its line and
// reads it (names the nondet function, or declares the uninitialised
// variable).
func anchorInputs(tr *result.Trace) []anchor {
	out := make([]anchor, len(tr.Inputs))
	used := make([]int, len(tr.Steps)) // inputs matched to each step
	cursor := 0
	for j, in := range tr.Inputs {
		out[j] = anchor{step: -1}
		for k := cursor; k < len(tr.Steps); k++ {
			if used[k] < reads(tr.Steps[k], in) {
				used[k]++
				out[j] = anchor{step: k, matched: true}
				cursor = k
				break
			}
		}
	}
	// Unmatched inputs go before the next matched input's step (or the
	// last step).
	next := len(tr.Steps) - 1
	for j := len(out) - 1; j >= 0; j-- {
		if out[j].matched {
			next = out[j].step
		} else {
			out[j].step = max(next, 0)
		}
	}
	return out
}

// reads is how many inputs like in step st reads: the calls of the nondet
// function it shows, or 1 if it declares the uninitialised variable.
func reads(st result.Step, in result.Input) int {
	if st.Location.Line != in.Location.Line || !sameFile(st.Location.File, in.Location.File) {
		return 0
	}
	if report.IsNondetCall(in.Why) {
		return strings.Count(st.Text, in.Why+"(")
	}
	if v, ok := strings.CutPrefix(in.Why, "uninitialised "); ok && st.Lhs == v {
		return 1
	}
	return 0
}

// assumption is what a witness can say about an input: "\result == v;"
// for a nondet call, "x == v;" for an uninitialised scalar variable;
// nothing for values C cannot write (NaN, pointers, blocks).
func assumption(in result.Input, fn string) []data {
	lit, ok := literal(in)
	if !ok {
		return nil
	}
	if report.IsNondetCall(in.Why) {
		return []data{{"assumption", `\result == ` + lit + ";"}, {"assumption.resultfunction", in.Why}}
	}
	if v, ok := strings.CutPrefix(in.Why, "uninitialised "); ok && isIdent(v) && fn != "" {
		return []data{{"assumption", v + " == " + lit + ";"}, {"assumption.scope", fn}}
	}
	return nil
}

// literal is an input's value as a C constant.
func literal(in result.Input) (string, bool) {
	switch in.Type {
	case "float", "double":
		f, err := strconv.ParseFloat(in.Value, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return "", false
		}
		return strconv.FormatFloat(f, 'g', -1, 64), true
	}
	if strings.HasSuffix(in.Type, "*") || strings.Contains(in.Type, "[") {
		return "", false
	}
	if _, err := strconv.ParseInt(in.Value, 10, 64); err == nil {
		return in.Value, true
	}
	if _, err := strconv.ParseUint(in.Value, 10, 64); err == nil {
		return in.Value + "U", true
	}
	return "", false
}

func isIdent(s string) bool {
	for i, c := range s {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

// sameFile compares file names as prbmc and the task spell them.
func sameFile(a, b string) bool {
	if a == b {
		return true
	}
	if !report.IsSourceFile(a) || !report.IsSourceFile(b) {
		return false
	}
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}

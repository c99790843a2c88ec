// Package result holds what a verification run tells its readers: the
// verdict of each property, counterexample traces and the inputs that make
// them happen. It is plain data, shared by the engines (which produce it)
// and the reports (which render it), and knows nothing of solvers.
package result

import (
	"fmt"
	"time"
)

// Verdict is the outcome for a program or one of its properties.
type Verdict string

const (
	// Safe: proved for all executions.
	Safe Verdict = "safe"
	// Unsafe: a violating execution exists; its trace was replayed
	// concretely.
	Unsafe Verdict = "unsafe"
	// Bounded: no violation in executions whose loops run at most K times.
	Bounded Verdict = "bounded"
	// Unknown: the budget ran out, or something could not be modelled;
	// Reason says which.
	Unknown Verdict = "unknown"
	// Unreachable: the property's check can never be reached, so a proof
	// of it says nothing.
	Unreachable Verdict = "unreachable"
)

// SVComp maps a verdict to the competition's answer.
func (v Verdict) SVComp() string {
	switch v {
	case Safe:
		return "TRUE"
	case Unsafe:
		return "FALSE"
	}
	return "UNKNOWN"
}

// Location is a place in the source.
type Location struct {
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
	Col  int    `json:"column,omitempty"`
}

func (l Location) String() string {
	if l.Col > 0 {
		return fmt.Sprintf("%s:%d:%d", l.File, l.Line, l.Col)
	}
	return fmt.Sprintf("%s:%d", l.File, l.Line)
}

// Step is one executed instruction of a counterexample.
type Step struct {
	Func     string   `json:"function"`
	Location Location `json:"location"`
	// Text is the instruction as the IR printer shows it.
	Text string `json:"text"`
	// Lhs and Value: what the step wrote, as C-like text.
	Lhs   string `json:"lhs,omitempty"`
	Value string `json:"value,omitempty"`
}

// Input is one nondeterministic value of a counterexample, in the order
// the program consumes them.
type Input struct {
	Why      string   `json:"why"` // "__VERIFIER_nondet_int", "uninitialised x"
	Type     string   `json:"type"`
	Value    string   `json:"value"` // rendered by type
	Location Location `json:"location"`
	Bytes    []byte   `json:"bytes"` // little-endian, as the program sees them
}

// Trace is a counterexample: the inputs and the steps to the violation.
type Trace struct {
	Inputs []Input `json:"inputs"`
	Steps  []Step  `json:"steps"`
	// Replayed is true when the concrete interpreter ran the inputs and
	// hit the same violation: every reported trace has it set.
	Replayed bool `json:"replayed"`
	// Omitted counts the executed steps before the first of Steps that
	// the trace leaves out (a long deterministic run shows its end only).
	Omitted int64 `json:"omitted_steps,omitempty"`
}

// Property is one checked property and its verdict.
type Property struct {
	ID       string   `json:"id"`
	Kind     string   `json:"kind"`
	Text     string   `json:"text"`
	Func     string   `json:"function"`
	Location Location `json:"location"`
	Verdict  Verdict  `json:"verdict"`
	Trace    *Trace   `json:"trace,omitempty"`
	Reason   string   `json:"reason,omitempty"`
	// Finding says who can cause an unsafe property (see Finding); ""
	// for other verdicts and for findings nobody classified.
	Finding Finding `json:"finding,omitempty"`
	// Via is the chain of callers, outermost first, through which the
	// failure was reached (FindingCaller), or the callers that were
	// checked and did not reach it (FindingContract).
	Via []string `json:"via,omitempty"`
	// Stubs names, for FindingStub, what the functions without a body
	// on the failing path were assumed to do.
	Stubs []string `json:"stubs,omitempty"`
	// Note explains the class to a reader: which callers were checked
	// and how, the input the failure needs, a suggested precondition.
	Note string `json:"note,omitempty"`
}

// Finding classifies an unsafe property by who can cause it. A harness
// gives a function inputs no caller may ever pass; a stub may do what
// the real function never does. Only failures a caller or a user of an
// entry point can cause are reported as failures; the rest are notes.
type Finding string

const (
	// FindingInputs: the function is an entry point (nothing in its unit
	// calls it), so whoever calls it can pass the failing inputs.
	FindingInputs Finding = "inputs"
	// FindingCaller: a caller in the repository, run with its own
	// inputs, reaches the failure (Via names it; the trace starts there).
	FindingCaller Finding = "caller"
	// FindingContract: the failure needs an input no caller here was
	// shown to pass: a contract the function's callers keep, not a bug.
	FindingContract Finding = "contract"
	// FindingStub: every failing execution found goes through a function
	// without a body, whose stub may do what the real one never does.
	FindingStub Finding = "stub"
)

// Fails reports whether p is a failure a reader must act on: unsafe and
// not classified as a contract or stub note.
func (p *Property) Fails() bool {
	return p.Verdict == Unsafe && p.Finding != FindingContract && p.Finding != FindingStub
}

// IsNote reports whether p is unsafe only under the harness's or a
// stub's assumptions (a contract or stub note).
func (p *Property) IsNote() bool { return p.Verdict == Unsafe && !p.Fails() }

// Result is the outcome of verifying one entry point.
type Result struct {
	Verdict Verdict       `json:"verdict"`
	Reason  string        `json:"reason,omitempty"`
	Engine  string        `json:"engine"`
	K       int           `json:"k,omitempty"` // the bound reached (bounded) or used
	Entry   string        `json:"entry"`
	Props   []Property    `json:"properties"`
	Elapsed time.Duration `json:"elapsed_ns"`
	// Assumed lists what the proof took for granted (stubbed callees,
	// nondet globals), for readers of a "safe".
	Assumed []string `json:"assumed,omitempty"`
	// Unsupported lists constructs the front end could not model.
	Unsupported []string `json:"unsupported,omitempty"`
	// Invariants are the loop invariants an unbounded proof rests on (the
	// facts k-induction assumed at a loop head and proved), for readers
	// of a "safe" and for correctness witnesses.
	Invariants []Invariant `json:"invariants,omitempty"`
	Stats      Stats       `json:"stats"`
}

// Invariant is a fact that holds whenever control reaches a loop head: a
// C expression over the variables in scope there, exact in C's semantics
// (sums are computed in long long).
type Invariant struct {
	Func     string   `json:"function"`
	Location Location `json:"location"`
	// Expr is the fact in C, "" when C cannot state it (an array fact's
	// quantifier): correctness witnesses then leave it out.
	Expr string `json:"expr"`
	// Text is the fact for people (sums over the integers, no casts).
	Text string `json:"text"`
}

// Stats measure the work done.
type Stats struct {
	SolverCalls int `json:"solver_calls"`
	Steps       int `json:"symex_steps"`
	Terms       int `json:"terms"`
}

// Failure returns the first property that fails (Property.Fails), or nil.
func (r *Result) Failure() *Property {
	for i := range r.Props {
		if r.Props[i].Fails() {
			return &r.Props[i]
		}
	}
	return nil
}

// Notes returns the unsafe properties that are contract or stub notes.
func (r *Result) Notes() []Property {
	var out []Property
	for _, p := range r.Props {
		if p.IsNote() {
			out = append(out, p)
		}
	}
	return out
}

// Violated returns the first failure (Property.Fails), else the first
// unsafe property, or nil.
func (r *Result) Violated() *Property {
	if p := r.Failure(); p != nil {
		return p
	}
	for i := range r.Props {
		if r.Props[i].Verdict == Unsafe {
			return &r.Props[i]
		}
	}
	return nil
}

// Locations calls f on every source location of r: its properties', their
// traces' steps' and inputs', and its invariants'. Rewriting the file
// names (relative to a repository) goes through it.
func (r *Result) Locations(f func(*Location)) {
	for i := range r.Props {
		p := &r.Props[i]
		f(&p.Location)
		if p.Trace != nil {
			for j := range p.Trace.Steps {
				f(&p.Trace.Steps[j].Location)
			}
			for j := range p.Trace.Inputs {
				f(&p.Trace.Inputs[j].Location)
			}
		}
	}
	for i := range r.Invariants {
		f(&r.Invariants[i].Location)
	}
}

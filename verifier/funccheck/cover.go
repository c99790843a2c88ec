package funccheck

import (
	"context"
	"time"

	"github.com/prbmc/prbmc/verifier/engine"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/result"
)

// maxCoverTime bounds one cover query; the proof already took its time,
// and a reachable assertion is usually reached at a small bound.
const maxCoverTime = 10 * time.Second

// cover asks, for every property r proved safe, whether an execution of
// the harness reaches it: the property's assertion becomes assert(0) and
// every other assertion an assumption (a failed assertion ends an
// execution, so this keeps the executions that reach the property). An
// "unsafe" answer is a replayed witness that the property is reached; a
// "safe" one proves it never is, and the property becomes "unreachable".
// Anything else leaves the proof standing, with a note. The program is
// restored afterwards.
func cover(ctx context.Context, p *ir.Program, eo engine.Options, r *result.Result) {
	asserts := map[string][]assertAt{}
	for _, f := range p.Funcs {
		for i, in := range f.Body {
			if a, ok := in.(*ir.Assert); ok {
				asserts[a.Prop.ID] = append(asserts[a.Prop.ID], assertAt{f, i, a})
			}
		}
	}
	unreachable, proved := 0, 0
	for i := range r.Props {
		pr := &r.Props[i]
		if pr.Verdict != result.Safe || len(asserts[pr.ID]) == 0 {
			continue
		}
		proved++
		if ctx.Err() != nil {
			pr.Reason = "reachability not checked: out of time"
			continue
		}
		var reached result.Verdict
		if reachIsFailure(asserts[pr.ID]) {
			// An error location's proof is that nothing reaches it: ask
			// instead whether anything reaches the function it is in.
			reached = coverEntry(ctx, p, eo, asserts[pr.ID][0], asserts)
		} else {
			reached = coverOne(ctx, p, eo, pr.ID, asserts)
		}
		switch reached {
		case result.Unsafe:
			// reached: the proof is not vacuous
		case result.Safe:
			pr.Verdict = result.Unreachable
			pr.Reason = "no execution of the harness reaches this assertion: its proof says nothing"
			unreachable++
		default:
			pr.Reason = "proved; whether the harness reaches it was not shown in time"
		}
	}
	if proved > 0 && unreachable == proved && r.Verdict == result.Safe {
		r.Verdict = result.Unreachable
		r.Reason = "no execution of the harness reaches any of the properties"
	}
}

type assertAt struct {
	f  *ir.Function
	pc int
	a  *ir.Assert
}

// coverEntry asks whether an execution reaches the first instruction of
// the function holding at: that instruction becomes assert(0) (under at's
// property, for the answer), every assertion an assumption.
func coverEntry(ctx context.Context, p *ir.Program, eo engine.Options, at assertAt, asserts map[string][]assertAt) result.Verdict {
	var restore []assertAt
	for _, as := range asserts {
		for _, a := range as {
			restore = append(restore, a)
			a.f.Body[a.pc] = &ir.Assume{At: a.a.At, Cond: a.a.Cond}
		}
	}
	first := at.f.Body[0]
	at.f.Body[0] = &ir.Assert{At: ir.At{P: at.a.At.P}, Cond: &ir.Const{T: at.a.Cond.Type(), Bits: 0}, Prop: at.a.Prop}
	defer func() {
		at.f.Body[0] = first
		for _, a := range restore {
			a.f.Body[a.pc] = a.a
		}
	}()
	return verdictOf(ctx, p, eo, at.a.Prop.ID)
}

func coverOne(ctx context.Context, p *ir.Program, eo engine.Options, id string, asserts map[string][]assertAt) result.Verdict {
	var restore []assertAt
	for pid, as := range asserts {
		for _, at := range as {
			restore = append(restore, at)
			if pid == id {
				at.f.Body[at.pc] = &ir.Assert{At: at.a.At, Cond: &ir.Const{T: at.a.Cond.Type(), Bits: 0}, Prop: at.a.Prop}
			} else {
				at.f.Body[at.pc] = &ir.Assume{At: at.a.At, Cond: at.a.Cond}
			}
		}
	}
	defer func() {
		for _, at := range restore {
			at.f.Body[at.pc] = at.a
		}
	}()
	return verdictOf(ctx, p, eo, id)
}

// verdictOf runs a cover query and returns property id's verdict.
func verdictOf(ctx context.Context, p *ir.Program, eo engine.Options, id string) result.Verdict {
	cctx, cancel := context.WithTimeout(ctx, maxCoverTime)
	defer cancel()
	cr := engine.Verify(cctx, p, eo)
	for _, pr := range cr.Props {
		if pr.ID == id {
			return pr.Verdict
		}
	}
	return cr.Verdict
}

// reachIsFailure reports whether every assertion of a property is
// assert(0): an error location (reach_error(), the failure branch of a
// call through a function pointer) that fails whenever it is reached. Its
// proof is that nothing reaches it, so asking whether anything does says
// nothing about vacuity.
func reachIsFailure(as []assertAt) bool {
	for _, at := range as {
		c, ok := at.a.Cond.(*ir.Const)
		if !ok || c.Bits != 0 {
			return false
		}
	}
	return true
}

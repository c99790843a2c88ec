package engine

import (
	"context"
	"fmt"
	"strings"

	"github.com/prbmc/prbmc/verifier/contractor"
	"github.com/prbmc/prbmc/verifier/interval"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/ir/interp"
	"github.com/prbmc/prbmc/verifier/result"
)

// withContractors runs the configured engine on the queries of
// contractor.Instrument (interval methods via contractors): one query per
// assertion whose loops get an assume(¬S_in) at the end of their body,
// and one for the other properties on the unpruned program. ok is false
// when nothing is pruned (or contractors are off): then the caller runs
// the engine on p as usual. Every counterexample of a pruned query is
// replayed on the original program before it is reported.
func withContractors(ctx context.Context, p *ir.Program, opts Options) (*result.Result, bool) {
	if opts.Contractors == "off" {
		if opts.Explain != nil {
			fmt.Fprintln(opts.Explain, "contractors: off")
		}
		return nil, false
	}
	entry := p.Func(opts.Entry)
	if entry == nil || !entry.HasBody() {
		return nil, false
	}
	iv, err := interval.Analyze(ctx, p, entry)
	if err != nil {
		fmt.Fprintf(opts.Log, "prbmc: contractors: interval analysis: %v\n", err)
		return nil, false
	}
	queries, ex, err := contractor.Instrument(ctx, p, opts.Entry, iv)
	if err != nil {
		fmt.Fprintf(opts.Log, "prbmc: contractors: %v\n", err)
		if opts.Explain != nil {
			fmt.Fprintf(opts.Explain, "contractors: not applied: %v\n", err)
		}
		return nil, false
	}
	if opts.Explain != nil {
		ex.Fprint(opts.Explain)
	}
	if len(queries) == 1 && !queries[0].Pruned {
		return nil, false
	}
	sub := opts
	sub.Contractors, sub.Explain = "off", nil
	out := &result.Result{Engine: opts.Engine}
	var parts []*result.Result
	m := opts.meter(ctx)
	for i, q := range queries {
		// Each query its part of the work left, in order.
		if m.Limited() {
			sub.work = m.Sub(max(m.Left()/int64(len(queries)-i), 1))
		}
		r := Verify(ctx, q.Program, sub)
		out.Stats.SolverCalls += r.Stats.SolverCalls
		out.Stats.Steps += r.Stats.Steps
		out.Stats.Terms += r.Stats.Terms
		if r.Verdict == result.Unsafe {
			if final := replayOnOriginal(ctx, p, opts, r, "contractors", "found with contractors"); final != nil {
				final.Stats = out.Stats
				for _, other := range queries {
					if other.Program == q.Program {
						continue
					}
					for _, pr := range other.Props {
						rp := propResult(pr)
						rp.Verdict = result.Unknown
						rp.Reason = "not checked: another property fails first"
						final.Props = append(final.Props, *rp)
					}
				}
				return final, true
			}
			r = notReplayed(r, "instrumented")
		}
		parts = append(parts, r)
	}
	// Safe only if every query is; a bound is the smallest one reached.
	out.Verdict = result.Safe
	var reasons []string
	for _, r := range parts {
		out.Props = append(out.Props, r.Props...)
		if out.Engine == "" {
			out.Engine = r.Engine
		}
		switch r.Verdict {
		case result.Unknown:
			out.Verdict = result.Unknown
		case result.Bounded:
			if out.Verdict == result.Safe {
				out.Verdict = result.Bounded
			}
			if out.K == 0 || r.K < out.K {
				out.K = r.K
			}
		case result.Safe:
			if out.K == 0 || r.K > out.K {
				out.K = r.K
			}
		}
		reasons = append(reasons, r.Reason)
	}
	pruned := 0
	for _, q := range queries {
		if q.Pruned {
			pruned++
		}
	}
	noun := "queries"
	if pruned == 1 {
		noun = "query"
	}
	out.Reason = fmt.Sprintf("with contractors (%d pruned %s): %s", pruned, noun, strings.Join(reasons, "; "))
	return out, true
}

// replayOnOriginal replays the violation of r (found on a transformed
// copy of p: an instrumented or inlined one) on the original program p.
// The instrumented program only adds assumes and turns other asserts into
// assumes, and the inlined one runs the same instructions on the same
// inputs, so the same inputs follow the same path in p and fail the same
// assertion; anything else is a bug, logged and never reported. The trace
// reported is p's, with its calls. nil when the replay fails.
func replayOnOriginal(ctx context.Context, p *ir.Program, opts Options, r *result.Result, who, how string) *result.Result {
	v := r.Violated()
	if v == nil || v.Trace == nil {
		return nil
	}
	src := &bytesSource{}
	for _, in := range v.Trace.Inputs {
		src.vals = append(src.vals, in.Bytes)
	}
	res, err := interp.Run(ctx, p, opts.Entry, interp.Options{Inputs: src, Trace: true, MaxSteps: opts.MaxReplaySteps})
	if err != nil || res.Status != interp.AssertFailed || res.Prop == nil || res.Prop.ID != v.ID {
		why := "it did not fail the same assertion"
		if err != nil {
			why = err.Error()
		} else if res.Prop == nil {
			why = fmt.Sprintf("it ended with %s at %s: %s", res.Status, res.Pos, res.Message)
		}
		fmt.Fprintf(opts.Log, "prbmc: %s: counterexample for %s on the transformed program does not replay on the original (%s); not reported\n", who, v.ID, why)
		return nil
	}
	tr := &result.Trace{Replayed: true}
	for _, in := range res.Inputs {
		tr.Inputs = append(tr.Inputs, result.Input{Why: in.Why, Type: in.Type.String(),
			Value: renderBytes(in.Type, in.Bytes), Location: loc(in.Pos), Bytes: in.Bytes})
	}
	var steps []result.Step
	for _, st := range res.Trace {
		steps = append(steps, result.Step{Func: st.Func, Location: loc(st.Pos), Text: st.Text, Lhs: st.Lhs, Value: st.Value})
	}
	tr.Steps = tidySteps(steps, res.Inputs)
	out := *r
	if how != "" {
		out.Reason = r.Reason + " (" + how + ", replayed on the original program)"
	}
	out.Props = append([]result.Property(nil), r.Props...)
	for i := range out.Props {
		if out.Props[i].ID == v.ID {
			out.Props[i].Trace = tr
		}
	}
	return &out
}

// bytesSource feeds a trace's input bytes back to the interpreter.
type bytesSource struct {
	vals [][]byte
	next int
}

func (s *bytesSource) Next(t ir.Type, why string, pos ir.Pos) ([]byte, error) {
	if s.next >= len(s.vals) {
		return nil, fmt.Errorf("counterexample has no value for %s at %s (input %d)", why, pos, s.next+1)
	}
	b := make([]byte, t.Size())
	copy(b, s.vals[s.next])
	s.next++
	return b, nil
}

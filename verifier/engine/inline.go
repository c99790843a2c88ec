package engine

import (
	"context"
	"fmt"
	"regexp"

	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/result"
)

// maxInlined bounds the entry's instructions after inlining: beyond it
// calls stay calls (symbolic execution enters them as before).
const maxInlined = 5000

// inlined is p with the entry's callees inlined (see Options.Inline), or
// nil when nothing is inlined. A failed sanity check of the copy is a bug
// of the inliner: logged, and the engines run on p.
func inlined(p *ir.Program, opts Options) *ir.Program {
	if opts.Inline == "off" {
		return nil
	}
	ip, n, err := ir.Inline(p, opts.Entry, maxInlined)
	if err != nil {
		fmt.Fprintf(opts.Log, "prbmc: %v; the engines run without inlining\n", err)
		return nil
	}
	if n == 0 {
		return nil
	}
	return ip
}

// confirmInlined reports r (found on the inlined copy of orig) from orig:
// a violation is replayed there, and its trace, with the calls, is the
// one reported; one that does not replay is not reported.
func confirmInlined(ctx context.Context, orig *ir.Program, opts Options, r *result.Result) *result.Result {
	if r.Verdict != result.Unsafe {
		scopeInvariants(orig, r)
		return r
	}
	if final := replayOnOriginal(ctx, orig, opts, r, "inline", ""); final != nil {
		return final
	}
	return notReplayed(r, "inlined")
}

// notReplayed is r with its violation undone: a counterexample of the
// transformed (what: "instrumented", "inlined") program that did not
// replay on the original is unknown, never reported.
func notReplayed(r *result.Result, what string) *result.Result {
	out := *r
	out.Verdict = result.Unknown
	out.Reason = "a counterexample of the " + what + " program did not replay on the original"
	out.Props = append([]result.Property(nil), r.Props...)
	for i := range out.Props {
		if out.Props[i].Verdict == result.Unsafe {
			out.Props[i].Verdict, out.Props[i].Trace = result.Unknown, nil
			out.Props[i].Reason = out.Reason
		}
	}
	return &out
}

// scopeInvariants states r's invariants (found on the inlined entry) in
// the function whose loop they are at: an invariant at a callee's loop is
// kept only when every name it uses is one of that callee's variables or
// a global — a fact over the caller's variables holds there too, but C
// cannot name them at that loop, and a reader or a witness validator
// would read them as the callee's. An array fact (no C form) is kept at
// the entry's own loops only. The proof itself used them all.
func scopeInvariants(orig *ir.Program, r *result.Result) {
	if len(r.Invariants) == 0 {
		return
	}
	entry := orig.Func(r.Entry)
	globals := map[string]bool{}
	for _, g := range orig.Globals {
		globals[g.Source] = true
	}
	var kept []result.Invariant
	for _, inv := range r.Invariants {
		g := loopFunc(orig, inv.Location)
		if g == nil || g == entry {
			kept = append(kept, inv)
			continue
		}
		if inv.Expr == "" {
			continue
		}
		names := map[string]bool{}
		for _, v := range g.Locals {
			names[v.Source] = true
		}
		ok := true
		for _, id := range cIdent.FindAllString(inv.Expr, -1) {
			if id[0] >= '0' && id[0] <= '9' || cKeywords[id] {
				continue // a number's digits and suffixes, a cast
			}
			if !names[id] && !globals[id] {
				ok = false
				break
			}
		}
		if ok {
			inv.Func = g.Name
			kept = append(kept, inv)
		}
	}
	r.Invariants = kept
}

var cIdent = regexp.MustCompile(`[A-Za-z0-9_.]+`)

var cKeywords = map[string]bool{"long": true, "int": true, "unsigned": true, "signed": true, "char": true,
	"short": true, "_Bool": true, "float": true, "double": true, "void": true, "const": true, "sizeof": true}

// loopFunc is the function of orig with a loop at l, or nil.
func loopFunc(orig *ir.Program, l result.Location) *ir.Function {
	for _, g := range orig.Funcs {
		for _, lp := range g.Loops {
			if lp.Pos.File == l.File && lp.Pos.Line == l.Line && lp.Pos.Col == l.Col {
				return g
			}
		}
	}
	return nil
}

package engine

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/prbmc/prbmc/verifier/internal/guard"
	"github.com/prbmc/prbmc/verifier/interval"
	"github.com/prbmc/prbmc/verifier/invariant"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/result"
	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/symex"
)

// maxInductionK is the largest k for which the inductive step is tried.
// Without invariants stronger than intervals, steps that fail at small k
// rarely close at large k, while their queries grow; past it the time goes
// to the base case, which then still finds deep bugs and completeness
// proofs (measured on the SV-COMP set: 82 at 10 s with the limit at
// infinity loses five tasks that BMC alone solves).
const maxInductionK = 16

// generatorShare is the invariant generator's work budget, a part of the
// engine's (it runs beside it, on the other core).
const generatorShare = 1.0

// KInduction runs k-induction for k = 1, 2, …: the base case is BMC(k)
// (a violation is replayed and reported; all unwinding checks closed is a
// proof); then, for each top-level loop of the entry function, the
// inductive step of symex.Induction, with the loop-head intervals of
// package interval as invariants unless Options.Invariants is "none". An
// unsatisfiable inductive step proves every property.
func KInduction(ctx context.Context, p *ir.Program, opts Options) *result.Result {
	return kinduction(ctx, p, opts, "kinduction")
}

// BKind is k-induction with a bidirectional bug search (bkind, seed 000):
// a failed inductive step at k is kept as a backward partial
// counterexample — head states from which k failure-free iterations lead
// to a failure in the next — and at k+1 the forward search (the head
// states BMC(k+1) reaches, up to k+1 iterations behind them) asks whether
// it reaches one of them. A hit is replayed on the interpreter as the
// forward path's inputs followed by the backward path's; only a replayed
// violation is reported. A bug that plain k-induction finds at iteration
// n (the base case BMC(n)) is so found at iteration ⌊n/2⌋+1. Result.K is
// the iteration that decided.
func BKind(ctx context.Context, p *ir.Program, opts Options) *result.Result {
	return kinduction(ctx, p, opts, "bkind")
}

// candidate is one top-level loop of the entry the inductive step tries.
type candidate struct {
	loop   *ir.Loop
	bounds []symex.Bound
	// backK is the k of the last failed inductive step (bkind's backward
	// counterexample), 0 if none.
	backK int
	// invs are the relational invariants the last step assumed.
	invs []invariant.Invariant
	// tried says a step ran with invs.
	tried bool
	// zeroTried is how many invariants the last zeroStep had.
	zeroTried int
	// skipTried is how many invariants the last skipStep had.
	skipTried int
	// blocked and blockFails count the counterexamples to induction
	// strengthening has blocked and failed to block.
	blocked, blockFails int
	// rounds is the generator's rounds the last step saw (see
	// invariant.Generator.WaitRound).
	rounds int
}

// Limits of property-directed strengthening per loop: blocking rarely
// succeeds after a few failures, and each success is a proof obligation
// every later step carries.
const (
	maxBlocked    = 16
	maxBlockFails = 4
	// blockSeconds caps one blocking attempt, in seconds of work (at most
	// a quarter of what is left).
	blockSeconds = 5
)

// strengthen asks the generator to block a counterexample to induction of
// c's step; true if it proved an invariant that excludes it. It builds on
// the invariants the step had (c.rounds), not on whatever the generator
// has proved by now.
func strengthen(ctx context.Context, gen *invariant.Generator, c *candidate, cti map[*ir.Var]smt.BitVec, opts Options) bool {
	if gen == nil || c.blocked >= maxBlocked || c.blockFails >= maxBlockFails {
		return false
	}
	m := opts.work
	var work *smt.Meter
	bctx, cancel := ctx, context.CancelFunc(func() {})
	if m.Limited() {
		work = m.Sub(min(workFor(blockSeconds, workShare), m.Left()/4))
	} else {
		budget := blockSeconds * time.Second
		if dl, ok := ctx.Deadline(); ok && time.Until(dl)/4 < budget {
			budget = time.Until(dl) / 4
		}
		bctx, cancel = context.WithTimeout(ctx, budget)
	}
	defer cancel()
	inv, err := gen.BlockWork(bctx, c.loop, cti, work, c.rounds)
	if err != nil {
		c.blockFails++
		fmt.Fprintf(opts.Log, "prbmc: strengthening at the loop at %s: %v\n", c.loop.Pos, err)
		return false
	}
	c.blocked++
	fmt.Fprintf(opts.Log, "prbmc: strengthening at the loop at %s: blocked a counterexample to induction with %s\n", c.loop.Pos, inv)
	return true
}

// proofInvariants are the facts a proof at c's head assumed (the interval
// bounds and the invariants of package invariant), as C for the reports;
// facts without an exact C form are left out.
func proofInvariants(fn string, c *candidate, invs []invariant.Invariant) []result.Invariant {
	var out []result.Invariant
	seen := map[string]bool{}
	add := func(e, text string) {
		// A template can prove what the intervals already say (i >= 0).
		if e != "" && !seen[text] {
			seen[text] = true
			out = append(out, result.Invariant{Func: fn, Location: loc(c.loop.Pos), Expr: e, Text: text})
		}
	}
	for _, bd := range c.bounds {
		e := invariant.BoundC(bd)
		add(e, e)
	}
	for _, iv := range invs {
		if invariant.Subsumed(iv, invs) {
			continue
		}
		if a, ok := iv.(invariant.ArrayInv); ok && !seen[a.String()] {
			// C has no quantifier: people read it, witnesses leave it out
			// (an empty Expr).
			seen[a.String()] = true
			out = append(out, result.Invariant{Func: fn, Location: loc(c.loop.Pos), Text: a.String()})
			continue
		}
		add(iv.CExpr(), iv.String())
	}
	return out
}

// proved is the safe result of a step that held for c with invs: the
// base case's properties, every one safe, the statistics so far, and the
// invariants the proof rests on.
func proved(base, r *result.Result, entry string, c *candidate, invs []invariant.Invariant, how string) *result.Result {
	out := new(result.Result)
	*out = *base
	out.Stats = r.Stats
	out.Props = append([]result.Property(nil), base.Props...)
	for i := range out.Props {
		out.Props[i].Verdict = result.Safe
		out.Props[i].Reason = ""
	}
	out.Invariants = proofInvariants(entry, c, invs)
	return withReason(out, result.Safe, "%s", how)
}

// headValues reads the integer registers of a head state off a model.
func headValues(m smt.Model, hs symex.HeadState) map[*ir.Var]smt.BitVec {
	out := map[*ir.Var]smt.BitVec{}
	for key, t := range hs.Vals {
		if key.V == nil || !t.Sort().IsBV() {
			continue
		}
		if _, ok := key.V.Type.(*ir.IntType); !ok {
			continue
		}
		v, err := m.Eval(t)
		if err != nil {
			continue
		}
		out[key.V] = v.BitVec()
	}
	return out
}

func kinduction(ctx context.Context, p *ir.Program, opts Options, name string) (final *result.Result) {
	opts.defaults()
	opts.testHook(name)
	m := opts.meter(ctx)
	q, err := newQuerier(opts)
	if err != nil {
		return unknown(name, "solver: %v", err)
	}
	defer q.close()
	entry := p.Func(opts.Entry)
	if entry == nil || !entry.HasBody() {
		return unknown(name, "no function %q with a body", opts.Entry)
	}
	var seed map[*ir.Loop][]invariant.Invariant
	if opts.Invariants == "" || opts.Invariants == "relational" {
		var out *result.Result
		if out, seed = algebraic(ctx, p, entry, opts, name); out != nil {
			return out
		}
	}
	var cands []*candidate
	var inv *interval.Result
	if opts.Invariants != "none" {
		inv, _ = interval.Analyze(ctx, p, entry) // no invariants is fine
	}
	loops := invariant.TopLoops(entry, inv)
	for _, il := range loops {
		cands = append(cands, &candidate{loop: il.Loop, bounds: il.Bounds})
	}
	var gen *invariant.Generator
	if opts.Invariants == "" || opts.Invariants == "relational" {
		// The generator works beside the main loop (seed 001); each step
		// takes the invariants proved so far.
		gctx, cancel := context.WithCancel(ctx)
		factory, endSession := opts.session()
		solver := invariant.Solver(factory)
		if opts.testPanic == "invariant" {
			solver = func(string) (smt.Solver, error) { opts.testHook("invariant"); return nil, nil }
		}
		// The generator's work is its own (it runs beside the engine):
		// what it proves by a round does not depend on the engine's
		// progress, nor the engine's on its speed.
		gw := smt.NewMeter(0)
		if m.Limited() {
			gw = smt.NewMeter(max(int64(float64(m.Limit())*generatorShare), 1))
		}
		gen = invariant.StartSeeded(gctx, p, entry, loops, solver, gw, seed)
		defer func() {
			cancel()
			gen.Wait()
			endSession()
			for _, n := range gen.Notes() {
				fmt.Fprintf(opts.Log, "prbmc: invariants: %s\n", n)
			}
			if gw.Limited() {
				fmt.Fprintf(opts.Log, "prbmc: invariants: work: %d of %d units\n", gw.Used(), gw.Limit())
			}
			// A panic in the generator is a bug met on this program:
			// whatever the run decided, it is not to be trusted.
			var pn *guard.Panic
			if errors.As(gen.Err(), &pn) {
				final = internalError(name, "the invariant generator", opts.Log, pn)
			}
		}()
	}
	r := &result.Result{Engine: name}
	var last *result.Result
	// step tries the inductive step of candidate c at k (the base case
	// BMC(k) having passed; after maxInductionK only with new invariants,
	// at k = 1). It returns a proof, or nil; stop says the budget ran out;
	// cti is the head state the step's counterexample starts from, when
	// there is one and strengthening may block it.
	step := func(b *smt.Builder, k int, base *result.Result, c *candidate) (out *result.Result, stop bool, cti map[*ir.Var]smt.BitVec) {
		stepK := k
		var invs []invariant.Invariant
		if gen != nil {
			// The step at k takes the invariants of the generator's
			// rounds 1 to k, waiting for it to get there: the same on
			// every run (the generator's rounds have work budgets).
			c.rounds = gen.WaitRound(ctx, k)
			if ctx.Err() != nil || gen.Err() != nil {
				return nil, true, nil // a generator's panic: see the deferred check
			}
			invs = gen.Through(c.loop, c.rounds)
		}
		if k > maxInductionK {
			// Deep bounds: BMC only (see maxInductionK), unless the
			// generator has proved more since the last step; such
			// invariants are mostly 1-inductive with the property.
			if c.tried && len(invs) == len(c.invs) {
				return nil, false, nil
			}
			stepK = 1
		}
		if len(invs) != len(c.invs) {
			for _, iv := range invs[len(c.invs):] {
				fmt.Fprintf(opts.Log, "prbmc: invariant at the loop at %s: %s\n", c.loop.Pos, iv)
			}
		}
		c.invs, c.tried = invs, true
		ind := &symex.Induction{Loop: c.loop, Bounds: c.bounds, Assume: invariant.Assumptions(invs), Arrays: invariant.ArrayFacts(invs), Names: fmt.Sprintf("step%d_", k)}
		eq, err := runSymex(ctx, m, p, b, symex.Options{Unwind: stepK, Entry: opts.Entry, Induction: ind})
		if err != nil {
			if ctx.Err() != nil || m.Exhausted() {
				return nil, true, nil
			}
			return nil, false, nil // this loop is not a candidate (see symex.Induction)
		}
		r.Stats.Steps += eq.Steps
		var viols []*smt.Term
		for _, ch := range eq.Checks {
			viols = append(viols, ch.Violation)
		}
		var readCTI func(smt.Model)
		if gen != nil && opts.Strengthen != "off" && len(ind.Heads) > 0 {
			readCTI = func(m smt.Model) { cti = headValues(m, ind.Heads[0]) }
		}
		how := ""
		res, err := q.check(ctx, b.Or(viols...), r, readCTI)
		switch {
		case err == nil && res == smt.Unsat && len(invs) > 0:
			how = fmt.Sprintf("k-induction: the inductive step holds at k=%d for the loop at %s with %d relational invariants", stepK, c.loop.Pos, len(invs))
		case err == nil && res == smt.Unsat:
			how = fmt.Sprintf("k-induction: the inductive step holds at k=%d for the loop at %s", stepK, c.loop.Pos)
		case ctx.Err() != nil || m.Exhausted():
			return nil, true, nil
		default:
			if res == smt.Sat && len(ind.Heads) > 0 && stepK == k {
				c.backK = k
			}
			if res != smt.Sat {
				cti = nil
			}
			// The k=0 step depends on the invariants only: once per set.
			if res != smt.Sat || len(invs) == 0 || len(invs) == c.zeroTried {
				return nil, false, cti
			}
			c.zeroTried = len(invs)
			if !zeroStep(ctx, p, b, q, stepK, c, invs, opts, r) {
				if ctx.Err() != nil || m.Exhausted() {
					return nil, true, nil
				}
				return nil, false, cti
			}
			how = fmt.Sprintf("k-induction: %d relational invariants at the loop at %s imply every property from there on", len(invs), c.loop.Pos)
		}
		return proved(base, r, opts.Entry, c, invs, how), false, nil
	}
	// steps tries the step of every candidate at k; a counterexample to
	// induction is handed to the generator to block (property-directed
	// strengthening, seed 001), and the step is tried again with what
	// that proves.
	steps := func(b *smt.Builder, k int, base *result.Result) (out *result.Result, stop bool) {
		// Array invariants first, last loop first: their step skips the
		// loops before and is cheap, while a regular step of an earlier
		// loop unrolls the fixed-count loops after it.
		if gen != nil && len(cands) > 1 {
			for i := len(cands) - 1; i >= 0; i-- {
				c := cands[i]
				// The rounds the last regular step saw, none at first:
				// the array invariants are proved before round 1.
				gen.WaitArrays(ctx)
				if ctx.Err() != nil {
					return nil, true
				}
				invs := gen.Through(c.loop, c.rounds)
				if len(invariant.ArrayFacts(invs)) == 0 || len(invs) == c.skipTried {
					continue
				}
				c.skipTried = len(invs)
				if skipStep(ctx, p, b, q, k, c, invs, opts, r) {
					return proved(base, r, opts.Entry, c, invs, fmt.Sprintf("k-induction: %d invariants (array invariants among them) at the loop at %s imply every property from there on, the loops before skipped", len(invs), c.loop.Pos)), false
				}
				if ctx.Err() != nil || m.Exhausted() {
					return nil, true
				}
			}
		}
		for _, c := range cands {
			for {
				out, stop, cti := step(b, k, base, c)
				if out != nil || stop {
					return out, stop
				}
				if cti == nil || !strengthen(ctx, gen, c, cti, opts) {
					break
				}
			}
		}
		return nil, false
	}
	for k := 1; k <= opts.MaxK; k = nextBound(k) {
		if gen != nil && gen.Err() != nil {
			return r // the deferred check reports it
		}
		b := smt.NewBuilder()
		base := bmcStep(ctx, p, b, q, k, opts, r)
		if gen != nil && gen.Err() != nil {
			return r // the deferred check reports it
		}
		base.Engine = name
		switch base.Verdict {
		case result.Safe, result.Unsafe:
			return base
		case result.Unknown:
			if last != nil && (ctx.Err() != nil || m.Exhausted()) {
				last.Reason = fmt.Sprintf("no violation with loops unwound %d times; then %s", last.K, base.Reason)
				return last
			}
			return base
		}
		last = base
		if k > maxInductionK && gen == nil {
			continue // deep bounds: BMC only (see maxInductionK)
		}
		if name == "bkind" && k <= maxInductionK {
			for _, c := range cands {
				if c.backK == 0 {
					continue
				}
				if out := bidirectional(ctx, p, b, q, k, c, opts, r, base); out != nil {
					return out
				}
				if ctx.Err() != nil || m.Exhausted() {
					return last
				}
			}
		}
		out, stop := steps(b, k, base)
		switch {
		case out != nil:
			return out
		case stop:
			return last
		}
	}
	if last != nil {
		return last
	}
	return unknown(name, "no bound tried")
}

// bidirectional is bkind's forward search at iteration k: does an
// execution reach c's loop head, with at most k iterations behind it, in
// a state of the backward counterexample? The answer counts only if the
// concatenated inputs replay to a violation.
func bidirectional(ctx context.Context, p *ir.Program, b *smt.Builder, q *querier, k int, c *candidate, opts Options, r, base *result.Result) *result.Result {
	fwd := &symex.Induction{Loop: c.loop, Forward: true, Names: fmt.Sprintf("fwd%d_", k)}
	feq, err := runSymex(ctx, opts.work, p, b, symex.Options{Unwind: k, Entry: opts.Entry, Induction: fwd})
	if err != nil {
		return nil
	}
	r.Stats.Steps += feq.Steps
	// The backward counterexample again, on this bound's builder (terms
	// of two builders do not mix; symbolic execution is cheap next to the
	// solver).
	bind := &symex.Induction{Loop: c.loop, Bounds: c.bounds, Assume: invariant.Assumptions(c.invs), Names: fmt.Sprintf("back%d_", c.backK)}
	beq, err := runSymex(ctx, opts.work, p, b, symex.Options{Unwind: c.backK, Entry: opts.Entry, Induction: bind})
	if err != nil || len(bind.Heads) == 0 {
		return nil
	}
	r.Stats.Steps += beq.Steps
	bh := &bind.Heads[0]
	var meets []*smt.Term
	for _, h := range fwd.Heads {
		conj := []*smt.Term{h.Guard}
		for _, key := range h.SortedKeys() {
			v := h.Vals[key]
			w, ok := bh.Vals[key]
			if !ok || !v.Sort().Equal(w.Sort()) {
				continue
			}
			conj = append(conj, b.Eq(v, w))
		}
		meets = append(meets, b.And(conj...))
	}
	var viols []*smt.Term
	for _, ch := range beq.RealProps() {
		viols = append(viols, ch.Violation)
	}
	var vals []inputValue
	var readErr error
	res, err := q.check(ctx, b.And(b.Or(meets...), b.Or(viols...)), r, func(m smt.Model) {
		at := -1
		for i, t := range meets {
			if v, err := m.Eval(t); err == nil && v.Bool() {
				at = i
				break
			}
		}
		if at < 0 {
			readErr = fmt.Errorf("no meeting arrival in the model")
			return
		}
		fv, err := modelInputs(&symex.Equation{Inputs: feq.Inputs[:fwd.Heads[at].Inputs]}, m)
		if err != nil {
			readErr = err
			return
		}
		bv, err := modelInputs(&symex.Equation{Inputs: beq.Inputs[bh.Inputs:]}, m)
		if err != nil {
			readErr = err
			return
		}
		vals = append(fv, bv...)
	})
	if err != nil || res != smt.Sat {
		return nil
	}
	if readErr != nil {
		fmt.Fprintf(opts.Log, "prbmc: bkind at k=%d: %v\n", k, readErr)
		return nil
	}
	out, err := replay(ctx, p, opts.Entry, vals, opts.MaxReplaySteps)
	if err != nil || out.prop == nil {
		why := "replay did not reach a failing assertion"
		if err != nil {
			why = err.Error()
		}
		fmt.Fprintf(opts.Log, "prbmc: bkind at k=%d: the concatenated path did not replay (%s); not reported\n", k, why)
		return nil
	}
	res2 := &result.Result{Engine: "bkind", K: k, Stats: r.Stats}
	for _, bp := range base.Props {
		bp.Verdict, bp.Reason = result.Unknown, "not checked: another property fails first"
		if bp.ID == out.prop.ID {
			bp.Verdict, bp.Reason, bp.Trace = result.Unsafe, "", out.trace
		}
		res2.Props = append(res2.Props, bp)
	}
	if res2.Violated() == nil {
		rp := propResult(out.prop)
		rp.Verdict, rp.Trace = result.Unsafe, out.trace
		res2.Props = append(res2.Props, *rp)
	}
	return withReason(res2, result.Unsafe, "%s can fail at %s (bkind: a forward path meets the backward counterexample of k=%d)", describe(out.prop), out.prop.Pos, c.backK)
}

// zeroStep proves the properties from the loop on from the invariants
// alone: from any state at the head that satisfies them (everything
// havocked, not only what the loop writes), the first iteration and the
// code after the loop cannot fail. The invariants hold at every arrival
// before an execution's first failure (package invariant), so a failure in
// the loop or after it would be one of these. The code before the loop is
// not needed, so loops before this one may be unbounded; it must therefore
// have nothing to check (no assertion, call or unsupported construct) and
// no path around the loop.
func zeroStep(ctx context.Context, p *ir.Program, b *smt.Builder, q *querier, k int, c *candidate, invs []invariant.Invariant, opts Options, r *result.Result) bool {
	entry := p.Func(opts.Entry)
	prefix := map[ir.Pos]bool{}
	rest := map[ir.Pos]bool{}
	for pc, in := range entry.Body {
		if pc >= c.loop.Head {
			rest[in.Pos()] = true
			continue
		}
		prefix[in.Pos()] = true
		switch in := in.(type) {
		case *ir.Assert, *ir.Unsupported, *ir.Call:
			return false
		case *ir.Goto:
			if in.Target > c.loop.Latch {
				return false
			}
		}
	}
	ind := &symex.Induction{Loop: c.loop, Bounds: c.bounds, Assume: invariant.Assumptions(invs), Arrays: invariant.ArrayFacts(invs), HavocAll: true, Zero: true, Names: fmt.Sprintf("zero%d_", k)}
	return holdsFromHead(ctx, p, b, q, k, ind, opts, r, func(ch *symex.Check) bool {
		// A loop before this one: its cut paths are covered by the havoc.
		return ch.Prop.Kind == ir.PropUnwinding && ch.Prop.Func == entry.Name && prefix[ch.Prop.Pos] && !rest[ch.Prop.Pos]
	})
}

// holdsFromHead runs the step ind (a k = 0 step from a havocked or
// skipped-to head) and reports whether none of its checks but those
// ignore leaves out can fail, and some path arrives at the head at all
// (else the havoc covers no state and proves nothing).
func holdsFromHead(ctx context.Context, p *ir.Program, b *smt.Builder, q *querier, k int, ind *symex.Induction, opts Options, r *result.Result, ignore func(*symex.Check) bool) bool {
	eq, err := runSymex(ctx, opts.work, p, b, symex.Options{Unwind: k, Entry: opts.Entry, Induction: ind})
	if err != nil || len(ind.Heads) == 0 {
		return false
	}
	r.Stats.Steps += eq.Steps
	var viols []*smt.Term
	for _, ch := range eq.Checks {
		if ignore == nil || !ignore(ch) {
			viols = append(viols, ch.Violation)
		}
	}
	if res, err := q.check(ctx, b.Or(viols...), r, nil); err != nil || res != smt.Unsat {
		return false
	}
	res, err := q.check(ctx, ind.Heads[0].Guard, r, nil)
	return err == nil && res == smt.Sat
}

package engine

import (
	"context"
	"errors"
	"math"
	"time"

	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/symex"
)

// Budgets in work, not time (README, "Budgets: work, not wall time").
//
// A run's time budget (the time to its context's deadline, rounded up to a
// whole second) buys work units: Z3's resource units (rlimit), and for
// symbolic execution its steps and terms converted at the rates below.
// Engines stop when their share of the units is used up, so the same
// input gives the same verdict on every run whatever the machine's load;
// the deadline stays as a safety net (a run it stops says so, "a re-run
// may differ"). The constants are calibrated on the project's machine
// (2 cores, Debian 12, Z3 4.8.12); see the README for how.
const (
	// WorkPerSecond is Z3's resource units per second of one core, the
	// median over the checks of the SV-COMP tasks and cJSON's functions.
	WorkPerSecond = 1_000_000
	// stepWork, opWork and termWork are the units charged per symbolic
	// execution step, per term asked of the builder (smt.Builder.Ops) and
	// per new term (its translation into Z3): symbolic execution and the
	// translation take about the time Z3 needs for that many units
	// (measured: 1.5 µs of CPU per builder operation, 3 µs per term
	// translated).
	stepWork = 1
	opWork   = 2
	termWork = 3
	// interpStepsPerSecond is the interpreter's IR instructions per
	// second of one core (the concrete run's unit).
	interpStepsPerSecond = 100_000_000
	// workShare is the part of the time budget an engine plans to spend
	// at the calibrated rates: engines share two cores with each other
	// and with a second function, and some queries run at a tenth of
	// the median rate, so the deadline is reached only by the unusual
	// run.
	workShare = 0.5
)

// budgetSeconds is the time budget the work budget is derived from: the
// time left to ctx's deadline rounded up to the next step of budgetLadder,
// so that the time spent before the engines start (loading, the harness:
// up to a second or two on a busy machine) does not change it: a run
// configured with a round timeout starts with a little less and gets the
// timeout. 0 without a deadline.
func budgetSeconds(ctx context.Context) float64 {
	dl, ok := ctx.Deadline()
	if !ok {
		return 0
	}
	left := time.Until(dl).Seconds()
	for _, s := range budgetLadder {
		if left <= s {
			return s
		}
	}
	return math.Ceil(left/600) * 600
}

// budgetLadder are the budgets in seconds: about 1.5 times apart, so that
// a deadline a few seconds short of a step still gets it.
var budgetLadder = []float64{0.5, 1, 2, 3, 5, 7, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 300, 450, 600}

// workFor is the work budget of seconds of time budget, for one engine's
// share.
func workFor(seconds, share float64) int64 {
	return max(int64(seconds*share*WorkPerSecond), 1)
}

// meter returns the run's meter: the one the caller set, else one for
// Options.Work, else one derived from ctx's deadline (none without one).
func (o *Options) meter(ctx context.Context) *smt.Meter {
	if o.work != nil {
		return o.work
	}
	switch {
	case o.Work > 0:
		o.work = smt.NewMeter(o.Work)
	case o.Work < 0:
		o.work = smt.NewMeter(0)
	default:
		if s := budgetSeconds(ctx); s > 0 {
			o.work = smt.NewMeter(workFor(s, workShare))
		} else {
			o.work = smt.NewMeter(0)
		}
	}
	return o.work
}

// symexLimits bounds a symbolic execution by what is left of m.
func symexLimits(m *smt.Meter, so symex.Options) symex.Options {
	if m.Limited() {
		left := m.Left()
		so.MaxSteps = int(min(left/stepWork+1, math.MaxInt32))
		so.MaxTerms = int(min(left/termWork+1, math.MaxInt32))
		so.MaxOps = left/opWork + 1
	}
	return so
}

// runSymex is symex.Run bounded by m and charged to it.
func runSymex(ctx context.Context, m *smt.Meter, p *ir.Program, b *smt.Builder, so symex.Options) (*symex.Equation, error) {
	terms, ops := b.NumTerms(), b.Ops()
	eq, err := symex.Run(ctx, p, b, symexLimits(m, so))
	steps := 0
	if eq != nil {
		steps = eq.Steps
	}
	m.Charge(int64(steps)*stepWork + int64(b.NumTerms()-terms)*termWork + (b.Ops()-ops)*opWork)
	if errors.Is(err, symex.ErrWorkLimit) {
		m.Charge(m.Left()) // used up: nothing else is started
		m.Stop()
	}
	return eq, err
}

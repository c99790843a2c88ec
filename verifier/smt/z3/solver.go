package z3

/*
#include "z3helpers.h"
*/
import "C"

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/prbmc/prbmc/verifier/internal/guard"
	"github.com/prbmc/prbmc/verifier/smt"
)

// Options configure a Solver.
type Options struct {
	// Logic selects Z3's solver for an SMT-LIB logic such as "QF_AUFBV";
	// empty means Z3's general solver, which handles every op of package
	// smt (mixing arrays, bit-vectors and floating point).
	Logic string
	// Seed is Z3's random seed. It is always set (0 by default) so that runs
	// are reproducible.
	Seed uint32
	// Timeout bounds every Check in addition to the context's deadline;
	// zero means no bound of its own.
	Timeout time.Duration
	// WorkLimit bounds every Check to this many of Z3's resource units
	// (its "rlimit" parameter; see SetWorkLimit); zero means no bound.
	WorkLimit uint64
	// AbandonAfter is how long Check waits for Z3 to honour an interrupt
	// once its context has ended before it returns without it (the
	// solver is then dead but for Close); zero means 200 ms.
	AbandonAfter time.Duration
}

// Solver is an smt.Solver backed by one Z3 context. A Solver must be used
// from one goroutine at a time; only the interrupt that Check sends when its
// context ends comes from another goroutine, which Z3 supports.
//
// Memory: Z3 runs in reference-counting mode. Every AST, sort, model and
// params object the Solver holds is counted; translated terms are cached
// per scope and released when their scope is popped, the rest on Close. No
// finalizers are used (they would run on another goroutine, and Z3 contexts
// are not thread-safe): Close must be called.
type Solver struct {
	c    C.Z3_context
	s    C.Z3_solver
	opts Options

	tr translator

	scopes  int
	last    smt.Result
	reason  string
	model   *Model
	gen     uint64 // bumped whenever the model becomes invalid
	timeout uint32 // the timeout param currently set, in ms
	// workLimit is the bound of each check in resource units (0: none),
	// rlimit the rlimit param currently set, work the units checks used.
	workLimit    uint64
	rlimit, work uint64
	closed       bool
	// pristine: nothing was asserted or pushed yet, so the first
	// assertion may still pick the Z3 solver (useEager).
	pristine bool
	eager    bool // useEager chose the solver

	aux                   C.Z3_solver // always empty; see clearCancel
	imu                   sync.Mutex  // guards checking and interrupted
	checking, interrupted bool
	// wasInterrupted: some check was interrupted (written by the check's
	// goroutine before it reports): the context is not kept.
	wasInterrupted bool

	// abandoned is set when a check did not stop within abandonGrace of
	// its context's end: the check still runs in its goroutine and sends
	// on abandoned when it returns; the solver is dead but for Close.
	abandoned chan struct{}
	// broken is the panic of a check's goroutine: the solver is dead but
	// for Close.
	broken *guard.Panic
	// checkTime is the time spent in checks so far.
	checkTime time.Duration
	// home, when set, takes the context back on Close (see Contexts).
	home *Contexts

	// testPanic, set only by this package's tests, names a goroutine of
	// the Solver that panics: "check", "watch" or "release".
	testPanic string
}

func (s *Solver) testHook(where string) {
	if s.testPanic == where {
		panic("test panic in " + where)
	}
}

// errInternal is a panic in one of the Solver's goroutines as a check's
// error: the solver is then dead but for Close (its context may be in
// any state).
func errInternal(p *guard.Panic) error { return fmt.Errorf("z3: %w", p) }

// abandonGrace is the default Options.AbandonAfter: some phases of Z3
// (bit-blasting a large floating-point formula) do not look at interrupts
// for seconds, and a deadline must hold.
const abandonGrace = 200 * time.Millisecond

var errAbandoned = errors.New("z3: the solver's last check was abandoned at its deadline")

// dead reports why the solver cannot be used, nil if it can.
func (s *Solver) dead() error {
	switch {
	case s.closed:
		return errClosed
	case s.abandoned != nil:
		return errAbandoned
	case s.broken != nil:
		return errInternal(s.broken)
	}
	return nil
}

var _ smt.Solver = (*Solver)(nil)

// New creates a Solver with its own Z3 context.
func New(opts Options) (*Solver, error) { return makeSolver(nil, opts) }

// makeSolver makes a Solver in a kept context of home, or in a new one
// when home has none (or is nil).
func makeSolver(home *Contexts, opts Options) (*Solver, error) {
	c, reused := home.take()
	if !reused {
		c = C.prbmc_mk_context()
	}
	if c == nil {
		if overLimit() {
			// Other solvers of the process hold the memory.
			return nil, errors.New("z3: cannot create a context: " + memoryReason())
		}
		return nil, errors.New("z3: cannot create a context")
	}
	var logic *C.char
	if opts.Logic != "" {
		logic = C.CString(opts.Logic)
		defer C.free(unsafe.Pointer(logic))
	}
	s := C.prbmc_mk_solver(c, logic)
	if s == nil {
		err := mustErr(c, "creating solver for logic "+fmt.Sprintf("%q", opts.Logic))
		C.Z3_del_context(c)
		return nil, err
	}
	aux := C.Z3_mk_simple_solver(c)
	if aux != nil {
		C.Z3_solver_inc_ref(c, aux)
	}
	if aux == nil || z3Error(c, "aux") != nil {
		err := mustErr(c, "creating auxiliary solver")
		C.Z3_solver_dec_ref(c, s)
		C.Z3_del_context(c)
		return nil, err
	}
	sv := &Solver{c: c, s: s, aux: aux, opts: opts, timeout: math.MaxUint32, workLimit: opts.WorkLimit, pristine: true, home: home}
	sv.tr.init(c)
	if err := sv.setParam("random_seed", uint32(opts.Seed)); err != nil {
		sv.Close()
		return nil, err
	}
	return sv, nil
}

func (s *Solver) setParam(name string, v uint32) error {
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	if C.prbmc_set_uint_param(s.c, s.s, cname, C.unsigned(v)) == 0 {
		return mustErr(s.c, "setting solver parameter "+name)
	}
	return nil
}

var errClosed = errors.New("z3: solver is closed")

var _ smt.WorkLimiter = (*Solver)(nil)

// maxRlimit is the largest rlimit Z3 takes (an unsigned parameter; 0 means
// none).
const maxRlimit = math.MaxUint32 - 1

// SetWorkLimit bounds each following check to n of Z3's resource units
// (0: no bound). Z3 counts them deterministically — the same calls on a
// fresh context use the same units on every run, whatever the load — so a
// check stopped by them is stopped at the same point every time. Z3 4.8.12
// reports such a check as unknown, "max. resource limit exceeded" or
// "canceled" depending on the phase; Check tells it by the units used and
// says ReasonWorkLimit. The solver stays usable. Limits above 2^32-2 units
// (about an hour of work) are that.
func (s *Solver) SetWorkLimit(n uint64) error {
	if err := s.dead(); err != nil {
		return err
	}
	s.workLimit = min(n, maxRlimit)
	return nil
}

// Work is the resource units Z3 used in this solver's checks.
func (s *Solver) Work() uint64 { return s.work }

// rlimitCount is the context's resource counter.
func (s *Solver) rlimitCount() uint64 { return uint64(C.prbmc_rlimit_count(s.c, s.s)) }

// invalidate drops the model: it is only valid until the solver changes.
func (s *Solver) invalidate() {
	s.gen++
	if s.model != nil {
		C.Z3_model_dec_ref(s.c, s.model.m)
		s.tr.owned--
		s.model = nil
	}
	s.last = smt.Unknown
}

// Assert adds a Boolean term to the current scope.
func (s *Solver) Assert(t *smt.Term) error {
	return s.AssertContext(context.Background(), t)
}

// AssertContext is Assert that gives up when ctx ends (returning an error
// that wraps ctx.Err(), with ReasonUnknown saying why): translating the
// equation of a loop unwound 100,000 times takes seconds. What was
// translated stays in the memo, valid until its scope is popped.
func (s *Solver) AssertContext(ctx context.Context, t *smt.Term) error {
	if err := s.dead(); err != nil {
		return err
	}
	if !t.Sort().IsBool() {
		return fmt.Errorf("z3: assert of a %s term", t.Sort())
	}
	s.invalidate()
	if s.pristine {
		s.pristine = false
		if s.opts.Logic == "QF_ABV" && smt.ReadsInputArrays(t, maxAckermannReads) {
			if err := s.useEager(); err != nil {
				return err
			}
		}
	}
	a, err := s.tr.translate(ctx, t)
	if err != nil {
		if ctx.Err() != nil {
			s.reason = smt.ReasonOf(ctx.Err())
		}
		return fmt.Errorf("z3: assert: %w", err)
	}
	C.Z3_solver_assert(s.c, s.s, a)
	return z3Error(s.c, "assert")
}

// maxAckermannReads bounds the reads of one array for which useEager is
// chosen: Ackermann's reduction adds a constraint per pair of them.
const maxAckermannReads = 200

// useEager replaces the solver for logic QF_ABV, before anything is
// asserted, by one that reduces reads of input arrays to bit-vectors and
// bit-blasts them (prbmc_mk_eager_solver): Z3's QF_ABV solver took 27 s
// and 1.6 GB on tiny-regex-c's matcher at bound 1, this one 8 s and 380
// MB. Symbolic execution resolves reads over writes itself, so the arrays
// left are mostly the inputs' (smt.ReadsInputArrays). Benchmark tasks
// whose queries keep stores stay with the QF_ABV solver, which decides
// them faster.
func (s *Solver) useEager() error {
	e := C.prbmc_mk_eager_solver(s.c)
	if e == nil {
		return mustErr(s.c, "creating the eager array solver")
	}
	C.Z3_solver_dec_ref(s.c, s.s)
	s.s, s.eager = e, true
	s.timeout, s.rlimit = math.MaxUint32, 0 // the new solver's defaults
	return s.setParam("random_seed", uint32(s.opts.Seed))
}

// Push opens a scope.
func (s *Solver) Push() error {
	if err := s.dead(); err != nil {
		return err
	}
	s.pristine = false
	s.invalidate()
	C.Z3_solver_push(s.c, s.s)
	if err := z3Error(s.c, "push"); err != nil {
		return err
	}
	s.scopes++
	s.tr.push()
	return nil
}

// Pop closes the n innermost scopes and releases what was translated in
// them.
func (s *Solver) Pop(n int) error {
	if err := s.dead(); err != nil {
		return err
	}
	if pop, err := smt.CanPop("z3", n, s.scopes); !pop {
		return err
	}
	s.invalidate()
	C.Z3_solver_pop(s.c, s.s, C.unsigned(n))
	if err := z3Error(s.c, "pop"); err != nil {
		return err
	}
	s.scopes -= n
	s.tr.pop(n)
	return nil
}

// Scopes is the number of open scopes.
func (s *Solver) Scopes() int { return s.scopes }

// Check decides the assertions together with the assumptions (Boolean
// terms, valid for this check only).
//
// The time budget is the earlier of ctx's deadline and Options.Timeout,
// given to Z3 as its timeout parameter; that is the primary budget.
// Cancellation (and a deadline Z3 overlooks) is the job of Z3_interrupt,
// sent by a watcher goroutine (see watch). After an Unknown the solver is
// as usable as before.
func (s *Solver) Check(ctx context.Context, assumptions ...*smt.Term) (smt.Result, error) {
	if err := s.dead(); err != nil {
		return smt.Unknown, err
	}
	s.invalidate()
	s.reason = ""
	if err := ctx.Err(); err != nil {
		s.reason = smt.ReasonOf(err)
		return smt.Unknown, nil
	}
	if err := smt.CheckAssumptions("z3", assumptions); err != nil {
		return smt.Unknown, err
	}
	as := make([]C.Z3_ast, len(assumptions))
	for i, a := range assumptions {
		z, err := s.tr.translate(ctx, a)
		if err != nil {
			return smt.Unknown, fmt.Errorf("z3: assumption: %w", err)
		}
		as[i] = z
	}

	budget := s.opts.Timeout
	fromCtx := false
	if dl, ok := ctx.Deadline(); ok {
		rem := time.Until(dl)
		if rem <= 0 {
			s.reason = smt.ReasonTimeout
			return smt.Unknown, nil
		}
		if budget == 0 || rem < budget {
			budget, fromCtx = rem, true
		}
	}
	ms := uint32(math.MaxUint32) // Z3's "no timeout"
	if budget > 0 {
		ms = uint32(min((budget+time.Millisecond-1)/time.Millisecond, math.MaxUint32-1))
	}
	if ms != s.timeout {
		if err := s.setParam("timeout", ms); err != nil {
			return smt.Unknown, err
		}
		s.timeout = ms
	}
	// Z3's rlimit counts from the start of each check.
	if s.workLimit != s.rlimit {
		if err := s.setParam("rlimit", uint32(s.workLimit)); err != nil {
			return smt.Unknown, err
		}
		s.rlimit = s.workLimit
	}
	before := s.rlimitCount()

	var ptr *C.Z3_ast
	if len(as) > 0 {
		ptr = (*C.Z3_ast)(unsafe.Pointer(&as[0]))
	}
	type outcome struct {
		r       C.Z3_lbool
		elapsed time.Duration
		used    uint64 // resource units of this check
		err     error
	}
	stop := s.watch(ctx)
	start := time.Now()
	done := make(chan outcome, 1)
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		var out outcome
		stopped := false
		// A panic here (a bug of this binding: Z3's own failures are
		// error codes) is the check's error, not the process's end.
		if p := guard.Run(func() {
			r := C.Z3_solver_check_assumptions(s.c, s.s, C.unsigned(len(as)), ptr)
			elapsed := time.Since(start)
			used := s.rlimitCount() - before
			s.testHook("check")
			interrupted := stop()
			stopped = true
			s.wasInterrupted = s.wasInterrupted || interrupted
			err := z3Error(s.c, "check")
			if err == nil && (interrupted || r == C.Z3_L_UNDEF) {
				s.clearCancel()
			}
			out = outcome{r, elapsed, used, err}
		}); p != nil {
			if !stopped {
				stop()
			}
			out = outcome{C.Z3_L_UNDEF, time.Since(start), 0, errInternal(p)}
			s.broken = p
		}
		done <- out
	}()
	var out outcome
	select {
	case out = <-done:
	case <-ctx.Done():
		wait := s.opts.AbandonAfter
		if wait <= 0 {
			wait = abandonGrace
		}
		grace := time.NewTimer(wait)
		select {
		case out = <-done:
			grace.Stop()
		case <-grace.C:
			// The check goes on in its goroutine, interrupted every few
			// milliseconds; Close frees the context after it returns.
			s.abandoned = finished
			s.last, s.reason = smt.Unknown, smt.ReasonOf(ctx.Err())
			return smt.Unknown, nil
		}
	}
	r, elapsed := out.r, out.elapsed
	s.checkTime += elapsed
	s.work += out.used
	if out.err != nil {
		return smt.Unknown, out.err
	}
	switch r {
	case C.Z3_L_TRUE:
		s.last = smt.Sat
	case C.Z3_L_FALSE:
		s.last = smt.Unsat
	default:
		s.last = smt.Unknown
		s.reason = s.unknownReason(ctx, budget, elapsed)
		if s.workLimit > 0 && out.used >= s.workLimit {
			// Stopped by the units, whatever else happened meanwhile:
			// the same check stops there on every run.
			s.reason = smt.ReasonWorkLimit
		}
		if fromCtx && s.reason == smt.ReasonTimeout {
			// Z3's millisecond timer can fire just before the context's
			// deadline: wait for it, so that callers asking ctx.Err()
			// whether the budget is over get the same answer.
			<-ctx.Done()
		}
	}
	return s.last, nil
}

// watch interrupts the running check when ctx ends and returns a function
// that stops watching and reports whether an interrupt was sent.
//
// Z3_interrupt cancels the whole context, and the cancellation outlives the
// check: until the next check, push fails with "canceled". A check clears
// it when it starts, which is also why an interrupt sent just before the
// check gets under way is lost. Hence: interrupts are only sent while the
// check runs (under imu), they are repeated until it returns, and after an
// interrupted check clearCancel wipes what is left.
func (s *Solver) watch(ctx context.Context) (stop func() bool) {
	s.imu.Lock()
	s.checking, s.interrupted = true, false
	s.imu.Unlock()
	done := make(chan struct{})
	var wg sync.WaitGroup
	if ctx.Done() != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// A panic stops the interrupts (Z3's own timeout still
			// holds), not the process.
			var p *guard.Panic
			defer guard.Recover(&p)
			s.testHook("watch")
			select {
			case <-done:
				return
			case <-ctx.Done():
			}
			tick := time.NewTicker(5 * time.Millisecond)
			defer tick.Stop()
			for {
				s.imu.Lock()
				if s.checking {
					C.Z3_interrupt(s.c)
					s.interrupted = true
				}
				s.imu.Unlock()
				select {
				case <-done:
					return
				case <-tick.C:
				}
			}
		}()
	}
	return func() bool {
		s.imu.Lock()
		s.checking = false
		sent := s.interrupted
		s.imu.Unlock()
		close(done)
		wg.Wait()
		return sent
	}
}

// clearCancel resets the context's cancellation by checking the empty
// auxiliary solver, which takes microseconds.
func (s *Solver) clearCancel() {
	C.Z3_solver_check(s.c, s.aux)
}

// unknownReason normalises Z3's explanation: Z3 says "canceled" both for its
// own timeout and for an interrupt, so the context and the budget decide.
func (s *Solver) unknownReason(ctx context.Context, budget, elapsed time.Duration) string {
	z := C.GoString(C.Z3_solver_get_reason_unknown(s.c, s.s))
	if err := ctx.Err(); err != nil {
		return smt.ReasonOf(err)
	}
	switch {
	case z == "canceled" || z == "timeout" || strings.Contains(z, "timeout"):
		if budget > 0 && elapsed >= budget*9/10 {
			return smt.ReasonTimeout
		}
		return smt.ReasonCanceled
	case strings.Contains(z, "resource limit"):
		return smt.ReasonWorkLimit
	case strings.Contains(z, "incomplete"):
		return smt.ReasonIncomplete
	case strings.Contains(z, "out of memory") || strings.Contains(z, "memory exceeded"):
		// Z3 4.8.12 says "out of memory" when memory_max_size is
		// reached (see SetMemoryLimit).
		return memoryReason()
	case z == "":
		return "unknown"
	}
	return z
}

// ReasonUnknown explains the last Unknown result.
func (s *Solver) ReasonUnknown() string { return s.reason }

// Model returns the model of the last Sat check.
func (s *Solver) Model() (smt.Model, error) {
	if err := s.dead(); err != nil {
		return nil, err
	}
	if s.last != smt.Sat {
		return nil, errors.New("z3: no model: the last check was not sat")
	}
	if s.model == nil {
		m := C.Z3_solver_get_model(s.c, s.s)
		if m == nil {
			return nil, mustErr(s.c, "get model")
		}
		C.Z3_model_inc_ref(s.c, m)
		s.tr.owned++
		s.model = &Model{s: s, m: m, gen: s.gen}
	}
	return s.model, nil
}

// Close releases every Z3 object of the solver and its context. It is safe
// to call more than once.
func (s *Solver) Close() error {
	if s.closed {
		return nil
	}
	if s.abandoned != nil {
		// The abandoned check still uses the context: free it after
		// (and never keep it: it may be in any state).
		s.home = nil
		s.closed = true
		go func() {
			<-s.abandoned
			s.releaseGuarded()
		}()
		return nil
	}
	s.closed = true
	if home := s.home; home.keeps(s) {
		s.release() // gives the context back to home
		return nil
	}
	s.home = nil
	if s.checkTime > asyncRelease || len(s.tr.memo) > asyncReleaseTerms {
		// Deleting a context after long checks (many learnt clauses, a
		// large bit-blasted formula) or with millions of ASTs takes Z3
		// up to a second or more, and the caller may be at its deadline:
		// nothing else uses the context, so it can go in the background.
		go s.releaseGuarded()
		return nil
	}
	s.release()
	return nil
}

// asyncRelease is the time spent in checks above which Close frees the
// context in the background.
const asyncRelease = 500 * time.Millisecond

// asyncReleaseTerms is the number of translated terms above which Close
// frees the context in the background (250 ms for the 10^6 ASTs of an
// array loop unwound 131,072 times).
const asyncReleaseTerms = 100_000

// releaseGuarded is release in a goroutine of its own: a panic there
// leaks the context rather than ending the process.
func (s *Solver) releaseGuarded() {
	var p *guard.Panic
	defer guard.Recover(&p)
	s.release()
}

func (s *Solver) release() {
	s.testHook("release")
	s.invalidate()
	s.tr.release()
	C.Z3_solver_dec_ref(s.c, s.s)
	C.Z3_solver_dec_ref(s.c, s.aux)
	if !s.home.put(s.c) {
		C.Z3_del_context(s.c)
	}
}

// liveRefs counts the references the solver's caches hold, and ownedRefs
// all references it holds; when no model is held they must be equal (for
// leak tests).
func (s *Solver) liveRefs() int  { return len(s.tr.memo) + len(s.tr.sorts) }
func (s *Solver) ownedRefs() int { return s.tr.owned }

// interruptIdle calls Z3_interrupt outside any check, which the Solver
// itself never does; tests use it to show what clearCancel repairs.
func (s *Solver) interruptIdle() { C.Z3_interrupt(s.c) }

package smtlib

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/prbmc/prbmc/verifier/smt"
)

// Options configure a Solver.
type Options struct {
	// Command is the solver's command line; the solver must read SMT-LIB 2
	// on stdin, answer on stdout, and support incremental use and models.
	Command []string
	// Logic is the SMT-LIB logic to set; empty means ALL.
	Logic string
	// Name names the solver in errors and reports (default: Command[0]).
	Name string
	// ValueConstArrays says that the solver takes only values as the
	// element of (as const …) (cvc5 does); a constant array of a symbolic
	// element is then an error of Assert or Eval.
	ValueConstArrays bool
	// Trace, if set, receives a copy of every command sent, so that a
	// session can be replayed by hand.
	Trace io.Writer
}

// CVC5 is cvc5 as a pipe solver. cvc5 1.0 handles only Float32 and
// Float64 of the floating-point sorts (others fail the check with an
// error), and only values in constant arrays.
func CVC5() Options {
	return Options{Name: "cvc5", Command: []string{"cvc5", "--lang=smt2", "--incremental", "--produce-models"},
		ValueConstArrays: true}
}

// Z3 is the z3 binary as a pipe solver: the same solver as the cgo
// binding, verifier/smt/z3, behind a pipe.
func Z3() Options { return Options{Name: "z3-pipe", Command: []string{"z3", "-in", "-smt2"}} }

// Preset returns the options of a known solver: "cvc5" or "z3".
func Preset(name string) (Options, bool) {
	switch name {
	case "cvc5":
		return CVC5(), true
	case "z3":
		return Z3(), true
	}
	return Options{}, false
}

// Solver is an smt.Solver that drives an external solver process through
// SMT-LIB 2 on a pipe. It is used from one goroutine.
//
// Every command is sent with :print-success on, so each has exactly one
// answer; answers of commands that need none (declare-fun, assert, push,
// pop) are collected lazily, before the next answer that matters, and any
// error among them fails that call. A check whose context ends kills the
// solver's process group: the solver is then dead but for Close, and the
// check returns Unknown with ReasonTimeout or ReasonCanceled, as the z3
// backend does.
type Solver struct {
	opts Options
	name string
	p    *proc
	w    *writer

	scopes  int
	pending int // answers owed by commands already sent
	last    smt.Result
	reason  string
	gen     uint64 // bumped whenever the model becomes invalid
	dead    error  // why the solver cannot be used, nil if it can
	closed  bool
	checkNS time.Duration
}

var _ smt.Solver = (*Solver)(nil)

var errClosed = errors.New("smtlib: solver is closed")

// New starts the solver process and sets it up for incremental use.
func New(opts Options) (*Solver, error) {
	if len(opts.Command) == 0 {
		return nil, errors.New("smtlib: no solver command")
	}
	name := opts.Name
	if name == "" {
		name = opts.Command[0]
	}
	p, err := startProc(opts.Command)
	if err != nil {
		return nil, err
	}
	p.trace = opts.Trace
	s := &Solver{opts: opts, name: name, p: p, w: newWriter()}
	s.w.valueConstArrays = opts.ValueConstArrays
	logic := opts.Logic
	if logic == "" {
		logic = "ALL"
	}
	// print-success first: the answers of the others are then counted.
	// Z3 prints the answer to the first command already.
	if err := s.command("(set-option :print-success true)",
		"(set-option :produce-models true)",
		"(set-logic "+logic+")"); err != nil {
		s.Close()
		return nil, err
	}
	if err := s.sync(nil); err != nil {
		s.Close()
		return nil, fmt.Errorf("smtlib: setting up %s: %w", name, err)
	}
	return s, nil
}

// command sends commands, each owing one answer.
func (s *Solver) command(cmds ...string) error {
	if err := s.p.send(cmds...); err != nil {
		return s.fail(err)
	}
	s.pending += len(cmds)
	return nil
}

// flushWriter sends the writer's pending declarations and definitions.
func (s *Solver) flushWriter() error {
	cmds := s.w.cmds
	s.w.cmds = nil
	return s.command(cmds...)
}

// sync flushes the input and collects the owed answers, which must all
// be "success".
func (s *Solver) sync(cancel <-chan struct{}) error {
	if err := s.p.flush(); err != nil {
		return s.fail(err)
	}
	var first error
	for s.pending > 0 {
		e, err := s.p.next(cancel)
		if err != nil {
			if first != nil && !errors.Is(err, errCanceled) {
				// cvc5 exits after a parse error: its message is the
				// better explanation.
				return s.fail(first)
			}
			return s.fail(err)
		}
		s.pending--
		if !e.isAtom("success") && first == nil {
			first = s.solverError(e)
		}
	}
	return first
}

// answer flushes, collects the owed answers and returns the next one,
// the answer to the last command sent.
func (s *Solver) answer(cancel <-chan struct{}) (*sexpr, error) {
	s.pending-- // the last command's answer is the caller's
	if err := s.sync(cancel); err != nil {
		return nil, err
	}
	e, err := s.p.next(cancel)
	if err != nil {
		return nil, s.fail(err)
	}
	if e.head() == "error" {
		return nil, s.solverError(e)
	}
	return e, nil
}

func (s *Solver) solverError(e *sexpr) error {
	if e.head() == "error" && len(e.list) == 2 {
		return fmt.Errorf("smtlib: %s: %s", s.name, strings.Trim(e.list[1].atom, `"`))
	}
	return fmt.Errorf("smtlib: %s: unexpected answer %s", s.name, clip(e))
}

// fail marks the solver dead after an I/O failure: the stream of answers
// can no longer be matched to commands.
func (s *Solver) fail(err error) error {
	if s.dead == nil {
		s.dead = err
		s.p.kill()
	}
	return err
}

func (s *Solver) usable() error {
	switch {
	case s.closed:
		return errClosed
	case s.dead != nil:
		return fmt.Errorf("smtlib: %s is unusable: %w", s.name, s.dead)
	}
	return nil
}

func (s *Solver) invalidate() {
	s.gen++
	s.last = smt.Unknown
}

// Assert adds a Boolean term to the current scope. Errors of the solver
// are reported by the next call that waits for an answer (Check, Model's
// Eval): commands are pipelined.
func (s *Solver) Assert(t *smt.Term) error { return s.AssertContext(context.Background(), t) }

var _ smt.ContextAsserter = (*Solver)(nil)

// AssertContext is Assert that gives up when ctx ends: writing the formula
// of a loop unwound 100,000 times blocks on the pipe for seconds while the
// solver parses. A half-written command cannot be taken back, so the
// process is killed and the solver is dead; the error wraps ctx.Err().
func (s *Solver) AssertContext(ctx context.Context, t *smt.Term) error {
	if err := s.usable(); err != nil {
		return err
	}
	if !t.Sort().IsBool() {
		return fmt.Errorf("smtlib: assert of a %s term", t.Sort())
	}
	if err := ctx.Err(); err != nil {
		s.reason = smt.ReasonOf(err)
		return fmt.Errorf("smtlib: assert: %w", err)
	}
	s.invalidate()
	es, err := s.w.define(t)
	if err != nil {
		return err
	}
	stop := context.AfterFunc(ctx, s.p.signalKill)
	err = s.flushWriter()
	if err == nil {
		err = s.command("(assert " + es[0] + ")")
	}
	if !stop() {
		s.stopped(ctx)
		return fmt.Errorf("smtlib: assert: %w", ctx.Err())
	}
	return err
}

// stopped marks the solver dead after ctx's end killed it.
func (s *Solver) stopped(ctx context.Context) {
	s.reason = smt.ReasonOf(ctx.Err())
	s.dead = fmt.Errorf("it was killed at its context's end (%s)", s.reason)
	s.last = smt.Unknown
	s.p.kill()
}

// Push opens a scope.
func (s *Solver) Push() error {
	if err := s.usable(); err != nil {
		return err
	}
	s.invalidate()
	if err := s.command("(push 1)"); err != nil {
		return err
	}
	s.scopes++
	s.w.push()
	return nil
}

// Pop closes the n innermost scopes; the solver forgets their assertions,
// declarations and definitions, and so does the writer.
func (s *Solver) Pop(n int) error {
	if err := s.usable(); err != nil {
		return err
	}
	if pop, err := smt.CanPop("smtlib", n, s.scopes); !pop {
		return err
	}
	s.invalidate()
	if err := s.command(fmt.Sprintf("(pop %d)", n)); err != nil {
		return err
	}
	s.scopes -= n
	s.w.pop(n)
	return nil
}

// Check decides the assertions with the assumptions. When ctx ends during
// the check, the solver's process group is killed: a pipe solver cannot be
// interrupted portably. The check then returns Unknown (ReasonTimeout or
// ReasonCanceled) and the solver is dead but for Close.
func (s *Solver) Check(ctx context.Context, assumptions ...*smt.Term) (smt.Result, error) {
	if err := s.usable(); err != nil {
		return smt.Unknown, err
	}
	s.invalidate()
	s.reason = ""
	if err := ctx.Err(); err != nil {
		s.reason = smt.ReasonOf(err)
		return smt.Unknown, nil
	}
	if err := smt.CheckAssumptions("smtlib", assumptions); err != nil {
		return smt.Unknown, err
	}
	lits := make([]string, len(assumptions))
	for i, a := range assumptions {
		lit, err := s.w.assumption(a)
		if err != nil {
			return smt.Unknown, err
		}
		lits[i] = lit
	}
	if err := s.flushWriter(); err != nil {
		return smt.Unknown, err
	}
	cmd := "(check-sat)"
	if len(lits) > 0 {
		cmd = "(check-sat-assuming (" + strings.Join(lits, " ") + "))"
	}
	// From here on ctx's end kills the process group: a write blocked on
	// a full pipe returns then too. The wait for the answer also watches
	// ctx, so the check returns at once rather than when the pipe closes.
	stop := context.AfterFunc(ctx, s.p.signalKill)
	start := time.Now()
	ans, err := s.checkSat(ctx, cmd)
	s.checkNS += time.Since(start)
	if !stop() || ctx.Err() != nil && err != nil {
		// Killed, maybe just after the answer came: a dead solver
		// has no model to give, so the result is Unknown either way.
		s.stopped(ctx)
		return smt.Unknown, nil
	}
	if err != nil {
		return smt.Unknown, err
	}
	switch {
	case ans.isAtom("sat"):
		s.last = smt.Sat
	case ans.isAtom("unsat"):
		s.last = smt.Unsat
	case ans.isAtom("unknown"):
		s.last = smt.Unknown
		s.reason = s.unknownReason(ctx)
	default:
		return smt.Unknown, s.fail(fmt.Errorf("smtlib: %s: unexpected answer to check-sat: %s", s.name, clip(ans)))
	}
	return s.last, nil
}

// checkSat sends what is pending and the check command, and waits for the
// answer or ctx's end.
func (s *Solver) checkSat(ctx context.Context, cmd string) (*sexpr, error) {
	if err := s.flushWriter(); err != nil {
		return nil, err
	}
	if err := s.command(cmd); err != nil {
		return nil, err
	}
	return s.answer(ctx.Done())
}

// unknownReason asks the solver why and normalises the answer to the
// reasons every backend shares.
func (s *Solver) unknownReason(ctx context.Context) string {
	if err := ctx.Err(); err != nil {
		return smt.ReasonOf(err)
	}
	if err := s.command("(get-info :reason-unknown)"); err != nil {
		return "unknown"
	}
	e, err := s.answer(ctx.Done())
	if err != nil || !e.isList || len(e.list) != 2 || !e.list[0].isAtom(":reason-unknown") {
		return "unknown"
	}
	r := strings.Trim(e.list[1].String(), `"`)
	switch {
	case strings.Contains(r, "timeout"):
		return smt.ReasonTimeout
	case strings.Contains(r, "incomplete"):
		return smt.ReasonIncomplete
	case r == "":
		return "unknown"
	}
	return r
}

// ReasonUnknown explains the last Unknown result.
func (s *Solver) ReasonUnknown() string { return s.reason }

// Model returns the model of the last Sat check.
func (s *Solver) Model() (smt.Model, error) {
	if err := s.usable(); err != nil {
		return nil, err
	}
	if s.last != smt.Sat {
		return nil, errors.New("smtlib: no model: the last check was not sat")
	}
	return &Model{s: s, gen: s.gen}, nil
}

// Close kills the solver's process group and waits for the process. It is
// safe to call more than once.
func (s *Solver) Close() error {
	if s.closed {
		return nil
	}
	s.closed = true
	s.invalidate()
	s.p.kill()
	return nil
}

// Model is a model of a pipe solver; it is valid until the solver changes
// (next Assert, Push, Pop, Check or Close).
type Model struct {
	s   *Solver
	gen uint64
}

var errStale = errors.New("smtlib: model used after the solver changed")

// Eval evaluates t in the model with model completion, by get-value.
// FPToBits subterms are evaluated first, through their argument's value,
// so that evaluating adds no assertion (which would drop the model).
func (m *Model) Eval(t *smt.Term) (smt.Value, error) {
	s := m.s
	if s.closed || m.gen != s.gen {
		return smt.Value{}, errStale
	}
	if err := s.usable(); err != nil {
		return smt.Value{}, err
	}
	// Constants the assertions never mention are not declared now: the
	// solver's logic may not even have their sort (an array input of a
	// QF_BV query). Any value completes the model; z3's completion gives
	// zeros, and so does this.
	if t.Op() == smt.OpVar && !s.w.declared(t) {
		return zeroValue(t.Sort()), nil
	}
	var fixed map[*smt.Term]string
	for _, v := range s.w.undeclaredUnder(t) {
		if fixed == nil {
			fixed = map[*smt.Term]string{}
		}
		fixed[v] = zeroValue(v.Sort()).String()
	}
	for _, tb := range s.w.toBitsUnder(t) {
		v, err := m.getValue(tb.Arg(0), fixed)
		if err != nil {
			return smt.Value{}, err
		}
		if fixed == nil {
			fixed = map[*smt.Term]string{}
		}
		fixed[tb] = v.BitVec().String()
	}
	return m.getValue(t, fixed)
}

func (m *Model) getValue(t *smt.Term, fixed map[*smt.Term]string) (smt.Value, error) {
	s := m.s
	e, err := s.w.letExpr(t, fixed)
	if err != nil {
		return smt.Value{}, err
	}
	// Declarations of constants the assertions never mentioned: the
	// solver completes the model for them.
	if err := s.flushWriter(); err != nil {
		return smt.Value{}, err
	}
	if err := s.command("(get-value (" + e + "))"); err != nil {
		return smt.Value{}, err
	}
	ans, err := s.answer(nil)
	if err != nil {
		return smt.Value{}, fmt.Errorf("smtlib: eval: %w", err)
	}
	if !ans.isList || len(ans.list) != 1 || !ans.list[0].isList || len(ans.list[0].list) != 2 {
		return smt.Value{}, fmt.Errorf("smtlib: %s: unexpected answer to get-value: %s", s.name, clip(ans))
	}
	v, err := parseValue(ans.list[0].list[1], t.Sort())
	if err != nil {
		return smt.Value{}, fmt.Errorf("smtlib: %s: eval %s: %w", s.name, t.Sort(), err)
	}
	return v, nil
}

// zeroValue is the value model completion gives a constant the solver never
// saw: false, zero, +0.0, or an array of those.
func zeroValue(s *smt.Sort) smt.Value {
	switch s.Kind() {
	case smt.KindBool:
		return smt.BoolValue(false)
	case smt.KindBV:
		return smt.BVValue(smt.NewBitVec(s.Width(), 0))
	case smt.KindFP:
		return smt.FPValue(s, smt.NewBitVec(s.Width(), 0))
	}
	return smt.NewArrayValue(s, zeroValue(s.Elem()), nil)
}

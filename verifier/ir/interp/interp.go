// Package interp executes an *ir.Program concretely.
//
// It implements exactly the semantics fixed by package ir's documentation
// (SMT-LIB results for C's undefined arithmetic, wrap-around, lazy &&, ||
// and ?:), so that counterexamples found by the symbolic engines can be
// replayed on it, and so that it can be tested differentially against
// gcc-compiled programs.
//
// Memory is a set of objects (variables, heap blocks, string literals), each
// holding bytes. A pointer is an (object, offset) pair. Pointers stored in
// memory keep their identity through bytewise copies thanks to a per-object
// side table of pointer fragments; their bytes hold a deterministic fake
// address (objects get increasing, never reused base addresses), so reading
// them as integers and converting back also works. Every memory error is a
// Fault result, never a panic.
//
// Choices the IR leaves open:
//   - scalar variables whose address is never taken (computed from the
//     program, not from Var.AddrTaken) live in registers, not in memory;
//   - a Call's Result lvalue is evaluated after the callee returns;
//   - a function that falls off its end returns 0 (zero bytes);
//   - float arithmetic follows x86-64 SSE for NaNs (the left NaN operand
//     propagates; invalid operations give the negative default NaN), as
//     gcc-compiled programs print them; long double arithmetic follows
//     the x87 (the larger NaN significand propagates; its non-canonical
//     encodings are read as the x87 reads them, see float80.go);
//   - Decl of a global (static local) is ignored.
package interp

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/prbmc/prbmc/verifier/ir"
)

// NondetSource supplies the nondeterministic values of an execution.
type NondetSource interface {
	// Next returns the next nondeterministic value: exactly t.Size() bytes, little-endian.
	// why is the Nondet's Name ("__VERIFIER_nondet_int", "uninitialised x"); pos its position.
	Next(t ir.Type, why string, pos ir.Pos) ([]byte, error)
}

// Options configure a run.
type Options struct {
	Stdout   io.Writer    // printf/putchar/puts output; nil discards
	Inputs   NondetSource // nil: every nondet value is zero bytes
	MaxSteps int64        // 0: a default of 50_000_000 instructions
	Trace    bool         // record Steps in the Result
	// TraceFrom, with Trace, leaves the first TraceFrom steps out of the
	// trace: a replay of a long execution records only its end.
	TraceFrom int64
	Args      [][]byte // values for the entry function's parameters (else nondet from Inputs)
	// MaxDepth bounds the call depth; deeper calls stop with a Fault
	// "stack overflow". 0: a default of 100_000.
	MaxDepth int
	// MaxObjectBytes bounds the size of one object (a global, a local, a
	// heap or alloca block, an aggregate value in transit, a
	// nondeterministic value); MaxMemoryBytes bounds the bytes of all
	// live objects together (globals, the locals of the active calls,
	// heap and alloca blocks not freed). A run that would exceed either
	// stops with Status MemoryLimit, before allocating. 0: the defaults
	// DefaultMaxObjectBytes and DefaultMaxMemoryBytes; negative: no
	// bound.
	MaxObjectBytes int64
	MaxMemoryBytes int64
	// Observe, when not nil, is called before each execution of the
	// instructions of ObserveFunc at the indexes ObservePCs (loop heads,
	// for the samples of polynomial invariants), with the registers of
	// that activation: value(v) is v's bits as the register holds them,
	// ok false for a variable that lives in memory or is not the
	// function's. The call must not keep value.
	ObserveFunc *ir.Function
	ObservePCs  []int
	Observe     func(pc int, value func(v *ir.Var) (bits uint64, ok bool))
}

// DefaultMaxSteps is the step budget when Options.MaxSteps is 0.
const DefaultMaxSteps = 50_000_000

// DefaultMaxDepth is the call-depth bound when Options.MaxDepth is 0.
const DefaultMaxDepth = 100_000

// DefaultMaxObjectBytes and DefaultMaxMemoryBytes are the memory bounds
// when Options.MaxObjectBytes and MaxMemoryBytes are 0. Every byte of the
// program's objects is a byte of Go heap here (an object that may hold
// pointers has a side table of twice that size besides, and Go's
// collector lets the heap grow to twice what is live), so 1 GiB of
// objects can cost a few GiB of RSS: about what a runner of a CI service
// has to spare, while the programs a verifier can hope to decide — and
// the SV-COMP tasks, whose largest arrays are a few MB — stay far below.
// An object larger than 256 MiB is almost always a static buffer sized
// for a machine, not for a test: refusing it early costs nothing else.
const (
	DefaultMaxObjectBytes = 256 << 20
	DefaultMaxMemoryBytes = 1 << 30
)

// Status says how an execution ended.
type Status int

const (
	Exited       Status = iota // the entry function returned, or exit() was called
	AssertFailed               // an Assert's condition was zero
	Aborted                    // abort() was called
	Blocked                    // an Assume's condition was zero
	StepLimit                  // MaxSteps instructions were executed
	Fault                      // memory error, undefined conversion, call of a function without body, bad free...
	Unsupported                // ir.Unsupported was reached
	Canceled                   // the context was canceled
	InputError                 // the NondetSource failed or returned a value of the wrong size
	MemoryLimit                // an object, or all objects together, would exceed Options.MaxObjectBytes or MaxMemoryBytes
)

var statusNames = [...]string{"exited", "assert-failed", "aborted", "blocked", "step-limit", "fault", "unsupported", "canceled", "input-error", "memory-limit"}

func (s Status) String() string {
	if s >= 0 && int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("status(%d)", int(s))
}

// Input is one nondeterministic value the execution consumed.
type Input struct {
	Type  ir.Type
	Why   string
	Pos   ir.Pos
	Bytes []byte
}

// Step is one executed instruction, recorded with Options.Trace.
type Step struct {
	Func  string
	Pos   ir.Pos
	Text  string // the instruction, readable: "x = 5"
	Lhs   string // the lvalue written as C-like text ("a[3]", "p->next", "x"); "" if none
	Value string // the value written (or returned, or the condition tested), rendered by type
}

// Result is the outcome of a run.
type Result struct {
	Status   Status
	ExitCode int          // for Exited: the exit status, truncated to 0..255; 134 for Aborted
	Prop     *ir.Property // for AssertFailed
	Pos      ir.Pos       // where it stopped
	Message  string       // human-readable reason
	Steps    int64
	// Inputs lists every nondet value consumed, in order: the entry
	// function's parameters not given by Args, Nondet expressions, and, when
	// Options.Inputs is not nil, the uninitialised value of every Decl.
	// (With Inputs == nil Decls read zero and are not recorded.)
	Inputs []Input
	Trace  []Step
}

// Run executes p: it zeroes the globals, runs p.Init, then the function
// entry. The error is only for misuse (no such entry function, Args of the
// wrong size); every behaviour of the program is a Result.
func Run(ctx context.Context, p *ir.Program, entry string, opts Options) (*Result, error) {
	res, _, err := run(ctx, p, entry, opts)
	return res, err
}

func run(ctx context.Context, p *ir.Program, entry string, opts Options) (res *Result, m *machine, err error) {
	if p == nil {
		return nil, nil, fmt.Errorf("interp: nil program")
	}
	// Program.Func builds its index lazily, which would race when programs
	// are replayed concurrently: search the list instead.
	var f *ir.Function
	for _, g := range p.Funcs {
		if g.Name == entry {
			f = g
			break
		}
	}
	if f == nil {
		return nil, nil, fmt.Errorf("interp: no function %q", entry)
	}
	if !f.HasBody() {
		return nil, nil, fmt.Errorf("interp: function %q has no body", entry)
	}
	if len(opts.Args) > len(f.Params) {
		return nil, nil, fmt.Errorf("interp: %d arguments for %s, which has %d parameters", len(opts.Args), entry, len(f.Params))
	}
	for i, a := range opts.Args {
		if int64(len(a)) != f.Params[i].Type.Size() {
			return nil, nil, fmt.Errorf("interp: argument %d of %s has %d bytes, want %d", i, entry, len(a), f.Params[i].Type.Size())
		}
	}
	if ctx == nil {
		ctx = context.Background()
	}
	m = newMachine(ctx, p, opts)
	res = &m.res
	m.guard(func() { m.start(f) })
	if m.out != nil {
		m.out.Flush()
	}
	res.Steps = m.steps
	res.Inputs = m.inputs
	res.Trace = m.trace
	return res, m, nil
}

// guard runs fn, turning a fault panic (or any runtime panic) into a Result.
func (m *machine) guard(fn func()) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if fl, ok := r.(*faultErr); ok {
			m.res.Status = fl.status
			m.res.Message = fl.msg
			m.res.Pos = m.curPos()
			return
		}
		m.res.Status = Fault
		m.res.Message = fmt.Sprintf("internal error: %v\n%s", r, debug.Stack())
		m.res.Pos = m.curPos()
	}()
	fn()
}

// faultErr is the panic value that ends an execution from deep inside
// expression evaluation.
type faultErr struct {
	status Status
	msg    string
}

func (m *machine) fail(format string, args ...any) {
	panic(&faultErr{status: Fault, msg: fmt.Sprintf(format, args...)})
}

func (m *machine) stop(st Status, format string, args ...any) {
	panic(&faultErr{status: st, msg: fmt.Sprintf(format, args...)})
}

// ---------------------------------------------------------------------------
// The machine

type machine struct {
	ctx      context.Context
	done     <-chan struct{}
	p        *ir.Program
	opts     Options
	pw       int64 // pointer width in bytes
	addrMax  uint64
	nextAddr uint64

	res       Result
	steps     int64
	maxSt     int64
	check     int64 // steps value at which the slow checks run
	inputs    []Input
	trace     []Step
	tracing   bool
	setup     bool // assertions are assumed (ir.BSetup)
	traceFrom int64
	// traceLater says tracing starts at step traceFrom (slowCheck turns
	// it on): until then a replay of a long run costs what the run did.
	traceLater bool
	out        *bufio.Writer
	src        NondetSource

	// globals
	gregs   []val     // register globals (scalars whose address is never taken)
	gobjs   []*object // memory globals, sorted by base address
	gvars   map[*ir.Var]varLoc
	memVars map[*ir.Var]bool // variables whose address is taken somewhere
	funcs   map[*ir.Function]*cfunc
	fobjs   map[*ir.Function]*object // functions whose address is taken

	// heap blocks (and alloca blocks), sorted by base address
	heap      []*object
	heapFreed int
	heapID    int64

	// the call stack
	fr       *frame
	stack    []*frame // stack[0..depth]
	depth    int
	maxDepth int
	initFn   *ir.Function

	// memory bounds (see Options.MaxObjectBytes) and the bytes of the
	// live objects
	maxObj, maxMem, live int64

	// traces
	tix      int // the trace step of the current instruction, or -1
	traceLoc loc
	idxCache map[ir.Expr]evalFn

	retVal val
	retPos ir.Pos

	// scratch
	args              []val
	argLocs           []loc
	buf               []byte
	readOnlyAfterInit []*object
}

// loc is a memory location: an object and a byte offset. obj == nil is an
// invalid location whose off is the address (0 for NULL).
type loc struct {
	obj *object
	off int64
}

func newMachine(ctx context.Context, p *ir.Program, opts Options) *machine {
	m := &machine{
		ctx:        ctx,
		done:       ctx.Done(),
		p:          p,
		opts:       opts,
		pw:         int64(p.DataModel.PointerBytes()),
		maxSt:      opts.MaxSteps,
		tracing:    opts.Trace && opts.TraceFrom <= 0,
		traceLater: opts.Trace && opts.TraceFrom > 0,
		traceFrom:  opts.TraceFrom,
		src:        opts.Inputs,
		gvars:      map[*ir.Var]varLoc{},
		funcs:      map[*ir.Function]*cfunc{},
		fobjs:      map[*ir.Function]*object{},
		maxDepth:   opts.MaxDepth,
		tix:        -1,
		depth:      -1,
	}
	if m.maxSt <= 0 {
		m.maxSt = DefaultMaxSteps
	}
	if m.maxDepth <= 0 {
		m.maxDepth = DefaultMaxDepth
	}
	m.maxObj, m.maxMem = opts.MaxObjectBytes, opts.MaxMemoryBytes
	if m.maxObj == 0 {
		m.maxObj = DefaultMaxObjectBytes
	}
	if m.maxMem == 0 {
		m.maxMem = DefaultMaxMemoryBytes
	}
	if opts.Stdout != nil {
		m.out = bufio.NewWriterSize(opts.Stdout, 8192)
	}
	m.nextAddr = 0x10000
	if m.pw == 4 {
		// Keep fake addresses below 2^31 so that sign- and zero-extension
		// of a 32-bit pointer agree.
		m.addrMax = 0x7fff0000
	} else {
		m.addrMax = 0x7fff_ffff_ffff_0000
	}
	return m
}

// alloc reserves size bytes of fake address space, aligned to 16, leaving
// a gap after it so that one-past-the-end addresses are unambiguous.
func (m *machine) alloc(size int64) uint64 {
	base := (m.nextAddr + 15) &^ 15
	end := base + uint64(size) + 1
	if size < 0 || end > m.addrMax || end < base {
		m.fail("address space exhausted")
	}
	m.nextAddr = end
	return base
}

// objectSize stops the run with MemoryLimit if an object of size bytes
// would exceed the per-object bound.
func (m *machine) objectSize(what string, size int64) {
	if m.maxObj >= 0 && size > m.maxObj {
		m.stop(MemoryLimit, "%s of %d bytes exceeds the interpreter's limit of %d bytes per object", what, size, m.maxObj)
	}
}

// reserve accounts for a new live object of size bytes, stopping the run
// with MemoryLimit if it exceeds a bound; release gives the bytes back.
func (m *machine) reserve(what string, size int64) {
	m.objectSize(what, size)
	m.account(what, size)
}

// account is reserve without the per-object bound (for a frame's locals
// together).
func (m *machine) account(what string, size int64) {
	if m.maxMem >= 0 && (size > m.maxMem || m.live > m.maxMem-size) {
		m.stop(MemoryLimit, "%s of %d bytes would take the interpreter's memory to %d bytes, over its limit of %d", what, size, m.live+size, m.maxMem)
	}
	m.live += size
}

func (m *machine) release(size int64) { m.live -= size }

func (m *machine) curPos() ir.Pos {
	if m.fr == nil {
		return ir.Pos{}
	}
	code := m.fr.fn.code
	if m.fr.pc >= 0 && m.fr.pc < len(code) {
		return code[m.fr.pc].pos
	}
	return m.fr.fn.f.End
}

// start sets up the globals, runs Init and the entry function.
func (m *machine) start(entry *ir.Function) {
	m.scanAddrTaken()
	for _, v := range m.p.Globals {
		m.globalLoc(v)
	}
	m.check = 0
	if m.p.Init != nil && m.p.Init.HasBody() {
		m.initFn = m.p.Init
		fn := m.cfuncOf(m.p.Init)
		m.pushFrame(fn, nil)
		if !m.run() {
			return
		}
	}
	for _, o := range m.readOnlyAfterInit {
		o.ro = true
	}
	m.readOnlyAfterInit = nil
	m.initFn = nil

	fn := m.cfuncOf(entry)
	m.compile(fn)
	// parameters
	m.args = m.args[:0]
	m.argLocs = m.argLocs[:0]
	var tmp []*object
	for i, pv := range entry.Params {
		var b []byte
		if i < len(m.opts.Args) {
			b = m.opts.Args[i]
		} else {
			b = m.input(pv.Type, "parameter "+srcName(pv), entry.Pos, true)
		}
		if ir.IsScalar(pv.Type) {
			m.args = append(m.args, m.valFromBytes(kindOf(pv.Type), b))
			m.argLocs = append(m.argLocs, loc{})
		} else {
			o := m.tempObject(b)
			tmp = append(tmp, o)
			m.args = append(m.args, val{})
			m.argLocs = append(m.argLocs, loc{o, 0})
		}
	}
	m.pushFrame(fn, nil)
	m.bindParams(fn, len(entry.Params))
	if m.run() {
		m.res.Status = Exited
		m.res.ExitCode = int(m.retVal.bits & 255)
		m.res.Pos = m.retPos
		m.res.Message = "returned from " + entry.Name
	}
}

// ---------------------------------------------------------------------------
// Nondeterministic values

// input returns the next nondet value of type t. record says whether it
// must be recorded even when there is no source.
func (m *machine) input(t ir.Type, why string, pos ir.Pos, record bool) []byte {
	n := t.Size()
	m.objectSize("the value of "+why, n) // before the source makes it
	if m.src == nil {
		b := make([]byte, n)
		if record {
			m.inputs = append(m.inputs, Input{Type: t, Why: why, Pos: pos, Bytes: b})
		}
		return b
	}
	b, err := m.src.Next(t, why, pos)
	if err != nil {
		m.stop(InputError, "input %d (%s): %v", len(m.inputs), why, err)
	}
	if int64(len(b)) != n {
		m.stop(InputError, "input %d (%s): %d bytes for %s, want %d", len(m.inputs), why, len(b), t, n)
	}
	b = append([]byte(nil), b...)
	m.inputs = append(m.inputs, Input{Type: t, Why: why, Pos: pos, Bytes: b})
	return b
}

func srcName(v *ir.Var) string {
	// Temporaries keep their unique names: the trace folds each into the
	// statement that reads it, which needs to tell them apart.
	if v.Source != "" && v.Kind != ir.Temp {
		return v.Source
	}
	return v.Name
}

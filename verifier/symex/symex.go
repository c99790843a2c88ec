package symex

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"

	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/smt"
)

// Options bound the symbolic execution.
type Options struct {
	Unwind int    // loop unwinding (and recursion) bound, at least 1
	Entry  string // entry function, "main" by default
	// MaxCopyBytes bounds memset/memcpy/aggregate copies that are unrolled
	// byte by byte; larger ones of unknown shape are reported unsupported.
	MaxCopyBytes int64
	// UnwindingAssumptions cuts paths at the bound instead of recording an
	// unwinding check (for bug finding only: "safe" is then not a proof).
	UnwindingAssumptions bool
	// Induction, when set, builds the inductive step of k-induction (k =
	// Unwind) for one loop of the entry function instead of plain BMC; see
	// induction.go.
	Induction *Induction
	// MaxSteps, MaxTerms and MaxOps, when positive, end the run with
	// ErrWorkLimit after that many steps, new terms of the builder or
	// builder operations (smt.Builder.Ops): deterministic bounds, where
	// the context's deadline depends on the machine's load.
	MaxSteps, MaxTerms int
	MaxOps             int64
}

// Check is one property of the bounded program.
type Check struct {
	Prop      *ir.Property
	Violation *smt.Term // true exactly in the executions that violate Prop
	// parts are the violations of Prop's visits during the walk, joined
	// into one flat disjunction at its end: a chain of two-argument ors,
	// one per unwound iteration, costs Z3 quadratic time to flatten.
	parts []*smt.Term
}

// Input is one nondeterministic value created along the walk.
type Input struct {
	Term  *smt.Term // BV, FP, Bool (for _Bool) or Array (for objects)
	Cell  int       // for arrays: bytes per element
	Guard *smt.Term // the executions that create it
	Type  ir.Type
	Size  int64 // bytes the interpreter asks for
	Why   string
	Pos   ir.Pos
}

// Equation is the result of symbolic execution.
type Equation struct {
	B      *smt.Builder
	Checks []*Check // properties, unwinding and unsupported checks, in first-seen order
	Inputs []*Input // in walk order
	// Steps counts executed instructions (a size measure).
	Steps int
	// Unwound reports whether any loop or recursion reached the bound.
	Unwound bool
	// FreeIterations counts the loop iterations the walk ran without
	// counting them against the bound: those whose guard was decided
	// (see maxFreeIterations).
	FreeIterations int
}

// Props returns the checks of the given kinds.
func (eq *Equation) Props(kinds ...ir.PropKind) []*Check {
	var out []*Check
	for _, c := range eq.Checks {
		for _, k := range kinds {
			if c.Prop.Kind == k {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// RealProps are the checks of the program's own properties (not
// unwinding, not unsupported).
func (eq *Equation) RealProps() []*Check {
	var out []*Check
	for _, c := range eq.Checks {
		if c.Prop.Kind != ir.PropUnwinding && c.Prop.Kind != ir.PropUnsupported {
			out = append(out, c)
		}
	}
	return out
}

// ErrTooManyObjects is returned when the program creates more objects than
// the pointer encoding can name.
var ErrTooManyObjects = errors.New("too many memory objects for the pointer encoding")

// ErrWorkLimit is returned when a run reaches Options.MaxSteps or
// Options.MaxTerms.
var ErrWorkLimit = errors.New("symbolic execution reached its work limit")

// Run executes p's entry function symbolically. b may be shared between
// runs so that terms common to several bounds are built once.
func Run(ctx context.Context, p *ir.Program, b *smt.Builder, opts Options) (eq *Equation, err error) {
	if opts.Unwind < 1 {
		opts.Unwind = 1
	}
	if opts.Entry == "" {
		opts.Entry = "main"
	}
	if opts.MaxCopyBytes == 0 {
		opts.MaxCopyBytes = DefaultMaxCopyBytes
	}
	entry := p.Func(opts.Entry)
	if entry == nil || !entry.HasBody() {
		return nil, fmt.Errorf("no function %q with a body", opts.Entry)
	}
	x := newExecutor(ctx, p, b, opts)
	if opts.Induction != nil {
		if err := x.startInduction(entry, opts.Induction); err != nil {
			return nil, err
		}
	}
	x.registerProps(entry)
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(abort); ok {
				eq, err = nil, e.err
				return
			}
			panic(r)
		}
	}()
	st := x.initialState()
	if p.Init != nil && p.Init.HasBody() {
		st, _ = x.call(p.Init, nil, st)
	}
	var args []value
	for _, prm := range entry.Params {
		if ir.IsScalar(prm.Type) {
			args = append(args, value{t: x.fresh(prm.Type, "argument "+prm.Source, entry.Pos, st.guard)})
			continue
		}
		id := x.newObject("argument "+prm.Source, x.b.BVUint(x.offW, uint64(prm.Type.Size())), false, cellFor(prm.Type))
		st.mem[id] = x.freshObject(id, prm.Type, prm.Type.Size(), "argument "+prm.Source, entry.Pos, st.guard)
		args = append(args, value{agg: x.snapshotPtr(st, x.objPtr(id, x.b.BVUint(x.offW, 0)), prm.Type.Size())})
	}
	x.entryFrame = x.frames + 1 // the entry's activation is the next frame
	if x.ind != nil {
		x.ind.frame = x.entryFrame
	}
	x.call(entry, args, st)
	for _, c := range x.eq.Checks {
		c.Violation, c.parts = x.b.Or(c.parts...), nil
	}
	return x.eq, nil
}

// checkRelaxed checks that c holds on a path with this guard without
// narrowing the path by c (see the Assert case of exec).
func (x *executor) checkRelaxed(prop *ir.Property, guard, c *smt.Term) {
	x.check(prop, x.b.And(guard, x.b.Not(c)))
	if !c.IsTrue() {
		x.relaxed++
	}
}

// failBlock returns the property of the failure the conditional jump g at
// pc skips: the instructions between g and its target are an assertion of
// false (reach_error()), optionally followed by abort(). nil otherwise.
func failBlock(f *ir.Function, pc int, g *ir.Goto) *ir.Property {
	if g.Cond == nil || pc+1 >= len(f.Body) {
		return nil
	}
	a, ok := f.Body[pc+1].(*ir.Assert)
	if !ok || a.Prop == nil {
		return nil
	}
	if k, ok := a.Cond.(*ir.Const); !ok || k.Bits != 0 {
		return nil
	}
	next := pc + 2
	if next >= len(f.Body) {
		return nil
	}
	if c, ok := f.Body[next].(*ir.Call); ok && next < g.Target && c.Builtin == ir.BAbort {
		next++
	}
	if next != g.Target {
		return nil
	}
	return a.Prop
}

// maxFreeIterations caps the deterministic iterations of one loop
// activation that do not count against the unwinding bound.
const maxFreeIterations = 1 << 14

// registerProps lists every assertion of the functions the entry can call
// as a check that is never violated, so properties the walk never reaches
// (dead code) still appear in the equation — and in reports.
func (x *executor) registerProps(entry *ir.Function) {
	seen := map[*ir.Function]bool{}
	var visit func(f *ir.Function)
	visit = func(f *ir.Function) {
		if f == nil || seen[f] {
			return
		}
		seen[f] = true
		for _, in := range f.Body {
			switch in := in.(type) {
			case *ir.Assert:
				x.check(in.Prop, x.b.False())
			case *ir.Call:
				visit(in.Fn)
			}
		}
	}
	visit(x.p.Init)
	visit(entry)
}

// abort carries a fatal error out of the walk.
type abort struct{ err error }

type varKey struct {
	v     *ir.Var
	frame int
}

type executor struct {
	ctx   context.Context
	p     *ir.Program
	b     *smt.Builder
	opts  Options
	eq    *Equation
	std   *ir.Std
	ptrW  int // pointer width in bits
	objW  int // object-number bits
	offW  int // offset bits
	inMem map[*ir.Var]bool
	// relaxed counts the checks made without narrowing the path (see
	// checkRelaxed), for the detection of deterministic loop iterations.
	relaxed int
	// terms0 and ops0 are the builder's size and operations when the
	// run started (for MaxTerms and MaxOps).
	terms0 int
	ops0   int64

	objs       []*object // by number; 0 is the null object
	varObj     map[varKey]int
	funcObj    map[*ir.Function]int // the objects of functions whose address is taken
	frames     int
	entryFrame int // the entry function's activation
	depth      map[*ir.Function]int
	checkIdx   map[*ir.Property]*Check
	loopProps  map[string]*ir.Property
	steps      int
	cellMemo   map[[2]uint64]*smt.Term
	lowMemo    map[uint64]lowBits // known low bits of index terms
	garbage    map[uint64]bool    // inputs that name no object as pointers (markGarbage)
	ind        *inductionState
	// memFacts are the array facts attached to fresh arrays (by term
	// ID), factDeps the arrays their values read.
	memFacts map[uint64][]memFact
	factDeps map[uint64][]*smt.Term
	// setup: assertions are assumed (ir.BSetup), not checked.
	setup     bool
	reads     int // readCellDepth calls, for checkLimits
	regLoops  map[loopKey]bool
	ghostGone *ir.Var       // the ghost variable of object lifetimes (valid.go)
	allocas   map[int][]int // alloca blocks by frame, which end when it returns
}

type object struct {
	id   int
	name string
	size *smt.Term // bytes, offset width
	heap bool
	cell int // bytes per array element
}

func newExecutor(ctx context.Context, p *ir.Program, b *smt.Builder, opts Options) *executor {
	x := &executor{ctx: ctx, p: p, b: b, opts: opts, eq: &Equation{B: b}, std: ir.StdTypes(p.DataModel), terms0: b.NumTerms(), ops0: b.Ops(),
		varObj: map[varKey]int{}, funcObj: map[*ir.Function]int{}, depth: map[*ir.Function]int{}, checkIdx: map[*ir.Property]*Check{},
		loopProps: map[string]*ir.Property{}}
	x.ptrW = p.DataModel.PointerBytes() * 8
	x.objW = 8
	if x.ptrW == 64 {
		x.objW = 16
	}
	x.offW = x.ptrW - x.objW
	x.objs = []*object{{id: 0, name: "NULL", size: b.BVUint(x.offW, 0), cell: 1}}
	x.cellMemo = map[[2]uint64]*smt.Term{}
	x.inMem = memoryVars(p)
	return x
}

// memoryVars finds the variables that must live in memory: aggregates and
// every variable whose address is taken anywhere.
func memoryVars(p *ir.Program) map[*ir.Var]bool {
	m := ir.AddressTaken(p)
	fns := append([]*ir.Function{p.Init}, p.Funcs...)
	for _, g := range p.Globals {
		if !ir.IsScalar(g.Type) || g.AddrTaken {
			m[g] = true
		}
	}
	for _, f := range fns {
		if f == nil {
			continue
		}
		for _, v := range f.Locals {
			if !ir.IsScalar(v.Type) || v.AddrTaken {
				m[v] = true
			}
		}
	}
	return m
}

func (x *executor) fatal(format string, args ...any) {
	panic(abort{fmt.Errorf(format, args...)})
}

// ---------------------------------------------------------------------------
// States

type state struct {
	guard *smt.Term
	regs  map[varKey]*smt.Term
	mem   map[int]*smt.Term
}

func (s *state) clone() *state {
	n := &state{guard: s.guard, regs: make(map[varKey]*smt.Term, len(s.regs)), mem: make(map[int]*smt.Term, len(s.mem))}
	for k, v := range s.regs {
		n.regs[k] = v
	}
	for k, v := range s.mem {
		n.mem[k] = v
	}
	return n
}

func (x *executor) dead(s *state) bool { return s == nil || s.guard.IsFalse() }

// merge joins two states reaching the same point; their guards are
// disjoint (they come from different branches of the unrolled DAG).
func (x *executor) merge(a, b *state) *state {
	if x.dead(a) {
		return b
	}
	if x.dead(b) {
		return a
	}
	return &state{guard: x.b.Or(a.guard, b.guard), regs: mergeMaps(x.b, a.guard, a.regs, b.regs, cmpVarKey), mem: mergeMaps(x.b, a.guard, a.mem, b.mem, cmp.Compare[int])}
}

// cmpVarKey orders register keys the same way on every run: terms are
// built in this order, and the Builder orders the arguments of and, or,
// ... by creation, so a map's random order would change the formula (and
// the solver's work) from run to run.
func cmpVarKey(a, b varKey) int {
	if c := cmp.Compare(a.frame, b.frame); c != 0 {
		return c
	}
	if c := cmp.Compare(a.v.Kind, b.v.Kind); c != 0 {
		return c
	}
	if a.v.Func != b.v.Func {
		var fa, fb string
		if a.v.Func != nil {
			fa = a.v.Func.Name
		}
		if b.v.Func != nil {
			fb = b.v.Func.Name
		}
		if c := cmp.Compare(fa, fb); c != 0 {
			return c
		}
	}
	if c := cmp.Compare(a.v.ID, b.v.ID); c != 0 {
		return c
	}
	return cmp.Compare(a.v.Name, b.v.Name)
}

// CompareStateKeys orders head-state keys the same way on every run, for
// building terms over a HeadState's values in a deterministic order.
func CompareStateKeys(a, b StateKey) int {
	if c := cmp.Compare(a.Obj, b.Obj); c != 0 {
		return c
	}
	if (a.V == nil) != (b.V == nil) {
		if a.V == nil {
			return -1
		}
		return 1
	}
	if a.V == nil {
		return 0
	}
	return cmpVarKey(varKey{v: a.V, frame: a.Frame}, varKey{v: b.V, frame: b.Frame})
}

// SortedKeys returns the keys of a head state's values in the order of
// CompareStateKeys.
func (h HeadState) SortedKeys() []StateKey { return sortedKeys(h.Vals, CompareStateKeys) }

// sortedKeys returns m's keys in the order of compare.
func sortedKeys[K comparable, V any](m map[K]V, compare func(a, b K) int) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, compare)
	return keys
}

// mergeMaps joins the values of two states: ite(ga, a's, b's) where they
// differ; a key only one side has keeps its value (the other path never
// defined it, so any value is right there).
func mergeMaps[K comparable](b *smt.Builder, ga *smt.Term, ma, mb map[K]*smt.Term, compare func(a, b K) int) map[K]*smt.Term {
	// Only the keys whose values differ build terms, so only they are
	// sorted: states carry every live frame's registers, and sorting all
	// of them at every merge made deep call trees quadratic.
	n := make(map[K]*smt.Term, len(ma))
	var differ []K
	for k, va := range ma {
		if vb, ok := mb[k]; ok && vb != va {
			differ = append(differ, k)
		} else {
			n[k] = va
		}
	}
	slices.SortFunc(differ, compare)
	for _, k := range differ {
		n[k] = b.Ite(ga, ma[k], mb[k])
	}
	for k, vb := range mb {
		if _, ok := ma[k]; !ok {
			n[k] = vb
		}
	}
	return n
}

func (x *executor) initialState() *state {
	st := &state{guard: x.b.True(), regs: map[varKey]*smt.Term{}, mem: map[int]*smt.Term{}}
	for _, g := range x.p.Globals {
		key := varKey{v: g}
		if x.inMem[g] {
			cell := cellFor(g.Type)
			id := x.newObject(g.Name, x.b.BVUint(x.offW, uint64(g.Type.Size())), false, cell)
			x.varObj[key] = id
			arr := x.zeroArray(id)
			for i := 0; i < len(g.Data); i += cell {
				var v uint64
				for j := 0; j < cell && i+j < len(g.Data); j++ {
					v |= uint64(g.Data[i+j]) << (8 * j)
				}
				if v != 0 {
					arr = x.b.Store(arr, x.b.BVUint(x.offW, uint64(i/cell)), x.b.BVUint(8*cell, v))
				}
			}
			st.mem[id] = arr
			continue
		}
		st.regs[key] = x.fromBytes(g.Type, g.Data)
	}
	return st
}

// fromBytes is the scalar value of type t stored little-endian in data.
func (x *executor) fromBytes(t ir.Type, data []byte) *smt.Term {
	n := accessBytes(t)
	v := new(big.Int)
	for i := n - 1; i >= 0; i-- {
		v.Lsh(v, 8)
		if int(i) < len(data) {
			v.Or(v, big.NewInt(int64(data[i])))
		}
	}
	return x.fromBits(x.b.BVConst(smt.BitVecFromBig(int(n*8), v)), t)
}

func (x *executor) newObject(name string, size *smt.Term, heap bool, cell int) int {
	id := len(x.objs)
	if id >= 1<<uint(x.objW) {
		x.fatal("%w (%d)", ErrTooManyObjects, id)
	}
	x.objs = append(x.objs, &object{id: id, name: name, size: size, heap: heap, cell: cell})
	return id
}

// check records a violation condition for prop (instances are or-ed).
func (x *executor) check(prop *ir.Property, viol *smt.Term) {
	if viol.IsFalse() {
		if _, ok := x.checkIdx[prop]; ok {
			return
		}
	}
	if c, ok := x.checkIdx[prop]; ok {
		if !viol.IsFalse() {
			c.parts = append(c.parts, viol)
		}
		return
	}
	c := &Check{Prop: prop, Violation: viol, parts: []*smt.Term{viol}}
	x.checkIdx[prop] = c
	x.eq.Checks = append(x.eq.Checks, c)
}

// synthProp returns the property for an unwinding or unsupported check at
// a place, one per place.
func (x *executor) synthProp(kind ir.PropKind, fn string, pos ir.Pos, text string) *ir.Property {
	key := fmt.Sprintf("%d|%s|%s|%s", kind, fn, pos, text)
	if p, ok := x.loopProps[key]; ok {
		return p
	}
	n := 0
	for _, p := range x.loopProps {
		if p.Kind == kind && p.Func == fn {
			n++
		}
	}
	p := &ir.Property{ID: fmt.Sprintf("%s.%s.%d", fn, kind, n+1), Kind: kind, Text: text, Pos: pos, Func: fn}
	x.loopProps[key] = p
	return p
}

// fresh creates a nondeterministic input value of type t.
func (x *executor) fresh(t ir.Type, why string, pos ir.Pos, guard *smt.Term) *smt.Term {
	in := &Input{Type: t, Size: t.Size(), Why: why, Pos: pos, Guard: guard}
	name := x.inputName()
	var v *smt.Term
	switch tt := t.(type) {
	case *ir.IntType:
		if tt.IsBool() {
			bv := x.b.Var(name, smt.BoolSort())
			in.Term = bv
			v = x.b.Ite(bv, x.b.BVUint(8, 1), x.b.BVUint(8, 0))
		} else {
			v = x.b.Var(name, smt.BVSort(tt.Bits))
			in.Term = v
		}
	case *ir.FloatType:
		if tt.IsLong() {
			// Its 80 bits, any of them (see longdouble.go).
			v = x.b.Var(name, smt.BVSort(80))
			in.Term = v
			break
		}
		v = x.b.Var(name, fpSort(tt))
		in.Term = v
	case *ir.PointerType:
		v = x.b.Var(name, smt.BVSort(x.ptrW))
		in.Term = v
	default:
		x.fatal("nondet value of type %s", t)
	}
	x.eq.Inputs = append(x.eq.Inputs, in)
	return v
}

// freshObject creates nondeterministic contents for object id.
func (x *executor) freshObject(id int, t ir.Type, size int64, why string, pos ir.Pos, guard *smt.Term) *smt.Term {
	name := x.inputName()
	cell := x.objs[id].cell
	arr := x.b.Var(name, x.cellSort(cell))
	x.eq.Inputs = append(x.eq.Inputs, &Input{Term: arr, Cell: cell, Guard: guard, Type: t, Size: size, Why: why, Pos: pos})
	return arr
}

// internalFresh is an unconstrained value that is not an input of the
// concrete program (e.g. printf's result): a trace depending on it will not
// replay, which is safe.
func (x *executor) internalFresh(s *smt.Sort) *smt.Term {
	return x.b.Fresh("internal", s)
}

// fpSort is the solver's sort for values of t; a long double is held as
// its bits but computed with in this sort (see longdouble.go).
func fpSort(t *ir.FloatType) *smt.Sort { return smt.FPSort(t.EBits(), t.SBits()) }

func (x *executor) tick() {
	x.steps++
	x.eq.Steps++
	// Often: one step can cost milliseconds (a read through a chain of a
	// hundred thousand stores), and the deadline must hold to the tenth
	// of a second; a check costs nanoseconds.
	if x.steps&15 == 0 {
		x.checkLimits()
	}
}

// checkLimits ends the run when its context is done or its work limits
// are reached.
func (x *executor) checkLimits() {
	if err := x.ctx.Err(); err != nil {
		panic(abort{err})
	}
	if o := &x.opts; o.MaxSteps > 0 && x.steps > o.MaxSteps || o.MaxTerms > 0 && x.b.NumTerms()-x.terms0 > o.MaxTerms ||
		o.MaxOps > 0 && x.b.Ops()-x.ops0 > o.MaxOps {
		panic(abort{ErrWorkLimit})
	}
}

// ---------------------------------------------------------------------------
// The walk

type frame struct {
	f  *ir.Function
	id int
	// va are the call's arguments past f's parameters (ir.BVaStart).
	va []value
}

// value is a scalar term or an aggregate's bytes; typ is set for a
// variadic call's extra arguments.
type value struct {
	t   *smt.Term
	agg *aggVal
	typ ir.Type
}

// aggVal is a snapshot of an aggregate: size bytes at ptr, with the
// arrays of the objects ptr may name as they were.
type aggVal struct {
	ptr  *smt.Term
	mem  map[int]*smt.Term
	size int64
}

func (x *executor) iteValue(g *smt.Term, a, b value) value {
	if a.agg != nil && b.agg != nil {
		mem := map[int]*smt.Term{}
		for _, id := range sortedKeys(a.agg.mem, cmp.Compare[int]) {
			arr := a.agg.mem[id]
			if other, ok := b.agg.mem[id]; ok && other != arr {
				mem[id] = x.b.Ite(g, arr, other)
			} else {
				mem[id] = arr
			}
		}
		for id, arr := range b.agg.mem {
			if _, ok := mem[id]; !ok {
				mem[id] = arr
			}
		}
		return value{agg: &aggVal{ptr: x.b.Ite(g, a.agg.ptr, b.agg.ptr), mem: mem, size: a.agg.size}}
	}
	if a.t != nil && b.t != nil {
		return value{t: x.b.Ite(g, a.t, b.t)}
	}
	if a.t == nil && a.agg == nil {
		return b
	}
	return a
}

// call runs f on args from state st and returns the state after the call
// and f's result.
func (x *executor) call(f *ir.Function, args []value, st *state) (*state, value) {
	x.frames++
	fr := &frame{f: f, id: x.frames}
	if f.Type.Variadic && len(args) > len(f.Params) {
		fr.va = args[len(f.Params):]
	}
	st = st.clone()
	for i, prm := range f.Params {
		if i >= len(args) {
			break
		}
		x.declare(st, fr, prm, false)
		if args[i].agg != nil {
			x.copyBytes(st, x.addrOfVar(fr, prm), args[i].agg, f.Pos)
			continue
		}
		x.storeVar(st, fr, prm, args[i].t)
	}
	pending := map[int]*state{}
	unwound := map[int]int{}
	freeIters := map[int]int{}
	lastGuard := map[int]*smt.Term{}
	// lastRelaxed is x.relaxed at the last jump back: an iteration that
	// checked an assertion without narrowing its guard did branch.
	lastRelaxed := map[int]int{}
	body := f.Body
	end := len(body)
	cur := st
	var retState *state
	var retVal value
	for pc := 0; ; {
		if p := pending[pc]; p != nil {
			cur = x.merge(cur, p)
			delete(pending, pc)
		}
		if pc >= end {
			break
		}
		if x.dead(cur) {
			next := end
			for k := range pending {
				if k > pc && k < next {
					next = k
				}
			}
			if next == end {
				cur = nil
				break
			}
			cur, pc = nil, next
			continue
		}
		x.tick()
		in := body[pc]
		if x.ind != nil && fr.id == x.ind.frame && pc == x.ind.skipFrom && !x.ind.skipped {
			x.ind.skipped = true
			x.skip(cur, fr)
			pc = x.ind.loop.Head
			continue
		}
		if x.ind != nil && fr.id == x.ind.frame {
			x.ind.pc = pc
			x.observe(cur, fr, pc)
			if pc == x.ind.loop.Head {
				x.atInductionHead(cur, fr)
			}
			if pc == x.ind.loop.Latch {
				cur, pc = x.inductionLatch(cur, fr, in.(*ir.Goto), pending)
				if pc == x.ind.loop.Head {
					// Inner loops count afresh in the next iteration.
					for l := range unwound {
						if l >= pc && l < x.ind.loop.Latch {
							delete(unwound, l)
							delete(freeIters, l)
							delete(lastGuard, l)
						}
					}
				}
				continue
			}
		}
		switch in := in.(type) {
		case *ir.Goto:
			if in.Target > pc {
				if in.Cond == nil {
					pending[in.Target] = x.merge(pending[in.Target], cur)
					cur = nil
				} else if prop := failBlock(fr.f, pc, in); prop != nil && x.ind == nil {
					// "if (c) goto T; reach_error(); [abort();] T:" is
					// assert(c) — checked without narrowing the path, as
					// an Assert is (see there): a loop that tests a
					// condition with reach_error every iteration would
					// otherwise nest its guards one in the next.
					x.checkRelaxed(prop, cur.guard, x.cond(cur, fr, in.Cond))
					pending[in.Target] = x.merge(pending[in.Target], cur)
					cur = nil
				} else {
					c := x.cond(cur, fr, in.Cond)
					taken := cur.clone()
					taken.guard = x.b.And(cur.guard, c)
					if !taken.guard.IsFalse() {
						pending[in.Target] = x.merge(pending[in.Target], taken)
					}
					cur.guard = x.b.And(cur.guard, x.b.Not(c))
				}
				pc++
				continue
			}
			// A backward goto: unroll.
			c := x.b.True()
			if in.Cond != nil {
				c = x.cond(cur, fr, in.Cond)
			}
			stay := x.b.And(cur.guard, c)
			if stay.IsFalse() {
				delete(unwound, pc)
				delete(freeIters, pc)
				delete(lastGuard, pc)
				pc++
				continue
			}
			// An iteration during which no execution branched (the guard
			// is the very term it was at the last jump back) is not
			// counted against the bound, so loops with constant trip
			// counts unroll completely and their bound is reached at
			// once. When executions leave at the jump back itself (a
			// bottom-tested loop whose condition is symbolic: gcd's
			// while (b != 0)), the guard of those that stay is unchanged
			// too; such iterations are free only while the body writes
			// no memory and calls nothing, so each costs a few terms
			// (sds's sdsll2str, do { *p++ = …; v /= 10; } while (v),
			// built a read chain per iteration and ran out of memory at
			// bound 1). A cap keeps a loop from unrolling forever.
			free := lastGuard[pc] == cur.guard && lastRelaxed[pc] == x.relaxed && freeIters[pc] < maxFreeIterations &&
				(c.IsTrue() || x.registerLoop(f, in.Target, pc))
			if free || unwound[pc] < x.opts.Unwind {
				if free {
					freeIters[pc]++
					x.eq.FreeIterations++
				} else {
					unwound[pc]++
				}
				lastGuard[pc], lastRelaxed[pc] = stay, x.relaxed
				exit := cur.clone()
				exit.guard = x.b.And(cur.guard, x.b.Not(c))
				if !exit.guard.IsFalse() {
					pending[pc+1] = x.merge(pending[pc+1], exit)
				}
				cur.guard = stay
				// Inner loops start counting afresh in the next iteration,
				// also those the walk left through a break.
				for l := range unwound {
					if l >= in.Target && l < pc {
						delete(unwound, l)
						delete(freeIters, l)
						delete(lastGuard, l)
					}
				}
				pc = in.Target
				continue
			}
			x.eq.Unwound = true
			if !x.opts.UnwindingAssumptions {
				prop := x.synthProp(ir.PropUnwinding, f.Name, in.Pos(), fmt.Sprintf("loop at line %d runs more than %d times", body[in.Target].Pos().Line, x.opts.Unwind))
				x.check(prop, stay)
			}
			cur.guard = x.b.And(cur.guard, x.b.Not(c))
			delete(unwound, pc)
			delete(freeIters, pc)
			delete(lastGuard, pc)
			pc++
		case *ir.Return:
			if in.Value != nil {
				var v value
				if ir.IsScalar(in.Value.Type()) {
					v = value{t: x.eval(cur, fr, in.Value)}
				} else {
					v = value{agg: x.snapshot(cur, fr, in.Value)}
				}
				if retState == nil {
					retVal = v
				} else {
					retVal = x.iteValue(cur.guard, v, retVal)
				}
			}
			retState = x.merge(retState, cur)
			cur = nil
			pc++
		default:
			cur = x.exec(cur, fr, in)
			pc++
		}
	}
	retState = x.merge(retState, cur)
	if retState == nil {
		retState = &state{guard: x.b.False(), regs: st.regs, mem: st.mem}
	}
	x.endFrame(retState, fr)
	return retState, retVal
}

// exec runs one non-control-flow instruction.
func (x *executor) exec(st *state, fr *frame, in ir.Instr) *state {
	switch in := in.(type) {
	case *ir.Skip:
	case *ir.Decl:
		x.declare(st, fr, in.V, !in.HasInit)
	case *ir.Dead:
		if x.inMem[in.V] {
			x.setGone(st, x.objectOf(fr, in.V), x.b.True())
		}
	case *ir.Assign:
		if nd, ok := in.Rhs.(*ir.Nondet); ok {
			v := x.fresh(nd.T, nd.Name, in.Pos(), st.guard)
			x.store(st, fr, in.Lhs, v)
			return st
		}
		if !ir.IsScalar(in.Lhs.Type()) {
			x.copyAggregate(st, fr, in.Lhs, in.Rhs, in.Pos())
			return st
		}
		v := x.eval(st, fr, in.Rhs)
		x.store(st, fr, in.Lhs, v)
	case *ir.Assume:
		st.guard = x.b.And(st.guard, x.cond(st, fr, in.Cond))
	case *ir.Assert:
		c := x.cond(st, fr, in.Cond)
		if !x.setup && (x.ind == nil || !x.ind.assumeAsserts()) {
			// A checked assertion does not narrow the path: the
			// disjunction of all violations is satisfiable exactly when
			// some execution's first failure is (that failure's own
			// disjunct), so the paths that go on past a failure add no
			// answer — and a guard that collected every assertion met
			// would nest one conjunction in the next, which Z3's
			// preprocessing takes quadratic time and more on (a loop that
			// asserts in its body, unwound a few hundred times).
			// reach_error() (an assertion of false) still ends its path:
			// nothing after it is reached without a failure first.
			if !c.IsFalse() {
				x.checkRelaxed(in.Prop, st.guard, c)
				break
			}
			x.check(in.Prop, x.b.And(st.guard, x.b.Not(c)))
		}
		st.guard = x.b.And(st.guard, c)
	case *ir.Unsupported:
		x.check(x.synthProp(ir.PropUnsupported, fr.f.Name, in.Pos(), in.Construct), st.guard)
		st.guard = x.b.False()
	case *ir.Call:
		return x.execCall(st, fr, in)
	default:
		x.fatal("%s: unexpected instruction %T", in.Pos(), in)
	}
	return st
}

func (x *executor) execCall(st *state, fr *frame, in *ir.Call) *state {
	if in.Fn == nil {
		return x.builtin(st, fr, in)
	}
	f := in.Fn
	if !f.HasBody() {
		what := fmt.Sprintf("call of %s, which has no body", f.Name)
		if f.Implicit {
			what = "implicit declaration of function " + f.Name // the call's position follows
		}
		x.check(x.synthProp(ir.PropUnsupported, fr.f.Name, in.Pos(), what), st.guard)
		st.guard = x.b.False()
		return st
	}
	if x.depth[f] >= x.opts.Unwind {
		x.eq.Unwound = true
		if !x.opts.UnwindingAssumptions {
			x.check(x.synthProp(ir.PropUnwinding, fr.f.Name, in.Pos(), fmt.Sprintf("recursion into %s deeper than %d", f.Name, x.opts.Unwind)), st.guard)
		}
		st.guard = x.b.False()
		return st
	}
	var args []value
	for i, a := range in.Args {
		if i < len(f.Params) && !ir.IsScalar(f.Params[i].Type) {
			args = append(args, value{agg: x.snapshot(st, fr, a)})
			continue
		}
		if i >= len(f.Params) && !ir.IsScalar(a.Type()) {
			// A struct passed through "...": va_start says so.
			args = append(args, value{typ: a.Type()})
			continue
		}
		args = append(args, value{t: x.eval(st, fr, a), typ: a.Type()})
	}
	x.depth[f]++
	out, ret := x.call(f, args, st)
	x.depth[f]--
	if in.Result != nil && !x.dead(out) {
		switch {
		case ret.t != nil:
			x.store(out, fr, in.Result, ret.t)
		case ret.agg != nil:
			x.copyBytes(out, x.addr(out, fr, in.Result), ret.agg, in.Pos())
		}
	}
	return out
}

// registerLoop reports whether the loop body[head..latch] of f stores
// only to variables held in registers and calls nothing.
func (x *executor) registerLoop(f *ir.Function, head, latch int) bool {
	key := loopKey{f, latch}
	if v, ok := x.regLoops[key]; ok {
		return v
	}
	ok := true
	for _, in := range f.Body[head : latch+1] {
		switch in := in.(type) {
		case *ir.Assign:
			if r, isVar := in.Lhs.(*ir.VarRef); !isVar || r.V.AddrTaken || r.V.Kind == ir.Global {
				ok = false
			}
		case *ir.Call, *ir.Unsupported:
			ok = false
		}
	}
	if x.regLoops == nil {
		x.regLoops = map[loopKey]bool{}
	}
	x.regLoops[key] = ok
	return ok
}

type loopKey struct {
	f     *ir.Function
	latch int
}

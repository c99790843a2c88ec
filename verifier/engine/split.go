package engine

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/big"
	"runtime"
	"time"

	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/ir/interp"
	"github.com/prbmc/prbmc/verifier/result"
)

// Split decides programs over a few scalar inputs, floats above all, by
// interval evaluation of input boxes: a box (an interval for each input,
// in the order the program reads them) is evaluated along the one path
// all its inputs take (split_eval.go); a box whose assertions all hold is
// proved, one whose assertion fails for all its inputs is a bug (the run
// on one of them is the counterexample, replayed); any other box is cut in
// two — in the order of values, NaN apart — down to single inputs, which
// the interpreter runs. Every input is in exactly one box, so when every
// box is decided the program is safe. This is what proves
// x - f(x)/f'(x) < 0.1 for a float x in (-0.2, 0.2), where Z3 bit-blasts
// the division and gives up, and 1 + x/2 - x²/8 + … < 1.39844 on [0, 1),
// with its 2.5e-6 of margin, in a few thousand boxes.
//
// It follows scalar variables only: memory, pointers and calls of
// functions without a body make it give up at once ("not applicable"),
// as do programs that order or convert pointers.
func Split(ctx context.Context, p *ir.Program, opts Options) *result.Result {
	r, entry := start(p, &opts, "split")
	if entry == nil {
		return r
	}
	if addressDependent(p) {
		return withReason(r, result.Unknown, "split: the program orders or converts pointers")
	}
	props := propsFrom(p, entry)
	for _, prop := range props {
		r.Props = append(r.Props, *propResult(prop))
	}
	m := opts.meter(ctx)
	maxBoxes := int64(splitMaxBoxes)
	if m.Limited() {
		maxBoxes = max(m.Left()/splitBoxWork, 1)
	}
	if opts.splitBoxes > 0 {
		maxBoxes = min(maxBoxes, opts.splitBoxes)
	}
	spent := cpuClock(opts.splitCPU)
	defer spent.stop()
	stack := []*splitBox{{}}
	dead, taken := map[declKey]bool{}, ir.AddressTaken(p)
	var boxes, runs int64
	for len(stack) > 0 {
		if ctx.Err() != nil {
			return withReason(r, result.Unknown, "split: timeout after %d boxes", boxes)
		}
		if spent.over() {
			return withReason(r, result.Unknown, "split: %s of CPU used after %d boxes", opts.splitCPU, boxes)
		}
		if boxes >= maxBoxes {
			m.Stop()
			return withReason(r, result.Unknown, "split: %d boxes left undecided after %d", len(stack), boxes)
		}
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		boxes++
		m.Charge(splitBoxWork)
		ev := &splitEval{p: p, box: b, dead: dead, taken: taken}
		prop, err := ev.run(entry)
		var unsup *unsupportedError
		switch {
		case errors.As(err, &unsup):
			return withReason(r, result.Unknown, "split: not applicable: %s", unsup)
		case err == nil && prop == nil:
			continue // every input of the box keeps every assertion
		case err == nil || b.isPoint():
			// A failure for every input of the box, or a single input:
			// run it.
			runs++
			src := &splitSource{box: b}
			run, err := interp.Run(ctx, p, opts.Entry, interp.Options{Inputs: src, MaxSteps: opts.MaxReplaySteps})
			if err != nil {
				return withReason(r, result.Unknown, "split: %v", err)
			}
			if run.Status == interp.InputError && src.need != nil {
				// The run reads an input the evaluation did not reach:
				// the box gets it, whole.
				d, ok := fullDim(src.need)
				if !ok {
					return withReason(r, result.Unknown, "split: not applicable: an input of type %s at %s", src.need, run.Pos)
				}
				b.dims = append(b.dims, d)
				stack = append(stack, b)
				continue
			}
			switch run.Status {
			case interp.AssertFailed:
				return runFailure(ctx, p, opts, r, run, fmt.Sprintf("found by interval evaluation, box %d", boxes))
			case interp.Exited, interp.Aborted, interp.Blocked:
				if prop != nil {
					fmt.Fprintf(opts.Log, "prbmc: split: %s fails on a box but not on its input %v; not claimed\n", prop.ID, b)
					return withReason(r, result.Unknown, "split: interval evaluation and the run disagree on %s", describe(prop))
				}
				continue
			}
			return withReason(r, result.Unknown, "split: the run on one input ends with %s at %s: %s", run.Status, run.Pos, run.Message)
		default:
			var und *undecidedError
			deps := uint64(0)
			if errors.As(err, &und) {
				deps = und.deps
			}
			lo, hi := b.split(deps)
			stack = append(stack, hi, lo)
		}
	}
	for i := range r.Props {
		r.Props[i].Verdict = result.Safe
	}
	return withReason(r, result.Safe, "every input decided by interval evaluation of %d input boxes (%d single inputs run)", boxes, runs)
}

const (
	// splitShare is the part of the budget auto lets split use (of the
	// work budget, or without one of the time to the deadline, counted
	// in CPU time: see cpuSlice); splitMax caps it in seconds of work. What it decides, it decides in a
	// fraction of a second.
	splitShare = 0.15
	splitMax   = 3
	// splitAutoBoxes bounds the boxes in auto: what split decides, it
	// decides in a few thousand boxes at most (on the benchmark: newton_1_1
	// 123, square_4 151, count_by_k 81, gsv2008 2,163); a loop with inputs
	// read in it splits without end (loop-lit/bhmr2007: 245,000 boxes in
	// 5 s, nothing decided), and that core is k-induction's.
	splitAutoBoxes = 5_000
	// splitMaxBoxes bounds the boxes without a work budget; splitBoxWork
	// is a box's work (an evaluation takes about 10 µs).
	splitMaxBoxes = 1 << 20
	splitBoxWork  = 10
	// splitMaxSteps bounds one evaluation: loops with a constant bound
	// are followed, others split their box to single inputs.
	splitMaxSteps = 100_000
)

// cpuSlice bounds a loop by the CPU time of its own thread: auto's
// engines share the cores with each other (and make runs beside other
// processes), so a slice of wall time would give split a part of its
// share that depends on the load — gsv2008's 2,163 boxes, 1.2 s of CPU,
// fit in 3 s on an idle machine and not beside another task.
type cpuSlice struct {
	limit, start time.Duration
	deadline     time.Time // the fallback where thread CPU time cannot be read
	locked       bool
}

// cpuClock starts a slice of limit (none when limit <= 0), locking the
// goroutine to its thread until stop.
func cpuClock(limit time.Duration) *cpuSlice {
	s := &cpuSlice{limit: limit}
	if limit <= 0 {
		return s
	}
	runtime.LockOSThread()
	s.locked = true
	if t, ok := threadCPU(); ok {
		s.start = t
	} else {
		s.deadline = time.Now().Add(limit)
	}
	return s
}

// over reports whether the slice is used up.
func (s *cpuSlice) over() bool {
	switch {
	case s.limit <= 0:
		return false
	case !s.deadline.IsZero():
		return time.Now().After(s.deadline)
	}
	t, ok := threadCPU()
	return !ok || t-s.start >= s.limit
}

func (s *cpuSlice) stop() {
	if s.locked {
		runtime.UnlockOSThread()
	}
}

// splitSlice is the time auto lets split run without a work budget.
func splitSlice(ctx context.Context) time.Duration {
	slice := splitMax * time.Second
	if dl, ok := ctx.Deadline(); ok {
		slice = min(slice, time.Duration(float64(time.Until(dl))*splitShare))
	}
	return slice
}

// splitDim is one input of a box: an interval of ordinals (integers are
// their own ordinals; floats are ordered by value, -0 just below +0, see
// ordinal), and for floats whether NaN is still in.
type splitDim struct {
	t      ir.Type
	lo, hi int64
	nan    bool // NaN is one of the box's values too
	isNaN  bool // the box's only value is NaN
}

type splitBox struct{ dims []splitDim }

func fullDim(t ir.Type) (splitDim, bool) {
	switch t := t.(type) {
	case *ir.IntType:
		lo, hi, ok := t.Int64Range()
		return splitDim{t: t, lo: lo, hi: hi}, ok
	case *ir.FloatType:
		if t.IsLong() {
			return splitDim{}, false // the boxes' bounds are doubles
		}
		inf := math.Inf(1)
		return splitDim{t: t, lo: ordinal(t, -inf), hi: ordinal(t, inf), nan: true}, true
	}
	return splitDim{}, false
}

// ordinal numbers a type's non-NaN values in order, -0 just below +0.
func ordinal(t *ir.FloatType, v float64) int64 {
	var mag int64
	neg := math.Signbit(v)
	if t.Bits == 32 {
		mag = int64(math.Float32bits(float32(v)) & 0x7fffffff)
	} else {
		mag = int64(math.Float64bits(v) & 0x7fffffffffffffff)
	}
	if neg {
		return -mag - 1
	}
	return mag
}

func fromOrdinal(t *ir.FloatType, o int64) float64 {
	neg := o < 0
	if neg {
		o = -o - 1
	}
	var v float64
	if t.Bits == 32 {
		v = float64(math.Float32frombits(uint32(o)))
	} else {
		v = math.Float64frombits(uint64(o))
	}
	if neg {
		v = -v
	}
	return v
}

func (d splitDim) value() (bval, error) {
	if ft, ok := d.t.(*ir.FloatType); ok {
		if d.nan || d.isNaN {
			return bval{}, errUndecided
		}
		return frange(fromOrdinal(ft, d.lo), fromOrdinal(ft, d.hi)), nil
	}
	return irange(d.lo, d.hi), nil
}

func (d splitDim) point() bool { return d.isNaN || !d.nan && d.lo == d.hi }

func (b *splitBox) isPoint() bool {
	for _, d := range b.dims {
		if !d.point() {
			return false
		}
	}
	return true
}

// split cuts the box in two along one of the inputs in deps (all, when
// none of them can be cut): one with NaN still in (NaN alone first), else
// the widest.
func (b *splitBox) split(deps uint64) (*splitBox, *splitBox) {
	cuttable := func(i int) bool {
		return deps&(uint64(1)<<uint(min(i, 63))) != 0 && !b.dims[i].point()
	}
	some := false
	for i := range b.dims {
		some = some || cuttable(i)
	}
	if !some {
		deps = ^uint64(0)
	}
	at, width := -1, uint64(0)
	for i, d := range b.dims {
		if d.point() || !cuttable(i) {
			continue
		}
		if d.nan {
			at = i
			break
		}
		if w := uint64(d.hi - d.lo); at < 0 || w > width {
			at, width = i, w
		}
	}
	lo := &splitBox{dims: append([]splitDim(nil), b.dims...)}
	hi := &splitBox{dims: append([]splitDim(nil), b.dims...)}
	d := b.dims[at]
	if d.nan {
		lo.dims[at] = splitDim{t: d.t, isNaN: true}
		hi.dims[at].nan = false
		return lo, hi
	}
	mid := d.lo + int64(uint64(d.hi-d.lo)/2)
	lo.dims[at].hi, hi.dims[at].lo = mid, mid+1
	return lo, hi
}

func (b *splitBox) String() string {
	s := "["
	for i, d := range b.dims {
		if i > 0 {
			s += ", "
		}
		v, err := d.value()
		switch {
		case d.isNaN:
			s += "NaN"
		case err != nil:
			s += "any"
		case v.float:
			s += fmt.Sprintf("%g..%g", v.lo, v.hi)
		default:
			s += fmt.Sprintf("%d..%d", v.ilo, v.ihi)
		}
	}
	return s + "]"
}

// splitSource feeds the interpreter the box's lowest input of each
// dimension, then fails, noting the type of the input it lacked.
type splitSource struct {
	box  *splitBox
	next int
	need ir.Type
}

func (s *splitSource) Next(t ir.Type, why string, pos ir.Pos) ([]byte, error) {
	if s.next >= len(s.box.dims) {
		s.need = t
		return nil, fmt.Errorf("split: no input %d in the box", s.next+1)
	}
	d := s.box.dims[s.next]
	s.next++
	out := make([]byte, t.Size())
	switch ft := d.t.(type) {
	case *ir.FloatType:
		v := math.NaN()
		if !d.isNaN {
			v = fromOrdinal(ft, d.lo)
		}
		if ft.Bits == 32 {
			binary.LittleEndian.PutUint32(out, math.Float32bits(float32(v)))
		} else {
			binary.LittleEndian.PutUint64(out, math.Float64bits(v))
		}
	default:
		for i := range out {
			out[i] = byte(uint64(d.lo) >> (8 * uint(i)))
		}
	}
	return out, nil
}

// splitEval follows one box along its path.
type splitEval struct {
	p       *ir.Program
	box     *splitBox
	read    int // inputs read so far
	steps   int
	globals map[*ir.Var]bval
	// dead caches deadDecl, shared by the evaluations of all boxes.
	dead  map[declKey]bool
	taken map[*ir.Var]bool
}

type splitFrame struct {
	f    *ir.Function
	vars map[*ir.Var]bval
}

// run evaluates the program on the box: the property that fails for all
// of it, nil with a nil error when all hold, errUndecided, or an
// unsupportedError.
func (e *splitEval) run(entry *ir.Function) (*ir.Property, error) {
	e.globals = map[*ir.Var]bval{}
	for _, g := range e.p.Globals {
		v, err := globalValue(g)
		if err != nil {
			// Not followed unless the program reads it.
			continue
		}
		e.globals[g] = v
	}
	if e.p.Init != nil && e.p.Init.HasBody() {
		if prop, _, done, err := e.call(e.p.Init, nil); err != nil || prop != nil || done {
			return prop, err
		}
	}
	var args []bval
	for _, pv := range entry.Params {
		v, err := e.input(pv.Type, entry.Pos)
		if err != nil {
			return nil, err
		}
		args = append(args, v)
	}
	prop, _, _, err := e.call(entry, args)
	return prop, err
}

func globalValue(g *ir.Var) (bval, error) {
	var pad [8]byte
	copy(pad[:], g.Data)
	u := binary.LittleEndian.Uint64(pad[:])
	switch t := g.Type.(type) {
	case *ir.IntType:
		v, ok := wrap(new(big.Int).SetUint64(u&t.Mask()), t)
		if !ok {
			return bval{}, errUndecided
		}
		return ipoint(v), nil
	case *ir.FloatType:
		if t.IsLong() {
			return bval{}, errUndecided // not a double (see expr)
		}
		if t.Bits == 32 {
			return frange(float64(math.Float32frombits(uint32(u))), float64(math.Float32frombits(uint32(u)))), nil
		}
		return frange(math.Float64frombits(u), math.Float64frombits(u)), nil
	}
	return bval{}, errUndecided
}

// input is the next input's interval, a new full dimension of the box
// when the box has none for it yet.
func (e *splitEval) input(t ir.Type, pos ir.Pos) (bval, error) {
	if e.read == len(e.box.dims) {
		d, ok := fullDim(t)
		if !ok {
			return bval{}, &unsupportedError{"an input of type " + t.String(), pos}
		}
		e.box.dims = append(e.box.dims, d)
	}
	d := e.box.dims[e.read]
	dep := uint64(1) << uint(min(e.read, 63))
	e.read++
	v, err := d.value()
	if err != nil {
		return v, &undecidedError{dep}
	}
	v.deps = dep
	return v, nil
}

// declInput is the input a Decl without initialiser reads: a single
// value (0) when no execution reads it (see deadDecl), else any.
func (e *splitEval) declInput(f *ir.Function, pc int, d *ir.Decl) (bval, error) {
	if e.read == len(e.box.dims) {
		key := declKey{f, pc}
		dead, ok := e.dead[key]
		if !ok {
			if e.taken == nil {
				e.taken = ir.AddressTaken(e.p)
			}
			dead = deadDecl(e.p, e.taken, f, pc)
			e.dead[key] = dead
		}
		if dead {
			if dim, ok := fullDim(d.V.Type); ok {
				dim.lo, dim.hi, dim.nan = 0, 0, false
				e.box.dims = append(e.box.dims, dim)
			}
		}
	}
	return e.input(d.V.Type, d.Pos())
}

type declKey struct {
	f  *ir.Function
	pc int
}

// call runs f to its return: the failing property, the return value,
// whether the execution ended (abort, exit, an assumption that fails).
func (e *splitEval) call(f *ir.Function, args []bval) (prop *ir.Property, ret bval, done bool, err error) {
	fr := &splitFrame{f: f, vars: map[*ir.Var]bval{}}
	for i, pv := range f.Params {
		if i < len(args) {
			fr.vars[pv] = args[i]
		}
	}
	for pc := 0; pc < len(f.Body); {
		e.steps++
		if e.steps > splitMaxSteps {
			return nil, bval{}, false, &undecidedError{}
		}
		in := f.Body[pc]
		pc++
		switch in := in.(type) {
		case *ir.Skip, *ir.Dead:
		case *ir.Decl:
			// The Decl of a static local is not an input (its value
			// lives on from the program's start).
			if !in.HasInit && in.V.Kind != ir.Global {
				v, err := e.declInput(f, pc-1, in)
				if err != nil {
					return nil, bval{}, false, err
				}
				fr.vars[in.V] = v
			}
		case *ir.Assign:
			lv, ok := in.Lhs.(*ir.VarRef)
			if !ok || in.BitField != nil {
				return nil, bval{}, false, &unsupportedError{"an assignment to memory", in.Pos()}
			}
			var v bval
			if nd, ok := in.Rhs.(*ir.Nondet); ok {
				v, err = e.input(nd.T, in.Pos())
			} else {
				v, err = e.eval(fr, in.Rhs)
			}
			if err != nil {
				return nil, bval{}, false, err
			}
			if err := e.store(fr, lv.V, v, in.Pos()); err != nil {
				return nil, bval{}, false, err
			}
		case *ir.Assume:
			if fails, err := e.fails(fr, in.Cond); fails || err != nil {
				return nil, bval{}, fails, err
			}
		case *ir.Assert:
			fails, err := e.fails(fr, in.Cond)
			if err != nil {
				return nil, bval{}, false, err
			}
			if fails {
				return in.Prop, bval{}, true, nil
			}
		case *ir.Goto:
			if in.Cond == nil {
				pc = in.Target
				continue
			}
			c, err := e.eval(fr, in.Cond)
			if err != nil {
				return nil, bval{}, false, err
			}
			switch z, nz := c.truth(); {
			case z && nz:
				return nil, bval{}, false, &undecidedError{c.deps}
			case nz:
				pc = in.Target
			}
		case *ir.Call:
			switch {
			case in.Builtin == ir.BAbort || in.Builtin == ir.BExit:
				return nil, bval{}, true, nil
			case in.Builtin != ir.NotBuiltin || in.Fn == nil || !in.Fn.HasBody():
				return nil, bval{}, false, &unsupportedError{"a call of " + callName(in), in.Pos()}
			}
			var as []bval
			for _, a := range in.Args {
				v, err := e.eval(fr, a)
				if err != nil {
					return nil, bval{}, false, err
				}
				as = append(as, v)
			}
			if len(as) != len(in.Fn.Params) {
				return nil, bval{}, false, &unsupportedError{"a variadic call of " + in.Fn.Name, in.Pos()}
			}
			for i, pv := range in.Fn.Params {
				deps := as[i].deps
				if as[i], err = fit(as[i], pv.Type); err != nil {
					return nil, bval{}, false, &undecidedError{deps}
				}
			}
			p, v, done, err := e.call(in.Fn, as)
			if err != nil || p != nil || done {
				return p, bval{}, done, err
			}
			if in.Result != nil {
				lv, ok := in.Result.(*ir.VarRef)
				if !ok {
					return nil, bval{}, false, &unsupportedError{"a call result stored in memory", in.Pos()}
				}
				if err := e.store(fr, lv.V, v, in.Pos()); err != nil {
					return nil, bval{}, false, err
				}
			}
		case *ir.Return:
			if in.Value == nil {
				return nil, bval{}, false, nil
			}
			v, err := e.eval(fr, in.Value)
			if err != nil {
				return nil, bval{}, false, err
			}
			return nil, v, false, nil
		default:
			return nil, bval{}, false, &unsupportedError{fmt.Sprintf("%T", in), in.Pos()}
		}
	}
	// Falling off the end returns 0.
	if _, ok := f.Type.Result.(*ir.FloatType); ok {
		return nil, frange(0, 0), false, nil
	}
	return nil, ipoint(0), false, nil
}

// eval is expr with the inputs the value depends on: recorded in the
// value, and in the error when it is undecided (the box is split along
// one of them).
// exprs evaluates x and then y.
func (e *splitEval) exprs(fr *splitFrame, x, y ir.Expr) (a, b bval, err error) {
	if a, err = e.expr(fr, x); err == nil {
		b, err = e.expr(fr, y)
	}
	return a, b, err
}

// fails reports whether cond is zero for every input of the box; an
// *undecidedError when it is zero for some and not for others.
func (e *splitEval) fails(fr *splitFrame, cond ir.Expr) (bool, error) {
	c, err := e.eval(fr, cond)
	if err != nil {
		return false, err
	}
	switch z, nz := c.truth(); {
	case !nz:
		return true, nil
	case z:
		return false, &undecidedError{c.deps}
	}
	return false, nil
}

func (e *splitEval) eval(fr *splitFrame, x ir.Expr) (bval, error) {
	v, err := e.expr(fr, x)
	if err != nil && err != errUndecided {
		return v, err
	}
	deps := uint64(0)
	ir.Inspect(x, func(y ir.Expr) bool {
		if r, ok := y.(*ir.VarRef); ok {
			if w, err := e.load(fr, r.V, fr.f.Pos); err == nil {
				deps |= w.deps
			}
		}
		return true
	})
	if err != nil {
		return v, &undecidedError{deps}
	}
	v.deps = deps
	return v, nil
}

// undecidedError is errUndecided with the inputs (a bit per dimension,
// the 64th for all beyond) whose values left it undecided; none known
// when 0.
type undecidedError struct{ deps uint64 }

func (e *undecidedError) Error() string { return "undecided" }

func callName(c *ir.Call) string {
	if c.Fn != nil {
		return c.Fn.Name
	}
	if c.Builtin != ir.NotBuiltin {
		return c.Builtin.String()
	}
	return "a function pointer"
}

// fit checks that v is a value of t as the evaluator keeps it.
func fit(v bval, t ir.Type) (bval, error) {
	switch t := t.(type) {
	case *ir.FloatType:
		if !v.float {
			return bval{}, errUndecided
		}
		return v, nil
	case *ir.IntType:
		if v.float {
			return bval{}, errUndecided
		}
		if _, _, ok := t.Int64Range(); !ok {
			return bval{}, errUndecided
		}
		return v, nil
	}
	return bval{}, errUndecided
}

func (e *splitEval) store(fr *splitFrame, v *ir.Var, x bval, pos ir.Pos) error {
	if !ir.IsScalar(v.Type) {
		return &unsupportedError{"a variable of type " + v.Type.String(), pos}
	}
	if _, ptr := v.Type.(*ir.PointerType); ptr {
		return &unsupportedError{"a pointer variable", pos}
	}
	if v.Kind == ir.Global {
		e.globals[v] = x
	} else {
		fr.vars[v] = x
	}
	return nil
}

func (e *splitEval) load(fr *splitFrame, v *ir.Var, pos ir.Pos) (bval, error) {
	var x bval
	var ok bool
	if v.Kind == ir.Global {
		x, ok = e.globals[v]
	} else {
		x, ok = fr.vars[v]
	}
	if !ok {
		return bval{}, &unsupportedError{"a read of " + v.Source, pos}
	}
	return x, nil
}

func (e *splitEval) expr(fr *splitFrame, x ir.Expr) (bval, error) {
	pos := fr.f.Pos
	if ft, ok := x.Type().(*ir.FloatType); ok && ft.IsLong() {
		// Intervals of doubles cannot hold long double values; every
		// use of one evaluates an expression of the type first.
		return bval{}, &unsupportedError{"long double", pos}
	}
	switch x := x.(type) {
	case *ir.Const:
		t, ok := x.T.(*ir.IntType)
		if !ok {
			return bval{}, &unsupportedError{"a pointer constant", pos}
		}
		v, ok := wrap(new(big.Int).SetUint64(x.Bits), t)
		if !ok {
			return bval{}, errUndecided
		}
		return ipoint(v), nil
	case *ir.FloatConst:
		return frange(x.V, x.V), nil
	case *ir.VarRef:
		return e.load(fr, x.V, pos)
	case *ir.Cast:
		v, err := e.expr(fr, x.X)
		if err != nil {
			return bval{}, err
		}
		switch x.T.(type) {
		case *ir.IntType, *ir.FloatType:
		default:
			return bval{}, &unsupportedError{"a conversion to " + x.T.String(), pos}
		}
		return convert(v, x.X.Type(), x.T)
	case *ir.Unary:
		v, err := e.expr(fr, x.X)
		if err != nil {
			return bval{}, err
		}
		switch x.Op {
		case ir.LNot:
			z, nz := v.truth()
			return truthOf(nz, z), nil
		case ir.Neg:
			if v.float {
				return frange(-v.hi, -v.lo), nil
			}
			t, _ := x.T.(*ir.IntType)
			if t == nil {
				return bval{}, errUndecided
			}
			return fitInt(new(big.Int).Neg(big.NewInt(v.ihi)), new(big.Int).Neg(big.NewInt(v.ilo)), t)
		case ir.BNot:
			t, _ := x.T.(*ir.IntType)
			if t == nil || v.float || !v.point() {
				return bval{}, errUndecided
			}
			return fitInt(big.NewInt(^v.ilo), big.NewInt(^v.ilo), t)
		}
	case *ir.Binary:
		switch x.Op {
		case ir.LAnd, ir.LOr:
			a, err := e.expr(fr, x.X)
			if err != nil {
				return bval{}, err
			}
			z, nz := a.truth()
			if x.Op == ir.LAnd && !nz {
				return ipoint(0), nil
			}
			if x.Op == ir.LOr && !z {
				return ipoint(1), nil
			}
			b, err := e.expr(fr, x.Y)
			if err != nil {
				return bval{}, err
			}
			bz, bnz := b.truth()
			if x.Op == ir.LAnd {
				// 1 when both are nonzero.
				return truthOf(z || bz, nz && bnz), nil
			}
			return truthOf(z && bz, nz || bnz), nil
		case ir.PtrAdd, ir.PtrSub:
			return bval{}, &unsupportedError{"pointer arithmetic", pos}
		}
		a, b, err := e.exprs(fr, x.X, x.Y)
		if err != nil {
			return bval{}, err
		}
		if a.float != b.float && x.Op != ir.Shl && x.Op != ir.Shr {
			return bval{}, errUndecided
		}
		if x.Op.IsComparison() {
			return compare(x.Op, a, b), nil
		}
		switch t := x.T.(type) {
		case *ir.FloatType:
			switch x.Op {
			case ir.Add, ir.Sub, ir.Mul, ir.Div:
				return floatArith(x.Op, t.Bits, a, b)
			}
		case *ir.IntType:
			if a.float || b.float {
				return bval{}, errUndecided
			}
			return intArith(x.Op, t, a, b)
		}
		return bval{}, errUndecided
	case *ir.Cond:
		c, err := e.expr(fr, x.C)
		if err != nil {
			return bval{}, err
		}
		z, nz := c.truth()
		if !z {
			return e.expr(fr, x.X)
		}
		if !nz {
			return e.expr(fr, x.Y)
		}
		a, b, err := e.exprs(fr, x.X, x.Y)
		if err != nil {
			return bval{}, err
		}
		if a.float != b.float {
			return bval{}, errUndecided
		}
		return bval{float: a.float, lo: min(a.lo, b.lo), hi: max(a.hi, b.hi), ilo: min(a.ilo, b.ilo), ihi: max(a.ihi, b.ihi)}, nil
	}
	return bval{}, &unsupportedError{fmt.Sprintf("an expression %T", x), pos}
}

// deadDecl reports whether the value a Decl of f at pc gives its variable
// is never read: every path from it writes the variable (a whole
// assignment, a call's result, another Decl) before reading it or leaving
// f, and the variable's address is never taken. The interpreter still
// consumes an input for it, but no execution depends on that input's
// value, so a box need not split it.
func deadDecl(p *ir.Program, taken map[*ir.Var]bool, f *ir.Function, pc int) bool {
	d, ok := f.Body[pc].(*ir.Decl)
	if !ok || d.HasInit || taken[d.V] || d.V.AddrTaken || !ir.IsScalar(d.V.Type) {
		return false
	}
	reads := func(e ir.Expr) bool {
		found := false
		ir.Inspect(e, func(x ir.Expr) bool {
			if r, ok := x.(*ir.VarRef); ok && r.V == d.V {
				found = true
			}
			return !found
		})
		return found
	}
	seen := map[int]bool{}
	work := ir.Succs(f, pc)
	for len(work) > 0 {
		q := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[q] {
			continue
		}
		seen[q] = true
		writes := false
		switch in := f.Body[q].(type) {
		case *ir.Decl:
			writes = in.V == d.V
		case *ir.Assign:
			if r, ok := in.Lhs.(*ir.VarRef); ok && r.V == d.V {
				if reads(in.Rhs) {
					return false
				}
				writes = true
			}
		case *ir.Call:
			for _, a := range in.Args {
				if reads(a) {
					return false
				}
			}
			if r, ok := in.Result.(*ir.VarRef); ok && r.V == d.V {
				writes = true
			}
		}
		if writes {
			continue
		}
		for _, e := range ir.Operands(f.Body[q]) {
			if reads(e) {
				return false
			}
		}
		work = append(work, ir.Succs(f, q)...)
	}
	return true
}

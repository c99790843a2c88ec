package engine

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/ir/interp"
	"github.com/prbmc/prbmc/verifier/result"
)

// Fuzzing: looking for a failing execution by running the program on the
// interpreter with chosen inputs. It finds what the solver struggles with —
// a float computation Z3 bit-blasts into a million clauses, a bug behind
// 100,000 loop iterations, an overflow that needs n = 65536 — and it can
// never be wrong: a failure is an execution of the interpreter (which
// agrees with gcc), replayed with the same inputs for its trace, as every
// counterexample is. It proves nothing, so only its failures count.
//
// The inputs are what tests of such programs would try: zero first, then
// values drawn from the program's own constants (the bounds of its
// assumptions and assertions, their neighbours one step or one ulp away),
// values between two of them, small numbers, powers of two and random bit
// patterns. The random source is seeded per run, so the same program gets
// the same inputs on every run of prbmc.

const (
	// fuzzShare is the part of the budget auto lets the fuzzer use (of
	// the work budget, or of the time to the deadline without one);
	// fuzzMax caps it in seconds of work. Most failures it can find are
	// found in its first thousand runs.
	fuzzShare = 0.15
	fuzzMax   = 5
	// fuzzRunMaxSteps bounds most runs (about 40 ms here).
	fuzzRunMaxSteps = 4 << 20
	// fuzzRunSteps is what starting a run costs, in instructions: the
	// interpreter lays out the globals and compiles the functions again
	// (measured: 160 µs a run of a 12-instruction program).
	fuzzRunSteps = 20_000
	// fuzzMaxObject and fuzzMaxMemory bound a run's objects: a random
	// size asks malloc for hundreds of MB, which costs time and memory
	// and finds nothing a small block would not. Such a run ends (memory
	// limit) and the next one chooses again.
	fuzzMaxObject = 16 << 20
	fuzzMaxMemory = 64 << 20
	// fuzzFillBytes is how much of an object's contents (a malloc'd
	// block, an uninitialised array) is chosen value by value; the rest
	// stays zero, a value of every type.
	fuzzFillBytes = 64 << 10
	// fuzzMaxInputs bounds the inputs of one run: a program that reads
	// more (a loop reading until a random condition) is cut off there.
	fuzzMaxInputs = 1 << 22
)

// start is how an engine that runs the entry function begins: opts'
// defaults and test hook, its result, and the entry (nil, and the result
// unknown, when p has no body for it).
func start(p *ir.Program, opts *Options, engine string) (*result.Result, *ir.Function) {
	opts.defaults()
	opts.testHook(engine)
	r := &result.Result{Engine: engine}
	entry := p.Func(opts.Entry)
	if entry == nil || !entry.HasBody() {
		return withReason(r, result.Unknown, "no entry function %s", opts.Entry), nil
	}
	return r, entry
}

// Fuzz runs p on the interpreter with chosen inputs until an assertion
// fails, its budget (opts' work share, or ctx) is used up, or it finds the
// program has nothing to choose. The result is Unsafe with a replayed
// trace, or Unknown.
func Fuzz(ctx context.Context, p *ir.Program, opts Options) *result.Result {
	r, entry := start(p, &opts, "fuzz")
	if entry == nil {
		return r
	}
	for _, prop := range propsFrom(p, entry) {
		r.Props = append(r.Props, *propResult(prop))
	}
	m := opts.meter(ctx)
	stepsLeft := int64(math.MaxInt64)
	if m.Limited() {
		stepsLeft = max(int64(float64(m.Left())*interpStepsPerSecond/WorkPerSecond), 1)
	} else if dl, ok := ctx.Deadline(); ok {
		// The long runs' quarter of what is left is a quarter of the time.
		stepsLeft = max(int64(time.Until(dl).Seconds()*interpStepsPerSecond), 1)
	}
	pools := newFuzzPools(p)
	var runs, steps int64
	for seed := uint64(0); stepsLeft > 0 && ctx.Err() == nil; seed++ {
		src := &fuzzSource{pools: pools, rng: rand.New(rand.NewPCG(seed, 0x70726d62)), zero: seed == 0}
		if seed >= 2 && seed%2 == 0 {
			src.swarm()
		}
		// Most runs are short: a loop bounded by a large random input is
		// cut off early. The first two (zero, then the first choice) and
		// every eighth may go on for a quarter of what is left, for the
		// failures behind long loops (eight copies of a 100,000-element
		// array take 5 million steps).
		maxSteps := int64(fuzzRunMaxSteps)
		if seed <= 1 || seed%8 == 7 {
			maxSteps = max(maxSteps, stepsLeft/4)
		}
		run, err := interp.Run(ctx, p, opts.Entry, interp.Options{Inputs: src, MaxSteps: min(maxSteps, stepsLeft),
			MaxObjectBytes: fuzzMaxObject, MaxMemoryBytes: fuzzMaxMemory})
		if err != nil {
			return withReason(r, result.Unknown, "fuzz: %v", err)
		}
		runs++
		steps += run.Steps
		stepsLeft -= run.Steps + fuzzRunSteps
		m.Charge(int64(float64(run.Steps+fuzzRunSteps) * WorkPerSecond / interpStepsPerSecond))
		switch run.Status {
		case interp.AssertFailed:
			return runFailure(ctx, p, opts, r, run, fmt.Sprintf("found by run %d of the program on chosen inputs, %d steps", runs, run.Steps))
		}
		// Any other end (an assumption that does not hold, a construct
		// the interpreter refuses, an object too large for it) may be
		// the inputs' doing: the next run chooses others.
		if src.reads == 0 && run.Status != interp.StepLimit && run.Status != interp.Canceled {
			// Nothing to choose: the one execution there is has been run.
			break
		}
	}
	if m.Limited() && stepsLeft <= 0 {
		m.Stop()
	}
	return withReason(r, result.Unknown, "fuzz: no failure in %d runs (%d steps)", runs, steps)
}

// runFailure reports the failing run of an engine that chooses inputs
// (fuzz, split): replayed with its own inputs for the trace (the end of
// it for a long run), as every counterexample is. how says how the run
// was found.
func runFailure(ctx context.Context, p *ir.Program, opts Options, r *result.Result, run *interp.Result, how string) *result.Result {
	vals := make([][]byte, len(run.Inputs))
	for i, in := range run.Inputs {
		vals[i] = in.Bytes
	}
	out, err := replaySource(ctx, p, opts.Entry, &bytesSource{vals: vals}, run.Steps+1, run.Steps-concreteTraceSteps)
	if err != nil || out.prop != run.Prop {
		// The interpreter is deterministic: this is a bug in prbmc.
		fmt.Fprintf(opts.Log, "prbmc: %s failure of %s did not replay (%v); not reported\n", r.Engine, run.Prop.ID, err)
		return withReason(r, result.Unknown, "%s: a failure of %s did not replay", r.Engine, describe(run.Prop))
	}
	failedFirst(r, run.Prop, out.trace)
	r.Stats.Steps = int(min(run.Steps, 1<<31))
	return withReason(r, result.Unsafe, "%s can fail at %s (%s)", describe(run.Prop), run.Prop.Pos, how)
}

// failedFirst records in r that prop fails first, with trace: the other
// properties are not checked past it.
func failedFirst(r *result.Result, prop *ir.Property, trace *result.Trace) {
	found := false
	for i := range r.Props {
		r.Props[i].Verdict, r.Props[i].Reason = result.Unknown, "not checked: another property fails first"
		if r.Props[i].ID == prop.ID {
			r.Props[i].Verdict, r.Props[i].Reason, r.Props[i].Trace = result.Unsafe, "", trace
			found = true
		}
	}
	if !found {
		rp := propResult(prop)
		rp.Verdict, rp.Trace = result.Unsafe, trace
		r.Props = append(r.Props, *rp)
	}
}

// fuzzPools are the program's constants by kind: the values its
// conditions compare with, and their neighbours.
type fuzzPools struct {
	ints   []uint64  // as 64-bit patterns, sign-extended
	floats []float64 // every float and integer constant, as a double
}

func newFuzzPools(p *ir.Program) *fuzzPools {
	ints := map[uint64]bool{}
	floats := map[float64]bool{}
	addInt := func(v int64) {
		for _, d := range []int64{-1, 0, 1} {
			ints[uint64(v+d)] = true
		}
		floats[float64(v)] = true
	}
	addFloat := func(v float64) {
		if math.IsNaN(v) {
			return
		}
		floats[v] = true
		floats[math.Nextafter(v, math.Inf(1))] = true
		floats[math.Nextafter(v, math.Inf(-1))] = true
		f := float32(v)
		floats[float64(math.Nextafter32(f, float32(math.Inf(1))))] = true
		floats[float64(math.Nextafter32(f, float32(math.Inf(-1))))] = true
		floats[float64(f)] = true
		if math.Abs(v) < 1<<62 {
			addInt(int64(v))
		}
	}
	visit := func(e ir.Expr) bool {
		switch e := e.(type) {
		case *ir.Const:
			if t, ok := e.T.(*ir.IntType); ok && t.Bits <= 64 {
				v := int64(e.Bits)
				if t.Signed && t.Bits < 64 {
					shift := uint(64 - t.Bits)
					v = v << shift >> shift
				}
				addInt(v)
			}
		case *ir.FloatConst:
			if e.T.IsLong() {
				addFloat(e.X.Float64())
			} else {
				addFloat(e.V)
			}
		}
		return true
	}
	fns := append([]*ir.Function{p.Init}, p.Funcs...)
	for _, f := range fns {
		if f == nil {
			continue
		}
		for _, in := range f.Body {
			for _, e := range ir.Operands(in) {
				ir.Inspect(e, visit)
			}
		}
	}
	for _, v := range []int64{0, 1, 2, -1, -2} {
		addInt(v)
	}
	for k := 2; k < 64; k++ {
		addInt(1 << k)
		addInt(-(1 << k))
	}
	addInt(math.MinInt64 + 1)
	addInt(math.MaxInt64 - 1)
	fp := &fuzzPools{}
	for v := range ints {
		fp.ints = append(fp.ints, v)
	}
	for v := range floats {
		fp.floats = append(fp.floats, v)
	}
	// Map order is random: sort, so the same seed gives the same inputs.
	slices.Sort(fp.ints)
	slices.Sort(fp.floats)
	return fp
}

// fuzzSource chooses the inputs of one run.
type fuzzSource struct {
	pools *fuzzPools
	rng   *rand.Rand
	zero  bool // every input zero: the first run
	reads int
	// intOff and floatOff are the kinds of value this run does not draw
	// (bit i: intValue's and floatValue's case group i), none if zero.
	intOff, floatOff uint
}

// Kinds of value intValue and floatValue draw from.
const (
	intKinds   = 5 // pool, between two constants, magnitude, small, random bits
	floatKinds = 5 // pool, between two constants, small, special, random bits
)

// swarm leaves out some kinds of value for the whole run (swarm testing:
// Groce et al., ISSTA 2012). A mix of every kind makes some inputs
// nearly impossible: 513 nonzero values in a row (loop-acceleration/
// array_3-2's search for a zero) when one draw in fifty is zero; a run
// without the kinds that give zero makes them likely.
func (s *fuzzSource) swarm() {
	for s.intOff = uint(s.rng.IntN(1 << intKinds)); s.intOff == 1<<intKinds-1; {
		s.intOff = uint(s.rng.IntN(1 << intKinds))
	}
	for s.floatOff = uint(s.rng.IntN(1 << floatKinds)); s.floatOff == 1<<floatKinds-1; {
		s.floatOff = uint(s.rng.IntN(1 << floatKinds))
	}
}

// draw picks a case of a mix over kinds (weights per kind, in tenths or
// twentieths), skipping the kinds left out: the case within the kind is
// the offset into its weight.
func (s *fuzzSource) draw(weights []int, off uint) (kind, c int) {
	total := 0
	for k, w := range weights {
		if off&(1<<uint(k)) == 0 {
			total += w
		}
	}
	n := s.rng.IntN(total)
	base := 0
	for k, w := range weights {
		if off&(1<<uint(k)) != 0 {
			base += w
			continue
		}
		if n < w {
			return k, base + n
		}
		n -= w
		base += w
	}
	panic("unreachable")
}

func (s *fuzzSource) Next(t ir.Type, why string, pos ir.Pos) ([]byte, error) {
	s.reads++
	if s.reads > fuzzMaxInputs {
		return nil, fmt.Errorf("fuzz: more than %d inputs", fuzzMaxInputs)
	}
	b := make([]byte, t.Size())
	if !s.zero {
		s.fill(t, b[:min(len(b), fuzzFillBytes)])
	}
	return b, nil
}

// fill writes a value of type t into b. Pointers stay NULL (a pointer
// input of the harness is built by its code, not chosen here); _Bool is 0
// or 1, as the front end keeps it; a union gets a value of its first
// member.
func (s *fuzzSource) fill(t ir.Type, b []byte) {
	switch t := t.(type) {
	case *ir.IntType:
		switch {
		case t.IsBool():
			b[0] = byte(s.rng.IntN(2))
		case t.Bits <= 64:
			v := s.intValue(t)
			for i := range b {
				b[i] = byte(v >> (8 * uint(i)))
			}
		default:
			for i := range b {
				b[i] = byte(s.rng.Uint32())
			}
		}
	case *ir.FloatType:
		if int64(len(b)) < t.Size() {
			return // cut off at fuzzFillBytes
		}
		v := s.floatValue()
		switch t.Bits {
		case 32:
			binary.LittleEndian.PutUint32(b, math.Float32bits(float32(v)))
		case 80:
			ir.Float80FromFloat64(v).PutBytes(b)
		default:
			binary.LittleEndian.PutUint64(b, math.Float64bits(v))
		}
	case *ir.ArrayType:
		n := t.Elem.Size()
		if n <= 0 {
			return
		}
		for off := int64(0); off+n <= int64(len(b)); off += n {
			s.fill(t.Elem, b[off:off+n])
		}
	case *ir.StructType:
		for _, f := range t.Fields {
			end := f.Offset + f.Type.Size()
			if end <= int64(len(b)) {
				s.fill(f.Type, b[f.Offset:end])
			}
			if t.Union {
				break
			}
		}
	}
}

// intValue draws an integer for t, as a bit pattern (the caller keeps
// t's width of it).
func (s *fuzzSource) intValue(t *ir.IntType) uint64 {
	pool := s.pools.ints
	// pool 0-3, between 4-5, magnitude 6-7, small 8, random bits 9.
	_, c := s.draw([]int{4, 2, 2, 1, 1}, s.intOff)
	switch c {
	case 0, 1, 2:
		return pool[s.rng.IntN(len(pool))]
	case 3:
		return pool[s.rng.IntN(len(pool))]
	case 4, 5:
		// Between two constants: inside a range the program assumes.
		a, b := int64(pool[s.rng.IntN(len(pool))]), int64(pool[s.rng.IntN(len(pool))])
		if t.Bits < 64 || !t.Signed {
			a, b = clampInt(a, t), clampInt(b, t)
		}
		if a > b {
			a, b = b, a
		}
		span := uint64(b - a)
		if span == math.MaxUint64 {
			return s.rng.Uint64()
		}
		return uint64(a) + s.rng.Uint64N(span+1)
	case 6, 7:
		// Every magnitude alike: a loop bound of 2^17 is as likely as one
		// of 17.
		k := s.rng.IntN(t.Bits + 1)
		v := s.rng.Uint64()
		if k < 64 {
			v &= 1<<uint(k) - 1
		}
		if t.Signed && s.rng.IntN(2) == 0 {
			v = -v
		}
		return v
	case 8:
		if t.Signed {
			return uint64(int64(s.rng.IntN(33)) - 16)
		}
		return uint64(s.rng.IntN(33))
	}
	return s.rng.Uint64()
}

// clampInt brings v into t's range, so a draw between two constants stays
// a value of t.
func clampInt(v int64, t *ir.IntType) int64 {
	if t.Bits >= 64 {
		if !t.Signed && v < 0 {
			return 0
		}
		return v
	}
	lo, hi, _ := t.Int64Range()
	return min(max(v, lo), hi)
}

// floatValue draws a double (narrowed by the caller for a float).
func (s *fuzzSource) floatValue() float64 {
	pool := s.pools.floats
	// pool 0-7, between 8-13, small 14-16, special 17, random bits 18-19.
	_, c := s.draw([]int{8, 6, 3, 1, 2}, s.floatOff)
	switch c {
	case 0, 1, 2, 3, 4, 5, 6, 7:
		return pool[s.rng.IntN(len(pool))]
	case 8, 9, 10, 11, 12, 13:
		a, b := pool[s.rng.IntN(len(pool))], pool[s.rng.IntN(len(pool))]
		if math.IsInf(a, 0) || math.IsInf(b, 0) || math.Abs(a-b) > 1e300 {
			return a
		}
		return a + s.rng.Float64()*(b-a)
	case 14, 15, 16:
		return s.rng.Float64()*20 - 10
	case 17:
		return []float64{math.Inf(1), math.Inf(-1), math.NaN(), math.Copysign(0, -1), math.SmallestNonzeroFloat64, math.MaxFloat32}[s.rng.IntN(6)]
	}
	return math.Float64frombits(s.rng.Uint64())
}

// fuzzSlice is the time auto lets the fuzzer run without a work budget.
func fuzzSlice(ctx context.Context) time.Duration {
	slice := fuzzMax * time.Second
	if dl, ok := ctx.Deadline(); ok {
		slice = min(slice, time.Duration(float64(time.Until(dl))*fuzzShare))
	}
	return slice
}

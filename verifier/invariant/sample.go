package invariant

import (
	"context"
	"math/big"
	"math/rand/v2"
	"sort"

	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/ir/interp"
)

// This file is DIG's other half: candidates for the algebraic prover
// from the states concrete runs reach at the loop heads. The values of
// the tracked registers at each visit of a head are a row; the columns
// are the monomials up to degree 3 over them; every vector of the
// matrix's null space is a polynomial equality all the samples satisfy.
// Samples prove nothing: the candidates go to ProveAlgebraic, which
// keeps only those it proves inductive (a relation that holds on small
// inputs only is refuted there), so the sampling may be as cheap and
// as incomplete as it likes. Its inputs come from a fixed seed per run,
// so a program gets the same candidates, and the same verdict, every
// time.

const (
	// sampleRuns, sampleRunSteps and sampleSteps bound the runs: about
	// 10 ms of interpreter here however long the loops are.
	sampleRuns     = 48
	sampleRunSteps = 20_000
	sampleSteps    = 600_000
	// sampleRunCost is what starting a run costs at least, in
	// instructions; a larger program costs its number of instructions
	// (the interpreter compiles the functions it calls again each run),
	// so a big harness gets few runs, and then no candidates.
	sampleRunCost = 2_000
	// sampleRowsPerRun keeps one long run from filling the matrix with
	// one input's states (its rows are the least varied);
	// sampleMaxRows bounds the rows of a loop.
	sampleRowsPerRun = 12
	sampleMaxRows    = 160
	// sampleMaxCols bounds the monomials (columns): 56 is degree 3 over
	// 5 variables, degree 2 over 9. The exact elimination grows with
	// its cube.
	sampleMaxCols = 56
	// sampleMargin is how many more rows than columns a null space
	// needs: with as many rows as columns, every column set has
	// relations the next sample would break.
	sampleMargin = 8
	// sampleMaxAbs bounds the values a variable may take to be sampled:
	// beyond it a computation may have wrapped, and a wrapped value
	// satisfies no relation over the integers (its cube still fits an
	// int64).
	sampleMaxAbs = 1 << 20
	// sampleMaxNew bounds the new relations of one degree: more mean
	// samples too alike to say anything (every monomial of a variable
	// that never changed), and the prover would pay for each.
	sampleMaxNew = 8
	// sampleMaxDegree is the degree of issue 17's candidates.
	sampleMaxDegree = 3
)

// SampleCandidates runs entry on the interpreter on small inputs and
// returns the polynomial equalities (degree up to 3) that every state
// seen at the head of each of its loops satisfies, each as a candidate
// for that loop (PolyInv.Loop) over the registers the prover tracks.
// Nothing is proved: they are candidates for ProveAlgebraic's extra.
// nil when the prover would refuse the entry anyway or the samples are
// too few.
func SampleCandidates(ctx context.Context, p *ir.Program, entry *ir.Function) []PolyInv {
	loops := loopsOf(entry)
	if len(loops) == 0 || calleesPlain(entry) != nil {
		return nil
	}
	var vars []*ir.Var
	for _, v := range entry.Locals {
		if tracked(v, entry) {
			vars = append(vars, v)
		}
	}
	if len(vars) == 0 {
		return nil
	}
	heads := map[int]*ir.Loop{}
	var pcs []int
	for _, l := range loops {
		heads[l.Head] = l
		pcs = append(pcs, l.Head)
	}
	samples := map[*ir.Loop]*loopSamples{}
	for _, l := range loops {
		samples[l] = &loopSamples{seen: map[string]bool{}, bad: make([]bool, len(vars))}
	}
	var perRun map[*ir.Loop]int
	observe := func(pc int, value func(*ir.Var) (uint64, bool)) {
		l := heads[pc]
		if l == nil || perRun[l] >= sampleRowsPerRun || len(samples[l].rows) >= sampleMaxRows {
			return
		}
		s := samples[l]
		perRun[l]++
		row := make([]int64, len(vars))
		for i, v := range vars {
			bits, ok := value(v)
			x, small := intOf(bits, v.Type.(*ir.IntType))
			if !ok || !small {
				s.bad[i] = true
			}
			row[i] = x
		}
		if k := rowKey(row); !s.seen[k] {
			s.seen[k] = true
			s.rows = append(s.rows, row)
		}
	}
	if !runSamples(ctx, p, entry, pcs, func() { perRun = map[*ir.Loop]int{} }, observe, nil) {
		return nil
	}
	var out []PolyInv
	for _, l := range loops {
		out = append(out, samples[l].candidates(vars, l)...)
	}
	return out
}

// runSamples runs entry on the interpreter on up to sampleRuns small
// inputs (a fixed seed per run), calling start before each run, observe at
// each visit of pcs and end after each run. It stops early when the steps
// are spent or a run reads no input (every run would be the same); false
// if the interpreter failed or ctx ended.
func runSamples(ctx context.Context, p *ir.Program, entry *ir.Function, pcs []int, start func(), observe func(pc int, value func(*ir.Var) (uint64, bool)), end func()) bool {
	consts := sampleConsts(p)
	left := int64(sampleSteps)
	runCost := int64(sampleRunCost)
	size := int64(0)
	for _, f := range p.Funcs {
		size += int64(len(f.Body))
	}
	runCost = max(runCost, size)
	for run := 0; run < sampleRuns && left > 0 && ctx.Err() == nil; run++ {
		start()
		src := &sampleSource{rng: rand.New(rand.NewPCG(uint64(run), 0x646967)), consts: consts}
		res, err := interp.Run(ctx, p, entry.Name, interp.Options{Inputs: src, MaxSteps: min(sampleRunSteps, left),
			MaxObjectBytes: 1 << 20, MaxMemoryBytes: 16 << 20,
			ObserveFunc: entry, ObservePCs: pcs, Observe: observe})
		if err != nil {
			return false
		}
		if end != nil {
			end()
		}
		left -= res.Steps + runCost
		if src.reads == 0 && res.Status != interp.StepLimit {
			break // no input: one execution, already seen
		}
	}
	return ctx.Err() == nil
}

// loopSamples are the distinct states seen at a loop's head.
type loopSamples struct {
	rows [][]int64
	seen map[string]bool
	// bad are the variables some row has no usable value of: in memory,
	// or too large to be trusted not to have wrapped.
	bad []bool
}

// intOf is bits as the integer t gives them, and whether it is within
// sampleMaxAbs.
func intOf(bits uint64, t *ir.IntType) (int64, bool) {
	if t.Bits < 64 {
		bits &= 1<<uint(t.Bits) - 1
		if t.Signed && bits>>(t.Bits-1)&1 == 1 {
			bits |= ^uint64(0) << uint(t.Bits)
		}
	}
	x := int64(bits)
	if !t.Signed && x < 0 {
		return 0, false
	}
	return x, -sampleMaxAbs <= x && x <= sampleMaxAbs
}

func rowKey(row []int64) string {
	b := make([]byte, 0, 8*len(row))
	for _, x := range row {
		for i := 0; i < 8; i++ {
			b = append(b, byte(uint64(x)>>(8*i)))
		}
	}
	return string(b)
}

// candidates are the relations of the samples, degree by degree: a
// variable constant on every sample is one (v - c), and so is each
// vector of the null space of the monomial matrix that the relations of
// lower degrees, times monomials, do not span already (y·(w - 6y - 6) is
// no news once w - 6y - 6 is known). A variable a linear relation
// determines is left out of the higher degrees: its monomials would
// only repeat the others', and it frees columns.
func (s *loopSamples) candidates(vars []*ir.Var, l *ir.Loop) []PolyInv {
	var syms []int
	var rels []Poly
	usable := 0
	for i := range vars {
		if !s.bad[i] && vars[i].Kind != ir.Temp {
			usable++
		}
	}
	// The linear matrix's rule for the constants too: on a handful of
	// rows every variable looks constant.
	if len(s.rows) < usable+1+sampleMargin {
		return nil
	}
	for i := range vars {
		if s.bad[i] || vars[i].Kind == ir.Temp {
			continue
		}
		c, constant := s.rows[0][i], true
		for _, r := range s.rows {
			constant = constant && r[i] == c
		}
		if constant {
			rels = append(rels, polySym(i).Sub(polyConst(big.NewInt(c))))
			continue
		}
		syms = append(syms, i)
	}
	var higher []Poly // relations of degree >= 2, for the span
	for d := 1; d <= sampleMaxDegree; d++ {
		monos := monomialsUpTo(syms, d)
		if len(monos) > sampleMaxCols || len(s.rows) < len(monos)+sampleMargin {
			break
		}
		m := make([][]*big.Int, len(s.rows))
		for i, r := range s.rows {
			m[i] = make([]*big.Int, len(monos))
			for j, mo := range monos {
				v := big.NewInt(1)
				for _, sym := range mo {
					v.Mul(v, big.NewInt(r[sym]))
				}
				m[i][j] = v
			}
		}
		if rankModP(m, len(monos)) == len(monos) {
			continue // no relation: the rank over Q is no smaller
		}
		var known []Poly
		for _, q := range higher {
			known = append(known, q)
			for _, mo := range monomialsUpTo(syms, d-q.Degree()) {
				if len(mo) > 0 {
					known = append(known, q.Mul(monoPoly(mo)))
				}
			}
		}
		var fresh []Poly
		for _, vec := range NullSpace(m, len(monos)) {
			q := polyConst(new(big.Int))
			for j, c := range vec {
				if c.Sign() != 0 {
					q = q.Add(monoPoly(monos[j]).Scale(c))
				}
			}
			if q.IsZero() || q.Degree() == 0 {
				continue
			}
			// An integer combination of what is known, not a rational
			// one: 3(y³ - x) is y·F - F + G for cubes' F and G, but
			// modulo 2^w the prover cannot divide by 3, and needs
			// y³ - x itself.
			if _, ok := Combination(q, append(known, fresh...)); ok {
				continue
			}
			fresh = append(fresh, q)
		}
		if len(fresh) > sampleMaxNew {
			break
		}
		rels = append(rels, fresh...)
		if d == 1 {
			// The free column of each linear relation (its last
			// variable: a null vector writes its free column in terms
			// of earlier pivot columns) is a function of the others,
			// which stay independent.
			drop := map[int]bool{}
			for _, q := range fresh {
				ss := q.Symbols()
				drop[ss[len(ss)-1]] = true
			}
			kept := syms[:0:0]
			for _, sym := range syms {
				if !drop[sym] {
					kept = append(kept, sym)
				}
			}
			syms = kept
		} else {
			higher = append(higher, fresh...)
		}
	}
	var out []PolyInv
	seen := map[string]bool{}
	for _, q := range rels {
		w := 64
		for _, sym := range q.Symbols() {
			w = min(w, vars[sym].Type.(*ir.IntType).Bits)
		}
		// One sign, as the prover's own candidates have.
		if ts := q.sorted(); ts[0].c.Sign() < 0 {
			q = q.Scale(big.NewInt(-1))
		}
		inv := PolyInv{P: q, W: w, Vars: vars, Loop: l}
		if !seen[inv.String()] {
			seen[inv.String()] = true
			out = append(out, inv)
		}
	}
	return out
}

// monomialsUpTo are the monomials of degree 0 to d over syms, by degree
// then symbols: the constant first, so that each null vector writes a
// later (higher) monomial in terms of earlier ones.
func monomialsUpTo(syms []int, d int) []mono {
	out := []mono{{}}
	var rec func(start int, cur mono)
	rec = func(start int, cur mono) {
		if len(cur) == d {
			return
		}
		for i := start; i < len(syms); i++ {
			next := append(append(mono{}, cur...), syms[i])
			out = append(out, next)
			rec(i, next)
		}
	}
	rec(0, mono{})
	sort.SliceStable(out, func(i, j int) bool { return len(out[i]) < len(out[j]) })
	return out
}

func monoPoly(m mono) Poly {
	p := polyConst(big.NewInt(1))
	for _, s := range m {
		p = p.Mul(polySym(s))
	}
	return p
}

// rankModP is m's rank modulo the prime 2^31 - 1, at most its rank over
// Q: full, it shows there is no relation without the exact elimination.
func rankModP(m [][]*big.Int, cols int) int {
	const p = 1<<31 - 1
	bp := big.NewInt(p)
	rows := make([][]uint64, len(m))
	for i, r := range m {
		rows[i] = make([]uint64, cols)
		for j, x := range r {
			rows[i][j] = new(big.Int).Mod(x, bp).Uint64()
		}
	}
	inv := func(a uint64) uint64 { // a^(p-2)
		r, e := uint64(1), uint64(p-2)
		for ; e > 0; e >>= 1 {
			if e&1 == 1 {
				r = r * a % p
			}
			a = a * a % p
		}
		return r
	}
	rank := 0
	for c := 0; c < cols && rank < len(rows); c++ {
		piv := -1
		for i := rank; i < len(rows); i++ {
			if rows[i][c] != 0 {
				piv = i
				break
			}
		}
		if piv < 0 {
			continue
		}
		rows[rank], rows[piv] = rows[piv], rows[rank]
		k := inv(rows[rank][c])
		for j := c; j < cols; j++ {
			rows[rank][j] = rows[rank][j] * k % p
		}
		for i := rank + 1; i < len(rows); i++ {
			if f := rows[i][c]; f != 0 {
				for j := c; j < cols; j++ {
					rows[i][j] = (rows[i][j] + (p-f)*rows[rank][j]) % p
				}
			}
		}
		rank++
	}
	return rank
}

// sampleConsts are the program's small integer constants: bounds its
// assumptions and loops compare with, which inputs should meet.
func sampleConsts(p *ir.Program) []int64 {
	set := map[int64]bool{}
	visit := func(e ir.Expr) bool {
		if c, ok := e.(*ir.Const); ok {
			if v, ok := intVal(c); ok && v.IsInt64() && v.Int64() >= -64 && v.Int64() <= 64 {
				set[v.Int64()] = true
			}
		}
		return true
	}
	for _, f := range p.Funcs {
		for _, in := range f.Body {
			for _, e := range ir.Operands(in) {
				ir.Inspect(e, visit)
			}
		}
	}
	var out []int64
	for v := range set {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// sampleSource gives small inputs: loops end soon, nothing wraps, and
// the program's own small constants come up (an assumption n >= 10).
type sampleSource struct {
	rng    *rand.Rand
	consts []int64
	reads  int
}

func (s *sampleSource) Next(t ir.Type, why string, pos ir.Pos) ([]byte, error) {
	s.reads++
	b := make([]byte, t.Size())
	it, ok := t.(*ir.IntType)
	if !ok || it.Bits > 64 {
		return b, nil
	}
	var v int64
	switch k := s.rng.IntN(8); {
	case it.IsBool():
		v = int64(s.rng.IntN(2))
	case k < 4:
		v = int64(s.rng.IntN(21))
	case k < 6:
		v = int64(s.rng.IntN(21)) - 10
	case len(s.consts) > 0:
		v = s.consts[s.rng.IntN(len(s.consts))] + int64(s.rng.IntN(3)) - 1
	default:
		v = int64(s.rng.IntN(5))
	}
	if !it.Signed && v < 0 {
		v = -v
	}
	for i := range b {
		b[i] = byte(uint64(v) >> (8 * uint(i)))
	}
	return b, nil
}

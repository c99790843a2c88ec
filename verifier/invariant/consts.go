package invariant

import (
	"math/big"
	"sort"

	"github.com/prbmc/prbmc/verifier/ir"
)

// maxConstBounds bounds the constants constBounds takes: each gives two
// candidates per written variable.
const maxConstBounds = 16

// constBounds are x <= c and x >= c for the integer registers the loop
// writes and c a constant of the entry function or one off it: bounds a
// loop keeps only through what it reads from memory, which the interval
// analysis does not follow (for (i = 0; A[i] != 0; i++) after A[1023] =
// 0 keeps i <= 1023). They are candidates like the others: Houdini keeps
// the ones that hold at the entry and are preserved.
func (h *houdini) constBounds(vars []*ir.Var) []Pred {
	written := h.written()
	consts := entryConsts(h.entry)
	var out []Pred
	for _, x := range vars {
		if !written[x] {
			continue
		}
		for _, c := range consts {
			out = append(out,
				Pred{Vars: []*ir.Var{x}, Coefs: []int64{1}, Op: Le, C: big.NewInt(c)},
				Pred{Vars: []*ir.Var{x}, Coefs: []int64{-1}, Op: Le, C: big.NewInt(-c)})
		}
	}
	return out
}

// entryConsts are the integer constants of f's instructions and their
// neighbours, the smallest in magnitude first, at most maxConstBounds;
// 0 and ±1 are left out (the interval analysis and the first round have
// the signs).
func entryConsts(f *ir.Function) []int64 {
	seen := map[int64]bool{}
	for _, in := range f.Body {
		for _, e := range ir.Operands(in) {
			ir.Inspect(e, func(e ir.Expr) bool {
				k, ok := e.(*ir.Const)
				if !ok {
					return true
				}
				if it, ok := k.T.(*ir.IntType); !ok || it.IsBool() {
					return true
				}
				v, ok := constInt(k)
				if !ok {
					return true
				}
				if v > 1<<40 || v < -(1<<40) {
					return true
				}
				for _, c := range []int64{v - 1, v, v + 1} {
					if c < -1 || c > 1 {
						seen[c] = true
					}
				}
				return true
			})
		}
	}
	out := make([]int64, 0, len(seen))
	for c := range seen {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool {
		ai, aj := abs64(out[i]), abs64(out[j])
		if ai != aj {
			return ai < aj
		}
		return out[i] < out[j]
	})
	if len(out) > maxConstBounds {
		out = out[:maxConstBounds]
	}
	return out
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// rateBounds are x - K*i <= c (c read off the entry model) for a loop
// that adds to x a value of a narrow type, at most K, and writes i: an
// accumulator grows at most K per iteration of a counter
// (loop-invariants/linear-inequality-inv-a: s += v with v an unsigned
// char needs s <= 255*i to bound s by 255*255 after at most 255
// iterations). Candidates like the others; only K > 2 (smaller slopes
// are in the templates).
func (h *houdini) rateBounds(vars []*ir.Var) []Pred {
	written := h.written()
	slopes := map[*ir.Var]int64{}
	for pc := h.loop.Loop.Head; pc <= h.loop.Loop.Latch; pc++ {
		a, ok := h.entry.Body[pc].(*ir.Assign)
		if !ok {
			continue
		}
		x, ok := a.Lhs.(*ir.VarRef)
		if !ok {
			continue
		}
		add, ok := a.Rhs.(*ir.Binary)
		if !ok || add.Op != ir.Add {
			continue
		}
		if y, ok := stripCasts(add.X).(*ir.VarRef); !ok || y.V != x.V {
			continue
		}
		if k, ok := narrowMax(add.Y); ok && k > 2 && k > slopes[x.V] {
			slopes[x.V] = k
		}
	}
	var out []Pred
	for _, x := range vars {
		k, ok := slopes[x]
		if !ok {
			continue
		}
		for _, i := range vars {
			if i != x && written[i] {
				out = append(out, Pred{Vars: []*ir.Var{x, i}, Coefs: []int64{1, -k}, Op: Le})
			}
		}
	}
	return out
}

// narrowMax is the largest value e can have by its type: that of a
// variable of at most 16 bits under value-preserving casts.
func narrowMax(e ir.Expr) (int64, bool) {
	for {
		c, ok := e.(*ir.Cast)
		if !ok {
			break
		}
		from, ok1 := c.X.Type().(*ir.IntType)
		to, ok2 := c.T.(*ir.IntType)
		if !ok1 || !ok2 || to.Bits < from.Bits || to.Bits == from.Bits && to.Signed != from.Signed {
			return 0, false
		}
		e = c.X
	}
	it, ok := e.Type().(*ir.IntType)
	if _, isVar := e.(*ir.VarRef); !isVar || !ok || it.Bits > 16 || it.IsBool() {
		return 0, false
	}
	if it.Signed {
		return 1<<(it.Bits-1) - 1, true
	}
	return 1<<it.Bits - 1, true
}

func stripCasts(e ir.Expr) ir.Expr {
	for {
		c, ok := e.(*ir.Cast)
		if !ok {
			return e
		}
		e = c.X
	}
}

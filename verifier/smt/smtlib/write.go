package smtlib

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/prbmc/prbmc/verifier/smt"
)

// The writer turns terms into SMT-LIB 2 commands for an incremental solver.
//
// Within one command, subterms that occur more than once are let-bound, as
// smt.Print does, so the text is linear in the DAG. Not define-fun: z3
// 4.8.12 expands a define-fun'd constant at every use without sharing the
// expansions, and a BMC formula (ite chains over earlier ites) then takes it
// 16.8 s instead of 0.2 s with lets (measured on loop-acceleration/
// diamond_1-2 at k=64).
//
// Across commands an incremental engine mentions the SSA values of earlier
// steps again. So a subterm printed by an earlier command is named when it
// comes back: a fresh constant declared and asserted equal to it (the
// solvers' equation solving eliminates it again), remembered for as long as
// the solver remembers the declaration, i.e. until its scope is popped. So
// each node is printed at most twice in all. Free constants are declared at
// the scope of their first use, as the solver forgets declarations on pop
// too.
//
// fp.to_ieee_bv is a z3 extension that cvc5 lacks, so smt.OpFPToBits is
// written in standard SMT-LIB: a fresh bit-vector constant b with
// (= ((_ to_fp e s) b) x) asserted, and (ite (fp.isNaN x) NaN b) for the
// canonical NaN pattern. For non-NaN x the pattern b is unique, so this is a
// definition (it constrains nothing else).

// maxInline is the deepest nesting printed inline; deeper subterms are
// let-bound. Solver parsers recurse on nesting.
const maxInline = 64

type varKey struct{ name, sort string }

type writer struct {
	vars  map[varKey]string    // declared free constants
	names map[*smt.Term]string // defined subterms, FPToBits aux values, assumption literals
	seen  map[*smt.Term]bool   // printed inline by an earlier command
	used  map[string]bool      // symbols of free constants
	// undo[k] lists what scope k+1 added, to forget on pop.
	undo [][]func()
	next int // numbering of generated symbols, never reused
	// cmds collects the commands of one job.
	cmds []string
	// valueConstArrays: the solver takes only values in (as const …)
	// (cvc5), so a constant array of a symbolic element cannot be said.
	valueConstArrays bool
}

func newWriter() *writer {
	return &writer{vars: map[varKey]string{}, names: map[*smt.Term]string{}, seen: map[*smt.Term]bool{},
		used: map[string]bool{}, undo: [][]func(){nil}}
}

func (w *writer) push() { w.undo = append(w.undo, nil) }

func (w *writer) pop(n int) {
	for ; n > 0; n-- {
		fs := w.undo[len(w.undo)-1]
		for i := len(fs) - 1; i >= 0; i-- {
			fs[i]()
		}
		w.undo = w.undo[:len(w.undo)-1]
	}
	if len(w.undo) == 0 {
		w.undo = [][]func(){nil}
	}
}

func (w *writer) onPop(f func()) {
	top := len(w.undo) - 1
	w.undo[top] = append(w.undo[top], f)
}

// fresh returns a new generated symbol. Generated symbols start with '%',
// which variable symbols never do (see varSymbol). Not '@' or '.': SMT-LIB
// 2.6 reserves those for solvers, and cvc5 refuses to declare them.
func (w *writer) fresh(kind string) string {
	w.next++
	return "%" + kind + strconv.Itoa(w.next)
}

func (w *writer) setName(t *smt.Term, name string) {
	w.names[t] = name
	w.onPop(func() { delete(w.names, t) })
}

func (w *writer) setSeen(t *smt.Term) {
	w.seen[t] = true
	w.onPop(func() { delete(w.seen, t) })
}

// varSymbol declares a free constant (by name and sort, as every backend
// identifies them) if needed and returns its symbol.
func (w *writer) varSymbol(t *smt.Term) string {
	k := varKey{t.Name(), t.Sort().Key()}
	if s, ok := w.vars[k]; ok {
		return s
	}
	name := t.Name()
	if name == "" || strings.IndexByte("%@.", name[0]) >= 0 {
		name = "v" + name
	}
	sym := smt.QuoteSymbol(name)
	for i := 1; w.used[sym]; i++ {
		sym = smt.QuoteSymbol(name + "#" + strconv.Itoa(i))
	}
	w.vars[k], w.used[sym] = sym, true
	w.onPop(func() { delete(w.vars, k); delete(w.used, sym) })
	w.cmds = append(w.cmds, "(declare-fun "+sym+" () "+t.Sort().Key()+")")
	return sym
}

// define emits the declarations and definitions the roots need and returns
// their expressions. The commands are left in w.cmds for the caller to
// send.
func (w *writer) define(roots ...*smt.Term) ([]string, error) {
	order, _ := w.collect(roots)
	if err := w.expressible(order); err != nil {
		return nil, err
	}
	for _, t := range order {
		switch {
		case t.Op() == smt.OpVar:
			w.varSymbol(t)
		case t.Op() == smt.OpFPToBits:
			w.defineToBits(t)
		case t.NumArgs() > 0 && w.seen[t]:
			w.defineEq(t, w.letExprNamed(t))
		}
	}
	out := make([]string, len(roots))
	for i, r := range roots {
		out[i] = w.letExprNamed(r)
	}
	for _, t := range order {
		if _, named := w.names[t]; !named && t.NumArgs() > 0 {
			w.setSeen(t)
		}
	}
	return out, nil
}

// defineEq names t by a fresh constant asserted equal to e, t's text.
func (w *writer) defineEq(t *smt.Term, e string) {
	name := w.fresh("d")
	w.cmds = append(w.cmds, "(declare-fun "+name+" () "+t.Sort().Key()+")",
		"(assert (= "+name+" "+e+"))")
	w.setName(t, name)
}

// errConstArray: see writer.valueConstArrays. Programs meet it only in a
// memset of a symbolic byte.
var errConstArray = errors.New("smtlib: the solver takes only values as the element of a constant array, and this one is symbolic")

// expressible rejects terms the solver cannot take before anything is
// sent: cvc5 exits on a parse error.
func (w *writer) expressible(ts []*smt.Term) error {
	if !w.valueConstArrays {
		return nil
	}
	for _, t := range ts {
		if t.Op() == smt.OpConstArray && !isValue(t.Arg(0)) {
			return errConstArray
		}
	}
	return nil
}

// isValue reports whether t is a literal value: a constant, or a constant
// array of one.
func isValue(t *smt.Term) bool {
	return t.IsConst() || t.Op() == smt.OpConstArray && isValue(t.Arg(0))
}

func (w *writer) defineToBits(t *smt.Term) {
	x := t.Arg(0)
	s := x.Sort()
	xe := w.letExprNamed(x)
	b := w.fresh("b")
	w.cmds = append(w.cmds,
		"(declare-fun "+b+" () "+t.Sort().Key()+")",
		fmt.Sprintf("(assert (= ((_ to_fp %d %d) %s) %s))", s.EBits(), s.SBits(), b, xe))
	if x.NumArgs() > 0 {
		// x appears twice below: name it rather than print it twice.
		if _, named := w.names[x]; !named {
			w.defineEq(x, xe)
			xe = w.names[x]
		}
	}
	w.defineEq(t, fmt.Sprintf("(ite (fp.isNaN %s) %s %s)", xe, smt.CanonicalNaN(s), b))
}

// collect returns the subterms under roots that have no name yet,
// children before parents, and how often each is referenced from them.
func (w *writer) collect(roots []*smt.Term) ([]*smt.Term, map[*smt.Term]int) {
	refs := map[*smt.Term]int{}
	visited := map[*smt.Term]bool{}
	var order []*smt.Term
	type frame struct {
		t *smt.Term
		i int
	}
	var stack []frame
	for _, r := range roots {
		refs[r]++
		if visited[r] {
			continue
		}
		visited[r] = true
		if _, named := w.names[r]; named {
			continue
		}
		stack = append(stack, frame{t: r})
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			if f.i < f.t.NumArgs() {
				c := f.t.Arg(f.i)
				f.i++
				refs[c]++
				if !visited[c] {
					visited[c] = true
					if _, named := w.names[c]; !named {
						stack = append(stack, frame{t: c})
					}
				}
				continue
			}
			order = append(order, f.t)
			stack = stack[:len(stack)-1]
		}
	}
	return order, refs
}

// writeLocal prints t with the names in force and the let names of local;
// other subterms inline.
func (w *writer) writeLocal(sb *strings.Builder, t *smt.Term, local map[*smt.Term]string) {
	if name, ok := local[t]; ok {
		sb.WriteString(name)
		return
	}
	if name, ok := w.names[t]; ok {
		sb.WriteString(name)
		return
	}
	switch t.Op() {
	case smt.OpConst:
		sb.WriteString(constLiteral(t))
		return
	case smt.OpVar:
		sb.WriteString(w.varSymbol(t))
		return
	}
	sb.WriteString("(")
	sb.WriteString(head(t))
	for i := 0; i < t.NumArgs(); i++ {
		sb.WriteString(" ")
		w.writeLocal(sb, t.Arg(i), local)
	}
	sb.WriteString(")")
}

func constLiteral(t *smt.Term) string {
	if v, ok := t.BoolConst(); ok {
		if v {
			return "true"
		}
		return "false"
	}
	if v, ok := t.BVConst(); ok {
		return v.String()
	}
	bits, _ := t.FPConstBits()
	return smt.FPValue(t.Sort(), bits).String()
}

// head is the operator of an application, with indices and rounding mode.
func head(t *smt.Term) string {
	rm := ""
	if t.HasRoundingMode() {
		rm = " " + t.RoundingMode().String()
	}
	s := t.Sort()
	switch t.Op() {
	case smt.OpExtract:
		return fmt.Sprintf("(_ extract %d %d)", t.Indices()[0], t.Indices()[1])
	case smt.OpZeroExt, smt.OpSignExt:
		return fmt.Sprintf("(_ %s %d)", t.Op(), t.Indices()[0])
	case smt.OpConstArray:
		return "(as const " + s.Key() + ")"
	case smt.OpFPToSBV, smt.OpFPToUBV:
		return fmt.Sprintf("(_ %s %d)%s", t.Op(), t.Indices()[0], rm)
	case smt.OpFPFromSBV, smt.OpFPToFP:
		return fmt.Sprintf("(_ to_fp %d %d)%s", s.EBits(), s.SBits(), rm)
	case smt.OpFPFromUBV:
		return fmt.Sprintf("(_ to_fp_unsigned %d %d)%s", s.EBits(), s.SBits(), rm)
	case smt.OpFPFromBits:
		return fmt.Sprintf("(_ to_fp %d %d)", s.EBits(), s.SBits())
	case smt.OpFPToBits:
		panic("smtlib: FPToBits printed without its definition")
	}
	return t.Op().String() + rm
}

// letExpr prints root without adding definitions (for get-value after a
// check): subterms shared in root, or nested too deeply for the solver's
// parser, are let-bound; fixed gives literals for subterms whose value is
// already known (FPToBits in models, see Eval).
func (w *writer) letExpr(root *smt.Term, fixed map[*smt.Term]string) (string, error) {
	saved := w.names
	if len(fixed) > 0 {
		// Fixed values live only in this expression.
		names := make(map[*smt.Term]string, len(saved)+len(fixed))
		for k, v := range saved {
			names[k] = v
		}
		for k, v := range fixed {
			names[k] = v
		}
		w.names = names
		defer func() { w.names = saved }()
	}
	order, refs := w.collect([]*smt.Term{root})
	if err := w.expressible(order); err != nil {
		return "", err
	}
	return w.lets(root, order, refs), nil
}

// letExprNamed is letExpr for terms define has checked.
func (w *writer) letExprNamed(root *smt.Term) string {
	order, refs := w.collect([]*smt.Term{root})
	return w.lets(root, order, refs)
}

// lets prints root, let-binding its shared and deep subterms (order and
// refs from collect). Let names are local to the expression.
func (w *writer) lets(root *smt.Term, order []*smt.Term, refs map[*smt.Term]int) string {
	local := map[*smt.Term]string{}
	height := map[*smt.Term]int{}
	var sb strings.Builder
	n := 0
	for _, t := range order {
		if t.NumArgs() == 0 {
			continue
		}
		h := 1
		for i := 0; i < t.NumArgs(); i++ {
			if _, ok := local[t.Arg(i)]; !ok {
				h = max(h, height[t.Arg(i)]+1)
			}
		}
		height[t] = h
		if t != root && (refs[t] > 1 || h > maxInline) {
			name := "%l" + strconv.Itoa(n)
			n++
			sb.WriteString("(let ((" + name + " ")
			w.writeLocal(&sb, t, local)
			sb.WriteString(")) ")
			local[t] = name
		}
	}
	w.writeLocal(&sb, root, local)
	sb.WriteString(strings.Repeat(")", n))
	return sb.String()
}

// declared reports whether the free constant t has been declared.
func (w *writer) declared(t *smt.Term) bool {
	_, ok := w.vars[varKey{t.Name(), t.Sort().Key()}]
	return ok
}

// undeclaredUnder returns the free constants under root that have not been
// declared.
func (w *writer) undeclaredUnder(root *smt.Term) []*smt.Term {
	order, _ := w.collect([]*smt.Term{root})
	var out []*smt.Term
	for _, t := range order {
		if t.Op() == smt.OpVar && !w.declared(t) {
			out = append(out, t)
		}
	}
	return out
}

// toBitsUnder returns the FPToBits subterms of root that have no name,
// children before parents.
func (w *writer) toBitsUnder(root *smt.Term) []*smt.Term {
	order, _ := w.collect([]*smt.Term{root})
	var out []*smt.Term
	for _, t := range order {
		if t.Op() == smt.OpFPToBits {
			out = append(out, t)
		}
	}
	return out
}

// assumption returns a literal for a Boolean term: check-sat-assuming
// takes only constants and their negations, so other terms get an
// auxiliary Boolean constant equal to them, asserted in the current scope
// (a definition: it constrains nothing else).
func (w *writer) assumption(a *smt.Term) (string, error) {
	if a.Op() == smt.OpVar {
		return w.varSymbol(a), nil
	}
	if a.Op() == smt.OpNot && a.Arg(0).Op() == smt.OpVar {
		return "(not " + w.varSymbol(a.Arg(0)) + ")", nil
	}
	if name, ok := w.names[a]; ok && strings.HasPrefix(name, "%a") {
		return name, nil
	}
	es, err := w.define(a)
	if err != nil {
		return "", err
	}
	lit := w.fresh("a")
	w.cmds = append(w.cmds, "(declare-fun "+lit+" () Bool)", "(assert (= "+lit+" "+es[0]+"))")
	w.setName(a, lit)
	return lit, nil
}

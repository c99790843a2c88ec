package ir

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Fprint writes p in the stable text form that golden tests compare and
// `prbmc ir` shows: types, globals, Init, then every defined function.
// Library functions are left out unless withLibrary is set.
func Fprint(w io.Writer, p *Program, withLibrary bool) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "program %s\n", p.DataModel)
	for _, t := range usedStructs(p, withLibrary) {
		fmt.Fprintf(bw, "type %s\n", t.Describe())
	}
	for _, g := range p.Globals {
		flags := ""
		if g.ReadOnly {
			flags += " readonly"
		}
		if g.AddrTaken {
			flags += " addr"
		}
		fmt.Fprintf(bw, "global %s %s%s%s\n", g.Name, typeString(g.Type), flags, dataString(g.Data))
	}
	if p.Init != nil && len(p.Init.Body) > 0 {
		bw.WriteString("\n")
		FprintFunc(bw, p.Init)
	}
	for _, f := range p.Funcs {
		if !f.HasBody() || (f.Library && !withLibrary) {
			continue
		}
		bw.WriteString("\n")
		FprintFunc(bw, f)
	}
	return bw.Flush()
}

// FprintFunc writes one function: its signature, locals, then numbered
// instructions with their source lines; loop heads are marked.
func FprintFunc(w io.Writer, f *Function) {
	fmt.Fprintf(w, "func %s(", f.Name)
	for i, p := range f.Params {
		if i > 0 {
			io.WriteString(w, ", ")
		}
		fmt.Fprintf(w, "%s %s", p.Name, typeString(p.Type))
	}
	fmt.Fprintf(w, ") %s", typeString(f.Type.Result))
	if f.Pos.IsValid() {
		fmt.Fprintf(w, "  // %s", f.Pos)
	}
	io.WriteString(w, "\n")
	for _, v := range f.Locals {
		if v.Kind == Param {
			continue
		}
		flags := ""
		if v.AddrTaken {
			flags = " addr"
		}
		fmt.Fprintf(w, "  %s %s %s%s\n", v.Kind, v.Name, typeString(v.Type), flags)
	}
	heads := map[int]bool{}
	for _, l := range f.Loops {
		heads[l.Head] = true
	}
	for i, in := range f.Body {
		mark := "  "
		if heads[i] {
			mark = "L "
		}
		line := ""
		if p := in.Pos(); p.IsValid() {
			line = fmt.Sprintf("  // %d", p.Line)
		}
		fmt.Fprintf(w, "%s%3d: %s%s\n", mark, i, InstrString(in), line)
	}
}

// InstrString renders one instruction in the Dump style.
func InstrString(in Instr) string { return Printer{}.Instr(in) }

// ExprString renders an expression in the Dump style: C-like, fully
// parenthesised, with explicit casts, so two different trees never print
// alike.
func ExprString(e Expr) string { return Printer{}.Expr(e) }

// Style is one of the printer's text forms. There is one walker for all
// three so that a new expression or instruction is taught to the printer
// once; the styles differ only where their readers do.
type Style uint8

const (
	// Dump is the IR's own text, which golden tests compare and `prbmc ir`
	// shows: fully parenthesised, explicit casts, constants with their
	// u/ul suffixes, nondets with their types, instructions with := and
	// property ids.
	Dump Style = iota
	// Source is C as the user wrote it, for property texts: parentheses
	// only around an operand that is a binary or conditional expression,
	// *(p+i) as p[i], (*p).f as p->f, &a[0] as a, and the integer
	// conversions the front end made explicit (the promotions) left out.
	// Constants and the IR-only forms (nondet, valid, freeable, &f) stay
	// as in the Dump, as property texts have always shown them (golden
	// files pin them).
	Source
	// Trace is C-like text for counterexample steps and the interpreter's
	// messages: casts kept (and parenthesised as operands), constants
	// without suffixes (a trace reads as values, and its values carry no
	// suffix), floats at double precision, nondets as the call that made
	// them, instructions as C statements (x = e, assume(c), f(a)).
	Trace
)

// Printer renders expressions and instructions in one Style.
type Printer struct {
	Style Style
	// Name, if set, renders a reference to v; nested says it is an
	// operand, so that a name standing for an expression ("f() + 1")
	// can parenthesise itself. Without it a variable prints as its Name.
	Name func(v *Var, nested bool) string
	// Index, if set, may render an index along the top expression's
	// lvalue path (its Index and Field chain), e.g. as the index's value
	// in a trace step; when it declines, the index prints as itself.
	Index func(i Expr) (string, bool)
}

// Expr renders e.
func (p Printer) Expr(e Expr) string {
	w := exprWriter{p: p}
	w.expr(e, false, true)
	return w.b.String()
}

// Instr renders one instruction.
func (p Printer) Instr(in Instr) string {
	dump := p.Style == Dump
	assign := " = "
	if dump {
		assign = " := "
	}
	switch in := in.(type) {
	case *Decl:
		if dump {
			return "decl " + p.varName(in.V)
		}
		return "decl " + cTypeString(in.V.Type) + " " + p.varName(in.V)
	case *Dead:
		return "dead " + p.varName(in.V)
	case *Assign:
		return p.Expr(in.Lhs) + assign + p.Expr(in.Rhs)
	case *Assume:
		if dump {
			return "assume " + p.Expr(in.Cond)
		}
		return "assume(" + p.Expr(in.Cond) + ")"
	case *Assert:
		if dump {
			return fmt.Sprintf("assert %s  [%s %s %q]", p.Expr(in.Cond), in.Prop.ID, in.Prop.Kind, in.Prop.Text)
		}
		return "assert(" + p.Expr(in.Cond) + ")"
	case *Goto:
		switch {
		case in.Cond == nil:
			return "goto " + strconv.Itoa(in.Target)
		case dump:
			return "if " + p.Expr(in.Cond) + " goto " + strconv.Itoa(in.Target)
		}
		return "if (" + p.Expr(in.Cond) + ") goto " + strconv.Itoa(in.Target)
	case *Call:
		call := p.Call(in)
		if dump {
			call = "call " + call
		}
		if in.Result != nil {
			return p.Expr(in.Result) + assign + call
		}
		return call
	case *Return:
		if in.Value == nil {
			return "return"
		}
		return "return " + p.Expr(in.Value)
	case *Skip:
		return "skip"
	case *Unsupported:
		if dump {
			return fmt.Sprintf("unsupported %q", in.Construct)
		}
		return "unsupported " + in.Construct
	}
	if dump {
		return fmt.Sprintf("?%T", in)
	}
	return "?"
}

// Call renders a call without its result: f(a, b). The Dump writes a
// builtin as $name, the C styles as its name.
func (p Printer) Call(c *Call) string {
	var b strings.Builder
	switch {
	case p.Style == Dump && c.Fn == nil:
		b.WriteString("$" + c.Builtin.String())
	case p.Style == Dump:
		b.WriteString(c.Fn.Name)
	case c.Builtin != NotBuiltin:
		b.WriteString(c.Builtin.String())
	case c.Fn != nil:
		b.WriteString(c.Fn.Name)
	}
	b.WriteString("(")
	for i, a := range c.Args {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.Expr(a))
	}
	b.WriteString(")")
	return b.String()
}

func (p Printer) varName(v *Var) string {
	if p.Name != nil {
		return p.Name(v, false)
	}
	return v.Name
}

type exprWriter struct {
	p Printer
	b strings.Builder
}

func (w *exprWriter) str(s string) { w.b.WriteString(s) }

// operandParens says whether e, as an operand, is parenthesised. The Dump
// parenthesises every binary and conditional expression itself, so it
// never needs to here.
func (w *exprWriter) operandParens(e Expr) bool {
	switch e.(type) {
	case *Binary, *Cond:
		return w.p.Style != Dump
	case *Cast:
		return w.p.Style == Trace
	}
	return false
}

// expr writes e; nested says it is an operand; lv says it is on the top
// expression's lvalue path, where Printer.Index applies.
func (w *exprWriter) expr(e Expr, nested, lv bool) {
	if nested && w.operandParens(e) {
		w.str("(")
		w.expr(e, false, lv)
		w.str(")")
		return
	}
	st := w.p.Style
	sub := st != Dump // the C styles' operands are "nested"
	switch e := e.(type) {
	case nil:
		w.str("<nil>")
	case *Const:
		if st == Trace {
			w.str(plainConstString(e.T, e.Bits))
		} else {
			w.str(ConstString(e.T, e.Bits))
		}
	case *FloatConst:
		if e.T != nil && e.T.IsLong() {
			w.str(e.X.String())
		} else if st == Trace {
			// Double precision even for a float (0.10000000149011612f
			// where the Dump writes 0.1f): trace texts keep the form
			// they had before the printers were one.
			s := FloatString(e.V, 64)
			if e.T != nil && e.T.Bits == 32 {
				s += "f"
			}
			w.str(s)
		} else {
			w.str(FloatString(e.V, e.T.Bits))
		}
	case *VarRef:
		if w.p.Name != nil {
			w.str(w.p.Name(e.V, nested))
		} else {
			w.str(e.V.Name)
		}
	case *Deref:
		switch st {
		case Dump:
			w.str("*(")
			w.expr(e.P, false, false)
			w.str(")")
			return
		case Source:
			if a, ok := e.P.(*Binary); ok && a.Op == PtrAdd {
				w.expr(a.X, true, false)
				w.str("[")
				w.expr(a.Y, false, false)
				w.str("]")
				return
			}
		}
		w.str("*")
		w.expr(e.P, true, false)
	case *Field:
		name := "?"
		if s, ok := e.X.Type().(*StructType); ok && e.Index >= 0 && e.Index < len(s.Fields) {
			name = s.Fields[e.Index].Name
		}
		if d, ok := e.X.(*Deref); ok && st != Dump {
			// Source writes (*(p+i)).f as p[i].f, the Trace as (p + i)->f.
			if _, isAdd := d.P.(*Binary); !isAdd || st == Trace {
				w.expr(d.P, true, false)
				w.str("->" + name)
				return
			}
		}
		w.expr(e.X, sub, lv)
		w.str("." + name)
	case *Index:
		w.expr(e.X, sub, lv)
		w.str("[")
		if s, ok := w.index(e.I, lv); ok {
			w.str(s)
		} else {
			w.expr(e.I, false, false)
		}
		w.str("]")
	case *AddrOf:
		if ix, ok := e.X.(*Index); ok && st == Source && isZeroConst(ix.I) {
			// An array in value position decays to &a[0]: print a.
			w.expr(ix.X, nested, false)
			return
		}
		w.str("&")
		w.expr(e.X, sub, false)
	case *FuncAddr:
		if st != Trace {
			w.str("&")
		}
		w.str(e.F.Name)
	case *Unary:
		w.str(e.Op.String())
		if st == Dump {
			w.str("(")
			w.expr(e.X, false, false)
			w.str(")")
			return
		}
		w.expr(e.X, true, false)
	case *Binary:
		op := e.Op.String()
		if st == Dump {
			w.str("(")
		} else if e.Op == PtrAdd || e.Op == PtrSub {
			op = op[:1] // +p and -p are the IR's; C writes + and -
		}
		w.expr(e.X, sub, false)
		w.str(" " + op + " ")
		w.expr(e.Y, sub, false)
		if st == Dump {
			w.str(")")
		}
	case *Cast:
		if st == Dump {
			w.str("(" + typeString(e.T) + ")")
			w.expr(e.X, false, false)
			return
		}
		if st == Source && isIntType(e.T) && isIntType(e.X.Type()) {
			w.expr(e.X, nested, lv)
			return
		}
		w.str("(" + cTypeString(e.T) + ")")
		w.expr(e.X, true, false)
	case *Cond:
		if st == Dump {
			w.str("(")
		}
		w.expr(e.C, sub, false)
		w.str(" ? ")
		w.expr(e.X, sub, false)
		w.str(" : ")
		w.expr(e.Y, sub, false)
		if st == Dump {
			w.str(")")
		}
	case *Nondet:
		switch st {
		case Trace:
			w.str(e.Name + "()")
		default:
			fmt.Fprintf(&w.b, "nondet<%s>(%q)", typeString(e.T), e.Name)
		}
	case *Valid:
		w.str("valid(")
		w.leafOperand(e.P)
		w.str(", " + strconv.FormatInt(e.N, 10))
		if e.Write {
			w.str(", write")
		}
		w.str(")")
	case *Freeable:
		w.str("freeable(")
		w.leafOperand(e.P)
		w.str(")")
	default:
		if st == Trace {
			w.str("<?>")
		} else {
			fmt.Fprintf(&w.b, "?%T", e)
		}
	}
}

// leafOperand writes the operand of an IR-only form (valid, freeable):
// Source shows those forms, operand included, as the Dump does.
func (w *exprWriter) leafOperand(e Expr) {
	switch w.p.Style {
	case Source:
		w.str(ExprString(e))
	case Trace:
		w.expr(e, true, false)
	default:
		w.expr(e, false, false)
	}
}

func (w *exprWriter) index(i Expr, lv bool) (string, bool) {
	if !lv || w.p.Index == nil {
		return "", false
	}
	return w.p.Index(i)
}

func isIntType(t Type) bool {
	_, ok := t.(*IntType)
	return ok
}

func isZeroConst(e Expr) bool {
	c, ok := e.(*Const)
	return ok && c.Bits == 0
}

// cTypeString is a type as the C styles write it in a cast or
// declaration.
func cTypeString(t Type) string {
	if t == nil {
		return "?"
	}
	return t.String()
}

// plainConstString is ConstString without the unsigned suffixes, for the
// Trace: signed constants of the usual widths sign-extended, everything
// else as its bits.
func plainConstString(t Type, bits uint64) string {
	switch t := t.(type) {
	case *IntType:
		if t.Signed && t.Bits <= 64 {
			shift := uint(64 - t.Bits)
			return strconv.FormatInt(int64(bits<<shift)>>shift, 10)
		}
	case *PointerType:
		return ConstString(t, bits)
	}
	return strconv.FormatUint(bits, 10)
}

// ConstString renders an integer or pointer constant of type t.
func ConstString(t Type, bits uint64) string {
	switch t := t.(type) {
	case *IntType:
		if t.Signed {
			shift := uint(64 - t.Bits)
			return strconv.FormatInt(int64(bits<<shift)>>shift, 10)
		}
		s := strconv.FormatUint(bits, 10)
		if t.Bits > 32 {
			return s + "ul"
		}
		return s + "u"
	case *PointerType:
		if bits == 0 {
			return "NULL"
		}
		return fmt.Sprintf("(%s)0x%x", typeString(t), bits)
	}
	return strconv.FormatUint(bits, 10)
}

// FloatString renders a float so that it reads back exactly.
func FloatString(v float64, bits int) string {
	switch {
	case math.IsNaN(v):
		return "NaN"
	case math.IsInf(v, 1):
		return "+Inf"
	case math.IsInf(v, -1):
		return "-Inf"
	}
	s := strconv.FormatFloat(v, 'g', -1, bits)
	if !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	if bits == 32 {
		s += "f"
	}
	return s
}

// dataString shows a global's initial bytes, trailing zeros left out.
func dataString(b []byte) string {
	n := len(b)
	for n > 0 && b[n-1] == 0 {
		n--
	}
	if n == 0 {
		return ""
	}
	if n > 48 {
		return fmt.Sprintf(" = %q… (%d bytes)", b[:48], n)
	}
	return fmt.Sprintf(" = %q", b[:n])
}

// usedStructs lists the struct types that the printed part of p mentions,
// so that the types of system headers do not bury the user's.
func usedStructs(p *Program, withLibrary bool) []*StructType {
	seen := map[*StructType]bool{}
	var visit func(t Type)
	visit = func(t Type) {
		switch t := t.(type) {
		case *StructType:
			if seen[t] {
				return
			}
			seen[t] = true
			for _, f := range t.Fields {
				visit(f.Type)
			}
		case *PointerType:
			visit(t.Elem)
		case *ArrayType:
			visit(t.Elem)
		}
	}
	for _, f := range p.Funcs {
		if !f.HasBody() || (f.Library && !withLibrary) {
			continue
		}
		for _, v := range f.Locals {
			visit(v.Type)
		}
		visit(f.Type.Result)
	}
	var out []*StructType
	for _, t := range p.Types {
		if seen[t] {
			out = append(out, t)
		}
	}
	return out
}

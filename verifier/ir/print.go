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

// InstrString renders one instruction.
func InstrString(in Instr) string {
	switch in := in.(type) {
	case *Decl:
		return "decl " + in.V.Name
	case *Dead:
		return "dead " + in.V.Name
	case *Assign:
		return ExprString(in.Lhs) + " := " + ExprString(in.Rhs)
	case *Assume:
		return "assume " + ExprString(in.Cond)
	case *Assert:
		return fmt.Sprintf("assert %s  [%s %s %q]", ExprString(in.Cond), in.Prop.ID, in.Prop.Kind, in.Prop.Text)
	case *Goto:
		if in.Cond == nil {
			return fmt.Sprintf("goto %d", in.Target)
		}
		return fmt.Sprintf("if %s goto %d", ExprString(in.Cond), in.Target)
	case *Call:
		var b strings.Builder
		if in.Result != nil {
			b.WriteString(ExprString(in.Result))
			b.WriteString(" := ")
		}
		b.WriteString("call ")
		if in.Fn != nil {
			b.WriteString(in.Fn.Name)
		} else {
			b.WriteString("$" + in.Builtin.String())
		}
		b.WriteString("(")
		for i, a := range in.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(ExprString(a))
		}
		b.WriteString(")")
		return b.String()
	case *Return:
		if in.Value == nil {
			return "return"
		}
		return "return " + ExprString(in.Value)
	case *Skip:
		return "skip"
	case *Unsupported:
		return fmt.Sprintf("unsupported %q", in.Construct)
	}
	return fmt.Sprintf("?%T", in)
}

// ExprString renders an expression in a C-like, fully parenthesised form
// with explicit casts, so two different trees never print alike.
func ExprString(e Expr) string {
	var b strings.Builder
	writeExpr(&b, e)
	return b.String()
}

func writeExpr(b *strings.Builder, e Expr) {
	switch e := e.(type) {
	case nil:
		b.WriteString("<nil>")
	case *Const:
		b.WriteString(ConstString(e.T, e.Bits))
	case *FloatConst:
		b.WriteString(FloatString(e.V, e.T.Bits))
	case *VarRef:
		b.WriteString(e.V.Name)
	case *Deref:
		b.WriteString("*(")
		writeExpr(b, e.P)
		b.WriteString(")")
	case *Field:
		writeExpr(b, e.X)
		b.WriteString(".")
		b.WriteString(e.X.Type().(*StructType).Fields[e.Index].Name)
	case *Index:
		writeExpr(b, e.X)
		b.WriteString("[")
		writeExpr(b, e.I)
		b.WriteString("]")
	case *AddrOf:
		b.WriteString("&")
		writeExpr(b, e.X)
	case *FuncAddr:
		b.WriteString("&")
		b.WriteString(e.F.Name)
	case *Unary:
		b.WriteString(e.Op.String())
		b.WriteString("(")
		writeExpr(b, e.X)
		b.WriteString(")")
	case *Binary:
		b.WriteString("(")
		writeExpr(b, e.X)
		b.WriteString(" " + e.Op.String() + " ")
		writeExpr(b, e.Y)
		b.WriteString(")")
	case *Cast:
		b.WriteString("(" + typeString(e.T) + ")")
		writeExpr(b, e.X)
	case *Cond:
		b.WriteString("(")
		writeExpr(b, e.C)
		b.WriteString(" ? ")
		writeExpr(b, e.X)
		b.WriteString(" : ")
		writeExpr(b, e.Y)
		b.WriteString(")")
	case *Nondet:
		fmt.Fprintf(b, "nondet<%s>(%q)", typeString(e.T), e.Name)
	case *Valid:
		b.WriteString("valid(")
		writeExpr(b, e.P)
		if e.Write {
			fmt.Fprintf(b, ", %d, write)", e.N)
		} else {
			fmt.Fprintf(b, ", %d)", e.N)
		}
	case *Freeable:
		b.WriteString("freeable(")
		writeExpr(b, e.P)
		b.WriteString(")")
	default:
		fmt.Fprintf(b, "?%T", e)
	}
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

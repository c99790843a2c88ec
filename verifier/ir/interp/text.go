package interp

import (
	"strconv"
	"strings"

	"github.com/prbmc/prbmc/verifier/ir"
)

// ---------------------------------------------------------------------------
// Expressions and instructions as C-like text

// tracePrinter renders IR as C-like text (ir.Trace) with the variables'
// C names.
var tracePrinter = ir.Printer{Style: ir.Trace, Name: func(v *ir.Var, _ bool) string { return srcName(v) }}

// exprText renders e as C-like text.
func exprText(e ir.Expr) string { return tracePrinter.Expr(e) }

// instrText renders a trace step's instruction: as ir.Trace writes it,
// except for the two whose IR form is not what the program says.
func instrText(in ir.Instr) string {
	switch in := in.(type) {
	case *ir.Assign:
		if bf := in.BitField; bf != nil {
			// The store as written, not the masks into its unit.
			if bf.Source != "" {
				return bf.Source
			}
			return bitFieldName(exprText(in.Lhs), bf) + " = (initial value)"
		}
	case *ir.Assert:
		if p := in.Prop; p != nil && p.Kind != ir.PropAssertion && p.Kind != ir.PropReachError && p.Text != "" {
			// An inserted check reads as what it checks; its condition
			// is the instrumentation's, not the program's text.
			return p.Kind.String() + " check: " + p.Text
		}
	}
	return tracePrinter.Instr(in)
}

// ---------------------------------------------------------------------------
// Values

// renderVal renders a scalar by kind: integers in decimal, floats as %g,
// pointers as &obj+off, NULL, or a hexadecimal invalid address.
func (m *machine) renderVal(k skind, v val) string {
	switch k {
	case kI8, kI16, kI32, kI64:
		return strconv.FormatInt(int64(v.bits), 10)
	case kU8, kU16, kU32, kU64:
		return strconv.FormatUint(v.bits, 10)
	case kF32:
		return fmtG(float64(f32(v)))
	case kF64:
		return fmtG(f64(v))
	case kF80:
		return f80(v).String()
	case kPtr:
		if v.obj == nil {
			if v.bits == 0 {
				return "NULL"
			}
			return "0x" + strconv.FormatUint(v.bits, 16)
		}
		s := "&" + v.obj.name()
		if off := int64(v.bits); off != 0 {
			if off > 0 {
				s += "+"
			}
			s += strconv.FormatInt(off, 10)
		}
		return s
	}
	return "?"
}

func fmtG(f float64) string {
	sp := fmtSpec{prec: -1, conv: 'g'}
	return string(fmtFloat(nil, &sp, f))
}

// renderMem renders the value of type t at (o, off) without faulting.
func (m *machine) renderMem(t ir.Type, o *object, off int64) string {
	if o == nil || off < 0 || off+t.Size() > int64(len(o.data)) {
		return "?"
	}
	var b strings.Builder
	m.writeMem(&b, t, o, off, 0)
	return b.String()
}

func (m *machine) writeMem(b *strings.Builder, t ir.Type, o *object, off int64, depth int) {
	if b.Len() > 512 {
		b.WriteString("...")
		return
	}
	switch t := t.(type) {
	case *ir.StructType:
		b.WriteByte('{')
		for i, f := range t.Fields {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(f.Name + "=")
			if depth > 4 {
				b.WriteString("...")
				continue
			}
			m.writeMem(b, f.Type, o, off+f.Offset, depth+1)
		}
		b.WriteByte('}')
	case *ir.ArrayType:
		b.WriteByte('{')
		es := t.Elem.Size()
		for i := int64(0); i < t.Len; i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			if i >= 16 || depth > 4 {
				b.WriteString("...")
				break
			}
			m.writeMem(b, t.Elem, o, off+i*es, depth+1)
		}
		b.WriteByte('}')
	default:
		k := kindOf(t)
		n := kindBytes(k)
		if k == kPtr {
			n = m.pw
		}
		if n == 0 || k == kI128 || off+n > int64(len(o.data)) {
			b.WriteString("?")
			return
		}
		var v val
		if k == kPtr {
			v = m.peekPtr(o, off)
		} else {
			v = m.valFromBytes(k, o.data[off:off+n])
		}
		b.WriteString(m.renderVal(k, v))
	}
}

// peekPtr reads a pointer without access checks.
func (m *machine) peekPtr(o *object, off int64) val {
	if f, ok := m.getFrag(o, off); ok {
		return val{bits: uint64(f.off), obj: f.obj}
	}
	var a uint64
	if m.pw == 4 {
		a = uint64(le.Uint32(o.data[off:]))
	} else {
		a = le.Uint64(o.data[off:])
	}
	return m.ptrFromAddr(a)
}

// ---------------------------------------------------------------------------
// Trace

func lhsOf(in ir.Instr) ir.Expr {
	switch in := in.(type) {
	case *ir.Assign:
		return in.Lhs
	case *ir.Call:
		return in.Result
	}
	return nil
}

// tracePre records the step of in before it executes.
func (m *machine) tracePre(in *cinstr) {
	m.tix = -1
	if m.steps <= m.traceFrom {
		return
	}
	switch in.op {
	case opJump, opGoto, opSkip, opDead, opUnsupported, opBad:
		return
	}
	if in.ttext == "" {
		in.ttext = instrText(in.src)
	}
	st := Step{Func: m.fr.fn.f.Name, Pos: in.pos, Text: in.ttext}
	m.traceLoc = loc{}
	switch in.op {
	case opDecl:
		st.Lhs = srcName(in.v)
	case opAssignReg, opAssignGReg, opAssignMem, opAssignAgg, opCall, opBuiltin, opCallUndef:
		if e := lhsOf(in.src); e != nil {
			st.Lhs = m.lhsText(e)
			if a, ok := in.src.(*ir.Assign); ok && a.BitField != nil {
				st.Lhs = bitFieldName(st.Lhs, a.BitField)
			}
			if in.dst.kind == vlMem || in.dst.kind == dAgg {
				m.safe(func() { m.traceLoc = in.dst.lv(m) })
			}
		}
	}
	m.trace = append(m.trace, st)
	m.tix = len(m.trace) - 1
}

// tracePost completes the step of an assignment or declaration.
func (m *machine) tracePost(in *cinstr) {
	if m.tix < 0 {
		return
	}
	st := &m.trace[m.tix]
	switch in.op {
	case opAssignReg, opAssignGReg, opAssignMem, opAssignAgg:
		if a, ok := in.src.(*ir.Assign); ok && a.BitField != nil {
			st.Value = bitFieldValue(m.destValue(&in.dst).bits, a.BitField)
			break
		}
		st.Value = m.renderDest(&in.dst, m.destValue(&in.dst), nil)
	case opDecl:
		switch in.vl.kind {
		case vlReg:
			st.Value = m.renderVal(kindOf(in.v.Type), m.fr.regs[in.vl.idx])
		case vlMem:
			st.Value = m.renderMem(in.v.Type, &m.fr.objs[in.vl.idx], 0)
		}
	}
}

// destValue reads back the scalar just assigned to d (at m.traceLoc for
// memory).
func (m *machine) destValue(d *dest) val {
	switch d.kind {
	case vlReg:
		return m.fr.regs[d.reg]
	case vlGReg:
		return m.gregs[d.reg]
	case vlMem:
		var v val
		m.safe(func() { v = m.load(d.k, m.traceLoc.obj, m.traceLoc.off) })
		return v
	}
	return val{}
}

func (m *machine) renderDest(d *dest, v val, agg *object) string {
	if d.kind == dAgg {
		l := m.traceLoc
		return m.renderMem(d.t, l.obj, l.off)
	}
	return m.renderVal(d.k, v)
}

func (m *machine) renderRet(f *ir.Function, v val, agg *object) string {
	if f.Type == nil || f.Type.Result == nil {
		return ""
	}
	t := f.Type.Result
	if agg != nil {
		return m.renderMem(t, agg, 0)
	}
	switch k := kindOf(t); k {
	case kVoid, kNone, kAgg, kI128:
		return ""
	default:
		return m.renderVal(k, v)
	}
}

func (m *machine) traceCond(ok bool) {
	if m.tix >= 0 {
		if ok {
			m.trace[m.tix].Value = "true"
		} else {
			m.trace[m.tix].Value = "false"
		}
	}
}

// lhsText renders an lvalue with the current values of its indices.
func (m *machine) lhsText(e ir.Expr) string {
	p := tracePrinter
	p.Index = func(i ir.Expr) (string, bool) {
		if _, ok := i.(*ir.Const); ok {
			return "", false
		}
		k := kindOf(i.Type())
		if !isIntKind(k) {
			return "", false
		}
		var s string
		ok := m.safe(func() {
			if m.idxCache == nil {
				m.idxCache = map[ir.Expr]evalFn{}
			}
			f := m.idxCache[i]
			if f == nil {
				f = m.compileExpr(m.fr.fn, i)
				m.idxCache[i] = f
			}
			s = m.renderVal(k, f(m))
		})
		return s, ok
	}
	return p.Expr(e)
}

// safe runs f, reporting whether it completed without a fault.
func (m *machine) safe(f func()) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, isFault := r.(*faultErr); !isFault {
				panic(r)
			}
			ok = false
		}
	}()
	f()
	return true
}

// maxFailValues bounds the values a failed check's step shows.
const maxFailValues = 4

// failValues renders, for the step of a failed check, the values of the
// program's variables (and the members and elements of them) its
// condition reads: " — i = 2147483647, n = 4". A reader sees why it
// failed without walking the trace back.
func (m *machine) failValues(cond ir.Expr) string {
	var parts []string
	seen := map[string]bool{}
	ir.Inspect(cond, func(e ir.Expr) bool {
		if len(parts) == maxFailValues {
			return false
		}
		switch e.(type) {
		case *ir.VarRef, *ir.Field, *ir.Index, *ir.Deref:
		default:
			return true
		}
		v := ir.RootVar(e)
		if v == nil || v.Kind == ir.Temp || v.Source == "" {
			return true
		}
		k := kindOf(e.Type())
		if !isIntKind(k) && k != kF32 && k != kF64 && k != kF80 {
			return true
		}
		name := exprText(e)
		if seen[name] {
			return false
		}
		var s string
		if !m.safe(func() { s = m.renderVal(k, m.compileExpr(m.fr.fn, e)(m)) }) {
			return true
		}
		seen[name] = true
		parts = append(parts, name+" = "+s)
		return false
	})
	if len(parts) == 0 {
		return ""
	}
	return " — " + strings.Join(parts, ", ")
}

// bitFieldName turns the text of a bit-field's access unit (s.$bf0_1,
// p->$bf2) into the field's (s.a, p->flags).
func bitFieldName(unit string, bf *ir.BitFieldStore) string {
	if k := strings.LastIndex(unit, "$bf"); k > 0 {
		return unit[:k] + bf.Name
	}
	return unit
}

// bitFieldValue is the value of bit-field bf in its unit's bits.
func bitFieldValue(unit uint64, bf *ir.BitFieldStore) string {
	v := unit >> uint(bf.Shift)
	if bf.Width < 64 {
		v &= 1<<uint(bf.Width) - 1
		if bf.Signed && v>>uint(bf.Width-1)&1 == 1 {
			return strconv.FormatInt(int64(v|^(1<<uint(bf.Width)-1)), 10)
		}
	}
	if bf.Signed {
		return strconv.FormatInt(int64(v), 10)
	}
	return strconv.FormatUint(v, 10)
}

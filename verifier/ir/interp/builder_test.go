package interp

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/prbmc/prbmc/verifier/ir"
)

// A small IR builder for tests: the C front end is not available here.

type pb struct {
	p    *ir.Program
	std  *ir.Std
	init *fb
	nstr int
}

func newPB(dm ir.DataModel) *pb {
	return &pb{p: &ir.Program{DataModel: dm}, std: ir.StdTypes(dm)}
}

func (b *pb) global(name string, t ir.Type) *ir.Var {
	v := &ir.Var{Name: name, Source: name, Type: t, Kind: ir.Global, ID: len(b.p.Globals)}
	b.p.Globals = append(b.p.Globals, v)
	return v
}

// initf returns the builder of Program.Init.
func (b *pb) initf() *fb {
	if b.init == nil {
		f := &ir.Function{Name: "__init", Type: &ir.FuncType{Result: ir.Void}}
		b.p.Init = f
		b.init = &fb{b: b, f: f, labels: map[string]int{}}
	}
	return b.init
}

// str makes a read-only string literal and returns a char* to it.
func (b *pb) str(s string) ir.Expr {
	b.nstr++
	at := &ir.ArrayType{Elem: b.std.Char, Len: int64(len(s) + 1)}
	v := b.global(fmt.Sprintf("str#%d", b.nstr), at)
	v.ReadOnly = true
	in := b.initf()
	for i := 0; i <= len(s); i++ {
		var c byte
		if i < len(s) {
			c = s[i]
		}
		in.assign(b.index(b.ref(v), b.i32(int64(i))), b.c(b.std.Char, int64(int8(c))))
	}
	return b.addr(b.index(b.ref(v), b.i32(0)))
}

type fb struct {
	b      *pb
	f      *ir.Function
	labels map[string]int
	fix    []fixup
}

type fixup struct {
	g     *ir.Goto
	label string
}

func (b *pb) fn(name string, ret ir.Type, params ...*ir.Var) *fb {
	ft := &ir.FuncType{Result: ret}
	f := &ir.Function{Name: name, Type: ft, Pos: ir.Pos{File: "t.c", Line: 1}, Body: []ir.Instr{}}
	for _, p := range params {
		p.Kind = ir.Param
		p.Func = f
		p.ID = len(f.Locals)
		f.Params = append(f.Params, p)
		f.Locals = append(f.Locals, p)
		ft.Params = append(ft.Params, p.Type)
	}
	b.p.AddFunc(f)
	return &fb{b: b, f: f, labels: map[string]int{}}
}

// decl only declares a function without body.
func (b *pb) extern(name string, ret ir.Type) *ir.Function {
	f := &ir.Function{Name: name, Type: &ir.FuncType{Result: ret}}
	b.p.AddFunc(f)
	return f
}

func pv(name string, t ir.Type) *ir.Var { return &ir.Var{Name: name, Source: name, Type: t} }

func (f *fb) local(name string, t ir.Type) *ir.Var {
	v := &ir.Var{Name: name, Source: name, Type: t, Kind: ir.Local, Func: f.f, ID: len(f.f.Locals)}
	f.f.Locals = append(f.f.Locals, v)
	return v
}

func (f *fb) pos() ir.Pos { return ir.Pos{File: "t.c", Line: len(f.f.Body) + 10, Col: 1} }

func (f *fb) add(in ir.Instr) int {
	f.f.Body = append(f.f.Body, in)
	f.f.End = ir.Pos{File: "t.c", Line: len(f.f.Body) + 10}
	return len(f.f.Body) - 1
}

func (f *fb) decl(v *ir.Var)           { f.add(&ir.Decl{At: ir.At{P: f.pos()}, V: v}) }
func (f *fb) dead(v *ir.Var)           { f.add(&ir.Dead{At: ir.At{P: f.pos()}, V: v}) }
func (f *fb) assign(l, r ir.Expr)      { f.add(&ir.Assign{At: ir.At{P: f.pos()}, Lhs: l, Rhs: r}) }
func (f *fb) set(v *ir.Var, r ir.Expr) { f.assign(f.b.ref(v), r) }
func (f *fb) assume(c ir.Expr)         { f.add(&ir.Assume{At: ir.At{P: f.pos()}, Cond: c}) }
func (f *fb) skip()                    { f.add(&ir.Skip{At: ir.At{P: f.pos()}}) }
func (f *fb) unsupported(s string)     { f.add(&ir.Unsupported{At: ir.At{P: f.pos()}, Construct: s}) }
func (f *fb) label(name string)        { f.labels[name] = len(f.f.Body) }

func (f *fb) assert(c ir.Expr, text string) *ir.Property {
	p := &ir.Property{ID: fmt.Sprintf("%s.assertion.%d", f.f.Name, len(f.b.p.Props)+1), Kind: ir.PropAssertion, Text: text, Pos: f.pos(), Func: f.f.Name}
	f.b.p.Props = append(f.b.p.Props, p)
	f.add(&ir.Assert{At: ir.At{P: f.pos()}, Cond: c, Prop: p})
	return p
}

func (f *fb) gotoIf(c ir.Expr, label string) {
	g := &ir.Goto{At: ir.At{P: f.pos()}, Cond: c}
	f.add(g)
	f.fix = append(f.fix, fixup{g, label})
}

func (f *fb) jump(label string) { f.gotoIf(nil, label) }

func (f *fb) call(res ir.Expr, fn *ir.Function, args ...ir.Expr) {
	f.add(&ir.Call{At: ir.At{P: f.pos()}, Result: res, Fn: fn, Args: args})
}

func (f *fb) builtin(res ir.Expr, b ir.Builtin, args ...ir.Expr) {
	f.add(&ir.Call{At: ir.At{P: f.pos()}, Result: res, Builtin: b, Args: args})
}

func (f *fb) printf(format string, args ...ir.Expr) {
	f.builtin(nil, ir.BPrintf, append([]ir.Expr{f.b.str(format)}, args...)...)
}

func (f *fb) ret(v ir.Expr) { f.add(&ir.Return{At: ir.At{P: f.pos()}, Value: v}) }

// done resolves the labels.
func (f *fb) done() *ir.Function {
	for _, x := range f.fix {
		t, ok := f.labels[x.label]
		if !ok {
			panic("no label " + x.label)
		}
		x.g.Target = t
	}
	f.fix = nil
	return f.f
}

// Expressions

func (b *pb) c(t ir.Type, v int64) *ir.Const {
	it := t.(*ir.IntType)
	return &ir.Const{T: t, Bits: uint64(v) & it.Mask()}
}
func (b *pb) i32(v int64) *ir.Const  { return b.c(b.std.Int, v) }
func (b *pb) u32(v int64) *ir.Const  { return b.c(b.std.UInt, v) }
func (b *pb) i64(v int64) *ir.Const  { return b.c(b.std.LongLong, v) }
func (b *pb) u64(v uint64) *ir.Const { return &ir.Const{T: b.std.ULLong, Bits: v} }
func (b *pb) sz(v int64) *ir.Const   { return b.c(b.std.SizeT, v) }
func (b *pb) f64(v float64) ir.Expr  { return &ir.FloatConst{T: b.std.Double, V: v} }
func (b *pb) f32(v float32) ir.Expr  { return &ir.FloatConst{T: b.std.Float, V: float64(v)} }
func (b *pb) null(t ir.Type) ir.Expr { return &ir.Const{T: b.ptr(t)} }
func (b *pb) ref(v *ir.Var) ir.Expr  { return &ir.VarRef{V: v} }
func (b *pb) ptr(t ir.Type) *ir.PointerType {
	return &ir.PointerType{Elem: t, Bytes: b.p.DataModel.PointerBytes()}
}
func (b *pb) arr(t ir.Type, n int64) *ir.ArrayType { return &ir.ArrayType{Elem: t, Len: n} }

func (b *pb) bin(op ir.BinOp, x, y ir.Expr) ir.Expr {
	t := x.Type()
	if op.IsComparison() {
		t = b.std.Int
	}
	if op == ir.PtrSub {
		t = b.std.PtrDiffT
	}
	return &ir.Binary{Op: op, X: x, Y: y, T: t}
}
func (b *pb) add(x, y ir.Expr) ir.Expr { return b.bin(ir.Add, x, y) }
func (b *pb) lt(x, y ir.Expr) ir.Expr  { return b.bin(ir.Lt, x, y) }
func (b *pb) eq(x, y ir.Expr) ir.Expr  { return b.bin(ir.Eq, x, y) }
func (b *pb) ne(x, y ir.Expr) ir.Expr  { return b.bin(ir.Ne, x, y) }
func (b *pb) un(op ir.UnOp, x ir.Expr) ir.Expr {
	t := x.Type()
	if op == ir.LNot {
		t = b.std.Int
	}
	return &ir.Unary{Op: op, X: x, T: t}
}
func (b *pb) cast(x ir.Expr, t ir.Type) ir.Expr { return &ir.Cast{X: x, T: t} }
func (b *pb) cond(c, x, y ir.Expr) ir.Expr      { return &ir.Cond{C: c, X: x, Y: y, T: x.Type()} }
func (b *pb) deref(p ir.Expr) ir.Expr {
	return &ir.Deref{P: p, T: p.Type().(*ir.PointerType).Elem}
}
func (b *pb) addr(x ir.Expr) ir.Expr             { return &ir.AddrOf{X: x, T: b.ptr(x.Type())} }
func (b *pb) index(x, i ir.Expr) ir.Expr         { return &ir.Index{X: x, I: i} }
func (b *pb) field(x ir.Expr, i int) ir.Expr     { return &ir.Field{X: x, Index: i} }
func (b *pb) ptradd(p, i ir.Expr) ir.Expr        { return b.bin(ir.PtrAdd, p, i) }
func (b *pb) nondet(t ir.Type, n string) ir.Expr { return &ir.Nondet{T: t, Name: n} }

// strct builds a struct type with C layout from (name, type) pairs.
func (b *pb) strct(name string, union bool, fields ...any) *ir.StructType {
	st := &ir.StructType{Name: name, Union: union, Alignment: 1}
	var off int64
	for i := 0; i < len(fields); i += 2 {
		t := fields[i+1].(ir.Type)
		a := t.Align()
		if union {
			st.Fields = append(st.Fields, ir.Member{Name: fields[i].(string), Type: t})
			if t.Size() > off {
				off = t.Size()
			}
		} else {
			off = (off + a - 1) / a * a
			st.Fields = append(st.Fields, ir.Member{Name: fields[i].(string), Type: t, Offset: off})
			off += t.Size()
		}
		if a > st.Alignment {
			st.Alignment = a
		}
	}
	st.Bytes = (off + st.Alignment - 1) / st.Alignment * st.Alignment
	b.p.Types = append(b.p.Types, st)
	return st
}

// run executes function entry of b's program.
func (b *pb) run(t testing.TB, entry string, opts Options) (*Result, string) {
	t.Helper()
	if b.init != nil {
		b.init.done()
	}
	var out bytes.Buffer
	if opts.Stdout == nil {
		opts.Stdout = &out
	}
	res, err := Run(context.Background(), b.p, entry, opts)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return res, out.String()
}

// mainRet builds "int main(void) { body; return expr }" helpers.
func (b *pb) mainFn() *fb { return b.fn("main", b.std.Int) }

// seqSource is a NondetSource from a list of byte slices.
type seqSource struct {
	vals [][]byte
	i    int
	seen []string
}

func (s *seqSource) Next(t ir.Type, why string, pos ir.Pos) ([]byte, error) {
	s.seen = append(s.seen, why)
	if s.i >= len(s.vals) {
		return nil, fmt.Errorf("out of inputs")
	}
	v := s.vals[s.i]
	s.i++
	return v, nil
}

func le32(v int32) []byte { return []byte{byte(v), byte(v >> 8), byte(v >> 16), byte(v >> 24)} }

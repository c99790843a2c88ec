package interp

import (
	"github.com/prbmc/prbmc/verifier/ir"
)

// ---------------------------------------------------------------------------
// Variables

const (
	vlReg  = iota // a register of the activation
	vlMem         // a memory object of the activation
	vlGReg        // a global register
	vlGMem        // a global object
)

type varLoc struct {
	kind int
	idx  int     // register index or memory slot
	obj  *object // vlGMem
}

type memVar struct {
	v     *ir.Var
	off   int64 // in the frame's data (and address range)
	size  int64
	frag  int // first fragment slot in the frame's fragment table
	nfrag int
}

// cfunc is a function prepared for execution.
type cfunc struct {
	f         *ir.Function
	code      []cinstr
	compiled  bool
	vars      map[*ir.Var]varLoc
	regVars   []*ir.Var
	mem       []memVar
	span      int64
	nfrags    int
	params    []varLoc
	paramKind []skind
	paramSize []int64
}

func (m *machine) cfuncOf(f *ir.Function) *cfunc {
	if c := m.funcs[f]; c != nil {
		return c
	}
	c := &cfunc{f: f, vars: map[*ir.Var]varLoc{}}
	m.funcs[f] = c
	return c
}

// scanAddrTaken marks the variables whose address is taken anywhere in the
// program: only they need memory objects; the other scalars live in
// registers.
func (m *machine) scanAddrTaken() {
	m.memVars = ir.AddressTaken(m.p)
}

func (m *machine) isReg(v *ir.Var) bool {
	if !ir.IsScalar(v.Type) || m.memVars[v] {
		return false
	}
	return kindOf(v.Type) != kI128
}

func (m *machine) globalLoc(v *ir.Var) varLoc {
	if l, ok := m.gvars[v]; ok {
		return l
	}
	var l varLoc
	if m.isReg(v) {
		l = varLoc{kind: vlGReg, idx: len(m.gregs)}
		init := val{}
		if len(v.Data) > 0 {
			b := make([]byte, max(v.Type.Size(), 8))
			copy(b, v.Data)
			init = m.valFromBytes(m.scalarKind(v.Type), b)
		}
		m.gregs = append(m.gregs, init)
	} else {
		size := v.Type.Size()
		m.reserve("object "+srcName(v), size)
		o := &object{data: make([]byte, size), v: v, kind: okGlobal}
		copy(o.data, v.Data)
		o.base = m.alloc(size)
		m.gobjs = append(m.gobjs, o)
		if v.ReadOnly {
			m.readOnlyAfterInit = append(m.readOnlyAfterInit, o)
		}
		l = varLoc{kind: vlGMem, obj: o}
	}
	m.gvars[v] = l
	return l
}

// funcObject is the object whose address is function f's: it has no
// bytes (every access through it faults), a fake address of its own, and
// it is never freeable.
func (m *machine) funcObject(f *ir.Function) *object {
	if o, ok := m.fobjs[f]; ok {
		return o
	}
	o := &object{kind: okFunc, fn: f, ro: true}
	o.base = m.alloc(0)
	m.gobjs = append(m.gobjs, o)
	m.fobjs[f] = o
	return o
}

func (m *machine) containsPtr(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.PointerType:
		return true
	case *ir.ArrayType:
		return m.containsPtr(t.Elem)
	case *ir.StructType:
		for _, f := range t.Fields {
			if m.containsPtr(f.Type) {
				return true
			}
		}
	}
	return false
}

// varLoc returns where v lives in function c (or globally).
func (m *machine) varLoc(c *cfunc, v *ir.Var) varLoc {
	if v.Kind == ir.Global {
		return m.globalLoc(v)
	}
	if l, ok := c.vars[v]; ok {
		return l
	}
	if c.compiled {
		m.fail("malformed IR: variable %s is not a local of %s", v.Name, c.f.Name)
	}
	var l varLoc
	if m.isReg(v) {
		l = varLoc{kind: vlReg, idx: len(c.regVars)}
		c.regVars = append(c.regVars, v)
	} else {
		size := v.Type.Size()
		off := (c.span + 15) &^ 15
		mv := memVar{v: v, off: off, size: size}
		if m.containsPtr(v.Type) {
			mv.frag = c.nfrags
			mv.nfrag = int((size + m.pw - 1) / m.pw)
			c.nfrags += mv.nfrag
		}
		c.span = off + size + 1
		l = varLoc{kind: vlMem, idx: len(c.mem)}
		c.mem = append(c.mem, mv)
	}
	c.vars[v] = l
	return l
}

// ---------------------------------------------------------------------------
// Frames

type frame struct {
	fn       *cfunc
	pc       int
	regs     []val
	objs     []object
	allocas  []*object
	call     *cinstr // the Call instruction of the caller awaiting the result
	traceIdx int     // the trace step of that call, or -1
	base     uint64
	end      uint64
	live     int64 // the bytes of the locals, accounted in machine.live
}

func (m *machine) pushFrame(fn *cfunc, call *cinstr) {
	if !fn.compiled {
		m.compile(fn)
	}
	if m.depth+1 >= m.maxDepth {
		m.fail("stack overflow: call depth exceeds %d", m.maxDepth)
	}
	m.depth++
	if m.depth == len(m.stack) {
		m.stack = append(m.stack, &frame{})
	}
	fr := m.stack[m.depth]
	fr.fn = fn
	fr.pc = 0
	fr.call = call
	fr.traceIdx = -1
	fr.allocas = fr.allocas[:0]
	if n := len(fn.regVars); cap(fr.regs) >= n {
		fr.regs = fr.regs[:n]
		clear(fr.regs)
	} else {
		fr.regs = make([]val, n)
	}
	if len(fn.mem) > 0 {
		if m.maxObj >= 0 && fn.span > m.maxObj {
			for i := range fn.mem {
				m.objectSize("object "+srcName(fn.mem[i].v), fn.mem[i].size)
			}
		}
		m.account("the locals of "+fn.f.Name, fn.span)
		fr.live = fn.span
		base := m.alloc(fn.span)
		data := make([]byte, fn.span)
		objs := make([]object, len(fn.mem))
		var frags []frag
		if fn.nfrags > 0 {
			frags = make([]frag, fn.nfrags)
		}
		for i := range fn.mem {
			mv := &fn.mem[i]
			o := &objs[i]
			o.data = data[mv.off : mv.off+mv.size : mv.off+mv.size]
			o.base = base + uint64(mv.off)
			o.v = mv.v
			o.kind = okLocal
			if mv.nfrag > 0 {
				o.slots = frags[mv.frag : mv.frag+mv.nfrag : mv.frag+mv.nfrag]
			}
		}
		fr.objs = objs
		fr.base = base
		fr.end = base + uint64(fn.span)
	} else {
		fr.live = 0
		fr.objs = nil
		fr.base = m.nextAddr
		fr.end = fr.base
	}
	m.fr = fr
}

func (m *machine) popFrame() {
	fr := m.fr
	for i := range fr.objs {
		fr.objs[i].state = stReturned
	}
	for _, o := range fr.allocas {
		o.state = stReturned
		m.heapFreed++ // lets freeBlock's compaction drop it from the index
		m.release(int64(len(o.data)))
	}
	m.release(fr.live)
	fr.live = 0
	clear(fr.allocas)
	fr.objs = nil
	m.depth--
	if m.depth >= 0 {
		m.fr = m.stack[m.depth]
	} else {
		m.fr = nil
	}
}

// bindParams stores m.args / m.argLocs into the parameters of the frame
// just pushed.
func (m *machine) bindParams(fn *cfunc, n int) {
	fr := m.fr
	for i := 0; i < n && i < len(fn.params); i++ {
		l := fn.params[i]
		k := fn.paramKind[i]
		switch l.kind {
		case vlReg:
			fr.regs[l.idx] = m.args[i]
		case vlMem:
			o := &fr.objs[l.idx]
			if k == kAgg {
				src := m.argLocs[i]
				m.copyMem(o, 0, src.obj, src.off, fn.paramSize[i])
			} else {
				m.store(k, o, 0, m.args[i])
			}
		}
	}
}

// ---------------------------------------------------------------------------
// Instructions

type opcode uint8

const (
	opSkip opcode = iota
	opJump
	opGoto
	opAssignReg
	opAssignGReg
	opAssignMem
	opAssignAgg
	opDecl
	opDead
	opAssume
	opAssert
	opCall
	opCallUndef
	opBuiltin
	opReturn
	opUnsupported
	opBad
)

// dest is a compiled assignment target.
type dest struct {
	kind int   // vlReg, vlGReg, vlMem (scalar store), or dAgg
	reg  int   // for registers
	k    skind // scalar kind
	st   storeFn
	lv   lvalFn // for aggregates (and traces)
	size int64
	t    ir.Type
}

const dAgg = 10

type cinstr struct {
	op     opcode
	pos    ir.Pos
	src    ir.Instr
	target int
	cond   condFn
	dst    dest
	rv     evalFn // scalar right-hand side / return value
	agg    lvalFn // aggregate right-hand side / return value
	size   int64
	v      *ir.Var
	vl     varLoc
	callee *cfunc
	args   []argc
	text   string // Decl: the input's reason; CallUndef: the callee; Unsupported: the construct; Bad: the message
	// hasInit: a Decl whose initialiser follows consumes no input.
	hasInit bool
	ttext   string // for traces, computed on first use
}

type argc struct {
	ev   evalFn
	agg  lvalFn
	size int64
}

func (m *machine) compile(c *cfunc) {
	f := c.f
	if c.compiled {
		return
	}
	for _, p := range f.Params {
		m.varLoc(c, p)
	}
	for _, v := range f.Locals {
		if v.Kind != ir.Global {
			m.varLoc(c, v)
		}
	}
	code := make([]cinstr, len(f.Body))
	for i, in := range f.Body {
		code[i] = m.compileInstr(c, in)
	}
	for _, p := range f.Params {
		c.params = append(c.params, c.vars[p])
		c.paramKind = append(c.paramKind, kindOf(p.Type))
		c.paramSize = append(c.paramSize, p.Type.Size())
	}
	c.code = code
	c.compiled = true
}

func (m *machine) compileInstr(c *cfunc, in ir.Instr) (ci cinstr) {
	ci.src = in
	if in == nil {
		ci.op = opBad
		ci.text = "malformed IR: nil instruction"
		return
	}
	ci.pos = in.Pos()
	defer func() {
		// Malformed IR found at compile time turns into an instruction that
		// faults when (and only when) it is reached.
		if r := recover(); r != nil {
			fl, ok := r.(*faultErr)
			if !ok {
				panic(r)
			}
			ci = cinstr{op: opBad, pos: in.Pos(), src: in, text: fl.msg}
		}
	}()
	switch in := in.(type) {
	case *ir.Skip:
		ci.op = opSkip
	case *ir.Goto:
		if in.Target < 0 || in.Target > len(c.f.Body) {
			m.fail("malformed IR: goto %d out of range", in.Target)
		}
		ci.target = in.Target
		if in.Cond == nil {
			ci.op = opJump
		} else {
			ci.op = opGoto
			ci.cond = m.compileCond(c, in.Cond)
		}
	case *ir.Assume:
		ci.op = opAssume
		ci.cond = m.compileCond(c, in.Cond)
	case *ir.Assert:
		ci.op = opAssert
		ci.cond = m.compileCond(c, in.Cond)
	case *ir.Decl:
		ci.op = opDecl
		ci.v = in.V
		ci.vl = m.varLoc(c, in.V)
		ci.text = "uninitialised " + srcName(in.V)
		ci.hasInit = in.HasInit
	case *ir.Dead:
		ci.op = opDead
		ci.v = in.V
		ci.vl = m.varLoc(c, in.V)
	case *ir.Assign:
		ci.dst = m.compileDest(c, in.Lhs)
		switch ci.dst.kind {
		case vlReg:
			ci.op = opAssignReg
		case vlGReg:
			ci.op = opAssignGReg
		case vlMem:
			ci.op = opAssignMem
		case dAgg:
			ci.op = opAssignAgg
			ci.agg = m.compileAggSrc(c, in.Rhs)
			return
		}
		ci.rv = m.compileExpr(c, in.Rhs)
	case *ir.Call:
		if in.Result != nil {
			ci.dst = m.compileDest(c, in.Result)
		} else {
			ci.dst.kind = -1
		}
		if in.Builtin != ir.NotBuiltin {
			ci.op = opBuiltin
			ci.target = int(in.Builtin)
			for _, a := range in.Args {
				ci.args = append(ci.args, argc{ev: m.compileExpr(c, a)})
			}
			return
		}
		if in.Fn == nil {
			m.fail("malformed IR: call without function")
		}
		if !in.Fn.HasBody() {
			ci.op = opCallUndef
			ci.text = in.Fn.Name
		} else {
			ci.op = opCall
			ci.callee = m.cfuncOf(in.Fn)
		}
		for i, a := range in.Args {
			var t ir.Type
			if i < len(in.Fn.Params) {
				t = in.Fn.Params[i].Type
			} else {
				t = a.Type()
			}
			if ir.IsScalar(t) {
				ci.args = append(ci.args, argc{ev: m.compileExpr(c, a)})
			} else {
				ci.args = append(ci.args, argc{agg: m.compileAggSrc(c, a), size: t.Size()})
			}
		}
	case *ir.Return:
		ci.op = opReturn
		if in.Value != nil {
			if ir.IsScalar(in.Value.Type()) {
				ci.rv = m.compileExpr(c, in.Value)
			} else {
				ci.agg = m.compileAggSrc(c, in.Value)
				ci.size = in.Value.Type().Size()
			}
		}
	case *ir.Unsupported:
		ci.op = opUnsupported
		ci.text = in.Construct
	default:
		m.fail("malformed IR: unknown instruction %T", in)
	}
	return
}

// compileDest compiles an assignment target.
func (m *machine) compileDest(c *cfunc, e ir.Expr) dest {
	t := e.Type()
	k := kindOf(t)
	if k == kAgg {
		return dest{kind: dAgg, lv: m.compileLval(c, e).fn, size: t.Size(), t: t}
	}
	if r, ok := e.(*ir.VarRef); ok {
		l := m.varLoc(c, r.V)
		switch l.kind {
		case vlReg:
			return dest{kind: vlReg, reg: l.idx, k: k}
		case vlGReg:
			return dest{kind: vlGReg, reg: l.idx, k: k}
		}
	}
	lv := m.compileLval(c, e)
	return dest{kind: vlMem, k: k, st: m.compileStore(lv, k), lv: lv.fn}
}

// storeTo performs the assignment of scalar v to d.
func (m *machine) storeTo(d *dest, v val) {
	switch d.kind {
	case vlReg:
		m.fr.regs[d.reg] = v
	case vlGReg:
		m.gregs[d.reg] = v
	case vlMem:
		d.st(m, v)
	}
}

// ---------------------------------------------------------------------------
// Lvalues

// lval is a compiled lvalue; static ones (a variable plus a constant
// offset) allow specialised loads and stores.
type lval struct {
	fn   lvalFn
	st   int // 0 dynamic, vlMem local slot, vlGMem global object
	slot int
	obj  *object
	off  int64
}

func (m *machine) compileLval(c *cfunc, e ir.Expr) lval {
	switch e := e.(type) {
	case *ir.VarRef:
		l := m.varLoc(c, e.V)
		switch l.kind {
		case vlGMem:
			o := l.obj
			return lval{st: vlGMem, obj: o, fn: func(m *machine) loc { return loc{o, 0} }}
		case vlMem:
			slot := l.idx
			return lval{st: vlMem, slot: slot, fn: func(m *machine) loc { return loc{&m.fr.objs[slot], 0} }}
		}
		m.fail("internal error: register variable %s used as an object", e.V.Name)
	case *ir.Deref:
		p := m.compileExpr(c, e.P)
		return lval{fn: func(m *machine) loc { v := p(m); return loc{v.obj, int64(v.bits)} }}
	case *ir.Field:
		st, ok := e.X.Type().(*ir.StructType)
		if !ok || e.Index < 0 || e.Index >= len(st.Fields) {
			m.fail("malformed IR: field %d of %s", e.Index, e.X.Type())
		}
		return m.offsetLval(m.compileLval(c, e.X), st.Fields[e.Index].Offset)
	case *ir.Index:
		at, ok := e.X.Type().(*ir.ArrayType)
		if !ok {
			m.fail("malformed IR: index of non-array %s", e.X.Type())
		}
		esz := at.Elem.Size()
		x := m.compileLval(c, e.X)
		if k, ok := e.I.(*ir.Const); ok {
			return m.offsetLval(x, int64(canon(kindOf(k.T), k.Bits))*esz)
		}
		i := m.compileExpr(c, e.I)
		xf := x.fn
		return lval{fn: func(m *machine) loc {
			l := xf(m)
			l.off += int64(i(m).bits) * esz
			return l
		}}
	case *ir.Cond:
		cond := m.compileCond(c, e.C)
		x := m.compileLval(c, e.X).fn
		y := m.compileLval(c, e.Y).fn
		return lval{fn: func(m *machine) loc {
			if cond(m) {
				return x(m)
			}
			return y(m)
		}}
	}
	m.fail("malformed IR: %T is not an lvalue", e)
	return lval{}
}

func (m *machine) offsetLval(x lval, off int64) lval {
	if off == 0 {
		return x
	}
	if x.st != 0 {
		x.off += off
		switch x.st {
		case vlGMem:
			o, off := x.obj, x.off
			x.fn = func(m *machine) loc { return loc{o, off} }
		case vlMem:
			slot, off := x.slot, x.off
			x.fn = func(m *machine) loc { return loc{&m.fr.objs[slot], off} }
		}
		return x
	}
	f := x.fn
	return lval{fn: func(m *machine) loc { l := f(m); l.off += off; return l }}
}

// compileAggSrc compiles an aggregate-valued expression to the location of
// its bytes.
func (m *machine) compileAggSrc(c *cfunc, e ir.Expr) lvalFn {
	if nd, ok := e.(*ir.Nondet); ok {
		t, why := nd.T, nd.Name
		return func(m *machine) loc {
			b := m.input(t, why, m.curPos(), true)
			return loc{m.tempObject(b), 0}
		}
	}
	return m.compileLval(c, e).fn
}

// ---------------------------------------------------------------------------
// Loads and stores

func (m *machine) compileLoad(lv lval, k skind) evalFn {
	switch k {
	case kI8:
		return loadInt[int8](m, lv)
	case kU8:
		return loadInt[uint8](m, lv)
	case kI16:
		return loadInt[int16](m, lv)
	case kU16:
		return loadInt[uint16](m, lv)
	case kI32:
		return loadInt[int32](m, lv)
	case kU32, kF32:
		return loadInt[uint32](m, lv)
	case kI64:
		return loadInt[int64](m, lv)
	case kU64, kF64:
		return loadInt[uint64](m, lv)
	case kPtr:
		f := lv.fn
		return func(m *machine) val { l := f(m); return m.loadPtr(l.obj, l.off) }
	case kI128:
		return func(m *machine) val { m.fail("unsupported 128-bit arithmetic"); return val{} }
	}
	m.fail("malformed IR: load of a value of type kind %d", k)
	return nil
}

func loadInt[T integer](m *machine, lv lval) evalFn {
	n := sizeOf[T]()
	switch lv.st {
	case vlGMem:
		if lv.off >= 0 && lv.off+n <= int64(len(lv.obj.data)) {
			b := lv.obj.data[lv.off : lv.off+n]
			return func(m *machine) val { return val{bits: rdInt[T](b)} }
		}
	case vlMem:
		slot, off := lv.slot, lv.off
		return func(m *machine) val { return val{bits: rdInt[T](m.access(&m.fr.objs[slot], off, n))} }
	}
	f := lv.fn
	return func(m *machine) val {
		l := f(m)
		return val{bits: rdInt[T](m.access(l.obj, l.off, n))}
	}
}

func (m *machine) compileStore(lv lval, k skind) storeFn {
	switch k {
	case kI8, kU8:
		return storeInt[uint8](m, lv)
	case kI16, kU16:
		return storeInt[uint16](m, lv)
	case kI32, kU32, kF32:
		return storeInt[uint32](m, lv)
	case kI64, kU64, kF64:
		return storeInt[uint64](m, lv)
	case kPtr:
		f := lv.fn
		return func(m *machine, v val) { l := f(m); m.storePtr(l.obj, l.off, v) }
	case kI128:
		return func(m *machine, v val) { m.fail("unsupported 128-bit arithmetic") }
	}
	m.fail("malformed IR: store of a value of type kind %d", k)
	return nil
}

func storeInt[T integer](m *machine, lv lval) storeFn {
	n := sizeOf[T]()
	switch lv.st {
	case vlGMem:
		if lv.off >= 0 && lv.off+n <= int64(len(lv.obj.data)) {
			o, off := lv.obj, lv.off
			b := o.data[off : off+n]
			return func(m *machine, v val) {
				if o.ro || o.slots != nil || o.odd != nil {
					b := m.waccess(o, off, n)
					wrInt[T](b, v.bits)
					return
				}
				wrInt[T](b, v.bits)
			}
		}
	case vlMem:
		slot, off := lv.slot, lv.off
		return func(m *machine, v val) { wrInt[T](m.waccess(&m.fr.objs[slot], off, n), v.bits) }
	}
	f := lv.fn
	return func(m *machine, v val) {
		l := f(m)
		wrInt[T](m.waccess(l.obj, l.off, n), v.bits)
	}
}

// ---------------------------------------------------------------------------
// Expressions

func (m *machine) compileExpr(c *cfunc, e ir.Expr) evalFn {
	if e == nil {
		m.fail("malformed IR: nil expression")
	}
	switch e := e.(type) {
	case *ir.Const:
		k := kindOf(e.T)
		if k == kPtr {
			if e.Bits == 0 {
				return func(m *machine) val { return val{} }
			}
			a := e.Bits
			return func(m *machine) val { return m.ptrFromAddr(a) }
		}
		if k == kI128 {
			return func(m *machine) val { m.fail("unsupported 128-bit arithmetic"); return val{} }
		}
		v := val{bits: canon(k, e.Bits)}
		return func(m *machine) val { return v }
	case *ir.FloatConst:
		var v val
		if e.T != nil && e.T.Bits == 32 {
			v = vf32(float32(e.V))
		} else {
			v = vf64(e.V)
		}
		return func(m *machine) val { return v }
	case *ir.VarRef:
		l := m.varLoc(c, e.V)
		switch l.kind {
		case vlReg:
			idx := l.idx
			return func(m *machine) val { return m.fr.regs[idx] }
		case vlGReg:
			idx := l.idx
			return func(m *machine) val { return m.gregs[idx] }
		}
		return m.compileLoad(m.compileLval(c, e), m.scalarKind(e.V.Type))
	case *ir.Deref, *ir.Field, *ir.Index:
		return m.compileLoad(m.compileLval(c, e), m.scalarKind(e.Type()))
	case *ir.AddrOf:
		lv := m.compileLval(c, e.X)
		switch lv.st {
		case vlGMem:
			v := val{obj: lv.obj, bits: uint64(lv.off)}
			return func(m *machine) val { return v }
		}
		f := lv.fn
		return func(m *machine) val { l := f(m); return val{obj: l.obj, bits: uint64(l.off)} }
	case *ir.FuncAddr:
		v := val{obj: m.funcObject(e.F)}
		return func(m *machine) val { return v }
	case *ir.Unary:
		return m.compileUnary(c, e)
	case *ir.Binary:
		return m.compileBinary(c, e)
	case *ir.Cast:
		return m.compileCast(c, e)
	case *ir.Cond:
		cond := m.compileCond(c, e.C)
		x := m.compileExpr(c, e.X)
		y := m.compileExpr(c, e.Y)
		return func(m *machine) val {
			if cond(m) {
				return x(m)
			}
			return y(m)
		}
	case *ir.Valid:
		p, n, write := m.compileExpr(c, e.P), e.N, e.Write
		return func(m *machine) val {
			if v := p(m); valid(v.obj, int64(v.bits), n) && (!write || !v.obj.ro) {
				return val{bits: 1}
			}
			return val{}
		}
	case *ir.Freeable:
		p := m.compileExpr(c, e.P)
		return func(m *machine) val {
			if freeable(p(m)) {
				return val{bits: 1}
			}
			return val{}
		}
	case *ir.Nondet:
		t, why := e.T, e.Name
		k := m.scalarKind(t)
		return func(m *machine) val {
			return m.valFromBytes(k, m.input(t, why, m.curPos(), true))
		}
	}
	m.fail("malformed IR: unknown expression %T", e)
	return nil
}

func (m *machine) scalarKind(t ir.Type) skind {
	k := kindOf(t)
	if k == kAgg || k == kVoid || k == kNone {
		m.fail("malformed IR: value of type %s used as a scalar", t)
	}
	return k
}

func (m *machine) compileUnary(c *cfunc, e *ir.Unary) evalFn {
	if e.Op == ir.LNot {
		cond := m.compileCond(c, e.X)
		return func(m *machine) val {
			if cond(m) {
				return val{}
			}
			return val{bits: 1}
		}
	}
	x := m.compileExpr(c, e.X)
	k := m.scalarKind(e.T)
	switch k {
	case kF32, kF64:
		if e.Op == ir.Neg {
			sign := uint64(1) << 63
			if k == kF32 {
				sign = 1 << 31
			}
			return func(m *machine) val { v := x(m); return val{bits: v.bits ^ sign} }
		}
	case kPtr:
	default:
		if f := intGen(k, func(t intOps) evalFn { return t.unary(e.Op, x) }); f != nil {
			return f
		}
	}
	m.fail("malformed IR: unary %s on %s", e.Op, e.T)
	return nil
}

// intOps dispatches generic integer code by kind.
type intOps interface {
	unary(op ir.UnOp, x evalFn) evalFn
	arith(op ir.BinOp, x, y evalFn) evalFn
	arithC(op ir.BinOp, x evalFn, c uint64) evalFn
	shiftC(op ir.BinOp, x evalFn, c uint64) evalFn
	cast(x evalFn) evalFn
	cmp(op ir.BinOp, x, y evalFn) condFn
	cmpC(op ir.BinOp, x evalFn, c uint64) condFn
}

type ops[T integer] struct{}

func (ops[T]) unary(op ir.UnOp, x evalFn) evalFn     { return intUnary[T](op, x) }
func (ops[T]) arith(op ir.BinOp, x, y evalFn) evalFn { return arith[T](op, x, y) }
func (ops[T]) arithC(op ir.BinOp, x evalFn, c uint64) evalFn {
	return arithC[T](op, x, T(c))
}
func (ops[T]) shiftC(op ir.BinOp, x evalFn, c uint64) evalFn { return shiftC[T](op, x, c) }
func (ops[T]) cast(x evalFn) evalFn                          { return castInt[T](x) }
func (ops[T]) cmp(op ir.BinOp, x, y evalFn) condFn           { return cmpInt[T](op, x, y) }
func (ops[T]) cmpC(op ir.BinOp, x evalFn, c uint64) condFn {
	return cmpIntC[T](op, x, T(c))
}

func opsOf(k skind) intOps {
	switch k {
	case kI8:
		return ops[int8]{}
	case kU8:
		return ops[uint8]{}
	case kI16:
		return ops[int16]{}
	case kU16:
		return ops[uint16]{}
	case kI32:
		return ops[int32]{}
	case kU32:
		return ops[uint32]{}
	case kI64:
		return ops[int64]{}
	case kU64:
		return ops[uint64]{}
	}
	return nil
}

func intGen[R any](k skind, f func(intOps) R) R {
	o := opsOf(k)
	if o == nil {
		var zero R
		return zero
	}
	return f(o)
}

func constOf(e ir.Expr) (uint64, bool) {
	if k, ok := e.(*ir.Const); ok {
		if kk := kindOf(k.T); isIntKind(kk) {
			return canon(kk, k.Bits), true
		}
	}
	return 0, false
}

func (m *machine) compileBinary(c *cfunc, e *ir.Binary) evalFn {
	switch e.Op {
	case ir.Eq, ir.Ne, ir.Lt, ir.Le, ir.Gt, ir.Ge, ir.LAnd, ir.LOr:
		cond := m.compileCond(c, e)
		return func(m *machine) val {
			if cond(m) {
				return val{bits: 1}
			}
			return val{}
		}
	case ir.PtrAdd:
		return m.compilePtrAdd(c, e)
	case ir.PtrSub:
		return m.compilePtrSub(c, e)
	}
	k := m.scalarKind(e.T)
	x := m.compileExpr(c, e.X)
	switch k {
	case kF32, kF64:
		y := m.compileExpr(c, e.Y)
		var f evalFn
		if k == kF32 {
			f = farith32(e.Op, x, y)
		} else {
			f = farith64(e.Op, x, y)
		}
		if f == nil {
			m.fail("malformed IR: %s on %s", e.Op, e.T)
		}
		return f
	case kI128:
		return func(m *machine) val { m.fail("unsupported 128-bit arithmetic"); return val{} }
	case kPtr:
		m.fail("malformed IR: %s on pointers", e.Op)
	}
	o := opsOf(k)
	if o == nil {
		m.fail("malformed IR: %s on %s", e.Op, e.T)
	}
	if cv, ok := constOf(e.Y); ok {
		if e.Op == ir.Shl || e.Op == ir.Shr {
			if f := o.shiftC(e.Op, x, cv); f != nil {
				return f
			}
		} else if f := o.arithC(e.Op, x, cv); f != nil {
			return f
		}
	}
	f := o.arith(e.Op, x, m.compileExpr(c, e.Y))
	if f == nil {
		m.fail("malformed IR: %s on %s", e.Op, e.T)
	}
	return f
}

func elemSize(t ir.Type) int64 {
	pt, ok := t.(*ir.PointerType)
	if !ok {
		return 1
	}
	if _, ok := pt.Elem.(ir.VoidType); ok {
		return 1
	}
	if _, ok := pt.Elem.(*ir.FuncType); ok {
		return 1
	}
	return pt.Elem.Size()
}

func (m *machine) compilePtrAdd(c *cfunc, e *ir.Binary) evalFn {
	p := m.compileExpr(c, e.X)
	esz := elemSize(e.X.Type())
	if kindOf(e.X.Type()) != kPtr {
		m.fail("malformed IR: pointer addition to %s", e.X.Type())
	}
	if !isIntKind(kindOf(e.Y.Type())) {
		m.fail("malformed IR: pointer addition of %s", e.Y.Type())
	}
	narrow := m.pw == 4
	if cv, ok := constOf(e.Y); ok {
		d := cv * uint64(esz)
		if narrow {
			d = uint64(int64(int32(d)))
		}
		return func(m *machine) val { v := p(m); v.bits += d; return v }
	}
	y := m.compileExpr(c, e.Y)
	return func(m *machine) val {
		v := p(m)
		d := y(m).bits * uint64(esz)
		if narrow {
			d = uint64(int64(int32(d)))
		}
		v.bits += d
		return v
	}
}

func (m *machine) compilePtrSub(c *cfunc, e *ir.Binary) evalFn {
	x := m.compileExpr(c, e.X)
	y := m.compileExpr(c, e.Y)
	esz := elemSize(e.X.Type())
	if esz <= 0 {
		esz = 1
	}
	rk := m.scalarKind(e.T)
	return func(m *machine) val {
		a, b := x(m), y(m)
		if a.obj != b.obj {
			m.fail("subtraction of pointers to different objects (%s and %s)", a.obj.name(), b.obj.name())
		}
		d := int64(a.bits - b.bits)
		if m.pw == 4 {
			d = int64(int32(d))
		}
		return val{bits: canon(rk, uint64(d/esz))}
	}
}

// ---------------------------------------------------------------------------
// Conditions

func (m *machine) compileCond(c *cfunc, e ir.Expr) condFn {
	switch e := e.(type) {
	case *ir.Const:
		b := e.Bits != 0
		return func(m *machine) bool { return b }
	case *ir.Unary:
		if e.Op == ir.LNot {
			x := m.compileCond(c, e.X)
			return func(m *machine) bool { return !x(m) }
		}
	case *ir.Binary:
		switch e.Op {
		case ir.LAnd:
			x, y := m.compileCond(c, e.X), m.compileCond(c, e.Y)
			return func(m *machine) bool { return x(m) && y(m) }
		case ir.LOr:
			x, y := m.compileCond(c, e.X), m.compileCond(c, e.Y)
			return func(m *machine) bool { return x(m) || y(m) }
		case ir.Eq, ir.Ne, ir.Lt, ir.Le, ir.Gt, ir.Ge:
			return m.compileCmp(c, e)
		}
	case *ir.Cast:
		// (int)(a < b) and (_Bool)x keep the truth value
		if it, ok := e.T.(*ir.IntType); ok && isIntKind(kindOf(it)) {
			if _, ok := e.X.Type().(*ir.IntType); ok && (it.IsBool() || isCondExpr(e.X)) {
				return m.compileCond(c, e.X)
			}
		}
	}
	return m.truth(e.Type(), m.compileExpr(c, e))
}

func isCondExpr(e ir.Expr) bool {
	switch e := e.(type) {
	case *ir.Binary:
		return e.Op.IsComparison()
	case *ir.Unary:
		return e.Op == ir.LNot
	}
	return false
}

// truth converts a scalar of type t to C's truth value.
func (m *machine) truth(t ir.Type, x evalFn) condFn {
	switch k := m.scalarKind(t); k {
	case kF32:
		return func(m *machine) bool { return f32(x(m)) != 0 }
	case kF64:
		return func(m *machine) bool { return f64(x(m)) != 0 }
	case kPtr:
		return func(m *machine) bool { v := x(m); return v.obj != nil || v.bits != 0 }
	}
	return func(m *machine) bool { return x(m).bits != 0 }
}

func (m *machine) compileCmp(c *cfunc, e *ir.Binary) condFn {
	k := m.scalarKind(e.X.Type())
	x := m.compileExpr(c, e.X)
	switch k {
	case kF32:
		y := m.compileExpr(c, e.Y)
		return cmpOp[float32](e.Op, func(m *machine) float32 { return f32(x(m)) }, func(m *machine) float32 { return f32(y(m)) })
	case kF64:
		y := m.compileExpr(c, e.Y)
		return cmpOp[float64](e.Op, func(m *machine) float64 { return f64(x(m)) }, func(m *machine) float64 { return f64(y(m)) })
	case kPtr:
		return m.ptrCmp(e.Op, x, m.compileExpr(c, e.Y))
	case kI128:
		return func(m *machine) bool { m.fail("unsupported 128-bit arithmetic"); return false }
	}
	if kindOf(e.Y.Type()) == kPtr {
		return m.ptrCmp(e.Op, x, m.compileExpr(c, e.Y))
	}
	o := opsOf(k)
	if cv, ok := constOf(e.Y); ok {
		return o.cmpC(e.Op, x, cv)
	}
	return o.cmp(e.Op, x, m.compileExpr(c, e.Y))
}

func (m *machine) ptrCmp(op ir.BinOp, x, y evalFn) condFn {
	switch op {
	case ir.Eq:
		return func(m *machine) bool { a, b := x(m), y(m); return a.obj == b.obj && a.bits == b.bits }
	case ir.Ne:
		return func(m *machine) bool { a, b := x(m), y(m); return a.obj != b.obj || a.bits != b.bits }
	}
	addrs := func(m *machine) (uint64, uint64, bool) {
		a, b := x(m), y(m)
		if a.obj == b.obj {
			// same object: by offset (signed: offsets may be negative)
			return uint64(int64(a.bits)) ^ (1 << 63), uint64(int64(b.bits)) ^ (1 << 63), true
		}
		return m.addrOf(a.obj, int64(a.bits)), m.addrOf(b.obj, int64(b.bits)), true
	}
	switch op {
	case ir.Lt:
		return func(m *machine) bool { a, b, _ := addrs(m); return a < b }
	case ir.Le:
		return func(m *machine) bool { a, b, _ := addrs(m); return a <= b }
	case ir.Gt:
		return func(m *machine) bool { a, b, _ := addrs(m); return a > b }
	case ir.Ge:
		return func(m *machine) bool { a, b, _ := addrs(m); return a >= b }
	}
	m.fail("malformed IR: %s on pointers", op)
	return nil
}

// ---------------------------------------------------------------------------
// Casts

func (m *machine) compileCast(c *cfunc, e *ir.Cast) evalFn {
	if _, ok := e.T.(ir.VoidType); ok {
		x := m.compileExpr(c, e.X)
		return func(m *machine) val { x(m); return val{} }
	}
	to := m.scalarKind(e.T)
	from := m.scalarKind(e.X.Type())
	if it, ok := e.T.(*ir.IntType); ok && it.IsBool() {
		cond := m.compileCond(c, e.X)
		return func(m *machine) val {
			if cond(m) {
				return val{bits: 1}
			}
			return val{}
		}
	}
	x := m.compileExpr(c, e.X)
	if from == kI128 || to == kI128 {
		return func(m *machine) val { m.fail("unsupported 128-bit arithmetic"); return val{} }
	}
	switch {
	case isIntKind(from) && isIntKind(to):
		if from == to {
			return x
		}
		return opsOf(to).cast(x)
	case isIntKind(from) && to == kF32:
		if isSignedKind(from) {
			return func(m *machine) val { return vf32(float32(int64(x(m).bits))) }
		}
		return func(m *machine) val { return vf32(float32(x(m).bits)) }
	case isIntKind(from) && to == kF64:
		if isSignedKind(from) {
			return func(m *machine) val { return vf64(float64(int64(x(m).bits))) }
		}
		return func(m *machine) val { return vf64(float64(x(m).bits)) }
	case from == kF32 && isIntKind(to):
		return func(m *machine) val { return val{bits: m.floatToInt(float64(f32(x(m))), to)} }
	case from == kF64 && isIntKind(to):
		return func(m *machine) val { return val{bits: m.floatToInt(f64(x(m)), to)} }
	case from == kF32 && to == kF64:
		return func(m *machine) val { return val{bits: f32to64(f32(x(m)))} }
	case from == kF64 && to == kF32:
		return func(m *machine) val { return val{bits: f64to32(f64(x(m)))} }
	case from == to:
		return x
	case from == kPtr && isIntKind(to):
		return func(m *machine) val { v := x(m); return val{bits: canon(to, m.addrOf(v.obj, int64(v.bits)))} }
	case isIntKind(from) && to == kPtr:
		narrow := m.pw == 4
		return func(m *machine) val {
			a := x(m).bits
			if narrow {
				a = uint64(uint32(a))
			}
			return m.ptrFromAddr(a)
		}
	}
	m.fail("malformed IR: cast from %s to %s", e.X.Type(), e.T)
	return nil
}

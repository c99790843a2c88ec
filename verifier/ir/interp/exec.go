package interp

import (
	"github.com/prbmc/prbmc/verifier/ir"
)

// run executes from the current frame until the bottom frame returns (true)
// or the execution stops (false, with m.res set).
func (m *machine) run() bool {
	for {
		fr := m.fr
		code := fr.fn.code
	frameLoop:
		for {
			pc := fr.pc
			if uint(pc) >= uint(len(code)) {
				// Falling off the end: an unspecified value, which we make 0.
				if m.ret(val{}, nil) {
					return true
				}
				break
			}
			if m.steps >= m.check {
				if !m.slowCheck() {
					return false
				}
			}
			m.steps++
			in := &code[pc]
			if in.observe {
				m.observeAt(fr, pc)
			}
			if m.tracing {
				m.tracePre(in)
			}
			switch in.op {
			case opAssignReg:
				fr.regs[in.dst.reg] = in.rv(m)
				fr.pc = pc + 1
			case opAssignMem:
				in.dst.st(m, in.rv(m))
				fr.pc = pc + 1
			case opJump:
				fr.pc = in.target
			case opGoto:
				if in.cond(m) {
					fr.pc = in.target
				} else {
					fr.pc = pc + 1
				}
			case opAssignGReg:
				m.gregs[in.dst.reg] = in.rv(m)
				fr.pc = pc + 1
			case opAssignAgg:
				s := in.agg(m)
				d := in.dst.lv(m)
				m.copyMem(d.obj, d.off, s.obj, s.off, in.dst.size)
				fr.pc = pc + 1
			case opSkip:
				fr.pc = pc + 1
			case opDecl:
				m.decl(in)
				fr.pc = pc + 1
			case opDead:
				if in.vl.kind == vlMem {
					fr.objs[in.vl.idx].state = stDead
				}
				fr.pc = pc + 1
			case opAssume:
				ok := in.cond(m)
				if m.tracing {
					m.traceCond(ok)
				}
				if !ok {
					return m.finish(Blocked, "assumption is false: "+exprText(in.src.(*ir.Assume).Cond))
				}
				fr.pc = pc + 1
			case opAssert:
				ok := in.cond(m)
				if m.tracing {
					m.traceCond(ok)
				}
				if !ok && m.setup {
					return m.finish(Blocked, "a harness operation's assertion is false: "+exprText(in.src.(*ir.Assert).Cond))
				}
				if !ok {
					a := in.src.(*ir.Assert)
					if m.tracing && m.tix >= 0 {
						m.trace[m.tix].Text += m.failValues(a.Cond)
					}
					m.res.Prop = a.Prop
					msg := "assertion failed: " + exprText(a.Cond)
					if a.Prop != nil && a.Prop.Text != "" {
						msg = "assertion failed: " + a.Prop.Text
					}
					return m.finish(AssertFailed, msg)
				}
				fr.pc = pc + 1
			case opCall:
				m.call(in)
				break frameLoop
			case opBuiltin:
				if !m.builtin(in) {
					return false
				}
				fr.pc = pc + 1
			case opReturn:
				var v val
				var agg *object
				if in.rv != nil {
					v = in.rv(m)
				} else if in.agg != nil {
					s := in.agg(m)
					m.objectSize("the returned value", in.size)
					agg = m.tempObject(make([]byte, in.size))
					m.copyMem(agg, 0, s.obj, s.off, in.size)
				}
				if m.tracing && m.tix >= 0 {
					m.trace[m.tix].Value = m.renderRet(fr.fn.f, v, agg)
				}
				if m.ret(v, agg) {
					return true
				}
				break frameLoop
			case opCallUndef:
				m.fail("call of undefined function %s", in.text)
			case opUnsupported:
				return m.finish(Unsupported, in.text)
			case opBad:
				m.fail("%s", in.text)
			default:
				m.fail("internal error: bad opcode %d", in.op)
			}
			if m.tracing {
				m.tracePost(in)
			}
		}
	}
}

// observeAt gives Options.Observe the registers of fr before pc.
func (m *machine) observeAt(fr *frame, pc int) {
	m.opts.Observe(pc, func(v *ir.Var) (uint64, bool) {
		l, ok := fr.fn.vars[v]
		if !ok || l.kind != vlReg {
			return 0, false
		}
		return fr.regs[l.idx].bits, true
	})
}

func (m *machine) finish(st Status, msg string) bool {
	m.res.Status = st
	m.res.Message = msg
	m.res.Pos = m.curPos()
	return false
}

// slowCheck runs every few thousand steps: the step limit and the context.
func (m *machine) slowCheck() bool {
	if m.steps >= m.maxSt {
		return m.finish(StepLimit, "step limit reached")
	}
	if m.done != nil {
		select {
		case <-m.done:
			return m.finish(Canceled, "canceled: "+m.ctx.Err().Error())
		default:
		}
	}
	if m.traceLater && m.steps >= m.traceFrom {
		// The next step is traceFrom+1, the first a trace keeps (see
		// tracePre): tracing skips nothing before it but the calls.
		m.tracing, m.traceLater = true, false
	}
	m.check = m.steps + 4096
	if m.check > m.maxSt {
		m.check = m.maxSt
	}
	if m.traceLater && m.check > m.traceFrom {
		m.check = m.traceFrom
	}
	return true
}

func (m *machine) decl(in *cinstr) {
	l := in.vl
	v := in.v
	switch l.kind {
	case vlReg:
		if m.src == nil || in.hasInit {
			m.fr.regs[l.idx] = val{}
			return
		}
		b := m.input(v.Type, in.text, in.pos, true)
		r := m.valFromBytes(kindOf(v.Type), b)
		r.bits = canonOf(v.Type, r.bits)
		m.fr.regs[l.idx] = r
	case vlMem:
		o := &m.fr.objs[l.idx]
		o.state = stAlive
		if o.slots != nil {
			clear(o.slots)
		}
		o.odd = nil
		if m.src == nil || in.hasInit {
			clear(o.data)
			return
		}
		copy(o.data, m.input(v.Type, in.text, in.pos, true))
	}
	// Decl of a global (a static local) does not start a new lifetime.
}

func (m *machine) call(in *cinstr) {
	callee := in.callee
	if !callee.compiled {
		m.compile(callee)
	}
	m.args = m.args[:0]
	m.argLocs = m.argLocs[:0]
	for i := range in.args {
		a := &in.args[i]
		if a.ev != nil {
			m.args = append(m.args, a.ev(m))
			m.argLocs = append(m.argLocs, loc{})
		} else {
			l := a.agg(m)
			m.access(l.obj, l.off, a.size) // check it now, in the caller
			m.args = append(m.args, val{})
			m.argLocs = append(m.argLocs, l)
		}
	}
	tix := m.tix
	m.pushFrame(callee, in)
	m.fr.traceIdx = tix
	m.fr.va = nil
	if np := len(callee.f.Params); callee.f.Type.Variadic && len(m.args) > np {
		m.fr.va = append(m.fr.va, m.args[np:]...)
	}
	m.bindParams(callee, len(in.args))
}

// ret returns from the current activation with v (or the aggregate agg).
// It reports whether the bottom frame returned.
func (m *machine) ret(v val, agg *object) bool {
	fr := m.fr
	call := fr.call
	tix := fr.traceIdx
	bottom := m.depth == 0
	if bottom {
		m.retPos = m.curPos()
	}
	m.popFrame()
	if bottom {
		m.retVal = v
		return true
	}
	if call != nil && call.dst.kind >= 0 {
		if call.dst.kind == dAgg {
			if agg == nil {
				m.objectSize("the returned value", call.dst.size)
				agg = m.tempObject(make([]byte, call.dst.size))
			}
			l := call.dst.lv(m)
			m.copyMem(l.obj, l.off, agg, 0, call.dst.size)
			m.traceLoc = l
		} else {
			m.storeTo(&call.dst, v)
		}
		if tix >= 0 && tix < len(m.trace) {
			m.trace[tix].Value = m.renderDest(&call.dst, v, agg)
		}
	}
	m.fr.pc++
	return false
}

// ---------------------------------------------------------------------------
// Builtins

func (m *machine) sizeArg(v val, what string) int64 {
	if v.bits > 1<<40 {
		m.fail("%s of %d bytes is too large", what, v.bits)
	}
	return int64(v.bits)
}

// builtin executes a builtin call; false means the execution stopped.
func (m *machine) builtin(in *cinstr) bool {
	args := m.args[:0]
	for i := range in.args {
		args = append(args, in.args[i].ev(m))
	}
	m.args = args
	need := func(n int) {
		if len(args) < n {
			m.fail("malformed IR: %s with %d arguments", ir.Builtin(in.target), len(args))
		}
	}
	var res val
	switch b := ir.Builtin(in.target); b {
	case ir.BMalloc:
		need(1)
		o := m.newBlock(m.sizeArg(args[0], "malloc"), okHeap)
		m.blockContents(o, "contents of malloc")
		res = val{obj: o}
	case ir.BCalloc:
		need(2)
		n, sz := m.sizeArg(args[0], "calloc"), m.sizeArg(args[1], "calloc")
		if sz != 0 && n > (1<<40)/sz {
			m.fail("calloc of %d * %d bytes is too large", n, sz)
		}
		res = val{obj: m.newBlock(n*sz, okHeap)}
	case ir.BAlloca:
		need(1)
		o := m.newBlock(m.sizeArg(args[0], "alloca"), okAlloca)
		m.blockContents(o, "contents of alloca")
		m.fr.allocas = append(m.fr.allocas, o)
		res = val{obj: o}
	case ir.BFree:
		need(1)
		m.free(args[0])
	case ir.BHavoc:
		need(1)
		m.havoc(args[0])
	case ir.BVaStart:
		res = m.vaStart(in)
	case ir.BSetup:
		need(1)
		m.setup = args[0].bits != 0
	case ir.BSizeAfter:
		need(1)
		if o := args[0].obj; o != nil && int64(args[0].bits) >= 0 && int64(args[0].bits) <= int64(len(o.data)) {
			res = val{bits: uint64(int64(len(o.data)) - int64(args[0].bits))}
		}
	case ir.BMemset:
		need(3)
		n := m.sizeArg(args[2], "memset")
		if n > 0 {
			b := m.waccess(args[0].obj, int64(args[0].bits), n)
			c := byte(args[1].bits)
			for i := range b {
				b[i] = c
			}
		}
		res = args[0]
	case ir.BMemcpy, ir.BMemmove:
		need(3)
		n := m.sizeArg(args[2], b.String())
		if n > 0 {
			d, s := args[0], args[1]
			m.copyMem(d.obj, int64(d.bits), s.obj, int64(s.bits), n)
		}
		res = args[0]
	case ir.BAbort:
		m.res.ExitCode = 134
		return m.finish(Aborted, "abort()")
	case ir.BExit:
		need(1)
		m.res.ExitCode = int(args[0].bits & 255)
		return m.finish(Exited, "exit()")
	case ir.BPrintf:
		need(1)
		res = val{bits: uint64(int64(int32(m.printf(in, args))))}
	case ir.BPutchar:
		need(1)
		c := byte(args[0].bits)
		m.write([]byte{c})
		res = val{bits: uint64(c)}
	case ir.BPuts:
		need(1)
		s := m.cstring(args[0], -1)
		m.write(s)
		m.write([]byte{'\n'})
		res = val{bits: uint64(len(s) + 1)}
	default:
		m.fail("unknown builtin %d", in.target)
	}
	if in.dst.kind >= 0 {
		if in.dst.kind == dAgg {
			m.fail("malformed IR: aggregate result of %s", ir.Builtin(in.target))
		}
		m.storeTo(&in.dst, res)
		if m.tracing && m.tix >= 0 {
			m.trace[m.tix].Value = m.renderDest(&in.dst, res, nil)
		}
	}
	return true
}

// freeable reports whether free(p) is defined: the test behind free's
// faults and ir.Freeable.
func freeable(p val) bool {
	if p.obj == nil {
		return p.bits == 0
	}
	return p.obj.kind == okHeap && p.obj.state != stFreed && p.bits == 0
}

func (m *machine) free(p val) {
	if freeable(p) {
		if p.obj != nil {
			m.freeBlock(p.obj)
		}
		return
	}
	o := p.obj
	if o == nil {
		if p.bits == 0 {
			return
		}
		m.fail("free of invalid pointer %#x", p.bits)
	}
	if o.kind != okHeap {
		m.fail("free of a pointer to %s, which is not a heap block", o.describe())
	}
	if o.state == stFreed {
		m.fail("double free of %s", o.describe())
	}
	if p.bits != 0 {
		m.fail("free of a pointer into the middle of %s (offset %d)", o.describe(), int64(p.bits))
	}
	m.freeBlock(o)
}

func (m *machine) write(b []byte) {
	if m.out != nil {
		m.out.Write(b)
	}
}

// cstring reads the NUL-terminated string at p (at most max bytes when
// max >= 0, in which case no NUL is needed).
func (m *machine) cstring(p val, max int) []byte {
	o, off := p.obj, int64(p.bits)
	if max == 0 {
		return nil
	}
	b := m.access(o, off, 1)
	_ = b
	data := o.data[off:]
	for i, c := range data {
		if c == 0 {
			return data[:i]
		}
		if max >= 0 && i+1 == max {
			return data[:i+1]
		}
	}
	m.fail("string at offset %d of %s is not NUL-terminated", off, o.describe())
	return nil
}

// blockContents fills a fresh malloc or alloca block: its bytes are
// indeterminate, so they are an input (zero without an input source).
// havoc gives the object p points into new contents from the inputs, as
// symex does: whatever its state, unless it is NULL or read-only.
func (m *machine) havoc(p val) {
	o := p.obj
	if o == nil || o.ro || (o.v != nil && o.v.ReadOnly) {
		return
	}
	if o.slots != nil || o.odd != nil {
		m.clearFrags(o, 0, int64(len(o.data)))
	}
	t := &ir.ArrayType{Elem: &ir.IntType{Kind: ir.UChar, Bits: 8}, Len: int64(len(o.data))}
	copy(o.data, m.input(t, "memory changed by "+ir.CName(m.fr.fn.f.Name)+"()", m.curPos(), true))
}

func (m *machine) blockContents(o *object, why string) {
	if m.src == nil {
		return
	}
	t := &ir.ArrayType{Elem: &ir.IntType{Kind: ir.UChar, Bits: 8}, Len: int64(len(o.data))}
	copy(o.data, m.input(t, why, m.curPos(), true))
}

// vaStart makes the block va_start points a va_list to: the current
// activation's extra arguments, one 8-byte slot each (as symex lays them
// out), freed when the activation returns.
func (m *machine) vaStart(in *cinstr) val {
	var types []ir.Type
	if m.fr.call != nil {
		if c, ok := m.fr.call.src.(*ir.Call); ok {
			for _, a := range c.Args[min(len(m.fr.fn.f.Params), len(c.Args)):] {
				types = append(types, a.Type())
			}
		}
	}
	if len(types) != len(m.fr.va) {
		m.fail("va_start: %d extra arguments, %d types", len(m.fr.va), len(types))
	}
	for _, t := range types {
		if !ir.IsScalar(t) || t.Size() > 8 {
			m.fail("va_start with an argument of type %s passed through ...", t)
		}
	}
	o := m.newBlock(int64(8*len(m.fr.va)), okAlloca)
	m.fr.allocas = append(m.fr.allocas, o)
	for i, v := range m.fr.va {
		m.store(kindOf(types[i]), o, int64(8*i), v)
	}
	return val{obj: o}
}

package interp

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
	va       []val // the call's arguments past the parameters (ir.BVaStart)
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

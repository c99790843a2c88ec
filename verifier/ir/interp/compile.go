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

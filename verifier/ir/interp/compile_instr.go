package interp

import (
	"github.com/prbmc/prbmc/verifier/ir"
)

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
	// observe: Options.Observe wants the state before this instruction.
	observe bool
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
	if m.opts.Observe != nil && f == m.opts.ObserveFunc {
		for _, pc := range m.opts.ObservePCs {
			if pc >= 0 && pc < len(code) {
				code[pc].observe = true
			}
		}
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

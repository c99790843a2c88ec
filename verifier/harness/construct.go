package harness

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/ir"
)

// A library's functions take handles its own constructor made: a
// struct ring * from ring_new() or ring_init(), not any bytes at all.
// With Options.Constructors a pointer parameter to a struct that a
// function of the unit constructs gets an object that function made and
// then any sequence of the unit's operations on such handles changed
// (its mutators: functions whose first parameter points to the struct),
// each called with any arguments — the states a user of the library can
// bring a handle to. Such a harness proves less (only those states), so
// it is used to tell findings apart, never for a verdict of safe.

var (
	// newName and initName match the names of functions that make an
	// object (returning it) and that set up one they are given.
	newName  = regexp.MustCompile(`(?i)(^|_)(new|create|alloc|make|open|dup|clone|compile|parse|build|load)`)
	initName = regexp.MustCompile(`(?i)(^|_)(init|setup|create|open|reset|clear)`)
)

// ctor is a constructor of one struct type.
type ctor struct {
	f    *ir.Function
	def  cfront.FuncDef
	init bool // fills the object its first parameter points to
}

// constructorOf finds the function of the unit, other than the one under
// test, that constructs objects of struct s: one named like a constructor
// that returns a pointer to s, else one named like an initialiser whose
// first parameter points to s.
func (g *gen) constructorOf(s *ir.StructType) *ctor {
	var found *ctor
	for _, d := range g.prog.Defs {
		f := g.prog.IR.Func(d.Name)
		if f == nil || f == g.fn || !f.HasBody() || f.Library || f.Pos.File != g.fn.Pos.File {
			continue
		}
		name := ir.CName(f.Name)
		if rt, ok := f.Type.Result.(*ir.PointerType); ok && newName.MatchString(name) && ir.SameType(rt.Elem, s) {
			return &ctor{f: f, def: d}
		}
		if found == nil && len(f.Params) > 0 && initName.MatchString(name) {
			if pt, ok := f.Params[0].Type.(*ir.PointerType); ok && ir.SameType(pt.Elem, s) {
				found = &ctor{f: f, def: d, init: true}
			}
		}
	}
	return found
}

// construct declares pointer parameter name (declaration decl) with an
// object the constructor c makes, and reports whether it could.
func (g *gen) construct(name, decl string, c *ctor) bool {
	var args []string
	params := c.f.Params
	if c.init {
		params = params[1:]
		args = append(args, name)
	}
	saved, savedAssumed := len(g.body), len(g.assumed)
	for _, p := range params {
		sp := spell(p.Type)
		if _, fn := p.Type.(*ir.PointerType); fn && sp == "" || sp == "" {
			g.body, g.assumed = g.body[:saved], g.assumed[:savedAssumed]
			return false
		}
		an := fmt.Sprintf("prbmc_%s_%s", ir.CName(c.f.Name), p.Source)
		if p.Source == "" {
			an = fmt.Sprintf("prbmc_%s_arg%d", ir.CName(c.f.Name), len(args)+1)
		}
		g.param(p, an, sp+" "+an)
		if g.err != nil {
			g.err = nil
			g.body, g.assumed = g.body[:saved], g.assumed[:savedAssumed]
			return false
		}
		args = append(args, an)
	}
	call := fmt.Sprintf("%s(%s)", ir.CName(c.f.Name), strings.Join(args, ", "))
	var what string
	if c.init {
		g.emit("%s = %s(sizeof *%s);", decl, g.malloc(), name)
		g.emit("%s;", call)
		what = fmt.Sprintf("%s points to an object %s() set up", name, ir.CName(c.f.Name))
	} else {
		g.emit("%s = %s;", decl, call)
		g.emit("%s(%s != 0);", g.proto("__VERIFIER_assume", "void __VERIFIER_assume(int);"), name)
		what = fmt.Sprintf("%s is an object %s() made", name, ir.CName(c.f.Name))
	}
	if ops := g.operations(name, c); len(ops) > 0 {
		what += " and any sequence of " + strings.Join(ops, ", ") + " calls changed"
	}
	g.assume("%s", what)
	return true
}

// maxMutators bounds the operations a constructed handle goes through.
const maxMutators = 8

// operations emits a loop that applies any sequence of the unit's
// mutators of c's struct to handle name, each with any arguments, and
// returns their names ("" when there is none).
func (g *gen) operations(name string, c *ctor) []string {
	pt := c.f.Type.Result
	if c.init {
		pt = c.f.Params[0].Type
	}
	s := pt.(*ir.PointerType).Elem
	var ops []string
	var cases [][]string
	for _, d := range g.prog.Defs {
		f := g.prog.IR.Func(d.Name)
		if f == nil || f == c.f || !f.HasBody() || f.Library || f.Pos.File != g.fn.Pos.File || len(f.Params) == 0 || len(ops) == maxMutators {
			continue
		}
		fp, ok := f.Params[0].Type.(*ir.PointerType)
		if !ok || !ir.SameType(fp.Elem, s) || len(f.ConstParams) > 0 && f.ConstParams[0] {
			continue
		}
		saved, savedAssumed := g.body, len(g.assumed)
		g.body = nil
		g.indent += 2
		args := []string{name}
		ok = true
		for i, p := range f.Params[1:] {
			sp := spell(p.Type)
			if sp == "" {
				ok = false
				break
			}
			an := fmt.Sprintf("prbmc_%s_%d", ir.CName(f.Name), i+2)
			g.param(p, an, sp+" "+an)
			if g.err != nil {
				g.err = nil
				ok = false
				break
			}
			args = append(args, an)
		}
		g.emit("%s(%s);", ir.CName(f.Name), strings.Join(args, ", "))
		g.indent -= 2
		body := g.body
		g.body, g.assumed = saved, g.assumed[:savedAssumed]
		if !ok {
			continue
		}
		ops = append(ops, ir.CName(f.Name)+"()")
		cases = append(cases, body)
	}
	if len(ops) == 0 {
		return nil
	}
	more := g.proto("__VERIFIER_nondet_bool", "_Bool __VERIFIER_nondet_bool(void);")
	which := g.proto("__VERIFIER_nondet_uint", "unsigned int __VERIFIER_nondet_uint(void);")
	g.emit("while (%s()) {", more)
	g.indent++
	g.emit("switch (%s()) {", which)
	for i, body := range cases {
		g.emit("case %d: {", i)
		g.body = append(g.body, body...)
		g.indent++
		g.emit("break;")
		g.indent--
		g.emit("}")
	}
	g.emit("}")
	g.indent--
	g.emit("}")
	return ops
}

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
// function of the unit constructs gets an object that function made.
// Such a harness proves less (only handles fresh from the constructor),
// so it is used to tell findings apart, never for a verdict of safe.

var (
	// newName and initName match the names of functions that make an
	// object (returning it) and that set up one they are given.
	newName  = regexp.MustCompile(`(?i)(^|_)(new|create|alloc|make|open|dup|clone)`)
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
		name := cName(f.Name)
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
		an := fmt.Sprintf("prbmc_%s_%s", cName(c.f.Name), p.Source)
		if p.Source == "" {
			an = fmt.Sprintf("prbmc_%s_arg%d", cName(c.f.Name), len(args)+1)
		}
		g.param(p, an, sp+" "+an)
		if g.err != nil {
			g.err = nil
			g.body, g.assumed = g.body[:saved], g.assumed[:savedAssumed]
			return false
		}
		args = append(args, an)
	}
	call := fmt.Sprintf("%s(%s)", cName(c.f.Name), strings.Join(args, ", "))
	if c.init {
		g.emit("%s = %s(sizeof *%s);", decl, g.malloc(), name)
		g.emit("%s;", call)
		g.assume("%s points to an object %s() set up", name, cName(c.f.Name))
	} else {
		g.emit("%s = %s;", decl, call)
		g.emit("%s(%s != 0);", g.proto("__VERIFIER_assume", "void __VERIFIER_assume(int);"), name)
		g.assume("%s is an object %s() made", name, cName(c.f.Name))
	}
	return true
}

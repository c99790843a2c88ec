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

// ctor is a constructor of one struct type, or of one handle type: a
// typedef'd pointer (typedef char *sds) whose objects only the unit's
// own functions know how to lay out (sds keeps a header before the
// bytes the pointer points to).
type ctor struct {
	f      *ir.Function
	def    cfront.FuncDef
	init   bool   // fills the object its first parameter points to
	handle string // the typedef name the constructor returns ("sds"), or ""
}

var (
	// handleCtorName is preferred among the functions returning a
	// handle type: sdsnewlen over sdsfromlonglong.
	handleCtorName = regexp.MustCompile(`(?i)(new|create|make|alloc|init)`)
	// destructorName matches the operations that end a handle's life: a
	// use after them is the caller's bug, not a state of the handle.
	destructorName = regexp.MustCompile(`(?i)(free|destroy|release|delete|dispose|deinit|close)`)
)

// handleName is the typedef name pointer parameter name is declared with
// (decl "const sds s": "sds"), "" when it is spelled with a '*' or an
// array or otherwise.
func handleName(decl, name string) string {
	var words []string
	for _, w := range strings.Fields(strings.ReplaceAll(decl, "*", " * ")) {
		switch w {
		case "const", "volatile", "restrict", "__restrict", "__restrict__", "register":
			continue
		}
		words = append(words, w)
	}
	if len(words) != 2 || words[1] != name {
		return ""
	}
	return words[0]
}

// handleConstructor finds the function of the unit that makes objects of
// handle type tn: one returning tn that takes no tn (a producer, not an
// operation), named like a constructor if there is such.
func (g *gen) handleConstructor(tn string) *ctor {
	var first *ctor
	for _, d := range g.prog.Defs {
		f := g.prog.IR.Func(d.Name)
		if f == nil || f == g.fn || !f.HasBody() || f.Library || f.Pos.File != g.fn.Pos.File || f.Type.Variadic || d.Result != tn {
			continue
		}
		if _, ok := f.Type.Result.(*ir.PointerType); !ok {
			continue
		}
		producer := true
		for _, p := range f.Params {
			if handleName(d.ParamDecls[p.Source], p.Source) == tn {
				producer = false
			}
		}
		if !producer {
			continue
		}
		c := &ctor{f: f, def: d, handle: tn}
		if handleCtorName.MatchString(ir.CName(f.Name)) {
			return c
		}
		if first == nil {
			first = c
		}
	}
	return first
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
		if rt, ok := f.Type.Result.(*ir.PointerType); ok && newName.MatchString(name) && sameStruct(rt.Elem, s) {
			return &ctor{f: f, def: d}
		}
		if found == nil && len(f.Params) > 0 && initName.MatchString(name) {
			if pt, ok := f.Params[0].Type.(*ir.PointerType); ok && sameStruct(pt.Elem, s) {
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
	// The constructor's and the operations' buffers are small: what
	// they hold is copied into the handle, and every byte of a copy of
	// a symbolic length is a store the handle's later reads go through.
	defer func(n int, small bool) { g.opts.VoidBytes, g.small = n, small }(g.opts.VoidBytes, g.small)
	g.opts.VoidBytes, g.small = g.opts.ArrayLen, true
	pairs := lengthPairs(params)
	var names []string
	for i, p := range params {
		sp := spell(p.Type)
		if sp == "" {
			g.body, g.assumed = g.body[:saved], g.assumed[:savedAssumed]
			return false
		}
		an := fmt.Sprintf("prbmc_%s_%s", ir.CName(c.f.Name), p.Source)
		if p.Source == "" {
			an = fmt.Sprintf("prbmc_%s_arg%d", ir.CName(c.f.Name), len(args)+1)
		}
		g.param(p, an, sp+" "+an)
		if pi, tied := pairs[i]; tied && g.err == nil {
			// sdsnewlen(init, initlen) copies initlen bytes of init.
			g.lengthOf(an, params[pi], names[pi])
		}
		if g.err != nil {
			g.err = nil
			g.body, g.assumed = g.body[:saved], g.assumed[:savedAssumed]
			return false
		}
		args = append(args, an)
		names = append(names, an)
	}
	call := fmt.Sprintf("%s(%s)", ir.CName(c.f.Name), strings.Join(args, ", "))
	// The constructor and the operations run as a user of the library
	// calls them: within their contracts. Their assertions are assumed
	// (ir.BSetup), so a state only a call against an operation's own
	// assertion reaches is not one the harness builds.
	setup := g.proto("__prbmc_setup", "static void __prbmc_setup(int on) { (void)on; }")
	g.emit("%s(1);", setup)
	var what string
	if c.init {
		g.emit("%s = %s(sizeof *%s);", decl, g.malloc(), name)
		g.emit("%s;", call)
		what = fmt.Sprintf("%s points to an object %s() set up", name, ir.CName(c.f.Name))
	} else {
		if c.handle != "" {
			// const sds s: the operations reassign it.
			decl = c.handle + " " + name
		}
		g.emit("%s = %s;", decl, call)
		g.emit("%s(%s != 0);", g.proto("__VERIFIER_assume", "void __VERIFIER_assume(int);"), name)
		what = fmt.Sprintf("%s is an object %s() made", name, ir.CName(c.f.Name))
	}
	if g.opts.FreshHandles {
		what += " (and no operation changed since)"
	} else if ops := g.operations(name, c); len(ops) > 0 {
		what += " and any sequence of " + strings.Join(ops, ", ") + " calls changed"
	}
	g.emit("%s(0);", setup)
	g.assume("%s", what)
	g.constructed = append(g.constructed, what)
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
	takes := func(f *ir.Function, d cfront.FuncDef) bool {
		if c.handle != "" {
			return !f.Type.Variadic && handleName(d.ParamDecls[f.Params[0].Source], f.Params[0].Source) == c.handle
		}
		fp, ok := f.Params[0].Type.(*ir.PointerType)
		return ok && sameStruct(fp.Elem, s)
	}
	var ops []string
	var cases [][]string
	for _, d := range g.prog.Defs {
		f := g.prog.IR.Func(d.Name)
		if f == nil || f == c.f || !f.HasBody() || f.Library || f.Pos.File != g.fn.Pos.File || len(f.Params) == 0 || len(ops) == maxMutators {
			continue
		}
		if !takes(f, d) || len(f.ConstParams) > 0 && f.ConstParams[0] || destructorName.MatchString(ir.CName(f.Name)) || !writesThrough(f, 0) {
			continue
		}
		// An operation that returns the handle may have moved it
		// (sdscatlen reallocates): the caller goes on with the result.
		reassign := c.handle != "" && d.Result == c.handle
		// Buffers (pointer arguments) are made once, before the loop,
		// and passed to every call, as a program using the library
		// does (jsmn_parse is called again with the same token array);
		// numbers are new at each call.
		saved, savedAssumed := g.body, len(g.assumed)
		var shared, body []string
		args := []string{name}
		names := map[int]string{}
		pairs := lengthPairs(f.Params)
		ok := true
		for i, p := range f.Params[1:] {
			sp := spell(p.Type)
			if sp == "" {
				ok = false
				break
			}
			an := fmt.Sprintf("prbmc_%s_%d", ir.CName(f.Name), i+2)
			_, isPtr := p.Type.(*ir.PointerType)
			g.body = nil
			if !isPtr {
				g.indent += 2
			}
			g.param(p, an, sp+" "+an)
			if pi, tied := pairs[i+1]; tied && g.err == nil {
				g.lengthOf(an, f.Params[pi], names[pi])
			}
			if !isPtr {
				g.indent -= 2
				body = append(body, g.body...)
			} else {
				shared = append(shared, g.body...)
				if f == g.fn {
					g.sharedArgs[i+1] = an
				}
			}
			if g.err != nil {
				g.err = nil
				ok = false
				break
			}
			names[i+1] = an
			args = append(args, an)
		}
		g.body = nil
		g.indent += 2
		if reassign {
			g.emit("%s = %s(%s);", name, ir.CName(f.Name), strings.Join(args, ", "))
			g.emit("%s(%s != 0);", g.proto("__VERIFIER_assume", "void __VERIFIER_assume(int);"), name)
		} else {
			g.emit("%s(%s);", ir.CName(f.Name), strings.Join(args, ", "))
		}
		g.indent -= 2
		body = append(body, g.body...)
		g.body, g.assumed = saved, g.assumed[:savedAssumed]
		if !ok {
			if f == g.fn {
				clear(g.sharedArgs)
			}
			continue
		}
		g.body = append(g.body, shared...)
		ops = append(ops, ir.CName(f.Name)+"()")
		cases = append(cases, body)
	}
	if len(ops) == 0 {
		return nil
	}
	if len(g.sharedArgs) > 0 {
		g.assume("the buffers %s() is called with are the ones the calls before it got", ir.CName(g.fn.Name))
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

// writesThrough says whether f may store through its parameter i: an
// assignment to something reached through it, or a call that passes it
// on to a function that may (or that has no body, or an indirect one).
// Functions that only read a handle change no state, and leaving them
// out keeps the operations loop cheap.
func writesThrough(f *ir.Function, i int) bool {
	return writes(f, i, map[paramOf]bool{})
}

type paramOf struct {
	f *ir.Function
	i int
}

func writes(f *ir.Function, i int, seen map[paramOf]bool) bool {
	if i >= len(f.Params) || seen[paramOf{f, i}] {
		// A recursive call adds no store of its own.
		return false
	}
	seen[paramOf{f, i}] = true
	p := f.Params[i]
	through := func(e ir.Expr) bool {
		found := false
		ir.Inspect(e, func(x ir.Expr) bool {
			if r, ok := x.(*ir.VarRef); ok && r.V == p {
				found = true
			}
			return !found
		})
		return found
	}
	for _, in := range f.Body {
		switch in := in.(type) {
		case *ir.Assign:
			if _, isVar := in.Lhs.(*ir.VarRef); !isVar && through(in.Lhs) {
				return true
			}
		case *ir.Call:
			for j, a := range in.Args {
				if !through(a) {
					continue
				}
				switch in.Builtin {
				case ir.NotBuiltin:
					if in.Fn == nil || !in.Fn.HasBody() || writes(in.Fn, j, seen) {
						return true
					}
				case ir.BFree, ir.BHavoc:
					return true
				case ir.BMemset, ir.BMemcpy, ir.BMemmove:
					if j == 0 {
						return true
					}
				}
			}
		}
	}
	return false
}

// sameStruct says whether t is struct s, or the same struct seen where
// it was still incomplete (a header's typedef struct regex_t *re_t
// before the definition).
func sameStruct(t ir.Type, s ir.Type) bool {
	if ir.SameType(t, s) {
		return true
	}
	a, ok1 := t.(*ir.StructType)
	b, ok2 := s.(*ir.StructType)
	if !ok1 || !ok2 || a.Union != b.Union {
		return false
	}
	// The front end tells apart struct types that share a tag by a
	// "#N" suffix (one per declaration it met).
	tag := func(n string) string {
		if i := strings.IndexByte(n, '#'); i > 0 {
			return n[:i]
		}
		return n
	}
	return a.Name != "" && tag(a.Name) == tag(b.Name) && (a.Bytes == b.Bytes || a.Bytes == 0 || b.Bytes == 0)
}

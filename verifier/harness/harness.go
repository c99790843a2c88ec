package harness

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/ir"
)

// Options shape the generated entry.
type Options struct {
	// ArrayLen is the number of elements behind a pointer the function
	// indexes, and the size of strings (NUL included). Default 4.
	ArrayLen int
	// Depth bounds how many pointer levels get objects; pointers below
	// it are NULL. Default 2.
	Depth int
	// VoidBytes is the size of the object behind a void pointer. Default 64.
	VoidBytes int
	// InitialGlobals keeps the unit's globals at their initial values
	// instead of giving them any value (--globals initial).
	InitialGlobals bool
	// Constructors gives a pointer parameter to a struct an object the
	// unit's own constructor made (construct.go), when there is one.
	Constructors bool `json:"constructors,omitempty"`
	// FreshHandles, with Constructors, leaves out the operations: a
	// handle is as its constructor made it (a cheaper harness, which
	// proves less).
	FreshHandles bool `json:"fresh_handles,omitempty"`
}

// WithDefaults is o with the defaults filled in: the options a harness
// is built with.
func (o Options) WithDefaults() Options {
	o.defaults()
	return o
}

func (o *Options) defaults() {
	if o.ArrayLen <= 0 {
		o.ArrayLen = 4
	}
	if o.Depth <= 0 {
		o.Depth = 2
	}
	if o.VoidBytes <= 0 {
		o.VoidBytes = 64
	}
}

// Harness is the generated entry of one function.
type Harness struct {
	Function string // the function under test
	Entry    string // prbmc_harness_<function>
	File     string // the unit it is appended to
	Line     int    // the function's first line: harness steps point here
	// Source is the readable C text (what `prbmc harness` prints).
	Source string
	// compact is Source without comments on one line, for Attach.
	compact string
	// Assumed lists what the entry takes for granted, for readers.
	Assumed []string
	// User is the path of the user's harness file when it replaced the
	// generated one.
	User string
	// Constructed are the assumptions (also in Assumed) about handles
	// the unit's constructors made (Options.Constructors).
	Constructed []string
}

// EntryName is the harness entry's name for function fn.
func EntryName(fn string) string { return "prbmc_harness_" + ir.CName(fn) }

// Error says why no harness could be made; Construct names what is not
// supported.
type Error struct {
	Func      string
	Pos       ir.Pos
	Construct string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s: harness for %s: %s is not supported", e.Pos, e.Func, e.Construct)
}

// gen accumulates one harness.
type gen struct {
	opts Options
	// small: the objects made now are a constructor's or an
	// operation's arguments, kept at ArrayLen bytes (construct).
	small bool
	prog  *cfront.Program
	// sharedArgs names, by parameter index, the buffers the function
	// under test gets from the operations before it (construct.go);
	// constructed is what the harness assumes of those handles.
	sharedArgs  map[int]string
	constructed []string
	std         *ir.Std
	use         *usage
	fn          *ir.Function
	body        []string // statements, one per line, at the current indent
	indent      int
	protos      map[string]string
	assumed     []string
	tmp         int
	err         *Error
	// pairs maps the index of a length parameter to that of the pointer
	// before it (lengthPairs); the pointer gets an array, the length is
	// at most its elements.
	pairs map[int]int
}

// lengthName matches the names C code gives a buffer's length.
var lengthName = regexp.MustCompile(`(?i)^(n|len|length|size|sz|count|cnt|num|nbytes|nelem|nmemb|capacity|cap)$|(_?len|_?length|_?size|_sz|_?count|_cnt|_?bytes|_?nelem)$|^(num|n|nr|cnt)_[a-z]+$`)

// lengthPairs finds the (pointer, length) parameter pairs of f: a pointer
// to data immediately followed by an integer named like a length
// (buf, len; data, size; items, n_items). Callers pass the length of what
// the pointer points to; leaving the two unrelated makes every index up
// to the length an out-of-bounds alarm no caller can cause.
func lengthPairs(params []*ir.Var) map[int]int {
	pairs := map[int]int{}
	for i := 1; i < len(params); i++ {
		pt, ok := params[i-1].Type.(*ir.PointerType)
		it, isInt := params[i].Type.(*ir.IntType)
		if !ok || !isInt || it.IsBool() || !lengthName.MatchString(params[i].Source) {
			continue
		}
		if _, fn := pt.Elem.(*ir.FuncType); fn {
			continue
		}
		pairs[i] = i - 1
	}
	return pairs
}

// Generate builds the harness of function name of prog, which must have
// been loaded from the function's translation unit (def gives its place
// and parameter declarations).
func Generate(prog *cfront.Program, def cfront.FuncDef, opts Options) (*Harness, error) {
	opts.defaults()
	f := prog.IR.Func(def.Name)
	if f == nil || !f.HasBody() {
		return nil, fmt.Errorf("harness: no definition of %s", def.Name)
	}
	g := &gen{opts: opts, prog: prog, sharedArgs: map[int]string{}, std: ir.StdTypes(prog.IR.DataModel), use: analyse(f), fn: f, indent: 1, protos: map[string]string{},
		pairs: lengthPairs(f.Params)}
	for _, pi := range g.pairs {
		g.use.indexed[paramKey(f.Params[pi])] = true
	}
	// Static variables the function writes carry its state from one
	// call to the next: their values at a call are those some earlier
	// calls left, which C text outside the function cannot set. The
	// harness then calls it any number of times before, with fresh
	// arguments each time (carried), instead of assuming the first call.
	carried := carriedStatics(f)
	if len(carried) > 0 {
		g.indent++
		// A constructor's set-up (__prbmc_setup) must run once, outside
		// any loop: with earlier calls the handles are plain ones.
		g.opts.Constructors = false
	}
	var args []string
	for i, p := range f.Params {
		name := p.Source
		decl, ok := def.ParamDecls[name]
		if !ok || name == "" {
			// An unnamed parameter (C23, or an unused one in a callback):
			// the harness names it, when its type has a spelling.
			sp := spell(p.Type)
			if sp == "" {
				return nil, &Error{Func: def.Name, Pos: f.Pos, Construct: fmt.Sprintf("parameter %d without a name", i+1)}
			}
			name = fmt.Sprintf("prbmc_arg%d", i+1)
			decl = sp + " " + name
		}
		if sh, ok := g.sharedArgs[i]; ok {
			g.emit("%s = %s;", decl, sh)
			args = append(args, name)
			continue
		}
		g.param(p, name, decl)
		args = append(args, name)
		if pi, ok := g.pairs[i]; ok && g.err == nil {
			g.lengthOf(name, f.Params[pi], args[pi])
		}
		if g.err != nil {
			return nil, g.err
		}
	}
	call := fmt.Sprintf("%s(%s);", ir.CName(def.Name), strings.Join(args, ", "))
	perCall := g.body
	if len(carried) > 0 {
		g.body = nil
		g.indent--
	}
	if !opts.InitialGlobals {
		g.globals(prog.IR, def.Unit, carried)
		if g.err != nil {
			return nil, g.err
		}
	}
	if !opts.InitialGlobals {
		g.errno()
	}
	if len(carried) > 0 {
		var names []string
		for _, v := range carried {
			names = append(names, v.Source)
		}
		carry := "its static variables " + strings.Join(names, ", ") + " carry over"
		if len(names) == 1 {
			carry = "its static variable " + names[0] + " carries over"
		}
		g.assume("%s() may have been called any number of times before, each time with any arguments (%s from call to call)",
			ir.CName(def.Name), carry)
		g.emit("do {")
		g.body = append(g.body, perCall...)
		g.indent++
		g.emit("%s", call)
		g.indent--
		g.emit("} while (%s);", g.nondet(g.std.Bool))
	} else {
		g.emit("%s", call)
	}
	if names := mayAlias(f.Params, args); len(names) > 1 {
		// A caller may pass two pointers into one object (f(&x, &x)),
		// which the function may not expect; the harness makes a fresh
		// object for each pointer, so its verdicts hold for calls
		// without such aliases only. Say so.
		g.assume("%s point into different objects (a call that passes two of them into the same object is not checked)", joinNames(names))
	}
	h := &Harness{Function: def.Name, Entry: EntryName(def.Name), File: def.File, Line: def.StartLine, Assumed: g.assumed, Constructed: g.constructed}
	h.Source, h.compact = g.render(h)
	return h, nil
}

// mayAlias names the pointer parameters (args: their names in the
// harness) that could point into the same object as another one: their
// pointees have the same type, or one is bytes (void, char), which may
// be any object's.
func mayAlias(params []*ir.Var, args []string) []string {
	var ptrs []int
	for i, p := range params {
		if t, ok := p.Type.(*ir.PointerType); ok {
			if _, fn := t.Elem.(*ir.FuncType); !fn {
				ptrs = append(ptrs, i)
			}
		}
	}
	bytes := func(t ir.Type) bool {
		if _, ok := t.(ir.VoidType); ok {
			return true
		}
		it, ok := t.(*ir.IntType)
		return ok && it.Bits == 8 && !it.IsBool()
	}
	var names []string
	for _, i := range ptrs {
		ei := params[i].Type.(*ir.PointerType).Elem
		for _, j := range ptrs {
			ej := params[j].Type.(*ir.PointerType).Elem
			if i != j && (ir.SameType(ei, ej) || bytes(ei) || bytes(ej)) {
				names = append(names, args[i])
				break
			}
		}
	}
	return names
}

// joinNames is "a and b", "a, b and c".
func joinNames(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func (g *gen) emit(format string, a ...any) {
	g.body = append(g.body, strings.Repeat("\t", g.indent)+fmt.Sprintf(format, a...))
}

func (g *gen) assume(format string, a ...any) {
	s := fmt.Sprintf(format, a...)
	for _, x := range g.assumed {
		if x == s {
			return
		}
	}
	g.assumed = append(g.assumed, s)
}

func (g *gen) fail(construct string) {
	if g.err == nil {
		g.err = &Error{Func: g.fn.Name, Pos: g.fn.Pos, Construct: construct}
	}
}

// render returns the readable and the one-line forms.
func (g *gen) render(h *Harness) (string, string) {
	var protos []string
	for _, p := range g.protos {
		protos = append(protos, p)
	}
	sort.Strings(protos)
	var b strings.Builder
	fmt.Fprintf(&b, "/* prbmc harness for %s (%s:%d), generated.\n", ir.CName(h.Function), h.File, h.Line)
	fmt.Fprintf(&b, " * To adapt it, copy it to prbmc/harness/%s.c: it is appended to\n", ir.CName(h.Function))
	fmt.Fprintf(&b, " * %s, so the file's types, statics and macros are in scope.\n", h.File)
	if len(h.Assumed) > 0 {
		b.WriteString(" * It assumes:\n")
		for _, a := range h.Assumed {
			fmt.Fprintf(&b, " *   - %s\n", strings.ReplaceAll(a, "*/", "* /"))
		}
	}
	b.WriteString(" */\n")
	var c strings.Builder
	for _, p := range protos {
		b.WriteString(p + "\n")
		c.WriteString(p + " ")
	}
	fmt.Fprintf(&b, "void %s(void)\n{\n", h.Entry)
	fmt.Fprintf(&c, "void %s(void) {", h.Entry)
	for _, s := range g.body {
		b.WriteString(s + "\n")
		c.WriteString(" " + strings.TrimSpace(s))
	}
	b.WriteString("}\n")
	c.WriteString(" }")
	return b.String(), c.String()
}

// proto declares a helper the harness calls, so the unit need not.
func (g *gen) proto(name, decl string) string {
	g.protos[name] = decl
	return name
}

// nondet returns a call producing any value of scalar type t.
func (g *gen) nondet(t ir.Type) string {
	switch t := t.(type) {
	case *ir.IntType:
		if t.IsBool() {
			return g.proto("__VERIFIER_nondet_bool", "_Bool __VERIFIER_nondet_bool(void);") + "()"
		}
		var name, ctype string
		switch t.Bits {
		case 8:
			name, ctype = "char", "signed char"
		case 16:
			name, ctype = "short", "short"
		case 32:
			name, ctype = "int", "int"
		case 64:
			name, ctype = "longlong", "long long"
		default:
			g.fail(fmt.Sprintf("a %d-bit integer parameter", t.Bits))
			return "0"
		}
		if !t.Signed {
			name, ctype = "u"+name, "unsigned "+strings.TrimPrefix(ctype, "signed ")
		}
		fn := "__VERIFIER_nondet_" + name
		return g.proto(fn, fmt.Sprintf("%s %s(void);", ctype, fn)) + "()"
	case *ir.FloatType:
		if t.Bits == 32 {
			return g.proto("__VERIFIER_nondet_float", "float __VERIFIER_nondet_float(void);") + "()"
		}
		if t.IsLong() {
			// Not SV-COMP's, but any __VERIFIER_nondet_ function gives
			// any value of its type; a double would leave most out.
			return g.proto("__VERIFIER_nondet_long_double", "long double __VERIFIER_nondet_long_double(void);") + "()"
		}
		return g.proto("__VERIFIER_nondet_double", "double __VERIFIER_nondet_double(void);") + "()"
	}
	g.fail(fmt.Sprintf("a nondeterministic value of type %s", t))
	return "0"
}

func (g *gen) malloc() string {
	return g.proto("malloc", "void *malloc(__SIZE_TYPE__);")
}

func (g *gen) havoc() string {
	return g.proto("__prbmc_havoc", "void __prbmc_havoc(void *, __SIZE_TYPE__);")
}

// param declares parameter p (declaration text decl) with its value.
func (g *gen) param(p *ir.Var, name, decl string) {
	switch t := p.Type.(type) {
	case *ir.IntType, *ir.FloatType:
		g.emit("%s = %s;", decl, g.nondet(t))
	case *ir.PointerType:
		// int a[], int m[3][3]: the parameter is a pointer to the
		// element; a local declared that way would be an array.
		if loc := regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\s*\[[^\]]*\]`).FindStringIndex(decl); loc != nil {
			decl = decl[:loc[0]] + "(*" + name + ")" + decl[loc[1]:]
		}
		if _, ok := t.Elem.(*ir.FuncType); ok {
			g.emit("%s;", decl)
			g.fnptr(name, name)
			return
		}
		if s, ok := t.Elem.(*ir.StructType); ok && g.opts.Constructors && p.Func == g.fn {
			if c := g.constructorOf(s); c != nil && g.construct(name, decl, c) {
				return
			}
		}
		if tn := handleName(decl, name); tn != "" && g.opts.Constructors && p.Func == g.fn {
			if c := g.handleConstructor(tn); c != nil && g.construct(name, decl, c) {
				return
			}
		}
		g.pointerAt(name, name, t, g.use.shapeOf(paramKey(p)), g.opts.Depth, true, decl)
	case *ir.StructType:
		g.emit("%s;", decl)
		g.emit("%s(&%s, sizeof %s);", g.havoc(), name, name)
		g.members(name, name, t, g.opts.Depth)
	default:
		g.fail(fmt.Sprintf("parameter %s of type %s", name, p.Type))
	}
}

// pointer gives lvalue lv (of pointer type t; desc names it for readers)
// a fresh object of shape sh, and sets up the object's own pointers.
func (g *gen) pointer(lv, desc string, t *ir.PointerType, sh shape, depth int) int {
	return g.pointerAt(lv, desc, t, sh, depth, false, "")
}

// pointerAt is pointer; plain says lv is a variable the harness declared
// (assigned directly) rather than a member of a fresh object.
//
// decl, when not "", is lv's declaration, which is then written with the
// initial value.
//
// It returns the elements of the object lv points to when it is not NULL
// (0 when it is always NULL).
func (g *gen) pointerAt(lv, desc string, t *ir.PointerType, sh shape, depth int, plain bool, decl string) int {
	nullable, indexed := sh.nullable, sh.indexed
	set := func(v string) string {
		if decl != "" {
			// The declaration itself: an uninitialised pointer would be an
			// input of its own.
			return fmt.Sprintf("%s = %s;", decl, v)
		}
		if plain {
			return fmt.Sprintf("%s = %s;", lv, v)
		}
		// Through void ** so that members of const objects can be set up
		// too: the objects are fresh, nothing is really const.
		return fmt.Sprintf("*(void **)&%s = %s;", paren(lv), v)
	}
	if depth <= 0 {
		g.emit("%s", set("0"))
		g.assume("%s is NULL (deeper than the harness depth %d)", desc, g.opts.Depth)
		return 0
	}
	if g.small {
		sh.minBytes = min(sh.minBytes, int64(g.opts.ArrayLen))
	}
	n, what := 1, ""
	var size string
	elem := t.Elem
	_, isVoid := elem.(ir.VoidType)
	ct, isInt := elem.(*ir.IntType)
	// Plain char is text; signed and unsigned char are when the code
	// treats them so (looks for the NUL, hands them to strlen).
	isString := isInt && ct.Bits == 8 && !ct.IsBool() && (ct.Kind == ir.Char || sh.str)
	switch {
	case isVoid:
		nb := max(int64(g.opts.VoidBytes), sh.minBytes)
		size = fmt.Sprint(nb)
		what = fmt.Sprintf("%s points to %d bytes with any contents", desc, nb)
		if sh.minBytes > int64(g.opts.VoidBytes) {
			what += " (the code reads or writes that many)"
		}
	case isString:
		n = max(g.opts.ArrayLen, int(sh.minBytes))
		size = fmt.Sprint(n)
		what = fmt.Sprintf("%s points to a NUL-terminated string of at most %d characters", desc, n-1)
	default:
		if _, ok := elem.(*ir.FuncType); ok {
			g.fail(fmt.Sprintf("function pointer %s", desc))
			return 0
		}
		if indexed {
			n = g.opts.ArrayLen
		}
		// A constant index or a copy of a constant size says how large
		// the object is at least: a caller passes one that large.
		if es := elem.Size(); es > 0 && sh.minBytes > int64(n)*es {
			n = int((sh.minBytes + es - 1) / es)
		}
		size = fmt.Sprintf("%d * sizeof *%s", n, paren(lv))
		if n == 1 {
			size = "sizeof *" + paren(lv)
		}
		if n > 1 {
			what = fmt.Sprintf("%s points to an array of %d elements with any contents", desc, n)
		} else {
			what = fmt.Sprintf("%s points to one object with any contents", desc)
		}
	}
	elems := n
	if isVoid {
		elems = int(max(int64(g.opts.VoidBytes), sh.minBytes))
	}
	alloc := fmt.Sprintf("%s(%s)", g.malloc(), size)
	if nullable {
		g.emit("%s", set(fmt.Sprintf("%s ? 0 : %s", g.nondet(g.std.Bool), alloc)))
		what += ", or is NULL"
	} else {
		g.emit("%s", set(alloc))
	}
	g.assume("%s", what)
	saved := g.body
	g.body = nil
	g.indent++
	if isString {
		g.emit("((char *)%s)[%d] = 0;", paren(lv), n-1)
	} else if s, ok := t.Elem.(*ir.StructType); ok {
		for i := 0; i < n; i++ {
			el := fmt.Sprintf("%s[%d]", paren(lv), i)
			d := desc + "->"
			if n > 1 {
				d = fmt.Sprintf("%s[%d].", desc, i)
			}
			g.membersDesc(el, d, s, depth-1)
		}
	} else if pt, ok := t.Elem.(*ir.PointerType); ok {
		for i := 0; i < n; i++ {
			g.pointer(fmt.Sprintf("%s[%d]", paren(lv), i), fmt.Sprintf("%s[%d]", desc, i), pt, shape{nullable: true, indexed: true}, depth-1)
		}
	}
	g.indent--
	fill := g.body
	g.body = saved
	if len(fill) == 0 {
		return elems
	}
	if nullable {
		g.emit("if (%s) {", lv)
		g.body = append(g.body, fill...)
		g.emit("}")
		return elems
	}
	for _, s := range fill {
		g.body = append(g.body, s[1:]) // one indent less
	}
	return elems
}

// members sets up the pointer members of struct lvalue lv.
func (g *gen) members(lv, desc string, s *ir.StructType, depth int) {
	g.membersDesc(lv, desc+".", s, depth)
}

// membersDesc is members with desc the prefix of member names ("p->").
func (g *gen) membersDesc(lv, desc string, s *ir.StructType, depth int) {
	if s.Union {
		for _, m := range s.Fields {
			if hasPointer(m.Type, 0) {
				g.assume("pointer members of union %s hold any bytes, which name no object", strings.TrimPrefix(s.Name, "union "))
				break
			}
		}
		return
	}
	pairs := memberPairs(s)
	for i, m := range s.Fields {
		if m.Name == "" {
			continue
		}
		mlv := lv + "." + m.Name
		switch mt := m.Type.(type) {
		case *ir.PointerType:
			if _, ok := mt.Elem.(*ir.FuncType); ok {
				g.fnptr(mlv, desc+m.Name)
				continue
			}
			k := memberKey(s, i)
			sh := g.use.shapeOf(k)
			pr, paired := pairs[i]
			if paired {
				sh.indexed = true
			}
			n := g.pointer(mlv, desc+m.Name, mt, sh, depth)
			if paired && n > 0 && g.err == nil {
				g.memberLength(lv, desc, s, i, pr, n)
			}
		case *ir.StructType:
			g.membersDesc(mlv, desc+m.Name+".", mt, depth)
		case *ir.ArrayType:
			if hasPointer(mt.Elem, 0) {
				g.assume("pointers in array member %s%s hold any bytes, which name no object", desc, m.Name)
			}
		}
	}
}

// A memberPair is a (pointer, length) pair of struct members, as
// lengthPairs finds among parameters — const char *content; size_t length —
// and the position in it that may follow (size_t offset).
type memberPair struct {
	length, pos int // member indices; pos -1 when there is none
}

// positionName matches the names C code gives a position in a buffer.
var positionName = regexp.MustCompile(`(?i)^(off|offset|pos|position|cursor|cur|idx|index)$|(_off|_offset|_pos|_position|_idx|_index)$`)

// memberPairs finds s's (pointer, length[, position]) member runs, by the
// index of the pointer member.
func memberPairs(s *ir.StructType) map[int]memberPair {
	pairs := map[int]memberPair{}
	isLen := func(i int, names *regexp.Regexp) bool {
		if i >= len(s.Fields) {
			return false
		}
		it, ok := s.Fields[i].Type.(*ir.IntType)
		return ok && !it.IsBool() && s.Fields[i].Name != "" && names.MatchString(s.Fields[i].Name)
	}
	for i := 0; i+1 < len(s.Fields); i++ {
		pt, ok := s.Fields[i].Type.(*ir.PointerType)
		if !ok || !isLen(i+1, lengthName) {
			continue
		}
		if _, fn := pt.Elem.(*ir.FuncType); fn {
			continue
		}
		p := memberPair{length: i + 1, pos: -1}
		if isLen(i+2, positionName) {
			p.pos = i + 2
		}
		pairs[i] = p
	}
	return pairs
}

// memberLength bounds the length member of a (pointer, length) pair of
// struct lvalue lv by the n elements the harness gave the pointer, and
// the position member after it, if any, by the length: whoever fills such
// a struct keeps them so, and leaving them unrelated makes every read up
// to the length an out-of-bounds alarm nobody can cause.
func (g *gen) memberLength(lv, desc string, s *ir.StructType, ptr int, p memberPair, n int) {
	fn := g.proto("__VERIFIER_assume", "void __VERIFIER_assume(int);")
	ln := s.Fields[p.length].Name
	pname := desc + s.Fields[ptr].Name
	g.emit("%s(%s.%s <= %d);", fn, lv, ln, n)
	g.assume("%s%s is at most %d, the elements %s points to (a pointer and its length)", desc, ln, n, pname)
	if p.pos >= 0 {
		pos := s.Fields[p.pos].Name
		g.emit("%s(%s.%s <= %s.%s);", fn, lv, pos, lv, ln)
		g.assume("%s%s is at most %s%s (a position in it)", desc, pos, desc, ln)
	}
}

// hasPointer reports whether values of t contain a data pointer.
func hasPointer(t ir.Type, depth int) bool {
	if depth > 8 {
		return false
	}
	switch t := t.(type) {
	case *ir.PointerType:
		return true
	case *ir.ArrayType:
		return hasPointer(t.Elem, depth+1)
	case *ir.StructType:
		for _, m := range t.Fields {
			if hasPointer(m.Type, depth+1) {
				return true
			}
		}
	}
	return false
}

// carriedStatics are the static variables C cannot name from outside
// their function (static locals, statics whose name another unit's
// global takes) that f or what it calls may write: assigned, or with
// their address taken. In declaration order.
func carriedStatics(f *ir.Function) []*ir.Var {
	reach := ir.Reachable(f)
	used := ir.UsedGlobals(reach...)
	written := writtenVars(reach...)
	var out []*ir.Var
	for v := range used {
		if v.ReadOnly || !written[v] || v.Source == "" || strings.HasPrefix(v.Name, "$") ||
			strings.HasPrefix(v.Pos.File, "/usr/") || v.Pos.File == cfront.LibraryFile {
			continue
		}
		if _, _, local := strings.Cut(v.Name, "::"); local || v.Func != nil || v.Name != v.Source {
			out = append(out, v)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// writtenVars are the variables that code of fns may write: assigned,
// or with their address taken.
func writtenVars(fns ...*ir.Function) map[*ir.Var]bool {
	written := map[*ir.Var]bool{}
	for _, g := range fns {
		for _, in := range g.Body {
			if lhs := ir.Written(in); lhs != nil {
				if v := ir.RootVar(lhs); v != nil {
					written[v] = true
				}
			}
			for _, op := range ir.Operands(in) {
				ir.Inspect(op, func(e ir.Expr) bool {
					if a, ok := e.(*ir.AddrOf); ok {
						if v := ir.RootVar(a.X); v != nil {
							written[v] = true
						}
					}
					return true
				})
			}
		}
	}
	return written
}

// globals gives the unit's writable globals that the function can reach
// any value; the carried statics are left to the earlier calls.
func (g *gen) globals(p *ir.Program, unit string, carried []*ir.Var) {
	used := ir.UsedGlobals(ir.Reachable(g.fn)...)
	written := writtenVars(p.Funcs...)
	for _, v := range p.Globals {
		if !used[v] || v.Source == "" || strings.HasPrefix(v.Pos.File, "/usr/") || v.Pos.File == cfront.LibraryFile {
			continue
		}
		if v.ReadOnly {
			// A const object the unit defines: no caller can change it.
			if !strings.HasPrefix(v.Name, "$") {
				g.assume("const %s keeps its initial value", v.Source)
			}
			continue
		}
		if slices.Contains(carried, v) {
			continue
		}
		if fn, _, ok := strings.Cut(v.Name, "::"); ok || v.Func != nil {
			// A static local: C cannot name it from outside its function.
			g.assume("static variable %s of %s starts at its initial value, as on the first call", v.Source, ir.CName(fn))
			continue
		}
		if v.Unit != "" && unit != "" && v.Unit != unit && !strings.HasPrefix(v.Name, "$") {
			// A static of another file linked with this one (a caller's
			// or a callee's): the harness, appended to this file,
			// cannot name it, so it can give it no value.
			if written[v] {
				g.fail(fmt.Sprintf("static %s of %s, which code writes and the harness cannot name", v.Source, filepath.Base(v.Unit)))
				return
			}
			g.assume("static %s of %s keeps its initial value (no code writes it)", v.Source, filepath.Base(v.Unit))
			continue
		}
		if v.Name != v.Source {
			g.assume("static %s keeps its initial value (its name is taken)", v.Source)
			continue
		}
		if v.Unit != "" && !written[v] {
			// Only the unit names it, and none of its code writes it or
			// lets its address out: it holds its initialiser in every
			// run (a table of strings, say).
			g.assume("static %s keeps its initial value (no code writes it)", v.Source)
			continue
		}
		switch t := v.Type.(type) {
		case *ir.IntType, *ir.FloatType:
			g.emit("%s = %s;", v.Source, g.nondet(t))
		case *ir.PointerType:
			if _, ok := t.Elem.(*ir.FuncType); ok {
				g.assume("function pointer %s keeps its initial value", v.Source)
				continue
			}
			g.pointerAt(v.Source, v.Source, t, shape{nullable: true, indexed: true}, g.opts.Depth, true, "")
		case *ir.StructType, *ir.ArrayType:
			if funcPtrInArray(t, false) {
				// Any bytes would be a function pointer that is no
				// function, which a call reports as a bug.
				g.assume("%s keeps its initial value (it holds an array of function pointers)", v.Source)
				continue
			}
			g.emit("%s(&%s, sizeof %s);", g.havoc(), v.Source, v.Source)
			if s, ok := t.(*ir.StructType); ok {
				g.members(v.Source, v.Source, s, g.opts.Depth)
			} else if hasPointer(t, 0) {
				g.assume("pointers in array %s hold any bytes, which name no object", v.Source)
			}
		default:
			continue
		}
		g.assume("global %s holds any value", v.Source)
	}
}

// lengthOf bounds length parameter name by the elements of pointer
// parameter ptr (named pname), which the harness made an array.
func (g *gen) lengthOf(name string, ptr *ir.Var, pname string) {
	n := g.opts.ArrayLen
	if _, void := ptr.Type.(*ir.PointerType).Elem.(ir.VoidType); void {
		n = g.opts.VoidBytes
	}
	fn := g.proto("__VERIFIER_assume", "void __VERIFIER_assume(int);")
	g.emit("%s(%s <= %d);", fn, name, n)
	g.assume("%s is at most %d, the elements %s points to (a pointer and its length)", name, n, pname)
}

// fnptr points function pointer lv (desc names it for readers) to any
// function of its type whose address the program takes — what a caller
// can pass, as far as the code shows — or, when the program takes none,
// to an unknown function, a call through which is unknown rather than a
// bug (cfront's fnptr.go).
func (g *gen) fnptr(lv, desc string) {
	g.assume("function pointer %s points to a function of its type whose address the program takes (none: an unknown function, a call through it is unknown)", desc)
	fn := g.proto("__prbmc_fnptr_any", "static void __prbmc_fnptr_any(void *p) { (void)p; }")
	g.emit("%s(&%s);", fn, paren(lv))
}

// funcPtrInArray reports whether t holds a function pointer inside an
// array (which the harness cannot set member by member).
func funcPtrInArray(t ir.Type, inArray bool) bool {
	switch t := t.(type) {
	case *ir.PointerType:
		_, ok := t.Elem.(*ir.FuncType)
		return ok && inArray
	case *ir.ArrayType:
		return funcPtrInArray(t.Elem, true)
	case *ir.StructType:
		for _, f := range t.Fields {
			if funcPtrInArray(f.Type, inArray) {
				return true
			}
		}
	}
	return false
}

// errno gives errno any value when the function can read it (glibc's
// errno is *__errno_location(), whose model starts it at 0, as at program
// start; a caller may have set it to anything).
func (g *gen) errno() {
	for _, f := range ir.Reachable(g.fn) {
		if f.Name == "__errno_location" && f.Library {
			fn := g.proto("__errno_location", "int *__errno_location(void);")
			g.emit("*%s() = %s;", fn, g.nondet(g.std.Int))
			g.assume("errno holds any value")
			return
		}
	}
}

// spell returns C syntax for t, or "" when t has no spelling outside its
// declaration (an anonymous struct, a function type).
func spell(t ir.Type) string {
	switch t := t.(type) {
	case *ir.IntType:
		if t.Kind == ir.Enum {
			if t.Signed {
				return "int"
			}
			return "unsigned int"
		}
		return t.String()
	case *ir.FloatType:
		return t.String()
	case ir.VoidType:
		return "void"
	case *ir.PointerType:
		if e := spell(t.Elem); e != "" {
			return e + " *"
		}
	case *ir.StructType:
		if !strings.ContainsAny(t.Name, "#.$") {
			return t.Name
		}
	}
	return ""
}

// Attach returns the unit's source with the harness appended behind a
// #line directive that maps it to the function's first line (or, for a
// user's harness file, to that file).
func (h *Harness) Attach(src []byte) []byte {
	var b strings.Builder
	b.Write(src)
	if len(src) > 0 && src[len(src)-1] != '\n' {
		b.WriteByte('\n')
	}
	if h.User != "" {
		fmt.Fprintf(&b, "#line 1 %q\n%s\n", h.User, h.Source)
		return []byte(b.String())
	}
	fmt.Fprintf(&b, "#line %d %q\n%s\n", h.Line, h.File, h.compact)
	return []byte(b.String())
}

// UserHarness makes a harness from the text of a user's file, which must
// define EntryName(def.Name).
func UserHarness(def cfront.FuncDef, path string, text []byte) (*Harness, error) {
	entry := EntryName(def.Name)
	if !strings.Contains(string(text), entry) {
		return nil, fmt.Errorf("%s: does not define %s(void)", path, entry)
	}
	return &Harness{Function: def.Name, Entry: entry, File: def.File, Line: def.StartLine, Source: string(text), User: path,
		Assumed: []string{"the inputs are those of the user's harness " + path}}, nil
}

// paren parenthesises a C lvalue unless it is a plain name.
func paren(lv string) string {
	for _, r := range lv {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return "(" + lv + ")"
		}
	}
	return lv
}

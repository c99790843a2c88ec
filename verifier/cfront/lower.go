package cfront

import (
	"context"
	_ "embed"
	"fmt"
	"sort"
	"strings"

	"modernc.org/cc/v4"
	"modernc.org/token"

	"github.com/prbmc/prbmc/verifier/ir"
)

// Diag is a construct the front end could not model, at a position. The
// IR holds an ir.Unsupported instruction where it was.
type Diag struct {
	Pos       ir.Pos
	Construct string
	Func      string // the function it is in ("" for globals)
}

func (d Diag) String() string { return fmt.Sprintf("%s: unsupported: %s", d.Pos, d.Construct) }

// Program is the result of loading C sources: the IR and what could not be
// lowered.
type Program struct {
	IR          *ir.Program
	Unsupported []Diag
	Warnings    []string
	// Defs are the function definitions of the user's files with their
	// source extents, for harnesses and diff scope.
	Defs []FuncDef
	// LinkProblems say why several units do not link into one program
	// as a C linker would: an external function defined in two of them,
	// an external name declared with types of different layouts, a name
	// one unit keeps static and another exports. The program is then
	// not the one the units make; a caller must not trust it. One unit
	// has none.
	LinkProblems []string
}

// FuncDef is a function definition's place in the source.
type FuncDef struct {
	Name      string
	File      string
	StartLine int
	EndLine   int
	// Unit is the translation unit the definition is in (File may be
	// renamed for reports; Unit is not).
	Unit string
	// ParamDecls maps each named parameter to its declaration as written
	// ("const struct cfg *c"), so a harness can declare a variable of
	// exactly that type, typedef names and qualifiers included.
	ParamDecls map[string]string
	// Result is the return type as written, without storage class,
	// inline or qualifiers ("sds", "struct ring *"), so a harness can
	// tell the functions that return a typedef'd handle.
	Result string
}

// Source is one input: a file name and, optionally, its contents.
type Source struct {
	Name string
	Text []byte // nil: read the file
}

//go:embed models/libc.c
var libcModel []byte

// libcName is the pseudo file name of our C library models.
const libcName = "<prbmc-libc>"

// LibraryFile is the file name of the positions of the library models'
// functions and globals (Var.Pos.File), which no user's file can have.
const LibraryFile = libcName

// Load parses, type-checks and lowers files into one linked program. A
// parse error in any file is returned as an error (with file:line:col);
// unsupported constructs do not fail the load: they are listed in
// Program.Unsupported and become ir.Unsupported instructions.
func Load(ctx context.Context, cfg Config, files ...Source) (prog *Program, err error) {
	// Lowering turns the unsupported and the unexpected into ir.Unsupported
	// statement by statement (guard) and function by function (lowerFunc);
	// this is the last line, for the linker itself: a front-end bug must
	// not take the caller down.
	defer func() {
		if r := recover(); r != nil {
			prog, err = nil, fmt.Errorf("internal error in the C front end: %v", r)
		}
	}()
	fe, err := newFrontend(cfg)
	if err != nil {
		return nil, err
	}
	var units []*Unit
	for _, f := range files {
		u, err := fe.parse(ctx, f.Name, f.Text)
		if err != nil {
			return nil, err
		}
		units = append(units, u)
	}
	l := newLinker(fe)
	if fe.warned != "" {
		l.out.Warnings = append(l.out.Warnings, fe.warned)
	}
	l.declareUnits(units)
	if missing := l.missingLibc(); len(missing) > 0 {
		lib, err := fe.parse(ctx, libcName, libcModel)
		if err != nil {
			return nil, fmt.Errorf("internal error: library model: %w", err)
		}
		l.declareLibrary(lib, missing)
	}
	if err := l.lowerAll(ctx); err != nil {
		return nil, err
	}
	return l.out, nil
}

// LoadFiles is Load for files on disk.
func LoadFiles(ctx context.Context, cfg Config, names ...string) (*Program, error) {
	srcs := make([]Source, len(names))
	for i, n := range names {
		srcs[i] = Source{Name: n}
	}
	return Load(ctx, cfg, srcs...)
}

// linker lowers and links translation units into one ir.Program.
type linker struct {
	fe    *frontend
	std   *ir.Std
	types *typeMap
	prog  *ir.Program
	out   *Program

	// External names are shared across units; statics are per unit.
	extFuncs   map[string]*ir.Function
	extGlobals map[string]*ir.Var
	declVars   map[*cc.Declarator]*ir.Var
	declFuncs  map[*cc.Declarator]*ir.Function
	usedNames  map[string]int
	// Internal-linkage names are shared by the declarations of one unit.
	staticFuncs map[staticKey]*ir.Function
	staticVars  map[staticKey]*ir.Var
	// extUnit is the user's unit that declared an external name first,
	// extDef the one whose main file defines an external function, and
	// extInit the one that initialises an external global: a second
	// unit's declaration is checked against them (LinkProblems).
	extUnit map[string]*Unit
	extDef  map[string]*Unit
	extInit map[string]*Unit
	// staticOwner is the unit whose file-scope static first took a name.
	staticOwner map[string]*Unit

	bodies  []pendingBody
	inits   []pendingInit
	strs    map[string]*ir.Var
	initFn  *fnLower
	propSeq map[string]int
	curFn   string // the function being lowered, for diagnostics
	// indirect are the calls through function pointers, dispatched once
	// every body is lowered (fnptr.go).
	indirect []*pendingIndirect
	// anyFuncs are the harness's function pointers that may point to any
	// address-taken function of their type, chosen once every body is
	// lowered (fnptr.go).
	anyFuncs []*pendingAny
}

type staticKey struct {
	unit *Unit
	name string
}

type pendingBody struct {
	unit *Unit
	def  *cc.FunctionDefinition
	fn   *ir.Function
	lib  bool
}

type pendingInit struct {
	v    *ir.Var
	d    *cc.Declarator
	init *cc.Initializer
}

func newLinker(fe *frontend) *linker {
	std := ir.StdTypes(fe.model)
	prog := &ir.Program{DataModel: fe.model}
	l := &linker{
		fe: fe, std: std, prog: prog,
		types:       newTypeMap(std, prog),
		out:         &Program{IR: prog},
		extFuncs:    map[string]*ir.Function{},
		extGlobals:  map[string]*ir.Var{},
		declVars:    map[*cc.Declarator]*ir.Var{},
		declFuncs:   map[*cc.Declarator]*ir.Function{},
		usedNames:   map[string]int{},
		staticFuncs: map[staticKey]*ir.Function{},
		staticVars:  map[staticKey]*ir.Var{},
		extUnit:     map[string]*Unit{},
		extDef:      map[string]*Unit{},
		extInit:     map[string]*Unit{},
		staticOwner: map[string]*Unit{},
		strs:        map[string]*ir.Var{},
		propSeq:     map[string]int{},
	}
	prog.Init = &ir.Function{Name: "$init", Type: &ir.FuncType{Result: ir.Void}}
	l.initFn = newFnLower(l, nil, prog.Init)
	return l
}

func (l *linker) pos(p token.Position) ir.Pos {
	return ir.Pos{File: p.Filename, Line: p.Line, Col: p.Column}
}

// uniqueName gives statics of different units distinct IR names.
func (l *linker) uniqueName(name string) string {
	n := l.usedNames[name]
	l.usedNames[name]++
	if n == 0 {
		return name
	}
	return fmt.Sprintf("%s.%d", name, n)
}

// declareUnits creates an IR function or global for every file-scope
// declarator, so that bodies can refer to anything in any unit.
func (l *linker) declareUnits(units []*Unit) {
	for _, u := range units {
		l.declareUnit(u, false, nil)
	}
}

func (l *linker) declareLibrary(u *Unit, want map[string]bool) {
	l.declareUnit(u, true, want)
}

func (l *linker) declareUnit(u *Unit, lib bool, want map[string]bool) {
	for tu := u.ast.TranslationUnit; tu != nil; tu = tu.TranslationUnit {
		ed := tu.ExternalDeclaration
		switch ed.Case {
		case cc.ExternalDeclarationFuncDef:
			fd := ed.FunctionDefinition
			d := fd.Declarator
			if lib && !want[d.Name()] {
				continue
			}
			// A function from a header is not one of the unit's own
			// definitions; it is library code (no checks) only when the
			// header is a system one.
			fromHeader := !lib && ed.Position().Filename != u.Name
			libCode := lib || fromHeader && l.fe.systemHeader(ed.Position().Filename)
			f := l.funcFor(u, d, libCode)
			if f == nil {
				continue
			}
			if !lib && !fromHeader && d.Linkage() == cc.External {
				if other := l.extDef[d.Name()]; other != nil && other != u {
					l.linkProblem("%s() is defined in both %s and %s", d.Name(), other.Name, u.Name)
				} else {
					l.extDef[d.Name()] = u
				}
			}
			if f.Body != nil || l.hasPendingBody(f) {
				// A second definition (e.g. the same static inline in a
				// header of two units) keeps the first.
				l.declFuncs[d] = f
				continue
			}
			f.Pos = l.pos(d.Position())
			f.End = l.pos(fd.CompoundStatement.Token2.Position())
			l.bodies = append(l.bodies, pendingBody{unit: u, def: fd, fn: f, lib: libCode})
			if !lib && !fromHeader {
				l.out.Defs = append(l.out.Defs, FuncDef{Name: f.Name, File: u.Name, Unit: u.Name, StartLine: f.Pos.Line, EndLine: f.End.Line, ParamDecls: paramDecls(fd), Result: resultDecl(fd)})
			}
		case cc.ExternalDeclarationDecl:
			decl := ed.Declaration
			for idl := decl.InitDeclaratorList; idl != nil; idl = idl.InitDeclaratorList {
				id := idl.InitDeclarator
				d := id.Declarator
				if d == nil || d.IsTypename() {
					continue
				}
				if d.Type().Kind() == cc.Function {
					l.funcFor(u, d, lib)
					continue
				}
				v := l.globalFor(u, d)
				if v != nil && constObject(d.Type()) && (id.Initializer != nil || d.Linkage() == cc.Internal) {
					// Defined here and const: no code can change it (a
					// write is undefined, and faults, as in .rodata).
					v.ReadOnly = true
				}
				if v != nil && id.Initializer != nil {
					l.inits = append(l.inits, pendingInit{v: v, d: d, init: id.Initializer})
					if !lib && d.Linkage() == cc.External {
						if other := l.extInit[d.Name()]; other != nil && other != u {
							l.linkProblem("global %s is initialised in both %s and %s", d.Name(), other.Name, u.Name)
						} else {
							l.extInit[d.Name()] = u
						}
					}
				}
			}
		}
	}
}

func (l *linker) hasPendingBody(f *ir.Function) bool {
	for _, b := range l.bodies {
		if b.fn == f {
			return true
		}
	}
	return false
}

// funcFor returns the IR function a declarator names, creating it.
func (l *linker) funcFor(u *Unit, d *cc.Declarator, lib bool) *ir.Function {
	if f, ok := l.declFuncs[d]; ok {
		return f
	}
	name := d.Name()
	static := d.Linkage() == cc.Internal
	if !static {
		if f, ok := l.extFuncs[name]; ok {
			l.declFuncs[d] = f
			if !lib {
				l.checkExternal(u, name, f.Type, func() (ir.Type, error) { return l.types.funcType(d.Type().(*cc.FunctionType)) })
			}
			return f
		}
	} else if f, ok := l.staticFuncs[staticKey{u, name}]; ok {
		l.declFuncs[d] = f
		return f
	}
	ft, err := l.types.funcType(d.Type().(*cc.FunctionType))
	if err != nil {
		// Keep a callable shell; calling it is reported where it happens.
		ft = &ir.FuncType{Result: ir.Void, Variadic: true}
	}
	irName := name
	if static {
		irName = l.uniqueName(name)
	} else {
		if o := l.staticOwner[name]; !lib && o != nil && o != u {
			// A static of an earlier unit holds the name: the two
			// would share it.
			l.linkProblem("%s is static in %s and external in %s", name, o.Name, u.Name)
		}
		l.usedNames[name]++
		if !lib {
			l.extUnit[name] = u
		}
	}
	f := &ir.Function{Name: irName, Type: ft, Static: static, Library: lib, ConstParams: constParams(d.Type().(*cc.FunctionType))}
	l.prog.AddFunc(f)
	l.declFuncs[d] = f
	if !static {
		l.extFuncs[name] = f
	} else {
		l.staticFuncs[staticKey{u, name}] = f
		if l.staticOwner[name] == nil {
			l.staticOwner[name] = u
		}
	}
	return f
}

// globalFor returns the IR global a file-scope (or static local)
// declarator names, creating it.
func (l *linker) globalFor(u *Unit, d *cc.Declarator) *ir.Var {
	if v, ok := l.declVars[d]; ok {
		return v
	}
	name := d.Name()
	ext := d.Linkage() == cc.External
	if d.Linkage() == cc.Internal {
		if v, ok := l.staticVars[staticKey{u, name}]; ok {
			l.declVars[d] = v
			if at, ok := v.Type.(*ir.ArrayType); ok && at.Len < 0 {
				if t, err := l.types.conv(d.Type()); err == nil {
					v.Type = t
				}
			}
			return v
		}
	}
	if ext {
		if v, ok := l.extGlobals[name]; ok {
			l.declVars[d] = v
			l.checkExternal(u, name, v.Type, func() (ir.Type, error) { return l.types.conv(d.Type()) })
			// A later declaration may complete an array type.
			if at, ok := v.Type.(*ir.ArrayType); ok && at.Len < 0 {
				if t, err := l.types.conv(d.Type()); err == nil {
					v.Type = t
				}
			}
			return v
		}
	}
	t, err := l.types.conv(d.Type())
	if err != nil {
		l.unsupported(l.pos(d.Position()), fmt.Sprintf("global %s: %v", name, err))
		t = &ir.ArrayType{Elem: l.std.UChar, Len: max(d.Type().Size(), 1)}
	}
	irName := name
	if ext {
		if o := l.staticOwner[name]; o != nil && o != u && u.Name != libcName {
			l.linkProblem("%s is static in %s and external in %s", name, o.Name, u.Name)
		}
		l.usedNames[name]++
		if u.Name != libcName {
			l.extUnit[name] = u
		}
	} else {
		irName = l.uniqueName(name)
	}
	v := &ir.Var{Name: irName, Source: name, Type: t, Kind: ir.Global, Pos: l.pos(d.Position()), ID: len(l.prog.Globals)}
	l.prog.Globals = append(l.prog.Globals, v)
	l.declVars[d] = v
	if ext {
		l.extGlobals[name] = v
	} else if d.Linkage() == cc.Internal {
		v.Unit = u.Name
		l.staticVars[staticKey{u, name}] = v
		if l.staticOwner[name] == nil {
			l.staticOwner[name] = u
		}
	}
	return v
}

// stringLit returns the read-only global holding a string literal.
func (l *linker) stringLit(s string, t ir.Type) *ir.Var {
	key := t.String() + "\x00" + s
	if v, ok := l.strs[key]; ok {
		return v
	}
	v := &ir.Var{Name: fmt.Sprintf("$str%d", len(l.strs)), Source: fmt.Sprintf("%q", s), Type: t,
		Kind: ir.Global, ReadOnly: true, Data: []byte(s), ID: len(l.prog.Globals), AddrTaken: true}
	l.prog.Globals = append(l.prog.Globals, v)
	l.strs[key] = v
	return v
}

func (l *linker) unsupported(p ir.Pos, what string) {
	l.out.Unsupported = append(l.out.Unsupported, Diag{Pos: p, Construct: what, Func: l.curFn})
}

// pruneDiags keeps the diagnostics of code that user code can reach: an
// unused inline function of a system header is no concern of the user's.
func (l *linker) pruneDiags() {
	reach := map[string]bool{}
	var visit func(f *ir.Function)
	visit = func(f *ir.Function) {
		if f == nil || reach[f.Name] {
			return
		}
		reach[f.Name] = true
		for _, in := range f.Body {
			if c, ok := in.(*ir.Call); ok && c.Fn != nil {
				visit(c.Fn)
			}
		}
	}
	visit(l.prog.Init)
	for _, f := range l.prog.Funcs {
		if !f.Library && f.Body != nil {
			visit(f)
		}
	}
	var kept []Diag
	for _, d := range l.out.Unsupported {
		if d.Func == "" || reach[d.Func] {
			kept = append(kept, d)
		}
	}
	l.out.Unsupported = kept
}

// newProp registers a property with an ID unique in the program.
func (l *linker) newProp(fn string, kind ir.PropKind, text string, p ir.Pos) *ir.Property {
	key := fn + "." + kind.String()
	l.propSeq[key]++
	prop := &ir.Property{ID: fmt.Sprintf("%s.%d", key, l.propSeq[key]), Kind: kind, Text: text, Pos: p, Func: fn}
	l.prog.Props = append(l.prog.Props, prop)
	return prop
}

// missingLibc lists the library functions that are called (declared) but
// not defined, and that our C model provides.
func (l *linker) missingLibc() map[string]bool {
	// Every model the program does not define itself: the models call
	// each other, and unused ones cost nothing.
	want := map[string]bool{}
	for name := range libcProvides {
		if f := l.extFuncs[name]; f == nil || (f.Body == nil && !l.hasPendingBody(f)) {
			want[name] = true
		}
	}
	return want
}

// libcProvides lists the functions defined in libc.c.
var libcProvides = map[string]bool{
	"strlen": true, "strcmp": true, "strncmp": true, "strcpy": true, "strncpy": true,
	"strcat": true, "strchr": true, "memcmp": true, "memchr": true, "abs": true, "labs": true,
	"llabs": true, "__prbmc_bswap16": true, "__prbmc_bswap32": true, "__prbmc_bswap64": true,
	"__prbmc_popcount": true, "__prbmc_popcountll": true, "isdigit": true, "isalpha": true, "isspace": true, "toupper": true, "tolower": true,
	"strrchr": true, "strnlen": true, "strncat": true, "isupper": true, "islower": true, "isalnum": true,
	"fabs": true, "fabsf": true,
	"isxdigit": true, "isprint": true, "isgraph": true, "isblank": true, "iscntrl": true, "ispunct": true,
	"__ctype_b_loc": true, "__ctype_tolower_loc": true, "__ctype_toupper_loc": true,
	"__errno_location": true, "__h_errno_location": true, "__ctype_get_mb_cur_max": true,
	"__prbmc_signbit": true, "__prbmc_signbitf": true, "__prbmc_signbitl": true, "strtod": true, "strtof": true, "__prbmc_strto": true,
	"qsort": true, "bsearch": true, "realloc": true,
}

func (l *linker) lowerAll(ctx context.Context) error {
	// Globals first: their initialisers land in Init in source order.
	for _, pi := range l.inits {
		l.initFn.initGlobal(pi.v, pi.d, pi.init)
	}
	for _, b := range l.bodies {
		if err := ctx.Err(); err != nil {
			return err
		}
		b.fn.Library = b.lib
		l.curFn = b.fn.Name
		l.lowerFunc(b)
	}
	l.curFn = ""
	l.initFn.finish()
	l.expandIndirect()
	// Keep a deterministic order for the printer: types by name.
	sort.SliceStable(l.prog.Types, func(i, j int) bool { return l.prog.Types[i].Name < l.prog.Types[j].Name })
	for _, f := range l.prog.Funcs {
		if f.Body != nil {
			ir.ComputeLoops(f)
		}
	}
	ir.ComputeLoops(l.prog.Init)
	l.pruneDiags()
	l.pruneLibraryGlobals()
	return nil
}

// pruneLibraryGlobals drops the globals of the library models (the ctype
// tables, errno) that no code the user's can reach refers to, so that a
// program carries only the model state it uses. A library function that
// refers to a dropped global is unreachable; it loses its body.
func (l *linker) pruneLibraryGlobals() {
	lib := func(v *ir.Var) bool { return v.Pos.File == libcName }
	has := false
	for _, g := range l.prog.Globals {
		if lib(g) {
			has = true
			break
		}
	}
	if !has {
		return
	}
	roots := []*ir.Function{l.prog.Init}
	for _, f := range l.prog.Funcs {
		if !f.Library && f.Body != nil {
			roots = append(roots, f)
		}
	}
	reachable := ir.Reachable(roots...)
	reach := map[*ir.Function]bool{}
	for _, f := range reachable {
		reach[f] = true
	}
	used := ir.UsedGlobals(reachable...)
	var kept []*ir.Var
	for _, g := range l.prog.Globals {
		if lib(g) && !used[g] {
			continue
		}
		g.ID = len(kept)
		kept = append(kept, g)
	}
	l.prog.Globals = kept
	for _, f := range l.prog.Funcs {
		if reach[f] || !f.Library || f.Body == nil {
			continue
		}
		for v := range ir.UsedGlobals(f) {
			if lib(v) && !used[v] {
				f.Body, f.Loops = nil, nil
				break
			}
		}
	}
}

// lowerFunc lowers one function body. A panic that escapes the statement
// guards (a lowering bug outside any statement) makes the whole function
// unsupported rather than failing the load.
func (l *linker) lowerFunc(b pendingBody) {
	defer func() {
		if r := recover(); r != nil {
			f := b.fn
			what := fmt.Sprintf("internal error lowering function %s: %v", f.Name, r)
			l.unsupported(f.Pos, what)
			f.Body = []ir.Instr{&ir.Unsupported{At: ir.At{P: f.Pos}, Construct: what}, &ir.Return{At: ir.At{P: f.End}}}
		}
	}()
	fl := newFnLower(l, b.unit, b.fn)
	fl.lowerBody(b.def)
}

// sourceText is the source of n as written (after macro expansion), one
// line, for property texts.
func sourceText(n cc.Node) string {
	s := strings.Join(strings.Fields(cc.NodeSource(n)), " ")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// constObject reports whether objects of type t are const-qualified as a
// whole (arrays: their elements) and not volatile anywhere: such an
// object, once defined, keeps its initial value.
func constObject(t cc.Type) bool {
	if hasVolatile(t, 0) {
		return false
	}
	// The element type of arrays (of arrays): cc/v4 reports qualifiers of
	// a pointed-to type on derived types (`T * const *p`, `const T *a[4]`
	// look const), so only a non-pointer element's own are trusted; const
	// pointers are left writable (havocked by a harness), which only loses
	// precision.
	for {
		at, ok := t.(*cc.ArrayType)
		if !ok {
			break
		}
		t = at.Elem()
	}
	if _, ok := t.(*cc.PointerType); ok {
		return false
	}
	return t.Attributes().IsConst()
}

// hasVolatile reports whether t or a part of it is volatile-qualified (a
// const volatile object may change by itself).
func hasVolatile(t cc.Type, depth int) bool {
	if t == nil || depth > 16 {
		return false
	}
	if t.Attributes().IsVolatile() {
		return true
	}
	switch t := t.(type) {
	case *cc.ArrayType:
		return hasVolatile(t.Elem(), depth+1)
	case *cc.StructType:
		for i := 0; i < t.NumFields(); i++ {
			if hasVolatile(t.FieldByIndex(i).Type(), depth+1) {
				return true
			}
		}
	case *cc.UnionType:
		for i := 0; i < t.NumFields(); i++ {
			if hasVolatile(t.FieldByIndex(i).Type(), depth+1) {
				return true
			}
		}
	}
	return false
}

// constParams says which parameters point to const-qualified data.
func constParams(ft *cc.FunctionType) []bool {
	var out []bool
	for _, p := range ft.Parameters() {
		c := false
		if pt, ok := p.Type().(*cc.PointerType); ok {
			c = pt.Elem().Attributes().IsConst()
		}
		out = append(out, c)
	}
	return out
}

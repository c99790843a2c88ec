package diffscope

import (
	"sort"
	"strconv"
)

// FuncDef is a function definition found by [Scan].
type FuncDef struct {
	Name string `json:"name"`
	// StartLine is the first line of the definition: the line of its first
	// declaration specifier, attribute or annotation macro.
	StartLine int `json:"startLine"`
	// BodyLine is the line of the '{' that opens the body.
	BodyLine int `json:"bodyLine"`
	// EndLine is the line of the matching '}' (the last line of the file if
	// the body is never closed).
	EndLine int `json:"endLine"`
	// Signature is the normalized token text from StartLine up to the body.
	Signature string `json:"signature"`
	// Uses lists, sorted, the identifiers used in the signature and body,
	// keywords excluded; tag references appear as "struct T", "union T" and
	// "enum T", and identifiers in #if/#ifdef/#elif lines inside the body are
	// included.
	Uses []string `json:"uses"`

	bodyHash uint64
	counts   map[string]int // body token counts, for rename similarity
	ntoks    int
}

// DefKind is the kind of a file-scope definition.
type DefKind string

// Kinds of file-scope definitions; they double as [Reason] kinds.
const (
	DefMacro  DefKind = "macro"  // #define NAME (and #undef NAME)
	DefType   DefKind = "type"   // struct/union/enum TAG {...}, typedef ... NAME;
	DefGlobal DefKind = "global" // non-static file-scope variable (also extern declarations)
	DefStatic DefKind = "static" // static file-scope variable
)

// Def is a file-scope definition found by [Scan].
type Def struct {
	Kind DefKind `json:"kind"`
	// Name identifies the definition: the macro, typedef or variable name,
	// "struct T"/"union T"/"enum T" for tagged types, and "enum {FIRST}" for
	// an anonymous enum (named by its first enumerator).
	Name      string `json:"name"`
	StartLine int    `json:"startLine"`
	EndLine   int    `json:"endLine"`
	// Idents are the identifiers by which code refers to the definition:
	// Name itself, plus the enumerators of an enum.
	Idents []string `json:"idents"`
	// Uses are the identifiers the definition itself uses (macro replacement
	// lists, member and variable types, initializers), sorted.
	Uses []string `json:"uses,omitempty"`

	text string // normalized token text, for change detection
}

// FileScan is what [Scan] finds in one file.
type FileScan struct {
	Functions []FuncDef `json:"functions"`
	Defs      []Def     `json:"defs"`
}

// Scan finds function definitions and file-scope definitions in C source.
// It never fails and never preprocesses. Rules and limits:
//
//   - Comments, string/char literals (with escapes), line splices and CR LF
//     line endings are handled by the tokenizer; bytes are not required to
//     be UTF-8.
//   - Preprocessor lines are not code. #define/#undef become macro
//     definitions. An "#if 0" group is skipped up to its #else/#elif/#endif.
//     For every other conditional, all branches are scanned, but the scanner
//     state (brace and parenthesis depth, pending declaration) is restored
//     to what it was at the #if when an #elif/#else starts, so branches with
//     unbalanced braces, such as two alternative function headers, do not
//     derail the rest of the file.
//   - A '{' at file scope opens a function body when the tokens before it
//     contain an identifier followed by a parameter list, and no '=' or
//     typedef. When several identifiers are followed by parentheses, the
//     last one wins, except that names starting with "__" or written in
//     all capitals lose against other names, so annotation macros are
//     skipped (static __printf(1,2) void log(...), SEC("x") int prog(...),
//     Py_DEPRECATED(3.3) static int f(...), int f(void) __acquires(l)).
//   - The function starts at its first declaration specifier, attribute or
//     annotation macro, except that file-scope macro invocations without a
//     ';' that are followed by a blank line are not part of it.
//   - K&R parameter declarations (int f(a, b) int a; char *b; {...}) are
//     recognized when each declared name is in the identifier list.
//   - Braces after struct/union/enum, after '=' (initializers) and after
//     extern "C" are not function bodies.
//   - File-scope macro invocations ending in ';' (DEFINE_LOCK(x);) are not
//     definitions, except that DEFINE_*/DECLARE_* invocations define a
//     variable named by their first identifier argument.
func Scan(src []byte) *FileScan {
	s := &scanner{seen: map[string]int{}}
	s.reset()
	toks := tokenize(src, true)
	for _, t := range toks {
		if t.kind == tkDirective {
			s.directive(t)
			continue
		}
		if s.skipping {
			continue
		}
		s.token(t)
	}
	if fn := s.st.fn; fn != nil {
		last := 1
		if len(toks) > 0 {
			last = toks[len(toks)-1].end
		}
		s.emit(fn, last)
	}
	sort.SliceStable(s.out.Functions, func(i, j int) bool {
		return s.out.Functions[i].StartLine < s.out.Functions[j].StartLine
	})
	sort.SliceStable(s.out.Defs, func(i, j int) bool { return s.out.Defs[i].StartLine < s.out.Defs[j].StartLine })
	return &s.out
}

type funcState struct {
	name            string
	start, bodyLine int
	sig             string
	depth           int
	uses            map[string]bool
	h               uint64
	counts          map[string]int
	ntoks           int
	prevKw          string
}

func (f *funcState) add(t token) {
	f.ntoks++
	f.counts[t.text]++
	for i := 0; i < len(t.text); i++ {
		f.h = (f.h ^ uint64(t.text[i])) * 1099511628211
	}
	f.h = (f.h ^ 0xff) * 1099511628211 // token separator
	if t.kind == tkIdent {
		if f.prevKw != "" {
			f.uses[f.prevKw+" "+t.text] = true
		}
		if !cKeywords[t.text] {
			f.uses[t.text] = true
		}
		if t.text == "struct" || t.text == "union" || t.text == "enum" {
			f.prevKw = t.text
			return
		}
	}
	f.prevKw = ""
}

type state struct {
	pending      []token
	paren        int  // ( and [ depth within pending
	brace        int  // { depth within pending (initializers, type bodies)
	unknownBlock bool // the open top-level brace group in pending is neither type nor initializer
	openParen    int  // paren depth when the top-level brace group opened
	afterBlock   bool // an unknown block just closed: the declaration ends
	fn           *funcState
	fnDepth      int
	externC      int
	// Facts about the top level of pending, kept as tokens arrive so that
	// deciding what a '{' opens does not rescan pending.
	hasEq      bool // a top-level '='
	hasTypedef bool // a top-level typedef
	lastTag    int  // index of the last top-level struct/union/enum keyword, or -1
	krSemis    int  // top-level ';' kept as K&R parameter declarations
}

// snapshot returns a copy of the state for a later restore. The pending
// slice shares its array: a restore happens only for the innermost open
// conditional, and everything appended after the snapshot belongs to
// branches that the restore abandons.
func (st state) snapshot() state {
	if st.fn != nil {
		st.fnDepth = st.fn.depth
	}
	return st
}

type cond struct {
	snap  state
	valid bool // snap may be restored (false beyond the nesting limit)
	// altStart is the start line of a function header opened in an earlier
	// branch and abandoned by the restore (0 if none).
	altStart int
}

const maxCondDepth = 64

type scanner struct {
	st        state
	stack     []cond
	skipping  bool // inside an #if 0 group
	skipDepth int  // nested conditionals inside the skipped group
	out       FileScan
	seen      map[string]int
}

func (s *scanner) directive(t token) {
	d := tokenize([]byte(t.text[1:]), false)
	if len(d) == 0 || d[0].kind != tkIdent {
		return
	}
	name := d[0].text
	if s.skipping {
		switch name {
		case "if", "ifdef", "ifndef":
			s.skipDepth++
		case "endif":
			if s.skipDepth > 0 {
				s.skipDepth--
			} else {
				s.skipping = false
				s.pop()
			}
		case "else", "elif", "elifdef", "elifndef":
			if s.skipDepth == 0 {
				s.skipping = false
				if n := len(s.stack); n > 0 {
					s.stack[n-1].snap = s.st.snapshot()
				}
			}
		}
		return
	}
	if fn := s.st.fn; fn != nil {
		switch name {
		case "if", "ifdef", "ifndef", "elif", "elifdef", "elifndef":
			for _, x := range d[1:] {
				if x.kind == tkIdent && !cKeywords[x.text] {
					fn.uses[x.text] = true
				}
			}
		}
	}
	switch name {
	case "define", "undef":
		s.macro(t, d)
	case "if", "ifdef", "ifndef":
		if len(s.stack) >= maxCondDepth {
			s.stack = append(s.stack, cond{})
		} else {
			s.stack = append(s.stack, cond{snap: s.st.snapshot(), valid: true})
		}
		if name == "if" && isZeroExpr(d[1:]) {
			s.skipping = true
			s.skipDepth = 0
		}
	case "elif", "else", "elifdef", "elifndef":
		if n := len(s.stack); n > 0 && s.stack[n-1].valid {
			c := &s.stack[n-1]
			snap := c.snap
			if fn := s.st.fn; fn != nil && fn != snap.fn && (c.altStart == 0 || fn.start < c.altStart) {
				c.altStart = fn.start
			}
			s.st = snap.snapshot()
			if s.st.fn != nil {
				s.st.fn.depth = snap.fnDepth
			}
		}
	case "endif":
		s.pop()
	}
}

func (s *scanner) pop() {
	if n := len(s.stack); n > 0 {
		// Alternative headers of one function (#ifdef A int f(int) { #else
		// int f(long) { #endif): the function starts at the first one.
		c := s.stack[n-1]
		if fn := s.st.fn; fn != nil && c.valid && c.altStart > 0 && fn != c.snap.fn && c.altStart < fn.start {
			fn.start = c.altStart
		}
		s.stack = s.stack[:n-1]
	}
}

func isZeroExpr(d []token) bool {
	zeros := 0
	for _, t := range d {
		switch {
		case t.is("(") || t.is(")"):
		case t.kind == tkNumber && (t.text == "0" || t.text == "0L" || t.text == "0U"):
			zeros++
		default:
			return false
		}
	}
	return zeros == 1
}

func (s *scanner) macro(t token, d []token) {
	if len(d) < 2 || d[1].kind != tkIdent {
		return
	}
	name := d[1].text
	params := map[string]bool{}
	body := d[2:]
	if d[0].text == "define" && len(d) > 2 && d[2].is("(") && d[2].off == d[1].off+len(name) {
		i := 3
		for ; i < len(d) && !d[i].is(")"); i++ {
			if d[i].kind == tkIdent {
				params[d[i].text] = true
			}
		}
		params["__VA_ARGS__"] = true
		params["__VA_OPT__"] = true
		if i < len(d) {
			body = d[i+1:]
		} else {
			body = nil
		}
	}
	uses := map[string]bool{}
	for _, x := range body {
		if x.kind == tkIdent && !params[x.text] && x.text != name && !cKeywords[x.text] {
			uses[x.text] = true
		}
	}
	s.out.Defs = append(s.out.Defs, Def{
		Kind: DefMacro, Name: name, StartLine: t.line, EndLine: t.end,
		Idents: []string{name}, Uses: sortedKeys(uses), text: "#" + joinTokens(d),
	})
}

func (s *scanner) token(t token) {
	st := &s.st
	if fn := st.fn; fn != nil {
		fn.add(t)
		if t.is("{") {
			fn.depth++
		} else if t.is("}") {
			fn.depth--
			if fn.depth <= 0 {
				s.emit(fn, t.end)
				st.fn = nil
			}
		}
		return
	}
	if st.afterBlock {
		st.afterBlock = false
		s.reset()
		if t.is(";") {
			return
		}
	}
	if st.brace > 0 {
		st.pending = append(st.pending, t)
		switch {
		case t.is("{"):
			st.brace++
		case t.is("}"):
			st.brace--
			if st.brace == 0 {
				st.paren = st.openParen
				if st.unknownBlock && st.paren == 0 {
					st.afterBlock = true
				}
				st.unknownBlock = false
			}
		case t.is("(") || t.is("["):
			st.paren++
		case t.is(")") || t.is("]"):
			if st.paren > 0 {
				st.paren--
			}
		}
		return
	}
	top := st.paren == 0
	switch {
	case t.is("(") || t.is("["):
		st.paren++
	case t.is(")") || t.is("]"):
		if st.paren > 0 {
			st.paren--
		}
	case t.is(";") && st.paren == 0:
		if st.krSemis < maxKRDecls && len(st.pending) < maxKRTokens && !st.hasEq && !st.hasTypedef &&
			krContinues(st.pending) {
			st.krSemis++
			break
		}
		s.classify(st.pending, t)
		s.reset()
		return
	case t.is("{"):
		if st.paren > 0 {
			st.brace = 1
			st.openParen = st.paren
			st.unknownBlock = true
			break
		}
		s.openBrace(t)
		return
	case t.is("}"):
		if st.paren > 0 {
			break
		}
		if st.externC > 0 && len(st.pending) == 0 {
			st.externC--
		}
		s.reset()
		return
	}
	st.pending = append(st.pending, t)
	if top {
		switch {
		case t.is("="):
			st.hasEq = true
		case t.kind == tkIdent && t.text == "typedef":
			st.hasTypedef = true
		case isTagKw(t):
			st.lastTag = len(st.pending) - 1
		}
	}
}

// Bounds on K&R parameter declarations, so that long runs of declarations
// that merely look like them stay linear.
const (
	maxKRDecls  = 32
	maxKRTokens = 512
)

func (s *scanner) reset() {
	st := &s.st
	st.pending = nil
	st.paren, st.brace, st.unknownBlock = 0, 0, false
	st.hasEq, st.hasTypedef, st.lastTag, st.krSemis = false, false, -1, 0
}

// openBrace decides what a '{' at file scope opens.
func (s *scanner) openBrace(t token) {
	st := &s.st
	p := st.pending
	if len(p) == 2 && p[0].text == "extern" && p[1].kind == tkString {
		st.externC++
		s.reset()
		return
	}
	typeBody := st.lastTag >= 0 && isTypeBody(p[st.lastTag:])
	if len(p) > 0 && !st.hasEq && !st.hasTypedef && !typeBody {
		if name, at, ok := funcName(p); ok {
			p = p[headerStart(p, at):]
			fn := &funcState{
				name: name, start: p[0].line, bodyLine: t.line, sig: joinTokens(p),
				depth: 1, uses: map[string]bool{}, counts: map[string]int{},
			}
			for _, x := range p {
				fn.add(x)
			}
			// Only the body counts for the body hash and similarity.
			fn.h, fn.ntoks, fn.counts, fn.prevKw = 0, 0, map[string]int{}, ""
			fn.add(t)
			st.fn = fn
			s.reset()
			return
		}
	}
	st.pending = append(st.pending, t)
	st.brace = 1
	st.openParen = 0
	st.unknownBlock = len(p) == 0 || !(st.hasEq || typeBody)
}

func (s *scanner) emit(fn *funcState, end int) {
	key := fn.name + "\x00" + strconv.Itoa(fn.start)
	if i, ok := s.seen[key]; ok {
		// The same definition closed again in another #else branch: it now
		// also covers that branch.
		f := &s.out.Functions[i]
		f.EndLine = max(f.EndLine, end)
		f.Uses, f.bodyHash, f.counts, f.ntoks = sortedKeys(fn.uses), fn.h, fn.counts, fn.ntoks
		return
	}
	s.seen[key] = len(s.out.Functions)
	s.out.Functions = append(s.out.Functions, FuncDef{
		Name: fn.name, StartLine: fn.start, BodyLine: fn.bodyLine, EndLine: end,
		Signature: fn.sig, Uses: sortedKeys(fn.uses), bodyHash: fn.h, counts: fn.counts, ntoks: fn.ntoks,
	})
}

package funccheck

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/harness"
	"github.com/prbmc/prbmc/verifier/ir"
)

// Callees in other files. A function of util.c that calls scale(),
// declared in util.h and defined in lib.c, would be checked with a stub
// for scale() — any result — which makes failures the real scale()
// never causes (stub notes) and hides those it does. So the harness's
// program is loaded with lib.c too, as a C linker links them (cfront.Load:
// statics apart, LinkProblems), and scale()'s body is used. The file is
// found by a textual search for a definition (fileDefs) among the files
// the callers' search reads (OtherFiles, repo.go), with its bounds;
// callees of scale() in yet other files are followed, maxCalleeDepth
// deep. Anything doubtful keeps the stub, which allows whatever the
// real function returns, with the reason among the assumptions: a file
// the front end rejects or that does not link, two definitions, a weak
// one, other flags, too many files. A linked function that uses state
// (globals, statics) the harness does not give any value gets a stub
// too, the rest of its file staying linked: its body would run from the
// initial state only, where earlier calls may have left anything.

// maxCalleeDepth bounds the rounds of callees followed: the function's
// own callees in other files, theirs, and theirs.
const maxCalleeDepth = 3

// maxCalleeKeyFiles bounds the files a cache key digests one by one
// (calleeFiles); past it, the key covers every C file's text.
const maxCalleeKeyFiles = 4 * maxCallerFiles

// calleeLink is how the harness of one entry is linked with other files:
// their sources (in link order), the configuration that loads them, and
// the assumption lines that say which callee came from which file, and
// which kept a stub, and why.
type calleeLink struct {
	srcs  []cfront.Source
	front cfront.Config
	notes []string
	// files are the srcs' repository paths.
	files []string
	// cut are the functions whose bodies go (stateful): stubs take
	// their place.
	cut []cutFunc
}

// cutFunc is a function of a linked program that gets a stub, and why.
type cutFunc struct{ name, why string }

// cutBodies takes the bodies of the functions cl cuts from p, which the
// stubs then replace (prepareFrom).
func (cl *calleeLink) cutBodies(p *ir.Program) {
	for _, c := range cl.cut {
		if f := p.Func(c.name); f != nil {
			f.Body, f.Loops = nil, nil
		}
	}
}

// loadWithCallees loads the unit with harness h attached and, when
// Options.OtherFiles is set, with the files that define the callees it
// has no body for (resolveCallees, once per harness). It returns the
// program and how it was linked (nil: the unit alone, nothing to say).
func (u *Unit) loadWithCallees(ctx context.Context, opts Options, h *harness.Harness) (*cfront.Program, *calleeLink, error) {
	unit := cfront.Source{Name: u.abs, Text: h.Attach(u.src)}
	if opts.OtherFiles == nil {
		prog, err := cfront.Load(ctx, u.front, unit)
		return prog, nil, err
	}
	key := calleeKey(h)
	u.cmu.Lock()
	cl, ok := u.callees[key]
	u.cmu.Unlock()
	if ok && len(cl.srcs) == 0 {
		prog, err := cfront.Load(ctx, u.front, unit)
		return prog, cl, err
	}
	if ok {
		prog, err := cfront.Load(ctx, cl.front, append([]cfront.Source{unit}, cl.srcs...)...)
		if err == nil && len(prog.LinkProblems) == 0 {
			cl.cutBodies(prog.IR)
			return prog, cl, nil
		}
		// It linked before: only the context can have changed, and the
		// search below says so.
	}
	prog, err := cfront.Load(ctx, u.front, unit)
	if err != nil {
		return nil, nil, err
	}
	cl, linked := u.resolveCallees(ctx, opts, h.Entry, unit, prog)
	if ctx.Err() == nil {
		u.cmu.Lock()
		if u.callees == nil {
			u.callees = map[string]*calleeLink{}
		}
		u.callees[key] = cl
		u.cmu.Unlock()
	}
	if log := opts.Engine.Log; log != nil {
		for _, n := range cl.notes {
			if !strings.Contains(n, " is the definition in ") {
				fmt.Fprintf(log, "prbmc: %s: %s\n", ir.CName(h.Function), n)
			}
		}
	}
	return linked, cl, nil
}

// calleeKey is the key of harness h's program in Unit.callees.
func calleeKey(h *harness.Harness) string { return h.Entry + "\x00" + h.Source }

// linkedFor are the files linked for harness h's callees, as far as a
// program with it was loaded (nil if none).
func (u *Unit) linkedFor(h *harness.Harness) []string {
	u.cmu.Lock()
	defer u.cmu.Unlock()
	if cl := u.callees[calleeKey(h)]; cl != nil {
		return cl.files
	}
	return nil
}

// resolveCallees finds, for the functions without a body that entry
// reaches in prog (the unit alone), the repository files that define
// them, and links each with the unit as long as that leaves no doubt.
// It returns what it linked and the program (prog when nothing).
func (u *Unit) resolveCallees(ctx context.Context, opts Options, entry string, unit cfront.Source, prog *cfront.Program) (*calleeLink, *cfront.Program) {
	cl := &calleeLink{front: u.front}
	alone := prog
	names := bodiless(prog.IR, entry)
	if len(names) == 0 {
		return cl, prog
	}
	root, err := filepath.Abs(opts.RepoDir)
	if err != nil {
		cl.notes = append(cl.notes, "callees in other files were not looked for: "+err.Error())
		return cl, prog
	}
	m := u.memoFor(opts)
	_, texts, refused := m.load(ctx, opts, root)
	if refused != "" {
		cl.notes = append(cl.notes, "callees in other files were not looked for: "+refused)
		return cl, prog
	}
	self := repoPath(root, u.abs)
	abs := func(f string) string { return filepath.Join(root, filepath.FromSlash(f)) }
	keep := func(name, why string) {
		cl.notes = append(cl.notes, fmt.Sprintf("`%s()` keeps its stub: %s", ir.CName(name), strings.TrimSuffix(why, ".")))
	}
	var files []string
	gives := map[string][]string{} // file → the callees it defines
	tried := map[string]bool{}
	for round := 0; round < maxCalleeDepth && len(names) > 0; round++ {
		var pending []string            // files to link this round, in order
		wanted := map[string][]string{} // pending file → the callees it defines
		for _, name := range names {
			if tried[name] {
				continue
			}
			tried[name] = true
			cname := ir.CName(name)
			defs := slices.DeleteFunc(m.definers(cname), func(f string) bool { return f == self })
			if fn := prog.IR.Func(name); fn != nil && fn.HasBody() {
				// A file linked for another callee defines it too.
				for _, d := range prog.Defs {
					if d.Name == name {
						if f := repoPath(root, d.File); slices.Contains(files, f) {
							gives[f] = append(gives[f], name)
						}
					}
				}
				continue
			}
			switch {
			case len(defs) == 0:
				continue // no definition in the repository: a stub
			case len(defs) > 1:
				keep(name, fmt.Sprintf("it is defined in %s; which one is linked is up to the build", strings.Join(defs, " and ")))
				continue
			}
			f := defs[0]
			why := ""
			switch {
			case wanted[f] != nil:
			case m.weak(f):
				why = f + " declares weak symbols: another definition may take its place"
			case slices.Contains(files, f):
				why = f + " is linked but does not define it as the front end reads it"
			case opts.OtherFiles.SameFlags != nil && !opts.OtherFiles.SameFlags(f):
				why = fmt.Sprintf("its file %s is compiled with other flags than %s", f, u.File)
			case len(files)+len(pending) >= maxCallerFiles:
				why = fmt.Sprintf("its file %s would be one more than the %d files linked with %s", f, maxCallerFiles, u.File)
			case ctx.Err() != nil:
				why = "out of time before loading " + f
			}
			if why != "" {
				keep(name, why)
				continue
			}
			if wanted[f] == nil {
				pending = append(pending, f)
			}
			wanted[f] = append(wanted[f], name)
		}
		if len(pending) == 0 {
			break
		}
		srcsOf := func(fs []string) []cfront.Source {
			srcs := slices.Clone(cl.srcs)
			for _, f := range fs {
				srcs = append(srcs, cfront.Source{Name: abs(f), Text: texts[f]})
			}
			return srcs
		}
		// All of the round's files at once, the usual case: one load.
		// When that leaves a doubt, one at a time, to tell which file
		// it is.
		link := func(f string, srcs []cfront.Source, p2 *cfront.Program, front cfront.Config, why string) {
			var defined []string
			for _, name := range wanted[f] {
				switch {
				case why != "":
					keep(name, why)
				case !definedIn(p2, name, abs(f)):
					keep(name, f+" does not define it as the front end reads it")
				default:
					defined = append(defined, name)
				}
			}
			if len(defined) > 0 {
				files, cl.srcs, cl.front, prog = append(files, f), srcs, front, p2
				cl.files = files
				gives[f] = append(gives[f], defined...)
			}
		}
		srcs := srcsOf(pending)
		p2, front, why := u.loadTogether(ctx, opts, root, unit, srcs, pending[len(pending)-1])
		switch {
		case len(pending) == 1:
			link(pending[0], srcs, p2, front, why)
		case why == "" && definesAll(p2, root, wanted):
			prog, cl.front, cl.srcs = p2, front, srcs
			for _, f := range pending {
				files = append(files, f)
				gives[f] = append(gives[f], wanted[f]...)
			}
			cl.files = files
		default:
			for _, f := range pending {
				srcs := srcsOf([]string{f})
				p2, front, why := u.loadTogether(ctx, opts, root, unit, srcs, f)
				link(f, srcs, p2, front, why)
			}
		}
		names = bodiless(prog.IR, entry)
	}
	// A body that uses state the harness left at its initial value runs
	// from there only: it goes, and a stub takes its place. One at a
	// time: what only a cut body calls needs no stub.
	for {
		c, ok := stateful(prog, alone.IR, entry, root, files)
		if !ok {
			break
		}
		cl.cut = append(cl.cut, c)
		cl.notes = append(cl.notes, c.why)
		cl.cutBodies(prog.IR)
	}
	// Only the callees entry still reaches: a body cut above may have
	// been the one calling them.
	reached := map[string]bool{}
	for _, f := range ir.Reachable(prog.IR.Func(entry)) {
		reached[f.Name] = true
	}
	var linked []string
	for _, f := range files {
		for _, n := range gives[f] {
			if !reached[n] || !prog.IR.Func(n).HasBody() {
				continue
			}
			linked = append(linked, fmt.Sprintf("`%s()` is the definition in %s, linked with %s as a C linker links them (not a stub)", ir.CName(n), f, u.File))
		}
	}
	cl.notes = append(linked, cl.notes...)
	return cl, prog
}

// definesAll says whether prog defines each callee wanted names in the
// file (repository path) it is listed under.
func definesAll(prog *cfront.Program, root string, wanted map[string][]string) bool {
	for f, names := range wanted {
		for _, n := range names {
			if !definedIn(prog, n, filepath.Join(root, filepath.FromSlash(f))) {
				return false
			}
		}
	}
	return true
}

// bodiless are the functions entry reaches that have no body in p and
// that another file may define: declared, external, neither of the
// system headers nor of prbmc's models nor of the harness. IR names,
// sorted.
func bodiless(p *ir.Program, entry string) []string {
	e := p.Func(entry)
	if e == nil {
		return nil
	}
	var out []string
	for _, f := range ir.Reachable(e) {
		n := ir.CName(f.Name)
		if f.HasBody() || f.Static || f.Library || f.Implicit || strings.HasPrefix(n, "__VERIFIER_") || strings.HasPrefix(n, "__prbmc") ||
			strings.HasPrefix(f.Pos.File, "/usr/") || f.Pos.File == cfront.LibraryFile {
			continue
		}
		out = append(out, f.Name)
	}
	slices.Sort(out)
	return out
}

// definedIn says whether the external function name of prog is defined
// in the file at abs.
func definedIn(prog *cfront.Program, name, abs string) bool {
	fn := prog.IR.Func(name)
	if fn == nil || !fn.HasBody() || fn.Static {
		return false
	}
	for _, d := range prog.Defs {
		if d.Name == name && d.File == abs {
			return true
		}
	}
	return false
}

// stateful are the functions entry reaches through the linked files'
// code (theirs, or the unit's called back) that name a writable global
// or static the unit alone (alone) does not reach: the harness, made for
// the unit alone, gives the globals the function reaches there any value
// (or says what it assumes of them), but leaves these at their initial
// values, where earlier calls may have left anything (a counter of
// calls, a mode the unit keeps, cJSON's allocation hooks). A stub, which
// returns any value, is used for each instead; the rest of the file's
// code stays linked. It returns the first entry reaches, if any.
func stateful(prog *cfront.Program, alone *ir.Program, entry, root string, files []string) (cutFunc, bool) {
	seen := map[string]bool{} // functions and globals the unit alone reaches, by IR name
	if e := alone.Func(entry); e != nil {
		reach := ir.Reachable(e)
		for _, f := range reach {
			seen[f.Name] = true
		}
		for v := range ir.UsedGlobals(reach...) {
			seen[v.Name] = true
		}
	}
	in := map[string]string{} // function → its file's repository path
	for _, d := range prog.Defs {
		in[d.Name] = repoPath(root, d.File)
	}
	e := prog.IR.Func(entry)
	if e == nil {
		return cutFunc{}, false
	}
	var roots []*ir.Function
	for _, f := range ir.Reachable(e) {
		if slices.Contains(files, in[f.Name]) {
			roots = append(roots, f)
		}
	}
	for _, f := range ir.Reachable(roots...) {
		if seen[f.Name] && !slices.Contains(files, in[f.Name]) {
			continue // the unit alone reaches it: the harness saw to it
		}
		var state []*ir.Var
		for v := range ir.UsedGlobals(f) {
			if seen[v.Name] || v.ReadOnly || v.Source == "" || strings.HasPrefix(v.Name, "$") ||
				strings.HasPrefix(v.Pos.File, "/usr/") || v.Pos.File == cfront.LibraryFile {
				continue
			}
			state = append(state, v)
		}
		if len(state) == 0 {
			continue
		}
		slices.SortFunc(state, func(a, b *ir.Var) int { return a.ID - b.ID })
		return cutFunc{name: f.Name, why: fmt.Sprintf("`%s()` in %s keeps a stub: it uses the variable %s, which earlier calls may have changed",
			ir.CName(f.Name), in[f.Name], state[0].Source)}, true
	}
	return cutFunc{}, false
}

// loadTogether loads the unit (source unit) with the other files srcs
// into one program, with the unit's flags and the include directories
// inferred for them. why names file (a repository path) when they do not
// load or link cleanly.
func (u *Unit) loadTogether(ctx context.Context, opts Options, root string, unit cfront.Source, srcs []cfront.Source, file string) (prog *cfront.Program, front cfront.Config, why string) {
	o := opts
	o.Front = u.front
	front, _, err := inferIncludes(o, func(c cfront.Config) (err error) {
		prog, err = cfront.Load(ctx, c, append([]cfront.Source{unit}, srcs...)...)
		return err
	})
	if err != nil {
		return nil, front, fmt.Sprintf("%s does not load with %s: %s", file, u.File, repoMsg(root, err.Error()))
	}
	if len(prog.LinkProblems) > 0 {
		return nil, front, fmt.Sprintf("%s does not link with %s: %s", file, u.File, repoMsg(root, strings.Join(prog.LinkProblems, "; ")))
	}
	return prog, front, ""
}

// repoMsg is a front end's message on one line, with the repository's
// paths relative to root.
func repoMsg(root, msg string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(msg, root+string(filepath.Separator), "")), " ")
}

// repoPath is abs as a repository path (slash-separated).
func repoPath(root, abs string) string {
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return abs
	}
	return filepath.ToSlash(rel)
}

// memoFor is the memo the search of callees reads the repository with:
// the run's, or the unit's own when the run shares none.
func (u *Unit) memoFor(opts Options) *Memo {
	if m := opts.OtherFiles.Memo; m != nil {
		return m
	}
	u.cmu.Lock()
	defer u.cmu.Unlock()
	if u.memo == nil {
		u.memo = &Memo{}
	}
	return u.memo
}

// definers are the repository's .c files that define function cname at
// file scope, as fileDefs reads them. The memo must have loaded.
func (m *Memo) definers(cname string) []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.indexLocked()
	return m.defs[cname]
}

// indexLocked makes the index of definitions definers reads, once; m.mu
// is held.
func (m *Memo) indexLocked() {
	if m.defs == nil {
		m.defs = map[string][]string{}
		m.weakFiles = map[string]bool{}
		for _, f := range m.files {
			if !strings.HasSuffix(f, ".c") {
				continue
			}
			for n := range fileDefs(m.texts[f]) {
				m.defs[n] = append(m.defs[n], f)
			}
			if mentions(m.texts[f], "weak") || mentions(m.texts[f], "__weak__") {
				m.weakFiles[f] = true
			}
		}
	}
}

// weak says whether file f may declare weak symbols (#pragma weak,
// __attribute__((weak))). definers must have been called.
func (m *Memo) weak(f string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.weakFiles[f]
}

// fileDefs are the external functions C text defines at file scope: a
// name followed by a parenthesised list and a body, without static
// before it. A definition a macro makes is not seen; its callers keep
// their stubs.
func fileDefs(text []byte) map[string]bool {
	out := map[string]bool{}
	static := false
	walkCode(text, func(tok string, end, depth int, inDefine bool) bool {
		switch {
		case inDefine || depth > 0:
		case tok == ";" || tok == "}" || tok == "{":
			static = false
		case tok == "static":
			static = true
		case tok != "(" && !static:
			if after := skipSpace(text, end); after < len(text) && text[after] == '(' {
				if close := matchParen(text, after); close > 0 {
					if b := skipSpace(text, close+1); b < len(text) && text[b] == '{' {
						out[tok] = true
					}
				}
			}
		}
		return true
	})
	return out
}

// skipSpace is the index of the first byte at or after i that is no
// white space or comment.
func skipSpace(text []byte, i int) int {
	for i < len(text) {
		switch {
		case text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r':
			i++
		case i+1 < len(text) && text[i] == '/' && text[i+1] == '/':
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case i+1 < len(text) && text[i] == '/' && text[i+1] == '*':
			end := strings.Index(string(text[i+2:]), "*/")
			if end < 0 {
				return len(text)
			}
			i += end + 4
		default:
			return i
		}
	}
	return i
}

// matchParen is the index of the ')' that closes the '(' at open (-1 if
// none).
func matchParen(text []byte, open int) int {
	depth := 0
	for i := open; i < len(text); i++ {
		switch text[i] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return i
			}
		case '{', ';':
			return -1
		}
	}
	return -1
}

// identsOf is the set of identifiers in text, comments and literals
// included: a superset of the names the text uses.
func identsOf(text []byte, into map[string]bool) {
	for i := 0; i < len(text); i++ {
		if !identByte(text[i]) || i > 0 && identByte(text[i-1]) {
			continue
		}
		j := i
		for j < len(text) && identByte(text[j]) {
			j++
		}
		into[string(text[i:j])] = true
		i = j - 1
	}
}

// calleeFiles are the files a check of a function of the unit self
// (text selfText) may link for callees (loadWithCallees), found
// textually, a superset: the .c files that define a function named in
// the unit, a repository header of a name it includes (directly or not)
// or the user harness of a function it names, and so on from those
// files, maxCalleeDepth deep. A name two files define is never linked
// (resolveCallees keeps its stub, naming the files): it is in twice,
// with its files, whose contents do not matter then. all says there are
// more than maxCalleeKeyFiles.
func calleeFiles(opts Options, m *Memo, self string, selfText []byte) (files, twice []string, all bool) {
	m.mu.Lock()
	m.indexLocked()
	texts, defs := m.texts, m.defs
	headers := map[string][]string{} // base name → headers
	for _, f := range m.files {
		if strings.HasSuffix(f, ".h") {
			headers[filepath.Base(f)] = append(headers[filepath.Base(f)], f)
		}
	}
	m.mu.Unlock()
	names := map[string]bool{}
	seenH := map[string]bool{}
	var read func(text []byte)
	read = func(text []byte) {
		identsOf(text, names)
		for _, inc := range includeLine.FindAllSubmatch(text, -1) {
			for _, h := range headers[filepath.Base(string(inc[1]))] {
				if !seenH[h] {
					seenH[h] = true
					read(texts[h])
				}
			}
		}
	}
	read(selfText)
	for _, t := range userHarnesses(opts, names) {
		read(t)
	}
	linked := map[string]bool{self: true}
	for round := 0; round < maxCalleeDepth; round++ {
		var next []string
		for n := range names {
			ds := slices.DeleteFunc(slices.Clone(defs[n]), func(f string) bool { return f == self })
			if len(ds) > 1 {
				// main(), usage(): not followed, or every file of a
				// repository of small programs would be in the key.
				twice = append(twice, n+" "+strings.Join(ds, " "))
				continue
			}
			for _, f := range ds {
				if !linked[f] {
					linked[f] = true
					next = append(next, f)
				}
			}
		}
		if len(next) == 0 {
			break
		}
		files = append(files, next...)
		if len(files) > maxCalleeKeyFiles {
			return nil, nil, true
		}
		names = map[string]bool{}
		for _, f := range next {
			read(texts[f])
		}
	}
	slices.Sort(files)
	slices.Sort(twice)
	return files, slices.Compact(twice), false
}

// userHarnesses are the texts of the user harnesses of the functions
// named in names: they are attached to the unit, and what they call is
// linked too.
func userHarnesses(opts Options, names map[string]bool) [][]byte {
	var out [][]byte
	if opts.UserHarness != nil {
		for n := range names {
			if uh := opts.UserHarness(n); uh != nil {
				out = append(out, uh.Text)
			}
		}
		return out
	}
	dir := filepath.Join(opts.RepoDir, "prbmc", "harness")
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".c"); ok && names[n] {
			if b, err := os.ReadFile(filepath.Join(dir, e.Name())); err == nil {
				out = append(out, b)
			}
		}
	}
	return out
}

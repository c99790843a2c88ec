package funccheck

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/harness"
	"github.com/prbmc/prbmc/verifier/ir"
)

// Callers in other files. A non-static function of util.c whose only
// callers are in main.c is no entry point: main.c decides, as a caller
// in util.c would. The repository's other C files that name the function
// (or include a header whose macros or inline code name it) are each
// loaded with the unit into one program (cfront.Load links them as a C
// linker does, statics apart), and their callers judged as callers in
// the file are. Anything that leaves doubt — a file the front end
// rejects, units that do not link cleanly, too many files — gives up the
// search, and the function is classified as before, with the reason.

// OtherFiles says where callers of a unit's non-static functions are
// looked for besides its own file: every .c file under Options.RepoDir
// (and the .h files, for macros and inline functions that call them),
// read through Options.Front's sandbox.
type OtherFiles struct {
	// Skip leaves a repository path (slash-separated) out of the
	// search (nil: none). Directories starting with "." and the
	// harness files (prbmc/harness/) are always left out.
	Skip func(path string) bool
	// SameFlags says whether the file at a repository path is compiled
	// with the unit's include directories and defines (nil: all are).
	// A file that names the function and is compiled otherwise gives up
	// the search: the two units cannot be loaded as one.
	SameFlags func(path string) bool
	// Memo, when set, shares what the search reads between the
	// functions of one run (nil: each reads afresh).
	Memo *Memo
}

// Memo keeps the repository's C files, read once, and the digests of
// files CallersDigest made, for the functions of one run (one RepoDir,
// Skip and sandbox). The zero value is ready; it is safe for concurrent
// use.
type Memo struct {
	mu      sync.Mutex
	read    bool
	files   []string
	texts   map[string][]byte
	refused string
	digests map[string]string
	// defs indexes the files by the functions they define (definers);
	// weakFiles are those that may declare weak symbols.
	defs      map[string][]string
	weakFiles map[string]bool
}

// Bounds of the search: a pull request is untrusted input.
const (
	// maxRepoEntries bounds the directory entries walked.
	maxRepoEntries = 20000
	// maxScanBytes bounds the bytes read to look for a name, all files
	// together; maxScanFile one file.
	maxScanBytes = 64 << 20
	maxScanFile  = 16 << 20
	// maxCallerFiles bounds the files loaded with the unit.
	maxCallerFiles = 8
)

// otherCallers is what the search found for one function.
type otherCallers struct {
	// refused says why the search gives nothing to go on ("" if it
	// does): the function is then classified by its own file's callers.
	refused string
	// taken names a file that takes the function's address.
	taken string
	// scanned counts the files looked at.
	scanned int
	files   []*linkedFile
}

// linkedFile is one other file that names the function, loaded with the
// unit into one program.
type linkedFile struct {
	file, abs string // repository path, absolute path
	src       []byte
	front     cfront.Config
	prog      *cfront.Program
	g         *callGraph
	// callers are the function's callers defined in the file.
	callers []*ir.Function
}

// callerCount is the number of callers in other files.
func (oc *otherCallers) callerCount() int {
	n := 0
	for _, lf := range oc.files {
		n += len(lf.callers)
	}
	return n
}

// otherCallersOf searches (once per function) the repository's other
// files for callers of name. Nil when there is nothing to search.
func (u *Unit) otherCallersOf(ctx context.Context, opts Options, name string) *otherCallers {
	if opts.OtherFiles == nil {
		return nil
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	if oc, ok := u.others[name]; ok {
		return oc
	}
	oc := u.searchOthers(ctx, opts, name)
	if oc.refused != "" && opts.Engine.Log != nil {
		fmt.Fprintf(opts.Engine.Log, "prbmc: %s(): callers in other files not used: %s\n", ir.CName(name), oc.refused)
	}
	if u.others == nil {
		u.others = map[string]*otherCallers{}
	}
	u.others[name] = oc
	return oc
}

func (u *Unit) searchOthers(ctx context.Context, opts Options, name string) *otherCallers {
	oc := &otherCallers{}
	cname := ir.CName(name)
	sc, refused := scanRepo(ctx, opts, u.abs, cname)
	if refused != "" {
		oc.refused = refused
		return oc
	}
	oc.scanned = sc.scanned
	for _, f := range sc.cands {
		if ctx.Err() != nil {
			oc.refused = "out of time loading " + f
			return oc
		}
		if same := opts.OtherFiles.SameFlags; same != nil && !same(f) {
			oc.refused = fmt.Sprintf("%s names %s() and is compiled with other flags than %s", f, cname, u.File)
			return oc
		}
		lf, why := u.link(ctx, opts, sc.root, f, sc.texts[f], name)
		if why != "" {
			oc.refused = why
			return oc
		}
		if lf.g.taken[lf.prog.IR.Func(name)] {
			oc.taken = f
			return oc
		}
		if len(lf.callers) > 0 {
			oc.files = append(oc.files, lf)
		}
	}
	return oc
}

// repoScan is what the textual search found: the files to load with the
// unit (cands, repository paths), the texts read, how many.
type repoScan struct {
	root    string
	cands   []string
	texts   map[string][]byte
	scanned int
}

// scanRepo reads the repository's C files but abs, within the bounds,
// and picks those that may call cname: they name it, or include a
// header whose macros or inline code name it (namesInCode), directly or
// through other headers. refused says why the search cannot go on.
func scanRepo(ctx context.Context, opts Options, abs, cname string) (sc *repoScan, refused string) {
	root, err := filepath.Abs(opts.RepoDir)
	if err != nil {
		return nil, err.Error()
	}
	m := opts.OtherFiles.Memo
	if m == nil {
		m = &Memo{}
	}
	all, texts, refused := m.load(ctx, opts, root)
	if refused != "" {
		return nil, refused
	}
	self, _ := filepath.Rel(root, abs)
	self = filepath.ToSlash(self)
	sc = &repoScan{root: root, texts: map[string][]byte{}}
	var files []string
	for _, f := range all {
		if f != self {
			files = append(files, f)
			sc.texts[f] = texts[f]
			sc.scanned++
		}
	}
	tainted := map[string]bool{} // header base names
	for f, b := range sc.texts {
		if strings.HasSuffix(f, ".h") && namesInCode(b, cname) {
			tainted[filepath.Base(f)] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for f, b := range sc.texts {
			if strings.HasSuffix(f, ".h") && !tainted[filepath.Base(f)] && includesAny(b, tainted) {
				tainted[filepath.Base(f)] = true
				changed = true
			}
		}
	}
	for _, f := range files {
		if strings.HasSuffix(f, ".c") && (mentions(sc.texts[f], cname) || includesAny(sc.texts[f], tainted)) {
			sc.cands = append(sc.cands, f)
		}
	}
	if len(sc.cands) > maxCallerFiles {
		return nil, fmt.Sprintf("%d files name %s() (at most %d are loaded)", len(sc.cands), cname, maxCallerFiles)
	}
	return sc, ""
}

// load reads the repository's C files (readRepo) once; refused says why
// it cannot.
func (m *Memo) load(ctx context.Context, opts Options, root string) (files []string, texts map[string][]byte, refused string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.read {
		m.files, m.texts, m.refused = readRepo(ctx, opts, root)
		m.read = ctx.Err() == nil
	}
	return m.files, m.texts, m.refused
}

// readRepo reads the repository's C files (repoCFiles) within the
// bounds; refused says why it cannot.
func readRepo(ctx context.Context, opts Options, root string) (files []string, texts map[string][]byte, refused string) {
	files, err := repoCFiles(root, "", opts.OtherFiles.Skip)
	if err != nil {
		return nil, nil, err.Error()
	}
	texts = map[string][]byte{}
	total := 0
	for _, f := range files {
		if ctx.Err() != nil {
			return nil, nil, "out of time looking for them"
		}
		p := filepath.Join(root, filepath.FromSlash(f))
		if st, err := os.Lstat(p); err != nil || st.Size() > maxScanFile {
			return nil, nil, fmt.Sprintf("%s is larger than %d MiB", f, maxScanFile>>20)
		} else if total += int(st.Size()); total > maxScanBytes {
			return nil, nil, fmt.Sprintf("the repository's C files are more than %d MiB", maxScanBytes>>20)
		}
		b, err := readSource(opts, p)
		if err != nil {
			return nil, nil, fmt.Sprintf("%s cannot be read: %v", f, strings.ReplaceAll(err.Error(), root+string(filepath.Separator), ""))
		}
		texts[f] = b
	}
	return files, texts, ""
}

// CallersDigest is, for a result cache's key, what the check of
// function name of file (relative to opts.RepoDir) reads besides its own
// unit: the other files that may call it (its classification), each as
// cfront.Digest sees it (with the unit's flags), or why the search gives
// up; and the files that may define its callees, which the check links
// (calleeFiles). "" when no other file is looked at (opts.OtherFiles
// nil). names says whether one of the files that may call it names an
// identifier: the callers whose user harnesses (prbmc/harness/NAME.c) can
// decide the classification are among those.
func CallersDigest(ctx context.Context, opts Options, file, name string) (sum string, names func(ident string) bool, err error) {
	names = func(string) bool { return false }
	if opts.OtherFiles == nil {
		return "", names, nil
	}
	if opts.OtherFiles.Memo == nil {
		// The callers' search and the callees' read the repository
		// once between them.
		of := *opts.OtherFiles
		of.Memo = &Memo{}
		opts.OtherFiles = &of
	}
	abs := absPath(opts.RepoDir, file)
	root, err := filepath.Abs(opts.RepoDir)
	if err != nil {
		return "", nil, err
	}
	h := sha256.New()
	field := func(k, v string) { fmt.Fprintf(h, "%s %d\n%s\n", k, len(v), v) }
	sc, refused := scanRepo(ctx, opts, abs, ir.CName(name))
	if ctx.Err() != nil {
		return "", nil, ctx.Err()
	}
	field("refused", refused)
	// The unit's flags, with the include directories LoadUnit infers
	// for it.
	front, _, err := inferIncludes(opts, func(c cfront.Config) error {
		_, err := cfront.Digest(ctx, c, cfront.Source{Name: abs}, root)
		return err
	})
	if err != nil {
		return "", nil, err
	}
	o := opts
	o.Front = front
	digest := func(f string) error {
		field("file", f)
		if same := opts.OtherFiles.SameFlags; same != nil && !same(f) {
			field("flags", "other")
			return nil
		}
		sum, err := fileDigest(ctx, o, root, f)
		field("digest", sum)
		return err
	}
	if sc != nil && opts.CallerDepth > 0 {
		names = func(ident string) bool {
			for _, f := range sc.cands {
				if mentions(sc.texts[f], ident) {
					return true
				}
			}
			return false
		}
		for _, f := range sc.cands {
			if err := digest(f); err != nil {
				return "", nil, err
			}
		}
	}
	// The callees' files, whether or not the callers' search gave up
	// (it gives up on too many callers, which links callees still).
	m := opts.OtherFiles.Memo
	all, texts, refused := m.load(ctx, opts, root)
	field("callees refused", refused)
	if refused != "" {
		return hex.EncodeToString(h.Sum(nil)), names, nil
	}
	self := repoPath(root, abs)
	selfText, ok := texts[self]
	if !ok {
		if selfText, err = readSource(opts, abs); err != nil {
			return "", nil, err
		}
	}
	callees, twice, every := calleeFiles(opts, m, self, selfText)
	field("callees", fmt.Sprint(len(callees), every))
	field("defined twice", strings.Join(twice, "\n"))
	if every {
		// Too many to preprocess each: every C file's text, which
		// changes when any of them does.
		for _, f := range all {
			field("text "+f, string(texts[f]))
		}
	}
	for _, f := range callees {
		if err := digest(f); err != nil {
			return "", nil, err
		}
	}
	return hex.EncodeToString(h.Sum(nil)), names, nil
}

// fileDigest is cfront.Digest of the repository file f with opts.Front
// (and include directories inferred), memoized in opts.OtherFiles.Memo;
// a file that does not preprocess digests as its error. err is only the
// context's.
func fileDigest(ctx context.Context, opts Options, root, f string) (sum string, err error) {
	front := opts.Front
	key := strings.Join([]string{f, fmt.Sprint(front.DataModel), strings.Join(front.IncludeDirs, "\x00"),
		strings.Join(front.Defines, "\x00"), strings.Join(front.Undefines, "\x00")}, "\x01")
	m := opts.OtherFiles.Memo
	if m != nil {
		m.mu.Lock()
		sum, ok := m.digests[key]
		m.mu.Unlock()
		if ok {
			return sum, nil
		}
	}
	_, _, err = inferIncludes(opts, func(c cfront.Config) (err error) {
		sum, err = cfront.Digest(ctx, c, cfront.Source{Name: filepath.Join(root, filepath.FromSlash(f))}, root)
		return err
	})
	if ctx.Err() != nil {
		return "", ctx.Err()
	}
	if err != nil {
		sum = "error " + err.Error()
	}
	if m != nil {
		m.mu.Lock()
		if m.digests == nil {
			m.digests = map[string]string{}
		}
		m.digests[key] = sum
		m.mu.Unlock()
	}
	return sum, nil
}

// link loads file f (text src) with the unit into one program and finds
// the callers of name in it; why says why it cannot be used.
func (u *Unit) link(ctx context.Context, opts Options, root, f string, src []byte, name string) (*linkedFile, string) {
	lf := &linkedFile{file: f, abs: filepath.Join(root, filepath.FromSlash(f)), src: src}
	var why string
	lf.prog, lf.front, why = u.loadTogether(ctx, opts, root, cfront.Source{Name: u.abs, Text: u.src}, []cfront.Source{{Name: lf.abs, Text: src}}, f)
	if why != "" {
		return nil, why
	}
	fn := lf.prog.IR.Func(name)
	if fn == nil || !fn.HasBody() || fn.Static {
		return nil, fmt.Sprintf("%s() is not the same function in %s linked with %s", ir.CName(name), f, u.File)
	}
	in := map[string]string{} // function → the file defining it
	for _, d := range lf.prog.Defs {
		in[d.Name] = d.File
	}
	lf.g = &callGraph{callers: ir.Callers(lf.prog.IR), taken: map[*ir.Function]bool{}, defs: map[string]bool{}, prog: lf.prog.IR}
	for _, t := range ir.AddressTakenFuncs(lf.prog.IR) {
		lf.g.taken[t] = true
	}
	for n, file := range in {
		if file == lf.abs || file == u.abs {
			lf.g.defs[n] = true
		}
	}
	for _, c := range lf.g.callers[fn] {
		switch in[c.Name] {
		case lf.abs:
			lf.callers = append(lf.callers, c)
		case u.abs:
			// The unit's own callers are judged with the unit alone.
		default:
			// A header's inline function calls it on behalf of files
			// this search may not have loaded.
			return nil, fmt.Sprintf("%s() calls %s() and is defined in a header", ir.CName(c.Name), ir.CName(name))
		}
	}
	slices.SortStableFunc(lf.callers, func(a, b *ir.Function) int { return a.Pos.Line - b.Pos.Line })
	return lf, ""
}

// harness is the harness of function fn (its IR name) of the linked
// program: the user's when there is one, else generated.
func (lf *linkedFile) harness(opts Options, fn string) (*harness.Harness, error) {
	var def cfront.FuncDef
	found := false
	for _, d := range lf.prog.Defs {
		if d.Name == fn && d.File == lf.abs {
			def, found = d, true
		}
	}
	if !found {
		return nil, fmt.Errorf("%s: no definition of %s", lf.file, ir.CName(fn))
	}
	def.File = lf.file
	if opts.UserHarness != nil {
		if uh := opts.UserHarness(ir.CName(fn)); uh != nil {
			return harness.UserHarness(def, uh.Path, uh.Text)
		}
	} else {
		rel := filepath.Join("prbmc", "harness", ir.CName(fn)+".c")
		if text, err := os.ReadFile(filepath.Join(opts.RepoDir, rel)); err == nil {
			return harness.UserHarness(def, rel, text)
		} else if !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
	}
	return harness.Generate(lf.prog, def, opts.Harness)
}

// repoCFiles lists the .c and .h files under root (repository paths,
// sorted), but the unit's own (abs), hidden directories, the harness
// files and what skip leaves out. Symbolic links are not followed.
func repoCFiles(root, abs string, skip func(string) bool) ([]string, error) {
	var out []string
	entries := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if entries++; entries > maxRepoEntries {
			return fmt.Errorf("the repository has more than %d files and directories", maxRepoEntries)
		}
		rel, rerr := filepath.Rel(root, p)
		if rerr != nil {
			return rerr
		}
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if p != root && (strings.HasPrefix(d.Name(), ".") || rel == "prbmc/harness" || skip != nil && skip(rel+"/")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || p == abs || !(strings.HasSuffix(rel, ".c") || strings.HasSuffix(rel, ".h")) {
			return nil
		}
		if skip != nil && skip(rel) {
			return nil
		}
		out = append(out, rel)
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(out)
	return out, nil
}

// mentions says whether text holds name as a whole identifier.
func mentions(text []byte, name string) bool {
	for i := 0; ; {
		j := bytes.Index(text[i:], []byte(name))
		if j < 0 {
			return false
		}
		at := i + j
		end := at + len(name)
		if (at == 0 || !identByte(text[at-1])) && (end == len(text) || !identByte(text[end])) {
			return true
		}
		i = at + 1
	}
}

func identByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// namesInCode says whether a header names name where a file including
// it may call it without naming it: in a macro (#define GET(i) get(t,
// i)) or inside braces (an inline function's body). A prototype at file
// scope is no call. Comments and literals are skipped.
func namesInCode(text []byte, name string) bool {
	if !mentions(text, name) {
		return false
	}
	found := false
	walkCode(text, func(tok string, _, depth int, inDefine bool) bool {
		found = tok == name && (inDefine || depth > 0)
		return !found
	})
	return found
}

// walkCode calls visit for each identifier of C text and each of the
// punctuators '{', '}' and ';' (tok), outside comments and
// literals, with the index after it, the depth of braces it is at (after
// a '{' or '}') and whether it is in a #define. visit returns false to
// stop the walk. An unterminated comment ends it.
func walkCode(text []byte, visit func(tok string, end, depth int, inDefine bool) bool) {
	depth := 0
	inDefine, lineStart := false, true
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '\\' && i+1 < len(text) && text[i+1] == '\n':
			i++ // a continued line stays in its directive
			continue
		case c == '\n':
			inDefine, lineStart = false, true
			continue
		case c == ' ' || c == '\t':
			continue
		case c == '/' && i+1 < len(text) && text[i+1] == '/':
			for i < len(text) && text[i] != '\n' {
				i++
			}
			i--
			continue
		case c == '/' && i+1 < len(text) && text[i+1] == '*':
			end := bytes.Index(text[i+2:], []byte("*/"))
			if end < 0 {
				return
			}
			i += end + 3
			continue
		case c == '"' || c == '\'':
			for i++; i < len(text) && text[i] != c && text[i] != '\n'; i++ {
				if text[i] == '\\' {
					i++
				}
			}
			continue
		case c == '#' && lineStart:
			if directive.Match(text[i:min(len(text), i+32)]) {
				inDefine = true
			}
		case c == '{' || c == '}' || c == ';':
			if c == '{' {
				depth++
			} else if c == '}' {
				depth--
			}
			if !visit(string(c), i+1, depth, inDefine) {
				return
			}
		case identByte(c) && (i == 0 || !identByte(text[i-1])):
			j := i
			for j < len(text) && identByte(text[j]) {
				j++
			}
			if !visit(string(text[i:j]), j, depth, inDefine) {
				return
			}
			i = j - 1
		}
		lineStart = false
	}
}

var directive = regexp.MustCompile(`^#[ \t]*define\b`)

var includeLine = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*include[ \t]*["<]([^">\n]+)[">]`)

// includesAny says whether text includes a header whose base name is in
// set.
func includesAny(text []byte, set map[string]bool) bool {
	if len(set) == 0 {
		return false
	}
	for _, m := range includeLine.FindAllSubmatch(text, -1) {
		if set[filepath.Base(string(m[1]))] {
			return true
		}
	}
	return false
}

package diffscope

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
)

// Options configure [Compute].
type Options struct {
	// RepoDir is a directory inside the repository (default ".").
	RepoDir string
	// Base is the revision the change is compared against (required),
	// e.g. "origin/main" or the pull request's base SHA.
	Base string
	// Head is the revision with the change (default "HEAD").
	Head string
	// Globs select the files to look at (default DefaultGlobs: **/*.c and
	// **/*.h). A pattern matches the whole repository-relative path; "**"
	// as a path element matches any number of directories, other elements
	// use path.Match syntax; "!pattern" excludes, and the last matching
	// pattern wins.
	Globs []string
	// MergeBase compares head with the merge base of Base and Head, as a
	// pull request does ("base...head"). Nil means true; set it to a false
	// value to compare with Base itself.
	MergeBase *bool
	// CompileCommands is the path of a compile_commands.json, relative to
	// the repository's top-level directory or absolute. When empty,
	// compile_commands.json at the top level is used if it exists.
	CompileCommands string
	// DefaultFlags are used for files that the compilation database does
	// not list, or for all files when there is none.
	DefaultFlags Flags
}

// EmptyTree is git's empty tree: as Options.Base it makes every function
// of the selected files new.
const EmptyTree = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"

// maxScanSize bounds the size of a file that is scanned.
const maxScanSize = 16 << 20

// Compute finds the functions in scope of the change from Options.Base to
// Options.Head.
func Compute(ctx context.Context, opts Options) (*Result, error) {
	repo, err := OpenRepo(ctx, opts.RepoDir)
	if err != nil {
		return nil, err
	}
	if opts.Base == "" {
		return nil, errors.New("no base revision given")
	}
	headRev := opts.Head
	if headRev == "" {
		headRev = "HEAD"
	}
	head, err := repo.ResolveCommit(ctx, headRev)
	if err != nil {
		return nil, err
	}
	if opts.Base == EmptyTree {
		// Nothing to compare with (a new repository's first push): every
		// function of the selected files is new.
		f := false
		opts.MergeBase = &f
	}
	base, err := opts.Base, error(nil)
	if opts.Base != EmptyTree {
		base, err = repo.ResolveCommit(ctx, opts.Base)
	}
	if err != nil {
		if errors.Is(err, ErrRevisionNotFound) {
			if shallow, _ := repo.IsShallow(ctx); shallow {
				return nil, &gitError{fmt.Sprintf("revision %q not found: %s", opts.Base, ShallowCloneHint),
					[]error{ErrRevisionNotFound, ErrShallowClone}}
			}
		}
		return nil, err
	}
	old := base
	if opts.MergeBase == nil || *opts.MergeBase {
		if old, err = repo.MergeBase(ctx, base, head); err != nil {
			return nil, err
		}
	}
	files, err := repo.Diff(ctx, old, head)
	if err != nil {
		return nil, err
	}
	a := &analysis{
		repo: repo, old: old, head: head, globs: opts.Globs,
		res:    &Result{Base: old, Head: head, Functions: []Function{}, Files: []FileChange{}},
		global: map[string][]*defNode{}, local: map[string]map[string][]*defNode{},
		scanned: map[string]bool{},
	}
	a.diffs = convertDiff(files, opts.Globs)
	if err := a.scanChanged(ctx); err != nil {
		return nil, err
	}
	a.compareDefs()
	if err := a.findAffected(ctx); err != nil {
		return nil, err
	}
	sort.SliceStable(a.res.Functions, func(i, j int) bool {
		x, y := a.res.Functions[i], a.res.Functions[j]
		return ScopeLess(x.File, x.StartLine, x.Name, x.Status, y.File, y.StartLine, y.Name, y.Status)
	})
	for i := range a.res.Functions {
		if a.res.Functions[i].Reasons == nil {
			a.res.Functions[i].Reasons = []Reason{}
		}
	}
	if err := a.attachFlags(opts); err != nil {
		return nil, err
	}
	return a.res, nil
}

type analysis struct {
	repo       *Repo
	old, head  string
	globs      []string
	diffs      []*fileDiff
	res        *Result
	oldScans   map[string]*FileScan // by diff path
	newScans   map[string]*FileScan
	unchanged  []unchangedFunc // functions that may be affected
	renamedOf  map[string]string
	global     map[string][]*defNode            // ident -> definitions visible everywhere
	local      map[string]map[string][]*defNode // file -> ident -> file-local definitions
	nodes      []*defNode
	scanned    map[string]bool // new-side paths already scanned
	memo       map[*defNode][]*root
	inProgress map[*defNode]bool
}

type unchangedFunc struct {
	file string
	fn   FuncDef
}

// defNode is a definition as seen on the new side (or, for a removed
// definition, the old side).
type defNode struct {
	def    Def
	file   string
	global bool
	root   *root // set when this definition itself changed
}

type root struct {
	kind   DefKind
	name   string
	file   string
	line   int
	change string
}

func (a *analysis) scanChanged(ctx context.Context) error {
	var specs []string
	for _, d := range a.diffs {
		if d.Skipped != "" {
			continue
		}
		if d.hasOld() {
			specs = append(specs, a.old+":"+d.oldPath())
		}
		if d.hasNew() {
			specs = append(specs, a.head+":"+d.Path)
		}
	}
	blobs, err := a.repo.readBlobs(ctx, specs)
	if err != nil {
		return err
	}
	a.oldScans, a.newScans = map[string]*FileScan{}, map[string]*FileScan{}
	a.renamedOf = map[string]string{}
	for _, d := range a.diffs {
		a.scanned[d.Path] = true
		if d.Skipped == "" {
			ob, nb := blobs[a.old+":"+d.oldPath()], blobs[a.head+":"+d.Path]
			if len(ob) > maxScanSize || len(nb) > maxScanSize {
				d.Skipped = "too large"
			} else {
				if d.hasOld() {
					a.oldScans[d.Path] = Scan(ob)
				}
				if d.hasNew() {
					a.newScans[d.Path] = Scan(nb)
				}
			}
		}
		a.res.Files = append(a.res.Files, d.FileChange)
		if d.Skipped != "" {
			continue
		}
		if d.Status == FileRenamed {
			a.renamedOf[d.Path] = d.OldPath
		}
		a.compareFunctions(d, a.oldScans[d.Path], a.newScans[d.Path])
	}
	return nil
}

// occurrenceKeys names functions by name and occurrence, so that a file
// with two definitions of f (#ifdef alternatives) matches them in order.
func occurrenceKeys(fns []FuncDef) []string {
	seen := map[string]int{}
	keys := make([]string, len(fns))
	for i, f := range fns {
		keys[i] = fmt.Sprintf("%s#%d", f.Name, seen[f.Name])
		seen[f.Name]++
	}
	return keys
}

func (a *analysis) fileReasons(d *fileDiff) []Reason {
	switch d.Status {
	case FileRenamed:
		return []Reason{{Kind: ReasonRenamed, From: d.OldPath}}
	case FileDeleted:
		return []Reason{{Kind: ReasonDeletedFile}}
	}
	return nil
}

func (a *analysis) compareFunctions(d *fileDiff, olds, news *FileScan) {
	add := func(fd FuncDef, st Status, rs ...Reason) {
		a.res.Functions = append(a.res.Functions, Function{
			File: d.Path, Name: fd.Name, StartLine: fd.StartLine, BodyLine: fd.BodyLine, EndLine: fd.EndLine,
			Status: st, Reasons: append(a.fileReasons(d), rs...),
		})
	}
	if news != nil && (d.Status == FileAdded || d.Status == FileCopied) {
		for _, nf := range news.Functions {
			if d.Status == FileCopied {
				add(nf, StatusAdded, Reason{Kind: ReasonCopied, From: d.OldPath})
			} else {
				add(nf, StatusAdded, Reason{Kind: ReasonNewFile})
			}
		}
		return
	}
	var oldFns, newFns []FuncDef
	if olds != nil {
		oldFns = olds.Functions
	}
	if news != nil {
		newFns = news.Functions
	}
	oldByKey := map[string]int{}
	for i, k := range occurrenceKeys(oldFns) {
		oldByKey[k] = i
	}
	matchedOld := make([]bool, len(oldFns))
	var addedIdx []int
	for i, k := range occurrenceKeys(newFns) {
		nf := newFns[i]
		oi, ok := oldByKey[k]
		if !ok {
			addedIdx = append(addedIdx, i)
			continue
		}
		matchedOld[oi] = true
		of := oldFns[oi]
		if rs := changeReasons(d, nf, of, nf.Signature != of.Signature, false); rs != nil {
			add(nf, StatusChanged, rs...)
		} else {
			a.unchanged = append(a.unchanged, unchangedFunc{d.Path, nf})
		}
	}
	var removedIdx []int
	for i := range oldFns {
		if !matchedOld[i] {
			removedIdx = append(removedIdx, i)
		}
	}
	// Pair removed and added functions that look alike: renames.
	type pair struct {
		o, n  int
		score float64
	}
	var pairs []pair
	for _, oi := range removedIdx {
		for _, ni := range addedIdx {
			if s := similarity(oldFns[oi], newFns[ni]); s >= 0.6 {
				pairs = append(pairs, pair{oi, ni, s})
			}
		}
	}
	sort.SliceStable(pairs, func(i, j int) bool { return pairs[i].score > pairs[j].score })
	pairedOld, pairedNew := map[int]bool{}, map[int]bool{}
	for _, p := range pairs {
		if pairedOld[p.o] || pairedNew[p.n] {
			continue
		}
		pairedOld[p.o], pairedNew[p.n] = true, true
		nf, of := newFns[p.n], oldFns[p.o]
		sigChanged := renameSig(of.Signature, of.Name) != renameSig(nf.Signature, nf.Name)
		rs := []Reason{{Kind: ReasonRenamedFunction, From: of.Name}}
		rs = append(rs, changeReasons(d, nf, of, sigChanged, true)...)
		if len(rs) > 1 && rs[len(rs)-1].Kind == ReasonCosmetic {
			rs = rs[:len(rs)-1] // the name itself changed
		}
		add(nf, StatusChanged, rs...)
	}
	for _, ni := range addedIdx {
		if !pairedNew[ni] {
			add(newFns[ni], StatusAdded, Reason{Kind: ReasonNewFunction})
		}
	}
	for _, oi := range removedIdx {
		if !pairedOld[oi] {
			add(oldFns[oi], StatusRemoved)
		}
	}
}

// changeReasons explains how nf (new side) differs from of (old side), or
// returns nil when no changed line falls in either range. When renamed, the
// changed name line is explained by the rename, not by the body.
func changeReasons(d *fileDiff, nf, of FuncDef, sigChanged, renamed bool) []Reason {
	added := linesIn(d.added, nf.StartLine, nf.EndLine)
	deleted := linesIn(d.deleted, of.StartLine, of.EndLine)
	if len(added) == 0 && len(deleted) == 0 {
		return nil
	}
	bodyChanged := nf.bodyHash != of.bodyHash
	var rs []Reason
	if sigChanged {
		rs = append(rs, Reason{Kind: ReasonSignature,
			Lines:    linesIn(added, nf.StartLine, nf.BodyLine),
			OldLines: linesIn(deleted, of.StartLine, of.BodyLine)})
	}
	switch {
	case bodyChanged && (sigChanged || renamed):
		rs = append(rs, Reason{Kind: ReasonBody,
			Lines:    linesIn(added, nf.BodyLine, nf.EndLine),
			OldLines: linesIn(deleted, of.BodyLine, of.EndLine)})
	case bodyChanged:
		rs = append(rs, Reason{Kind: ReasonBody, Lines: added, OldLines: deleted})
	case !sigChanged:
		rs = append(rs, Reason{Kind: ReasonCosmetic, Lines: added, OldLines: deleted})
	}
	return rs
}

func renameSig(sig, name string) string {
	f := strings.Fields(sig)
	for i, t := range f {
		if t == name {
			f[i] = "\x00"
			break
		}
	}
	return strings.Join(f, " ")
}

// minRenameTokens is the body size from which a renamed function may also
// have been edited; smaller bodies must be identical.
const minRenameTokens = 20

// similarity of two function bodies: 1 for identical token streams (and
// parameter lists), else the Dice coefficient of their token multisets, or
// 0 for bodies too small to judge.
func similarity(a, b FuncDef) float64 {
	sameSig := renameSig(a.Signature, a.Name) == renameSig(b.Signature, b.Name)
	if a.bodyHash == b.bodyHash && a.ntoks == b.ntoks && (sameSig || a.ntoks >= minRenameTokens) {
		return 1
	}
	if a.ntoks < minRenameTokens || b.ntoks < minRenameTokens {
		return 0
	}
	common := 0
	for t, n := range a.counts {
		common += min(n, b.counts[t])
	}
	return 2 * float64(common) / float64(a.ntoks+b.ntoks) * 0.99
}

// isGlobalDef reports whether a definition in file is visible to every
// file: everything in a header, and non-static variables anywhere.
func isGlobalDef(file string, d Def) bool {
	return isHeaderPath(file) || d.Kind == DefGlobal
}

type defKey struct {
	kind DefKind
	name string
}

type defSide struct {
	texts []string
	defs  []*Def
	files []string
}

func (s *defSide) add(d *Def, file string) {
	s.texts = append(s.texts, d.text)
	s.defs = append(s.defs, d)
	s.files = append(s.files, file)
}

// changedAt returns the first definition of n whose text o does not have:
// where the change is.
func changedAt(o, n *defSide) (*Def, string) {
	have := map[string]int{}
	for _, t := range o.texts {
		have[t]++
	}
	for i, d := range n.defs {
		if have[d.text] == 0 {
			return d, n.files[i]
		}
		have[d.text]--
	}
	return n.defs[0], n.files[0]
}

func sameTexts(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	a, b = append([]string(nil), a...), append([]string(nil), b...)
	sort.Strings(a)
	sort.Strings(b)
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// compareDefs finds the definitions that changed and builds the index of
// new-side definitions of the changed files.
func (a *analysis) compareDefs() {
	type domain struct {
		old, new map[defKey]*defSide
		keys     []defKey
	}
	newDomain := func() *domain { return &domain{old: map[defKey]*defSide{}, new: map[defKey]*defSide{}} }
	note := func(dm *domain, side map[defKey]*defSide, d *Def, file string) {
		k := defKey{d.Kind, d.Name}
		if dm.old[k] == nil && dm.new[k] == nil {
			dm.keys = append(dm.keys, k)
		}
		if side[k] == nil {
			side[k] = &defSide{}
		}
		side[k].add(d, file)
	}
	global := newDomain()
	locals := map[string]*domain{}
	for _, d := range a.diffs {
		dm := locals[d.Path]
		if dm == nil {
			dm = newDomain()
			locals[d.Path] = dm
		}
		if s := a.oldScans[d.Path]; s != nil {
			for i := range s.Defs {
				def := &s.Defs[i]
				if isGlobalDef(d.oldPath(), *def) {
					note(global, global.old, def, d.oldPath())
				} else {
					note(dm, dm.old, def, d.oldPath())
				}
			}
		}
		if s := a.newScans[d.Path]; s != nil {
			for i := range s.Defs {
				def := &s.Defs[i]
				if isGlobalDef(d.Path, *def) {
					note(global, global.new, def, d.Path)
				} else {
					note(dm, dm.new, def, d.Path)
				}
			}
		}
	}
	roots := func(dm *domain) map[defKey]*root {
		out := map[defKey]*root{}
		for _, k := range dm.keys {
			o, n := dm.old[k], dm.new[k]
			switch {
			case o == nil:
				out[k] = &root{k.kind, k.name, n.files[0], n.defs[0].StartLine, "added"}
			case n == nil:
				out[k] = &root{k.kind, k.name, o.files[0], o.defs[0].StartLine, "removed"}
			case !sameTexts(o.texts, n.texts):
				d, f := changedAt(o, n)
				out[k] = &root{k.kind, k.name, f, d.StartLine, "changed"}
			}
		}
		return out
	}
	globalRoots := roots(global)
	// Index the new side; removed definitions are indexed from the old side
	// so that their users are still found.
	for _, d := range a.diffs {
		s := a.newScans[d.Path]
		if s == nil {
			continue
		}
		lr := roots(locals[d.Path])
		for i := range s.Defs {
			def := s.Defs[i]
			k := defKey{def.Kind, def.Name}
			if isGlobalDef(d.Path, def) {
				a.addNode(&defNode{def: def, file: d.Path, global: true, root: globalRoots[k]})
			} else {
				a.addNode(&defNode{def: def, file: d.Path, root: lr[k]})
			}
		}
		for _, k := range locals[d.Path].keys {
			if r := lr[k]; r != nil && r.change == "removed" {
				o := locals[d.Path].old[k]
				a.addNode(&defNode{def: *o.defs[0], file: d.Path, root: r})
			}
		}
	}
	for _, k := range global.keys {
		if r := globalRoots[k]; r != nil && r.change == "removed" {
			o := global.old[k]
			a.addNode(&defNode{def: *o.defs[0], file: o.files[0], global: true, root: r})
		}
	}
}

func (a *analysis) addNode(n *defNode) {
	a.nodes = append(a.nodes, n)
	for _, id := range n.def.Idents {
		if n.global {
			a.global[id] = append(a.global[id], n)
			continue
		}
		m := a.local[n.file]
		if m == nil {
			m = map[string][]*defNode{}
			a.local[n.file] = m
		}
		m[id] = append(m[id], n)
	}
}

func (a *analysis) visible(file, ident string) []*defNode {
	l := a.local[file][ident]
	g := a.global[ident]
	if len(l) == 0 {
		return g
	}
	return append(append([]*defNode(nil), l...), g...)
}

// rootsOf returns the changed definitions that n is or depends on.
func (a *analysis) rootsOf(n *defNode) []*root {
	if n.root != nil {
		return []*root{n.root}
	}
	if r, ok := a.memo[n]; ok {
		return r
	}
	if a.inProgress[n] {
		return nil
	}
	a.inProgress[n] = true
	var out []*root
	seen := map[*root]bool{}
	for _, u := range n.def.Uses {
		for _, m := range a.visible(n.file, u) {
			if m == n {
				continue
			}
			for _, r := range a.rootsOf(m) {
				if !seen[r] {
					seen[r] = true
					out = append(out, r)
				}
			}
		}
	}
	delete(a.inProgress, n)
	a.memo[n] = out
	return out
}

// findAffected evaluates every unchanged function of the changed files
// and, when a definition visible to all files changed, of the other files
// in scope that mention it (found with git grep, transitively through
// unchanged headers).
func (a *analysis) findAffected(ctx context.Context) error {
	a.memo, a.inProgress = map[*defNode][]*root{}, map[*defNode]bool{}
	searched := map[string]bool{}
	nextWords := func(nodes []*defNode) []string {
		var words []string
		for _, n := range nodes {
			if !n.global || len(a.rootsOf(n)) == 0 {
				continue
			}
			for _, id := range n.def.Idents {
				if i := strings.LastIndexByte(id, ' '); i >= 0 {
					id = id[i+1:]
				}
				if id != "" && !strings.ContainsAny(id, "{}") && !searched[id] {
					searched[id] = true
					words = append(words, id)
				}
			}
		}
		sort.Strings(words)
		return words
	}
	words := nextWords(a.nodes)
	for iter := 0; iter < 8 && len(words) > 0; iter++ {
		found, err := a.repo.grepFiles(ctx, a.head, words)
		if err != nil {
			return err
		}
		var specs []string
		var paths []string
		for _, f := range found {
			if a.scanned[f] || !matchGlobs(a.globs, f) {
				continue
			}
			a.scanned[f] = true
			paths = append(paths, f)
			specs = append(specs, a.head+":"+f)
		}
		if len(paths) == 0 {
			break
		}
		sort.Strings(paths)
		blobs, err := a.repo.readBlobs(ctx, specs)
		if err != nil {
			return err
		}
		first := len(a.nodes)
		for _, p := range paths {
			b, ok := blobs[a.head+":"+p]
			if !ok || len(b) > maxScanSize {
				continue
			}
			s := Scan(b)
			for _, def := range s.Defs {
				a.addNode(&defNode{def: def, file: p, global: isGlobalDef(p, def)})
			}
			for _, fn := range s.Functions {
				a.unchanged = append(a.unchanged, unchangedFunc{p, fn})
			}
		}
		a.memo = map[*defNode][]*root{} // new definitions may change earlier answers
		words = nextWords(a.nodes[first:])
	}
	for _, u := range a.unchanged {
		if rs := a.functionRoots(u); len(rs) > 0 {
			var reasons []Reason
			if from, ok := a.renamedOf[u.file]; ok {
				reasons = append(reasons, Reason{Kind: ReasonRenamed, From: from})
			}
			a.res.Functions = append(a.res.Functions, Function{
				File: u.file, Name: u.fn.Name, StartLine: u.fn.StartLine, BodyLine: u.fn.BodyLine,
				EndLine: u.fn.EndLine, Status: StatusAffected, Reasons: append(reasons, rs...),
			})
		}
	}
	return nil
}

func (a *analysis) functionRoots(u unchangedFunc) []Reason {
	var out []Reason
	seen := map[*root]bool{}
	for _, id := range u.fn.Uses {
		for _, m := range a.visible(u.file, id) {
			for _, r := range a.rootsOf(m) {
				if seen[r] {
					continue
				}
				seen[r] = true
				rs := Reason{Kind: string(r.kind), Name: r.name, File: r.file, Line: r.line, Change: r.change}
				if m.root != r || id != r.name {
					rs.Via = id
				}
				out = append(out, rs)
			}
		}
	}
	return out
}

func (a *analysis) attachFlags(opts Options) error {
	path := opts.CompileCommands
	explicit := path != ""
	if !explicit {
		path = "compile_commands.json"
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(a.repo.Dir, path)
	}
	var db *CompileDB
	if d, err := loadCompileDB(path, a.repo.Dir); err == nil {
		db = d
		a.res.CompileDB = path
	} else if explicit {
		return err
	} else if !errors.Is(err, errNoFile) && !errors.Is(err, fs.ErrNotExist) {
		// The repository's own database is content like any other: a bad
		// one loses its flags, not the run.
		a.res.Warnings = append(a.res.Warnings, fmt.Sprintf("compile_commands.json not used: %v", err))
	}
	if db == nil && opts.DefaultFlags.empty() {
		return nil
	}
	a.res.Flags = map[string]Flags{}
	for _, f := range a.res.Functions {
		if !f.Verify() {
			continue
		}
		if _, ok := a.res.Flags[f.File]; ok {
			continue
		}
		if db != nil {
			a.res.Flags[f.File] = db.FlagsFor(filepath.Join(a.repo.Dir, filepath.FromSlash(f.File)), opts.DefaultFlags)
		} else {
			a.res.Flags[f.File] = opts.DefaultFlags
		}
	}
	return nil
}

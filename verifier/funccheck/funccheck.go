// Package funccheck verifies single C functions, as a pull-request check
// does: it loads the function's translation unit, gives the function a
// harness (package harness; the user's own from prbmc/harness/<name>.c
// when there is one), stubs what has no body, runs the engines on the
// harness entry, and asks of every property proved safe whether the
// harness can reach it at all (a cover query), so a vacuous proof is
// reported as "unreachable" rather than "safe".
//
// It sits above the verifier pipeline and below the commands: it knows
// files and functions, not diffs or GitHub.
package funccheck

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/engine"
	"github.com/prbmc/prbmc/verifier/harness"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/result"
)

// Options configure the checks of one run.
type Options struct {
	// RepoDir is the root files are relative to (and where
	// prbmc/harness/ is looked for). "" is the current directory.
	RepoDir string
	Front   cfront.Config
	Harness harness.Options
	// Engine is the template of every run; Entry is set per function.
	Engine engine.Options
	// Timeout bounds each function (0: only the context bounds it).
	Timeout time.Duration
	// NoCover skips the reachability check of proved properties.
	NoCover bool
	// Instrument, when set, adds the optional checks to a loaded program
	// before the harness runs (package checks).
	Instrument func(*ir.Program) error
	// FindInclude, when set, names the directories of the repository
	// that hold a header the flags do not find (#include "name"), so
	// that a project without a compilation database still loads.
	FindInclude func(name string) []string
	// UserHarness, when set, decides the user's harness of a function
	// instead of the file prbmc/harness/<name>.c under RepoDir: a nil
	// harness means a generated one. A pull request's checker reads
	// harnesses from the base revision (a pull request must not state
	// its own function's contract).
	UserHarness func(name string) *UserHarness
	// CallerDepth, when positive, classifies every failure (package
	// result, Finding): the function's callers in the unit, and theirs up
	// to this many levels, are checked with their own inputs; a failure
	// none of them reaches is a contract note, one that needs a stub's
	// freedom a stub note. 0 leaves failures unclassified.
	CallerDepth int
	// OtherFiles, when set with CallerDepth, counts the callers of the
	// unit's non-static functions in the repository's other files too
	// (repo.go). Nil: only the unit's own file.
	OtherFiles *OtherFiles
}

// UserHarness is a harness file written by the repository's maintainers.
type UserHarness struct {
	Path string `json:"path"` // repository path, e.g. prbmc/harness/f.c
	Text []byte `json:"text"`
}

// Outcome is the verdict of one function.
type Outcome struct {
	Func   string
	File   string // relative to RepoDir
	Line   int
	Result *result.Result
	// Assumed lists what the harness and the stubs took for granted.
	Assumed []string
	// NothingToCheck: the function reaches no property; it was not run.
	NothingToCheck bool
	// NotCompiled: the preprocessor leaves the function out of this
	// build (an #if around it); it was not run.
	NotCompiled bool
	// Harness is the entry used (nil when none could be made).
	Harness *harness.Harness
	// Linked are the repository's other files whose functions the
	// check linked for the callees the unit has no body for
	// (repository paths; see callees.go).
	Linked []string
}

// Unit is a loaded translation unit, ready to have its functions checked.
type Unit struct {
	File string // relative to RepoDir
	abs  string
	src  []byte
	Prog *cfront.Program
	Defs map[string]cfront.FuncDef
	// front is the configuration the unit loaded with (Options.Front
	// and the include directories inferred).
	front cfront.Config
	// Inferred says which include directories were inferred, and why.
	Inferred []string

	// mu guards others, the callers found in other files, by function
	// (otherCallersOf): functions of one unit may be checked at once.
	mu     sync.Mutex
	others map[string]*otherCallers
	// cmu guards callees, how each harness (by entry and source) is
	// linked with the files defining its callees (loadWithCallees),
	// and memo, the repository read for them when the run shares no
	// Memo.
	cmu     sync.Mutex
	callees map[string]*calleeLink
	memo    *Memo
}

// maxIncludeRounds bounds the headers whose directory is inferred.
const maxIncludeRounds = 16

var notFound = regexp.MustCompile(`include file not found: ["<]([^">]+)[">]`)

// absPath is file, relative to repo unless absolute, made absolute.
func absPath(repo, file string) string {
	abs := file
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(repo, file)
	}
	if a, err := filepath.Abs(abs); err == nil {
		abs = a
	}
	return abs
}

// LoadUnit parses file (relative to opts.RepoDir) on its own.
func LoadUnit(ctx context.Context, opts Options, file string) (*Unit, error) {
	abs := absPath(opts.RepoDir, file)
	src, err := readSource(opts, abs)
	if err != nil {
		return nil, err
	}
	var prog *cfront.Program
	front, inferred, err := inferIncludes(opts, func(front cfront.Config) (err error) {
		prog, err = cfront.Load(ctx, front, cfront.Source{Name: abs, Text: src})
		return err
	})
	if err != nil {
		return nil, err
	}
	u := &Unit{File: file, abs: abs, src: src, Prog: prog, Defs: map[string]cfront.FuncDef{}, front: front, Inferred: inferred}
	for _, d := range prog.Defs {
		if d.File == abs {
			u.Defs[d.Name] = d
		}
	}
	return u, nil
}

// readSource reads the file at abs through the front end's sandbox, if
// any.
func readSource(opts Options, abs string) ([]byte, error) {
	if sb := opts.Front.Sandbox; sb != nil {
		return sb.ReadFile(abs)
	}
	return os.ReadFile(abs)
}

// UnitDigest is what LoadUnit would load for file, digested
// (cfront.Digest, paths relative to opts.RepoDir): the preprocessed unit
// and every file it read, with the include directories inferred as
// LoadUnit infers them. It preprocesses, it does not parse: a cache of
// verdicts keys on it to tell, cheaply, that a unit is unchanged.
func UnitDigest(ctx context.Context, opts Options, file string) (string, error) {
	abs := absPath(opts.RepoDir, file)
	root, err := filepath.Abs(opts.RepoDir)
	if err != nil {
		return "", err
	}
	var sum string
	_, _, err = inferIncludes(opts, func(front cfront.Config) (err error) {
		sum, err = cfront.Digest(ctx, front, cfront.Source{Name: abs}, root)
		return err
	})
	return sum, err
}

// inferIncludes calls try with opts.Front and, while it fails on a
// header the flags do not find, again with the repository's directories
// that hold a file of that name (opts.FindInclude): projects without a
// compilation database are built with -I flags we do not know. It
// returns the configuration of the last try, a line per directory added
// and the last try's error.
func inferIncludes(opts Options, try func(cfront.Config) error) (cfront.Config, []string, error) {
	front := opts.Front
	var inferred []string
	err := try(front)
	for round := 0; err != nil && opts.FindInclude != nil && round < maxIncludeRounds; round++ {
		m := notFound.FindStringSubmatch(err.Error())
		if m == nil {
			break
		}
		dirs := opts.FindInclude(m[1])
		if len(dirs) == 0 {
			break
		}
		front.IncludeDirs = append(slices.Clone(front.IncludeDirs), dirs...)
		for _, d := range dirs {
			shown := d
			if root, err := filepath.Abs(opts.RepoDir); err == nil {
				if rel, err := filepath.Rel(root, d); err == nil {
					shown = filepath.ToSlash(rel)
				}
			}
			inferred = append(inferred, fmt.Sprintf("include directory %s inferred for #include %s", shown, m[0][len("include file not found: "):]))
		}
		err = try(front)
	}
	return front, inferred, err
}

// Harness returns the harness of function name: the user's file
// prbmc/harness/<name>.c when it exists, else a generated one.
func (u *Unit) Harness(opts Options, name string) (*harness.Harness, error) {
	def, ok := u.Defs[name]
	if !ok {
		return nil, fmt.Errorf("%s: no definition of %s", u.File, name)
	}
	if opts.UserHarness != nil {
		if uh := opts.UserHarness(name); uh != nil {
			return harness.UserHarness(def, uh.Path, uh.Text)
		}
		def.File = u.File
		return harness.Generate(u.Prog, def, opts.Harness)
	}
	rel := filepath.Join("prbmc", "harness", name+".c")
	if text, err := os.ReadFile(filepath.Join(opts.RepoDir, rel)); err == nil {
		return harness.UserHarness(def, rel, text)
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	// The harness names the file as the repository does; Check maps the
	// absolute unit name back to it everywhere else.
	def.File = u.File
	return harness.Generate(u.Prog, def, opts.Harness)
}

// Check verifies function name of the unit.
func (u *Unit) Check(ctx context.Context, opts Options, name string) Outcome {
	start := time.Now()
	def := u.Defs[name]
	out := Outcome{Func: name, File: u.File, Line: def.StartLine}
	unknown := func(format string, a ...any) Outcome {
		out.Result = &result.Result{Verdict: result.Unknown, Reason: fmt.Sprintf(format, a...), Engine: opts.Engine.Engine,
			Entry: name, Elapsed: time.Since(start)}
		return out
	}
	if opts.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opts.Timeout)
		defer cancel()
	}
	h, err := u.Harness(opts, name)
	if err != nil {
		return unknown("no harness: %v", u.rel(opts, err.Error()))
	}
	out.Harness = h
	out.Assumed = append(out.Assumed, u.Inferred...)
	out.Assumed = append(out.Assumed, h.Assumed...)
	pp, err := u.prepare(ctx, opts, h)
	if err != nil {
		return unknown("%v", err)
	}
	out.Assumed = append(out.Assumed, pp.assumes...)
	if !reachesProperty(pp.entry) {
		out.NothingToCheck = true
		out.Result = &result.Result{Verdict: result.Safe, Reason: "nothing to check: the function reaches no assertion or enabled check",
			Engine: "none", Entry: name, Elapsed: time.Since(start)}
		return out
	}
	out.Assumed = append(out.Assumed, pp.stubbed...)
	out.Linked = pp.linked
	p := pp.p
	eo := opts.Engine
	eo.Entry = h.Entry
	r := engine.Verify(ctx, p, eo)
	if r.Verdict == result.Unknown && opts.CallerDepth > 0 && h.User == "" {
		if cr, cpp, copts := u.constructed(ctx, opts, eo, name, r); cr != nil {
			// Decided for the handles the unit's own constructor makes:
			// the assumptions are that harness's, and a failure is
			// classified with such handles.
			r, pp, h, opts = cr, cpp, cpp.h, copts
			out.Harness = h
			out.Assumed = append(append(slices.Clone(u.Inferred), h.Assumed...), pp.assumes...)
			out.Assumed = append(out.Assumed, pp.stubbed...)
			out.Linked = pp.linked
		}
	}
	if opts.CallerDepth > 0 {
		var via *harness.Harness
		if r, via = u.classify(ctx, opts, name, pp, eo, r); via != nil {
			// The failure's trace runs the caller's harness: that is
			// the harness a reader (and a reproducer) needs.
			out.Harness = via
			for _, f := range u.linkedFor(via) {
				if !slices.Contains(out.Linked, f) {
					out.Linked = append(out.Linked, f)
				}
			}
		}
	}
	for _, d := range pp.prog.Unsupported {
		r.Unsupported = append(r.Unsupported, u.rel(opts, d.String()))
	}
	if !opts.NoCover {
		cover(ctx, p, eo, r)
	}
	r.Entry = name
	r.Elapsed = time.Since(start)
	relativize(r, u.abs, u.File)
	if root, err := filepath.Abs(opts.RepoDir); err == nil && opts.RepoDir != "" {
		// Other files of the repository (headers, included sources) are
		// named relative to it too: the checkout's path means nothing to
		// a reader and may be a temporary directory.
		relativizeDir(r, root+string(filepath.Separator))
	}
	out.Result = r
	return out
}

// prepared is the unit with one harness attached: loaded, instrumented
// and stubbed, ready for the engines.
type prepared struct {
	h     *harness.Harness
	prog  *cfront.Program
	p     *ir.Program
	entry *ir.Function
	// stubs maps each function given a stub body to what it assumes;
	// stubbed is that text for the stubs the entry reaches, sorted.
	stubs   map[*ir.Function]string
	stubbed []string
	// assumes lists the preconditions of the function under test
	// (prbmc_requires) that became assumptions, and what the memory
	// model takes for granted in the code it reaches.
	assumes []string
	// linked are the other files linked for their callees (repository
	// paths).
	linked []string
}

// prepare loads the unit with h attached, adds the optional checks,
// turns the tested function's own preconditions into assumptions and
// stubs what has no body. Its errors are the reasons of an unknown.
// The callees it reaches that other files of the repository define are
// linked with it (loadWithCallees); the assumptions say which.
func (u *Unit) prepare(ctx context.Context, opts Options, h *harness.Harness) (*prepared, error) {
	var cl *calleeLink
	pp, err := u.prepareFrom(ctx, opts, h, func() (prog *cfront.Program, err error) {
		prog, cl, err = u.loadWithCallees(ctx, opts, h)
		return prog, err
	})
	if pp != nil && cl != nil {
		pp.assumes = append(pp.assumes, cl.notes...)
		pp.linked = cl.files
	}
	return pp, err
}

// prepareLinked is prepare for the harness h of a function of another
// file, loaded with the unit (lf).
func (u *Unit) prepareLinked(ctx context.Context, opts Options, h *harness.Harness, lf *linkedFile) (*prepared, error) {
	return u.prepareFrom(ctx, opts, h, func() (*cfront.Program, error) {
		prog, err := cfront.Load(ctx, lf.front, cfront.Source{Name: u.abs, Text: u.src}, cfront.Source{Name: lf.abs, Text: h.Attach(lf.src)})
		if err == nil && len(prog.LinkProblems) > 0 {
			err = fmt.Errorf("%s does not link with %s: %s", lf.file, u.File, strings.Join(prog.LinkProblems, "; "))
		}
		return prog, err
	})
}

// prepareFrom is prepare with the program load gives.
func (u *Unit) prepareFrom(ctx context.Context, opts Options, h *harness.Harness, load func() (*cfront.Program, error)) (*prepared, error) {
	prog, err := load()
	if err != nil {
		var fe *cfront.Error
		if errors.As(err, &fe) && h.User != "" {
			return nil, fmt.Errorf("the harness %s does not compile: %v", h.User, u.rel(opts, fe.Error()))
		}
		return nil, fmt.Errorf("the harness does not compile: %v", u.rel(opts, err.Error()))
	}
	p := prog.IR
	if opts.Instrument != nil {
		if err := opts.Instrument(p); err != nil {
			return nil, fmt.Errorf("checks: %v", err)
		}
	}
	entry := p.Func(h.Entry)
	if entry == nil || !entry.HasBody() {
		return nil, fmt.Errorf("the harness does not define %s", h.Entry)
	}
	pp := &prepared{h: h, prog: prog, p: p, entry: entry, stubs: map[*ir.Function]string{}}
	pp.assumes = assumePreconditions(p, p.Func(h.Function), u.abs, u.File)
	hadBody := map[*ir.Function]bool{}
	for _, f := range p.Funcs {
		hadBody[f] = f.HasBody()
	}
	allocates, sorts := false, false
	for _, f := range ir.Reachable(entry) {
		if f.Library && f.Name == "qsort" {
			sorts = true
		}
		for _, in := range f.Body {
			if c, ok := in.(*ir.Call); ok && (c.Builtin == ir.BMalloc || c.Builtin == ir.BCalloc) && f != entry {
				allocates = true
			}
		}
	}
	if allocates {
		// The memory model gives every allocation a fresh block: code
		// that only fails when malloc returns NULL is not checked.
		pp.assumes = append(pp.assumes, "malloc, calloc and realloc succeed (never return NULL)")
	}
	if sorts {
		pp.assumes = append(pp.assumes, "qsort sorts by insertion sort: the comparator is called on the pairs that one compares")
	}
	pp.stubbed = harness.Stub(p, h.Entry)[h.Entry]
	// The stubs are the functions that got a body (stubs of variadic
	// functions are new functions, one per call).
	for _, f := range ir.Reachable(entry) {
		if !f.HasBody() || hadBody[f] {
			continue
		}
		prefix := "`" + ir.CName(f.Name) + "()`"
		for _, a := range pp.stubbed {
			if strings.HasPrefix(a, prefix) {
				pp.stubs[f] = a
			}
		}
	}
	return pp, nil
}

// assumePreconditions turns the preconditions (prbmc_requires) of f, the
// function under test, into assumptions: its harness stands for its
// callers, who must keep them. Those of the functions f calls stay
// checks. It returns one line per precondition for the assumptions.
func assumePreconditions(p *ir.Program, f *ir.Function, abs, file string) []string {
	if f == nil {
		return nil
	}
	var out []string
	for i, in := range f.Body {
		a, ok := in.(*ir.Assert)
		if !ok || a.Prop.Kind != ir.PropPrecondition || a.Prop.Func != f.Name {
			continue
		}
		f.Body[i] = &ir.Assume{At: a.At, Cond: a.Cond}
		pos := strings.Replace(a.Prop.Pos.String(), abs, file, 1)
		out = append(out, fmt.Sprintf("precondition `%s` of %s() holds (prbmc_requires at %s)", a.Prop.Text, ir.CName(f.Name), pos))
	}
	return out
}

// Stubs lists the stubs harness h would get: what the functions without a
// body that it reaches are assumed to do.
func (u *Unit) Stubs(ctx context.Context, opts Options, h *harness.Harness) ([]string, error) {
	prog, _, err := u.loadWithCallees(ctx, opts, h)
	if err != nil {
		return nil, fmt.Errorf("the harness does not compile: %v", u.rel(opts, err.Error()))
	}
	return harness.Stub(prog.IR, h.Entry)[h.Entry], nil
}

func (u *Unit) rel(opts Options, s string) string {
	return strings.ReplaceAll(s, u.abs, u.File)
}

// reachesProperty reports whether f or anything it calls has an Assert.
func reachesProperty(f *ir.Function) bool {
	for _, g := range ir.Reachable(f) {
		for _, in := range g.Body {
			if _, ok := in.(*ir.Assert); ok {
				return true
			}
		}
	}
	return false
}

// relativize names file abs rel in every location, reason, note and
// assumption of r.
func relativize(r *result.Result, abs, rel string) {
	rewritePaths(r, func(f string) string {
		if f == abs {
			return rel
		}
		return f
	}, func(s string) string { return strings.ReplaceAll(s, abs, rel) })
}

// relativizeDir strips the directory prefix dir (ending in a separator)
// from every file name, reason, note and assumption of r.
func relativizeDir(r *result.Result, dir string) {
	rewritePaths(r, func(f string) string { return strings.TrimPrefix(f, dir) },
		func(s string) string { return strings.ReplaceAll(s, dir, "") })
}

// rewritePaths applies file to r's locations and text to the prose that
// may name files: reasons, notes, unsupported constructs, assumptions.
func rewritePaths(r *result.Result, file, text func(string) string) {
	r.Locations(func(l *result.Location) { l.File = file(l.File) })
	for i := range r.Props {
		r.Props[i].Reason = text(r.Props[i].Reason)
		r.Props[i].Note = text(r.Props[i].Note)
	}
	r.Reason = text(r.Reason)
	for i := range r.Unsupported {
		r.Unsupported[i] = text(r.Unsupported[i])
	}
	for i := range r.Assumed {
		r.Assumed[i] = text(r.Assumed[i])
	}
}

// constructed verifies function name again, after the plain harness's
// unknown r, with its handle parameters made by the unit's own
// constructor: first fresh, then, if that is decided, followed by any
// sequence of the unit's operations, which proves more and costs more
// (the second answer is taken when it is decided too). A handle laid
// out by its library
// (sds keeps a header before the bytes its pointer points to) is what
// the plain harness cannot build, so its functions are otherwise
// unknown. A decided answer holds for such handles (its assumptions say
// so); the operations' own assertions are assumed (harness.BSetup), so
// a failure is one the function under test has with a handle its
// library made. Each try gets half the time left, and the work that
// buys.
func (u *Unit) constructed(ctx context.Context, opts Options, eo engine.Options, name string, r *result.Result) (*result.Result, *prepared, Options) {
	plain, err := u.Harness(opts, name)
	if err != nil {
		return nil, nil, opts
	}
	var best *result.Result
	var bestPC *prepared
	bestOpts := opts
	for _, fresh := range []bool{true, false} {
		if ctx.Err() != nil {
			break
		}
		copts := opts
		copts.Harness.Constructors, copts.Harness.FreshHandles = true, fresh
		h, err := u.Harness(copts, name)
		if err != nil || h.Source == plain.Source || len(h.Constructed) == 0 {
			break
		}
		pc, err := u.prepare(ctx, copts, h)
		if err != nil {
			break
		}
		cr := pc.verifyShare(ctx, eo)
		if cr.Verdict == result.Unknown {
			break
		}
		if cr.Verdict != result.Unsafe {
			cr.Reason = strings.TrimSpace(strings.TrimSuffix(cr.Reason, ".") + "; for handles " + strings.Join(h.Constructed, "; ") + " (with any inputs it was unknown: " + firstSentence(r.Reason) + ")")
		}
		best, bestPC, bestOpts = cr, pc, copts
		if cr.Verdict == result.Unsafe {
			break
		}
	}
	return best, bestPC, bestOpts
}

// Package cfront is prbmc's C front end: it parses and type-checks C with
// modernc.org/cc/v4 and lowers the typed AST to the GOTO-style IR of package
// ir. It is the only package that knows cc/v4; everything after it works on
// the IR.
package cfront

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"modernc.org/cc/v4"

	"github.com/prbmc/prbmc/verifier/ir"
)

// Config says how to preprocess and lay out the sources.
type Config struct {
	DataModel   ir.DataModel
	IncludeDirs []string // -I
	Defines     []string // -D: "NAME" or "NAME=VALUE"
	Undefines   []string // -U
	// Cache, when set, shares the host compiler's configuration between
	// loads.
	Cache *ConfigCache
	// HostCacheDir, when set, keeps the host compiler's configuration
	// in this directory between processes (see hostcache.go); a
	// directory that cannot be read or written only costs the two
	// compiler runs it saves.
	HostCacheDir string
	// Sandbox, when set, is the only way the front end reads files: main
	// files given by name, #include, #include_next and __has_include. See
	// Sandbox. Nil reads any file.
	Sandbox *Sandbox
}

// Error is a front-end error with the position it concerns.
type Error struct {
	Pos ir.Pos
	Msg string
}

func (e *Error) Error() string {
	if e.Pos.IsValid() {
		return fmt.Sprintf("%s: %s", e.Pos, e.Msg)
	}
	return e.Msg
}

// Unit is one parsed and type-checked translation unit.
type Unit struct {
	Name string
	ast  *cc.AST
	src  []byte
}

// frontend holds the cc configuration for one data model.
type frontend struct {
	cfg    *cc.Config
	model  ir.DataModel
	warned string       // why the host compiler could not give ILP32 macros, if so
	box    *sandboxLoad // nil without a Sandbox
	// sysDirs are the compiler's own include directories (as given and
	// resolved): functions defined in headers there are library code.
	sysDirs []string
}

// systemHeader reports whether file, where a function is defined, is a
// system header (under the compiler's include directories) or one of
// cc's built-in sources: library code, whose inline functions get no
// checks. A project's own headers are not: their inline functions run
// as part of the code under check, and their overflows and
// out-of-bounds accesses are bugs of the project like any other.
func (fe *frontend) systemHeader(file string) bool {
	if strings.HasPrefix(file, "<") {
		return true // <predefined>, <builtin>
	}
	if !filepath.IsAbs(file) {
		return false
	}
	file = filepath.Clean(file)
	for _, d := range fe.sysDirs {
		if within(file, d) {
			return true
		}
	}
	return false
}

func newFrontend(c Config) (*frontend, error) {
	arch := "amd64"
	var opts []string
	if c.DataModel == ir.ILP32 {
		arch = "386"
		opts = append(opts, "-m32")
	}
	for _, d := range c.Defines {
		opts = append(opts, "-D"+d)
	}
	for _, u := range c.Undefines {
		opts = append(opts, "-U"+u)
	}
	fe := &frontend{model: c.DataModel}
	if _, err := exec.LookPath("cc"); err != nil {
		if _, err := exec.LookPath("gcc"); err != nil {
			return nil, errors.New("no C compiler (cc or gcc) on PATH: the front end needs one for system headers and predefined macros")
		}
	}
	cfg, err := newCCConfig(c.Cache, c.HostCacheDir, arch, opts...)
	if err != nil && c.DataModel == ir.ILP32 {
		// Without gcc-multilib, `cc -m32` fails. Preprocessed input and code
		// without system headers still parse correctly with the i386 ABI and
		// the host's macros, so carry on and say why headers may misbehave.
		fe.warned = "the host C compiler cannot target -m32 (install gcc-multilib): system headers see LP64 macros"
		cfg, err = newCCConfig(c.Cache, c.HostCacheDir, "amd64", opts[1:]...)
		if err == nil {
			cfg.ABI, err = cc.NewABI("linux", "386")
		}
	}
	if err != nil {
		return nil, fmt.Errorf("configure C front end: %w", err)
	}
	var sys []string
	for _, l := range [][]string{cfg.IncludePaths, cfg.SysIncludePaths, cfg.HostIncludePaths, cfg.HostSysIncludePaths} {
		sys = append(sys, l...)
	}
	for _, d := range sys {
		if d == "" || d == "@" || !filepath.IsAbs(d) || filepath.Clean(d) == string(filepath.Separator) {
			continue // the including file's directory, or a compiler that reported /
		}
		fe.sysDirs = append(fe.sysDirs, filepath.Clean(d))
		if r, err := resolveRoot(d); err == nil && r != filepath.Clean(d) && r != string(filepath.Separator) {
			fe.sysDirs = append(fe.sysDirs, r)
		}
	}
	if c.Sandbox != nil {
		// The system include directories of this configuration are
		// roots as well; the user's (c.IncludeDirs) must be in the
		// repository.
		fe.box = c.Sandbox.newLoad(sys)
		cfg.FS = fe.box
		cfg.FSOnly = true
	}
	cfg.IncludePaths = append(append([]string{}, c.IncludeDirs...), cfg.IncludePaths...)
	// Code can tell prbmc's front end from a compiler, to declare
	// prbmc_requires only for it (README, "Preconditions").
	cfg.Predefined += "\n#define __PRBMC__ 1\n"
	cfg.IgnoreStaticAssert = false
	cfg.UnsignedEnums = true
	cfg.ABILayout = true
	// Macro expansion can grow exponentially: a few hundred bytes can keep
	// cc/v4 busy for hours and take all memory. This bound (tokens processed,
	// rescans included) is far above what real programs and their system
	// headers need; beyond it the load fails with a preprocessing error.
	cfg.ExpansionLimit = expansionLimit
	// One cache per frontend: headers are parsed once for all units.
	cfg.SourceCache = &cc.SourceCache{}
	fe.cfg = cfg
	return fe, nil
}

// expansionLimit is the macro expansion work cc/v4 may do per file.
const expansionLimit = 1 << 24

// ConfigCache keeps cc/v4's host-compiler configuration between loads.
// Building it runs the host C compiler twice (50 to 100 ms), which dominates
// loading small programs; callers that load many (a PR check, tests) share
// one through Config.Cache. The zero value is ready; it is safe for
// concurrent use.
type ConfigCache struct {
	m sync.Map // string -> *ccConfigResult
}

type ccConfigResult struct {
	cfg *cc.Config
	err error
}

// newCCConfig is cc.NewConfig("linux", arch, opts...), cached in memory
// (cache) and on disk (dir). Each caller gets its own copy of the Config:
// newFrontend sets fields on it. The slices and the ABI it shares with
// the cached one are only read.
func newCCConfig(cache *ConfigCache, dir, arch string, opts ...string) (*cc.Config, error) {
	if cache == nil {
		return hostConfig(dir, arch, opts)
	}
	key := strings.Join(append([]string{arch, os.Getenv("CC"), dir}, opts...), "\x00")
	r, ok := cache.m.Load(key)
	if !ok {
		cfg, err := hostConfig(dir, arch, opts)
		r, _ = cache.m.LoadOrStore(key, &ccConfigResult{cfg, err})
	}
	res := r.(*ccConfigResult)
	if res.err != nil {
		return nil, res.err
	}
	c := *res.cfg
	c.IncludePaths = slices.Clone(c.IncludePaths)
	c.SysIncludePaths = slices.Clone(c.SysIncludePaths)
	return &c, nil
}

// hostConfig is cc.NewConfig("linux", arch, opts...), read from dir when
// an earlier process stored it there for the same compiler and options,
// and stored there otherwise.
func hostConfig(dir, arch string, opts []string) (*cc.Config, error) {
	if dir == "" {
		return cc.NewConfig("linux", arch, opts...)
	}
	key, ok := hostKey(arch, opts)
	if ok {
		if cfg := loadHost(dir, key, arch, opts); cfg != nil {
			return cfg, nil
		}
	}
	cfg, err := cc.NewConfig("linux", arch, opts...)
	if err == nil && ok {
		storeHost(dir, key, cfg) // an optimisation: failing costs the next process the compiler runs
	}
	return cfg, err
}

// parse reads and type-checks one file. src, when not nil, is the file's
// text (for tests and stdin); otherwise the file is read from disk.
func (fe *frontend) parse(ctx context.Context, name string, src []byte) (*Unit, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if src == nil {
		var b []byte
		var err error
		if fe.box != nil {
			b, err = fe.box.readFile(name)
		} else {
			b, err = os.ReadFile(name)
		}
		var refused *RefusedError
		if errors.As(err, &refused) {
			return nil, err // "NAME refused: REASON"
		}
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", name, err)
		}
		src = b
	}
	text := rewriteLineMarkers(src)
	// Deep nesting would overflow the stack of cc/v4's recursive parser,
	// which is fatal: refuse it first. The sandbox checks the headers it
	// serves.
	if pos, deep := deepNesting(text, name, MaxNesting); deep {
		return nil, &Error{Pos: pos, Msg: nestingMsg(MaxNesting)}
	}
	// cc/v4's parser loops forever, appending an error per iteration until
	// memory runs out, when the input ends inside a pointer's or an array
	// declarator's type qualifiers (`int *;`, `int * const`, `int a[const`
	// at the end of the file): typeQualifierList has no EOF case. That loop
	// stops at an identifier or '(', so end every file with a declaration
	// that has one and means nothing. The copy keeps the caller's bytes.
	text = append(text[:len(text):len(text)], eofGuard...)
	sources := []cc.Source{
		{Name: "<predefined>", Value: fe.cfg.Predefined},
		{Name: "<builtin>", Value: cc.Builtin},
		{Name: name, Value: text},
	}
	ast, err := translate(fe.cfg, sources)
	if err != nil {
		err = firstError(name, err)
		if fe.box != nil {
			err = fe.box.explain(err, fe.cfg)
		}
		if e, ok := err.(*Error); ok && e.Pos.File == name && strings.Contains(e.Msg, "_Static_assert") &&
			e.Pos.Line == bytes.Count(text[:len(text)-len(eofGuard)], []byte("\n"))+2 {
			// The error is in eofGuard: say what it means.
			e.Msg = "unexpected end of file"
		}
		return nil, err
	}
	return &Unit{Name: name, ast: ast, src: src}, nil
}

// eofGuard ends every source file; see parse. It starts on a line of its
// own, so positions in the file do not change.
const eofGuard = "\n_Static_assert(1, \"\");\n"

// translate calls cc.Translate, turning a panic inside the parser (malformed
// input can trigger them) into an error.
func translate(cfg *cc.Config, sources []cc.Source) (ast *cc.AST, err error) {
	defer func() {
		if r := recover(); r != nil {
			ast, err = nil, fmt.Errorf("C parser failed: %v", r)
		}
	}()
	return cc.Translate(cfg, sources)
}

var lineMarker = regexp.MustCompile(`(?m)^#[ \t]+([0-9]+)[ \t]+("[^"\n]*")[^\n]*$`)

// rewriteLineMarkers turns GCC's `# 40 "orig.c" 1` markers, which cc/v4
// ignores, into `#line 40 "orig.c"` so positions in .i files point at the
// original source.
func rewriteLineMarkers(src []byte) []byte {
	if !lineMarker.Match(src) {
		return src
	}
	return lineMarker.ReplaceAll(src, []byte("#line $1 $2"))
}

var posPrefix = regexp.MustCompile(`^(.*?):([0-9]+):([0-9]+): (.*)$`)

// firstError keeps the first positioned line of cc's error text: the rest
// is context that would bury the message.
func firstError(name string, err error) error {
	for _, line := range strings.Split(err.Error(), "\n") {
		line = strings.TrimSpace(line)
		if m := posPrefix.FindStringSubmatch(line); m != nil {
			var l, c int
			fmt.Sscan(m[2], &l)
			fmt.Sscan(m[3], &c)
			return &Error{Pos: ir.Pos{File: m[1], Line: l, Col: c}, Msg: m[4]}
		}
	}
	msg := strings.TrimSpace(strings.SplitN(err.Error(), "\n", 2)[0])
	return &Error{Msg: fmt.Sprintf("%s: %s", filepath.Base(name), msg)}
}

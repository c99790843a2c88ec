package cfront

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"modernc.org/cc/v4"

	"github.com/prbmc/prbmc/verifier/ir"
)

// Sandbox confines the files the front end reads while loading C sources.
//
// A pull request is untrusted input, and the preprocessor opens whatever a
// source names: `#include "../../../../proc/self/environ"` would put the
// runner's environment (its tokens) into the translation unit and, through
// error messages and traces, into a public report; `#include "/dev/zero"`
// reads until memory runs out; a symlink committed to the repository can
// point anywhere. With a Sandbox in Config, cc/v4 opens every named file
// (#include, #include_next, __has_include) only through the Sandbox, which
//
//   - resolves symlinks and refuses a file whose real path is not inside one
//     of the roots (the repository) or the C compiler's system include
//     directories, and anything under /proc, /sys and /dev;
//   - refuses anything but regular files (directories, devices, FIFOs);
//   - reads at most MaxFileBytes of one file and MaxTotalBytes over one Load;
//   - checks the bracket nesting of every file it serves (see MaxNesting).
//
// A refused #include fails the load with an *Error at the #include:
// `include "NAME" refused: outside the repository` (or `not a regular
// file`, `too large (N bytes, limit M)`, `the files read exceed M bytes`;
// `include <NAME> refused: ...` for angle brackets). A header nested too
// deeply fails it with `nesting deeper than N levels` at the place in the
// header. A refused __has_include is false. A file that does not exist is
// cc's ordinary "include file not found". Nothing of a refused file reaches
// cc/v4 or an error; a file outside the roots, not regular, or too large by
// its size is not even opened.
//
// User include directories (Config.IncludeDirs) must lie inside a root:
// the files found through one outside are refused. A Sandbox is safe for
// concurrent use; the total cap is counted per Load call.
type Sandbox struct {
	roots []string // absolute, symlinks resolved, cleaned

	// MaxFileBytes is the largest file served; MaxTotalBytes caps the bytes
	// read during one Load (the main files read by name and the headers,
	// the system ones included; a file counts once per Load). NewSandbox
	// sets them to the defaults; zero or less means no cap. Set them before
	// the Sandbox is in use.
	MaxFileBytes  int64
	MaxTotalBytes int64
}

// The Sandbox defaults. Measured with glibc 2.36 and gcc 12
// (TestSandboxHeaderBytes): stdio.h, stdlib.h, string.h and assert.h with
// what they include are 58 files, 250 KB; 19 common headers (those and
// math, pthread, signal, unistd, sys/socket, netinet/in, stdint, inttypes,
// errno, fcntl, sys/stat, time, ctype, limits, stdatomic) 152 files, 770
// KB, the largest 51 KB.
const (
	DefaultMaxFileBytes  = 4 << 20
	DefaultMaxTotalBytes = 64 << 20
)

// Refusal reasons, as the error messages say them.
const (
	reasonOutside    = "outside the repository"
	reasonNotRegular = "not a regular file"
)

// deniedRoots are never served, whatever the roots say.
var deniedRoots = []string{"/proc", "/sys", "/dev"}

// NewSandbox returns a Sandbox that serves the files inside roots (usually
// just the repository's root directory) and, when loading, inside the C
// compiler's system include directories. A root must exist.
func NewSandbox(roots ...string) (*Sandbox, error) {
	s := &Sandbox{MaxFileBytes: DefaultMaxFileBytes, MaxTotalBytes: DefaultMaxTotalBytes}
	for _, r := range roots {
		p, err := resolveRoot(r)
		if err != nil {
			return nil, fmt.Errorf("sandbox root: %w", err)
		}
		s.roots = append(s.roots, p)
	}
	return s, nil
}

// Roots returns the roots, absolute and with symlinks resolved.
func (s *Sandbox) Roots() []string { return append([]string(nil), s.roots...) }

func resolveRoot(r string) (string, error) {
	p, err := filepath.Abs(r)
	if err != nil {
		return "", err
	}
	if p, err = filepath.EvalSymlinks(p); err != nil {
		return "", err
	}
	return filepath.Clean(p), nil
}

// RefusedError says why the Sandbox did not serve a file.
type RefusedError struct {
	Path   string // the name as asked for
	Reason string // "outside the repository", "not a regular file", ...
	// Pos is where the reason is, for a nesting refusal; otherwise invalid.
	Pos ir.Pos
}

func (e *RefusedError) Error() string { return fmt.Sprintf("%s refused: %s", e.Path, e.Reason) }

// ReadFile reads the file name with the checks of an #include: inside the
// roots once symlinks are resolved, a regular file, at most MaxFileBytes.
// The total cap does not apply (it is per Load). It does not check nesting:
// Load does that for every main file. A refusal is a *RefusedError.
func (s *Sandbox) ReadFile(name string) ([]byte, error) {
	l := s.newLoad(nil)
	l.maxTotal = 0
	return l.readFile(name)
}

// sandboxLoad is the Sandbox's state for one Load: the extra roots (the
// system include directories of that Load's configuration), the bytes read
// so far and the refusals. It is the fs.FS cc/v4 opens files through.
type sandboxLoad struct {
	sb       *Sandbox
	roots    []string
	maxFile  int64
	maxTotal int64 // 0: no total cap

	mu       sync.Mutex
	total    int64
	refusals map[string]*RefusedError // by the name cc asked for
	data     map[string][]byte        // by resolved path: what was served
	nesting  map[string]ir.Pos        // by resolved path: checked; invalid if fine
}

func (s *Sandbox) newLoad(sysDirs []string) *sandboxLoad {
	l := &sandboxLoad{
		sb:       s,
		roots:    append([]string(nil), s.roots...),
		maxFile:  s.MaxFileBytes,
		maxTotal: s.MaxTotalBytes,
		refusals: map[string]*RefusedError{},
		data:     map[string][]byte{},
		nesting:  map[string]ir.Pos{},
	}
	for _, d := range sysDirs {
		if d == "" || d == "@" {
			continue
		}
		// A compiler that reported / would open everything.
		if p, err := resolveRoot(d); err == nil && p != string(filepath.Separator) {
			l.roots = append(l.roots, p)
		}
	}
	return l
}

func within(p, root string) bool {
	if root == string(filepath.Separator) {
		return filepath.IsAbs(p)
	}
	return p == root || strings.HasPrefix(p, root+string(filepath.Separator))
}

func (l *sandboxLoad) allowed(p string) bool {
	for _, d := range deniedRoots {
		if within(p, d) {
			return false
		}
	}
	for _, r := range l.roots {
		if within(p, r) {
			return true
		}
	}
	return false
}

func (l *sandboxLoad) refuse(name, reason string, pos ir.Pos) error {
	e := &RefusedError{Path: name, Reason: reason, Pos: pos}
	l.mu.Lock()
	l.refusals[name] = e
	l.mu.Unlock()
	return e
}

// check resolves name and checks it may be served: the resolved path and
// its FileInfo, or a *RefusedError, or the error of a file that does not
// exist (fs.ErrNotExist).
func (l *sandboxLoad) check(name string) (string, fs.FileInfo, error) {
	p := filepath.FromSlash(name)
	p, err := filepath.Abs(p)
	if err != nil {
		return "", nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		// Nonexistent (or a dangling symlink): cc says not found.
		return "", nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	if !l.allowed(real) {
		return "", nil, l.refuse(name, reasonOutside, ir.Pos{})
	}
	fi, err := os.Stat(real)
	if err != nil {
		return "", nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	if !fi.Mode().IsRegular() {
		return "", nil, l.refuse(name, reasonNotRegular, ir.Pos{})
	}
	if l.maxFile > 0 && fi.Size() > l.maxFile {
		return "", nil, l.refuse(name, tooLarge(fi.Size(), l.maxFile), ir.Pos{})
	}
	return real, fi, nil
}

func tooLarge(n, limit int64) string {
	return fmt.Sprintf("too large (%d bytes, limit %d)", n, limit)
}

// read reads the checked file real (asked for as name): at most maxFile+1
// bytes, counted against the total. A file served before in this load is
// not read or counted again.
func (l *sandboxLoad) read(name, real string) ([]byte, error) {
	l.mu.Lock()
	b, ok := l.data[real]
	l.mu.Unlock()
	if ok {
		return b, nil
	}
	f, err := os.Open(real)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The file may have changed since check: look at what was opened.
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, l.refuse(name, reasonNotRegular, ir.Pos{})
	}
	limit := l.maxFile
	if limit <= 0 {
		limit = 1<<63 - 2
	}
	b, err = io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, l.refuse(name, tooLarge(max(fi.Size(), int64(len(b))), limit), ir.Pos{})
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.maxTotal > 0 && l.total+int64(len(b)) > l.maxTotal {
		e := &RefusedError{Path: name, Reason: fmt.Sprintf("the files read exceed %d bytes", l.maxTotal)}
		l.refusals[name] = e
		return nil, e
	}
	l.total += int64(len(b))
	l.data[real] = b
	return b, nil
}

// readFile is check and read: for main files.
func (l *sandboxLoad) readFile(name string) ([]byte, error) {
	real, _, err := l.check(name)
	if err != nil {
		return nil, err
	}
	return l.read(name, real)
}

// Open implements fs.FS for cc/v4. It checks name but reads nothing: cc's
// __has_include opens and stats a file without reading it. The first Read
// reads the whole file (bounded) and checks its nesting.
func (l *sandboxLoad) Open(name string) (fs.File, error) {
	real, fi, err := l.check(name)
	if err != nil {
		return nil, err
	}
	return &sandboxFile{l: l, name: name, real: real, fi: fi}, nil
}

// sandboxFile is a file served to cc/v4, read on the first Read.
type sandboxFile struct {
	l    *sandboxLoad
	name string
	real string
	fi   fs.FileInfo
	r    *bytes.Reader
	err  error
}

func (f *sandboxFile) Stat() (fs.FileInfo, error) { return f.fi, nil }
func (f *sandboxFile) Close() error               { return nil }

func (f *sandboxFile) Read(p []byte) (int, error) {
	if f.r == nil && f.err == nil {
		b, err := f.l.read(f.name, f.real)
		if err == nil {
			err = f.l.checkNesting(f.name, f.real, b)
		}
		if err != nil {
			f.err = err
		} else {
			f.r = bytes.NewReader(b)
		}
	}
	if f.err != nil {
		return 0, f.err
	}
	return f.r.Read(p)
}

// checkNesting refuses a served file nested too deeply. The result is kept
// for the next unit of the load that includes the file.
func (l *sandboxLoad) checkNesting(name, real string, b []byte) error {
	l.mu.Lock()
	pos, ok := l.nesting[real]
	l.mu.Unlock()
	if !ok {
		pos, _ = deepNesting(b, name, MaxNesting)
		l.mu.Lock()
		l.nesting[real] = pos
		l.mu.Unlock()
	}
	if pos.IsValid() {
		return l.refuse(name, nestingMsg(MaxNesting), pos)
	}
	return nil
}

// notFound matches cc/v4's message for an #include that no search path
// gave; the name keeps its quotes or angle brackets.
var notFound = regexp.MustCompile(`^include file not found: ((?:"[^"]*")|(?:<[^>]*>))$`)

// explain turns cc's "include file not found" into the refusal that caused
// it, if the sandbox refused one of the paths cc tried.
func (l *sandboxLoad) explain(err error, cfg *cc.Config) error {
	var e *Error
	if !errors.As(err, &e) {
		return err
	}
	m := notFound.FindStringSubmatch(e.Msg)
	if m == nil {
		return err
	}
	raw := m[1]
	nm := raw[1 : len(raw)-1]
	var dirs []string
	if raw[0] == '"' {
		for _, v := range cfg.IncludePaths {
			if v == "" || v == "@" {
				v = filepath.Clean(filepath.Dir(e.Pos.File))
			}
			dirs = append(dirs, v)
		}
	}
	dirs = append(dirs, cfg.SysIncludePaths...)
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, v := range dirs {
		r, ok := l.refusals[filepath.ToSlash(filepath.Join(v, nm))]
		if !ok {
			continue
		}
		if r.Pos.IsValid() {
			// Too deeply nested: the place is in the header.
			return &Error{Pos: r.Pos, Msg: r.Reason}
		}
		return &Error{Pos: e.Pos, Msg: fmt.Sprintf("include %s refused: %s", raw, r.Reason)}
	}
	return err
}

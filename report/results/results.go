// Package results is prbmc's results file: what one `prbmc check` found,
// as versioned data. `prbmc check --results FILE` (and `--format json`)
// writes it; `prbmc publish` posts it to GitHub, `prbmc merge` joins the
// files of several shards into one. A results file holds everything the
// reports (package report/sarif and report/markdown) need, so a report
// built from a decoded file is the one the live run would have built.
//
// A results file may come from an untrusted place (an artifact a pull
// request's workflow uploaded), so Decode bounds its size, refuses a
// schema it does not know, and checks that every path in it is
// repository-relative and stays inside the repository.
package results

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/prbmc/prbmc/diffscope"
	"github.com/prbmc/prbmc/report"
	"github.com/prbmc/prbmc/verifier/result"
)

// SchemaVersion is the version of the format written. Decode reads this
// version only: a change to the meaning of a field bumps it.
const SchemaVersion = 1

// MaxSize is the largest results file Decode reads (64 MiB).
const MaxSize = 64 << 20

// Why a function in scope was not checked (Function.Skip).
const (
	// SkipBudget: the time budget ran out before its turn.
	SkipBudget = "budget"
	// SkipShard: its shard's results are missing from a merge.
	SkipShard = "shard"
	// SkipRemoved: the change removed it.
	SkipRemoved = "removed"
)

// File is one results file.
type File struct {
	Schema int `json:"schema"`
	// Version is the version of the prbmc that wrote the file.
	Version string `json:"prbmcVersion"`
	// OptionsHash is Options.Hash(): files checked with different
	// options do not merge.
	OptionsHash string  `json:"optionsHash"`
	Options     Options `json:"options"`
	// Base and Head are the commits compared (Base is the merge base).
	Base string `json:"base"`
	Head string `json:"head"`
	// Files are the changed files the scope selected, repository-relative.
	Files []string `json:"files"`
	// Functions are the functions in scope, in scope order (file, line).
	Functions []Function `json:"functions"`
	// NotRead are the changed C files that could not be read as text
	// (binary to git, symlinks, submodules, too large): nothing in them
	// was checked.
	NotRead []diffscope.FileChange `json:"notChecked"`
	// Warnings are what a reader should know about the run as a whole.
	Warnings []string `json:"warnings,omitempty"`
	// Shard, when set, says the file holds one shard of the scope.
	Shard *Shard `json:"shard,omitempty"`
	// Elapsed is the wall time of the check.
	Elapsed time.Duration `json:"elapsed_ns"`
}

// Shard is shard Index (1-based) of Count.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// MaxShards bounds a shard's Count (GitHub runs at most 256 jobs of a
// matrix).
const MaxShards = 256

// ParseShard reads a shard as i/N ("" is none), as `prbmc check --shard`
// and the Action's shard input take it.
func ParseShard(s string) (*Shard, error) {
	if s == "" {
		return nil, nil
	}
	var sh Shard
	if n, err := fmt.Sscanf(s, "%d/%d", &sh.Index, &sh.Count); n != 2 || err != nil || sh.String() != s {
		return nil, fmt.Errorf("%q: want i/N, e.g. 2/4", s)
	}
	if sh.Count < 1 || sh.Count > MaxShards || sh.Index < 1 || sh.Index > sh.Count {
		return nil, fmt.Errorf("%s: want 1 <= i <= N <= %d", s, MaxShards)
	}
	return &sh, nil
}

// Function is one function in scope and what became of it.
type Function struct {
	File string `json:"file"`
	Name string `json:"name"`
	Line int    `json:"line"`
	// Status and Reasons say why the function is in scope.
	Status  diffscope.Status   `json:"status"`
	Reasons []diffscope.Reason `json:"scopeReasons"`
	// Verdict is the verdict in words, as `prbmc check` prints it
	// ("unsafe", "bounded(3)+1 note", "not checked").
	Verdict string `json:"verdict"`
	// NotChecked says why the function was not checked ("" if it was),
	// Skip the kind of reason (SkipBudget, SkipShard, SkipRemoved).
	NotChecked string `json:"notChecked,omitempty"`
	Skip       string `json:"skip,omitempty"`
	// NotCompiled: the preprocessor leaves it out with these flags.
	// NothingToCheck: it reaches no property of the kinds checked.
	NotCompiled    bool `json:"notCompiled,omitempty"`
	NothingToCheck bool `json:"nothingToCheck,omitempty"`
	// Assumed is what the harness took for granted beyond Result.Assumed.
	Assumed []string `json:"assumed,omitempty"`
	// Notes are what a reader must know whatever the verdict.
	Notes []string `json:"notes,omitempty"`
	// Elapsed is the time its check took.
	Elapsed time.Duration  `json:"elapsed_ns,omitempty"`
	Result  *result.Result `json:"result,omitempty"`
	// CachedFrom, when set, is the commit whose run checked the function:
	// this run took its verdict from prbmc's result cache (`prbmc check
	// --cache-dir`) because nothing it depends on changed. Optional, so
	// schema 1 readers that predate it read such files.
	CachedFrom string `json:"cachedFrom,omitempty"`
}

// Words is a function's verdict as `prbmc check`'s one-line report says
// it.
func (f Function) Words() string {
	switch {
	case f.Status == diffscope.StatusRemoved:
		return "removed"
	case f.NotChecked != "":
		return "not checked"
	case f.NotCompiled:
		return "not compiled"
	case f.NothingToCheck:
		return "nothing to check"
	case f.Result == nil:
		return "unknown"
	}
	r := f.Result
	words := string(r.Verdict)
	if r.Verdict == result.Bounded {
		words = fmt.Sprintf("bounded(%d)", r.K)
	}
	if n := len(r.Notes()); n > 0 {
		words += fmt.Sprintf("+%d %s", n, report.Plural(n, "note", "notes"))
	}
	return words
}

// Checked reports whether the function was checked and has a result.
func (f Function) Checked() bool { return f.NotChecked == "" && f.Result != nil }

// Decided reports whether what the file says of the function is an
// answer: checked with a verdict other than unknown, found to have
// nothing to check, or removed.
func (f Function) Decided() bool {
	switch {
	case f.Status == diffscope.StatusRemoved:
		return true
	case !f.Checked():
		return false
	}
	return f.NothingToCheck || f.Result.Verdict != result.Unknown
}

// Key identifies a function in a scope.
func (f Function) Key() string { return f.File + "\x00" + f.Name + "\x00" + string(f.Status) }

// FunctionResult is the function as the reports read it.
func (f Function) FunctionResult() report.FunctionResult {
	return report.FunctionResult{Name: f.Name, File: f.File, Line: f.Line, Result: f.Result, Assumed: f.Assumed, Notes: f.Notes,
		CachedFrom: f.CachedFrom}
}

// FunctionResults are the functions checked, as the reports read them
// (nothing-to-check ones included, as safe without properties): what
// `prbmc check --sarif` and `--markdown` report.
func (f *File) FunctionResults() []report.FunctionResult {
	var out []report.FunctionResult
	for _, fn := range f.Functions {
		if fn.Checked() {
			out = append(out, fn.FunctionResult())
		}
	}
	return out
}

// Options are the options that decide verdicts. Two files checked with
// the same Options (the same Hash) give the same verdict for the same
// function; resources (jobs, memory) and the time budget are left out.
type Options struct {
	// Checks are the property kinds, lower case, sorted, without repeats.
	Checks []string `json:"checks"`
	Engine string   `json:"engine"`
	MaxK   int      `json:"maxK"`
	// FunctionTimeout is each function's wall-time budget (0: none).
	FunctionTimeout time.Duration `json:"functionTimeout_ns"`
	CallerDepth     int           `json:"callerDepth"`
	// ArrayLen, Depth and Globals shape the generated harness.
	ArrayLen int    `json:"arrayLen"`
	Depth    int    `json:"depth"`
	Globals  string `json:"globals"`
	NoCover  bool   `json:"noCover,omitempty"`
	// TrustHeadHarness: harness files came from the head, not the base.
	TrustHeadHarness bool     `json:"trustHeadHarness"`
	DataModel        string   `json:"dataModel,omitempty"`
	Paths            []string `json:"paths,omitempty"`
	CompileCommands  string   `json:"compileCommands,omitempty"`
	IncludeDirs      []string `json:"includeDirs,omitempty"`
	Defines          []string `json:"defines,omitempty"`
}

// Normalize sorts and lower-cases Checks, so that the same checks
// spelled differently hash alike.
func (o Options) Normalize() Options {
	seen := map[string]bool{}
	var cs []string
	for _, c := range o.Checks {
		c = strings.ToLower(strings.TrimSpace(c))
		if c != "" && !seen[c] {
			seen[c] = true
			cs = append(cs, c)
		}
	}
	sort.Strings(cs)
	o.Checks = cs
	return o
}

// Hash is "sha256:" and the hex SHA-256 of the options' JSON, normalized.
func (o Options) Hash() string {
	b, _ := json.Marshal(o.Normalize()) // strings, numbers and booleans always marshal
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// Seal fills in the schema version, normalizes the options and sets
// their hash: call it before Encode.
func (f *File) Seal() {
	f.Schema = SchemaVersion
	f.Options = f.Options.Normalize()
	f.OptionsHash = f.Options.Hash()
}

// Encode writes f as indented JSON.
func Encode(w io.Writer, f *File) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		return fmt.Errorf("encoding the results: %w", err)
	}
	return nil
}

// ErrTooLarge is the error for input over MaxSize.
var ErrTooLarge = errors.New("results file larger than 64 MiB")

// ReadFile decodes (Decode) the results file at path; a decoding error
// names the file.
func ReadFile(path string) (*File, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	f, err := Decode(fh)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}

// Decode reads one results file and validates it (Validate). Errors are
// one line.
func Decode(r io.Reader) (*File, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("reading the results: %w", err)
	}
	if len(data) > MaxSize {
		return nil, ErrTooLarge
	}
	var probe struct {
		Schema *int `json:"schema"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, fmt.Errorf("not a prbmc results file: %v", report.OneLine(err.Error()))
	}
	switch {
	case probe.Schema == nil:
		return nil, errors.New("not a prbmc results file: no schema version")
	case *probe.Schema > SchemaVersion:
		return nil, fmt.Errorf("results schema version %d is newer than this prbmc reads (%d): use a newer prbmc", *probe.Schema, SchemaVersion)
	case *probe.Schema != SchemaVersion:
		return nil, fmt.Errorf("results schema version %d is not one this prbmc reads (%d)", *probe.Schema, SchemaVersion)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var f File
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("malformed results file: %v", report.OneLine(err.Error()))
	}
	if dec.More() {
		return nil, errors.New("malformed results file: more than one JSON value")
	}
	if err := f.Validate(); err != nil {
		return nil, err
	}
	return &f, nil
}

var shaRE = regexp.MustCompile(`^[0-9a-f]{40}([0-9a-f]{24})?$`)

// Validate checks what a publisher relies on: a known schema, commits
// that are SHAs, options that match their hash, and paths that are
// repository-relative, clean and do not leave the repository.
func (f *File) Validate() error {
	if f.Schema != SchemaVersion {
		return fmt.Errorf("results schema version %d is not one this prbmc reads (%d)", f.Schema, SchemaVersion)
	}
	if !shaRE.MatchString(f.Head) {
		return fmt.Errorf("results head %q is not a commit SHA", clip(f.Head))
	}
	if f.Base != "" && !shaRE.MatchString(f.Base) {
		return fmt.Errorf("results base %q is not a commit SHA", clip(f.Base))
	}
	if h := f.Options.Hash(); f.OptionsHash != h {
		return fmt.Errorf("results options hash %q does not match its options (%s)", clip(f.OptionsHash), h)
	}
	if s := f.Shard; s != nil && (s.Count < 1 || s.Index < 1 || s.Index > s.Count) {
		return fmt.Errorf("results shard %d/%d is not one of 1..%d", s.Index, s.Count, s.Count)
	}
	for _, p := range f.Files {
		if err := CheckPath(p); err != nil {
			return fmt.Errorf("results file list: %w", err)
		}
	}
	for _, h := range f.NotRead {
		if err := CheckPath(h.Path); err != nil {
			return fmt.Errorf("results unread files: %w", err)
		}
		if h.OldPath != "" {
			if err := CheckPath(h.OldPath); err != nil {
				return fmt.Errorf("results unread files: %w", err)
			}
		}
	}
	for i, fn := range f.Functions {
		if err := CheckPath(fn.File); err != nil {
			return fmt.Errorf("results function %d (%s): %w", i+1, clip(fn.Name), err)
		}
		if err := fn.checkContents(); err != nil {
			return fmt.Errorf("results function %s: %w", clip(fn.Name), err)
		}
	}
	return nil
}

// Validate checks one function's entry as File.Validate does: its file
// and every location in its scope reasons and result are
// repository-relative and stay inside the repository (or name prbmc's
// pseudo-files), and CachedFrom, when set, is a commit SHA. A result
// cache reads entries with it.
func (fn *Function) Validate() error {
	if err := CheckPath(fn.File); err != nil {
		return err
	}
	return fn.checkContents()
}

// checkContents is Validate but for the function's own file.
func (fn *Function) checkContents() error {
	if fn.CachedFrom != "" && !shaRE.MatchString(fn.CachedFrom) {
		return fmt.Errorf("cached from %q, not a commit SHA", clip(fn.CachedFrom))
	}
	for _, r := range fn.Reasons {
		if err := checkLocation(r.File); err != nil {
			return fmt.Errorf("scope reason: %w", err)
		}
	}
	if fn.Result == nil {
		return nil
	}
	for _, p := range fn.Result.Props {
		if err := checkLocation(p.Location.File); err != nil {
			return fmt.Errorf("property %s: %w", clip(p.ID), err)
		}
		if p.Trace == nil {
			continue
		}
		for _, st := range p.Trace.Steps {
			if err := checkLocation(st.Location.File); err != nil {
				return fmt.Errorf("trace of %s: %w", clip(p.ID), err)
			}
		}
		for _, in := range p.Trace.Inputs {
			if err := checkLocation(in.Location.File); err != nil {
				return fmt.Errorf("trace of %s: %w", clip(p.ID), err)
			}
		}
	}
	for _, inv := range fn.Result.Invariants {
		if err := checkLocation(inv.Location.File); err != nil {
			return fmt.Errorf("invariant: %w", err)
		}
	}
	return nil
}

// IsSHA reports whether s is a full commit SHA (SHA-1 or SHA-256, lower
// case hex).
func IsSHA(s string) bool { return shaRE.MatchString(s) }

// CheckPath accepts a repository-relative path with forward slashes that
// is clean and does not leave the repository: "src/a.c", not "/etc/passwd",
// "../a.c", "src/../a.c", "./a.c" or "".
func CheckPath(p string) error {
	switch {
	case p == "":
		return errors.New("empty path")
	case strings.ContainsAny(p, "\x00\\"):
		return fmt.Errorf("path %q has a NUL or a backslash", clip(p))
	case strings.HasPrefix(p, "/"):
		return fmt.Errorf("path %q is absolute, not repository-relative", clip(p))
	case p == ".." || strings.HasPrefix(p, "../") || strings.Contains(p, "/../") || strings.HasSuffix(p, "/.."):
		return fmt.Errorf("path %q leaves the repository", clip(p))
	case path.Clean(p) != p || p == ".":
		return fmt.Errorf("path %q is not clean", clip(p))
	}
	return nil
}

// checkLocation accepts what CheckPath does, an empty name, and prbmc's
// own pseudo-files ("<prbmc-libc>").
func checkLocation(p string) error {
	if !report.IsSourceFile(p) {
		return nil
	}
	return CheckPath(p)
}

// clip shortens text from the file for an error message.
func clip(s string) string {
	s = report.OneLine(s)
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

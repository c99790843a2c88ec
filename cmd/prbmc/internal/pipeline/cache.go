package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/prbmc/prbmc/diffscope"
	"github.com/prbmc/prbmc/report"
	"github.com/prbmc/prbmc/report/results"
	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/funccheck"
	"github.com/prbmc/prbmc/verifier/result"
)

// Cache is the result cache: a directory with one JSON file per key,
// each the results entry of one function as a run checked it and the
// commit of that run. The key is the SHA-256 of everything the verdict
// depends on: the function's translation unit as the front end loads it
// (funccheck.UnitDigest: the preprocessed text and every file read, the
// headers as the include paths resolved them), the function's file and
// name, the user harnesses of its file's functions in scope (a
// generated harness is a function of the unit and the options), the
// options hash, the checks, prbmc's build and the solver's version. So
// a change anywhere in a unit (a callee, a header it includes) re-checks
// every function of the unit, and a change outside it re-checks none.
//
// Only decided verdicts are stored (safe, unsafe, unreachable, nothing
// to check, not compiled): an unknown or bounded one is checked again
// next time, when it may get further. Entries are written atomically
// (a temporary file renamed). They are read as untrusted input (a
// restored cache can hold anything): bounded in size, regular files
// only, validated as a results file's entries are; an entry that fails
// is ignored with a one-line warning and the function is checked.
//
// At the end of a run the entries not written or reused for MaxAge are
// removed (the directory would otherwise grow with every version of
// every function ever checked); the last uses are kept in an index,
// last-used.json (cacheuse.go), since a restored cache's modification
// times cannot be relied on.
type Cache struct {
	Dir string
	// OptionsHash is results.Options.Hash() of the run; Checks are the
	// property kinds; Tool is prbmc's version and build; Solver is the
	// solver's (Z3's full version).
	OptionsHash string
	Checks      []string
	Tool        string
	Solver      string
	// Log receives the warnings: entries ignored, entries not written.
	Log io.Writer
	// MaxAge is how long an entry is kept without being written or
	// reused (0: for ever).
	MaxAge time.Duration

	// noStore is set once an entry could not be written: the run stops
	// trying (a read-only or full disk would fail every one) and says so
	// once.
	noStore atomic.Bool

	// used are the keys this run wrote or reused (eviction's "now").
	usedMu sync.Mutex
	used   map[string]bool
}

// CacheStats are what the cache did in one run.
type CacheStats struct {
	Reused  int // functions whose verdict came from the cache
	Checked int // functions checked with a key (misses, undecided entries)
	Stored  int // entries written
	Ignored int // entries ignored as corrupt or invalid
	Evicted int // entries removed as not used for Cache.MaxAge
	// Off, when set, is why the cache was not used at all.
	Off string
}

// cacheFormat is the version of an entry's format (part of the key too).
const cacheFormat = 1

// maxCacheEntry bounds an entry read.
const maxCacheEntry = 16 << 20

// cacheEntry is one file of the cache.
type cacheEntry struct {
	Format int    `json:"format"`
	Key    string `json:"key"`
	// Commit is the head commit of the run that checked the function.
	Commit   string           `json:"commit"`
	Function results.Function `json:"function"`
}

// key is the cache key of function f of a unit with digest unit, and
// callers the digest of the other files that may call it ("" when none
// are looked at).
// harnesses are the user harnesses of the functions in scope in f's
// file, by name (nil: generated).
func (c *Cache) key(unit, callers string, f diffscope.Function, harnesses map[string]*funccheck.UserHarness) string {
	h := sha256.New()
	field := func(name, v string) { fmt.Fprintf(h, "%s %d\n%s\n", name, len(v), v) }
	field("format", fmt.Sprint(cacheFormat))
	field("unit", unit)
	if callers != "" {
		// The other files that may call it (funccheck.CallersDigest).
		field("callers", callers)
	}
	field("file", f.File)
	field("function", f.Name)
	field("options", c.OptionsHash)
	checks := results.Options{Checks: c.Checks}.Normalize().Checks
	field("checks", strings.Join(checks, ","))
	field("tool", c.Tool)
	field("solver", c.Solver)
	var names []string
	for n := range harnesses {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if uh := harnesses[n]; uh != nil {
			field("harness "+n+" "+uh.Path, string(uh.Text))
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

func (c *Cache) path(key string) string { return filepath.Join(c.Dir, key+".json") }

func (c *Cache) warn(format string, a ...any) {
	if c.Log != nil {
		fmt.Fprintf(c.Log, "prbmc: cache: %s\n", report.OneLine(fmt.Sprintf(format, a...)))
	}
}

// errUndecided: an entry whose verdict is to be checked again.
var errUndecided = errors.New("undecided")

// lookup reads the entry of key for function f: nil, nil when there is
// none; an error when there is one that cannot be used.
func (c *Cache) lookup(key string, f diffscope.Function) (*cacheEntry, error) {
	fh, err := os.OpenFile(c.path(key), os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if errors.Is(err, os.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		return nil, nil // no entry; a directory that cannot be made says so when storing
	}
	if err != nil {
		return nil, fmt.Errorf("opening it: %w", err)
	}
	defer fh.Close()
	if st, err := fh.Stat(); err != nil {
		return nil, fmt.Errorf("opening it: %w", err)
	} else if !st.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	} else if st.Size() > maxCacheEntry {
		return nil, fmt.Errorf("larger than %d MiB", maxCacheEntry>>20)
	}
	b, err := io.ReadAll(io.LimitReader(fh, maxCacheEntry+1))
	if err != nil {
		return nil, fmt.Errorf("reading it: %w", err)
	}
	if len(b) > maxCacheEntry {
		return nil, fmt.Errorf("larger than %d MiB", maxCacheEntry>>20)
	}
	var e cacheEntry
	if err := json.Unmarshal(b, &e); err != nil {
		return nil, fmt.Errorf("not a cache entry: %s", clipText(err.Error()))
	}
	switch {
	case e.Format != cacheFormat:
		return nil, fmt.Errorf("format %d, not %d", e.Format, cacheFormat)
	case e.Key != key:
		return nil, errors.New("it names another key")
	case !results.IsSHA(e.Commit):
		return nil, fmt.Errorf("commit %q is not a SHA", clipText(e.Commit))
	case e.Function.File != f.File || e.Function.Name != f.Name:
		return nil, fmt.Errorf("it is of %q in %q, not %s in %s", clipText(e.Function.Name), clipText(e.Function.File), f.Name, f.File)
	case e.Function.Result == nil:
		return nil, errors.New("it has no result")
	}
	if err := e.Function.Validate(); err != nil {
		return nil, err
	}
	if !decided(e.Function.NothingToCheck, e.Function.NotCompiled, e.Function.Result) {
		return nil, errUndecided
	}
	return &e, nil
}

// store writes the entry of key atomically.
func (c *Cache) store(e *cacheEntry) error {
	if err := e.Function.Validate(); err != nil {
		return err
	}
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	return c.writeFile(c.path(e.Key), b)
}

// writeFile writes b to path in the cache's directory atomically: a
// temporary file renamed, so a killed run leaves no half file (its
// temporary one is evicted later).
func (c *Cache) writeFile(path string, b []byte) error {
	if err := os.MkdirAll(c.Dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(c.Dir, ".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // gone after the rename
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// decided reports whether an outcome is final enough to reuse: an
// unknown or bounded verdict is checked again.
func decided(nothing, notCompiled bool, r *result.Result) bool {
	if nothing || notCompiled {
		return true
	}
	if r == nil {
		return false
	}
	switch r.Verdict {
	case result.Safe, result.Unsafe, result.Unreachable:
		return true
	}
	return false
}

// tracked reports whether git tracks files under dir at commit head: a
// cache directory the checked-out change itself supplies.
func tracked(ctx context.Context, root, head, dir string) bool {
	rel, err := filepath.Rel(root, dir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return false
	}
	repo := &diffscope.Repo{Dir: root}
	out, err := repo.Git(ctx, "ls-tree", "-r", "--name-only", head, "--", filepath.ToSlash(rel))
	return err == nil && strings.TrimSpace(string(out)) != ""
}

// clipText is untrusted text for a warning: one line, at most 80 bytes.
func clipText(s string) string {
	s = report.OneLine(s)
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

// fromCache computes the cache key of every function to check and takes
// the outcome of those the cache has a decided entry for. It returns the
// keys, by index in r.Funcs ("": none, the unit could not be digested);
// nil without a cache.
func (r *Run) fromCache(ctx context.Context, cfg Config, root, srcRoot string, optsFor func(string) funccheck.Options, hs *harnessSet) []string {
	c := cfg.Cache
	if c == nil {
		return nil
	}
	if st, err := os.Stat(c.Dir); err == nil && !st.IsDir() {
		r.Cache.Off = fmt.Sprintf("the cache directory %s is not a directory: not used", c.Dir)
		c.warn("%s", r.Cache.Off)
		return nil
	}
	if abs, err := filepath.Abs(c.Dir); err == nil && tracked(ctx, root, r.Scope.Head, abs) {
		r.Cache.Off = fmt.Sprintf("the cache directory %s is committed in the repository at %.12s: not used", c.Dir, r.Scope.Head)
		c.warn("%s", r.Cache.Off)
		return nil
	}
	// The user harnesses that can decide a function's verdict are those
	// of its file's functions (a harness is attached to a definition of
	// the unit's main file): of the functions in scope, the others have
	// none.
	byFile := map[string]map[string]*funccheck.UserHarness{}
	for _, cf := range r.Funcs {
		if uh := hs.use[cf.Scope.Name]; uh != nil {
			if byFile[cf.Scope.File] == nil {
				byFile[cf.Scope.File] = map[string]*funccheck.UserHarness{}
			}
			byFile[cf.Scope.File][cf.Scope.Name] = uh
		}
	}
	hsAll := map[string]*funccheck.UserHarness{}
	for n, uh := range hs.use {
		if uh != nil {
			hsAll[n] = uh
		}
	}
	type digest struct {
		sum string
		err error
	}
	digests := map[string]digest{}
	// The host compiler's configuration (two runs of cc) once for all
	// the digests, not once each: it is most of a digest's time.
	ccCache := &cfront.ConfigCache{}
	keys := make([]string, len(r.Funcs))
	for i := range r.Funcs {
		cf := &r.Funcs[i]
		if cf.NotChecked != "" || ctx.Err() != nil {
			continue
		}
		file := cf.Scope.File
		d, ok := digests[file]
		if !ok {
			opts := optsFor(file)
			if opts.Front.Cache == nil {
				opts.Front.Cache = ccCache
			}
			d.sum, d.err = funccheck.UnitDigest(ctx, opts, file)
			digests[file] = d
			if d.err != nil && cfg.Verbose {
				c.warn("%s is checked without the cache: %s", file, strings.ReplaceAll(d.err.Error(), filepath.Clean(srcRoot)+"/", ""))
			}
		}
		if d.err != nil {
			continue // loading it says what is wrong
		}
		uhs := byFile[file]
		opts := optsFor(file)
		if opts.Front.Cache == nil {
			opts.Front.Cache = ccCache
		}
		callers, names, err := funccheck.CallersDigest(ctx, opts, file, cf.Scope.Name)
		if err != nil {
			continue // checked, not cached
		}
		// Callers in other files may have harnesses of their own: those
		// of the names the files that may call it hold.
		for n, uh := range hsAll {
			if names(n) {
				if uhs == nil || uhs[n] == nil {
					uhs = maps.Clone(uhs)
					if uhs == nil {
						uhs = map[string]*funccheck.UserHarness{}
					}
					uhs[n] = uh
				}
			}
		}
		keys[i] = c.key(d.sum, callers, cf.Scope, uhs)
		e, err := c.lookup(keys[i], cf.Scope)
		switch {
		case errors.Is(err, errUndecided):
			continue
		case err != nil:
			r.Cache.Ignored++
			c.warn("ignoring the entry %s for %s: %v", filepath.Base(c.path(keys[i])), cf.Scope.Name, err)
			continue
		case e == nil:
			continue
		case cfg.ReproDir != "" && e.Function.Result.Verdict == result.Unsafe:
			continue // a reproducer needs the harness: check it again
		}
		fn := e.Function
		res := fn.Result
		res.Elapsed = fn.Elapsed
		cf.Outcome = funccheck.Outcome{Func: cf.Scope.Name, File: file, Line: cf.Scope.StartLine, Result: res,
			Assumed: fn.Assumed, NothingToCheck: fn.NothingToCheck, NotCompiled: fn.NotCompiled}
		cf.CachedFrom = e.Commit
		r.Cache.Reused++
		// Used: eviction goes by the last use. A cache that cannot be
		// written keeps its times, and its entries still serve.
		c.markUsed(keys[i])
		now := time.Now()
		os.Chtimes(c.path(keys[i]), now, now)
	}
	return keys
}

// toCache stores a function's outcome under key when it is decided.
func (r *Run) toCache(c *Cache, key string, cf Func, out funccheck.Outcome, srcRoot string, mu *sync.Mutex) {
	cf.Outcome = out
	cf.Notes = nil // the run's own: which harness file, as this run chose
	fn := entryOf(cf, Meta{Root: srcRoot})
	ok := decided(out.NothingToCheck, out.NotCompiled, out.Result) && !c.noStore.Load()
	var err error
	if ok {
		err = c.store(&cacheEntry{Format: cacheFormat, Key: key, Commit: r.Scope.Head, Function: fn})
	}
	mu.Lock()
	defer mu.Unlock()
	r.Cache.Checked++
	switch {
	case err != nil:
		if !c.noStore.Swap(true) {
			c.warn("not storing %s, nor the verdicts after it: %v", cf.Scope.Name, err)
		}
	case ok:
		r.Cache.Stored++
		c.markUsed(key)
	}
}

// DefaultCacheMaxAge is the Cache.MaxAge of the Action and the default of
// prbmc check --cache-max-age: a month covers a pull request's life and
// the base branch's verdicts between releases.
const DefaultCacheMaxAge = 30 * 24 * time.Hour

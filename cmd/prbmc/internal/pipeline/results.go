package pipeline

import (
	"encoding/json"
	"fmt"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/prbmc/prbmc/report"
	"github.com/prbmc/prbmc/report/results"
	"github.com/prbmc/prbmc/verifier/result"
)

// Meta is what a results file says about a run besides its functions.
type Meta struct {
	Version string // prbmc's
	Options results.Options
	// Budget is the run's time budget, named in the reason of the
	// functions it left unchecked (0: none).
	Budget time.Duration
	// Root is the repository's top directory: absolute locations under it
	// are written relative to it.
	Root string
}

// Options are the options of a run with configuration c that decide its
// verdicts, as its results file records them and the result cache keys
// on them. They are read from the configuration the run uses, defaults
// filled in, not from the flags or inputs that led to it: `prbmc check`
// and the Action take them from different places with different
// defaults, and must hash alike when they check alike.
func (c Config) Options() results.Options {
	h := c.Harness.WithDefaults()
	globals := "nondet"
	if h.InitialGlobals {
		globals = "initial"
	}
	return results.Options{Checks: c.Checks, Engine: c.Engine.Engine, MaxK: c.Engine.MaxK, FunctionTimeout: c.FunctionTimeout,
		CallerDepth: c.CallerDepth, ArrayLen: h.ArrayLen, Depth: h.Depth, Globals: globals, NoCover: c.NoCover,
		TrustHeadHarness: c.TrustHeadHarness, DataModel: c.Front.DataModel.String(), Paths: c.Globs,
		CompileCommands: c.CompileCommands, IncludeDirs: c.Front.IncludeDirs, Defines: c.Front.Defines}
}

// Results is the run as a results file, sealed (schema version and
// options hash set). Locations are repository-relative; an absolute one
// outside the repository (a system header) becomes the pseudo-file
// "<external:/usr/include/x.h>", which no report reads or links.
func (r *Run) Results(m Meta) *results.File {
	f := &results.File{Version: m.Version, Options: m.Options, Base: r.Scope.Base, Head: r.Scope.Head,
		Warnings: r.Scope.Warnings, NotRead: r.Hidden, Elapsed: r.Elapsed, Shard: r.Shard}
	for _, fc := range r.Scope.Files {
		f.Files = append(f.Files, fc.Path)
	}
	for _, cf := range r.Funcs {
		f.Functions = append(f.Functions, entryOf(cf, m))
	}
	f.Seal()
	return f
}

// entryOf is one function's entry of the results file.
func entryOf(cf Func, m Meta) results.Function {
	fn := results.Function{File: cf.Scope.File, Name: cf.Scope.Name, Line: cf.Scope.StartLine, Status: cf.Scope.Status,
		Reasons: cf.Scope.Reasons, NotChecked: cf.NotChecked, NotCompiled: cf.Outcome.NotCompiled,
		NothingToCheck: cf.Outcome.NothingToCheck, Assumed: cf.Outcome.Assumed, Notes: cf.Notes,
		Result: relResult(cf.Outcome.Result, m.Root), CachedFrom: cf.CachedFrom}
	switch {
	case !cf.Scope.Verify():
		fn.Skip = results.SkipRemoved
	case cf.NotChecked != "":
		fn.Skip = results.SkipBudget
		if m.Budget > 0 {
			fn.NotChecked = fmt.Sprintf("the time budget (%s) ran out before it was checked", m.Budget)
		}
	}
	if fn.Result != nil {
		fn.Elapsed = fn.Result.Elapsed
	}
	fn.Verdict = fn.Words()
	return fn
}

// relResult is res with its absolute locations made repository-relative
// and clean (a copy when any is not); res itself when all are.
func relResult(res *result.Result, root string) *result.Result {
	if res == nil || !needsFix(res, root) {
		return res
	}
	var cp result.Result
	b, err := json.Marshal(res)
	if err != nil || json.Unmarshal(b, &cp) != nil {
		return res
	}
	cp.Elapsed = res.Elapsed
	cp.Locations(func(l *result.Location) { l.File = relLocation(l.File, root) })
	return &cp
}

func needsFix(res *result.Result, root string) bool {
	found := false
	res.Locations(func(l *result.Location) {
		found = found || relLocation(l.File, root) != l.File
	})
	return found
}

// relLocation is file as a results file has it: repository-relative and
// clean, or a pseudo-file when it is outside the repository.
func relLocation(file, root string) string {
	if !report.IsSourceFile(file) {
		return file
	}
	if !filepath.IsAbs(file) {
		rel := path.Clean(filepath.ToSlash(file))
		if results.CheckPath(rel) == nil {
			return rel
		}
		if root == "" {
			return "<external:" + rel + ">"
		}
		file = filepath.Join(root, file)
	}
	if root != "" {
		if rel, err := filepath.Rel(root, file); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return filepath.ToSlash(rel)
		}
	}
	return "<external:" + filepath.ToSlash(filepath.Clean(file)) + ">"
}

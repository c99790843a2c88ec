package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"path"
	"strings"

	"github.com/prbmc/prbmc/diffscope"
	"github.com/prbmc/prbmc/verifier/funccheck"
)

// maxHarnessBytes bounds a user harness file.
const maxHarnessBytes = 1 << 20

// harnessSet is the user harness of each function in scope, chosen
// between the base and the head revision, and what a reader should know
// about the choice.
type harnessSet struct {
	use   map[string]*funccheck.UserHarness // by C name; absent: generate one
	notes map[string][]string
}

// lookup is funccheck.Options.UserHarness: IR names of statics carry a
// ".N" suffix, the files are named after the C name.
func (h *harnessSet) lookup(name string) *funccheck.UserHarness {
	if i := strings.IndexByte(name, '.'); i > 0 {
		name = name[:i]
	}
	return h.use[name]
}

// HarnessDir holds the user harnesses, prbmc/harness/<function>.c.
const HarnessDir = "prbmc/harness"

// HarnessPath is the repository path of a function's user harness.
func HarnessPath(name string) string { return path.Join(HarnessDir, name+".c") }

// userHarnesses reads each function's harness file at the base and the
// head commit. An unchanged file is used. One the change adds, modifies or
// removes is the change stating its own function's contract: the base's
// version is used (none: a generated harness) unless trustHead is set,
// and either way the outcome notes it.
func userHarnesses(ctx context.Context, root string, scope *diffscope.Result, trustHead bool) (*harnessSet, error) {
	h := &harnessSet{use: map[string]*funccheck.UserHarness{}, notes: map[string][]string{}}
	repo, err := diffscope.OpenRepo(ctx, root)
	if err != nil {
		return nil, err
	}
	// Every function's file at both revisions, read at once: one git
	// process, not two a function.
	var specs []string
	for _, f := range scope.Functions {
		for _, rev := range []string{scope.Base, scope.Head} {
			if f.Verify() && rev != "" && rev != diffscope.EmptyTree {
				specs = append(specs, rev+":"+HarnessPath(f.Name))
			}
		}
	}
	blobs, err := repo.ShowAll(ctx, specs)
	read := func(rev, p string) []byte {
		if rev == "" || rev == diffscope.EmptyTree {
			return nil
		}
		if err == nil {
			return blobs[rev+":"+p]
		}
		b, err := repo.Show(ctx, rev, p) // the batch failed: one by one
		if err != nil {
			return nil
		}
		return b
	}
	seen := map[string]bool{}
	for _, f := range scope.Functions {
		if !f.Verify() || seen[f.Name] {
			continue
		}
		seen[f.Name] = true
		p := HarnessPath(f.Name)
		base, head := read(scope.Base, p), read(scope.Head, p)
		if len(base) > maxHarnessBytes || len(head) > maxHarnessBytes {
			h.notes[f.Name] = append(h.notes[f.Name], fmt.Sprintf("the harness %s is over %d KiB and was not used: a generated harness was", p, maxHarnessBytes>>10))
			continue
		}
		switch {
		case base == nil && head == nil:
		case bytes.Equal(base, head):
			h.use[f.Name] = &funccheck.UserHarness{Path: p, Text: head}
		case trustHead && head != nil:
			h.use[f.Name] = &funccheck.UserHarness{Path: p, Text: head}
			h.notes[f.Name] = append(h.notes[f.Name], fmt.Sprintf("harness changed by this pull request: %s is used as the pull request has it (trust-pr-harness)", p))
		case trustHead:
			h.notes[f.Name] = append(h.notes[f.Name], fmt.Sprintf("harness changed by this pull request: %s was removed, a generated harness is used", p))
		case base != nil:
			h.use[f.Name] = &funccheck.UserHarness{Path: p, Text: base}
			h.notes[f.Name] = append(h.notes[f.Name], fmt.Sprintf("harness changed by this pull request: %s is used as the base revision has it (set trust-pr-harness: true to use the pull request's)", p))
		default:
			h.notes[f.Name] = append(h.notes[f.Name], fmt.Sprintf("harness changed by this pull request: %s is new and not used, a generated harness is (set trust-pr-harness: true to use it)", p))
		}
	}
	return h, nil
}

// HiddenFiles are the changed C sources and headers that the scope could
// not look into, whatever the reason.
func HiddenFiles(scope *diffscope.Result) []diffscope.FileChange {
	var out []diffscope.FileChange
	for _, fc := range scope.Files {
		if fc.Skipped == "" || strings.HasPrefix(fc.Path, HarnessDir+"/") {
			continue
		}
		if ext := path.Ext(fc.Path); ext == ".c" || ext == ".h" || ext == ".C" || ext == ".H" {
			out = append(out, fc)
		}
	}
	return out
}

// jobFor is the child's job for function f.
func jobFor(cfg Config, srcRoot string, opts funccheck.Options, f diffscope.Function, h *harnessSet) Job {
	eo := cfg.Engine
	return Job{SrcRoot: srcRoot, RepoRoot: srcRoot, ExtraRoots: cfg.SandboxRoots, Function: f,
		Front: FrontJob{DataModel: opts.Front.DataModel, IncludeDirs: opts.Front.IncludeDirs, Defines: opts.Front.Defines, Undefines: opts.Front.Undefines,
			HostCacheDir: opts.Front.HostCacheDir},
		Harness: cfg.Harness,
		Engine: EngineJob{Engine: eo.Engine, MaxK: eo.MaxK, Invariants: eo.Invariants, Strengthen: eo.Strengthen,
			Contractors: eo.Contractors, Verbose: cfg.Verbose},
		Timeout: cfg.FunctionTimeout, NoCover: cfg.NoCover, Checks: cfg.Checks, MemoryMiB: cfg.Isolate.MemoryMiB,
		UserHarnesses: h.use, CallerDepth: cfg.CallerDepth}
}

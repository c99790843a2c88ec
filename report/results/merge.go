package results

import (
	"errors"
	"fmt"
	"reflect"
	"sort"

	"github.com/prbmc/prbmc/diffscope"
	"github.com/prbmc/prbmc/verifier/result"
)

// Merge joins results files of one change checked in parts (shards) into
// one. The files must agree on the schema, the options (hash), the base
// and the head. A function in more than one file keeps its decided
// verdict over an undecided one (Function.Decided); identical entries
// are kept once. The merged file is in scope order and has no Shard.
func Merge(files []*File) (*File, error) {
	if len(files) == 0 {
		return nil, errors.New("nothing to merge")
	}
	first := files[0]
	out := &File{Schema: first.Schema, Version: first.Version, Options: first.Options, OptionsHash: first.OptionsHash,
		Base: first.Base, Head: first.Head}
	seenFile := map[string]bool{}
	seenRead := map[string]bool{}
	seenWarn := map[string]bool{}
	at := map[string]int{} // Function.Key → index in out.Functions
	for i, f := range files {
		n := i + 1
		switch {
		case f.Schema != first.Schema:
			return nil, fmt.Errorf("results %d has schema version %d, results 1 has %d", n, f.Schema, first.Schema)
		case f.OptionsHash != first.OptionsHash:
			return nil, fmt.Errorf("results %d were checked with other options (hash %.19s…) than results 1 (%.19s…)", n, f.OptionsHash, first.OptionsHash)
		case f.Head != first.Head:
			return nil, fmt.Errorf("results %d are of head %.12s, results 1 of %.12s", n, f.Head, first.Head)
		case f.Base != first.Base:
			return nil, fmt.Errorf("results %d compare with base %.12s, results 1 with %.12s", n, f.Base, first.Base)
		}
		for _, p := range f.Files {
			if !seenFile[p] {
				seenFile[p] = true
				out.Files = append(out.Files, p)
			}
		}
		for _, h := range f.NotRead {
			if !seenRead[h.Path] {
				seenRead[h.Path] = true
				out.NotRead = append(out.NotRead, h)
			}
		}
		for _, w := range f.Warnings {
			if !seenWarn[w] {
				seenWarn[w] = true
				out.Warnings = append(out.Warnings, w)
			}
		}
		out.Elapsed = max(out.Elapsed, f.Elapsed) // shards run side by side
		for _, fn := range f.Functions {
			k := fn.Key()
			j, ok := at[k]
			if !ok {
				at[k] = len(out.Functions)
				out.Functions = append(out.Functions, fn)
				continue
			}
			out.Functions[j] = better(out.Functions[j], fn)
		}
	}
	sort.Strings(out.Files)
	sort.SliceStable(out.NotRead, func(i, j int) bool { return out.NotRead[i].Path < out.NotRead[j].Path })
	SortFunctions(out.Functions)
	return out, nil
}

// SortFunctions puts functions in scope order: file, line, name, status.
func SortFunctions(fns []Function) {
	sort.SliceStable(fns, func(i, j int) bool {
		x, y := fns[i], fns[j]
		return diffscope.ScopeLess(x.File, x.Line, x.Name, x.Status, y.File, y.Line, y.Name, y.Status)
	})
}

// better is the entry to keep of two for one function: a decided one
// over an undecided one; of two decided ones that differ, a found
// failure (replayed concretely) over a proof over a bound, a larger
// bound over a smaller one; else the first.
func better(a, b Function) Function {
	if reflect.DeepEqual(a, b) {
		return a
	}
	if a.Decided() != b.Decided() {
		if b.Decided() {
			return b
		}
		return a
	}
	if rank(b) > rank(a) {
		return b
	}
	return a
}

func rank(f Function) int {
	switch {
	case f.Status == diffscope.StatusRemoved:
		return 1
	case !f.Checked():
		return 0
	case f.NothingToCheck:
		return 1
	}
	switch f.Result.Verdict {
	case result.Unsafe:
		return 1 << 30
	case result.Safe:
		return 1 << 29
	case result.Bounded:
		return 2 + min(f.Result.K, 1<<28)
	}
	return 1
}

package results

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/prbmc/prbmc/report"
	"io"
	"sort"

	"github.com/prbmc/prbmc/diffscope"
)

// Plan splits a change's scope into shards, for `prbmc check --shard
// i/N` in parallel jobs and `prbmc merge --plan`: every function in scope
// is in exactly one shard, and the shards' sizes (lines of the functions)
// are balanced.
type Plan struct {
	Schema int            `json:"schema"`
	Base   string         `json:"base"`
	Head   string         `json:"head"`
	Shards []PlannedShard `json:"shards"`
	// Matrix is the shards as a GitHub Actions matrix
	// (strategy.matrix: ${{ fromJSON(...) }}): one job per shard.
	Matrix Matrix `json:"matrix"`
}

// PlannedShard is one shard of a plan.
type PlannedShard struct {
	Shard     string            `json:"shard"` // "i/N"
	Index     int               `json:"index"`
	Count     int               `json:"count"`
	Lines     int               `json:"lines"`
	Functions []PlannedFunction `json:"functions"`
}

// PlannedFunction is a function in a shard.
type PlannedFunction struct {
	File   string           `json:"file"`
	Name   string           `json:"name"`
	Line   int              `json:"line"`
	Status diffscope.Status `json:"status"`
}

func (p PlannedFunction) key() string {
	return Function{File: p.File, Name: p.Name, Status: p.Status}.Key()
}

// Matrix is a GitHub Actions matrix of shards.
type Matrix struct {
	Include []MatrixEntry `json:"include"`
}

// MatrixEntry is one job of the matrix.
type MatrixEntry struct {
	Shard string `json:"shard"`
}

// Assign splits functions into n shards balanced by size (lines,
// EndLine-StartLine+1): the largest first, each to the shard with the
// fewest lines so far (the lowest-numbered of equals). It returns each
// function's shard, 1..n. The same functions always get the same shards.
func Assign(fns []diffscope.Function, n int) []int {
	out := make([]int, len(fns))
	if n < 1 {
		return out
	}
	order := make([]int, len(fns))
	for i := range order {
		order[i] = i
	}
	size := func(f diffscope.Function) int { return max(f.EndLine-f.StartLine+1, 1) }
	sort.SliceStable(order, func(a, b int) bool {
		x, y := fns[order[a]], fns[order[b]]
		if size(x) != size(y) {
			return size(x) > size(y)
		}
		return Function{File: x.File, Name: x.Name, Status: x.Status}.Key() < Function{File: y.File, Name: y.Name, Status: y.Status}.Key()
	})
	lines := make([]int, n)
	for _, i := range order {
		best := 0
		for s := 1; s < n; s++ {
			if lines[s] < lines[best] {
				best = s
			}
		}
		lines[best] += size(fns[i])
		out[i] = best + 1
	}
	return out
}

// MakePlan is the plan of n shards for the functions of a scope (those
// a check considers), base and head.
func MakePlan(base, head string, fns []diffscope.Function, n int) *Plan {
	p := &Plan{Schema: SchemaVersion, Base: base, Head: head}
	for i := 1; i <= n; i++ {
		s := PlannedShard{Shard: Shard{Index: i, Count: n}.String(), Index: i, Count: n, Functions: []PlannedFunction{}}
		p.Shards = append(p.Shards, s)
		p.Matrix.Include = append(p.Matrix.Include, MatrixEntry{Shard: s.Shard})
	}
	for i, s := range Assign(fns, n) {
		f := fns[i]
		ps := &p.Shards[s-1]
		ps.Functions = append(ps.Functions, PlannedFunction{File: f.File, Name: f.Name, Line: f.StartLine, Status: f.Status})
		ps.Lines += max(f.EndLine-f.StartLine+1, 1)
	}
	return p
}

// DecodePlan reads a plan as Decode reads a results file: bounded, one
// schema, repository-relative paths, and shards that are 1..N of one N.
func DecodePlan(r io.Reader) (*Plan, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("reading the plan: %w", err)
	}
	if len(data) > MaxSize {
		return nil, errors.New("plan larger than 64 MiB")
	}
	var p Plan
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("not a prbmc plan: %v", report.OneLine(err.Error()))
	}
	if dec.More() {
		return nil, errors.New("not a prbmc plan: more than one JSON value")
	}
	switch {
	case p.Schema > SchemaVersion:
		return nil, fmt.Errorf("plan schema version %d is newer than this prbmc reads (%d): use a newer prbmc", p.Schema, SchemaVersion)
	case p.Schema != SchemaVersion:
		return nil, fmt.Errorf("plan schema version %d is not one this prbmc reads (%d)", p.Schema, SchemaVersion)
	case !shaRE.MatchString(p.Head):
		return nil, fmt.Errorf("plan head %q is not a commit SHA", clip(p.Head))
	case len(p.Shards) == 0:
		return nil, errors.New("plan has no shards")
	}
	for i, s := range p.Shards {
		if s.Count != len(p.Shards) || s.Index != i+1 {
			return nil, fmt.Errorf("plan shard %d is %d/%d, not %d/%d", i+1, s.Index, s.Count, i+1, len(p.Shards))
		}
		for _, f := range s.Functions {
			if err := CheckPath(f.File); err != nil {
				return nil, fmt.Errorf("plan shard %d/%d: %w", s.Index, s.Count, err)
			}
		}
	}
	return &p, nil
}

// MergePlanned merges files (Merge), then lists every function of a
// shard of plan that no file holds results of as not checked ("shard
// 2/3 missing"), so that a shard whose job failed shows as unknown
// rather than as nothing to report. The plan must be of the files' head.
func MergePlanned(files []*File, plan *Plan) (*File, error) {
	out, err := Merge(files)
	if err != nil {
		return nil, err
	}
	if plan == nil {
		return out, nil
	}
	if plan.Head != out.Head {
		return nil, fmt.Errorf("the plan is of head %.12s, the results of %.12s", plan.Head, out.Head)
	}
	have := map[string]bool{}
	for _, fn := range out.Functions {
		have[fn.Key()] = true
	}
	for _, s := range plan.Shards {
		for _, pf := range s.Functions {
			if have[pf.key()] {
				continue
			}
			have[pf.key()] = true
			fn := Function{File: pf.File, Name: pf.Name, Line: pf.Line, Status: pf.Status, Skip: SkipShard,
				NotChecked: fmt.Sprintf("shard %s missing: its results were not merged", s.Shard)}
			if pf.Status == diffscope.StatusRemoved {
				fn.Skip, fn.NotChecked = SkipRemoved, "removed by the change"
			}
			fn.Verdict = fn.Words()
			out.Functions = append(out.Functions, fn)
		}
	}
	SortFunctions(out.Functions)
	return out, nil
}

// Package report turns verification results (package verifier/result) into
// what people and tools read: SARIF for code scanning (report/sarif),
// Markdown for pull requests (report/markdown), SV-COMP witnesses
// (report/witness) and standalone C reproducers (report/repro).
//
// This package holds what those share: FunctionResult (one verified entry
// point), the SourceReader through which they read source text, and the
// wording of property kinds and inputs. Reports read result types only,
// never solver or IR internals.
package report

import "github.com/prbmc/prbmc/verifier/result"

// FunctionResult is the result of verifying one entry function, with what
// the caller knows about that function.
type FunctionResult struct {
	Name   string // entry function
	File   string // where it is defined, "" if unknown
	Line   int    // its first line, 0 if unknown
	Result *result.Result
	// Assumed lists what the harness took for granted beyond
	// Result.Assumed (stubbed callees, nondet globals).
	Assumed []string
	// Notes are what a reader must know whatever the verdict: a harness
	// file the change edited, and which one was used.
	Notes []string
	// CachedFrom, when set, is the commit whose run checked the function:
	// its verdict came from prbmc's result cache.
	CachedFrom string
}

// AllAssumed is Result.Assumed followed by the caller's Assumed, without
// repeats.
func (f FunctionResult) AllAssumed() []string {
	var out []string
	seen := map[string]bool{}
	add := func(xs []string) {
		for _, x := range xs {
			if !seen[x] {
				seen[x] = true
				out = append(out, x)
			}
		}
	}
	if f.Result != nil {
		add(f.Result.Assumed)
	}
	add(f.Assumed)
	return out
}

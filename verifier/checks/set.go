package checks

import (
	"fmt"
	"strings"
)

// Set is a set of checks, the value of prbmc's --checks flag and of the
// Action's checks input.
type Set uint8

const (
	// Assertions keeps the program's own assert() and reach_error()
	// properties. Without it they become assumptions: execution still stops
	// where an assertion fails (as abort would), but nothing is reported.
	Assertions Set = 1 << iota
	Overflow
	Bounds
	DivByZero
	Pointer

	// All is every check.
	All = Assertions | Overflow | Bounds | DivByZero | Pointer
	// Default is what prbmc checks unless told otherwise.
	Default = Assertions
)

// names in the order String prints them.
var names = []struct {
	s    Set
	name string
}{
	{Assertions, "assertions"},
	{Overflow, "overflow"},
	{Bounds, "bounds"},
	{DivByZero, "div-by-zero"},
	{Pointer, "pointer"},
}

// Has reports whether every check of c is in s.
func (s Set) Has(c Set) bool { return s&c == c }

// String lists the checks comma-separated, as Parse reads them.
func (s Set) String() string {
	var parts []string
	for _, n := range names {
		if s.Has(n.s) {
			parts = append(parts, n.name)
		}
	}
	return strings.Join(parts, ",")
}

// Parse reads a comma-separated list of check names (assertions, overflow,
// bounds, div-by-zero, pointer) or "all", case-insensitive. Spaces and empty
// items are ignored; an empty list is Default. An unknown name is an error naming it and the
// names accepted.
func Parse(list string) (Set, error) {
	if strings.TrimSpace(list) == "" {
		return Default, nil
	}
	var s Set
	for _, f := range strings.Split(list, ",") {
		f = strings.ToLower(strings.TrimSpace(f))
		if f == "" {
			continue // "overflow," as a shell loop may write it
		}
		if f == "all" {
			s |= All
			continue
		}
		found := false
		for _, n := range names {
			if n.name == f {
				s |= n.s
				found = true
			}
		}
		if !found {
			return 0, fmt.Errorf("unknown check %q (want a comma-separated list of assertions, overflow, bounds, div-by-zero, pointer, or all)", f)
		}
	}
	return s, nil
}

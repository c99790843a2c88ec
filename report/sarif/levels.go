package sarif

import (
	"fmt"
	"strings"
)

// SARIF result levels.
const (
	LevelError   = "error"
	LevelWarning = "warning"
	LevelNote    = "note"
	LevelNone    = "none"
)

// Levels are the SARIF levels of the classes of results (the action's
// level input); "" is a class's default, today's level.
type Levels struct {
	// Failure: a check that can fail (default error).
	Failure string
	// Contract: a contract or stub note, a failure of the generated
	// harness no caller was shown to cause (default note).
	Contract string
	// Unknown: a property or a function not decided (default none: an
	// open result). Another level makes it a result of kind fail, as
	// SARIF allows a level other than none on failures only; its verdict
	// property stays unknown.
	Unknown string
}

// DefaultLevels is Levels{} spelled out, as the level input takes it.
const DefaultLevels = "failure=error,contract=note,unknown=none"

// levelClasses are the classes in the input's order, with the levels
// each may take: a failure or a note is a result of kind fail, whose
// level cannot be none.
var levelClasses = []struct {
	name   string
	levels []string
	field  func(*Levels) *string
	def    string
}{
	{"failure", []string{LevelError, LevelWarning, LevelNote}, func(l *Levels) *string { return &l.Failure }, LevelError},
	{"contract", []string{LevelError, LevelWarning, LevelNote}, func(l *Levels) *string { return &l.Contract }, LevelNote},
	{"unknown", []string{LevelError, LevelWarning, LevelNote, LevelNone}, func(l *Levels) *string { return &l.Unknown }, LevelNone},
}

// WithDefaults fills in the classes left "".
func (l Levels) WithDefaults() Levels {
	for _, c := range levelClasses {
		if f := c.field(&l); *f == "" {
			*f = c.def
		}
	}
	return l
}

// ParseLevels reads "class=level" pairs, comma- or newline-separated
// (failure=error,contract=note,unknown=warning); a class left out keeps
// its default. The error is one line naming what is wrong.
func ParseLevels(s string) (Levels, error) {
	var l Levels
	seen := map[string]bool{}
	for _, line := range strings.Split(s, "\n") {
		for _, pair := range strings.Split(line, ",") {
			pair = strings.TrimSpace(pair)
			if pair == "" {
				continue
			}
			name, level, ok := strings.Cut(pair, "=")
			name, level = strings.ToLower(strings.TrimSpace(name)), strings.ToLower(strings.TrimSpace(level))
			if !ok {
				return Levels{}, fmt.Errorf("%q is not class=level (e.g. %s)", pair, DefaultLevels)
			}
			found := false
			for _, c := range levelClasses {
				if c.name != name {
					continue
				}
				found = true
				if seen[name] {
					return Levels{}, fmt.Errorf("%s is given twice", name)
				}
				seen[name] = true
				if !contains(c.levels, level) {
					return Levels{}, fmt.Errorf("%q is not a level for %s: one of %s", level, name, strings.Join(c.levels, ", "))
				}
				*c.field(&l) = level
			}
			if !found {
				return Levels{}, fmt.Errorf("%q is not a class: one of failure, contract, unknown", name)
			}
		}
	}
	return l.WithDefaults(), nil
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

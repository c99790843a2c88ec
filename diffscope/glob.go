package diffscope

import (
	"path"
	"strings"
)

// DefaultGlobs select the files diffscope looks at when Options.Globs is
// empty: C sources and headers, less the directories that by convention
// hold tests and other projects' code, whose functions are not the
// change's to prove (a test framework's assertions, vendored libraries).
// Globs that name them bring them back.
var DefaultGlobs = []string{"**/*.c", "**/*.h",
	"!**/test/**", "!**/tests/**", "!**/testing/**", "!**/vendor/**", "!**/third_party/**", "!**/third-party/**",
	"!**/thirdparty/**", "!**/external/**", "!**/extern/**", "!**/deps/**", "!**/3rdparty/**"}

// MatchGlobs reports whether the slash-separated, repository-relative
// path name is selected by globs (DefaultGlobs when empty), as the scope
// selects files.
func MatchGlobs(globs []string, name string) bool { return matchGlobs(globs, name) }

// matchGlobs reports whether the slash-separated, repository-relative path
// name is selected by globs. Patterns match the whole path; "**" as a whole
// segment matches any number (including zero) of directories, other
// segments use path.Match syntax. A pattern starting with "!" excludes
// what it matches; the last matching pattern wins.
func matchGlobs(globs []string, name string) bool {
	if len(globs) == 0 {
		globs = DefaultGlobs
	}
	selected := false
	for _, g := range globs {
		neg := strings.HasPrefix(g, "!")
		if neg {
			g = g[1:]
		}
		if matchGlob(g, name) {
			selected = !neg
		}
	}
	return selected
}

func matchGlob(pattern, name string) bool {
	return matchSegs(strings.Split(strings.Trim(pattern, "/"), "/"), strings.Split(name, "/"))
}

func matchSegs(pat, segs []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for len(pat) > 1 && pat[1] == "**" {
				pat = pat[1:]
			}
			if len(pat) == 1 {
				return true
			}
			for i := 0; i <= len(segs); i++ {
				if matchSegs(pat[1:], segs[i:]) {
					return true
				}
			}
			return false
		}
		if len(segs) == 0 {
			return false
		}
		if ok, err := path.Match(pat[0], segs[0]); err != nil || !ok {
			return false
		}
		pat, segs = pat[1:], segs[1:]
	}
	return len(segs) == 0
}

// isHeaderPath reports whether name is a header for visibility purposes:
// anything that is not a C (or C++/Objective-C) translation unit. Definitions
// in headers are visible to every file in scope.
func isHeaderPath(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".c", ".cc", ".cpp", ".cxx", ".c++", ".m", ".mm":
		return false
	}
	return true
}

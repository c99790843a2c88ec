package pipeline

import (
	"path/filepath"
	"reflect"
	"strings"

	"github.com/prbmc/prbmc/diffscope"
	"github.com/prbmc/prbmc/verifier/funccheck"
)

// otherFiles is where the callers of file's non-static functions are
// looked for besides file (funccheck.Options.OtherFiles): the
// repository's C files but those in the directories the scope leaves out
// by convention (tests, vendored code); one that names a function and is
// compiled with other flags than file (db, with paths under root; nil:
// every file gets the command line's) gives up the search.
// memo, when set, shares the files read between the functions of a run.
func otherFiles(db *diffscope.CompileDB, root, file string, memo *funccheck.Memo) *funccheck.OtherFiles {
	of := &funccheck.OtherFiles{Memo: memo, Skip: func(p string) bool {
		if strings.HasSuffix(p, "/") {
			p += "f.c" // a directory: is a C file in it selected?
		}
		return !diffscope.MatchGlobs(nil, p)
	}}
	if db != nil {
		flagsOf := func(f string) diffscope.Flags {
			return db.FlagsFor(filepath.Join(root, filepath.FromSlash(f)), diffscope.Flags{})
		}
		mine := flagsOf(file)
		of.SameFlags = func(p string) bool { return reflect.DeepEqual(flagsOf(p), mine) }
	}
	return of
}

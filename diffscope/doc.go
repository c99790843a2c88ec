// Package diffscope answers "which C functions did this change touch, and
// why" for a range of git history.
//
// Given a repository and two revisions (by default the merge base of base
// and head, and head), [Compute] runs the git binary to get a rename-aware
// zero-context diff, parses it with go-gitdiff, reads both sides of every
// changed C/H file and scans them with a small tokenizer-level C scanner
// ([Scan]). It reports every function definition that was changed, added
// or removed, plus functions that did not change themselves but use (by
// identifier) a macro, type, global or static variable whose definition
// changed ("affected"). Each function carries structured reasons that can be
// printed ([WriteText]) or encoded as JSON.
//
// The scanner never preprocesses: it works on C that does not compile, on
// files with CRLF line endings and on arbitrary bytes. It is deliberately
// approximate; see [Scan] for the exact rules and their limits.
//
// When a compile_commands.json is present, [LoadCompileDB] and
// [CompileDB.FlagsFor] give per-file include directories, defines and the
// -m32/-m64 choice, falling back to flags supplied by the caller.
package diffscope

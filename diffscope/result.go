package diffscope

// Status says how a function relates to the change.
type Status string

// Function statuses.
const (
	// StatusChanged: the function's range (signature through closing
	// brace) contains an added line, or its old range a deleted line.
	StatusChanged Status = "changed"
	// StatusAdded: the function is in a new (or copied) file, or did not
	// exist in its file before.
	StatusAdded Status = "added"
	// StatusRemoved: the function existed on the old side and no longer
	// does. Removed functions are listed but are not to be verified.
	StatusRemoved Status = "removed"
	// StatusAffected: the function itself did not change, but it uses a
	// macro, type, global or static whose definition changed.
	StatusAffected Status = "affected"
)

// Reason kinds, besides the definition kinds DefMacro, DefType, DefGlobal
// and DefStatic, which mark an affected function.
const (
	ReasonBody            = "body"             // Lines/OldLines in the body changed
	ReasonSignature       = "signature"        // the tokens before the body changed
	ReasonCosmetic        = "cosmetic"         // only comments or whitespace in its range changed
	ReasonNewFile         = "new-file"         // the function's file is new
	ReasonNewFunction     = "new-function"     // a new function in an existing file
	ReasonCopied          = "copied"           // the file is a copy of From
	ReasonRenamed         = "renamed"          // the file was renamed from From
	ReasonRenamedFunction = "renamed-function" // the function was renamed from From
	ReasonDeletedFile     = "deleted-file"     // removed with its whole file
)

// Reason explains one way in which a function is in scope.
type Reason struct {
	Kind string `json:"kind"`
	// Name is the definition an affected function depends on, e.g.
	// "MAX_LEN" or "struct packet".
	Name string `json:"name,omitempty"`
	// File and Line locate that definition (new side; old side when the
	// definition was removed).
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
	// Change is what happened to the definition: changed, added, removed.
	Change string `json:"change,omitempty"`
	// Via is the identifier the function actually uses when it depends on
	// Name indirectly (a typedef of a changed struct, a macro expanding to
	// a changed macro, ...).
	Via string `json:"via,omitempty"`
	// From is the old file name (renamed, copied) or old function name
	// (renamed-function).
	From string `json:"from,omitempty"`
	// Lines are the changed new-side line numbers, OldLines the deleted
	// old-side line numbers, each ascending.
	Lines    []int `json:"lines,omitempty"`
	OldLines []int `json:"oldLines,omitempty"`
}

// ScopeLess is the scope order of two functions (x's file, line, name and
// status against y's): by file, then line, name and status. Compute sorts
// its functions so, and so do the results files that record them.
func ScopeLess(xFile string, xLine int, xName string, xStatus Status, yFile string, yLine int, yName string, yStatus Status) bool {
	if xFile != yFile {
		return xFile < yFile
	}
	if xLine != yLine {
		return xLine < yLine
	}
	if xName != yName {
		return xName < yName
	}
	return xStatus < yStatus
}

// Function is one function in the scope of the change.
type Function struct {
	// File is the repository-relative path on the new side (the old path
	// for functions removed with their file).
	File string `json:"file"`
	Name string `json:"name"`
	// StartLine, BodyLine and EndLine are new-side lines (old-side lines
	// for removed functions), as in [FuncDef].
	StartLine int      `json:"startLine"`
	BodyLine  int      `json:"bodyLine"`
	EndLine   int      `json:"endLine"`
	Status    Status   `json:"status"`
	Reasons   []Reason `json:"reasons"`
}

// Verify reports whether the function should be verified: every status
// but removed.
func (f Function) Verify() bool { return f.Status != StatusRemoved }

// Result is the scope of a change.
type Result struct {
	// Base is the commit of the old side: the merge base of Options.Base
	// and Options.Head, or Options.Base itself when MergeBase is off.
	Base string `json:"base"`
	Head string `json:"head"`
	// Functions are sorted by file, then start line.
	Functions []Function `json:"functions"`
	// Files are the changed files the globs selected, sorted by path.
	Files []FileChange `json:"files"`
	// CompileDB is the compile_commands.json used for Flags, if any.
	CompileDB string `json:"compileDB,omitempty"`
	// Flags holds, for each file with a function to verify, its include
	// directories, defines and -m32/-m64 (from CompileDB, else from
	// Options.DefaultFlags). Nil when neither is available.
	Flags map[string]Flags `json:"flags,omitempty"`
	// Warnings say what was left out and why (a compilation database
	// that could not be used), for the reader.
	Warnings []string `json:"warnings,omitempty"`
}

// ToVerify returns the functions whose Verify is true.
func (r *Result) ToVerify() []Function {
	var out []Function
	for _, f := range r.Functions {
		if f.Verify() {
			out = append(out, f)
		}
	}
	return out
}

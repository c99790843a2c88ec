package diffscope

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// IncludeDir is one include directory flag.
type IncludeDir struct {
	// Path is absolute when the compilation database gave enough to make
	// it so (relative paths are resolved against the entry's directory).
	Path string `json:"path"`
	// Kind is the flag: "-I", "-isystem", "-iquote" or "-idirafter".
	Kind string `json:"kind"`
}

// Define is a -D (or, with Undef, -U) flag.
type Define struct {
	Name  string `json:"name"`
	Value string `json:"value,omitempty"` // "1" for -DNAME, as compilers do
	Undef bool   `json:"undef,omitempty"`
}

// Flags are the preprocessor-relevant flags for one file.
type Flags struct {
	IncludeDirs []IncludeDir `json:"includeDirs,omitempty"`
	// Defines are in command-line order, so a later -U cancels an
	// earlier -D.
	Defines []Define `json:"defines,omitempty"`
	// Arch is "-m32" or "-m64" when given (the last one wins), else "".
	Arch string `json:"arch,omitempty"`
}

func (f Flags) empty() bool { return len(f.IncludeDirs) == 0 && len(f.Defines) == 0 && f.Arch == "" }

// CompileCommand is one entry of a compile_commands.json.
type CompileCommand struct {
	Directory string   `json:"directory"`
	File      string   `json:"file"`
	Command   string   `json:"command,omitempty"`
	Arguments []string `json:"arguments,omitempty"`
	Output    string   `json:"output,omitempty"`
}

// Args returns the entry's command line: Arguments, or Command split like
// a POSIX shell would.
func (c CompileCommand) Args() []string {
	if len(c.Arguments) > 0 {
		return c.Arguments
	}
	return SplitCommand(c.Command)
}

// CompileDB is a parsed compile_commands.json.
type CompileDB struct {
	Path     string
	Commands []CompileCommand
	files    []string // absolute, cleaned path of each command's file
	byFile   map[string]int
}

var errNoFile = errors.New("no such file")

// maxCompileDB bounds a compilation database's size.
const maxCompileDB = 64 << 20

// LoadCompileDB reads and parses the compilation database at path.
func LoadCompileDB(path string) (*CompileDB, error) {
	return loadCompileDB(path, "")
}

// loadCompileDB is LoadCompileDB confined to the directory root (""
// anywhere): the database may come from a pull request, which could make
// it a link to /dev/zero or to a file outside the repository.
func loadCompileDB(path, root string) (*CompileDB, error) {
	data, err := readRegular(path, root, maxCompileDB)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("compilation database %s: %w", path, errNoFile)
		}
		return nil, fmt.Errorf("compilation database: %w", err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	db, err := ParseCompileDB(data, filepath.Dir(abs))
	if err != nil {
		return nil, fmt.Errorf("compilation database %s: %w", path, err)
	}
	db.Path = path
	return db, nil
}

// ParseCompileDB parses the JSON of a compilation database; relative
// "directory" values are taken relative to dir.
func ParseCompileDB(data []byte, dir string) (*CompileDB, error) {
	var cmds []CompileCommand
	if err := json.Unmarshal(data, &cmds); err != nil {
		return nil, fmt.Errorf("invalid JSON: %v", err)
	}
	db := &CompileDB{Commands: cmds, byFile: map[string]int{}}
	for i := range cmds {
		c := &cmds[i]
		if c.Directory == "" {
			c.Directory = dir
		} else if !filepath.IsAbs(c.Directory) {
			c.Directory = filepath.Join(dir, c.Directory)
		}
		f := c.File
		if !filepath.IsAbs(f) {
			f = filepath.Join(c.Directory, f)
		}
		f = filepath.Clean(f)
		db.files = append(db.files, f)
		if _, ok := db.byFile[f]; !ok {
			db.byFile[f] = i
		}
	}
	return db, nil
}

// FlagsFor returns the flags of the first entry for file (absolute, or
// relative to the working directory). If no entry has that path, an entry
// whose path ends with the longest run of the same trailing path elements
// is used, provided it is the only such entry; this copes with databases
// generated in another checkout directory. With no match, fallback is
// returned.
func (db *CompileDB) FlagsFor(file string, fallback Flags) Flags {
	if db == nil {
		return fallback
	}
	if abs, err := filepath.Abs(file); err == nil {
		file = abs
	}
	file = filepath.Clean(file)
	if i, ok := db.byFile[file]; ok {
		return flagsOf(db.Commands[i])
	}
	want := strings.Split(filepath.ToSlash(file), "/")
	best, bestN, tie := -1, 0, false
	for i, f := range db.files {
		have := strings.Split(filepath.ToSlash(f), "/")
		n := 0
		for n < len(want) && n < len(have) && want[len(want)-1-n] == have[len(have)-1-n] {
			n++
		}
		switch {
		case n > bestN:
			best, bestN, tie = i, n, false
		case n == bestN && n > 0 && f != db.files[best]:
			tie = true
		}
	}
	if best < 0 || tie {
		return fallback
	}
	return flagsOf(db.Commands[best])
}

func flagsOf(c CompileCommand) Flags { return ParseFlags(c.Args(), c.Directory) }

// ParseFlags extracts include directories (resolved against dir),
// defines and -m32/-m64 from a compiler command line.
func ParseFlags(args []string, dir string) Flags {
	var f Flags
	incl := func(kind, p string) {
		if p == "" {
			return
		}
		if !filepath.IsAbs(p) && dir != "" {
			p = filepath.Join(dir, p)
		}
		f.IncludeDirs = append(f.IncludeDirs, IncludeDir{Path: p, Kind: kind})
	}
	def := func(v string, undef bool) {
		if v == "" {
			return
		}
		d := Define{Name: v, Undef: undef}
		if !undef {
			d.Value = "1"
			if name, val, ok := strings.Cut(v, "="); ok {
				d.Name, d.Value = name, val
			}
		}
		f.Defines = append(f.Defines, d)
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		next := func() string {
			if i+1 < len(args) {
				i++
				return args[i]
			}
			return ""
		}
		switch {
		case a == "-m32" || a == "-m64":
			f.Arch = a
		case a == "-I" || a == "-isystem" || a == "-iquote" || a == "-idirafter":
			incl(a, next())
		case a == "-D":
			def(next(), false)
		case a == "-U":
			def(next(), true)
		case strings.HasPrefix(a, "-isystem"):
			incl("-isystem", a[len("-isystem"):])
		case strings.HasPrefix(a, "-iquote"):
			incl("-iquote", a[len("-iquote"):])
		case strings.HasPrefix(a, "-idirafter"):
			incl("-idirafter", a[len("-idirafter"):])
		case strings.HasPrefix(a, "-I"):
			incl("-I", a[2:])
		case strings.HasPrefix(a, "-D"):
			def(a[2:], false)
		case strings.HasPrefix(a, "-U"):
			def(a[2:], true)
		}
	}
	return f
}

// SplitCommand splits a command line as a POSIX shell would, without
// expansions: whitespace separates words, single quotes are literal,
// double quotes allow \" \\ \$ \` escapes, and a backslash outside quotes
// escapes the next character.
func SplitCommand(s string) []string {
	var out []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\\':
			inWord = true
			if i+1 < len(s) {
				i++
				if s[i] != '\n' {
					cur.WriteByte(s[i])
				}
			}
		case c == '\'':
			inWord = true
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				cur.WriteString(s[i+1:])
				i = len(s)
			} else {
				cur.WriteString(s[i+1 : i+1+j])
				i += j + 1
			}
		case c == '"':
			inWord = true
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`\n", s[i+1]) >= 0 {
					i++
					if s[i] == '\n' {
						continue
					}
				}
				cur.WriteByte(s[i])
			}
		default:
			inWord = true
			cur.WriteByte(c)
		}
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out
}

// readRegular reads a regular file of at most max bytes whose real path
// (symlinks resolved) lies under root (when root is not "").
func readRegular(path, root string, max int64) ([]byte, error) {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return nil, err
	}
	if root != "" {
		rootReal, err := filepath.EvalSymlinks(root)
		if err != nil {
			return nil, err
		}
		if rel, err := filepath.Rel(rootReal, real); err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
			return nil, fmt.Errorf("%s leads outside the repository", path)
		}
	}
	f, err := os.Open(real)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%s is over %d MiB", path, max>>20)
	}
	return data, nil
}

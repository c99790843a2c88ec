package report

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// SourceReader gives reports the text of the files result locations name
// (for reproducers, hashes and snippets). Tests inject files with Files.
type SourceReader interface {
	ReadSource(name string) ([]byte, error)
	// AbsPath is the absolute path of name, for reports that point at
	// the file itself (a reproducer #includes it).
	AbsPath(name string) (string, error)
}

// Dir reads files from the file system; relative names are relative to
// the directory Dir ("" is the working directory), as the names in a
// result are relative to where prbmc ran.
type Dir string

func (d Dir) path(name string) string {
	if filepath.IsAbs(name) || d == "" {
		return name
	}
	return filepath.Join(string(d), name)
}

// ReadSource reads the named file.
func (d Dir) ReadSource(name string) ([]byte, error) { return os.ReadFile(d.path(name)) }

// AbsPath resolves name against d.
func (d Dir) AbsPath(name string) (string, error) { return filepath.Abs(d.path(name)) }

// Files is an in-memory SourceReader: file name → contents. AbsPath puts
// relative names under /src.
type Files map[string]string

// ReadSource returns the contents stored under name.
func (f Files) ReadSource(name string) ([]byte, error) {
	s, ok := f[name]
	if !ok {
		return nil, fmt.Errorf("%s: %w", name, os.ErrNotExist)
	}
	return []byte(s), nil
}

// AbsPath is name under /src unless it is absolute already.
func (f Files) AbsPath(name string) (string, error) {
	if filepath.IsAbs(name) {
		return name, nil
	}
	return filepath.Join("/src", name), nil
}

// IsSourceFile reports whether a location's file is a file of the program
// rather than one of prbmc's built-in models ("<prbmc-libc>", "<builtin>").
func IsSourceFile(name string) bool { return name != "" && !strings.HasPrefix(name, "<") }

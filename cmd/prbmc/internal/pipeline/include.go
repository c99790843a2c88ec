package pipeline

import (
	"io/fs"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// maxIndexedFiles bounds the files indexed for finding headers.
const maxIndexedFiles = 200000

// maxIncludeCandidates: a header name found in more directories than this
// is ambiguous; guessing among them could pick the wrong one.
const maxIncludeCandidates = 3

// includeFinder finds the directories of a repository that hold a header
// the flags do not find: real projects are built with -I flags that live
// in their build files, which prbmc does not read.
type includeFinder struct {
	root  string
	once  sync.Once
	files []string // slash-separated, relative to root
}

func newIncludeFinder(root string) *includeFinder { return &includeFinder{root: root} }

func (f *includeFinder) index() {
	filepath.WalkDir(f.root, func(p string, d fs.DirEntry, err error) error {
		if len(f.files) >= maxIndexedFiles {
			return fs.SkipAll
		}
		if err != nil {
			if d != nil && d.IsDir() && p != f.root {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if p != f.root && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() {
			if rel, err := filepath.Rel(f.root, p); err == nil {
				f.files = append(f.files, filepath.ToSlash(rel))
			}
		}
		return nil
	})
}

// find returns the directories D of the repository with D/name a file,
// nearest the top first; none when the name leaves the repository or is
// ambiguous.
func (f *includeFinder) find(name string) []string {
	name = path.Clean(filepath.ToSlash(name))
	if path.IsAbs(name) || name == ".." || strings.HasPrefix(name, "../") {
		return nil
	}
	f.once.Do(f.index)
	var dirs []string
	for _, rel := range f.files {
		if rel == name || strings.HasSuffix(rel, "/"+name) {
			dirs = append(dirs, filepath.Join(f.root, filepath.FromSlash(strings.TrimSuffix(rel, name))))
		}
	}
	if len(dirs) > maxIncludeCandidates {
		return nil
	}
	sort.Slice(dirs, func(i, j int) bool {
		return len(dirs[i]) < len(dirs[j]) || len(dirs[i]) == len(dirs[j]) && dirs[i] < dirs[j]
	})
	return dirs
}

package diffscope

import (
	"sort"

	"github.com/bluekeyes/go-gitdiff/gitdiff"
)

// File statuses in [FileChange].
const (
	FileAdded    = "added"
	FileDeleted  = "deleted"
	FileModified = "modified"
	FileRenamed  = "renamed"
	FileCopied   = "copied"
)

// FileChange is one file of the diff that the globs selected.
type FileChange struct {
	// Path is the new path (the old path for a deleted file).
	Path    string `json:"path"`
	OldPath string `json:"oldPath,omitempty"` // set for renames and copies
	Status  string `json:"status"`
	// Skipped says why the file was not scanned ("binary", "symlink",
	// "submodule", "too large"); empty if it was.
	Skipped string `json:"skipped,omitempty"`
	// Added and Deleted count changed lines (new and old side).
	Added   int `json:"added"`
	Deleted int `json:"deleted"`
}

// fileDiff is the line-level change of one file.
type fileDiff struct {
	FileChange
	added   []int // new-side line numbers of added lines, ascending
	deleted []int // old-side line numbers of deleted lines, ascending
}

func (d *fileDiff) hasOld() bool { return d.Status != FileAdded && d.Status != FileCopied }
func (d *fileDiff) hasNew() bool { return d.Status != FileDeleted }

func (d *fileDiff) oldPath() string {
	if d.OldPath != "" {
		return d.OldPath
	}
	return d.Path
}

const (
	modeTypeMask  = 0o170000
	modeSymlink   = 0o120000
	modeSubmodule = 0o160000
)

// convertDiff turns a parsed git diff into fileDiffs for the files whose
// old or new path the globs select, sorted by path.
func convertDiff(files []*gitdiff.File, globs []string) []*fileDiff {
	var out []*fileDiff
	for _, f := range files {
		d := &fileDiff{}
		switch {
		case f.IsNew:
			d.Status, d.Path = FileAdded, f.NewName
		case f.IsDelete:
			d.Status, d.Path = FileDeleted, f.OldName
		case f.IsCopy:
			d.Status, d.Path, d.OldPath = FileCopied, f.NewName, f.OldName
		case f.IsRename:
			d.Status, d.Path, d.OldPath = FileRenamed, f.NewName, f.OldName
		default:
			d.Status, d.Path = FileModified, f.NewName
			if d.Path == "" {
				d.Path = f.OldName
			}
		}
		if !matchGlobs(globs, d.Path) && (d.OldPath == "" || !matchGlobs(globs, d.OldPath)) {
			continue
		}
		mode := uint32(f.NewMode)
		if f.IsDelete || mode == 0 {
			mode = uint32(f.OldMode)
		}
		switch {
		case f.IsBinary:
			d.Skipped = "binary"
		case mode&modeTypeMask == modeSymlink:
			d.Skipped = "symlink"
		case mode&modeTypeMask == modeSubmodule:
			d.Skipped = "submodule"
		}
		for _, frag := range f.TextFragments {
			oldLine, newLine := int(frag.OldPosition), int(frag.NewPosition)
			for _, l := range frag.Lines {
				switch l.Op {
				case gitdiff.OpAdd:
					d.added = append(d.added, newLine)
					newLine++
				case gitdiff.OpDelete:
					d.deleted = append(d.deleted, oldLine)
					oldLine++
				default:
					oldLine++
					newLine++
				}
			}
		}
		sort.Ints(d.added)
		sort.Ints(d.deleted)
		d.Added, d.Deleted = len(d.added), len(d.deleted)
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// linesIn returns the elements of sorted lines within [lo, hi].
func linesIn(lines []int, lo, hi int) []int {
	i := sort.SearchInts(lines, lo)
	j := sort.SearchInts(lines, hi+1)
	if i >= j {
		return nil
	}
	return append([]int(nil), lines[i:j]...)
}

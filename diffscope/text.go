package diffscope

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// String describes the reason in a few words, e.g. "body lines 47-49" or
// "macro MAX_LEN changed in src/cfg.h:3".
func (r Reason) String() string {
	lines := func(prefix string) string {
		var parts []string
		if len(r.Lines) > 0 {
			parts = append(parts, prefix+"lines "+lineRanges(r.Lines))
		}
		if len(r.OldLines) > 0 {
			parts = append(parts, "old lines "+lineRanges(r.OldLines)+" deleted")
		}
		return strings.Join(parts, ", ")
	}
	switch r.Kind {
	case ReasonBody, ReasonSignature, ReasonCosmetic:
		kind := r.Kind
		if r.Kind == ReasonCosmetic {
			kind = "comments/whitespace"
		}
		if l := lines(""); l != "" {
			return kind + " " + l
		}
		return kind
	case ReasonNewFile:
		return "new file"
	case ReasonNewFunction:
		return "new function"
	case ReasonCopied:
		return "copied from " + r.From
	case ReasonRenamed:
		return "file renamed from " + r.From
	case ReasonRenamedFunction:
		return "renamed from " + r.From
	case ReasonDeletedFile:
		return "file deleted"
	case string(DefMacro), string(DefType), string(DefGlobal), string(DefStatic):
		s := r.Kind + " " + r.Name
		if r.Change != "" {
			s += " " + r.Change
		}
		if r.File != "" {
			s += " in " + r.File
			if r.Line > 0 {
				s += ":" + strconv.Itoa(r.Line)
			}
		}
		if r.Via != "" {
			s += " via " + r.Via
		}
		return s
	}
	s := r.Kind
	if r.Name != "" {
		s += " " + r.Name
	}
	return s
}

// lineRanges formats ascending line numbers as "3, 7-9".
func lineRanges(ls []int) string {
	var b strings.Builder
	for i := 0; i < len(ls); {
		j := i
		for j+1 < len(ls) && ls[j+1] <= ls[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(ls[i]))
		if ls[j] != ls[i] {
			b.WriteString("-" + strconv.Itoa(ls[j]))
		}
		i = j + 1
	}
	return b.String()
}

// WriteText writes one line per function, e.g.
//
//	src/parse.c:42 parse_header  changed (body lines 47-49)
//
// followed by one line per changed file that was not scanned.
func WriteText(w io.Writer, r *Result) error {
	bw := bufio.NewWriter(w)
	if len(r.Functions) == 0 {
		fmt.Fprintln(bw, "no C functions in scope")
	}
	for _, f := range r.Functions {
		fmt.Fprintf(bw, "%s:%d %s  %s", f.File, f.StartLine, f.Name, f.Status)
		if len(f.Reasons) > 0 {
			rs := make([]string, len(f.Reasons))
			for i, x := range f.Reasons {
				rs[i] = x.String()
			}
			fmt.Fprintf(bw, " (%s)", strings.Join(rs, "; "))
		}
		fmt.Fprintln(bw)
	}
	for _, fc := range r.Files {
		if fc.Skipped != "" {
			fmt.Fprintf(bw, "%s: skipped (%s)\n", fc.Path, fc.Skipped)
		}
	}
	return bw.Flush()
}

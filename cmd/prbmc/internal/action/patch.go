package action

import (
	"fmt"
	"strconv"
	"strings"
)

// commentable are the lines of a file's new version a review comment can
// sit on (side RIGHT): the added and context lines of the patch's hunks.
type commentable map[int]bool

// parsePatch reads the hunks of a pull-request file's patch (GitHub's
// "patch" field: hunks without file headers) and returns the right-side
// lines in them.
func parsePatch(patch string) (commentable, error) {
	lines := commentable{}
	right := 0 // the next right-side line number
	inHunk := false
	for _, l := range strings.Split(patch, "\n") {
		if strings.HasPrefix(l, "@@") {
			r, err := hunkStart(l)
			if err != nil {
				return nil, err
			}
			right, inHunk = r, true
			continue
		}
		if !inHunk || l == "" {
			continue
		}
		switch l[0] {
		case '+':
			lines[right] = true
			right++
		case ' ':
			lines[right] = true
			right++
		case '-': // a left-side line only
		case '\\': // "\ No newline at end of file"
		default:
			return nil, fmt.Errorf("patch line %q is not part of a hunk", clipText(l, 40))
		}
	}
	return lines, nil
}

// hunkStart is the first right-side line of a hunk header
// "@@ -a,b +c,d @@ context".
func hunkStart(h string) (int, error) {
	f := strings.Fields(h)
	if len(f) < 3 || !strings.HasPrefix(f[2], "+") {
		return 0, fmt.Errorf("bad hunk header %q", clipText(h, 60))
	}
	start, _, _ := strings.Cut(f[2][1:], ",")
	n, err := strconv.Atoi(start)
	if err != nil {
		return 0, fmt.Errorf("bad hunk header %q", clipText(h, 60))
	}
	return n, nil
}

func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

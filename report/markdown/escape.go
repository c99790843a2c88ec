package markdown

import (
	"strings"
	"unicode/utf8"
)

// zwj is the zero-width joiner put after @ and # so GitHub neither pings
// "@octocat" nor links "#12".
const zwj = "\u200d"

// maxCell is how many characters of user text a table cell or list item
// shows.
const maxCell = 200

// oneLine turns line breaks and other control characters into spaces.
func oneLine(s string) string {
	if !strings.ContainsFunc(s, isControl) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if isControl(r) {
			return ' '
		}
		return r
	}, s)
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f || r == 0x2028 || r == 0x2029 }

// clip shortens s to n characters, marking the cut with "…".
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	i := 0
	for k := 0; k < n-1; k++ {
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
	}
	return s[:i] + "…"
}

// refs are the replacements for characters Markdown or HTML would read as
// markup, as numeric character references (which never act as markup).
var refs = map[rune]string{
	'&': "&amp;", '<': "&lt;", '>': "&gt;", '"': "&quot;",
	'|': "&#124;", '`': "&#96;", '*': "&#42;", '[': "&#91;", ']': "&#93;",
	'\\': "&#92;", '~': "&#126;", '!': "&#33;", '$': "&#36;",
}

// Text escapes user text for Markdown outside code, on one line: safe in a
// paragraph, a list item and a table cell.
func Text(s string) string {
	s = clip(oneLine(s), maxCell)
	var b strings.Builder
	for i, r := range s {
		if rep, ok := refs[r]; ok {
			b.WriteString(rep)
			continue
		}
		if r == '_' && !innerUnderscore(s, i) {
			b.WriteString("&#95;")
			continue
		}
		b.WriteRune(r)
		switch {
		case (r == '@' || r == '#') && i+1 < len(s) && isWordByte(s[i+1]):
			b.WriteString(zwj)
		}
	}
	return escapeLead(b.String())
}

// escapeLead keeps text that starts a list item from opening a block: a
// heading ("#"), a list ("-", "+", "1."), a setext underline ("=").
func escapeLead(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '#':
		return "&#35;" + s[1:]
	case '-':
		return "&#45;" + s[1:]
	case '+':
		return "&#43;" + s[1:]
	case '=':
		return "&#61;" + s[1:]
	}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i > 0 && i < len(s) && (s[i] == '.' || s[i] == ')') {
		return s[:i] + map[byte]string{'.': "&#46;", ')': "&#41;"}[s[i]] + s[i+1:]
	}
	return s
}

// innerUnderscore reports whether the run of underscores around s[i] sits
// between two letters or digits (rb_push), where it cannot open or close
// emphasis; other underscores (_Bool, __VERIFIER) are escaped.
func innerUnderscore(s string, i int) bool {
	j, k := i, i
	for j > 0 && s[j-1] == '_' {
		j--
	}
	for k < len(s) && s[k] == '_' {
		k++
	}
	return j > 0 && k < len(s) && isAlnum(s[j-1]) && isAlnum(s[k])
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isWordByte(c byte) bool {
	return c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// Code is s as an inline code span, on one line, outside tables: the fence
// is one backtick longer than the longest run of backticks in s, so s
// cannot close it. Mentions in code spans do not ping.
func Code(s string) string {
	s = clip(oneLine(s), maxCell)
	if s == "" {
		return "` `"
	}
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if s[0] == '`' || s[len(s)-1] == '`' || s[0] == ' ' && s[len(s)-1] == ' ' {
		s = " " + s + " "
	}
	return fence + s + fence
}

// CodeCell is s as code inside a table cell. A backtick code span cannot
// hold a pipe safely there (GitHub splits the row at it, and a backslash
// before it escapes differently), so the cell uses an HTML code element
// whose contents are escaped like Text.
func CodeCell(s string) string {
	if s == "" {
		return ""
	}
	return "<code>" + Text(s) + "</code>"
}

// comment is an HTML comment carrying marker (a sticky comment's key):
// only letters, digits and ._:/=+- are kept, and "--" cannot end it early.
func comment(marker string) string {
	marker = strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._:/=+- ", r) {
			return r
		}
		return -1
	}, marker)
	for strings.Contains(marker, "--") {
		marker = strings.ReplaceAll(marker, "--", "-")
	}
	return "<!-- " + strings.Trim(marker, " -") + " -->"
}

// fenced is s in a fenced code block whose fence no line of s can close.
func fenced(lang, s string) string {
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", max(3, longest+1))
	return fence + lang + "\n" + strings.TrimRight(s, "\n") + "\n" + fence + "\n"
}

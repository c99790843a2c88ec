package markdown

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// zwj is the zero-width joiner put after @ and # so GitHub neither pings
// "@octocat" nor links "#12". It is the one way mentions are broken, in
// Markdown text, in table cells and inside raw HTML alike (a raw U+200D,
// never a character reference): GitHub's mention and reference patterns
// need a name character right after the @ or #.
const zwj = "\u200d"

// maxCell is how many characters of user text a table cell or list item
// shows.
const maxCell = 200

// flatText makes s one line of valid UTF-8: line breaks and other control
// characters become spaces, and each byte that is not part of valid UTF-8
// becomes the four characters \xNN (lower-case hex, as C writes it), so
// that two file names differing in such bytes still read differently. (A
// name that holds a backslash, x and two hex digits reads the same as the
// byte; the SARIF log percent-encodes the bytes exactly.)
func flatText(s string) string { return validUTF8(s, true) }

// validUTF8 is s as valid UTF-8, each invalid byte written \xNN, control
// characters as spaces, but for newlines and tabs unless single.
func validUTF8(s string, single bool) string {
	if utf8.ValidString(s) && !strings.ContainsFunc(s, func(r rune) bool { return isControl(r) && (single || r != '\n' && r != '\t') }) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && w == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case isControl(r) && (single || r != '\n' && r != '\t'):
			b.WriteByte(' ')
		default:
			b.WriteString(s[i : i+w])
		}
		i += w
	}
	return b.String()
}

// isControl is a C0 or C1 control character, DEL, or a Unicode line or
// paragraph separator.
func isControl(r rune) bool {
	return r < 0x20 || r >= 0x7f && r <= 0x9f || r == 0x2028 || r == 0x2029
}

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
// paragraph, a list item and a table cell, and inside raw HTML (a
// <summary>, a <details> line, an HTML table cell) too, since every
// character that could act as markup becomes a character reference, which
// HTML reads as the character. Mentions and #references get a zero-width
// joiner; invalid UTF-8 bytes read \xNN.
func Text(s string) string {
	s = clip(flatText(s), maxCell)
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

// Code is s as inline code, on one line, outside tables, safe both in
// Markdown and inside raw HTML.
//
// A backtick code span is not code when it lands inside raw HTML (a line
// that opens with <details><summary> is an HTML block, where GitHub reads
// no Markdown): the backticks show and the text between them is HTML. So
// when s holds anything HTML or GitHub would act on there (a <, an &, an
// @mention, a #12 reference), Code gives CodeHTML(s), which reads the same
// in Markdown and in raw HTML; otherwise a backtick span (> and " alone do
// nothing in HTML text). Either way no < from s is left unescaped in the
// body. Inside raw HTML, CodeHTML is still the better choice, as a plain
// name would show its backticks there.
func Code(s string) string {
	s = clip(flatText(s), maxCell)
	if liveInHTML(s) {
		return CodeHTML(s)
	}
	return backticks(s)
}

// span is s as inline code on a Markdown line, never inside raw HTML
// (what this package writes itself): a backtick code span, where < and &
// are literal, so that C text such as "r->count <= CAP" reads as written in
// the Markdown source too; but CodeHTML when s holds an @mention or a #12
// reference, which only CodeHTML breaks (a zero-width joiner in a backtick
// span would be copied with the code). Code is the form for callers, who
// may place it inside raw HTML.
func span(s string) string {
	s = clip(flatText(s), maxCell)
	if mentions(s) {
		return CodeHTML(s)
	}
	return backticks(s)
}

// backticks is s, one line, in a backtick code span whose fence is one
// backtick longer than the longest run of backticks in s, so s cannot
// close it.
func backticks(s string) string {
	if s == "" {
		return "` `"
	}
	fence := strings.Repeat("`", longestBacktickRun(s)+1)
	if s[0] == '`' || s[len(s)-1] == '`' || s[0] == ' ' && s[len(s)-1] == ' ' {
		s = " " + s + " "
	}
	return fence + s + fence
}

// longestBacktickRun is the length of the longest run of backticks in s:
// a fence one longer cannot be closed by s.
func longestBacktickRun(s string) int {
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return longest
}

// liveInHTML reports whether s, left unescaped inside raw HTML, would be
// read as markup or linked by GitHub: a tag, comment or character
// reference, an @mention or a #12 reference.
func liveInHTML(s string) bool {
	return strings.ContainsAny(s, "<&") || mentions(s)
}

// mentions reports whether s holds what GitHub would turn into a mention
// or an issue link: an @ followed by a name character, a # followed by a
// digit.
func mentions(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '@' && isWordByte(s[i+1]) || s[i] == '#' && s[i+1] >= '0' && s[i+1] <= '9' {
			return true
		}
	}
	return false
}

// CodeHTML is s as an HTML code element whose contents are escaped like
// Text, on one line: it reads the same in a Markdown paragraph or list
// item, in a table cell, and inside raw HTML (<summary>, <details>, <sub>),
// where a backtick code span would not be code. Empty s gives "".
func CodeHTML(s string) string {
	if s == "" {
		return ""
	}
	return "<code>" + Text(s) + "</code>"
}

// CodeCell is s as code inside a table cell. A backtick code span cannot
// hold a pipe safely there (GitHub splits the row at it, and a backslash
// before it escapes differently), so the cell uses CodeHTML.
func CodeCell(s string) string { return CodeHTML(s) }

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
// Its text is made valid UTF-8 (\xNN for invalid bytes) and control
// characters other than newline and tab become spaces (a carriage return
// would end a line).
func fenced(lang, s string) string {
	s = validUTF8(s, false)
	fence := strings.Repeat("`", max(3, longestBacktickRun(s)+1))
	return fence + lang + "\n" + strings.TrimRight(s, "\n") + "\n" + fence + "\n"
}

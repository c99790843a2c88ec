package repro

import (
	"regexp"
	"strings"
)

// scan is what the reproducer needs to know about the program's text:
// which functions it defines and which names it mentions.
type scan struct {
	defined   map[string]bool
	mentioned map[string]bool
}

var ident = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// scanSource strips comments, string and character literals and
// preprocessor lines' continuations, then records every identifier and
// every "name(...) {" definition.
func scanSource(texts ...string) scan {
	s := scan{defined: map[string]bool{}, mentioned: map[string]bool{}}
	for _, text := range texts {
		code := stripComments(text)
		for _, loc := range ident.FindAllStringIndex(code, -1) {
			name := code[loc[0]:loc[1]]
			s.mentioned[name] = true
			if isDefinition(code, loc[1]) {
				s.defined[name] = true
			}
		}
	}
	return s
}

// isDefinition reports whether the identifier ending at i is followed by
// a parenthesised parameter list and a body: "f(int x) {", allowing
// attributes and K&R parameter declarations between.
func isDefinition(code string, i int) bool {
	j := skipSpace(code, i)
	if j >= len(code) || code[j] != '(' {
		return false
	}
	depth := 0
	for ; j < len(code); j++ {
		switch code[j] {
		case '(':
			depth++
		case ')':
			depth--
		}
		if depth == 0 {
			break
		}
	}
	if j >= len(code) {
		return false
	}
	params := code[skipSpace(code, i)+1 : j]
	knr := knrParams.MatchString(params) && strings.TrimSpace(params) != "void"
	rest := code[j+1:]
	// A definition's body follows, possibly after attributes or K&R
	// parameter declarations; a declaration or call is followed by
	// anything else.
	for guard := 0; guard < 16; guard++ {
		rest = rest[skipSpace(rest, 0):]
		word := ident.FindString(rest)
		switch {
		case strings.HasPrefix(rest, "{"):
			return true
		case strings.HasPrefix(word, "__attribute") || word == "__asm__" || word == "asm" || word == "__asm":
			rest = rest[len(word):]
			rest = rest[skipSpace(rest, 0):]
			if strings.HasPrefix(rest, "(") {
				rest = rest[balanced(rest):]
			}
		case knr && word != "" && strings.HasPrefix(rest, word):
			return knrFollows(rest)
		default:
			return false
		}
	}
	return false
}

// balanced is the length of the parenthesised group s starts with.
func balanced(s string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return len(s)
}

// knrParams is a K&R parameter list: bare names.
var knrParams = regexp.MustCompile(`^\s*[A-Za-z_]\w*(\s*,\s*[A-Za-z_]\w*)*\s*$`)

// knrFollows reports whether s continues K&R parameter declarations up
// to the body: the first { comes right after a ;.
func knrFollows(s string) bool {
	for k := 0; k < len(s) && k < 200; k++ {
		switch s[k] {
		case '{':
			return strings.HasSuffix(strings.TrimSpace(s[:k]), ";")
		case '(', ')', '=', '}':
			return false
		}
	}
	return false
}

func skipSpace(s string, i int) int {
	for i < len(s) && strings.IndexByte(" \t\r\n\f\v", s[i]) >= 0 {
		i++
	}
	return i
}

// stripComments blanks comments and literals (keeping line breaks).
func stripComments(s string) string {
	b := []byte(s)
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '/' && i+1 < len(b) && b[i+1] == '/':
			for ; i < len(b) && b[i] != '\n'; i++ {
				b[i] = ' '
			}
		case b[i] == '/' && i+1 < len(b) && b[i+1] == '*':
			b[i], b[i+1] = ' ', ' '
			for i += 2; i < len(b) && !(b[i] == '*' && i+1 < len(b) && b[i+1] == '/'); i++ {
				if b[i] != '\n' {
					b[i] = ' '
				}
			}
			if i+1 < len(b) {
				b[i], b[i+1] = ' ', ' '
				i++
			}
		case b[i] == '"' || b[i] == '\'':
			q := b[i]
			for i++; i < len(b) && b[i] != q && b[i] != '\n'; i++ {
				if b[i] == '\\' && i+1 < len(b) {
					b[i] = ' '
					i++
				}
				b[i] = ' '
			}
		}
	}
	return string(b)
}

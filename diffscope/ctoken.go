package diffscope

import "strings"

// This file holds the C tokenizer used by the scanner. It understands just
// enough of the lexical grammar to never be confused by comments, string and
// character literals, line splices and preprocessor lines. It never fails:
// unterminated comments run to the end of the input and unterminated
// literals end at the end of their line. Bytes >= 0x80 are identifier
// characters, so UTF-8 identifiers and arbitrary non-UTF-8 bytes are fine.

type tokKind uint8

const (
	tkIdent tokKind = iota + 1
	tkNumber
	tkString
	tkChar
	tkPunct
	tkDirective // a whole preprocessor line, continuations joined, comments removed
)

type token struct {
	kind tokKind
	text string
	line int // 1-based line on which the token starts
	end  int // line on which the token ends (differs for directives with continuations)
	off  int // byte offset in the tokenized input
}

func (t token) is(s string) bool { return t.kind == tkPunct && t.text == s }

type lexer struct {
	src  []byte
	pos  int
	line int
	toks []token
}

// tokenize splits src into tokens. With directives set, a '#' that is the
// first token on a line starts a tkDirective token spanning the whole
// logical line.
func tokenize(src []byte, directives bool) []token {
	l := &lexer{src: src, line: 1}
	atBOL := true
	for l.pos < len(src) {
		c := src[l.pos]
		switch {
		case c == '\n':
			l.line++
			l.pos++
			atBOL = true
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			l.pos++
		case c == '\\' && l.splice():
			// line splice outside anything: skipped
		case c == '/' && l.peek(1) == '/':
			l.lineComment()
		case c == '/' && l.peek(1) == '*':
			l.blockComment()
		case c == '#' && atBOL && directives:
			l.directive()
			atBOL = false
		default:
			atBOL = false
			start, line := l.pos, l.line
			var kind tokKind
			switch {
			case isIdentStart(c):
				kind = tkIdent
				l.pos++
				for l.pos < len(src) && isIdentChar(src[l.pos]) {
					l.pos++
				}
			case isDigit(c) || (c == '.' && isDigit(l.peek(1))):
				kind = tkNumber
				l.number()
			case c == '"' || c == '\'':
				kind = tkString
				if c == '\'' {
					kind = tkChar
				}
				l.quoted(c)
			default:
				kind = tkPunct
				l.pos += punctLen(src[l.pos:])
			}
			var text string
			if kind == tkPunct && l.pos == start+1 {
				text = byteStrings[c]
			} else {
				text = string(src[start:l.pos])
			}
			l.toks = append(l.toks, token{kind: kind, text: text, line: line, end: l.line, off: start})
		}
	}
	return l.toks
}

func (l *lexer) peek(n int) byte {
	if l.pos+n < len(l.src) {
		return l.src[l.pos+n]
	}
	return 0
}

// splice consumes a backslash-newline (or backslash-CR-LF) at pos.
func (l *lexer) splice() bool {
	if l.peek(1) == '\n' {
		l.pos += 2
		l.line++
		return true
	}
	if l.peek(1) == '\r' && l.peek(2) == '\n' {
		l.pos += 3
		l.line++
		return true
	}
	return false
}

// lineComment skips a // comment up to (not including) the newline; a line
// splice continues the comment, as in C.
func (l *lexer) lineComment() {
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		if c == '\\' && l.splice() {
			continue
		}
		if c == '\n' {
			return
		}
		l.pos++
	}
}

func (l *lexer) blockComment() {
	l.pos += 2
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		if c == '*' && l.peek(1) == '/' {
			l.pos += 2
			return
		}
		if c == '\n' {
			l.line++
		}
		l.pos++
	}
}

// quoted consumes a string or character literal; it stops at an unescaped
// newline so that a stray quote (e.g. an apostrophe in #error text or in an
// #if 0 block) damages at most one line.
func (l *lexer) quoted(q byte) {
	l.pos++
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch c {
		case '\\':
			if l.splice() {
				continue
			}
			l.pos++
			if l.pos < len(l.src) && l.src[l.pos] != '\n' {
				l.pos++
			}
		case q:
			l.pos++
			return
		case '\n':
			return
		default:
			l.pos++
		}
	}
}

// number consumes a preprocessing number, including C23 digit separators.
func (l *lexer) number() {
	l.pos++
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case (c == '+' || c == '-') && strings.IndexByte("eEpP", l.src[l.pos-1]) >= 0:
			l.pos++
		case c == '\'' && isIdentChar(l.peek(1)):
			l.pos++
		case isIdentChar(c) || c == '.':
			l.pos++
		default:
			return
		}
	}
}

// directive consumes a preprocessor line starting at '#'. The token text has
// line splices removed and comments replaced by a space.
func (l *lexer) directive() {
	start, line := l.pos, l.line
	var b strings.Builder
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c == '\n':
			goto done
		case c == '\\' && l.splice():
		case c == '/' && l.peek(1) == '*':
			l.blockComment()
			b.WriteByte(' ')
		case c == '/' && l.peek(1) == '/':
			l.lineComment()
		case c == '"' || c == '\'':
			p := l.pos
			l.quoted(c)
			b.Write(l.src[p:l.pos])
		default:
			b.WriteByte(c)
			l.pos++
		}
	}
done:
	l.toks = append(l.toks, token{kind: tkDirective, text: b.String(), line: line, end: l.line, off: start})
}

var puncts3 = []string{"...", "<<=", ">>="}
var puncts2 = []string{"->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
	"*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##", "::"}

func punctLen(b []byte) int {
	for _, p := range puncts3 {
		if len(b) >= 3 && string(b[:3]) == p {
			return 3
		}
	}
	for _, p := range puncts2 {
		if len(b) >= 2 && string(b[:2]) == p {
			return 2
		}
	}
	return 1
}

// byteStrings holds every one-byte string, so that punctuators do not
// allocate.
var byteStrings [256]string

func init() {
	for i := range byteStrings {
		byteStrings[i] = string([]byte{byte(i)})
	}
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80
}

func isIdentChar(c byte) bool { return isIdentStart(c) || isDigit(c) }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// cKeywords are never reported as used identifiers or function names.
var cKeywords = map[string]bool{}

func init() {
	for _, k := range strings.Fields(`auto break case char const continue default do double else enum
		extern float for goto if inline int long register restrict return short signed sizeof static
		struct switch typedef union unsigned void volatile while _Alignas _Alignof _Atomic _Bool
		_Complex _Generic _Imaginary _Noreturn _Static_assert _Thread_local alignas alignof bool
		constexpr false nullptr static_assert thread_local true typeof typeof_unqual _BitInt
		_Decimal32 _Decimal64 _Decimal128 __inline __inline__ __restrict __restrict__ __volatile__
		__const __const__ __signed __signed__ __extension__ __typeof __typeof__ __attribute__
		__attribute __declspec __asm __asm__ asm __int128 __label__ __builtin_va_list defined`) {
		cKeywords[k] = true
	}
}

// attrNames are identifiers that, followed by a parenthesised group, form an
// attribute or operator rather than a declarator.
var attrNames = map[string]bool{}

func init() {
	for _, k := range strings.Fields(`__attribute__ __attribute __declspec _Alignas alignas __asm__
		__asm asm _Pragma __pragma typeof __typeof__ __typeof typeof_unqual _Static_assert
		static_assert sizeof _Alignof alignof __alignof__ defined _Generic __extension__ _Atomic
		__builtin_offsetof offsetof`) {
		attrNames[k] = true
	}
}

// stmtKeywords only occur inside function bodies; seeing one at file scope
// means the scanner lost track, and no function header is guessed.
var stmtKeywords = map[string]bool{"if": true, "else": true, "while": true, "for": true, "do": true,
	"switch": true, "case": true, "return": true, "goto": true, "break": true, "continue": true,
	"default": true}

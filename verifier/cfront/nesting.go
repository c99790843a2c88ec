package cfront

import (
	"fmt"

	"github.com/prbmc/prbmc/verifier/ir"
)

// MaxNesting is the deepest bracket nesting, ( [ and { together, that the
// front end accepts in a source file.
//
// cc/v4 parses recursively, some 10 KB of Go stack per parenthesis: it
// parses 90,000 nested parentheses and overflows the default 1 GB stack at
// 93,000 (TestNestOverflowDepth), a fatal error no recover can catch; long
// before that, parsing is slow (10,000 take 0.6 s). Clang stops at 256
// (-fbracket-depth), so real code is far below the limit.
//
// The check reads the text, not the tokens after macro expansion: `#define
// L ((((((((((` used 10,000 times still crashes cc/v4. Checking the
// expansion would need a second preprocessing pass (some 70% of the parse
// time of a file that includes stdio.h) or a depth guard in cc/v4's
// parser; run loads of untrusted code in a child process.
const MaxNesting = 1000

func nestingMsg(limit int) string { return fmt.Sprintf("nesting deeper than %d levels", limit) }

// deepNesting scans C source text for brackets nested deeper than limit,
// skipping comments and string and character literals, and returns the
// position of the first bracket beyond the limit. A preprocessing directive
// counts on its own: the brackets of `#define L ((((` are unbalanced on
// purpose and do not add to the code around it. Both branches of an #if
// count, so the depth can drift a little; the limit is far above that.
func deepNesting(src []byte, file string, limit int) (ir.Pos, bool) {
	const (
		code = iota
		lineComment
		blockComment
		str
		char
	)
	state := code
	depth, saved := 0, 0 // saved: the code's depth while in a directive
	directive := false
	atLineStart := true // only blanks so far on this logical line
	line, lineStart := 1, 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c == '\n' {
			spliced := i > 0 && src[i-1] == '\\' || i > 1 && src[i-1] == '\r' && src[i-2] == '\\'
			line, lineStart = line+1, i+1
			if spliced {
				continue
			}
			if state == lineComment || state == str || state == char {
				state = code
			}
			if directive && state == code {
				directive = false
				depth = saved
			}
			atLineStart = true
			continue
		}
		switch state {
		case lineComment:
			continue
		case blockComment:
			if c == '*' && i+1 < len(src) && src[i+1] == '/' {
				state = code
				i++
			}
			continue
		case str, char:
			switch {
			case c == '\\' && i+1 < len(src) && src[i+1] != '\n':
				i++
			case c == '"' && state == str, c == '\'' && state == char:
				state = code
			}
			continue
		}
		switch c {
		case ' ', '\t', '\r', '\f', '\v':
			continue
		case '#':
			if atLineStart {
				directive = true
				saved, depth = depth, 0
			}
		case '/':
			if i+1 < len(src) {
				switch src[i+1] {
				case '/':
					state = lineComment
					i++
				case '*':
					state = blockComment
					i++
					continue // a comment is blank: atLineStart stays
				}
			}
		case '"':
			state = str
		case '\'':
			state = char
		case '(', '[', '{':
			depth++
			if depth > limit {
				return ir.Pos{File: file, Line: line, Col: i - lineStart + 1}, true
			}
		case ')', ']', '}':
			if depth > 0 {
				depth--
			}
		}
		atLineStart = false
	}
	return ir.Pos{}, false
}

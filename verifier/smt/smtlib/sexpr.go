package smtlib

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// sexpr is one S-expression of a solver's output: an atom (symbol, numeral,
// #b/#x literal, keyword or string literal) or a list.
type sexpr struct {
	atom   string   // a string literal keeps its outer quotes (content unescaped), a |symbol| loses its bars
	list   []*sexpr // the elements, for a list
	isList bool
}

func (e *sexpr) String() string {
	if !e.isList {
		return e.atom
	}
	var sb strings.Builder
	sb.WriteByte('(')
	for i, x := range e.list {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(x.String())
	}
	sb.WriteByte(')')
	return sb.String()
}

// isAtom reports whether e is the atom s.
func (e *sexpr) isAtom(s string) bool { return !e.isList && e.atom == s }

// head returns the first element's atom of a list, "" otherwise.
func (e *sexpr) head() string {
	if e.isList && len(e.list) > 0 && !e.list[0].isList {
		return e.list[0].atom
	}
	return ""
}

// maxDepth bounds the nesting of a solver's output: a model value deeper
// than this is not something we asked for, and the bound keeps a corrupt
// stream from exhausting the stack.
const maxDepth = 100_000

// readSexpr reads the next S-expression; io.EOF means the stream ended
// cleanly before one began.
func readSexpr(r *bufio.Reader) (*sexpr, error) {
	var stack []*sexpr
	for {
		c, err := r.ReadByte()
		if err != nil {
			if err == io.EOF && len(stack) > 0 {
				return nil, io.ErrUnexpectedEOF
			}
			return nil, err
		}
		var atom *sexpr
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			continue
		case c == ';':
			if _, err := r.ReadString('\n'); err != nil {
				return nil, unexpected(err)
			}
			continue
		case c == '(':
			if len(stack) >= maxDepth {
				return nil, errors.New("solver output nested too deeply")
			}
			stack = append(stack, &sexpr{isList: true})
			continue
		case c == ')':
			if len(stack) == 0 {
				return nil, errors.New("unbalanced ')' in solver output")
			}
			atom = stack[len(stack)-1]
			stack = stack[:len(stack)-1]
		case c == '|':
			s, err := r.ReadString('|')
			if err != nil {
				return nil, unexpected(err)
			}
			atom = &sexpr{atom: s[:len(s)-1]}
		case c == '"':
			// SMT-LIB 2.6 strings escape '"' by doubling it.
			var sb strings.Builder
			sb.WriteByte('"')
			for {
				s, err := r.ReadString('"')
				if err != nil {
					return nil, unexpected(err)
				}
				sb.WriteString(s)
				if next, err := r.Peek(1); err != nil || next[0] != '"' {
					break
				}
				r.ReadByte()
			}
			atom = &sexpr{atom: sb.String()}
		default:
			var sb strings.Builder
			sb.WriteByte(c)
			for {
				next, err := r.Peek(1)
				if err != nil {
					if err == io.EOF {
						break
					}
					return nil, err
				}
				if strings.IndexByte(" \t\r\n()|\";", next[0]) >= 0 {
					break
				}
				r.ReadByte()
				sb.WriteByte(next[0])
			}
			atom = &sexpr{atom: sb.String()}
		}
		if len(stack) == 0 {
			return atom, nil
		}
		top := stack[len(stack)-1]
		top.list = append(top.list, atom)
	}
}

func unexpected(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// parseSexpr parses exactly one S-expression from s (for tests and golden
// strings).
func parseSexpr(s string) (*sexpr, error) {
	r := bufio.NewReader(strings.NewReader(s))
	e, err := readSexpr(r)
	if err != nil {
		return nil, err
	}
	if rest, _ := io.ReadAll(r); strings.TrimSpace(string(rest)) != "" {
		return nil, fmt.Errorf("trailing text after S-expression: %q", rest)
	}
	return e, nil
}

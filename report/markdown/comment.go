package markdown

import (
	"fmt"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/prbmc/prbmc/report"
	"github.com/prbmc/prbmc/verifier/result"
)

// CommentOptions shape a review comment.
type CommentOptions struct {
	// Entry is the entry function verified (for the reproducer command;
	// "" or "main" leaves --function out).
	Entry string
	// Files are the program's files, for the reproducer command (default:
	// the file of the failing check).
	Files []string
	// Command replaces the reproducer command altogether.
	Command string
	// CommandIntro replaces the words before the command (default: build
	// and run the trace natively), for a Command that does something else.
	CommandIntro string
	// Marker, when set, is written first as an HTML comment.
	Marker string
	// MaxLen caps the body (default and upper bound MaxBody).
	MaxLen int
	// MaxInputs caps the inputs listed (default 50).
	MaxInputs int
}

// ViolationComment is the review comment for a failing property p: what
// can fail, the inputs that make it fail, the trace as a table inside a
// <details> block, and the command that reproduces it.
func ViolationComment(p result.Property, opts CommentOptions) string {
	if opts.MaxLen <= 0 || opts.MaxLen > MaxBody {
		opts.MaxLen = MaxBody
	}
	if opts.MaxInputs <= 0 {
		opts.MaxInputs = 50
	}
	var head strings.Builder
	if opts.Marker != "" {
		head.WriteString(comment(opts.Marker) + "\n")
	}
	fmt.Fprintf(&head, "**❌ prbmc: %s**\n\n", headlineFor(p))
	fmt.Fprintf(&head, "**What can fail:** %s", what(p))
	if p.Func != "" {
		fmt.Fprintf(&head, " in %s", span(p.Func))
	}
	if loc := place(p.Location.File, p.Location.Line); loc != "" {
		fmt.Fprintf(&head, " at %s", span(loc))
	}
	head.WriteString(".\n\n")
	if p.Note != "" {
		fmt.Fprintf(&head, "**Who can cause it:** %s\n\n", Text(p.Note))
	}

	tr := p.Trace
	if tr == nil {
		tr = &result.Trace{}
	}
	if len(tr.Inputs) == 0 {
		head.WriteString("**Inputs:** none: it fails in every execution that gets here.\n\n")
	} else {
		head.WriteString("**Inputs that make it fail**, in the order the program reads them:\n\n")
		for i, in := range tr.Inputs {
			if i == opts.MaxInputs {
				fmt.Fprintf(&head, "\n… %d more inputs; see the SARIF alert for all of them.\n", len(tr.Inputs)-i)
				break
			}
			fmt.Fprintf(&head, "%d. %s = %s", i+1, span(report.InputName(in)), span(in.Value))
			var notes []string
			if in.Type != "" {
				notes = append(notes, Text(in.Type))
			}
			if in.Location.Line > 0 {
				notes = append(notes, fmt.Sprintf("line %d", in.Location.Line))
			}
			if report.IsHidden(in.Why) {
				notes = append(notes, "not controllable from outside")
			}
			if len(notes) > 0 {
				fmt.Fprintf(&head, " (%s)", strings.Join(notes, ", "))
			}
			head.WriteString("\n")
		}
		head.WriteString("\n")
	}
	if tr.Replayed {
		head.WriteString("The trace was replayed on prbmc's concrete interpreter before it was reported.\n\n")
	}

	intro := opts.CommandIntro
	if intro == "" {
		intro = "**Reproduce:** build and run the trace natively:"
	}
	foot := intro + "\n\n" + fenced("sh", reproCommand(p, opts))

	var body strings.Builder
	body.WriteString(head.String())
	if tr.Omitted > 0 {
		fmt.Fprintf(&body, "The execution runs %d steps before the ones shown.\n\n", tr.Omitted)
	}
	if len(tr.Steps) > 0 {
		body.WriteString(traceTable(tr.Steps, opts.MaxLen-head.Len()-len(foot)-1))
		body.WriteString("\n")
	}
	body.WriteString(foot)
	return body.String()
}

// headlineFor is the comment's first line.
func headlineFor(p result.Property) string {
	switch p.Kind {
	case "assertion", "":
		return "assertion can fail"
	case "reach-error":
		return "error location reachable"
	}
	return Text(p.Kind) + " check can fail"
}

// traceTable is the trace as a table inside <details>, at most budget
// bytes: when the rows do not fit, the first ones and the last (the
// failing step) are shown with a note of how many are left out.
func traceTable(steps []result.Step, budget int) string {
	open := fmt.Sprintf("<details><summary>Trace (%d steps)</summary>\n\n| # | Location | Function | Step | Value |\n|--:|---|---|---|---|\n", len(steps))
	closing := "\n</details>\n"
	row := func(i int) string {
		s := steps[i]
		return fmt.Sprintf("| %d | %s | %s | %s | %s |\n", i+1,
			CodeCell(place(path.Base(s.Location.File), s.Location.Line)), CodeCell(s.Func), CodeCell(s.Text), CodeCell(stepValue(s)))
	}
	note := func(n int) string {
		return fmt.Sprintf("| … | | | … %d more steps; see the SARIF alert for the full trace | |\n", n)
	}
	last := row(len(steps) - 1)
	var b strings.Builder
	b.WriteString(open)
	room := budget - len(open) - len(closing)
	for i := 0; i < len(steps)-1; i++ {
		r := row(i)
		if len(r)+len(last)+len(note(len(steps)))+b.Len()-len(open) > room || i >= maxTraceRows-1 {
			b.WriteString(note(len(steps) - 1 - i))
			break
		}
		b.WriteString(r)
	}
	b.WriteString(last)
	b.WriteString(closing)
	return b.String()
}

// maxTraceRows caps the rows of a trace table however short they are.
const maxTraceRows = 1000

// reproCommand is the shell command that rebuilds and runs the trace.
func reproCommand(p result.Property, opts CommentOptions) string {
	if opts.Command != "" {
		return opts.Command
	}
	args := []string{"prbmc", "verify"}
	if opts.Entry != "" && opts.Entry != "main" {
		args = append(args, "--function", shellQuote(opts.Entry))
	}
	args = append(args, "--reproduce")
	files := opts.Files
	if len(files) == 0 && p.Location.File != "" {
		files = []string{p.Location.File}
	}
	for _, f := range files {
		args = append(args, shellQuote(f))
	}
	return strings.Join(args, " ")
}

// shellQuote quotes s for a POSIX shell unless it is plain. Bytes that
// are not valid UTF-8 are written by printf with octal escapes
// ('a'"$(printf '\377')"'.c'), so the command names the file exactly
// while the comment stays valid UTF-8; line breaks and other control
// characters become spaces.
// ShellQuote quotes s for a POSIX shell, so that a command shown in a
// comment names the file exactly, non-UTF-8 bytes included (written with
// printf), while the comment stays valid UTF-8.
func ShellQuote(s string) string { return shellQuote(s) }

func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_-./+,:=@%", r))
	}) < 0 {
		return s
	}
	var b strings.Builder
	b.WriteByte('\'')
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && w == 1:
			b.WriteString(`'"$(printf '`)
			for ; i < len(s); i++ {
				if r, w := utf8.DecodeRuneInString(s[i:]); r != utf8.RuneError || w != 1 {
					break
				}
				fmt.Fprintf(&b, `\%03o`, s[i])
			}
			b.WriteString(`')"'`)
			continue
		case isControl(r):
			b.WriteByte(' ')
		case r == '\'':
			b.WriteString(`'\''`)
		default:
			b.WriteString(s[i : i+w])
		}
		i += w
	}
	b.WriteByte('\'')
	return b.String()
}

// stepValue is what a step wrote: its value alone when the step's text
// already starts with the variable ("x = x + 1" wrote x), else "lhs = value".
func stepValue(s result.Step) string {
	if s.Lhs != "" && strings.HasPrefix(s.Text, s.Lhs+" ") {
		return s.Value
	}
	return report.StepValue(s)
}

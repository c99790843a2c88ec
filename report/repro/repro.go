package repro

import (
	"fmt"
	"sort"
	"strings"

	"github.com/prbmc/prbmc/report"
	"github.com/prbmc/prbmc/verifier/result"
)

// ExhaustedMarker starts the message a reproducer prints when the program
// asks a nondet function for more values than the trace has: the native
// run left the trace, so its abort is not a reproduction.
const ExhaustedMarker = "prbmc reproducer: inputs exhausted"

// CannotReproduce says why no reproducer can be built.
type CannotReproduce struct{ Reason string }

func (e *CannotReproduce) Error() string { return "cannot reproduce: " + e.Reason }

// Options control the reproducer.
type Options struct {
	// Files are the program's source files, #included in this order
	// (default: the files the property and the trace steps name).
	Files []string
	// Harness, when the trace starts in a harness entry (prbmc check),
	// is the harness's C text, appended to the program as in the check,
	// and Entry its function, which the reproducer's main calls.
	Harness, Entry string
}

// Reproducer is the reproducer of res's violated property; src gives the
// program's text and absolute paths.
func Reproducer(res result.Result, src report.SourceReader) (string, error) {
	return Generate(res, src, Options{})
}

// errorFuncs are the functions whose call is a violation, as the
// reproducer defines them when the program only declares them.
var errorFuncs = []struct{ name, def string }{
	{"reach_error", "void reach_error(void)\n{\n\tfprintf(stderr, \"reach_error reached\\n\");\n\tabort();\n}\n"},
	{"__VERIFIER_error", "void __VERIFIER_error(void)\n{\n\tfprintf(stderr, \"__VERIFIER_error reached\\n\");\n\tabort();\n}\n"},
	{"__VERIFIER_assert", "void __VERIFIER_assert(int cond)\n{\n\tif (!cond) {\n\t\tfprintf(stderr, \"__VERIFIER_assert failed\\n\");\n\t\tabort();\n\t}\n}\n"},
	{"__VERIFIER_assume", "void __VERIFIER_assume(int cond)\n{\n\tif (!cond) {\n\t\t/* the trace satisfies every assumption: this run left it */\n\t\tfprintf(stderr, \"prbmc reproducer: __VERIFIER_assume failed; the run left the trace\\n\");\n\t\texit(3);\n\t}\n}\n"},
}

// Generate is Reproducer with options.
func Generate(res result.Result, src report.SourceReader, opts Options) (string, error) {
	p := res.Violated()
	if p == nil || p.Trace == nil {
		return "", &CannotReproduce{fmt.Sprintf("the result has no counterexample (verdict %s)", res.Verdict)}
	}
	if res.Entry != "" && res.Entry != "main" && opts.Entry == "" {
		return "", &CannotReproduce{fmt.Sprintf("the trace starts in %s, not main; a native run starts in main", res.Entry)}
	}
	files := opts.Files
	if len(files) == 0 {
		files = traceFiles(p)
	}
	if len(files) == 0 {
		return "", &CannotReproduce{"the counterexample names no source file"}
	}
	var texts, paths []string
	for _, f := range files {
		b, err := src.ReadSource(f)
		if err != nil {
			return "", err
		}
		abs, err := src.AbsPath(f)
		if err != nil {
			return "", err
		}
		if strings.ContainsAny(abs, "\"\n\r") {
			return "", &CannotReproduce{fmt.Sprintf("the path %q cannot be written in an #include", abs)}
		}
		texts = append(texts, string(b))
		paths = append(paths, abs)
	}
	sc := scanSource(append(append([]string(nil), texts...), opts.Harness)...)
	programMain := scanSource(texts...).defined["main"]
	byFile := map[string]string{}
	for i, f := range files {
		byFile[f] = texts[i]
	}
	var force forcing

	// The inputs of each nondet function, in the order the trace reads
	// them; what cannot be forced from outside goes in the caveats.
	type fn struct {
		name string
		t    ctype
		lits []string
		vals []string
	}
	funcs := map[string]*fn{}
	var order []string
	var caveats []string
	for _, in := range p.Trace.Inputs {
		switch {
		case report.IsNondetCall(in.Why):
			if sc.defined[in.Why] {
				return "", &CannotReproduce{fmt.Sprintf("the program defines %s itself, so its values cannot be forced from outside; "+
					"replace its definition by a declaration to reproduce", in.Why)}
			}
			f := funcs[in.Why]
			if f == nil {
				t, ok := typeFromIR(in.Type)
				if !ok {
					return "", &CannotReproduce{fmt.Sprintf("%s returns %s, which a reproducer cannot write", in.Why, in.Type)}
				}
				f = &fn{name: in.Why, t: t}
				funcs[in.Why] = f
				order = append(order, in.Why)
			}
			lit, err := literal(f.t, in)
			if err != nil {
				return "", &CannotReproduce{err.Error()}
			}
			f.lits = append(f.lits, lit)
			f.vals = append(f.vals, in.Value)
			if f.t.kind == kindPointer && lit != "(void *)0" {
				caveats = append(caveats, fmt.Sprintf("%s returns the pointer %s, one of prbmc's abstract addresses; the native run will not have an object there.", in.Why, in.Value))
			}
		case strings.HasPrefix(in.Why, "memory changed by "):
			fn := strings.TrimSuffix(strings.TrimPrefix(in.Why, "memory changed by "), "()")
			if fn != opts.Entry || opts.Entry == "" {
				return "", &CannotReproduce{fmt.Sprintf("the trace depends on what %s() does to memory, and it has no body here (prbmc stubbed it)", fn)}
			}
			force.havoc = append(force.havoc, in)
		case strings.Contains(in.Why, "()") && !strings.HasPrefix(in.Why, "contents of") && !strings.HasPrefix(in.Why, "uninitialised"):
			return "", &CannotReproduce{fmt.Sprintf("the trace depends on what %s returns, and it has no body here (prbmc stubbed it)", in.Why)}
		case strings.HasPrefix(in.Why, "uninitialised"):
			name := strings.TrimSpace(strings.TrimPrefix(in.Why, "uninitialised"))
			if err := force.planUninit(in, byFile); err != nil {
				caveats = append(caveats, fmt.Sprintf("this trace also depends on the uninitialised value of %s = %s%s, which the reproducer cannot set (%v); it may not fail if gcc gives it another value.",
					name, in.Value, at(in.Location), err))
			}
		case strings.HasPrefix(in.Why, "contents of malloc"):
			if sc.defined["malloc"] {
				caveats = append(caveats, fmt.Sprintf("this trace also depends on the contents of a malloc'ed block (%s)%s; the program defines malloc, so the reproducer cannot set them.",
					in.Value, at(in.Location)))
				break
			}
			force.malloc = append(force.malloc, in)
		default:
			caveats = append(caveats, fmt.Sprintf("this trace also depends on %s = %s%s, which the reproducer cannot set.", in.Why, in.Value, at(in.Location)))
		}
	}
	// Nondet functions the program uses that the trace never calls still
	// need a definition to link.
	var unused []string
	for name := range sc.mentioned {
		if report.IsNondetCall(name) && funcs[name] == nil && !sc.defined[name] {
			unused = append(unused, name)
		}
	}
	sort.Strings(unused)
	for _, name := range unused {
		t, ok := typeFromName(strings.TrimPrefix(name, report.NondetPrefix))
		if !ok {
			return "", &CannotReproduce{fmt.Sprintf("the program uses %s, whose return type prbmc does not know", name)}
		}
		funcs[name] = &fn{name: name, t: t}
		order = append(order, name)
	}

	var b strings.Builder
	b.WriteString("/* Reproducer generated by prbmc for " + commentSafe(p.ID) + ":\n")
	b.WriteString(" *   " + commentSafe(report.What(*p)+" "+report.FailVerb(p.Kind)+" at "+p.Location.String()) + "\n")
	b.WriteString(" * It defines the __VERIFIER_nondet_* functions to return the counterexample's\n")
	b.WriteString(" * inputs in order, then includes the program unchanged, so a failing\n")
	b.WriteString(" * assertion reports the program's own file and line.\n *\n")
	b.WriteString(" * Build and run:  cc -w -o repro repro.c && ./repro   (ILP32 programs: gcc -m32 -w ...)\n")
	b.WriteString(" * Expected: the check fails and the program aborts (exit status 134).\n")
	if len(caveats) > 0 {
		b.WriteString(" *\n * Caveats:\n")
		for _, c := range caveats {
			b.WriteString(" *   " + commentSafe(c) + "\n")
		}
	}
	b.WriteString(" */\n#include <stdio.h>\n#include <stdlib.h>\n\n")
	b.WriteString("static void prbmc_exhausted(const char *fn)\n{\n")
	b.WriteString("\tfprintf(stderr, \"" + ExhaustedMarker + ": %s was called more often than in the trace\\n\", fn);\n")
	b.WriteString("\tabort();\n}\n")

	for _, name := range order {
		f := funcs[name]
		short := strings.TrimPrefix(name, report.NondetPrefix)
		vals, next := "prbmc_"+short+"_values", "prbmc_"+short+"_next"
		n := len(f.lits)
		fmt.Fprintf(&b, "\n/* %s: %d %s, in the order the trace reads them", name, n, report.Plural(n, "value", "values"))
		if n > 0 && n <= 16 {
			fmt.Fprintf(&b, ": %s", commentSafe(strings.Join(f.vals, ", ")))
		}
		b.WriteString(" */\n")
		elem, dims := f.t.name, ""
		switch f.t.kind {
		case kindFloat:
			elem = "unsigned int" // bit patterns: NaNs stay exact
		case kindDouble:
			elem = "unsigned long long"
		case kindLongDouble:
			elem, dims = "unsigned char", fmt.Sprintf("[%d]", f.t.bytes)
		}
		if n > 0 {
			fmt.Fprintf(&b, "static const %s %s[%d]%s = {", elem, vals, n, dims)
			for i, l := range f.lits {
				if i%8 == 0 {
					b.WriteString("\n\t")
				} else {
					b.WriteString(" ")
				}
				b.WriteString(l)
				if i < n-1 {
					b.WriteString(",")
				}
			}
			b.WriteString("\n};\n")
			fmt.Fprintf(&b, "static unsigned long %s;\n", next)
		}
		fmt.Fprintf(&b, "%s %s(void)\n{\n", f.t.name, name)
		if n == 0 {
			fmt.Fprintf(&b, "\tprbmc_exhausted(\"%s\");\n\treturn (%s)0;\n}\n", name, f.t.name)
			continue
		}
		fmt.Fprintf(&b, "\tif (%s >= %d)\n\t\tprbmc_exhausted(\"%s\");\n", next, n, name)
		switch f.t.kind {
		case kindFloat, kindDouble:
			fmt.Fprintf(&b, "\tunion { %s bits; %s value; } u;\n\tu.bits = %s[%s++];\n\treturn u.value;\n}\n", elem, f.t.name, vals, next)
		case kindLongDouble:
			// The data bytes, then the padding as zeros.
			fmt.Fprintf(&b, "\tunion { unsigned char bits[sizeof(long double)]; long double value; } u = { { 0 } };\n"+
				"\tfor (int i = 0; i < %d; i++)\n\t\tu.bits[i] = %s[%s][i];\n\t%s++;\n\treturn u.value;\n}\n", f.t.bytes, vals, next, next)
		default:
			fmt.Fprintf(&b, "\treturn %s[%s++];\n}\n", vals, next)
		}
	}
	for _, e := range errorFuncs {
		// With a harness the program is a library whose headers (not
		// scanned) may use them too.
		if (sc.mentioned[e.name] || opts.Harness != "") && !sc.defined[e.name] {
			b.WriteString("\n" + e.def)
		}
	}
	b.WriteString(force.prelude())
	rewritten := false
	for i := range files {
		if _, ok := force.rewrite(files[i], texts[i]); ok {
			rewritten = true
		}
	}
	if !rewritten {
		b.WriteString("\n/* The program, unchanged. */\n")
	} else {
		b.WriteString("\n/* The program; where an uninitialised variable is declared, prbmc_fill\n * gives it the trace's value (on the same line). */\n")
	}
	if opts.Harness != "" && programMain {
		b.WriteString("#define main prbmc_program_main\n")
	}
	for i, path := range paths {
		if text, ok := force.rewrite(files[i], texts[i]); ok {
			fmt.Fprintf(&b, "#line 1 \"%s\"\n%s", path, text)
			if !strings.HasSuffix(text, "\n") {
				b.WriteString("\n")
			}
			continue
		}
		fmt.Fprintf(&b, "#include \"%s\"\n", path)
	}
	if opts.Harness != "" {
		if programMain {
			b.WriteString("#undef main\n")
		}
		b.WriteString("\n/* The harness prbmc checked the function with. */\n")
		b.WriteString(opts.Harness)
		if !strings.HasSuffix(opts.Harness, "\n") {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "\nint main(void)\n{\n\t%s();\n\treturn 0;\n}\n", opts.Entry)
	}
	return b.String(), nil
}

// traceFiles are the program files the property and the trace name, in
// the order they first appear (the property's first).
func traceFiles(p *result.Property) []string {
	var files []string
	seen := map[string]bool{}
	add := func(f string) {
		if report.IsSourceFile(f) && !seen[f] {
			seen[f] = true
			files = append(files, f)
		}
	}
	add(p.Location.File)
	for _, st := range p.Trace.Steps {
		add(st.Location.File)
	}
	return files
}

func at(l result.Location) string {
	if l.Line == 0 {
		return ""
	}
	return fmt.Sprintf(" (line %d)", l.Line)
}

// commentSafe keeps s inside a /* */ comment on one line.
func commentSafe(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, s)
	return strings.ReplaceAll(s, "*/", "* /")
}

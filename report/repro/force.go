package repro

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/prbmc/prbmc/verifier/result"
)

// forcing makes a native run see two kinds of inputs that no function
// call delivers: the values of uninitialised locals and the contents of
// malloc'ed blocks. For the first, the program's text is copied into the
// reproducer with a call prbmc_fill(&x, sizeof x) inserted after each such
// declaration, on the same line (a #line directive keeps file names and
// line numbers those of the original); for the second, malloc is a macro
// for prbmc_malloc, which fills the block from the trace.
type forcing struct {
	// inserts maps a file to the text to insert after byte offsets.
	inserts map[string]map[int]string
	fill    []result.Input // uninitialised values, in trace order
	malloc  []result.Input // malloc'ed contents, in trace order
	havoc   []result.Input // objects a harness gave any contents, in trace order
}

var identRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// planUninit arranges for input in (an uninitialised local) to be forced,
// or says why it cannot be.
func (f *forcing) planUninit(in result.Input, texts map[string]string) error {
	name := strings.TrimSpace(strings.TrimPrefix(in.Why, "uninitialised"))
	if !identRE.MatchString(name) || len(in.Bytes) == 0 {
		return fmt.Errorf("no variable name")
	}
	text, ok := texts[in.Location.File]
	if !ok {
		return fmt.Errorf("its file is not part of the reproducer")
	}
	if strings.Contains(text, "#include \"") {
		// A copy of the file would look for its quoted includes next to
		// the reproducer.
		return fmt.Errorf("its file has #include \"...\" lines")
	}
	off := offsetOf(text, in.Location.Line, in.Location.Col)
	if off < 0 {
		return fmt.Errorf("its position is not in the file")
	}
	end := declEnd(text, off)
	if end < 0 {
		return fmt.Errorf("the end of its declaration was not found")
	}
	if f.inserts == nil {
		f.inserts = map[string]map[int]string{}
	}
	m := f.inserts[in.Location.File]
	if m == nil {
		m = map[int]string{}
		f.inserts[in.Location.File] = m
	}
	call := fmt.Sprintf(" prbmc_fill(&%s, sizeof %s);", name, name)
	if !strings.Contains(m[end], call) {
		m[end] += call
	}
	f.fill = append(f.fill, in)
	return nil
}

// offsetOf is the byte offset of line:col (1-based), or -1.
func offsetOf(text string, line, col int) int {
	if line < 1 || col < 1 {
		return -1
	}
	off := 0
	for l := 1; l < line; l++ {
		i := strings.IndexByte(text[off:], '\n')
		if i < 0 {
			return -1
		}
		off += i + 1
	}
	if off+col-1 > len(text) {
		return -1
	}
	return off + col - 1
}

// declEnd returns the offset just after the ';' that ends the declaration
// containing off, or -1 when the declaration is not a statement of its
// own (a for-loop's first clause) or its end is not found.
func declEnd(text string, off int) int {
	// Back to the start of the statement: a '(' left open there means a
	// for (int i; ...) clause, where no statement can be inserted.
	depth := 0
	for i := off - 1; i >= 0; i-- {
		c := text[i]
		if c == ')' {
			depth++
		} else if c == '(' {
			if depth == 0 {
				return -1
			}
			depth--
		} else if (c == ';' || c == '{' || c == '}') && depth == 0 {
			break
		}
	}
	depth = 0
	for i := off; i < len(text); i++ {
		switch c := text[i]; c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth < 0 {
				return -1
			}
		case '"', '\'':
			// skip a literal
			for i++; i < len(text) && text[i] != c; i++ {
				if text[i] == '\\' {
					i++
				}
			}
		case ';':
			if depth == 0 {
				return i + 1
			}
		}
	}
	return -1
}

// rewrite returns file's text with the planned insertions.
func (f *forcing) rewrite(file, text string) (string, bool) {
	m := f.inserts[file]
	if len(m) == 0 {
		return text, false
	}
	var offs []int
	for o := range m {
		offs = append(offs, o)
	}
	sort.Ints(offs)
	var b strings.Builder
	last := 0
	for _, o := range offs {
		b.WriteString(text[last:o])
		b.WriteString(m[o])
		last = o
	}
	b.WriteString(text[last:])
	return b.String(), true
}

// prelude defines prbmc_fill, __prbmc_havoc and prbmc_malloc with their
// data.
func (f *forcing) prelude() string {
	var b strings.Builder
	queue := func(name string, ins []result.Input) {
		var sizes []string
		var data strings.Builder
		for _, in := range ins {
			sizes = append(sizes, fmt.Sprint(len(in.Bytes)))
			for _, c := range in.Bytes {
				fmt.Fprintf(&data, "\\x%02x", c)
			}
		}
		fmt.Fprintf(&b, "static const unsigned long prbmc_%s_sizes[%d] = {%s};\n", name, len(ins), strings.Join(sizes, ", "))
		// A string literal holds the bytes compactly; a long one is split
		// into lines of 64 bytes.
		s := data.String()
		fmt.Fprintf(&b, "static const unsigned char prbmc_%s_bytes[] =", name)
		for len(s) > 256 {
			fmt.Fprintf(&b, "\n\t\"%s\"", s[:256])
			s = s[256:]
		}
		fmt.Fprintf(&b, "\n\t\"%s\";\n", s)
		fmt.Fprintf(&b, "static unsigned long prbmc_%s_next, prbmc_%s_at;\n", name, name)
	}
	// take is the body that copies a call's n bytes from queue name
	// into dst, after checking that the trace's next entry of the queue
	// has n bytes (what names the caller in the message if not): the
	// same in each function that reads a queue.
	take := func(name, what, dst string) string {
		return fmt.Sprintf(`	if (prbmc_%[1]s_next >= sizeof prbmc_%[1]s_sizes / sizeof prbmc_%[1]s_sizes[0] || prbmc_%[1]s_sizes[prbmc_%[1]s_next] != n)
		prbmc_exhausted("%[2]s");
	for (i = 0; i < n; i++)
		%[3]s[i] = prbmc_%[1]s_bytes[prbmc_%[1]s_at + i];
	prbmc_%[1]s_at += n;
	prbmc_%[1]s_next++;
`, name, what, dst)
	}
	if len(f.fill) > 0 {
		b.WriteString("\n/* The values of uninitialised variables, in the order the trace declares them. */\n")
		queue("fill", f.fill)
		b.WriteString(`static void prbmc_fill(void *p, unsigned long n)
{
	unsigned long i;
` + take("fill", "an uninitialised variable", "((unsigned char *)p)") + "}\n")
	}
	if len(f.havoc) > 0 {
		b.WriteString("\n/* The objects the harness gives any contents, in the order of the trace. */\n")
		queue("havoc", f.havoc)
		b.WriteString(`void __prbmc_havoc(void *p, __SIZE_TYPE__ n)
{
	unsigned long i;
` + take("havoc", "__prbmc_havoc", "((unsigned char *)p)") + "}\n")
	}
	if len(f.malloc) > 0 {
		b.WriteString("\n/* The contents of malloc'ed blocks, in the order the trace allocates them. */\n")
		queue("malloc", f.malloc)
		b.WriteString(`static void *prbmc_malloc(__SIZE_TYPE__ n)
{
	unsigned long i;
	unsigned char *p = malloc(n ? n : 1);
	if (!p)
		abort();
` + take("malloc", "malloc", "p") + `	return p;
}
#define malloc(n) prbmc_malloc(n)
`)
	}
	return b.String()
}

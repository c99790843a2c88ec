package smt

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxStringLen bounds Term.String: longer output is cut and ends in "…".
const MaxStringLen = 4096

// String prints t in SMT-LIB syntax. Subterms used more than once are
// let-bound, so the text is linear in the size of the DAG (a DAG can be
// exponentially smaller than its tree), and it is cut after MaxStringLen
// bytes so that logging a huge term stays cheap to read.
func (t *Term) String() string {
	lw := &limitWriter{limit: MaxStringLen}
	p := newPrinter(lw, false)
	p.term(t)
	if lw.cut {
		return lw.sb.String() + "…"
	}
	return lw.sb.String()
}

// Print writes t in full, with let-bindings for shared subterms.
func Print(w io.Writer, t *Term) error {
	bw := &bufWriter{w: bufio.NewWriter(w)}
	p := newPrinter(bw, false)
	p.term(t)
	return bw.flush()
}

// WriteScript writes an SMT-LIB 2 script asserting the given terms: variable
// declarations, one assert per term, (check-sat). It is meant for replaying
// a query in the z3 command-line tool. FPToBits is written as an ite around
// Z3's fp.to_ieee_bv so that NaN keeps our canonical pattern.
func WriteScript(w io.Writer, assertions ...*Term) error {
	bw := &bufWriter{w: bufio.NewWriter(w)}
	p := newPrinter(bw, true)
	vars := collectVars(assertions)
	p.names = make(map[*Term]string, len(vars))
	used := map[string]bool{}
	for _, v := range vars {
		name := v.name
		if used[name] {
			name = fmt.Sprintf("%s@%d", name, v.id)
		}
		used[name] = true
		p.names[v] = QuoteSymbol(name)
	}
	for strings.HasPrefix(p.letPrefix, "?") && anyPrefix(used, p.letPrefix) {
		p.letPrefix += "_"
	}
	for _, v := range vars {
		bw.WriteString("(declare-fun " + p.names[v] + " () " + v.sort.key + ")\n")
	}
	for _, a := range assertions {
		bw.WriteString("(assert ")
		p.term(a)
		bw.WriteString(")\n")
	}
	bw.WriteString("(check-sat)\n")
	return bw.flush()
}

func anyPrefix(names map[string]bool, prefix string) bool {
	for n := range names {
		if strings.HasPrefix(n, prefix) {
			return true
		}
	}
	return false
}

// collectVars returns the variables under ts, ordered by ID.
func collectVars(ts []*Term) []*Term {
	seen := map[*Term]bool{}
	var vars []*Term
	stack := append([]*Term(nil), ts...)
	for len(stack) > 0 {
		t := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[t] {
			continue
		}
		seen[t] = true
		if t.op == OpVar {
			vars = append(vars, t)
		}
		stack = append(stack, t.args...)
	}
	sort.Slice(vars, func(i, j int) bool { return vars[i].id < vars[j].id })
	return vars
}

type output interface {
	WriteString(s string)
	full() bool
}

type limitWriter struct {
	sb    strings.Builder
	limit int
	cut   bool
}

func (l *limitWriter) WriteString(s string) {
	if l.cut {
		return
	}
	if room := l.limit - l.sb.Len(); len(s) > room {
		s = s[:room]
		for len(s) > 0 && !utf8.ValidString(s) {
			s = s[:len(s)-1]
		}
		l.sb.WriteString(s)
		l.cut = true
		return
	}
	l.sb.WriteString(s)
}

func (l *limitWriter) full() bool { return l.cut }

type bufWriter struct {
	w   *bufio.Writer
	err error
}

func (b *bufWriter) WriteString(s string) {
	if b.err == nil {
		_, b.err = b.w.WriteString(s)
	}
}

func (b *bufWriter) full() bool { return b.err != nil }

func (b *bufWriter) flush() error {
	if b.err != nil {
		return b.err
	}
	return b.w.Flush()
}

type printer struct {
	out       output
	script    bool
	names     map[*Term]string // variables, in script mode
	lets      map[*Term]string // let-bound shared subterms
	letPrefix string
}

func newPrinter(out output, script bool) *printer {
	return &printer{out: out, script: script, letPrefix: "?t"}
}

// term prints one root with its own let-bindings.
func (p *printer) term(root *Term) {
	shared := p.sharedNodes(root)
	p.lets = make(map[*Term]string, len(shared))
	for _, s := range shared {
		if p.out.full() {
			return
		}
		p.out.WriteString("(let ((" + p.letPrefix + strconv.FormatUint(s.id, 10) + " ")
		p.expr(s)
		p.out.WriteString(")) ")
		p.lets[s] = p.letPrefix + strconv.FormatUint(s.id, 10)
	}
	p.expr(root)
	p.out.WriteString(strings.Repeat(")", len(shared)))
}

// sharedNodes returns the non-leaf subterms of root that occur more than
// once, children before parents.
func (p *printer) sharedNodes(root *Term) []*Term {
	refs := map[*Term]int{}
	var order []*Term // post-order
	type frame struct {
		t *Term
		i int
	}
	visited := map[*Term]bool{root: true}
	stack := []frame{{t: root}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.i < len(f.t.args) {
			c := f.t.args[f.i]
			f.i++
			refs[c]++
			if p.script && f.t.op == OpFPToBits {
				refs[c]++ // printed twice in the NaN-canonicalising ite
			}
			if !visited[c] {
				visited[c] = true
				stack = append(stack, frame{t: c})
			}
			continue
		}
		order = append(order, f.t)
		stack = stack[:len(stack)-1]
	}
	var shared []*Term
	for _, t := range order {
		if t != root && refs[t] > 1 && len(t.args) > 0 {
			shared = append(shared, t)
		}
	}
	return shared
}

func (p *printer) expr(t *Term) {
	if p.out.full() {
		return
	}
	if name, ok := p.lets[t]; ok {
		p.out.WriteString(name)
		return
	}
	switch t.op {
	case OpConst:
		switch t.sort.kind {
		case KindBool:
			if t.val.lo == 1 {
				p.out.WriteString("true")
			} else {
				p.out.WriteString("false")
			}
		case KindBV:
			p.out.WriteString(t.val.String())
		case KindFP:
			p.out.WriteString(fpLiteral(t.sort, t.val))
		}
		return
	case OpVar:
		if name, ok := p.names[t]; ok {
			p.out.WriteString(name)
		} else {
			p.out.WriteString(QuoteSymbol(t.name))
		}
		return
	}
	var head string
	rm := ""
	if t.HasRoundingMode() {
		rm = " " + t.rm.String()
	}
	switch t.op {
	case OpExtract:
		head = fmt.Sprintf("(_ extract %d %d)", t.idx[0], t.idx[1])
	case OpZeroExt, OpSignExt:
		head = fmt.Sprintf("(_ %s %d)", t.op, t.idx[0])
	case OpConstArray:
		head = "(as const " + t.sort.key + ")"
	case OpFPToSBV, OpFPToUBV:
		head = fmt.Sprintf("(_ %s %d)%s", t.op, t.idx[0], rm)
	case OpFPFromSBV, OpFPToFP:
		head = fmt.Sprintf("(_ to_fp %d %d)%s", t.sort.ebits, t.sort.sbits, rm)
	case OpFPFromUBV:
		head = fmt.Sprintf("(_ to_fp_unsigned %d %d)%s", t.sort.ebits, t.sort.sbits, rm)
	case OpFPFromBits:
		head = fmt.Sprintf("(_ to_fp %d %d)", t.sort.ebits, t.sort.sbits)
	case OpFPToBits:
		if p.script {
			x := t.args[0]
			p.out.WriteString("(ite (fp.isNaN ")
			p.expr(x)
			p.out.WriteString(") " + CanonicalNaN(x.sort).String() + " (fp.to_ieee_bv ")
			p.expr(x)
			p.out.WriteString("))")
			return
		}
		head = t.op.String()
	default:
		head = t.op.String() + rm
	}
	p.out.WriteString("(" + head)
	for _, a := range t.args {
		p.out.WriteString(" ")
		p.expr(a)
	}
	p.out.WriteString(")")
}

// fpLiteral spells an FP constant as its bit pattern converted with to_fp,
// which is standard SMT-LIB and shows the pattern C programmers know.
func fpLiteral(s *Sort, bits BitVec) string {
	if fpIsNaNBits(s, bits) {
		return fmt.Sprintf("(_ NaN %d %d)", s.ebits, s.sbits)
	}
	return fmt.Sprintf("((_ to_fp %d %d) %s)", s.ebits, s.sbits, bits)
}

var reserved = map[string]bool{
	"_": true, "!": true, "as": true, "let": true, "exists": true, "forall": true, "lambda": true,
	"match": true, "par": true, "BINARY": true, "DECIMAL": true, "HEXADECIMAL": true,
	"NUMERAL": true, "STRING": true, "true": true, "false": true,
}

// QuoteSymbol returns name as an SMT-LIB symbol, quoted with |…| unless it
// is a simple symbol. '|' and '\' cannot occur in quoted symbols and become
// '_' (callers that need distinct symbols keep them so).
func QuoteSymbol(name string) string {
	simple := name != "" && !reserved[name] && !(name[0] >= '0' && name[0] <= '9')
	for i := 0; simple && i < len(name); i++ {
		c := name[i]
		simple = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			strings.IndexByte("~!@$%^&*_-+=<>.?/", c) >= 0
	}
	if simple {
		return name
	}
	return "|" + strings.NewReplacer("|", "_", `\`, "_").Replace(name) + "|"
}

package diffscope

// This file analyses the token list of one file-scope declaration: where
// its top-level groups are, whether it is a function header (and which
// name it defines), K&R parameter declarations, declarator names, and the
// macro/type/variable definitions it makes.

import (
	"sort"
	"strings"
)

// item is a top-level element of a token list: a single token (i == j) or
// a bracketed group from p[i] (opening) to p[j] (closing, or the last token
// if unclosed).
type item struct{ i, j int }

func isOpen(t token) bool  { return t.is("(") || t.is("[") || t.is("{") }
func isClose(t token) bool { return t.is(")") || t.is("]") || t.is("}") }

func topItems(p []token) []item {
	items := make([]item, 0, len(p))
	for i := 0; i < len(p); {
		if isOpen(p[i]) {
			j, depth := i, 0
			for ; j < len(p); j++ {
				if isOpen(p[j]) {
					depth++
				} else if isClose(p[j]) {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			if j >= len(p) {
				j = len(p) - 1
			}
			items = append(items, item{i, j})
			i = j + 1
			continue
		}
		items = append(items, item{i, i})
		i++
	}
	return items
}

func (it item) group(p []token, open string) bool { return p[it.i].is(open) }

func topHas(p []token, text string) bool {
	for _, it := range topItems(p) {
		if it.i == it.j && p[it.i].text == text && p[it.i].kind != tkString && p[it.i].kind != tkChar {
			return true
		}
	}
	return false
}

func isPlainIdent(t token) bool { return t.kind == tkIdent && !cKeywords[t.text] }

func isAllCaps(s string) bool {
	letter := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' {
			return false
		}
		if c >= 'A' && c <= 'Z' {
			letter = true
		}
	}
	return letter
}

func isTagKw(t token) bool {
	return t.kind == tkIdent && (t.text == "struct" || t.text == "union" || t.text == "enum")
}

// isTypeBody reports whether a '{' following p opens a struct/union/enum
// body: the last top-level tag keyword is followed only by identifiers,
// attribute groups and an enum base.
func isTypeBody(p []token) bool {
	items := topItems(p)
	k := -1
	for n, it := range items {
		if it.i == it.j && isTagKw(p[it.i]) {
			k = n
		}
	}
	if k < 0 {
		return false
	}
	for n := k + 1; n < len(items); n++ {
		it := items[n]
		t := p[it.i]
		switch {
		case it.i == it.j && (t.kind == tkIdent || t.is(":")):
		case it.group(p, "(") && n > 0 && isAttrLike(p[items[n-1].i].text):
		default:
			return false
		}
	}
	return true
}

func isAttrLike(name string) bool {
	return attrNames[name] || strings.HasPrefix(name, "__") || isAllCaps(name)
}

// funcName finds the name of the function whose header is p, and the index
// in p of the token that holds it (or of the group that contains it).
func funcName(p []token) (string, int, bool) { return funcNameIn(p, false) }

func funcNameIn(p []token, nested bool) (string, int, bool) {
	items := topItems(p)
	for _, it := range items {
		if it.i == it.j && p[it.i].kind == tkIdent && stmtKeywords[p[it.i].text] {
			return "", 0, false
		}
	}
	var cands []int // token indices
	for n := 0; n+1 < len(items); n++ {
		it := items[n]
		if it.i == it.j && isPlainIdent(p[it.i]) && !attrNames[p[it.i].text] && items[n+1].group(p, "(") {
			cands = append(cands, it.i)
		}
	}
	if len(cands) == 0 {
		// A function returning a pointer to function or array:
		// int (*get(int x))(int) { ... }, void (*(get(void)))(int) { ... }
		for _, it := range items {
			if it.group(p, "(") && it.j > it.i+1 && (nested || p[it.i+1].is("*") || p[it.i+1].is("^")) {
				if name, _, ok := funcNameIn(p[it.i+1:it.j], true); ok {
					return name, it.i, true
				}
			}
		}
		return "", 0, false
	}
	for i := len(cands) - 1; i >= 0; i-- {
		if c := p[cands[i]].text; !strings.HasPrefix(c, "__") && !isAllCaps(c) {
			return c, cands[i], true
		}
	}
	return p[cands[0]].text, cands[0], true
}

// headerStart returns the index in p where the header of the function
// named at index name starts: after the last complete macro invocation
// (IDENT(...)) before the name that is followed by a blank line, so that
// declaration-generating macros without a ';' (FOO_FNS(a, b)) stay out.
func headerStart(p []token, name int) int {
	start := 0
	items := topItems(p)
	for n := 0; n+1 < len(items); n++ {
		it, g := items[n], items[n+1]
		if g.j >= name {
			break
		}
		if it.i == it.j && p[it.i].kind == tkIdent && !attrNames[p[it.i].text] && g.group(p, "(") &&
			g.j+1 < len(p) && p[g.j+1].line >= p[g.j].end+2 {
			start = g.j + 1
		}
	}
	return start
}

// krContinues reports whether a ';' ending p belongs to the parameter
// declarations of a K&R-style function definition. The caller has checked
// that p has no top-level '=' or typedef.
func krContinues(p []token) bool {
	items := topItems(p)
	for n := 0; n+1 < len(items); n++ {
		it, g := items[n], items[n+1]
		if !(it.i == it.j && isPlainIdent(p[it.i]) && g.group(p, "(")) {
			continue
		}
		names := map[string]bool{}
		for k := g.i + 1; k < g.j; k++ {
			t := p[k]
			if (k-g.i)%2 == 1 {
				if !isPlainIdent(t) {
					return false
				}
				names[t.text] = true
			} else if !t.is(",") {
				return false
			}
		}
		if len(names) == 0 || g.j+1 >= len(p) {
			return false
		}
		rest := p[g.j+1:]
		last := 0
		for _, r := range topItems(rest) {
			if r.i == r.j && rest[r.i].is(";") {
				last = r.i + 1
			}
		}
		seg := rest[last:]
		if len(seg) == 0 {
			return false
		}
		for _, d := range splitTop(seg, ",") {
			name, _, ok := declName(d)
			if !ok || !names[name] {
				return false
			}
		}
		return true
	}
	return false
}

// splitTop splits p at top-level occurrences of sep.
func splitTop(p []token, sep string) [][]token {
	var out [][]token
	start := 0
	for _, it := range topItems(p) {
		if it.i == it.j && p[it.i].is(sep) {
			out = append(out, p[start:it.i])
			start = it.i + 1
		}
	}
	return append(out, p[start:])
}

// declName finds the name declared by one declarator (the first one may
// include the declaration specifiers). isFunc reports a function declarator.
func declName(d []token) (name string, isFunc, ok bool) {
	items := topItems(d)
	// Drop the initializer.
	for n, it := range items {
		if it.i == it.j && d[it.i].is("=") {
			items = items[:n]
			break
		}
	}
	var kept []int // indices into items
	for n := 0; n < len(items); n++ {
		it := items[n]
		t := d[it.i]
		if it.i == it.j && t.kind == tkIdent && (attrNames[t.text] || strings.HasPrefix(t.text, "__")) &&
			n+1 < len(items) && items[n+1].group(d, "(") {
			n++ // attribute with arguments
			continue
		}
		if it.group(d, "{") || it.group(d, "[") {
			continue
		}
		kept = append(kept, n)
	}
	for _, n := range kept {
		it := items[n]
		if it.group(d, "(") && it.j > it.i+1 && (d[it.i+1].is("*") || d[it.i+1].is("^") || d[it.i+1].is("(")) {
			return declName(d[it.i+1 : it.j])
		}
	}
	for k := len(kept) - 1; k >= 0; k-- {
		n := kept[k]
		it := items[n]
		if it.i != it.j || !isPlainIdent(d[it.i]) {
			continue
		}
		if n > 0 && items[n-1].i == items[n-1].j && isTagKw(d[items[n-1].i]) {
			return "", false, false // struct T; or struct T {...}: no declarator
		}
		isFunc = k+1 < len(kept) && items[kept[k+1]].group(d, "(")
		return d[it.i].text, isFunc, true
	}
	return "", false, false
}

// classify records the definitions made by a file-scope declaration p that
// ends with the ';' token semi.
func (s *scanner) classify(p []token, semi token) {
	if len(p) == 0 {
		return
	}
	start, end := p[0].line, semi.end
	text := joinTokens(p)
	s.typeBodies(p)
	segs := splitTop(p, ",")
	var names []string
	kind := DefGlobal
	if topHas(segs[0], "static") {
		kind = DefStatic
	}
	typedef := topHas(segs[0], "typedef")
	if typedef {
		kind = DefType
	}
	for _, seg := range segs {
		name, isFunc, ok := declName(seg)
		if !ok {
			continue
		}
		if isFunc {
			if typedef {
				names = append(names, name)
				continue
			}
			// DEFINE_MUTEX(lock); defines a variable named lock.
			if strings.HasPrefix(name, "DEFINE_") || strings.HasPrefix(name, "DECLARE_") {
				if v := firstIdentArg(seg, name); v != "" {
					names = append(names, v)
				}
			}
			continue // a prototype or a macro invocation
		}
		names = append(names, name)
	}
	if len(names) == 0 {
		return
	}
	uses := usesOf(p)
	for _, n := range names {
		delete(uses, n)
	}
	u := sortedKeys(uses)
	for _, n := range names {
		s.out.Defs = append(s.out.Defs, Def{Kind: kind, Name: n, StartLine: start, EndLine: end,
			Idents: []string{n}, Uses: u, text: text})
	}
}

func firstIdentArg(seg []token, name string) string {
	for i := 0; i+1 < len(seg); i++ {
		if seg[i].text == name && seg[i+1].is("(") {
			for _, t := range seg[i+2:] {
				if t.is(")") {
					return ""
				}
				if isPlainIdent(t) {
					return t.text
				}
			}
		}
	}
	return ""
}

// typeBodies records every tagged struct/union/enum body and every enum
// in p, including nested ones.
func (s *scanner) typeBodies(p []token) {
	for k := 0; k < len(p); k++ {
		if !isTagKw(p[k]) {
			continue
		}
		// Find the '{' after the tag, skipping attributes.
		var tag string
		b := -1
	look:
		for i := k + 1; i < len(p); i++ {
			t := p[i]
			switch {
			case t.is("{"):
				b = i
				break look
			case t.kind == tkIdent:
				if i+1 < len(p) && p[i+1].is("(") && isAttrLike(t.text) {
					j := matchFrom(p, i+1)
					i = j
					continue
				}
				if !attrNames[t.text] && !cKeywords[t.text] && (tag == "" || !strings.HasPrefix(t.text, "__")) {
					tag = t.text
				}
			case t.is(":"):
				for i+1 < len(p) && !p[i+1].is("{") && (p[i+1].kind == tkIdent) {
					i++
				}
			default:
				break look
			}
		}
		if b < 0 {
			continue
		}
		e := matchFrom(p, b)
		kw := p[k].text
		var idents []string
		name := ""
		if tag != "" {
			name = kw + " " + tag
			idents = append(idents, name)
		}
		if kw == "enum" {
			enums := enumerators(p[b+1 : e])
			if name == "" && len(enums) > 0 {
				name = "enum {" + enums[0] + "}"
			}
			idents = append(idents, enums...)
		}
		if name == "" {
			continue
		}
		uses := usesOf(p[b+1 : e])
		for _, id := range idents {
			delete(uses, id)
		}
		s.out.Defs = append(s.out.Defs, Def{Kind: DefType, Name: name, StartLine: p[k].line, EndLine: p[e].end,
			Idents: idents, Uses: sortedKeys(uses), text: joinTokens(p[k : e+1])})
	}
}

// matchFrom returns the index of the bracket closing p[i], or len(p)-1.
func matchFrom(p []token, i int) int {
	depth := 0
	for j := i; j < len(p); j++ {
		if isOpen(p[j]) {
			depth++
		} else if isClose(p[j]) {
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return len(p) - 1
}

func enumerators(body []token) []string {
	var out []string
	for _, seg := range splitTop(body, ",") {
		if len(seg) > 0 && isPlainIdent(seg[0]) {
			out = append(out, seg[0].text)
		}
	}
	return out
}

// usesOf collects identifiers and tag references in p.
func usesOf(p []token) map[string]bool {
	uses := map[string]bool{}
	for i, t := range p {
		if t.kind != tkIdent {
			continue
		}
		if !cKeywords[t.text] {
			uses[t.text] = true
		}
		if i > 0 && isTagKw(p[i-1]) {
			uses[p[i-1].text+" "+t.text] = true
		}
	}
	return uses
}

func joinTokens(p []token) string {
	var b strings.Builder
	for i, t := range p {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.text)
	}
	return b.String()
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

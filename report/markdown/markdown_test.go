package markdown

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/prbmc/prbmc/report/internal/fixtures"
	"github.com/prbmc/prbmc/verifier/result"
)

func handMade() []FunctionResult {
	return []FunctionResult{
		{Name: "check", File: "src/check.c", Line: 7, Result: fixtures.Unsafe()},
		{Name: "main", File: "src/ring.c", Line: 37, Result: fixtures.Safe(), Assumed: []string{"nondet global g"}},
		{Name: "loop", File: "src/loop.c", Line: 3, Result: fixtures.Bounded()},
		{Name: "parse", File: "src/parse.c", Line: 10, Result: fixtures.Unknown()},
		{Name: "idle", File: "src/idle.c", Line: 1, Result: &result.Result{Verdict: result.Safe, Engine: "incremental", Elapsed: 3 * time.Millisecond}},
		{Name: "never", File: "src/idle.c", Line: 9, Result: &result.Result{Verdict: result.Safe, Engine: "incremental", K: 1,
			Props: []result.Property{{ID: "never.assertion.1", Kind: "assertion", Text: "0", Func: "never", Verdict: result.Unreachable}}}},
	}
}

func TestSummaryGolden(t *testing.T) {
	fixtures.Golden(t, "summary.md", []byte(Summary(handMade(), SummaryOptions{Marker: "prbmc-summary"})))
	var real []FunctionResult
	for _, name := range fixtures.Real {
		r, err := fixtures.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		real = append(real, FunctionResult{Name: name, File: "testdata/" + name + ".c", Result: r})
	}
	fixtures.Golden(t, "summary_real.md", []byte(Summary(real, SummaryOptions{Title: "prbmc on testdata"})))
}

// notChecked is a partial run: one function verified, the budget spent
// before two others, one removed.
func notChecked() ([]FunctionResult, SummaryOptions) {
	results := []FunctionResult{{Name: "main", File: "src/ring.c", Line: 30, Result: fixtures.Safe()}}
	return results, SummaryOptions{Marker: "prbmc:summary", NotChecked: []NotChecked{
		{Name: "push", File: "src/ring.c", Line: 12, Reason: "the time budget (10m0s) ran out"},
		{Name: "pop|@octocat", File: "src/ring.c", Line: 20, Reason: "the time budget (10m0s) ran out"},
		{Name: "gone", File: "src/old.c", Reason: "removed"},
	}}
}

func TestSummaryNotChecked(t *testing.T) {
	results, opts := notChecked()
	s := Summary(results, opts)
	fixtures.Golden(t, "summary_notchecked.md", []byte(s))
	checkSafe(t, s)
	wantContains(t, "summary", s,
		"### prbmc: no failures found, but 3 functions were not checked",
		"**Not checked**",
		"- ⏭️ `push` at `src/ring.c:12`: the time budget (10m0s) ran out",
		"- ⏭️ `gone` at `src/old.c`: removed",
		"**Totals:** 1 function checked · 1 proved safe · 3 not checked",
	)
	// Failures still head the summary when some functions were skipped.
	opts.NotChecked = opts.NotChecked[:1]
	s = Summary(handMade(), opts)
	if !strings.Contains(s, "### prbmc: 1 of 6 functions can fail") || !strings.Contains(s, "· 2 nothing to check · 1 not checked") {
		t.Errorf("headline or totals wrong with a skipped function:\n%s", s)
	}
	if s := Summary(nil, SummaryOptions{NotChecked: opts.NotChecked}); !strings.Contains(s, "### prbmc: no functions checked, 1 not checked") {
		t.Errorf("empty run with a skipped function:\n%s", s)
	}
}

func TestSummaryContent(t *testing.T) {
	s := Summary(handMade(), SummaryOptions{})
	checkSafe(t, s)
	checkSafe(t, Summary(handMade()[1:2], SummaryOptions{}))
	wantContains(t, "summary", s,
		"| ❌ can fail | <code>check</code> | <code>src/check.c:7</code> | incremental | 2 | 124 ms |",
		"| ✅ proved safe | <code>main</code>",
		"| ⚠️ bounded(3) | <code>loop</code>",
		"| ❓ unknown | <code>parse</code>",
		"| ➖ nothing to check | <code>idle</code>",
		"| ➖ unreachable | <code>never</code>",
		"- ❓ `parse`: timeout at k=8",
		"- ❌ `check`: assertion `x != 42` can fail at `src/check.c:9`",
		"stub: read_sensor returns any int",
		"**Totals:** 6 functions checked · 1 proved safe · 1 can fail · 1 bounded · 1 unknown · 2 nothing to check",
		"### prbmc: 1 of 6 functions can fail",
	)
}

func TestViolationGolden(t *testing.T) {
	fixtures.Golden(t, "unsafe.comment.md", []byte(ViolationComment(fixtures.Unsafe().Props[0], CommentOptions{Marker: "prbmc:check.assertion.1"})))
	fixtures.Golden(t, "hostile.comment.md", []byte(ViolationComment(fixtures.Hostile().Props[0], CommentOptions{Entry: "ma|in"})))
	fixtures.Golden(t, "hostile.summary.md", []byte(Summary([]FunctionResult{{Name: "ma|in", File: "src/we`ird | @octocat <b>.c", Line: 1, Result: fixtures.Hostile()}}, SummaryOptions{Title: "@octocat </details>"})))
	for _, name := range []string{"ringbuf", "string_ops", "malloc_list"} {
		r, err := fixtures.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		fixtures.Golden(t, name+".comment.md", []byte(ViolationComment(*r.Violated(), CommentOptions{})))
	}
}

func TestViolationContent(t *testing.T) {
	c := ViolationComment(fixtures.Unsafe().Props[0], CommentOptions{Entry: "main", Files: []string{"src/check.c", "src/my lib.c"}})
	wantContains(t, "comment", c,
		"**What can fail:** assertion `x != 42` in `check` at `src/check.c:9`.",
		"1. `__VERIFIER_nondet_int()` = `40` (int, line 13)",
		"2. `uninitialised pad` = `2` (int, line 14, not controllable from outside)",
		"<details><summary>Trace (5 steps)</summary>",
		"| 4 | <code>check.c:8</code> | <code>check</code> | <code>x = x</code> | <code>42</code> |",
		"| 2 | <code>check.c:14</code> | <code>main</code> | <code>declared without initialiser</code> | <code>pad = 2</code> |",
		"prbmc verify --reproduce src/check.c 'src/my lib.c'\n",
	)
}

// wantContains fails t for each of wants that s, the what under test,
// lacks.
func wantContains(t *testing.T, what, s string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(s, want) {
			t.Errorf("%s lacks %q:\n%s", what, want, s)
		}
	}
}

// outsideCode is md without its fenced blocks and backtick code spans:
// what GitHub reads as Markdown and HTML.
func outsideCode(md string) string {
	var b strings.Builder
	fence := ""
	for _, line := range strings.SplitAfter(md, "\n") {
		if fence != "" {
			if strings.TrimSpace(line) == fence {
				fence = ""
			}
			continue
		}
		if m := regexp.MustCompile("^(```+)").FindString(line); m != "" {
			fence = m
			continue
		}
		b.WriteString(line)
	}
	s := b.String()
	var out strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '`' {
			out.WriteByte(s[i])
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] == '`' {
			j++
		}
		run := s[i:j]
		// the closing run: the same length, not part of a longer run
		k := j
		closed := false
		for k < len(s) {
			n := strings.Index(s[k:], run)
			if n < 0 {
				break
			}
			e := k + n + len(run)
			if (e >= len(s) || s[e] != '`') && s[k+n-1] != '`' {
				i, closed = e, true
				break
			}
			k = e
			for k < len(s) && s[k] == '`' {
				k++
			}
		}
		if !closed {
			out.WriteString(run)
			i = j
		}
	}
	return out.String()
}

// checkSafe asserts that user text in md cannot act as markup.
func checkSafe(t *testing.T, md string) {
	t.Helper()
	plain := outsideCode(md)
	for _, bad := range []string{"@octocat", "<script", "</details><", "`", "*/ \""} {
		if strings.Contains(plain, bad) {
			t.Errorf("%q outside code:\n%s", bad, plain)
		}
	}
	if o, c := strings.Count(plain, "<details>"), strings.Count(plain, "</details>"); o != c {
		t.Errorf("%d <details> but %d </details>", o, c)
	}
	lines := strings.Split(plain, "\n")
	for i, line := range lines {
		if i > 0 && strings.HasPrefix(lines[i-1], "|") && !strings.HasPrefix(line, "|") && line != "" {
			t.Errorf("no blank line after a table, before %q", line)
		}
		if strings.HasPrefix(line, ">") || strings.HasPrefix(line, "#") && !strings.HasPrefix(line, "### ") {
			t.Errorf("markup line %q", line)
		}
		if strings.HasPrefix(line, "|") {
			if n := strings.Count(line, "|") - strings.Count(line, `\|`); n != 7 && n != 6 {
				t.Errorf("table row with %d cells: %q", n-1, line)
			}
		}
	}
}

func TestHostile(t *testing.T) {
	h := fixtures.Hostile()
	c := ViolationComment(h.Props[0], CommentOptions{Entry: "ma|in", Marker: "x --> <script>"})
	checkSafe(t, c)
	if strings.Contains(c, "<!-- x -->") || strings.Contains(c, "--><script>") {
		t.Errorf("marker escaped its comment: %s", c)
	}
	s := Summary([]FunctionResult{{Name: "@octocat|`x`", File: "a|b.c", Result: h}}, SummaryOptions{Title: "</details><script>", Marker: "-->"})
	checkSafe(t, s)
	if !strings.Contains(s, "@\u200doctocat") {
		t.Errorf("no zero-width joiner after @:\n%s", s)
	}
}

func TestEscapers(t *testing.T) {
	// Code is also safe inside raw HTML: a backtick span only when it
	// holds nothing HTML or GitHub would act on.
	eachWant(t, "Code", Code, map[string]string{
		"plain":        "`plain`",
		"a `b` ``c``":  "``` a `b` ``c`` ```",
		"a `b`":        "`` a `b` ``",
		"|pipe|":       "`|pipe|`",
		"</details>":   "<code>&lt;/details&gt;</code>",
		"r->n":         "`r->n`",
		"r->n <= 4":    "<code>r-&gt;n &lt;= 4</code>",
		"a && b":       "<code>a &amp;&amp; b</code>",
		`"q"`:          "`\"q\"`",
		"x\ny":         "`x y`",
		"`":            "`` ` ``",
		" both ends ":  "`  both ends  `",
		"@octocat ok?": "<code>@\u200doctocat ok?</code>",
		"#12":          "<code>&#35;\u200d12</code>",
		"#include":     "`#include`",
		"x\xff\xfe":    "`x\\xff\\xfe`",
		"":             "` `",
	})
	// span, for this package's own Markdown lines, keeps C text in a
	// backtick span; only mentions need CodeHTML.
	eachWant(t, "span", span, map[string]string{
		"r->n <= 4":    "`r->n <= 4`",
		"a && b":       "`a && b`",
		"<img src=x>":  "`<img src=x>`",
		"@octocat ok?": "<code>@\u200doctocat ok?</code>",
		"see #12":      "<code>see #\u200d12</code>",
		"a\xffb":       "`a\\xffb`",
	})
	eachWant(t, "flatText", flatText, map[string]string{
		"ok\xff":         `ok\xff`,
		"\xc3(\n\u2028x": `\xc3(  x`,
		"\u0085é\x80":    ` é\x80`,
		"\xef\xbf\xbd":   "\ufffd", // U+FFFD itself is valid
	})
	eachWant(t, "shellQuote", shellQuote, map[string]string{
		"src/a.c":        "src/a.c",
		"my lib.c":       "'my lib.c'",
		"it's.c":         `'it'\''s.c'`,
		"a\nb.c":         "'a b.c'",
		"src/\xff\xfe.c": `'src/'"$(printf '\377\376')"'.c'`,
		"\xffa\x80":      `''"$(printf '\377')"'a'"$(printf '\200')"''`,
	})
	eachWant(t, "Text", Text, map[string]string{
		"# title":        "&#35; title",
		"> quote":        "&gt; quote",
		"1. item":        "1&#46; item",
		"- item":         "&#45; item",
		"a|b":            "a&#124;b",
		"<b>&":           "&lt;b&gt;&amp;",
		"@octocat #12":   "@\u200doctocat #\u200d12",
		"two\nlines":     "two lines",
		"*x* _y_ [l](u)": "&#42;x&#42; &#95;y&#95; &#91;l&#93;(u)",
		"a_b __c d__e_":  "a_b &#95;&#95;c d__e&#95;",
		"$x$":            "&#36;x&#36;",
	})
	if got := CodeCell("a|b`c"); got != "<code>a&#124;b&#96;c</code>" {
		t.Errorf("CodeCell = %q", got)
	}
	if got := CodeHTML("<a href=\"x\">@o</a>\xff"); got != "<code>&lt;a href=&quot;x&quot;&gt;@\u200do&lt;/a&gt;&#92;xff</code>" {
		t.Errorf("CodeHTML = %q", got)
	}
	if got := comment("a--b--><c"); got != "<!-- a-b-c -->" {
		t.Errorf("comment = %q", got)
	}
	if got := fenced("sh", "echo ```\n"); got != "````sh\necho ```\n````\n" {
		t.Errorf("fenced = %q", got)
	}
	if got := fenced("sh", "a\r\n\tb\xff\n"); got != "```sh\na \n\tb\\xff\n```\n" {
		t.Errorf("fenced = %q", got)
	}
}

func TestLongTraceFits(t *testing.T) {
	r := fixtures.Long(10000)
	c := ViolationComment(r.Props[0], CommentOptions{})
	if len(c) > MaxBody {
		t.Fatalf("comment is %d bytes", len(c))
	}
	if !strings.Contains(c, "<details><summary>Trace (10000 steps)</summary>") {
		t.Error("no trace summary")
	}
	m := regexp.MustCompile(`… (\d+) more steps; see the SARIF alert for the full trace`).FindStringSubmatch(c)
	if m == nil {
		t.Fatalf("no truncation note")
	}
	rows := strings.Count(c, "\n| ") - 1 // less the header row
	var more int
	fmt.Sscan(m[1], &more)
	if rows-1+more != 10000 {
		t.Errorf("%d rows shown + %d left out != 10000", rows-1, more)
	}
	if !strings.Contains(c, "| 10000 | <code>spin.c:6</code> | <code>spin</code> | <code>assert(i &lt; 9999)</code> | <code>false</code> |") {
		t.Error("the failing step is not the last row")
	}
	checkSafe(t, c)

	// Long lines of user text and a small limit: still under it.
	h := fixtures.Hostile().Props[0]
	h.Text = strings.Repeat("`@x|</details>", 10000)
	for i := range 3000 {
		h.Trace.Steps = append(h.Trace.Steps, result.Step{Func: "f", Text: strings.Repeat("|`<", 5000), Lhs: "v", Value: fmt.Sprint(i)})
	}
	for i := range 500 {
		h.Trace.Inputs = append(h.Trace.Inputs, result.Input{Why: "__VERIFIER_nondet_int", Type: "int", Value: fmt.Sprint(i)})
	}
	for _, lim := range []int{0, 20000} {
		c := ViolationComment(h, CommentOptions{MaxLen: lim})
		if max := map[int]int{0: MaxBody, 20000: 20000}[lim]; len(c) > max {
			t.Errorf("limit %d: %d bytes", lim, len(c))
		}
		checkSafe(t, c)
	}
}

func TestSummaryFits(t *testing.T) {
	var frs []FunctionResult
	for i := range 3000 {
		r := fixtures.Unknown()
		r.Reason = strings.Repeat("why ", 40)
		frs = append(frs, FunctionResult{Name: fmt.Sprintf("function_with_a_long_name_%d", i), File: "src/x.c", Line: i, Result: r})
	}
	s := Summary(frs, SummaryOptions{})
	if len(s) > MaxBody {
		t.Fatalf("summary is %d bytes", len(s))
	}
	if !strings.Contains(s, "more functions; see the SARIF log") || !strings.Contains(s, "**Totals:** 3000 functions checked · 3000 unknown") {
		t.Errorf("no truncation note or totals:\n%s", s[len(s)-2000:])
	}
	checkSafe(t, s)
}

// TestSummaryVacuous: a run whose only "proof" is of checks no execution
// reaches (a harness that assumes every path away) is not headed as
// proved, and notes are listed whatever the verdict.
func TestSummaryVacuous(t *testing.T) {
	never := handMade()[5]
	never.Notes = []string{"harness changed by this pull request: prbmc/harness/never.c is used as the pull request has it (trust-pr-harness)"}
	s := Summary([]FunctionResult{never}, SummaryOptions{})
	wantContains(t, "summary", s,
		"### prbmc: nothing proved: no check is reached",
		"| ➖ unreachable | <code>never</code>",
		"**Notes**\n\n- ⚠️ `never`: harness changed by this pull request: prbmc/harness/never.c is used",
	)
	if strings.Contains(s, "proved safe") || strings.Contains(s, "every check proved") {
		t.Errorf("a vacuous result reads as a proof:\n%s", s)
	}
	s = Summary(handMade()[1:2:2], SummaryOptions{})
	if !strings.Contains(s, "### prbmc: no failures: every check proved") {
		t.Errorf("a real proof's headline:\n%s", s)
	}
	s = Summary([]FunctionResult{handMade()[1], never}, SummaryOptions{})
	if !strings.Contains(s, "### prbmc: no failures: every reachable check proved") {
		t.Errorf("a proof beside a vacuous result:\n%s", s)
	}
}

// classified is a run with a failure reached from a caller and a function
// proved under a contract note.
func classified() []FunctionResult {
	trace := &result.Trace{Replayed: true, Inputs: []result.Input{{Why: "argument n", Type: "int", Value: "4"}}}
	return []FunctionResult{
		{Name: "at", File: "src/t.c", Line: 26, Result: &result.Result{Verdict: result.Unsafe, Engine: "auto", Props: []result.Property{
			{ID: "at.bounds.1", Kind: "bounds", Text: "i < 4", Func: "at", Location: result.Location{File: "src/t.c", Line: 28},
				Verdict: result.Unsafe, Trace: trace, Finding: result.FindingCaller, Via: []string{"last"}, Note: "Reached from last() with its own inputs: last() → at()."}}}},
		{Name: "get", File: "src/t.c", Line: 13, Result: &result.Result{Verdict: result.Safe, Engine: "auto",
			Assumed: []string{"bounds check `idx < 8` at src/t.c:15 holds (contract note: …)"}, Props: []result.Property{
				{ID: "get.bounds.1", Kind: "bounds", Text: "idx < 8", Func: "get", Location: result.Location{File: "src/t.c", Line: 15},
					Verdict: result.Unsafe, Trace: trace, Finding: result.FindingContract, Via: []string{"lookup"},
					Note: "Needs an input no caller here passes: lookup() never breaks it (proved)."}}}},
	}
}

func TestSummaryFindingClasses(t *testing.T) {
	s := Summary(classified(), SummaryOptions{Reproduce: func(f FunctionResult) string { return "prbmc check --base abc --paths " + f.File }})
	wantContains(t, "summary", s,
		"### prbmc: 1 of 2 functions can fail",
		"| ✅ proved safe · 📝 1 note | <code>get</code> |",
		"- ❌ `at`: bounds check `i < 4` can fail at `src/t.c:28` — reached from `last()` with `argument n = 4` — re-run: `prbmc check --base abc --paths src/t.c`",
		"**Contract and stub notes (not failures: the proofs above assume them)**",
		"- 📝 contract note, `get`: bounds check `idx < 8` at `src/t.c:15`: Needs an input no caller here passes: lookup() never breaks it (proved).",
	)
	if strings.Contains(s, "- ❌ `get`") {
		t.Errorf("a contract note is listed as a failure:\n%s", s)
	}
}

// TestSummaryCached: a verdict reused from the result cache says so in
// its row, with the commit whose run checked it.
func TestSummaryCached(t *testing.T) {
	got := Summary([]FunctionResult{
		{Name: "idle", File: "src/idle.c", Line: 1, CachedFrom: "abc1234def5678abc1234def5678abc1234def56",
			Result: &result.Result{Verdict: result.Safe, Engine: "auto", Elapsed: 3 * time.Millisecond}},
		{Name: "busy", File: "src/idle.c", Line: 9, Result: &result.Result{Verdict: result.Safe, Engine: "auto", Elapsed: 5 * time.Millisecond}},
	}, SummaryOptions{})
	if !strings.Contains(got, "| 3 ms, cached from abc1234 |") {
		t.Errorf("the cached function's row lacks its time and \"cached from abc1234\":\n%s", got)
	}
	if strings.Count(got, "cached from") != 1 {
		t.Errorf("want one \"cached from\" (the other was checked):\n%s", got)
	}
}

// eachWant fails t for each input of cases that f, named name, does not
// map to its wanted output.
func eachWant(t *testing.T, name string, f func(string) string, cases map[string]string) {
	t.Helper()
	for in, want := range cases {
		if got := f(in); got != want {
			t.Errorf("%s(%q) = %q, want %q", name, in, got, want)
		}
	}
}

package markdown

import (
	"fmt"
	"html"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/prbmc/prbmc/report/internal/fixtures"
	"github.com/prbmc/prbmc/verifier/result"
)

// The hostile golden files (testdata/report/hostile/) are what a pull
// request whose file names, #line names, assertion texts and values try to
// inject HTML, mentions and invalid UTF-8 gets: the summary comment, a
// review comment and the job summary as the action composes it.

// hostileRun is a run over fixtures.HostileNames: a failing function, one
// whose check is unknown for a hostile reason, one not checked.
func hostileRun() ([]FunctionResult, SummaryOptions) {
	unknown := fixtures.Unknown()
	unknown.Reason = "timeout in " + fixtures.LineName + " \xff @octocat"
	results := []FunctionResult{
		{Name: "check", File: fixtures.TagFile, Line: 9, Result: fixtures.HostileNames(), Assumed: []string{"nondet global " + fixtures.EvilString}},
		{Name: "parse", File: fixtures.BytesFile, Line: 3, Result: unknown},
		{Name: "main", File: fixtures.LineName, Line: 1, Result: fixtures.Safe(), Assumed: []string{fixtures.LineName}},
	}
	return results, SummaryOptions{Marker: "prbmc:summary", NotChecked: []NotChecked{
		{Name: "skipped", File: fixtures.LineName, Line: 4, Reason: fixtures.EvilString},
		{Name: "gone", File: fixtures.BytesFile, Reason: "removed @octocat"},
	}}
}

// actionShellQuote is the action's shellQuote (cmd/prbmc/internal/action),
// which passes bytes through as they are.
func actionShellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// jobSummary is the job summary (and the summary comment with findings)
// as cmd/prbmc/internal/action's summaryBody composes it: the summary, then
// each failing check's review comment in a <details> block whose
// <summary> line names the function and place with code, which the action
// writes with Code (pass CodeHTML to check the recommended form).
func jobSummary(results []FunctionResult, opts SummaryOptions, code func(string) string) string {
	var b strings.Builder
	b.WriteString(Summary(results, opts))
	b.WriteString("\n**Findings**\n\n")
	for _, f := range results {
		if f.Result == nil {
			continue
		}
		for _, p := range f.Result.Props {
			if p.Verdict != result.Unsafe {
				continue
			}
			copts := CommentOptions{Entry: f.Name, Marker: "prbmc:violation:0123abcd", Files: []string{f.File}}
			copts.Command = fmt.Sprintf("prbmc check --base %s --paths %s", "0123abc", actionShellQuote(f.File))
			copts.CommandIntro = "**Re-run** the check that found it, in a clone at this commit:"
			where := fmt.Sprintf("%s:%d", p.Location.File, p.Location.Line)
			fmt.Fprintf(&b, "<details><summary>%s in %s at %s</summary>\n\n%s\n</details>\n\n",
				Text("❌ assertion can fail"), code(f.Name), code(where), ViolationComment(p, copts))
		}
	}
	return b.String()
}

func TestHostileGolden(t *testing.T) {
	results, opts := hostileRun()
	p := results[0].Result.Props[0]
	for name, md := range map[string]string{
		"hostile/summary.md":     Summary(results, opts),
		"hostile/comment.md":     ViolationComment(p, CommentOptions{Entry: "check", Marker: "prbmc:violation:0123abcd"}),
		"hostile/job-summary.md": jobSummary(results, opts, Code),
	} {
		t.Run(name, func(t *testing.T) {
			fixtures.Golden(t, name, []byte(md))
			checkInert(t, md)
			checkSafe(t, md)
		})
	}
	checkInert(t, jobSummary(results, opts, CodeHTML))
	// The reproducer names the non-UTF-8 file exactly.
	c := ViolationComment(p, CommentOptions{Files: []string{fixtures.BytesFile, fixtures.TagFile}})
	if want := `prbmc verify --reproduce 'src/'"$(printf '\377\376')"'.c' 'src/<img src=x onerror=alert(1)>.c'`; !strings.Contains(c, want+"\n") {
		t.Errorf("reproducer command is not %s:\n%s", want, c)
	}
}

// allowedTag is the HTML prbmc writes itself; every other < in a body
// must be escaped.
var allowedTag = regexp.MustCompile(`^(?:</?(?:details|summary|code)>|<!-- [A-Za-z0-9._:/=+ -]* -->$)`)

// pingable is an @mention or #reference GitHub would act on (after
// character references are decoded).
var pingable = regexp.MustCompile(`@[A-Za-z0-9_-]|#[0-9]`)

// checkInert asserts that nothing from the repository in md acts as HTML
// or pings anyone once GitHub renders it: md is valid UTF-8; outside
// fenced code blocks, and outside backtick code spans on Markdown lines,
// every < starts a tag prbmc writes (<details>, <summary>, <code>, its
// marker comment), so on raw HTML lines (a <details> block up to its blank
// line) no backtick span may hold one; nowhere outside fenced code blocks,
// backtick spans included, is an @ or # followed by a name character or
// digit; every table row has as many cells as its header.
func checkInert(t *testing.T, md string) {
	t.Helper()
	if !utf8.ValidString(md) {
		t.Errorf("not valid UTF-8: %q", md)
	}
	fence, inHTML, cols := "", false, 0
	for n, line := range strings.Split(md, "\n") {
		if fence != "" {
			if strings.TrimSpace(line) == fence {
				fence = ""
			}
			continue
		}
		if line == "" {
			inHTML, cols = false, 0
			continue
		}
		if !inHTML {
			if m := regexp.MustCompile("^```+").FindString(line); m != "" {
				fence = m
				continue
			}
			// An HTML block of type 6 (<details>, <summary>) runs to the
			// next blank line; a comment (type 2) to its -->.
			inHTML = regexp.MustCompile(`^</?(details|summary)\b`).MatchString(line)
		}
		// A backtick code span is code on a Markdown line only: on a raw
		// HTML line GitHub reads it as HTML.
		live := line
		if !inHTML && !strings.HasPrefix(line, "<!--") {
			live = outsideCode(line)
		}
		for i := strings.IndexByte(live, '<'); i >= 0; {
			if !allowedTag.MatchString(live[i:]) {
				t.Errorf("line %d: markup from the repository at %q:\n%s", n+1, live[i:], line)
				break
			}
			j := strings.IndexByte(live[i+1:], '<')
			if j < 0 {
				break
			}
			i += 1 + j
		}
		for _, bad := range []string{"<a ", "<img", "<!--x", "--><"} {
			if strings.Contains(live, bad) {
				t.Errorf("line %d holds %q: %s", n+1, bad, line)
			}
		}
		if m := pingable.FindString(html.UnescapeString(line)); m != "" {
			t.Errorf("line %d: %q would ping or link: %s", n+1, m, line)
		}
		if !inHTML && strings.HasPrefix(line, "|") {
			c := strings.Count(line, "|")
			if cols == 0 {
				cols = c
			} else if c != cols {
				t.Errorf("line %d: table row with %d cells, the header has %d: %s", n+1, c-1, cols-1, line)
			}
		} else {
			cols = 0
		}
	}
}

// hostileAlphabet is what random names are made of: markup, Markdown and
// shell punctuation, line breaks, bytes that are not UTF-8, a few letters.
var hostileAlphabet = []string{
	"<", ">", "&", "\"", "'", "`", "``", "```", "|", "\\", "@", "#", "1", "a", "Z", "_", "-", "*", "[", "]", "(", ")",
	"!", "~", "$", ":", "/", ".", " ", "\n", "\r", "\t", "\x00", "\x7f", "\xff", "\xfe", "\x80", "\xc3", "\u0085",
	"\u2028", "\u200d", "é", "<!--", "-->", "<a href=x>", "</details>", "<code>", "@octocat", "#12", "&lt;", "&#96;",
}

func randomName(r *rand.Rand) string {
	var b strings.Builder
	for range r.IntN(12) {
		b.WriteString(hostileAlphabet[r.IntN(len(hostileAlphabet))])
	}
	return b.String()
}

// TestRandomNamesInert puts random hostile strings in every place a
// repository controls (file and #line names, function names, texts,
// values, reasons, assumptions) and checks that all three bodies stay
// inert.
func TestRandomNamesInert(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	s := func() string { return randomName(r) }
	for i := range 300 {
		res := fixtures.HostileNames()
		p := &res.Props[0]
		p.Text, p.Func, p.Location.File = s(), s(), s()
		for j := range p.Trace.Steps {
			st := &p.Trace.Steps[j]
			st.Func, st.Location.File, st.Text, st.Lhs, st.Value = s(), s(), s(), s(), s()
		}
		for j := range p.Trace.Inputs {
			in := &p.Trace.Inputs[j]
			in.Why, in.Type, in.Value, in.Location.File = s(), s(), s(), s()
		}
		res.Assumed = []string{s()}
		unknown := fixtures.Unknown()
		unknown.Reason = s()
		results := []FunctionResult{
			{Name: s(), File: s(), Line: 9, Result: res},
			{Name: s(), File: s(), Line: 3, Result: unknown},
			{Name: s(), File: s(), Result: fixtures.Safe(), Assumed: []string{s(), s()}},
		}
		opts := SummaryOptions{Marker: "prbmc:summary", NotChecked: []NotChecked{{Name: s(), File: s(), Line: 4, Reason: s()}}}
		for name, md := range map[string]string{
			"summary":     Summary(results, opts),
			"comment":     ViolationComment(*p, CommentOptions{Entry: s(), Files: []string{s(), s()}, Marker: "prbmc:violation:1"}),
			"job summary": jobSummary(results, opts, Code),
		} {
			if ok := t.Run(fmt.Sprintf("%d/%s", i, name), func(t *testing.T) { checkInert(t, md) }); !ok {
				t.Fatalf("%s %d fails:\n%s", name, i, md)
			}
		}
	}
}

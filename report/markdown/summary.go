package markdown

import (
	"fmt"
	"strings"

	"github.com/prbmc/prbmc/report"

	"github.com/prbmc/prbmc/verifier/result"
)

// MaxBody is GitHub's limit on a comment body, in characters; bodies are
// kept under it counting bytes, which is stricter.
const MaxBody = 65536

// SummaryOptions shape the summary comment.
type SummaryOptions struct {
	// Title heads the comment (default "prbmc").
	Title string
	// Marker, when set, is written first as an HTML comment, so a sticky
	// comment can be found and updated.
	Marker string
	// MaxLen caps the body (default and upper bound MaxBody).
	MaxLen int
	// NotChecked are functions in scope that were not verified (the time
	// budget ran out, nothing to check, removed): listed after the
	// table and counted in the totals, so a partial run never reads as
	// a complete one.
	NotChecked []NotChecked
	// Reproduce, when set, gives the command that re-runs the check of
	// a function, shown with each of its failures.
	Reproduce func(FunctionResult) string
}

// NotChecked is a function the summary lists as not verified.
type NotChecked struct {
	Name   string
	File   string // "" if unknown
	Line   int    // 0 if unknown
	Reason string // in words: "the time budget ran out"
}

// Summary is the pull-request summary: a table of the functions checked
// (verdict, engine, bound, time), what failed, why each unknown is unknown,
// what the proofs assumed, and a totals line.
func Summary(results []FunctionResult, opts SummaryOptions) string {
	if opts.Title == "" {
		opts.Title = "prbmc"
	}
	if opts.MaxLen <= 0 || opts.MaxLen > MaxBody {
		opts.MaxLen = MaxBody
	}
	var counts [classNothing + 1]int
	for _, f := range results {
		counts[classify(f)]++
	}

	var head strings.Builder
	if opts.Marker != "" {
		head.WriteString(comment(opts.Marker) + "\n")
	}
	fmt.Fprintf(&head, "### %s: %s\n\n", Text(opts.Title), headline(counts, len(results), len(opts.NotChecked)))

	// The sections after the table, each cut to its share if need be.
	var failures, contract, unknowns, assumed, notes []string
	for _, f := range results {
		name := span(f.Name)
		for _, n := range f.Notes {
			notes = append(notes, fmt.Sprintf("- ⚠️ %s: %s", name, Text(n)))
		}
		if f.Result != nil {
			for _, p := range f.Result.Props {
				switch {
				case p.Fails():
					item := fmt.Sprintf("- ❌ %s: %s %s at %s", name, what(p), report.FailVerb(p.Kind), span(place(p.Location.File, p.Location.Line)))
					item += findingWords(p)
					if opts.Reproduce != nil {
						if cmd := opts.Reproduce(f); cmd != "" {
							item += " — re-run: " + span(cmd)
						}
					}
					failures = append(failures, item)
				case p.IsNote():
					contract = append(contract, fmt.Sprintf("- %s %s: %s at %s: %s", noteIcon(p), name, what(p), span(place(p.Location.File, p.Location.Line)), Text(p.Note)))
				}
			}
		}
		switch classify(f) {
		case classUnknown:
			reason := "not verified"
			if f.Result != nil && f.Result.Reason != "" {
				reason = f.Result.Reason
			}
			unknowns = append(unknowns, fmt.Sprintf("- ❓ %s: %s", name, Text(reason)))
		}
		if as := f.AllAssumed(); len(as) > 0 && classify(f) == classSafe {
			var items []string
			for _, a := range as {
				items = append(items, Text(a))
			}
			assumed = append(assumed, fmt.Sprintf("- %s: %s", name, strings.Join(items, "; ")))
		}
	}
	var skipped []string
	for _, nc := range opts.NotChecked {
		var item string
		if nc.Name == "" { // a whole file
			item = "- ⏭️ file " + span(nc.File)
		} else {
			item = "- ⏭️ " + span(nc.Name)
			if loc := place(nc.File, nc.Line); loc != "" {
				item += " at " + span(loc)
			}
		}
		if nc.Reason != "" {
			item += ": " + Text(nc.Reason)
		}
		skipped = append(skipped, item)
	}
	totals := "**Totals:** " + totalsLine(counts, len(results), len(opts.NotChecked)) + "\n"

	// The sections after the table get at most half the body, so the
	// table always shows its first rows.
	room := opts.MaxLen / 2
	var tail strings.Builder
	section := func(title string, lines []string) {
		if len(lines) == 0 {
			return
		}
		fmt.Fprintf(&tail, "**%s**\n\n", title)
		defer tail.WriteString("\n")
		for i, l := range lines {
			more := fmt.Sprintf("- … %d more; see the SARIF log\n", len(lines)-i)
			if tail.Len()+len(l)+1+len(more) > room && i < len(lines)-1 || tail.Len()+len(l)+1 > room {
				tail.WriteString(more)
				return
			}
			tail.WriteString(l + "\n")
		}
	}
	section("Can fail", failures)
	section("Contract and stub notes (not failures: the proofs above assume them)", contract)
	section("Unknown", unknowns)
	section("Notes", notes)
	section("Not checked", skipped)
	if len(assumed) > 0 {
		block := "<details><summary>What the proofs assume</summary>\n\n" + strings.Join(assumed, "\n") + "\n\n</details>\n\n"
		if tail.Len()+len(block) > room {
			block = "The proofs' assumptions are too many to list here; see the SARIF log.\n\n"
		}
		tail.WriteString(block)
	}
	tailText := tail.String()

	var rows []string
	for _, f := range results {
		r := f.Result
		engine, k, t := "", "", "–"
		if r != nil {
			engine, t = Text(r.Engine), duration(r.Elapsed)
			if r.K > 0 {
				k = fmt.Sprint(r.K)
			}
		}
		if f.CachedFrom != "" {
			// The verdict of an earlier run, reused: say whose.
			t = strings.TrimPrefix(t+", ", "–, ") + "cached from " + Text(ShortSHA(f.CachedFrom))
		}
		rows = append(rows, fmt.Sprintf("| %s | %s | %s | %s | %s | %s |\n",
			verdictCell(f), CodeCell(f.Name), CodeCell(place(f.File, f.Line)), engine, k, t))
	}
	table := "| Verdict | Function | File | Engine | k | Time |\n|---|---|---|---|--:|--:|\n"
	budget := opts.MaxLen - head.Len() - len(tailText) - len(totals) - len(table) - 2
	var body strings.Builder
	body.WriteString(head.String())
	if len(results) > 0 {
		body.WriteString(table)
		used := 0
		for i, row := range rows {
			more := fmt.Sprintf("| … | %d more functions; see the SARIF log | | | | |\n", len(rows)-i)
			need := len(row)
			if i < len(rows)-1 {
				need += len(more) // room to say what is left out after it
			}
			if used+need > budget {
				body.WriteString(more)
				break
			}
			body.WriteString(row)
			used += len(row)
		}
		body.WriteString("\n") // a table ends at a blank line
	}
	body.WriteString(tailText)
	body.WriteString(totals)
	return body.String()
}

// ShortSHA is a commit SHA as the reports show it: its first 7 digits.
func ShortSHA(sha string) string {
	if len(sha) > 7 {
		return sha[:7]
	}
	return sha
}

// findingWords says who can cause a failure and with which inputs, after
// its line in the summary.
func findingWords(p result.Property) string {
	var s string
	switch p.Finding {
	case result.FindingCaller:
		chain := make([]string, len(p.Via))
		for i, c := range p.Via {
			chain[i] = c + "()"
		}
		s = " — reached from " + span(strings.Join(chain, " → "))
	case result.FindingInputs:
		s = " — an entry point: any caller can pass"
	}
	if p.Trace != nil {
		var ins []string
		for _, in := range p.Trace.Inputs {
			if report.IsHidden(in.Why) {
				continue
			}
			if len(ins) == 3 {
				ins = append(ins, "…")
				break
			}
			ins = append(ins, span(report.InputName(in)+" = "+in.Value))
		}
		if len(ins) > 0 {
			if s == "" {
				s = " —"
			}
			if p.Finding == result.FindingInputs {
				s += " " + strings.Join(ins, ", ")
			} else {
				s += " with " + strings.Join(ins, ", ")
			}
		} else if p.Finding == result.FindingInputs {
			s += " its inputs"
		}
	}
	return s
}

// noteIcon marks a note by class.
func noteIcon(p result.Property) string {
	if p.Finding == result.FindingStub {
		return "🧩 stub note,"
	}
	return "📝 contract note,"
}

// headline sums the result up for the title.
func headline(counts [classNothing + 1]int, n, notChecked int) string {
	switch {
	case n == 0 && notChecked > 0:
		return fmt.Sprintf("no functions checked, %d not checked", notChecked)
	case n == 0:
		return "no functions checked"
	case counts[classUnsafe] > 0:
		return fmt.Sprintf("%d of %d %s can fail", counts[classUnsafe], n, report.Plural(n, "function", "functions"))
	case counts[classUnknown] > 0:
		return fmt.Sprintf("%d of %d %s unknown", counts[classUnknown], n, report.Plural(n, "function", "functions"))
	case notChecked > 0:
		return fmt.Sprintf("no failures found, but %d %s not checked", notChecked, report.Plural(notChecked, "function was", "functions were"))
	case counts[classBounded] > 0:
		return "no failures found (some only up to a bound)"
	case counts[classSafe] == 0:
		// Unreachable checks prove nothing: a harness that assumes every
		// path away must not read as a proof.
		return "nothing proved: no check is reached"
	case counts[classNothing] > 0:
		return "no failures: every reachable check proved"
	}
	return "no failures: every check proved"
}

func totalsLine(counts [classNothing + 1]int, n, notChecked int) string {
	parts := []string{fmt.Sprintf("%d %s checked", n, report.Plural(n, "function", "functions"))}
	for _, c := range []struct {
		cl   class
		word string
	}{{classSafe, "proved safe"}, {classUnsafe, "can fail"}, {classBounded, "bounded"}, {classUnknown, "unknown"}, {classNothing, "nothing to check"}} {
		if counts[c.cl] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[c.cl], c.word))
		}
	}
	if notChecked > 0 {
		parts = append(parts, fmt.Sprintf("%d not checked", notChecked))
	}
	return strings.Join(parts, " · ")
}

// what is a property in words, its text as code.
func what(p result.Property) string {
	switch p.Kind {
	case "reach-error":
		return "the error location " + span(p.Text)
	case "assertion", "":
		return "assertion " + span(p.Text)
	}
	return Text(p.Kind) + " check " + span(p.Text)
}

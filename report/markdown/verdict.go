package markdown

import (
	"fmt"
	"time"

	"github.com/prbmc/prbmc/report"
	"github.com/prbmc/prbmc/verifier/result"
)

// FunctionResult is one checked function, as the summary lists it.
type FunctionResult = report.FunctionResult

// class is how the summary files a function.
type class int

const (
	classSafe class = iota
	classUnsafe
	classBounded
	classUnknown
	classNothing // unreachable, or no property to check
)

func classify(f FunctionResult) class {
	r := f.Result
	if r == nil {
		return classUnknown
	}
	switch r.Verdict {
	case result.Unsafe:
		return classUnsafe
	case result.Bounded:
		return classBounded
	case result.Unknown:
		return classUnknown
	case result.Unreachable:
		return classNothing
	case result.Safe:
		for _, p := range r.Props {
			if p.Verdict != result.Unreachable {
				return classSafe
			}
		}
		return classNothing
	}
	return classUnknown
}

// verdictCell is the icon and word for a function.
func verdictCell(f FunctionResult) string {
	cell := verdictWords(f)
	if f.Result != nil {
		if n := len(f.Result.Notes()); n > 0 {
			cell += fmt.Sprintf(" · 📝 %d %s", n, report.Plural(n, "note", "notes"))
		}
	}
	return cell
}

func verdictWords(f FunctionResult) string {
	switch classify(f) {
	case classSafe:
		return "✅ proved safe"
	case classUnsafe:
		return "❌ can fail"
	case classBounded:
		return fmt.Sprintf("⚠️ bounded(%d)", f.Result.K)
	case classNothing:
		if f.Result.Verdict == result.Unreachable || len(f.Result.Props) > 0 {
			return "➖ unreachable"
		}
		return "➖ nothing to check"
	}
	return "❓ unknown"
}

// duration is a run time as people read it: 124 ms, 1.3 s, 2m05s.
func duration(d time.Duration) string {
	switch {
	case d <= 0:
		return "–"
	case d < time.Second:
		return fmt.Sprintf("%d ms", d.Milliseconds())
	case d < time.Minute:
		return fmt.Sprintf("%.1f s", d.Seconds())
	}
	d = d.Round(time.Second)
	return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
}

// place is "file:line" for display, "" if unknown.
func place(file string, line int) string {
	if file == "" {
		return ""
	}
	if line > 0 {
		return fmt.Sprintf("%s:%d", file, line)
	}
	return file
}

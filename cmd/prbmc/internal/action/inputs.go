package action

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/prbmc/prbmc/report/results"
	"github.com/prbmc/prbmc/report/sarif"
	"github.com/prbmc/prbmc/verifier/checks"
)

// Comment modes (the comment input).
const (
	CommentReview  = "review"  // inline review comments and the summary comment
	CommentSummary = "summary" // the summary comment only
	CommentNone    = "none"    // no pull-request comments
)

// Fail-on levels (the fail-on input).
const (
	FailOnUnsafe  = "unsafe"  // fail when a check can fail
	FailOnUnknown = "unknown" // also when a function could not be decided
	// FailOnContract also fails on contract and stub notes: failures of
	// the generated harness that no caller here was shown to cause.
	FailOnContract = "contract"
	FailOnNever    = "never"
)

// DefaultChecks leaves out pointer: its alarms depend most on the shapes
// the generated harness guesses (how long an array a pointer parameter
// points to), so it is for projects that state them (assume, or their own
// harness files).
const DefaultChecks = "assertions,overflow,bounds,div-by-zero"

// Inputs are the action's inputs, parsed. The defaults here are the ones
// action.yml declares (a test keeps the two equal); they apply when the
// binary runs outside the action (INPUT_* unset).
type Inputs struct {
	Token           string
	Paths           []string
	Base            string
	FunctionTimeout time.Duration
	TimeBudget      time.Duration
	MaxK            int
	Checks          []string
	CompileCommands string
	IncludeDirs     []string
	Defines         []string
	Comment         string
	SarifUpload     bool
	FailOn          string
	// MemoryMiB caps each function's checker process (0: "auto" was
	// asked for and the checker sizes it); Jobs is how many run at once
	// (0: auto).
	MemoryMiB int
	Jobs      int
	// TrustPRHarness uses harness files the pull request adds or changes.
	TrustPRHarness bool
	// CallerDepth: how many levels of callers classify a failure (0:
	// every failure of the generated harness is reported as one).
	CallerDepth int
	// CacheDir, when set (the cache input), is the result cache's
	// directory (the cache-dir input), relative to the workspace.
	CacheDir string
	// CacheMaxAge: with CacheDir, the cache's entries no run wrote or
	// reused for this long are removed (0: kept for ever).
	CacheMaxAge time.Duration
	// Results, when set, is a results file to publish instead of
	// checking (the second stage of a two-stage workflow), relative to
	// the workspace; PullRequest the pull request to publish it to when
	// the event names none (0: the event's).
	Results     string
	PullRequest int
	// Category is the code-scanning category (SARIF
	// runAutomationDetails.id), ending in "/": an upload replaces the
	// alerts of the previous upload of the same category only.
	Category string
	// WaitForProcessing polls code scanning after the upload until it has
	// processed the log (at most maxProcessingWait).
	WaitForProcessing bool
	// Shard, when set, checks only that shard of the scope (i/N, as
	// prbmc plan and prbmc check --shard split it).
	Shard *results.Shard
	// Levels are the SARIF levels (and so the annotations) of failures,
	// contract and stub notes, and undecided results.
	Levels sarif.Levels
}

// Defaults are the inputs' defaults as action.yml spells them.
var Defaults = map[string]string{
	"github-token":        "${{ github.token }}",
	"paths":               "",
	"base":                "",
	"function-timeout":    "60s",
	"time-budget":         "15m",
	"max-k":               "20",
	"checks":              DefaultChecks,
	"compile-commands":    "",
	"include-dirs":        "",
	"defines":             "",
	"comment":             CommentReview,
	"sarif-upload":        "true",
	"fail-on":             FailOnUnsafe,
	"memory-limit":        "auto",
	"jobs":                "auto",
	"trust-pr-harness":    "false",
	"caller-depth":        "2",
	"cache":               "false",
	"cache-dir":           ".prbmc-cache",
	"cache-max-age":       "720h",
	"results":             "",
	"pull-request":        "",
	"category":            Category,
	"wait-for-processing": "true",
	"level":               sarif.DefaultLevels,
	"shard":               "",
}

// OutputNames are the action's outputs.
var OutputNames = []string{"sarif-file", "results-file", "unsafe", "safe", "bounded", "unknown", "notes", "sarif-id"}

// inputGetter reads an input as the runner passes it to a Docker action
// (INPUT_FUNCTION-TIMEOUT, hyphens kept, as go-githubactions reads it) or
// as the composite action passes it (INPUT_FUNCTION_TIMEOUT: workflow
// env keys are best without hyphens).
func inputGetter(getInput, getenv func(string) string) func(string) string {
	return func(name string) string {
		if v := getInput(name); strings.TrimSpace(v) != "" {
			return v
		}
		return getenv("INPUT_" + strings.ToUpper(strings.ReplaceAll(name, "-", "_")))
	}
}

// parseInputs reads the inputs through get. An empty input takes its
// default; a bad one is an error naming the input.
func parseInputs(get func(string) string) (Inputs, error) {
	val := func(name string) string {
		if v := strings.TrimSpace(get(name)); v != "" {
			return v
		}
		if name == "github-token" {
			return "" // the default is an expression only the runner expands
		}
		return Defaults[name]
	}
	// boolean reads a true/false input, in any case.
	boolean := func(name string) (bool, error) {
		switch v := val(name); strings.ToLower(v) {
		case "true":
			return true, nil
		case "false":
			return false, nil
		default:
			return false, fmt.Errorf("input %s: %q is not true or false", name, v)
		}
	}
	var in Inputs
	var err error
	in.Token = val("github-token")
	in.Paths = list(val("paths"))
	in.Base = val("base")
	if in.FunctionTimeout, err = duration("function-timeout", val("function-timeout")); err != nil {
		return in, err
	}
	if in.TimeBudget, err = duration("time-budget", val("time-budget")); err != nil {
		return in, err
	}
	k, err := strconv.Atoi(val("max-k"))
	if err != nil || k < 1 {
		return in, fmt.Errorf("input max-k: %q is not a positive whole number", val("max-k"))
	}
	in.MaxK = k
	in.Checks = list(val("checks"))
	// The checker parses the list the same way (all, any case).
	if _, err := checks.Parse(strings.Join(in.Checks, ",")); err != nil {
		return in, fmt.Errorf("input checks: %v", err)
	}
	in.CompileCommands = val("compile-commands")
	in.IncludeDirs = list(val("include-dirs"))
	in.Defines = list(val("defines"))
	in.Comment = val("comment")
	if !contains([]string{CommentReview, CommentSummary, CommentNone}, in.Comment) {
		return in, fmt.Errorf("input comment: %q is not one of review, summary, none", in.Comment)
	}
	if in.SarifUpload, err = boolean("sarif-upload"); err != nil {
		return in, err
	}
	in.FailOn = val("fail-on")
	if !contains([]string{FailOnUnsafe, FailOnContract, FailOnUnknown, FailOnNever}, in.FailOn) {
		return in, fmt.Errorf("input fail-on: %q is not one of unsafe, contract, unknown, never", in.FailOn)
	}
	if v := val("memory-limit"); v != "auto" {
		n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSuffix(v, "MiB"), "M"))
		if err != nil || n < 256 {
			return in, fmt.Errorf("input memory-limit: %q is not auto or a number of MiB of at least 256", v)
		}
		in.MemoryMiB = n
	}
	if v := val("jobs"); v != "auto" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return in, fmt.Errorf("input jobs: %q is not auto or a positive whole number", v)
		}
		in.Jobs = n
	}
	if n, err := strconv.Atoi(val("caller-depth")); err != nil || n < 0 || n > 8 {
		return in, fmt.Errorf("input caller-depth: %q is not a whole number from 0 to 8", val("caller-depth"))
	} else {
		in.CallerDepth = n
	}
	if in.TrustPRHarness, err = boolean("trust-pr-harness"); err != nil {
		return in, err
	}
	maxAge, err := duration("cache-max-age", val("cache-max-age"))
	if err != nil {
		return in, err
	}
	if cache, err := boolean("cache"); err != nil {
		return in, err
	} else if cache {
		in.CacheDir, in.CacheMaxAge = val("cache-dir"), maxAge
	}
	in.Results = val("results")
	if v := val("pull-request"); v != "" {
		n, err := strconv.Atoi(strings.TrimPrefix(v, "#"))
		if err != nil || n < 1 {
			return in, fmt.Errorf("input pull-request: %q is not a pull request's number", v)
		}
		in.PullRequest = n
	}
	if in.Category, err = category(val("category")); err != nil {
		return in, err
	}
	if in.WaitForProcessing, err = boolean("wait-for-processing"); err != nil {
		return in, err
	}
	if in.Levels, err = sarif.ParseLevels(val("level")); err != nil {
		return in, fmt.Errorf("input level: %v", err)
	}
	if in.Shard, err = results.ParseShard(val("shard")); err != nil {
		return in, fmt.Errorf("input shard: %v", err)
	}
	return in, nil
}

// maxCategory bounds the category input: it is an identifier, not text.
const maxCategory = 200

// category checks the category input and ends it with "/", as
// codeql-action's upload-sarif does: GitHub takes what precedes the last
// "/" of runAutomationDetails.id as the category, so "prbmc/lib" and
// "prbmc/lib/" are the same category.
func category(s string) (string, error) {
	if len(s) > maxCategory || strings.ContainsFunc(s, func(r rune) bool { return unicode.IsControl(r) || unicode.IsSpace(r) }) {
		return "", fmt.Errorf("input category: %q is not a category (at most %d characters, no spaces, e.g. prbmc/lib/)", s, maxCategory)
	}
	if !strings.HasSuffix(s, "/") {
		s += "/"
	}
	return s, nil
}

// duration parses a Go duration or a plain number of seconds; 0 means no
// limit.
func duration(name, s string) (time.Duration, error) {
	if n, err := strconv.Atoi(s); err == nil && n >= 0 {
		return time.Duration(n) * time.Second, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("input %s: %q is not a duration (e.g. 90s, 10m, or seconds)", name, s)
	}
	return d, nil
}

// list splits an input on newlines and commas, as workflow authors write
// lists either way, dropping blanks.
func list(s string) []string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		for _, f := range strings.Split(line, ",") {
			if f = strings.TrimSpace(f); f != "" {
				out = append(out, f)
			}
		}
	}
	return out
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}

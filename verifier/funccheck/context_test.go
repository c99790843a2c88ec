package funccheck

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/prbmc/prbmc/verifier/checks"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/result"
)

// TestFindingClasses checks who can cause each failure of context.c: a
// caller (the caller's trace reported), nobody (a contract note, and the
// function then proved under it), an entry point's user, or only a stub.
func TestFindingClasses(t *testing.T) {
	ctx := context.Background()
	opts, u := loadWithCallers(t, ctx, "context.c")
	tests := []struct {
		fn      string
		verdict result.Verdict // of the function
		finding result.Finding // of its unsafe property, "" for none
		kind    string
		line    int
		via     string // first of Via
		note    string // a substring of the note
		assumed string // a substring of one assumption
	}{
		{"get", result.Safe, result.FindingContract, "bounds", 16, "lookup", "lookup() never breaks it (proved)", "bounds check"},
		{"at", result.Unsafe, result.FindingCaller, "bounds", 29, "last", "Reached from last()", ""},
		{"next", result.Unsafe, result.FindingInputs, "overflow", 42, "", "entry point", ""},
		{"scaled", result.Safe, result.FindingStub, "overflow", 51, "", "`sensor()` has no body here", "stub note"},
		{"ratio", result.Safe, "", "", 0, "", "", "precondition `b != 0 && !(a == "},
		{"per_item", result.Unsafe, result.FindingInputs, "precondition", 57, "", "entry point", ""},
		{"per_item_safe", result.Safe, "", "", 0, "", "", ""},
		{"ring_first", result.Safe, result.FindingContract, "bounds", 91, "", "Needs a handle the file's own constructor does not make: when r points to an object ring_init() set up, it holds", "contract note"},
		{"parse_pair", result.Unsafe, result.FindingInputs, "div-by-zero|overflow", 107, "", "entry point", "`sscanf()` has no body here: assumed to return any int, give the memory its arguments 3, 4 point to any contents"},
		{"counter_add", result.Safe, result.FindingContract, "assertion", 121, "", "checks counter_add()'s inputs before it changes anything", ""},
		{"counter_add_late", result.Unsafe, result.FindingInputs, "assertion", 130, "", "entry point", ""},
		{"counter_incr", result.Unsafe, result.FindingInputs, "overflow", 148, "", "entry point", ""},
		{"ring_peek", result.Unsafe, result.FindingInputs, "bounds", 97, "", "It fails with handles the file's own constructor makes too (r points to an object ring_init() set up)", ""},
	}
	for _, tc := range tests {
		t.Run(tc.fn, func(t *testing.T) {
			out, r := checkVerdict(t, ctx, u, opts, tc.fn, tc.verdict)
			// The property of the kind looked for; other notes may come
			// with it (ring_first's r->len - 1 overflows for any bytes
			// too), never a second failure.
			var got *result.Property
			failures := 0
			for i := range r.Props {
				if r.Props[i].Fails() {
					failures++
				}
				if r.Props[i].Verdict == result.Unsafe && (got == nil || !slices.Contains(strings.Split(tc.kind, "|"), got.Kind)) {
					got = &r.Props[i]
				}
			}
			if failures > 1 {
				t.Errorf("%d failures: %+v", failures, r.Props)
			}
			if tc.finding == "" {
				if got != nil {
					t.Fatalf("unexpected unsafe property %+v", *got)
				}
			} else {
				if got == nil {
					t.Fatalf("no unsafe property; props %+v", r.Props)
				}
				// "a|b": either kind (a / b fails by division by zero and by
				// INT_MIN / -1; the run reports the first the solver finds).
				if got.Finding != tc.finding || !slices.Contains(strings.Split(tc.kind, "|"), got.Kind) || got.Location.Line != tc.line {
					t.Errorf("got %s %s at line %d, want %s %s at %d (note %q)", got.Finding, got.Kind, got.Location.Line, tc.finding, tc.kind, tc.line, got.Note)
				}
				if !strings.Contains(got.Note, tc.note) {
					t.Errorf("note %q does not say %q", got.Note, tc.note)
				}
				if tc.via != "" && (len(got.Via) == 0 || got.Via[0] != tc.via) {
					t.Errorf("via %v, want %s first", got.Via, tc.via)
				}
				if got.Trace == nil || !got.Trace.Replayed {
					t.Errorf("the finding has no replayed trace")
				}
				if last := got.Trace.Steps[len(got.Trace.Steps)-1]; tc.fn == "next" && last.Text != "overflow check: signed overflow in x + 1 — x = 2147483647" {
					t.Errorf("the failing step reads %q, without the operand's value", last.Text)
				}
				if tc.finding == result.FindingCaller && got.Trace.Steps[0].Func == tc.fn {
					t.Errorf("the trace starts in %s, not in the caller", got.Trace.Steps[0].Func)
				}
			}
			if tc.assumed != "" {
				all := strings.Join(append(append([]string{}, out.Assumed...), r.Assumed...), "\n")
				if !strings.Contains(all, tc.assumed) {
					t.Errorf("assumptions do not say %q:\n%s", tc.assumed, all)
				}
			}
		})
	}
}

// TestEvidenceShapes: the harness sizes objects by what the code does
// with them (a NUL looked for, strlen, a 16-byte memcpy, a constant
// index), so the pointer check finds no bug a caller could not cause.
func TestEvidenceShapes(t *testing.T) {
	checkAllAssumed(t, autoWith(checks.All), "evidence.c", []assumedCase{
		{"count_a", result.Safe, "s points to a NUL-terminated string of at most 3 characters"},
		{"twice_len", result.Safe, "s points to a NUL-terminated string"},
		{"copy_key", result.Safe, "src points to an array of 16 elements"},
		{"last_of8", result.Safe, "v points to an array of 8 elements"},
		{"byte_at", result.Safe, "p points to 64 bytes"},
		{"sum_rest", result.Safe, "c->len is at most 4, the elements c->data points to (a pointer and its length)"},
		{"sum_rest", result.Safe, "c->pos is at most c->len (a position in it)"},
	})
}

// contextChecks are the checks most tests here run: assertions,
// overflow, bounds and division by zero.
const contextChecks = checks.Assertions | checks.Overflow | checks.Bounds | checks.DivByZero

// loadWithCallers loads file with contextChecks, the auto engine and
// callers looked at two levels up.
func loadWithCallers(t *testing.T, ctx context.Context, file string) (Options, *Unit) {
	t.Helper()
	opts := autoWith(contextChecks)
	opts.CallerDepth = 2
	return opts, mustLoad(t, ctx, opts, file)
}

// autoWith is testOptions with the auto engine and the checks of set.
func autoWith(set checks.Set) Options {
	opts := testOptions()
	opts.Engine.Engine = "auto"
	opts.Instrument = func(p *ir.Program) error {
		_, err := checks.Instrument(p, set)
		return err
	}
	return opts
}

// TestHandleConstructors: functions of a library whose handle (typedef
// char *str) points after a header the library lays out are unknown
// with a plain harness; prbmc check decides them with handles the
// library's own constructor made, and says so in the assumptions.
func TestHandleConstructors(t *testing.T) {
	ctx := context.Background()
	opts, u := loadWithCallers(t, ctx, "handle.c")
	tests := []struct {
		fn       string
		verdicts []result.Verdict
	}{
		{"str_drop", []result.Verdict{result.Safe, result.Bounded}},
	}
	for _, tc := range tests {
		t.Run(tc.fn, func(t *testing.T) {
			out := u.Check(ctx, opts, tc.fn)
			r := out.Result
			if !slices.Contains(tc.verdicts, r.Verdict) {
				t.Fatalf("verdict %s (%s), want one of %v", r.Verdict, r.Reason, tc.verdicts)
			}
			if !slices.ContainsFunc(out.Assumed, func(a string) bool { return strings.HasPrefix(a, "s is an object str_newlen() made") }) {
				t.Errorf("assumptions do not name the constructor: %q", out.Assumed)
			}
			if !strings.Contains(r.Reason, "with any inputs it was unknown: ") {
				t.Errorf("reason %q does not say the plain harness was unknown", r.Reason)
			}
			if out.Harness == nil || !strings.Contains(out.Harness.Source, "__prbmc_setup(1);") {
				t.Errorf("the outcome's harness is not the constructed one")
			}
		})
	}
}

// TestMatcherContexts: matcher.c is shaped like tiny-regex-c's matcher
// (mutual recursion, tagged unions with a pointer member, a length
// counter match() starts at 0). The counter's overflow needs a start no
// caller passes: a contract note, also when the only caller that breaks
// it is a static helper whose own callers are beyond --caller-depth (it
// was reported "reached from star()" before). match() itself, with a
// pattern of any contents, is decided: the pointer member holds garbage,
// which names no object, instead of splitting every read over every
// object.
func TestMatcherContexts(t *testing.T) {
	ctx := context.Background()
	opts := autoWith(contextChecks)
	opts.Timeout = 20 * time.Second
	u := mustLoad(t, ctx, opts, "matcher.c")
	opts.CallerDepth = 1
	r := u.Check(ctx, opts, "here").Result
	if r.Verdict == result.Unsafe {
		t.Fatalf("here: unsafe %+v", r.Failure())
	}
	var notes int
	for _, p := range r.Props {
		if p.Kind == "overflow" && p.Verdict == result.Unsafe {
			if p.Finding != result.FindingContract {
				t.Errorf("here: %s at line %d is %q, want a contract note: %s", p.Kind, p.Location.Line, p.Finding, p.Note)
			}
			notes++
		}
	}
	if notes == 0 {
		t.Errorf("here: no contract note for the counter's overflow: %+v", r.Props)
	}

	opts.CallerDepth = 2
	out := u.Check(ctx, opts, "star")
	if !strings.Contains(strings.Join(out.Assumed, "\n"), "rest points to an array of 4 elements") {
		t.Errorf("star: rest, which here() indexes, is not an array:\n%s", strings.Join(out.Assumed, "\n"))
	}
	if v := u.Check(ctx, opts, "match").Result; v.Verdict != result.Safe && v.Verdict != result.Bounded {
		t.Errorf("match: %s (%s), want safe or bounded", v.Verdict, v.Reason)
	}
}

// TestUndecidedConstructorIsNote: counter_add's overflow needs a count
// only a handle with any contents has; with handles the constructor makes
// (through inline assembly, which is unsupported) the check is undecided,
// so nothing shows a caller can cause it: a contract note that says so,
// not a failure.
func TestUndecidedConstructorIsNote(t *testing.T) {
	ctx := context.Background()
	opts := autoWith(checks.Assertions | checks.Overflow)
	opts.CallerDepth = 2
	opts.Timeout = 10 * time.Second
	u := mustLoad(t, ctx, opts, "opaque_ctor.c")
	r := u.Check(ctx, opts, "counter_add").Result
	if r.Verdict == result.Unsafe {
		t.Fatalf("counter_add: a failure %+v", r.Failure())
	}
	for _, p := range r.Props {
		if p.Kind == "overflow" {
			if p.Finding != result.FindingContract || !strings.Contains(p.Note, "it was not decided (bmc: unsupported: inline assembly at opaque_ctor.c:10") {
				t.Errorf("overflow: finding %q, note %q", p.Finding, p.Note)
			}
			return
		}
	}
	t.Errorf("no overflow property: %+v", r.Props)
}

// TestStaticsCarryOver: a function whose static locals it writes is
// checked after any number of earlier calls (the harness loops over its
// call), so a bug of the fifth call is found and replayed, an invariant
// kept across calls is proved, and a static nothing writes keeps the
// one-call harness.
func TestStaticsCarryOver(t *testing.T) {
	ctx := context.Background()
	opts := autoWith(contextChecks)
	u := mustLoad(t, ctx, opts, "statics.c")
	for _, tc := range []assumedCase{
		{"next_id", result.Unsafe, "next_id() may have been called any number of times before, each time with any arguments (its static variables ids, n carry over from call to call)"},
		{"ring_next", result.Safe, "ring_next() may have been called any number of times before"},
		{"lookup", result.Safe, "static variable table of lookup starts at its initial value"},
	} {
		t.Run(tc.fn, func(t *testing.T) {
			out, r := checkVerdict(t, ctx, u, opts, tc.fn, tc.verdict)
			if !slices.ContainsFunc(out.Assumed, func(a string) bool { return strings.HasPrefix(a, tc.assumed) }) {
				t.Errorf("assumptions %q lack %q", out.Assumed, tc.assumed)
			}
			if tc.verdict != result.Unsafe {
				return
			}
			v := replayed(t, r)
			if v.Kind != "bounds" || v.Location.Line != 9 {
				t.Fatalf("violation %+v, want a bounds failure at line 9", v)
			}
			calls := 0
			for _, st := range v.Trace.Steps {
				if st.Func == "next_id" && st.Location.Line == 9 && st.Lhs != "" {
					calls++ // ids[n] = n, once a call
				}
			}
			if calls != 4 {
				t.Errorf("the trace stores ids[n] %d times before the failing fifth call, want 4:\n%+v", calls, v.Trace.Steps)
			}
		})
	}
}

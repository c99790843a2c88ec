package report

import (
	"fmt"
	"strings"

	"github.com/prbmc/prbmc/verifier/result"
)

// Kind describes one property kind, as rules and comments present it.
type Kind struct {
	ID    string
	Name  string // CamelCase, for SARIF rule names
	Short string // one sentence
	Full  string // a paragraph
	Help  string // Markdown: what the check means and how to act on it
}

// Kinds are the property kinds prbmc reports, in a fixed order (SARIF rule
// indices follow it).
var Kinds = []Kind{
	{"assertion", "AssertionCanFail", "An assertion can fail.",
		"An assert() or __VERIFIER_assert() condition is false in some execution of the program.",
		"prbmc found inputs for which this assertion fails. The trace shows the inputs and every step " +
			"from the entry function to the failing check; it was replayed on a concrete interpreter before " +
			"it was reported.\n\nFix the code (or the assertion) so that the condition holds for those inputs, " +
			"or constrain the inputs with `__VERIFIER_assume` if they cannot occur. `prbmc verify --reproduce` " +
			"builds a C program that runs the trace natively."},
	{"reach-error", "ErrorReachable", "An error location can be reached.",
		"A call of reach_error() or __VERIFIER_error() is reached in some execution of the program.",
		"prbmc found inputs that lead to a call of `reach_error()` (or `__VERIFIER_error()`), the " +
			"SV-COMP convention for a failed check. The trace shows the inputs and every step to the call; it " +
			"was replayed concretely.\n\nFix the code so the error location cannot be reached, or constrain the " +
			"inputs with `__VERIFIER_assume`."},
	{"overflow", "ArithmeticOverflow", "Signed arithmetic can overflow.",
		"A signed integer operation can produce a value outside its type's range, which C leaves undefined.",
		"A signed integer operation overflows for the inputs in the trace. C leaves signed overflow " +
			"undefined; prbmc's IR wraps, but a compiler may assume it never happens.\n\nWiden the type, check " +
			"the operands before the operation, or use unsigned arithmetic where wrapping is intended."},
	{"bounds", "ArrayBounds", "An access can be out of bounds.",
		"An array or memory access can fall outside the object it points into.",
		"For the inputs in the trace, an index or pointer offset falls outside its object.\n\nCheck the " +
			"index against the object's size before the access."},
	{"div-by-zero", "DivisionByZero", "A division by zero can happen.",
		"The divisor of a / or % operation can be zero.",
		"For the inputs in the trace, the divisor is zero; C leaves this undefined.\n\nCheck the divisor first."},
	{"pointer", "InvalidPointer", "An invalid pointer can be dereferenced.",
		"A NULL, freed or dangling pointer can be dereferenced.",
		"For the inputs in the trace, a pointer that does not point to a live object is dereferenced.\n\n" +
			"Check the pointer, or fix the lifetime of the object it points to."},
	{"unwinding", "UnwindingBound", "A loop can run past the bound checked.",
		"A loop or recursion can run more times than the bound the proof covers.",
		"prbmc proves properties for executions whose loops run at most k times; this check says some " +
			"execution can go further, so the result is bounded, not a proof.\n\nRaise `--max-k` or `--timeout`, " +
			"or bound the loop in the code."},
	{"unsupported", "UnsupportedConstruct", "The check reached a construct prbmc cannot model.",
		"An execution reaches a C construct prbmc does not model (a call through a function pointer, inline " +
			"assembly, ...), so nothing is claimed beyond it.",
		"prbmc stops at constructs it cannot model and reports them only when an execution can reach them. " +
			"Nothing is claimed about executions that get there.\n\nSee README.md (\"Unsupported\") for the list; " +
			"restructure the code or verify a smaller entry function with `--function`."},
	{"function-pointer", "InvalidFunctionPointer", "A call through a function pointer can call no function.",
		"A call through a function pointer is reached with a pointer that is none of the program's functions " +
			"of a compatible type (NULL, uninitialised, or a function of another type).",
		"For the inputs in the trace, a function pointer that is called does not point to any function whose " +
			"address the program takes and whose type fits the call; C leaves such a call undefined.\n\n" +
			"Check the pointer before the call, or initialise it."},
	{"precondition", "PreconditionViolated", "A call can break the callee's precondition.",
		"A call passes arguments for which the callee's prbmc_requires(...) condition is false.",
		"The called function states a precondition with `prbmc_requires(c)`; for the inputs in the trace, " +
			"this call reaches it with `c` false. prbmc assumes a function's own preconditions when it checks " +
			"that function, so its callers must keep them.\n\nCheck the arguments before the call, or relax the " +
			"precondition if the callee handles them."},
}

// KindIndex is the position of id in Kinds, or -1.
func KindIndex(id string) int {
	for i, k := range Kinds {
		if k.ID == id {
			return i
		}
	}
	return -1
}

// What says what a property checks, in words: `assertion "x > 0"`,
// `the error location reach_error()`.
func What(p result.Property) string {
	switch p.Kind {
	case "reach-error":
		return "the error location " + p.Text
	case "assertion":
		return fmt.Sprintf("assertion %q", p.Text)
	case "":
		return fmt.Sprintf("property %q", p.Text)
	}
	return fmt.Sprintf("%s check %q", p.Kind, p.Text)
}

// InputName names an input as a reader would: a nondet call as
// "__VERIFIER_nondet_int()", other inputs by their Why.
func InputName(in result.Input) string {
	if IsNondetCall(in.Why) {
		return in.Why + "()"
	}
	return in.Why
}

// NondetPrefix starts the name of every SV-COMP input function.
const NondetPrefix = "__VERIFIER_nondet_"

// IsNondetCall reports whether an input's Why is a call of a
// __VERIFIER_nondet_<type> function.
func IsNondetCall(why string) bool {
	return strings.HasPrefix(why, NondetPrefix) && len(why) > len(NondetPrefix) && isIdent(why)
}

// IsHidden reports whether an input cannot be forced from outside the
// program: an uninitialised variable or the contents of a malloc'ed block.
func IsHidden(why string) bool {
	return strings.HasPrefix(why, "uninitialised") || strings.HasPrefix(why, "contents of malloc")
}

func isIdent(s string) bool {
	for i, c := range s {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

// StepValue is what a step wrote, "lhs = value", or its value alone.
func StepValue(s result.Step) string {
	switch {
	case s.Lhs != "" && s.Value != "":
		return s.Lhs + " = " + s.Value
	case s.Lhs != "":
		return s.Lhs
	}
	return s.Value
}

// FailVerb is what an unsafe property does: an error location "can be
// reached", any other check "can fail".
func FailVerb(kind string) string {
	if kind == "reach-error" {
		return "can be reached"
	}
	return "can fail"
}

// Plural is one when n is 1, else many.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// OneLine is s with every run of white space, line breaks included, one
// space: for text from a program or an error in a one-line message.
func OneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

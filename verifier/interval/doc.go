// Package interval is a sound interval abstract interpretation over the
// IR, one function at a time. It computes, before every instruction, an
// interval [Lo, Hi] for each tracked integer variable (and a Float for
// each tracked float or double, see below) that contains every
// value the variable can have there in any concrete execution, under the
// IR semantics of package ir (two's complement wrap-around, SMT-LIB
// division by zero, out-of-range shifts): loop-head invariants for
// k-induction and initial domains for contractors.
//
// # Domain
//
// An Interval holds mathematical integers (math/big) within its type's
// range: signed or unsigned, 8 to 64 bits; _Bool is [0, 1], the values the
// front end and the engines keep it in. Arithmetic is computed exactly on
// the operand intervals and then reduced modulo 2^width: when the reduced
// range stays contiguous the result is that wrapped interval, otherwise the
// full range (top). Division and remainder add the x/0 and x%0 values of
// doc.go when the divisor may be zero; shifts add the out-of-range results;
// bitwise operators are precise only on non-negative operands (else top);
// casts are truncations by the same reduction. A State maps variables to
// intervals, absent meaning top, or is bottom (unreachable).
//
// # What is tracked, and why that is sound
//
// Only integer variables that live in registers are tracked: the
// parameters, locals and temporaries of the analysed function and the
// program's globals, of integer type, whose address is taken nowhere in the
// program (every function is scanned for AddrOf roots; Var.AddrTaken is
// also honoured). Such a variable can be written only by a direct
// assignment to it in its own activation — or, for a global, by a called
// function — never through Deref, Index or Field, which denote memory.
// Hence: an assignment through memory changes no tracked variable; a Call
// of a user function sets every tracked global to top (callees are not
// analysed); a call's Result, Decl without initialiser, Dead and Nondet
// give top; memory reads (arrays, struct fields, pointer targets) are top.
// On entry every variable is top, so the result holds for every calling
// context. Pointer, aggregate, long double and 128-bit values are not
// tracked.
//
// # Floats
//
// A float or double register variable (same rule) holds a Float: bounds
// Lo <= Hi as float64 (±Inf allowed; a float's value is exact in a
// float64) and a flag for NaN; -0 and +0 are one value. +, -, * and /
// are bounded by the four corners, each computed in the variable's own
// precision exactly as the program computes it: IEEE round-to-nearest is
// monotone in the exact result, which the corners bound, so the rounded
// corners bound every rounded result, overflow included. An operand that
// may be NaN makes the result may-be-NaN; a NaN at a corner (Inf - Inf,
// Inf / Inf), a zero and an infinity in the operands of * (0 * Inf can
// hide inside a box) and a divisor interval holding zero give top with
// NaN. Conversions from integers and between float and double are
// monotone: the converted bounds bound the result. A conversion to an
// integer is bounded (truncated bounds) only when no NaN and no value
// out of the type's range is possible: the IR leaves those undefined, so
// the result is then top. Anything else of float type (a call's result,
// memory, nondet, library functions) is top with NaN.
//
// An ordered comparison (<, <=, >, >=, ==) that holds says both sides
// are numbers within the bound; one that fails says nothing unless
// neither side can be NaN, since !(x < c) is not x >= c (the front end
// keeps the ! for floats). != refines nothing. Widening jumps to the
// float constants of the function, then ±Inf.
//
// Interval and Vars report integers only, and Float and FloatVars
// floats: the clients of loop-head invariants (k-induction, contractors,
// loop summaries) model integers, and see float reasoning only through
// the integer intervals and bottom (unreachable) states it yields, which
// hold under the IR semantics like any other. The assertions CannotFail
// proves may depend on float sets directly.
//
// Assume, Assert (a failed assert ends the execution) and the two branches
// of a conditional Goto refine the state: comparisons of a variable — or of
// a cast of it that preserves every value its interval holds — against any
// expression, && and ||, !, and plain truth tests; != only trims an
// integer bound.
//
// # Fixpoint
//
// A worklist iteration over the instruction graph, with widening at the
// targets of backward Gotos (every cycle of a flat instruction list passes
// through one), ends in a post-fixpoint. Widening jumps a growing bound to
// the next threshold — the constants of the function and their neighbours
// c-1, c, c+1 — or to the type's bound; the thresholds are finite, so the
// iteration terminates. Three narrowing passes then recompute every state
// from its predecessors: each new state is the transfer of sound states,
// so it stays sound. Analyze honours context cancellation.
package interval

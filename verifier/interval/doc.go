// Package interval is a sound interval abstract interpretation over the
// IR, one function at a time. It computes, before every instruction, an
// interval [Lo, Hi] for each tracked integer variable that contains every
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
// context. Float, pointer, aggregate and 128-bit values are not tracked.
//
// Assume, Assert (a failed assert ends the execution) and the two branches
// of a conditional Goto refine the state: comparisons of a variable — or of
// a cast of it that preserves every value its interval holds — against any
// expression, && and ||, !, and plain truth tests; != only trims a bound.
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

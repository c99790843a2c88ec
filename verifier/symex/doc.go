// Package symex symbolically executes an IR program into an equation over
// package smt's terms: for every property, the condition under which an
// execution of the bounded program violates it.
//
// The executor walks each function's instructions in order, CBMC-style.
// A conditional forward goto splits the state: the taken half waits at the
// target and is merged (if-then-else on values, disjunction of guards) with
// whatever else arrives there. A backward goto unrolls its loop: the walk
// jumps back to the head while the loop has run fewer than Unwind times in
// the current activation; at the bound, the condition under which the loop
// would go on becomes an unwinding check, and the walk goes on past the
// latch. Because the unrolled program is a DAG and the walk follows its
// topological order, the nondeterministic inputs created along the walk,
// filtered by their guards under a model, are exactly the inputs of the
// concrete execution the model describes, in order: that is how
// counterexamples are replayed on package interp.
//
// Calls are inlined (a fresh activation for each call; recursion deeper
// than Unwind becomes an unwinding check). Variables whose address is never
// taken and that are scalars live in "registers": the term of their current
// value. Everything else is an object in memory: an SMT array from offsets
// to bytes. A pointer is a bit-vector of the data model's pointer width,
// object number in the high bits (8 on ILP32, 16 on LP64) and byte offset
// below, so NULL is 0 as in C. A dereference is a case split over the
// objects the pointer may name; which ones is read off the pointer term,
// through if-then-else, concatenation and extraction (a pointer stored
// byte by byte and read back still names its objects). Bytes of
// uninitialised memory, and of what a harness gives any contents, name no
// object; a dereference of a pointer that names no object (NULL, garbage)
// ends its execution, as the interpreter's fault does. A read at a
// symbolic cell index skips the stores whose index differs from it in
// its known low bits (lowbits.go), so s[i].ptr never reads s[j].type.
//
// Assertions end failing executions (as a failed C assert does), but the
// encoding does not narrow the path by a checked assertion's condition:
// the disjunction of all violations is satisfiable exactly when some
// execution's first failure is, since that failure's own disjunct holds,
// so paths that go on past a failure add no answer — and guards that
// collect every assertion met nest one conjunction in the next, which Z3's
// preprocessing takes quadratic time and more on. The same holds for
// "if (c) goto T; reach_error(); [abort();] T:", read as assert(c). An
// assertion of false (reach_error()) still ends its path, and assertions
// the inductive step assumes strengthen the guard, as assumptions do. A
// Check's Violation is one flat disjunction over the visits of its
// property. Reaching an ir.Unsupported instruction, or calling a function
// without a body, is a check of kind PropUnsupported: engines must answer
// "unknown" when it can happen.
package symex

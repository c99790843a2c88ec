// Package invariant generates relational loop-head invariants for
// k-induction, the "continuously refined auxiliary invariants" of seed 001:
// candidates from templates over a loop's integer variables (x-y == c,
// x+y == c, x-2y == c, x <= y, x-y <= c, …, with the constants read off a
// model of the loop's entry state) are filtered Houdini-style — drop every
// candidate a model refutes, until the rest holds at the first arrival at
// the loop head and is preserved by one iteration — and the survivors are
// published while the next, larger template family is being checked.
//
// Soundness: a set C is published only when (1) C holds at the first
// arrival at the head of every execution whose assertions before it pass,
// and (2) from any head state satisfying C and the interval invariants,
// an iteration whose assertions pass arrives in a state satisfying C; the
// loops and calls on those paths must stay within the bound of the query
// (their unwinding checks unsatisfiable). By induction over arrivals, C
// then holds at every arrival before the first assertion failure of an
// execution, which is all the inductive step of k-induction needs from an
// assumption (its own argument is about the first failure).
//
// Round 2 (headsample.go) takes candidates from the loop-head states of
// concrete runs instead of templates: equalities, parities and
// inequalities a·x + b·y <= C with C the largest value seen, and the
// same under guards over registers the loop does not write (Guarded:
// g → P). They are checked exactly as the templates' are; the samples
// only choose what to check.
//
// Polynomial invariants (algebra.go, poly.go) are proved without a
// solver: for an entry whose loops come one after another, each loop's
// asserted equalities are candidates P ≡ 0 (mod 2^w). The paths from the
// entry and from each head to the next head or the end are evaluated as
// polynomials over Z in the values at the head (ring operations only,
// each value known modulo 2^m for the narrowest width it wrapped in), and
// a candidate is kept while every path from the entry (or from an earlier
// head) makes it an identity and every path around the loop preserves it
// as P(updates) = Σ c_j·F_j over Z, the facts F_j known modulo 2^w or
// finer. Identities over Z hold in Z/2^w, so this is sound for bit-vector
// semantics, where Z3 cannot even check such steps (it bit-blasts each
// 64-bit multiplication). ProveAlgebraic gives a proof only if every
// assertion follows too; the engine then reports safe without a query.
// More candidates come from concrete runs (sample.go, DIG's null space
// of monomial values at the heads); they are only candidates, proved or
// dropped like the others.
//
// Array invariants (array.go) are ∀j. lo <= j < hi → a[j] == c (or
// == b[j]) at a loop head, a and b array variables or pointer registers
// naming one object at offset 0 whose cells are the elements
// (symex.ArrayFact). Candidates: for a store a[i] = c or a[i] = b[i] in a
// loop whose counter i only steps by one, the segment [lo, i) with lo the
// counter's entry value (a constant read off a model, or the register
// the counter starts from); and each fact of the loop before with its
// counter's segment widened to the bound it exits at (`if (i >= n)`).
// They meet the same two conditions, each checked at a fresh index k
// (the negation of a ∀ is one failing index, so no quantifier reaches
// the solver). The hypothesis is assumed by attaching the fact to the
// head's fresh (havocked) array: every read of it is the fact's value
// where the fact's range holds, i.e. the fact instantiated at each index
// the run reads, which no run can tell from the quantified fact; a raw
// read outside readCell sees the unconstrained array, which is weaker.
// A fact whose array the havoc did not make fresh is not assumed. For a
// loop after loops of unbounded count, symex.Induction.Skip jumps from
// the first loop's head to this one's, havocking what the code between
// writes (it may not call, allocate, check or jump out), so neither the
// base (through the loop before, replaced by its step) nor the step
// unwinds them. The engine then proves with the facts a "k=0" step from
// that skipped state (engine/arraystep.go), the last loop first.
package invariant

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
package invariant

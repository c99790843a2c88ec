// Package contractor implements interval methods via contractors for
// bounded model checking (the method of "Incremental Symbolic Bounded
// Model Checking of Software Using Interval Methods via Contractors",
// sections II-C to V-E): an assertion becomes a constraint satisfaction
// problem over the program's integer and float variables, contractors split the
// variables' domain into the part that violates it for sure (S_out), the
// part that satisfies it for sure (S_in) and the rest (S_boundary), and
// the program is instrumented with assume(¬S_in) at the end of a loop body
// so that BMC no longer unwinds iterations that can no longer violate it.
// It is our own code over the IR, without a solver (the paper used IBEX).
//
// # Contractors
//
// Intervals (Ival) are closed ranges of mathematical integers (math/big);
// boxes are products of them over a Space of variables; Box.Diff and
// Union.Diff compute box differences as finite unions of disjoint boxes.
// The forward-backward contractor (Algorithm 1, HC4-revise) works on IR
// expression trees under the IR's bit-precise semantics: the forward step
// evaluates every node into its C type (two's complement wrap-around, as
// package interval does; division, remainders, shifts and bitwise
// operators use interval.Arith), the backward step inverts +, -, unary -,
// multiplication by a positive constant and value-preserving casts only
// where the forward step proved the node did not wrap around — elsewhere
// it does not contract, which is the integers' outward rounding. A
// comparison X op Y is the constraint f = X - Y ∈ I with f computed
// exactly. ==, !=, && and || are supported (the paper's IBEX could not):
// a disjunction contracts to a union of boxes, a conjunction to a fixpoint
// of its parts. The outer contractor (Algorithm 2) contracts by each
// constraint in turn, the inner one (Algorithm 3) is the union of the
// contractions by the constraints' complements; CSP.Solve is Algorithm 5.
// Mode Closed contracts complements over their closure, as IBEX over the
// reals does and as the paper's boxes are given (Fig. 7: I = [0, ∞));
// Mode Integer uses the exact integer complement. Both are sound: every
// point satisfying a constraint stays in its contraction (a brute-force
// test checks this on random constraints over 8-bit variables).
//
// # Floats
//
// float and double variables are sides of boxes too (long double is
// refused). Their intervals hold ordinals — the type's values numbered in
// order, ±0 one value, NaN just past +Inf — so boxes, differences and the
// pruning code are shared with the integers (float.go). Comparisons are
// contracted on ordinals after both sides are restricted to numbers, with
// the NaN boxes added where a NaN gives the wanted truth value; the
// forward step rounds corners as the program does (package interval's
// float transfer), the backward step inverts +, -, negation, conversions
// and * or / by a constant with the exact result widened to the
// neighbouring floats and every bound rounded outwards. A float update
// x := x ± d is monotone when d is finite and of one sign: rounding is
// monotone, ±Inf absorbs finite steps and a number never becomes NaN, so
// pruned regions extend to +Inf (not to NaN) in the variable's direction.
// A sampled test checks the contraction's correctness on random float
// constraints at ±0, ±Inf, NaN, subnormals and random points.
//
// # Instrumentation and why it is sound
//
// Instrument (Algorithms 4 and 5) takes the domains from the interval
// analysis (package interval) refined, for each loop, by a path-sensitive
// interval analysis of the loop body and by iteration bounds, and returns
// verification queries: one per assertion, on a copy of the program where
// the other assertions are assumes (each assertion gets its own query, so
// pruning for one never hides a violation of another) and the loops get
// their assumes. Pruning the states at the end of a loop body that lie in
// a region R is sound when no execution continuing from such a state can
// violate the assertion: every variable of the assertion must be proven
// monotone under bit-precise semantics (all its writes after that point are
// x := x ± d inside the loop with d of one sign and no wrap-around, proven
// by intervals or by an iteration count), R extends each S_in box to the
// type's bound in the variable's direction (so it is at the end of the
// loop, §V-E), and the inner contractor must show that the assertion holds
// everywhere in R intersected with the domain at the assertion. Then the
// pruned program has the same violations of that assertion, and its BMC
// unwinding checks speak of all the executions left: "safe" stays a proof.
// When a condition fails nothing is pruned and the Explanation says why
// (wrap-around, non-monotone variables, a region at the start of the loop,
// memory, unsupported constructs). Programs are never modified: queries
// are deep copies that pass ir.CheckProgram. Pruning is only used when
// every property of the entry gets its own pruned query, since a query for
// an unpruned property would unwind the loops in full anyway.
package contractor

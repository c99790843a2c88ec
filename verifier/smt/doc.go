// Package smt is prbmc's own representation of SMT formulas (a hash-consed
// term DAG over Booleans, bit-vectors, IEEE floating point and arrays) and
// the small Solver interface that backends such as verifier/smt/z3
// implement.
//
// Why our own terms instead of building solver ASTs directly:
//
//   - Simplification before any solver sees the formula. Symbolic execution
//     produces mostly constant or nearly constant expressions (concrete loop
//     counters, constant offsets, casts of constants); the Builder folds them
//     as it goes, so many branch conditions are decided without a solver
//     call and the rest reach the solver smaller.
//   - Hash-consing. Structurally equal terms are the same *Term, so equality
//     is a pointer comparison, terms are map keys, and the SSA equation of a
//     program is a DAG, not a tree.
//   - Printable. Term.String and WriteScript show what was asked, and a query
//     can be replayed in the z3 command-line tool.
//   - Solver independence and no cgo here: the engines, the tests and any
//     other backend work on these terms; only verifier/smt/z3 touches C.
//
// Soundness. prbmc is a verifier, so a wrong simplification is a wrong
// proof. Every rewrite in the Builder is an identity of SMT-LIB semantics,
// bit-exact for every width: constant folding follows SMT-LIB's total
// definitions (bvudiv x 0 = all ones, bvurem x 0 = x, bvsdiv x 0 = 1 or -1
// by the sign of x, bvsrem x 0 = x, MIN / -1 = MIN, shifts by the width or
// more give 0 or the sign fill). Floating point folds only for float and
// double, with Go's float32/float64 arithmetic, which is IEEE
// round-to-nearest-even per operation; other FP sorts stay symbolic. The
// tests check the simplifier against an independent big-integer reference,
// and the z3 package checks simplified terms against unsimplified ones
// (WithoutSimplification) in the solver.
//
// Floating point follows SMT-LIB: one NaN per sort. NaN constants carry a
// canonical bit pattern and FPToBits maps every NaN to it (see
// CanonicalNaN). Eq on FP sorts is identity of values (NaN = NaN, +0 ≠ -0);
// FPEq is C's ==. Arithmetic and conversions to FP round to nearest even,
// conversions to integers round toward zero, as C does.
//
// A Builder is used from one goroutine. Terms of different Builders must not
// be combined (constructors panic); Solvers identify variables by name and
// sort, so terms of different Builders may be asserted in one Solver.
package smt

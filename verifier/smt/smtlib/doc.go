// Package smtlib implements smt.Solver by driving an external SMT solver
// process (cvc5, the z3 binary, or any command that speaks SMT-LIB 2 on
// stdin/stdout) over a pipe. It uses no cgo: a second backend beside
// verifier/smt/z3, for comparing solvers and for solvers without a Go
// binding.
//
// Design:
//
//   - The solver runs in a process group of its own; Close kills the group
//     (SIGKILL) and reaps the process, so no solver outlives its Solver, a
//     wrapper script's children included; on Linux the kernel also kills
//     the solver when prbmc dies.
//   - Commands are pipelined with :print-success, so every command has one
//     answer and a solver's error is matched to the call that waits next.
//     A goroutine parses the solver's output into an unbounded queue: the
//     solver must never block on writing while we block on writing to it.
//   - Shared subterms are let-bound within a command (z3 expands
//     define-fun at every use, unshared), and a subterm that an earlier
//     command wrote is named by a fresh constant equal to it, remembered
//     per scope like the solver's own declarations, so the incremental
//     engines' ever-growing DAGs are not printed again and again (see
//     writer). Only standard SMT-LIB 2.6 is written: smt.OpFPToBits, which
//     z3 spells fp.to_ieee_bv and cvc5 lacks, becomes a fresh bit-vector
//     constant defined by to_fp, and assumptions that are not literals
//     become fresh Boolean constants defined by an assertion.
//   - Check sends check-sat-assuming; a context that ends during it kills
//     the process group (a pipe solver cannot be interrupted portably).
//     Check then returns Unknown with smt.ReasonTimeout or
//     smt.ReasonCanceled as the z3 backend does, and the solver is dead:
//     later calls return an error. A Check is therefore the last one of a
//     Solver whose deadline ends it; the engines make a new one.
//   - Model.Eval is get-value, with model completion by the solver. The
//     answer is parsed by the term's sort (see parseValue): bit-vector,
//     Boolean, floating-point and array literals as cvc5 and z3 print
//     them; anything else is an error, never a guessed value.
package smtlib

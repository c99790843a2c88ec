// Package ir defines prbmc's intermediate representation: a GOTO program per
// C function, in the style of CBMC's goto-programs.
//
// The front end (package cfront) lowers C's typed AST into this form; the
// engines never see C syntax. Everything C leaves implicit is explicit here:
//
//   - Expressions are typed and pure. Assignments, ++/--, calls and other side
//     effects inside C expressions become separate instructions, in C's
//     evaluation order where C defines one. Integer promotions and the usual
//     arithmetic conversions are explicit Casts, so both operands of an
//     arithmetic Binary have the result's type.
//   - Control flow is a flat instruction list with conditional Gotos; loops
//     are recorded as (Head, Latch) pairs, the Latch being the backward Goto.
//   - Arrays in value position have decayed to pointers (AddrOf of element 0);
//     string literals are read-only global arrays.
//   - Every instruction carries its source position; every Assert carries a
//     Property with its kind, text and position.
//
// # Semantics
//
// A program state is a set of objects (each variable, each heap block, each
// string literal) holding bytes, and, per function activation, the current
// instruction. A pointer is an (object, byte offset) pair; NULL is the pair
// (none, 0). Integers are two's complement of their type's width and are
// stored little-endian.
//
// Where C leaves behaviour undefined the IR fixes one so that the
// interpreter and the symbolic engines agree (the optional checks — overflow,
// div-by-zero, bounds, pointer — are separate Asserts that package checks
// inserts before the operation, so the chosen value never hides a bug they
// look for; the pointer check uses the Valid expression):
//
//   - signed arithmetic wraps;
//   - x / 0 is all ones for unsigned x and (x < 0 ? 1 : -1) for signed x;
//     x % 0 is x; INT_MIN / -1 is INT_MIN and INT_MIN % -1 is 0 — the
//     SMT-LIB bit-vector semantics;
//   - x << n and unsigned x >> n are 0 when n is negative or at least the
//     width; signed x >> n is then 0 or -1 by x's sign;
//   - a float to integer conversion out of range yields an unspecified
//     value: engines treat it as nondeterministic and the interpreter stops
//     with "undefined conversion".
//
// Reading a local before it is written yields a nondeterministic value
// (Decl), as SV-COMP assumes; globals start with their Data bytes (zero
// beyond them) and Program.Init assigns the other initialisers before the
// entry function runs. A failed Assert ends the execution, as a failed C
// assert aborts: later instructions run only where it held.
//
// # Inputs
//
// An execution's nondeterministic values are consumed in execution order:
// the entry function's parameters, then every Nondet assignment, every Decl
// without HasInit (the whole object's bytes), and the contents of every
// block from malloc or alloca (calloc's are zero). The interpreter reads
// them from a NondetSource; the symbolic engine creates them in the same
// order along each path, which is how its counterexamples replay. A call's
// Result lvalue is evaluated after the callee returns.
//
// # Assumptions
//
// malloc and calloc never return NULL (as CBMC assumes by default);
// alloca blocks live until their function returns.
//
// # Companions
//
// The printer (Fprint) writes a stable text form used by golden tests and by
// `prbmc ir`. The sanity checker (CheckProgram) verifies the invariants
// above and runs on every program the tests lower. Inline makes a copy of a
// program whose entry has its callees' bodies in place, for the engines
// that reason about the entry's loops. Package interp executes a
// program concretely: counterexamples are replayed on it, and it is tested
// against gcc-compiled programs.
package ir

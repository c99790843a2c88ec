// Package z3 implements smt.Solver on Debian's libz3 (4.8.12) through its C
// API. It is the only package of prbmc that uses cgo; everything else
// speaks package smt.
//
// Design, and the libz3 behaviour it is built around:
//
//   - One Z3 context per Solver, created with Z3_mk_context_rc. Every
//     object we hold (ASTs, sorts, models, interpretations) is reference
//     counted by hand; the translation cache is scoped like the solver, so
//     what was translated inside a Push is released by the matching Pop, and
//     Close releases the rest and deletes the context — or, for a Solver
//     made by Contexts, gives the emptied context back for the next
//     Solver of the same user (a context costs 17 MB of cleared tables and
//     tens of milliseconds to make). No finalizers: they would run on
//     another goroutine, and a context must not be used from two
//     goroutines at once.
//   - An error handler that does nothing replaces Z3's default one (which
//     prints and calls exit). Every call is checked with Z3_get_error_code
//     and failures become Go errors.
//   - Each term becomes one Z3 node in a single cgo call (z3helpers.c), which
//     also takes the reference: Z3 keeps a fresh node alive only until the
//     next call that returns one.
//   - Check budgets time with the solver's timeout parameter, taken from the
//     context's deadline (or Options.Timeout), and stops on cancellation
//     with Z3_interrupt from a watcher goroutine. Z3_interrupt cancels the
//     whole context until the next check, and one sent just before a check
//     starts is lost; so interrupts are sent only while a check runs,
//     repeated until it returns, and an interrupted check is followed by a
//     check of an empty auxiliary solver that clears the cancellation.
//   - Models are decoded into smt.Value: Z3 prints bit-vector numerals as
//     unsigned decimals; FP values are read as IEEE bit patterns through
//     fp.to_ieee_bv (NaN as smt.CanonicalNaN); arrays from store chains,
//     constant arrays, as-array interpretations or ite-chain lambdas.
//   - Memory: SetMemoryLimit sets Z3's global memory_max_size, a cap on
//     what libz3 allocates in the whole process. Z3 4.8.12 then fails the
//     allocation with an exception that its API turns into an unknown
//     check with reason_unknown "out of memory" (reported here as
//     "memory limit (N MiB)") or, outside a check, into the error code
//     Z3_MEMOUT_FAIL (a Go error with the same words); the do-nothing
//     error handler keeps it from exiting.
//   - Pages: each context and each solver's first check fill an 8 MiB
//     table at once; with 4 KiB pages the page faults were half a small
//     program's run on a virtual machine. hugepages.c, a constructor run
//     before Go's runtime, starts the process again with
//     GLIBC_TUNABLES=glibc.malloc.hugetlb=1 when the kernel gives
//     transparent huge pages on request (PRBMC_HUGEPAGES=off, or a
//     hugetlb tunable of the user's, leaves it alone).
//   - The goroutines of the binding (the check, its interrupt watcher,
//     the background release of a context) recover from panics: a panic
//     is the check's error, "z3: internal error: …", never the process's
//     end.
//
// A Solver is used from one goroutine. Memory: besides what the Solver
// holds, libz3 itself keeps a little memory for every check that meets new
// values (about 0.5 KB a check here); a very long incremental run may want a
// fresh Solver now and then.
package z3

// Package checks adds the optional safety checks to a lowered program:
// asserts that a C operation about to be evaluated is defined, so that the
// engines find undefined behaviour in functions that have no assert().
//
// Instrument is an IR-to-IR pass. Before each instruction of user code it
// inserts, in evaluation order, one ir.Assert per operation that could be
// undefined, whose condition holds exactly when the operation is defined:
//
//   - overflow: signed +, -, * and unary - whose mathematical result does
//     not fit the (promoted) type; signed / and % of INT_MIN by -1; shifts
//     by a negative count or one at least the promoted width (for unsigned
//     operands too: C11 6.5.7 makes those undefined); left shifts of a
//     negative signed value or whose result is not representable; floating
//     to integer conversions whose truncated value does not fit (NaN and
//     the infinities included).
//   - div-by-zero: integer / and % by zero.
//   - bounds: indexing an array whose type fixes its length, a[i] with a
//     of type T[N]: 0 <= i < N (0 <= i <= N directly under &, where one
//     past the end is a legal address); every dimension of a
//     multi-dimensional array, arrays inside structs too.
//   - pointer: every dereference *p (p[i], p->f) of a pointer that is
//     NULL, points outside its object, or to a freed or dead object (and,
//     for a write, a string literal or const object), with
//     ir.Valid; the blocks of memset, memcpy and memmove of a constant size;
//     free of anything but NULL or a live malloc/calloc block (double free,
//     a pointer into a block, a variable), with ir.Freeable.
//     For p->f the whole struct *p must lie inside the object.
//
// Because a failed Assert ends the execution (see package ir) and the IR's
// arithmetic is total, asserting before the operation is exact: the
// operation is only evaluated where it is defined. Checks inside the lazy
// operands of &&, || and ?: are guarded by the condition under which C
// evaluates them.
//
// Nothing is checked where C defines the behaviour: unsigned arithmetic
// wraps; char and short operands are promoted to int first, as the IR's
// casts already say, so c += 1 on a char never overflows (its narrowing
// store is implementation-defined, not undefined); pointer arithmetic is not
// checked, only the dereference. Conversions to signed types that do not
// fit are implementation-defined and not checked either.
//
// Each check gets its own ir.Property (ID "f.overflow.1", a C-like text
// such as "signed overflow in x + y", the instruction's position), added to
// Program.Props. Checks that cannot fail by the operands' types — (int)c +
// 100 for a char c, a constant index in range — are left out rather than
// reported safe.
//
// Checks are generated only in user code: functions marked Library (the
// system headers' inline functions and our libc models) and the global
// initialisers are left alone, so a model never reports noise. A
// project's own headers are user code: the front end marks only
// functions from the compiler's include directories Library.
package checks

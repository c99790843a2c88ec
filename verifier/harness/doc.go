// Package harness turns one C function into something a model checker can
// run: an entry function that calls it with nondeterministic arguments, and
// stubs for the functions it calls that have no body.
//
// The entry is written in C, not built as IR, for two reasons: users read
// it (`prbmc harness`) and adapt it (a file prbmc/harness/<function>.c in
// their repository replaces the generated one), and C written against the
// function's own translation unit can name everything the function can —
// typedefs, static types, macros — without prbmc having to spell types
// back from the IR. Generate returns the text; Attach appends it to the
// unit's source behind a #line directive, so every step of the harness in a
// trace points at the function's definition.
//
// What the generated entry assumes:
//   - integer, enum and float parameters: any value;
//   - a pointer parameter T *p: a fresh object of type T with any contents,
//     an array of Options.ArrayLen elements when the function indexes or
//     advances p, and NULL as well only when the function compares p with
//     NULL; char pointers point to NUL-terminated strings; structures
//     reached this way get the same treatment for their pointer members, up
//     to Options.Depth levels, below which pointers are NULL;
//   - globals of the unit: any value, unless Options.InitialGlobals.
//
// Stub replaces every function without a body that the entry can reach by
// one returning any value (a fresh object or NULL for pointer results) and
// giving the objects its non-const pointer arguments point to any contents
// (ir.BHavoc). Every such assumption is listed in Harness.Assumed and in
// Stub's result, so a reader of a "safe" sees what the proof took for
// granted.
package harness

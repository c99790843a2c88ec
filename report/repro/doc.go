// Package repro turns a counterexample into a standalone C program that
// replays it natively: the reproducer defines each __VERIFIER_nondet_<type>
// function the program uses to return the trace's inputs in order, defines
// the error functions the program only declares (reach_error prints
// "reach_error reached" and aborts), and then #includes the program's own
// source by absolute path, so an assertion failure names the user's file
// and line. Compiled with cc (gcc -m32 for ILP32 programs) and run, it
// should abort with the assertion's message; Check does exactly that.
//
// Inputs that cannot be forced from outside the program (uninitialised
// variables, the contents of malloc'ed blocks) are listed in a comment at
// the top: the native run gets whatever the compiler and C library give.
package repro

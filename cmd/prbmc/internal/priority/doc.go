// Package priority lowers the CPU priority of a check that has run for a
// while, so that checks started after it — the short ones, most of them —
// answer first when several share the machine's cores (prbmc check's
// child processes, a benchmark's jobs). It is the oldest-runs-last rule of
// a multi-level feedback queue: total work is unchanged, a long check
// ends when it would have, and a short one is not held behind it.
//
// Only Linux is supported, where the nice value is per thread: every
// thread of the process is reniced, and threads started later inherit the
// value from the thread that starts them. Elsewhere LowerAfter does
// nothing.
package priority

// Package sarif writes verification results as SARIF 2.1.0 for GitHub code
// scanning: one SARIF run per prbmc invocation, one rule per property kind,
// one SARIF result per checked property. An unsafe property becomes an
// error-level alert located at the check, with the counterexample as a code
// flow (a thread-flow location per trace step, its state the variable the
// step wrote); the other verdicts become results of kind pass (safe),
// notApplicable (bounded, unreachable) or open (unknown), so a reader of the
// log sees what was proved as well as what failed.
//
// Fingerprints hash the function, kind and text of a property, never its
// line, so an alert survives unrelated edits above it. GitHub's limits are
// respected: at most 1000 thread-flow locations per result (the first and
// last steps are kept) and 5000 results per run.
package sarif

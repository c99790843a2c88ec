// Package witness writes SV-COMP verification witnesses: a violation
// witness for an unsafe result (the counterexample as a witness automaton a
// validator can replay) and a correctness witness for a safe one.
//
// The format is the GraphML-based exchange format, version 1.0
// (https://github.com/sosy-lab/sv-witnesses), not the newer YAML format
// 2.0: GraphML 1.0 is the format every SV-COMP witness validator reads
// (CPAchecker, Ultimate Automizer, CPA-witness2test, FShell-witness2test),
// while YAML 2.0 is not accepted for violation witnesses by all of them.
//
// A violation witness has an entry node, a node after each step of the
// trace (consecutive steps on one line share an edge, as a validator sees
// one control-flow edge there), edges carrying the step's startline, and
// for each input read through a __VERIFIER_nondet_<type>() call an
// assumption "\result == v;" qualified by assumption.resultfunction. The
// last node is the violation node.
package witness

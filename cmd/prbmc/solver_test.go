package main

import (
	"os/exec"
	"strings"
	"testing"
)

func TestVerifySolverFlag(t *testing.T) {
	f := writeC(t, "ok.c", "int main(void) { return 0; }\n")
	for _, args := range [][]string{
		{"verify", "--solver", "magic", f},
		{"verify", "--solver", "cmd:", f},
		{"verify", "--solver", "cmd:/nonexistent/solver -in", f},
		{"verify", "--solver", "z3-pipe", "--budget", "work", f},
	} {
		wantUsageError(t, "", args...)
	}
	unsafe := writeC(t, "p.c", "void reach_error(void);\nint main(void) { unsigned x = __VERIFIER_nondet_uint();\n"+
		"  if (x * 3u == 7u) reach_error(); return 0; }\nunsigned __VERIFIER_nondet_uint(void);\n")
	safe := writeC(t, "q.c", "void reach_error(void);\nunsigned __VERIFIER_nondet_uint(void);\n"+
		"int main(void) { unsigned x = __VERIFIER_nondet_uint(); if (x * 2u == 7u) reach_error(); return 0; }\n")
	for _, solver := range []string{"z3", "z3-pipe", "cvc5", "cmd:z3 -in -smt2"} {
		bin := strings.TrimPrefix(solver, "cmd:")
		bin = strings.Fields(strings.TrimSuffix(bin, "-pipe"))[0]
		if _, err := exec.LookPath(bin); err != nil {
			t.Logf("%s: %s is not installed", solver, bin)
			continue
		}
		for _, c := range []struct {
			file, want string
		}{{unsafe, "RESULT: FALSE"}, {safe, "RESULT: TRUE"}} {
			out, stderr, _ := runCmd(t, "verify", "--solver", solver, "--engine", "incremental", "--timeout", "20s", c.file)
			if !strings.HasPrefix(lastLine(out), c.want) {
				t.Errorf("--solver %s %s: %q, want %s…\n%s", solver, c.file, lastLine(out), c.want, stderr)
			}
		}
	}
}

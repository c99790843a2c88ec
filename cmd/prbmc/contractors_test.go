package main

import (
	"strings"
	"testing"
)

// TestVerifyExplain: --explain prints the CSP, the contracted boxes and the
// inserted assume before the report; --contractors off prunes nothing and
// a bad value is a usage error.
func TestVerifyExplain(t *testing.T) {
	f := "../../testdata/svcomp/loop-lit/afnp2014.i"
	out, stderr, code := runCmd(t, "verify", "--data-model", "ILP32", "--explain", "--timeout", "60s", f)
	if code != exitSafe {
		t.Fatalf("exit %d\n%s\n%s", code, out, stderr)
	}
	for _, want := range []string{
		"constraint  f1: y - x <= 0",
		"inner  [x]'' = [x] = [1, 1000] × [y] = [1, 1000]",
		"inserted at the end of the loop body",
		"assume((x <= 1000))",
		"RESULT: TRUE (safe: with contractors",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Index(out, "assume(") > strings.Index(out, "RESULT:") {
		t.Error("the explanation comes after the report")
	}
	out, _, _ = runCmd(t, "verify", "--data-model", "ILP32", "--explain", "--contractors", "off", "--engine", "bmc", "--unwind", "3", f)
	if !strings.Contains(out, "contractors: off") || strings.Contains(out, "with contractors") {
		t.Errorf("--contractors off:\n%s", out)
	}
	_, stderr, code = runCmd(t, "verify", "--contractors", "maybe", f)
	if code != exitUsage || !strings.Contains(stderr, `unknown contractors "maybe"`) {
		t.Errorf("bad value: exit %d, %s", code, stderr)
	}
}

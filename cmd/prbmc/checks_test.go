package main

import (
	"strings"
	"testing"
)

// TestVerifyChecks: --checks picks the properties; the default keeps only
// the program's assertions.
func TestVerifyChecks(t *testing.T) {
	f := writeC(t, "ov.c", "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int x = __VERIFIER_nondet_int();\n  int a[4];\n  a[x & 3] = 1;\n  return x + 1;\n}\n")
	for _, tc := range []struct {
		checks string
		code   int
		line   string
	}{
		{"", exitSafe, "RESULT: TRUE"},
		{"assertions", exitSafe, "RESULT: TRUE"},
		{"bounds,div-by-zero,pointer", exitSafe, "RESULT: TRUE"},
		{"overflow", exitUnsafe, "RESULT: FALSE"},
		{"all", exitUnsafe, "RESULT: FALSE"},
	} {
		args := []string{"verify", "--timeout", "20s", f}
		if tc.checks != "" {
			args = append(args, "--checks", tc.checks)
		}
		out, stderr, code := runCmd(t, args...)
		if code != tc.code || !strings.HasPrefix(lastLine(out), tc.line) {
			t.Errorf("--checks %q: exit %d, last line %q; want %d, %s\nstderr: %s", tc.checks, code, lastLine(out), tc.code, tc.line, stderr)
		}
		if tc.code == exitUnsafe && !strings.Contains(out, `overflow "signed overflow in x + 1"`) {
			t.Errorf("--checks %q: the overflow is not reported:\n%s", tc.checks, out)
		}
	}
}

func TestChecksUsageErrors(t *testing.T) {
	f := writeC(t, "ok.c", "int main(void) { return 0; }\n")
	for _, args := range [][]string{
		{"verify", "--checks", "overflows", f},
		{"verify", "--checks", "overflow,memory", f},
		{"ir", "--checks", "nope", f},
	} {
		wantUsageError(t, "unknown check", args...)
	}
}

func TestIRChecks(t *testing.T) {
	f := writeC(t, "d.c", "int f(int a, int b) { return a / b; }\n")
	out, _, code := runCmd(t, "ir", "--checks", "div-by-zero", f)
	if code != 0 || !strings.Contains(out, `div-by-zero "division by zero in a / b"`) {
		t.Fatalf("exit %d, output lacks the check:\n%s", code, out)
	}
}

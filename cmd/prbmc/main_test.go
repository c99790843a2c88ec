package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/prbmc/prbmc/cmd/prbmc/internal/pipeline"
	"github.com/prbmc/prbmc/verifier/result"
)

func runCmd(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, &out, &errb)
	return out.String(), errb.String(), code
}

// wantUsageError runs prbmc with args and wants a usage error: exit 2,
// nothing on stdout, at most one line on stderr, and that containing
// want.
func wantUsageError(t *testing.T, want string, args ...string) {
	t.Helper()
	out, stderr, code := runCmd(t, args...)
	if code != exitUsage || out != "" || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || !strings.Contains(stderr, want) {
		t.Errorf("%v: exit %d, stdout %q, stderr %q; want a usage error of one line saying %q", args, code, out, stderr, want)
	}
}

func writeC(t *testing.T, name, src string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

func TestVerifyExitCodes(t *testing.T) {
	tests := []struct {
		name, src string
		code      int
		result    string
	}{
		{"unsafe", "void reach_error(void);\nint main(void) { int x = 2; if (x == 2) reach_error(); return 0; }\n", exitUnsafe, "RESULT: FALSE"},
		{"safe", "void reach_error(void);\nint main(void) { int x = 2; if (x == 3) reach_error(); return 0; }\n", exitSafe, "RESULT: TRUE"},
		{"parse error", "int main(void) { return 0 \n", exitUnknown, "RESULT: UNKNOWN"},
		{"unsupported reached", "void reach_error(void);\nint g(int x) { return x; }\nint main(void) { double (*f)(double) = (double (*)(double))g; if (f(1)) reach_error(); return 0; }\n", exitUnknown, "RESULT: UNKNOWN"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := writeC(t, "p.c", tc.src)
			out, stderr, code := runCmd(t, "verify", "--timeout", "20s", f)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, out, stderr)
			}
			if !strings.HasPrefix(lastLine(out), tc.result) {
				t.Fatalf("last line %q, want %s…", lastLine(out), tc.result)
			}
		})
	}
}

func TestVerifyParseErrorNamesPlace(t *testing.T) {
	f := writeC(t, "bad.c", "int main(void) {\n  int x = ;\n  return 0;\n}\n")
	out, _, code := runCmd(t, "verify", f)
	if code != exitUnknown {
		t.Fatalf("exit %d", code)
	}
	if !strings.Contains(lastLine(out), "bad.c:2:") {
		t.Fatalf("reason does not name file:line: %q", lastLine(out))
	}
}

func TestVerifyUsageErrors(t *testing.T) {
	f := writeC(t, "ok.c", "int main(void) { return 0; }\n")
	for _, args := range [][]string{
		{"verify"},
		{"verify", "/nonexistent/file.c"},
		{"verify", "--engine", "magic", f},
		{"verify", "--bogus-flag", f},
		{"verify", "--data-model", "ILP64", f},
		{"verify", "--format", "xml", f},
		{"no-such-command"},
	} {
		out, stderr, code := runCmd(t, args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
		if out != "" {
			t.Errorf("%v: printed to stdout: %q", args, out)
		}
		if n := strings.Count(strings.TrimSpace(stderr), "\n"); stderr == "" || (n > 0 && !strings.Contains(stderr, "Usage")) {
			t.Errorf("%v: stderr should be one line, got %q", args, stderr)
		}
	}
}

func TestVerifyJSON(t *testing.T) {
	f := writeC(t, "j.c", "extern int __VERIFIER_nondet_int(void);\nvoid reach_error(void);\nint main(void) {\n  int x = __VERIFIER_nondet_int();\n  if (x == 42) reach_error();\n  return 0;\n}\n")
	out, _, code := runCmd(t, "verify", "--format", "json", f)
	if code != exitUnsafe {
		t.Fatalf("exit %d", code)
	}
	body, _, _ := strings.Cut(out, "RESULT:")
	var r result.Result
	if err := json.Unmarshal([]byte(body), &r); err != nil {
		t.Fatalf("JSON: %v\n%s", err, out)
	}
	v := r.Violated()
	if r.Verdict != result.Unsafe || v == nil || v.Trace == nil || !v.Trace.Replayed {
		t.Fatalf("got %+v", r)
	}
	if len(v.Trace.Inputs) != 1 || v.Trace.Inputs[0].Value != "42" || v.Location.Line != 5 {
		t.Fatalf("inputs %+v at line %d, want one input 42 at line 5", v.Trace.Inputs, v.Location.Line)
	}
}

func TestVerifyBoundedAndFunction(t *testing.T) {
	f := writeC(t, "b.c", "extern unsigned __VERIFIER_nondet_uint(void);\nvoid reach_error(void);\nint check(int a) { if (a > 100 && a < 50) reach_error(); return a; }\nint main(void) {\n  unsigned n = __VERIFIER_nondet_uint(), i = 0;\n  while (i < n) i++;\n  if (i != n) reach_error();\n  return 0;\n}\n")
	out, _, code := runCmd(t, "verify", "--engine", "bmc", "--unwind", "3", f)
	if code != exitSafe || !strings.Contains(lastLine(out), "bounded") {
		t.Fatalf("exit %d, %q; want bounded", code, lastLine(out))
	}
	out, _, code = runCmd(t, "verify", "--function", "check", f)
	if code != exitSafe || !strings.HasPrefix(lastLine(out), "RESULT: TRUE") {
		t.Fatalf("--function check: exit %d, %q", code, lastLine(out))
	}
}

func TestIRCommand(t *testing.T) {
	f := writeC(t, "i.c", "int main(void) { int s = 0; for (int i = 0; i < 3; i++) s += i; return s; }\n")
	out, _, code := runCmd(t, "ir", f)
	if code != 0 || !strings.Contains(out, "func main() int") || !strings.Contains(out, "s := (s + i)") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

func TestEngineBudget(t *testing.T) {
	for _, tc := range []struct{ timeout, want time.Duration }{
		{30 * time.Second, 29 * time.Second},
		{29 * time.Second, 28 * time.Second},
		{10 * time.Second, 9500 * time.Millisecond},
		{time.Second, 950 * time.Millisecond},
	} {
		if got := engineBudget(tc.timeout); got != tc.want {
			t.Errorf("engineBudget(%v) = %v, want %v", tc.timeout, got, tc.want)
		}
	}
}

func TestYieldsCPU(t *testing.T) {
	for _, tc := range []struct {
		args []string
		env  string
		want bool
	}{
		{[]string{"verify", "a.c"}, "", true},
		{[]string{pipeline.ChildSubcommand}, "", true},
		{[]string{"verify", "a.c"}, "off", false},
		{[]string{pipeline.ChildSubcommand}, "off", false},
		{[]string{"check", "--base", "HEAD~1"}, "", false},
		{[]string{"action"}, "", false},
		{nil, "", false},
	} {
		getenv := func(k string) string {
			if k == "PRBMC_YIELD" {
				return tc.env
			}
			return ""
		}
		if got := yieldsCPU(tc.args, getenv); got != tc.want {
			t.Errorf("yieldsCPU(%q) with PRBMC_YIELD=%q = %v, want %v", tc.args, tc.env, got, tc.want)
		}
	}
}

package main

import (
	"strings"
	"testing"
)

// TestChecksBitfields: storing a value that does not fit a bit-field
// truncates (implementation-defined, not undefined): --checks all reports
// nothing on stores, ++, -- and compound assignments of bit-fields; the
// promotion of an unsigned:31 field to int does overflow, as in C.
func TestChecksBitfields(t *testing.T) {
	safe := writeC(t, "bf.c", `extern int __VERIFIER_nondet_int(void);
struct s { unsigned u : 3; int i : 4; _Bool b : 1; unsigned w : 32; int v : 32; };
int main(void) {
  struct s s = {0};
  int x = __VERIFIER_nondet_int();
  s.u = x; s.i = x; s.b = x; s.w = x; s.v = x;
  s.u++; s.i--; s.i += 100; s.u *= 77; s.b--; s.w += 5; s.u <<= 2;
  s.u = -1; s.i = 1000000;
  return s.u + s.i + s.b;
}
`)
	out, stderr, code := runCmd(t, "verify", "--timeout", "60s", "--checks", "all", safe)
	if code != exitSafe || !strings.HasPrefix(lastLine(out), "RESULT: TRUE") {
		t.Errorf("bit-field stores: exit %d, want safe:\n%s\nstderr: %s", code, out, stderr)
	}
	bug := writeC(t, "bf31.c", `extern unsigned __VERIFIER_nondet_uint(void);
struct s { char c; unsigned x : 31; };
int main(void) {
  struct s s;
  s.x = __VERIFIER_nondet_uint();
  return s.x + 33;
}
`)
	out, stderr, code = runCmd(t, "verify", "--timeout", "60s", "--checks", "overflow", bug)
	if code != exitUnsafe || !strings.Contains(out, "signed overflow") {
		t.Errorf("unsigned:31 + 33: exit %d, want the int overflow:\n%s\nstderr: %s", code, out, stderr)
	}
}

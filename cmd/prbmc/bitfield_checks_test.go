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

// TestChecksWideBitfields: a signed bit-field of 40 bits in a 64-bit type
// computes in 40 bits, so y + 1 overflows at 2^39 - 1 (found, with the
// value), and is safe below; the unsigned one wraps without a finding.
func TestChecksWideBitfields(t *testing.T) {
	bug := writeC(t, "bf40.c", `extern long long __VERIFIER_nondet_longlong(void);
struct s { long long y : 40; unsigned long long x : 40; };
int main(void) {
  struct s s;
  s.y = __VERIFIER_nondet_longlong();
  s.x = s.y;
  s.x = s.x + 1;
  return s.y + 1 > 0;
}
`)
	out, stderr, code := runCmd(t, "verify", "--timeout", "60s", "--checks", "overflow", bug)
	if code != exitUnsafe || !strings.Contains(out, "signed overflow") || !strings.Contains(out, "549755813887") {
		t.Errorf("long long y : 40, y + 1: exit %d, want the overflow at 2^39 - 1:\n%s\nstderr: %s", code, out, stderr)
	}
	safe := writeC(t, "bf40safe.c", `extern long long __VERIFIER_nondet_longlong(void);
struct s { long long y : 40; unsigned long long x : 40; };
int main(void) {
  struct s s;
  s.y = __VERIFIER_nondet_longlong();
  s.x = s.y;
  s.x = s.x * 3 + 1;
  if (s.y > 549755813886LL) return 0;
  return s.y + 1 > 0;
}
`)
	out, stderr, code = runCmd(t, "verify", "--timeout", "60s", "--checks", "overflow", safe)
	if code != exitSafe || !strings.HasPrefix(lastLine(out), "RESULT: TRUE") {
		t.Errorf("long long y : 40 below 2^39 - 1: exit %d, want safe:\n%s\nstderr: %s", code, out, stderr)
	}
}

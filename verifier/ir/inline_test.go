package ir_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/ir/interp"
)

const inlinePrelude = `extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
#include <stdio.h>
`

// inlinePrograms exercise what a copy must keep (every callee has a loop
// of its own: only those are inlined): results, several returns,
// locals in memory whose lifetime ends at a return (a dangling pointer
// read after it), a callee called twice and in a loop, nested calls,
// struct parameters and results, globals, a recursive callee (kept), an
// alloca (kept), a loop-free callee (kept), output, and assertions in
// callees.
var inlinePrograms = []string{
	`int sum(int n) { int i = 0, s = 0; while (i < n) { s = s + 2; i = i + 1; } return s; }
int main(void) { int n = __VERIFIER_nondet_int(); if (n < 0 || n > 20) return 0;
  int s = sum(n); __VERIFIER_assert(s == 2 * n); __VERIFIER_assert(s < 30); return s; }`,
	`int g(int *p) { int r = 0; for (int k = 0; k < 2; k++) r += *p; return r / 2; }
int f(int a) { int x = a; for (int k = 0; k < 3 && x > 100; k++) x -= 100; if (a > 3) { int y = 2; g(&y); return x + y; } int z = g(&x); return z; }
int main(void) { int a = __VERIFIER_nondet_int(); int r = f(a) + f(a - 5); __VERIFIER_assert(r != 7); return 0; }`,
	`int *leak(int a) { int x = a; for (int k = 0; k < a % 3; k++) x++; int *p = &x; return p; }
int main(void) { int a = __VERIFIER_nondet_int(); int *p = leak(a); if (a > 10) return *p; return 0; }`,
	`struct pt { int x, y; };
struct pt mv(struct pt p, int d) { for (int k = 0; k < 2; k++) { p.x += d; p.y -= d; } return p; }
int main(void) { struct pt q = {1, 2}; for (int i = 0; i < 3; i++) q = mv(q, __VERIFIER_nondet_int() % 4);
  __VERIFIER_assert(q.x + q.y == 3); printf("%d %d\n", q.x, q.y); return q.x; }`,
	`int cnt;
void tick(void) { for (int k = 0; k < 1; k++) cnt++; if (cnt > 4) reach_error(); }
int twice(int v) { int r = 0; for (int k = 0; k < 2; k++) r += v; tick(); tick(); return r; }
int main(void) { int k = __VERIFIER_nondet_int() % 3; for (int i = 0; i < k; i++) twice(i); return cnt; }`,
	`int fact(int n) { if (n <= 1) return 1; return n * fact(n - 1); }
int main(void) { int n = __VERIFIER_nondet_int() % 6; int r = fact(n); __VERIFIER_assert(r != 24); return 0; }`,
	`int vla(int n) { if (n < 1 || n > 8) return 0; int a[n]; for (int i = 0; i < n; i++) a[i] = i; return a[n - 1]; }
int main(void) { int n = __VERIFIER_nondet_int(); __VERIFIER_assert(vla(n) != 5); return 0; }`,
	`int inc(int v) { return v + 1; }
int clamp(int v, int lo, int hi) { while (v < lo) v = lo; if (v > hi) return hi; return v; }
int main(void) { int u = __VERIFIER_nondet_int(); int w = clamp(clamp(inc(u), -5, 50), 0, 10);
  __VERIFIER_assert(w >= 0 && w <= 10); __VERIFIER_assert(w != 9); return 0; }`,
}

type randInputs struct{ r *rand.Rand }

func (s randInputs) Next(t ir.Type, why string, pos ir.Pos) ([]byte, error) {
	b := make([]byte, t.Size())
	for i := range b {
		b[i] = byte(s.r.Intn(256))
	}
	if len(b) >= 4 && s.r.Intn(2) == 0 { // small values reach the branches
		v := s.r.Intn(41) - 10
		for i := range b {
			b[i] = byte(v >> (8 * i))
		}
	}
	return b, nil
}

// TestInlineAgrees: every program's inlined copy ends as the original on
// the same inputs (status, exit code, failed property, position, output,
// inputs consumed), on 200 random input sequences each; the copy passes
// the sanity check, leaves the original untouched, and inlines exactly
// the calls it may (not the recursive fact, not the VLA's, not the
// loop-free inc).
func TestInlineAgrees(t *testing.T) {
	wantCalls := []int{1, 6, 1, 1, 3, 0, 0, 2} // __VERIFIER_assert is inlined by the front end
	for i, src := range inlinePrograms {
		p := cfronttest.Load(t, inlinePrelude+src, ir.LP64)
		var before bytes.Buffer
		ir.Fprint(&before, p, false)
		ip, n, err := ir.Inline(p, "main", 10000)
		if err != nil {
			t.Fatalf("program %d: %v", i, err)
		}
		if n != wantCalls[i] {
			t.Errorf("program %d: %d calls inlined, want %d", i, n, wantCalls[i])
		}
		var after bytes.Buffer
		ir.Fprint(&after, p, false)
		if before.String() != after.String() {
			t.Fatalf("program %d: Inline modified the original", i)
		}
		if n == 0 {
			if ip != p {
				t.Errorf("program %d: nothing inlined, but a new program", i)
			}
			continue
		}
		for _, x := range ip.Func("main").Body {
			if c, ok := x.(*ir.Call); ok && c.Fn != nil && c.Fn.HasBody() && c.Fn.Name != "fact" && c.Fn.Name != "vla" && c.Fn.Name != "inc" {
				t.Errorf("program %d: call of %s left in main", i, c.Fn.Name)
			}
		}
		for seed := int64(0); seed < 200; seed++ {
			run := func(q *ir.Program) (*interp.Result, string) {
				var out bytes.Buffer
				r, err := interp.Run(context.Background(), q, "main", interp.Options{Inputs: randInputs{rand.New(rand.NewSource(seed))}, Stdout: &out})
				if err != nil {
					t.Fatalf("program %d: %v", i, err)
				}
				return r, out.String()
			}
			a, ao := run(p)
			b, bo := run(ip)
			describe := func(r *interp.Result, out string) string {
				id := ""
				if r.Prop != nil {
					id = r.Prop.ID
				}
				// The message names the variable's function, which the
				// copy changes; reports replay on the original.
				return fmt.Sprintf("%s exit %d prop %q at %s inputs %d output %q", r.Status, r.ExitCode, id, r.Pos, len(r.Inputs), out)
			}
			if da, db := describe(a, ao), describe(b, bo); da != db {
				t.Fatalf("program %d, seed %d:\noriginal %s\ninlined  %s", i, seed, da, db)
			}
		}
	}
}

// TestInlineShape: a callee's loop becomes a loop of the entry at the
// callee's position, its variables are the entry's own (renamed per
// activation), and a size limit keeps the call.
func TestInlineShape(t *testing.T) {
	p := cfronttest.Load(t, inlinePrelude+inlinePrograms[0], ir.LP64)
	ip, n, err := ir.Inline(p, "main", 10000)
	if err != nil || n != 1 {
		t.Fatalf("inline: %d, %v", n, err)
	}
	f := ip.Func("main")
	if len(p.Func("main").Loops) != 0 || len(f.Loops) != 1 || f.Loops[0].Pos.Line != 6 {
		t.Fatalf("loops of the inlined main: %d (line %d), of the original: %d", len(f.Loops), f.Loops[0].Pos.Line, len(p.Func("main").Loops))
	}
	var names []string
	for _, v := range f.Locals {
		if v.Func != f {
			t.Errorf("%s belongs to %v", v.Name, v.Func)
		}
		if strings.HasPrefix(v.Name, "sum.") {
			names = append(names, v.Name+"/"+v.Source)
		}
	}
	if got := strings.Join(names, " "); got != "sum.n/n sum.i/i sum.s/s" {
		t.Errorf("inlined variables %q", got)
	}
	if _, n, _ := ir.Inline(p, "main", len(p.Func("main").Body)+3); n != 0 {
		t.Errorf("inlined %d calls past the size limit", n)
	}
}

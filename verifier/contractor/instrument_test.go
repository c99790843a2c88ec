package contractor

import (
	"bytes"
	"context"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/ir"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files")

const prelude = `extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void abort(void);
void reach_error(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
`

func loadSrc(t *testing.T, src string) *ir.Program {
	t.Helper()
	return cfronttest.Load(t, prelude+src, ir.ILP32)
}

func explain(t *testing.T, p *ir.Program) ([]Query, *Explanation, string) {
	t.Helper()
	qs, ex, err := Instrument(context.Background(), p, "main", nil)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	ex.Fprint(&b)
	return qs, ex, b.String()
}

// TestAfnp2014 is Fig. 9-11: the explanation (a golden file) shows the
// domain from our analyses, the inner contractor's [1, 1000] × [1, 1000]
// and the inserted assume(x <= 1000); the caller's program is unchanged
// and the instrumented one is well formed.
func TestAfnp2014(t *testing.T) {
	p := cfronttest.LoadFile(t, "../../testdata/svcomp/loop-lit/afnp2014.i", ir.ILP32)
	var before bytes.Buffer
	ir.Fprint(&before, p, false)
	qs, ex, text := explain(t, p)
	golden := "testdata/afnp2014.explain"
	if *updateGolden {
		os.WriteFile(golden, []byte(text), 0o644)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if text != string(want) {
		t.Errorf("explanation differs from %s:\n%s", golden, text)
	}
	var after bytes.Buffer
	ir.Fprint(&after, p, false)
	if before.String() != after.String() {
		t.Error("Instrument modified the caller's program")
	}
	if len(qs) != 1 || !qs[0].Pruned || len(qs[0].Props) != 1 {
		t.Fatalf("queries %+v", qs)
	}
	if err := ir.CheckProgram(qs[0].Program); err != nil {
		t.Fatal(err)
	}
	l := ex.Props[0].Pruned[0]
	s := l.CSP.Space
	if got := s.FormatUnion(l.Sets.Inner); got != "[x] = [1, 1000] × [y] = [1, 1000]" {
		t.Errorf("[x]'' = %s", got)
	}
	// The assume sits right before the latch, which still closes the loop.
	f := qs[0].Program.Func("main")
	var found bool
	for _, lp := range f.Loops {
		if a, ok := f.Body[lp.Latch-1].(*ir.Assume); ok && ir.ExprString(a.Cond) == "(x <= 1000)" {
			found = true
		}
	}
	if !found {
		var b bytes.Buffer
		ir.Fprint(&b, qs[0].Program, false)
		t.Errorf("no assume(x <= 1000) before the latch:\n%s", b.String())
	}
}

// TestPaperProgramsDomains runs Fig. 3 and Fig. 6 as C: the domains come
// from the interval analysis (the assumes), and the boxes are the paper's.
func TestPaperProgramsDomains(t *testing.T) {
	cases := []struct {
		name, src                 string
		domain, outer, inner, sIn string
	}{
		{"fig3", `int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  unsigned int y = __VERIFIER_nondet_uint();
  __VERIFIER_assume(x <= 20);
  __VERIFIER_assert(x >= y);
  return 0;
}`, "[x] = [0, 20] × [y] = [0, MAX]", "[x] = [0, 20] × [y] = [0, 20]", "", ""},
		{"fig6", `int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  unsigned int y = __VERIFIER_nondet_uint();
  __VERIFIER_assume(x >= 20 && x <= 30);
  __VERIFIER_assume(y <= 30);
  __VERIFIER_assert(x >= y);
  return 0;
}`, "[x] = [20, 30] × [y] = [0, 30]", "[x] = [20, 30] × [y] = [0, 30]", "[x] = [20, 30] × [y] = [20, 30]", "[x] = [20, 30] × [y] = [0, 19]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			qs, ex, text := explain(t, loadSrc(t, c.src))
			if len(qs) != 1 || qs[0].Pruned {
				t.Errorf("no loop, yet queries %+v", qs)
			}
			r := ex.Props[0]
			if r.CSP == nil {
				t.Fatalf("no CSP:\n%s", text)
			}
			s := r.CSP.Space
			for _, chk := range []struct{ what, got, want string }{
				{"domain", s.Format(r.CSP.Domain), c.domain},
				{"[x]'", s.FormatUnion(r.Sets.Outer), c.outer},
				{"[x]''", s.FormatUnion(r.Sets.Inner), c.inner},
				{"S_in", s.FormatUnion(r.Sets.In), c.sIn},
			} {
				if chk.want != "" && chk.got != chk.want {
					t.Errorf("%s = %s, want %s", chk.what, chk.got, chk.want)
				}
			}
		})
	}
}

// TestRefusals: pruning that would be unsound is refused, with the reason
// in the explanation.
func TestRefusals(t *testing.T) {
	cases := []struct{ name, src, reason string }{
		{"wrap-around", `int main(void) {
  unsigned char x = 1;
  while (__VERIFIER_nondet_int()) { x = x + 1; }
  __VERIFIER_assert(x >= 1);
  return 0;
}`, "x may wrap around"},
		{"wrap-around-int", `int main(void) {
  int x = 1;
  while (__VERIFIER_nondet_int()) { x = x + 1; }
  __VERIFIER_assert(x >= 1);
  return 0;
}`, "x may wrap around"},
		{"non-monotone", `int main(void) {
  int x = 0; int n = 0;
  while (n < 100 && __VERIFIER_nondet_int()) {
    if (__VERIFIER_nondet_int()) x = x + 1; else x = x - 1;
    n = n + 1;
  }
  __VERIFIER_assert(x <= 100);
  return 0;
}`, "x is not monotone: it both increases and decreases"},
		{"start-of-loop", `int main(void) {
  int x = 0;
  while (x < 100 && __VERIFIER_nondet_int()) { x = x + 1; }
  __VERIFIER_assert(x <= 50);
  return 0;
}`, "at the start or in the middle of the loop"},
		{"written-after-loop", `int main(void) {
  int x = 0; int y = 0;
  while (y < 1000 && __VERIFIER_nondet_int()) { x = x + 2; y = y + 1; }
  x = x - 5000;
  __VERIFIER_assert(x <= y);
  return 0;
}`, "after the loop body: not monotone"},
		{"nondet-step", `int main(void) {
  int x = 0;
  while (x < 100 && __VERIFIER_nondet_int()) { x = __VERIFIER_nondet_int(); }
  __VERIFIER_assert(x <= 1000);
  return 0;
}`, "x is not monotone"},
		{"memory", `int main(void) {
  int x = 0; int *p = &x;
  while (x < 100 && __VERIFIER_nondet_int()) { *p = *p + 1; }
  __VERIFIER_assert(x <= 1000);
  return 0;
}`, "not a register integer or float variable"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			qs, _, text := explain(t, loadSrc(t, c.src))
			if len(qs) != 1 || qs[0].Pruned {
				t.Errorf("pruned:\n%s", text)
			}
			if !strings.Contains(text, c.reason) {
				t.Errorf("explanation lacks %q:\n%s", c.reason, text)
			}
		})
	}
}

// TestPrunes: loops that are pruned, with the assume inserted.
func TestPrunes(t *testing.T) {
	cases := []struct{ name, src, assume string }{
		// Decreasing: once x < 0 with y >= 0 fixed, x <= y forever.
		{"decreasing", `int main(void) {
  int x = 1000; int y = __VERIFIER_nondet_int();
  __VERIFIER_assume(y >= 0 && y <= 10);
  while (x > -1000 && __VERIFIER_nondet_int()) { x = x - 1; }
  __VERIFIER_assert(x <= y || x > 10);
  return 0;
}`, "assume((x >= 0))"},
		// loop-zilu/benchmark02_linear: l is never written, l >= 1 holds on
		// the whole domain with the integers' complement (the closed one
		// keeps l = 1 on the border): the end of the body is cut entirely.
		{"unchanged-whole-domain", `int main(void) {
  int n = __VERIFIER_nondet_int(); int l = __VERIFIER_nondet_int(); int i = l;
  if (!(l > 0)) return 0;
  while (i < n) { i++; }
  __VERIFIER_assert(l >= 1);
  return 0;
}`, "assume(0)"},
		// reach_error() under an if: the property is the jump's condition.
		{"reach-error-if", `int main(void) {
  int x = 1, y = 0;
  while (y < 1000 && __VERIFIER_nondet_int()) { x = x + y; y = y + 1; }
  if (x < y) reach_error();
  return 0;
}`, "assume((x <= 1000))"},
		// An assertion inside the loop, two variables, &&.
		{"in-loop", `int main(void) {
  int i = 0; int s = 0;
  while (i < 100 && __VERIFIER_nondet_int()) {
    __VERIFIER_assert(s >= i - 1 && i >= 0);
    s = s + i; i = i + 1;
  }
  return 0;
}`, "assume("},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			qs, _, text := explain(t, loadSrc(t, c.src))
			if len(qs) == 0 || !qs[0].Pruned {
				t.Fatalf("not pruned:\n%s", text)
			}
			if !strings.Contains(text, c.assume) {
				t.Errorf("no %s:\n%s", c.assume, text)
			}
			for _, q := range qs {
				if err := ir.CheckProgram(q.Program); err != nil {
					t.Error(err)
				}
			}
		})
	}
}

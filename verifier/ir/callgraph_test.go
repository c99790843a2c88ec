package ir_test

import (
	"slices"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/ir"
)

func TestReachable(t *testing.T) {
	p := cfronttest.Load(t, `
int g;
int c(int x) { return x + 1; }
int d(int x) { return x - 1; }
int a(int x) { return c(x); }
int b(int x) { return c(d(x)); }
int unused(int x) { return a(x); }
int main(void) { return a(1) + b(2); }
`, ir.LP64)
	names := func(fs []*ir.Function) []string {
		var out []string
		for _, f := range fs {
			out = append(out, f.Name)
		}
		return out
	}
	for _, tc := range []struct {
		roots []string
		want  []string
	}{
		{[]string{"main"}, []string{"main", "a", "c", "b", "d"}}, // depth first, callees in call order
		{[]string{"c"}, []string{"c"}},
		{[]string{"b", "unused"}, []string{"b", "d", "c", "unused", "a"}},
		{[]string{"nil", "a"}, []string{"a", "c"}},
	} {
		var roots []*ir.Function
		for _, r := range tc.roots {
			roots = append(roots, p.Func(r)) // nil for "nil"
		}
		if got := names(ir.Reachable(roots...)); !slices.Equal(got, tc.want) {
			t.Errorf("Reachable(%v) = %v, want %v", tc.roots, got, tc.want)
		}
	}
}

func TestUsedGlobals(t *testing.T) {
	p := cfronttest.Load(t, `
int a, b, c, d;
int *q;
int g(void) { return b; }
int h(void) { q = &c; return 0; }
int main(void) { a = 1; return g() + h(); }
`, ir.LP64)
	names := func(m map[*ir.Var]bool) []string {
		var out []string
		for v := range m {
			out = append(out, v.Name)
		}
		slices.Sort(out)
		return out
	}
	for _, tc := range []struct {
		fns  []string
		want []string
	}{
		{[]string{"main"}, []string{"a"}},
		{[]string{"g", "h"}, []string{"b", "c", "q"}},
		{nil, nil},
	} {
		var fs []*ir.Function
		for _, n := range tc.fns {
			fs = append(fs, p.Func(n))
		}
		if got := names(ir.UsedGlobals(fs...)); !slices.Equal(got, tc.want) {
			t.Errorf("UsedGlobals(%v) = %v, want %v", tc.fns, got, tc.want)
		}
	}
	if got := names(ir.UsedGlobals(ir.Reachable(p.Func("main"))...)); !slices.Equal(got, []string{"a", "b", "c", "q"}) {
		t.Errorf("globals reachable from main: %v", got)
	}
}

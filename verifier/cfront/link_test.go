package cfront_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/ir"
)

// TestLinkUnits: two units link into one program as a C linker links
// them, external names shared and statics kept apart, and what a linker
// would reject (or what links to a different program) is named in
// LinkProblems.
func TestLinkUnits(t *testing.T) {
	header := "struct pt { int x, y; };\nint get(struct pt *p, int i);\n"
	load := func(t *testing.T, a, b string) *cfront.Program {
		t.Helper()
		p, err := cfront.Load(context.Background(), cfront.Config{},
			cfront.Source{Name: "/u/a.c", Text: []byte(a)}, cfront.Source{Name: "/u/b.c", Text: []byte(b)})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	t.Run("clean", func(t *testing.T) {
		p := load(t, header+"static int h(int i) { return i; }\nint get(struct pt *p, int i) { return h(i) ? p->x : p->y; }\n",
			header+"static int h(int i) { return -i; }\nint run(void) { struct pt q = {1, 2}; return get(&q, h(1)); }\n")
		if len(p.LinkProblems) != 0 {
			t.Fatalf("problems: %q", p.LinkProblems)
		}
		var names []string
		for _, f := range p.IR.Funcs {
			if f.HasBody() && !f.Library {
				names = append(names, f.Name)
			}
		}
		slices.Sort(names)
		if want := []string{"get", "h", "h.1", "run"}; !slices.Equal(names, want) {
			t.Fatalf("functions %v, want %v", names, want)
		}
		// run calls its own h (h.1) and a's get.
		var calls []string
		for _, in := range p.IR.Func("run").Body {
			if c, ok := in.(*ir.Call); ok && c.Fn != nil {
				calls = append(calls, c.Fn.Name)
			}
		}
		if want := []string{"h.1", "get"}; !slices.Equal(calls, want) {
			t.Fatalf("run calls %v, want %v", calls, want)
		}
	})
	for _, tc := range []struct{ name, a, b, want string }{
		{"two definitions", "int f(int x) { return x; }", "int f(int x) { return -x; }", "f() is defined in both /u/a.c and /u/b.c"},
		{"conflicting types", "long f(long x) { return x; }", "int f(int x);\nint g(void) { return f(1); }", "f is declared as"},
		{"conflicting struct", "struct s { int a; };\nint f(struct s *p) { return p->a; }",
			"struct s { char c; int a; };\nint f(struct s *p);\nint g(struct s *p) { return f(p); }", "f is declared as"},
		{"static and external", "static int f(int x) { return x; }\nint g(int x) { return f(x); }", "int f(int x) { return x; }", "f is static in /u/a.c and external in /u/b.c"},
		{"global initialised twice", "int n = 1;", "int n = 2;", "global n is initialised in both"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := load(t, tc.a+"\n", tc.b+"\n")
			if !slices.ContainsFunc(p.LinkProblems, func(s string) bool { return strings.Contains(s, tc.want) }) {
				t.Fatalf("problems %q, want one with %q", p.LinkProblems, tc.want)
			}
		})
	}
}

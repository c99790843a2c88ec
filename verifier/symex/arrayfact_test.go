package symex

import (
	"context"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/smt"
)

// TestSkipRefused: the code between the first loop and the loop of the
// step may be skipped only when nothing there could hide a state or a
// failure the havoc does not cover.
func TestSkipRefused(t *testing.T) {
	const pre = "extern int __VERIFIER_nondet_int(void);\nvoid reach_error(void);\nvoid *malloc(unsigned int);\nint g(int);\n"
	for _, tc := range []struct{ name, between, refused string }{
		{"plain", "x = x + 1;", ""},
		{"a call", "x = g(x);", "a call"},
		{"an allocation", "p = malloc(4);", "a call"},
		{"an assertion", "if (x == 3) reach_error();", "a check"},
		{"a jump past the loop", "if (x == 3) goto out;", "leaves"},
		{"a return", "if (x == 3) return 1;", "a return"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := pre + "int main(void) { int n = __VERIFIER_nondet_int(), x = 0, i; int *p = 0;\n" +
				"for (i = 0; i < n; i++) x++;\n" + tc.between + "\nfor (i = 0; i < n; i++) x--;\nout: return x; }\n"
			p := cfronttest.Load(t, src, ir.ILP32)
			f := p.Func("main")
			var last *ir.Loop
			for _, l := range f.Loops {
				if l.Parent == nil && (last == nil || l.Head > last.Head) {
					last = l
				}
			}
			ind := &Induction{Loop: last, Skip: true}
			_, err := Run(context.Background(), p, smt.NewBuilder(), Options{Unwind: 1, Induction: ind})
			switch {
			case tc.refused == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.refused != "" && (err == nil || !strings.Contains(err.Error(), tc.refused)):
				t.Fatalf("got %v, want a refusal for %s", err, tc.refused)
			}
		})
	}
}

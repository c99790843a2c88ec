package cfront_test

import (
	"context"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/ir/interp"
)

// TestJumpOutEndsLifetime: break, continue and goto out of a block end the
// lifetime of its locals, as falling off its end does, so a pointer kept
// to one dangles (these programs have undefined behaviour, which the
// pointer checks must see). The way back in is TestAgainstGCC's
// 183_goto_into_block.c.
func TestJumpOutEndsLifetime(t *testing.T) {
	progs := map[string]string{
		"break": `int main(void) {
			int *p = 0;
			for (int i = 0; i < 3; i++) { int x = i; p = &x; if (i == 1) break; }
			return *p;
		}`,
		"continue": `int main(void) {
			int *p = 0, s = 0;
			for (int i = 0; i < 2; i++) { if (p) s += *p; int x = i; p = &x; continue; }
			return s;
		}`,
		"goto": `int main(void) {
			int *p;
			{ int x = 1; p = &x; goto out; }
		out:
			return *p;
		}`,
		"switch break": `int main(void) {
			int *p = 0;
			switch (1) { case 1: { int x = 1; p = &x; break; } }
			return *p;
		}`,
	}
	for name, src := range progs {
		t.Run(name, func(t *testing.T) {
			prog := cfronttest.LoadProgram(t, src, ir.LP64)
			r, err := interp.Run(context.Background(), prog.IR, "main", interp.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != interp.Fault || !strings.Contains(r.Message, "outside its lifetime") {
				t.Errorf("got %v (%s), want a fault: read outside the lifetime of x", r.Status, r.Message)
			}
		})
	}
}

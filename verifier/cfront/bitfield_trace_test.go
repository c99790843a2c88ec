package cfront_test

import (
	"context"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/ir/interp"
)

// TestBitFieldTrace: a trace shows a store to a bit-field as the field
// and its value (s.a = 5, s.y = -3), not as its access unit and masks.
func TestBitFieldTrace(t *testing.T) {
	src := `struct s { unsigned a : 3; int y : 4; unsigned b : 5; };
int main(void) {
	struct s v = {0, 0, 0};
	int n = 13;
	v.a = n;
	v.y = -3;
	v.b++;
	return v.a + v.y + v.b;
}`
	prog := cfronttest.Load(t, src, ir.LP64)
	r, err := interp.Run(context.Background(), prog, "main", interp.Options{Trace: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ lhs, value, text string }{
		{"v.a", "5", "v.a = n"},
		{"v.y", "-3", "v.y = -3"},
		{"v.b", "1", "v.b++"},
	}
	i := 0
	for _, st := range r.Trace {
		if i < len(want) && st.Lhs == want[i].lhs && st.Text == want[i].text {
			if st.Value != want[i].value {
				t.Errorf("%s: value %q, want %q", st.Text, st.Value, want[i].value)
			}
			i++
		}
	}
	if i < len(want) {
		t.Errorf("no step %+v in the trace:", want[i])
		for _, st := range r.Trace {
			t.Logf("%s = %s (%s)", st.Lhs, st.Value, st.Text)
		}
	}
	if r.ExitCode != 5+(-3)+1 {
		t.Errorf("exit %d", r.ExitCode)
	}
}

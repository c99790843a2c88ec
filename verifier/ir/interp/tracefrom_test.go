package interp_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/ir/interp"
)

// TestTraceFrom: a trace that leaves out the first n steps (tracing
// turned on only near step n) is exactly the end of the whole trace,
// whatever n is relative to the every-4096-steps checks, also when the
// run ends in calls begun before step n.
func TestTraceFrom(t *testing.T) {
	p := cfronttest.Load(t, `
void reach_error(void);
unsigned f(unsigned z) { return z + 3; }
unsigned g(unsigned z) { unsigned s = 0; for (unsigned i = 0; i < z % 7; i++) s = f(s); return s; }
int main(void) {
	unsigned x = 0;
	while (x < 6000) x = f(x) + g(x) - g(x);
	if (x % 2 == 0) reach_error();
	return 0;
}`, ir.LP64)
	run := func(from int64) *interp.Result {
		r, err := interp.Run(context.Background(), p, "main", interp.Options{Trace: true, TraceFrom: from})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	whole := run(0)
	if whole.Status != interp.AssertFailed {
		t.Fatalf("status %s (%s), want a failed assertion", whole.Status, whole.Message)
	}
	steps := whole.Steps
	prev := len(whole.Trace)
	for _, from := range []int64{1, 2, 4095, 4096, 4097, 8191, 8192, 10_000, steps / 2, steps - 50, steps - 2, steps - 1, steps, steps + 10} {
		t.Run(fmt.Sprint(from), func(t *testing.T) {
			r := run(from)
			if r.Status != whole.Status || r.Steps != steps {
				t.Fatalf("status %s after %d steps, want %s after %d", r.Status, r.Steps, whole.Status, steps)
			}
			n := len(r.Trace)
			if n > prev {
				t.Errorf("%d steps kept from %d, more than from an earlier step (%d)", n, from, prev)
			}
			prev = n
			if from >= steps && n != 0 {
				t.Errorf("%d steps kept from %d, after the run's %d", n, from, steps)
			}
			if from < steps-50 && n == 0 {
				t.Errorf("nothing kept from %d of %d steps", from, steps)
			}
			t.Logf("%d of %d trace steps kept", n, len(whole.Trace))
			if n > 0 && !reflect.DeepEqual(r.Trace, whole.Trace[len(whole.Trace)-n:]) {
				t.Errorf("the trace from %d is not the end of the whole trace", from)
				w := whole.Trace[len(whole.Trace)-n:]
				for i := range r.Trace {
					if !reflect.DeepEqual(r.Trace[i], w[i]) {
						t.Logf("%d: %+v\n   want %+v", i, r.Trace[i], w[i])
					}
				}
			}
		})
	}
}

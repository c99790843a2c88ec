package invariant

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/ir/interp"
)

// TestAlgebraicMutants is the prover's soundness check on programs it was
// not written for: the proved test programs with one piece changed — a
// constant, an operator, a type's width or signedness, an assumption
// dropped. Most mutants are wrong; whenever the prover proves one, no
// concrete run may fail an assertion (inputs small, and extreme ones that
// make wrap-around matter).
func TestAlgebraicMutants(t *testing.T) {
	type edit struct{ from, to string }
	edits := []edit{
		{"+ 1", "+ 2"}, {"+ 1", "- 1"}, {"- 1", "+ 1"}, {"2 *", "3 *"}, {"2*", "3*"},
		{"long long", "int"}, {"long long", "unsigned"}, {"long long", "unsigned long long"},
		{"int x", "long long x"}, {"int a", "short a"}, {"unsigned", "int"},
		{"/ 2", "/ 4"}, {"% 2", "% 4"}, {"== 1", "!= 1"}, {"y - 1", "y"},
		{"assume_abort_if_not(b >= 1);", ""}, {"assume_abort_if_not(x >= 1);", ""},
		{"x = y + x", "x = y + x + y"}, {"p - q", "p + q"}, {"s - r", "r - s"},
		{"z + w", "z + w + 1"}, {"w + 6", "w + 7"}, {"b = b - a", "b = a - b"},
		{"y*y*y + x", "y*y + x"}, {"(2*y)/2", "(2*y + 1)/2"},
	}
	proved, tried := 0, 0
	for _, tc := range algebraTests {
		if tc.want == nil {
			continue
		}
		for _, e := range edits {
			for n := 1; n <= strings.Count(tc.body, e.from) && n <= 3; n++ {
				body := replaceNth(tc.body, e.from, e.to, n)
				name := fmt.Sprintf("%s/%q->%q#%d", tc.name, e.from, e.to, n)
				tried++
				prog, err := loadQuiet(algebraPre + body)
				if err != nil {
					continue // the mutant does not compile
				}
				pf, err := ProveAlgebraic(context.Background(), prog, prog.Func("main"), nil)
				if err != nil {
					continue
				}
				proved++
				t.Logf("proved %s: %v", name, pf.Loops)
				if bad := failingRun(prog); bad != "" {
					t.Errorf("%s: proved with %v, but %s", name, pf.Loops, bad)
				}
			}
		}
	}
	t.Logf("%d mutants, %d proved (each checked on concrete runs)", tried, proved)
}

// loadQuiet lowers src, an error when it does not compile.
func loadQuiet(src string) (*ir.Program, error) {
	p, err := cfront.Load(context.Background(), cfront.Config{DataModel: ir.LP64, Cache: &mutantCache}, cfront.Source{Name: "t.c", Text: []byte(src)})
	if err != nil {
		return nil, err
	}
	if err := ir.CheckProgram(p.IR); err != nil {
		return nil, err
	}
	return p.IR, nil
}

var mutantCache cfront.ConfigCache

// replaceNth replaces the n-th occurrence of from in s.
func replaceNth(s, from, to string, n int) string {
	i := -1
	for ; n > 0; n-- {
		j := strings.Index(s[i+1:], from)
		if j < 0 {
			return s
		}
		i += j + 1
	}
	return s[:i] + to + s[i+len(from):]
}

// extremeInputs mixes small values with ones near the limits of 32 and
// 64 bits.
type extremeInputs struct{ r *rand.Rand }

var extremes = []int64{0, 1, -1, 2, 3, 1 << 31, 1<<31 - 1, -1 << 31, 1<<32 + 1, 1 << 62, -1 << 63, 1<<63 - 1, 3037000499, 65535, 46341}

func (s extremeInputs) Next(t ir.Type, why string, pos ir.Pos) ([]byte, error) {
	v := s.r.Int63n(41) - 20
	if s.r.Intn(3) == 0 {
		v = extremes[s.r.Intn(len(extremes))]
	}
	buf := make([]byte, 8)
	binary.LittleEndian.PutUint64(buf, uint64(v))
	return buf[:t.Size()], nil
}

// failingRun runs p on 200 inputs and describes the first that fails an
// assertion, "" if none does.
func failingRun(p *ir.Program) string {
	r := rand.New(rand.NewSource(7))
	for i := 0; i < 200; i++ {
		res, err := interp.Run(context.Background(), p, "main", interp.Options{Inputs: extremeInputs{r}, MaxSteps: 100_000})
		if err != nil {
			return err.Error()
		}
		if res.Status == interp.AssertFailed {
			return fmt.Sprintf("run %d fails %s at %s (inputs %v)", i, res.Prop.Text, res.Pos, res.Inputs)
		}
	}
	return ""
}

package checks_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/prbmc/prbmc/verifier/checks"
	"github.com/prbmc/prbmc/verifier/ir/interp"
)

// TestArithmeticChecksMatchC compares the overflow and division checks,
// run on the interpreter, with C's rules computed in unbounded integers,
// for boundary and random operands of every operator in int and long long.
func TestArithmeticChecksMatchC(t *testing.T) {
	ops := []string{"+", "-", "*", "/", "%", "<<", ">>"}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, w := range []int{32, 64} {
		ctype := map[int]string{32: "int", 64: "long long"}[w]
		min := new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(w-1)))
		max := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(w-1)), big.NewInt(1))
		var vals []int64
		for _, v := range []int64{0, 1, 2, 3, -1, -2, -3, 31, 32, 33, 63, 64} {
			vals = append(vals, v)
		}
		for _, b := range []*big.Int{min, max} {
			for d := int64(-2); d <= 2; d++ {
				v := new(big.Int).Add(b, big.NewInt(d))
				if v.Cmp(min) >= 0 && v.Cmp(max) <= 0 {
					vals = append(vals, v.Int64())
				}
			}
		}
		half := int64(1) << (w / 2)
		vals = append(vals, half, half-1, -half, -half+1, half/2*3)
		for i := 0; i < 8; i++ {
			v := int64(rng.Uint64())
			if w == 32 {
				v = int64(int32(v))
			}
			vals = append(vals, v)
		}
		for _, op := range ops {
			src := fmt.Sprintf("%[1]s f(%[1]s x, %[1]s y) { return x %[2]s y; }", ctype, op)
			if op == "-" {
				src += fmt.Sprintf("\n%[1]s g(%[1]s x) { return -x; }", ctype)
			}
			p := load(t, src)
			if _, err := checks.Instrument(p, checks.Overflow|checks.DivByZero); err != nil {
				t.Fatal(err)
			}
			arg := func(v int64) []byte {
				b := make([]byte, w/8)
				if w == 32 {
					binary.LittleEndian.PutUint32(b, uint32(v))
				} else {
					binary.LittleEndian.PutUint64(b, uint64(v))
				}
				return b
			}
			run := func(fn string, args ...int64) string {
				var bs [][]byte
				for _, a := range args {
					bs = append(bs, arg(a))
				}
				r, err := interp.Run(context.Background(), p, fn, interp.Options{Args: bs})
				if err != nil {
					t.Fatal(err)
				}
				switch r.Status {
				case interp.Exited:
					return ""
				case interp.AssertFailed:
					return r.Prop.Kind.String()
				}
				return r.Status.String() + " " + r.Message
			}
			for _, x := range vals {
				if op == "-" {
					want := ""
					if new(big.Int).Neg(big.NewInt(x)).Cmp(max) > 0 {
						want = "overflow"
					}
					if got := run("g", x); got != want {
						t.Errorf("-(%s)%d: got %q, want %q", ctype, x, got, want)
					}
				}
				for _, y := range vals {
					want := cRule(op, big.NewInt(x), big.NewInt(y), w, min, max)
					if got := run("f", x, y); got != want {
						t.Errorf("(%s)%d %s %d: got %q, want %q", ctype, x, op, y, got, want)
					}
				}
			}
		}
	}
}

// cRule is what C11 says of x op y in a signed type of width w: "" when
// defined, else the kind of the check that must fail.
func cRule(op string, x, y *big.Int, w int, min, max *big.Int) string {
	fits := func(v *big.Int) bool { return v.Cmp(min) >= 0 && v.Cmp(max) <= 0 }
	r := new(big.Int)
	switch op {
	case "+":
		r.Add(x, y)
	case "-":
		r.Sub(x, y)
	case "*":
		r.Mul(x, y)
	case "/", "%":
		if y.Sign() == 0 {
			return "div-by-zero"
		}
		r.Quo(x, y) // a % b is undefined when a / b is (6.5.5p6)
	case "<<", ">>":
		if y.Sign() < 0 || y.Cmp(big.NewInt(int64(w))) >= 0 {
			return "overflow"
		}
		if op == ">>" {
			return ""
		}
		if x.Sign() < 0 {
			return "overflow"
		}
		r.Lsh(x, uint(y.Int64()))
	}
	if !fits(r) {
		return "overflow"
	}
	return ""
}

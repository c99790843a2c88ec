package checks_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/checks"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/ir/interp"
)

// randSource gives small and boundary values more often than uniform ones,
// so that short runs reach the interesting paths.
type randSource struct{ r *rand.Rand }

func (s *randSource) Next(t ir.Type, why string, pos ir.Pos) ([]byte, error) {
	b := make([]byte, t.Size())
	var v uint64
	switch s.r.IntN(4) {
	case 0:
	case 1:
		v = uint64(s.r.IntN(12))
	case 2:
		v = ^uint64(0) // -1
	default:
		v = s.r.Uint64()
	}
	for i := range b {
		b[i] = byte(v >> (8 * (i % 8)))
	}
	return b, nil
}

func memoryFault(msg string) bool {
	for _, s := range []string{"dereference", "lifetime", "use after free", "dangling", "out-of-bounds", "free of", "write to"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// TestPointerCheckAgreesWithFaults runs programs concretely with and
// without the pointer check on the same random inputs: the check fails
// exactly where the plain run has a memory fault at a dereference — at the
// same line — and changes nothing else.
func TestPointerCheckAgreesWithFaults(t *testing.T) {
	var files []string
	for _, g := range []string{"../../testdata/checks/*.c", "../../testdata/verify/*.c"} {
		m, _ := filepath.Glob(g)
		files = append(files, m...)
	}
	checked := 0
	for _, f := range files {
		plain, err := cfront.LoadFiles(context.Background(), cfront.Config{Cache: &hostCache}, f)
		if err != nil {
			continue
		}
		inst, err := cfront.LoadFiles(context.Background(), cfront.Config{Cache: &hostCache}, f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := checks.Instrument(inst.IR, checks.Pointer|checks.Assertions); err != nil {
			t.Fatal(err)
		}
		for seed := uint64(0); seed < 24; seed++ {
			opts := func() interp.Options {
				return interp.Options{Inputs: &randSource{rand.New(rand.NewPCG(seed, 7))}, MaxSteps: 200_000}
			}
			a, err1 := interp.Run(context.Background(), plain.IR, "main", opts())
			b, err2 := interp.Run(context.Background(), inst.IR, "main", opts())
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: %v %v", f, err1, err2)
			}
			name := filepath.Base(f)
			switch {
			case b.Status == interp.AssertFailed && b.Prop.Kind == ir.PropPointer:
				checked++
				if a.Status != interp.Fault || !memoryFault(a.Message) || a.Pos.Line != b.Pos.Line {
					t.Errorf("%s seed %d: pointer check %q fails at %s, the plain run: %v %q at %s", name, seed, b.Prop.Text, b.Pos, a.Status, a.Message, a.Pos)
				}
			case a.Status == interp.Fault && memoryFault(a.Message) && b.Status == interp.Fault && a.Message == b.Message:
				// A fault the check does not cover (memcpy, an array
				// index, a library model): the same in both.
			case a.Status != b.Status || a.ExitCode != b.ExitCode || a.Message != b.Message:
				t.Errorf("%s seed %d: plain %v %q, with the check %v %q", name, seed, a.Status, a.Message, b.Status, b.Message)
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d runs failed a pointer check: the test exercises too little", checked)
	}
}

// TestConversionCheckAgreesWithInterpreter: at the boundaries of every
// integer type, the conversion check fails exactly where the interpreter
// stops with "undefined conversion".
func TestConversionCheckAgreesWithInterpreter(t *testing.T) {
	values := []float64{0, -0.5, -1, -1.5, 0.99, 127.5, 128, 255.9, 256, -128.9, -129, 32767.9, 32768, -32769,
		2147483647.9, 2147483648, -2147483648.9, -2147483649, 4294967295.5, 4294967296,
		9223372036854774784, 9223372036854775808, -9223372036854775808, -9223372036854777856,
		18446744073709549568, 18446744073709551616, math.Inf(1), math.Inf(-1), math.NaN()}
	for _, src := range []string{"double", "float"} {
		for _, dst := range []string{"signed char", "unsigned char", "short", "unsigned short", "int", "unsigned", "long long", "unsigned long long"} {
			code := fmt.Sprintf("%s f(%s d) { return (%s)d; }", dst, src, dst)
			plain := load(t, code)
			inst := load(t, code)
			if _, err := checks.Instrument(inst, checks.Overflow|checks.Assertions); err != nil {
				t.Fatal(err)
			}
			for _, v := range values {
				arg := make([]byte, 8)
				if src == "float" {
					binary.LittleEndian.PutUint32(arg, math.Float32bits(float32(v)))
					arg = arg[:4]
				} else {
					binary.LittleEndian.PutUint64(arg, math.Float64bits(v))
				}
				a, err1 := interp.Run(context.Background(), plain, "f", interp.Options{Args: [][]byte{arg}})
				b, err2 := interp.Run(context.Background(), inst, "f", interp.Options{Args: [][]byte{arg}})
				if err1 != nil || err2 != nil {
					t.Fatal(err1, err2)
				}
				undefined := a.Status == interp.Fault && strings.Contains(a.Message, "undefined conversion")
				failed := b.Status == interp.AssertFailed && b.Prop.Kind == ir.PropOverflow
				if undefined != failed || (!undefined && a.Status != interp.Exited) {
					t.Errorf("%s of %v: interpreter %v %q, check %v %q", code, v, a.Status, a.Message, b.Status, b.Message)
				}
			}
		}
	}
}

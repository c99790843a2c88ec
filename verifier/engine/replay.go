package engine

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/ir/interp"
	"github.com/prbmc/prbmc/verifier/result"
	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/symex"
)

// modelInputs turns a model into the concrete execution's nondeterministic
// values: the equation's inputs whose guards hold, in walk order (which is
// the execution's order, see package symex).
func modelInputs(eq *symex.Equation, m smt.Model) ([]inputValue, error) {
	var vals []inputValue
	for _, in := range eq.Inputs {
		g, err := m.Eval(in.Guard)
		if err != nil {
			return nil, fmt.Errorf("evaluate input guard: %w", err)
		}
		if !g.Bool() {
			continue
		}
		v, err := m.Eval(in.Term)
		if err != nil {
			return nil, fmt.Errorf("evaluate input: %w", err)
		}
		vals = append(vals, inputValue{v: v, cell: in.Cell})
	}
	return vals, nil
}

// inputValue is a model value; arrays have cells of cell bytes.
type inputValue struct {
	v    smt.Value
	cell int
}

// valueSource feeds model values to the interpreter, converting each to
// the bytes the interpreter asks for.
type valueSource struct {
	vals []inputValue
	next int
}

func (s *valueSource) Next(t ir.Type, why string, pos ir.Pos) ([]byte, error) {
	if s.next >= len(s.vals) {
		return nil, fmt.Errorf("counterexample has no value for %s at %s (input %d)", why, pos, s.next+1)
	}
	v := s.vals[s.next]
	s.next++
	return valueBytes(v.v, v.cell, t.Size())
}

func valueBytes(v smt.Value, cell int, n int64) ([]byte, error) {
	out := make([]byte, n)
	srt := v.Sort()
	switch {
	case srt.IsBool():
		if v.Bool() && n > 0 {
			out[0] = 1
		}
	case srt.IsBV() || srt.IsFP():
		bv := v.BitVec()
		for i := int64(0); i < n && int(i*8) < bv.Width(); i++ {
			var b byte
			for j := 0; j < 8; j++ {
				if bv.Bit(int(i*8) + j) {
					b |= 1 << uint(j)
				}
			}
			out[i] = b
		}
	case srt.IsArray():
		if cell < 1 {
			cell = 1
		}
		a := v.Array()
		put := func(idx uint64, val smt.Value) {
			bits := val.BitVec()
			for j := 0; j < cell; j++ {
				at := idx*uint64(cell) + uint64(j)
				if at >= uint64(n) {
					return
				}
				var b byte
				for k := 0; k < 8; k++ {
					if bits.Bit(8*j + k) {
						b |= 1 << uint(k)
					}
				}
				out[at] = b
			}
		}
		for i := uint64(0); i*uint64(cell) < uint64(n); i++ {
			put(i, a.Default)
		}
		for _, e := range a.Entries {
			put(e.Index.Uint64(), e.Value)
		}
	default:
		return nil, fmt.Errorf("input of sort %s", srt)
	}
	return out, nil
}

// replayOutcome is what the concrete run of a counterexample showed.
type replayOutcome struct {
	prop  *ir.Property // the property the run violated, nil if none
	trace *result.Trace
	res   *interp.Result
}

// replay runs the program on the model's inputs.
func replay(ctx context.Context, p *ir.Program, entry string, vals []inputValue, maxSteps int64) (*replayOutcome, error) {
	return replayFrom(ctx, p, entry, vals, maxSteps, 0)
}

// replayFrom is replay with a trace of the steps after the first from.
func replayFrom(ctx context.Context, p *ir.Program, entry string, vals []inputValue, maxSteps, from int64) (*replayOutcome, error) {
	return replaySource(ctx, p, entry, &valueSource{vals: vals}, maxSteps, from)
}

// replaySource is replayFrom with the inputs from src.
func replaySource(ctx context.Context, p *ir.Program, entry string, src interp.NondetSource, maxSteps, from int64) (*replayOutcome, error) {
	from = max(from, 0)
	r, err := interp.Run(ctx, p, entry, interp.Options{Inputs: src, Trace: true, MaxSteps: maxSteps, TraceFrom: from})
	if err != nil {
		return nil, err
	}
	out := &replayOutcome{res: r}
	if r.Status == interp.AssertFailed {
		out.prop = r.Prop
	}
	out.trace = &result.Trace{Replayed: out.prop != nil, Omitted: from}
	for _, in := range r.Inputs {
		out.trace.Inputs = append(out.trace.Inputs, result.Input{Why: in.Why, Type: in.Type.String(),
			Value: renderBytes(in.Type, in.Bytes), Location: loc(in.Pos), Bytes: in.Bytes})
	}
	var steps []result.Step
	for _, st := range r.Trace {
		steps = append(steps, result.Step{Func: st.Func, Location: loc(st.Pos), Text: st.Text, Lhs: st.Lhs, Value: st.Value})
	}
	out.trace.Steps = tidySteps(steps, r.Inputs)
	return out, nil
}

// tidySteps makes a trace read like the C it came from: the front end's
// temporaries are folded into the statement that uses them
// ("x = __VERIFIER_nondet_int()" instead of "$t = …; x = $t") or left
// out when a branch used them, the
// declarations of initialised variables and the empty global initialiser
// are left out. Every step that writes a program variable stays.
func tidySteps(steps []result.Step, inputs []interp.Input) []result.Step {
	var uninit []string
	for _, in := range inputs {
		if strings.HasPrefix(in.Why, "uninitialised ") {
			uninit = append(uninit, strings.TrimPrefix(in.Why, "uninitialised "))
		}
	}
	var out []result.Step
	for i := 0; i < len(steps); i++ {
		st := steps[i]
		switch {
		case st.Func == "$init" && st.Lhs == "":
			continue
		case strings.HasPrefix(st.Text, "decl "):
			if len(uninit) > 0 && uninit[0] == st.Lhs {
				uninit = uninit[1:]
				st.Text = "declared without initialiser"
				out = append(out, st)
			}
			continue
		case strings.HasPrefix(st.Lhs, "$"):
			// Fold into the next step of the same function that reads it
			// (after a call, the callee's steps come between).
			rhs := st.Text
			if _, r, ok := strings.Cut(st.Text, " = "); ok {
				rhs = r
			}
			// A temporary no later step reads (set again first, or
			// never read again) fed a branch, which is not a step; the
			// inputs, or the callee's return, show its value.
			for j := i + 1; j < len(steps) && j <= i+64; j++ {
				if steps[j].Func != st.Func {
					continue
				}
				if steps[j].Lhs == st.Lhs && strings.HasPrefix(steps[j].Text, st.Lhs+" = ") {
					break
				}
				if containsName(steps[j].Text, st.Lhs) {
					steps[j].Text = replaceName(steps[j].Text, st.Lhs, rhs)
					break
				}
			}
			continue
		}
		out = append(out, st)
	}
	return out
}

func loc(p ir.Pos) result.Location { return result.Location{File: p.File, Line: p.Line, Col: p.Col} }

// renderBytes shows an input value as C would print it.
func renderBytes(t ir.Type, b []byte) string {
	pad := make([]byte, 8)
	copy(pad, b)
	u := binary.LittleEndian.Uint64(pad)
	switch t := t.(type) {
	case *ir.IntType:
		if t.Bits > 64 {
			return fmt.Sprintf("%x", b)
		}
		if t.Bits < 64 {
			u &= 1<<uint(t.Bits) - 1
		}
		if t.Signed {
			shift := uint(64 - t.Bits)
			return strconv.FormatInt(int64(u<<shift)>>shift, 10)
		}
		return strconv.FormatUint(u, 10)
	case *ir.FloatType:
		if t.IsLong() && len(b) >= 10 {
			return ir.Float80FromBytes(b).String()
		}
		if t.Bits == 32 {
			return strconv.FormatFloat(float64(math.Float32frombits(uint32(u))), 'g', -1, 32)
		}
		return strconv.FormatFloat(math.Float64frombits(u), 'g', -1, 64)
	case *ir.PointerType:
		return fmt.Sprintf("0x%x", u)
	}
	if len(b) > 16 {
		return fmt.Sprintf("%d bytes", len(b))
	}
	return fmt.Sprintf("% x", b)
}

// containsName reports whether text mentions the identifier name (so $t
// is not found inside $t.1).
func containsName(text, name string) bool { return nameAt(text, name) >= 0 }

func nameAt(text, name string) int {
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return -1
		}
		end := i + j + len(name)
		if end >= len(text) || !(isIdent(text[end]) || text[end] == '.') {
			return i + j
		}
		i = end
	}
}

func isIdent(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func replaceName(text, name, with string) string {
	i := nameAt(text, name)
	if i < 0 {
		return text
	}
	return text[:i] + with + text[i+len(name):]
}

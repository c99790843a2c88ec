package checks

import (
	"fmt"
	"strings"

	"github.com/prbmc/prbmc/verifier/ir"
)

// The library models of <string.h> (strcpy, strcat, strlen, memcmp, …)
// are code like the program's, but library code gets no checks: a check
// inside a model would be reported at the model's own lines, which are no
// place in the user's repository. Yet strcpy into a buffer too small for
// the string is the classic C bug, and a model's out-of-bounds write is
// as undefined as the program's own. So with the pointer check, every
// call of such a model in the program's code gets a copy of the model of
// its own, whose memory accesses are checked as the caller's properties,
// at the call ("NULL, dangling or out-of-bounds write by strcpy(buf, s)").
// A copy per call keeps the verdicts apart: one call may be safe where
// another overflows.

// stringModels are the models copied per call: those that read or write
// memory through their pointer arguments and call no function pointer.
var stringModels = map[string]bool{
	"strlen": true, "strnlen": true, "strcmp": true, "strncmp": true,
	"strcpy": true, "strncpy": true, "strcat": true, "strncat": true,
	"strchr": true, "strrchr": true, "memcmp": true, "memchr": true,
}

// modelSite is the call a model copy serves.
type modelSite struct {
	caller string // the calling function's IR name
	pos    ir.Pos // the call
	call   string // the call as C text: strcpy(buf, s)
	props  map[string]*ir.Property
}

// modelCopies points each call of a string model in f to a copy of the
// model instrumented with the pointer check for that call.
func (in *instrumenter) modelCopies(f *ir.Function) {
	temps := tempTexts(f)
	for _, instr := range f.Body {
		c, ok := instr.(*ir.Call)
		if !ok || c.Fn == nil || !c.Fn.Library || c.Fn.Body == nil || !stringModels[c.Fn.Name] {
			continue
		}
		in.copies++
		nf := ir.CloneFunction(c.Fn, fmt.Sprintf("%s.at%d", c.Fn.Name, in.copies))
		in.p.AddFunc(nf)
		c.Fn = nf
		args := make([]string, len(c.Args))
		for i, a := range c.Args {
			// A literal's data ends in its NUL, which the call does not show.
			args[i] = strings.Replace(textWith(stripVoidCast(a), temps), `\x00"`, `"`, 1)
		}
		sub := &instrumenter{p: in.p, set: Pointer, std: in.std, ids: in.ids, seq: in.seq,
			site: &modelSite{caller: f.Name, pos: c.Pos(), call: fmt.Sprintf("%s(%s)", ir.CName(nf.Name), strings.Join(args, ", ")),
				props: map[string]*ir.Property{}}}
		sub.function(nf)
	}
}

// stripVoidCast shows (void *)buf as buf: a pointer converted to another
// pointer type is shown as written.
func stripVoidCast(e ir.Expr) ir.Expr {
	if c, ok := e.(*ir.Cast); ok {
		if _, ok := c.X.Type().(*ir.PointerType); ok {
			return c.X
		}
	}
	return e
}

// Package guard turns a panic in one of the verifier's goroutines into a
// value: a pull request is untrusted input, and a bug it uncovers in an
// engine or the solver binding must cost that check's answer, not the
// process.
package guard

import (
	"fmt"
	"runtime/debug"
)

// Panic is a recovered panic: its value and the stack of the goroutine
// where it happened.
type Panic struct {
	Value any
	Stack []byte
}

// Error is "internal error: <value>".
func (p *Panic) Error() string { return fmt.Sprintf("internal error: %v", p.Value) }

// Recover stops a panic and stores it in *p. It must be deferred
// directly (defer guard.Recover(&p)): recover only works there.
func Recover(p **Panic) {
	if v := recover(); v != nil {
		*p = &Panic{Value: v, Stack: debug.Stack()}
	}
}

// Run calls fn and returns the panic it raised, if any.
func Run(fn func()) (p *Panic) {
	defer Recover(&p)
	fn()
	return nil
}

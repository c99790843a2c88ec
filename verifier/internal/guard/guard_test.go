package guard

import (
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	if p := Run(func() {}); p != nil {
		t.Fatalf("no panic: %v", p)
	}
	p := Run(func() { panic("boom") })
	if p == nil || p.Error() != "internal error: boom" || !strings.Contains(string(p.Stack), "guard.TestRun") {
		t.Fatalf("got %v, stack %s", p, p.Stack)
	}
	var m map[string]int
	p = Run(func() { m["x"] = 1 })
	if p == nil || !strings.Contains(p.Error(), "nil map") {
		t.Fatalf("runtime error: %v", p)
	}
}

func TestRecoverInGoroutine(t *testing.T) {
	got := make(chan *Panic)
	go func() {
		var p *Panic
		defer func() { got <- p }()
		defer Recover(&p)
		panic(42)
	}()
	if p := <-got; p == nil || p.Error() != "internal error: 42" {
		t.Fatalf("got %v", p)
	}
}

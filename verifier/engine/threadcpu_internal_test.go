package engine

import (
	"testing"
	"time"
)

// TestCPUSlice: split's slice in auto counts its thread's CPU time, not
// the time it waits for a core (sleeping stands for a loaded machine),
// and it ends once that much CPU is used.
func TestCPUSlice(t *testing.T) {
	if _, ok := threadCPU(); !ok {
		t.Skip("no thread CPU clock here: the slice is wall time")
	}
	s := cpuClock(50 * time.Millisecond)
	defer s.stop()
	time.Sleep(120 * time.Millisecond)
	if s.over() {
		t.Fatal("a slice of 50ms CPU is over after sleeping 120ms")
	}
	start := time.Now()
	x := 0
	for !s.over() {
		for i := 0; i < 100_000; i++ {
			x += i
		}
		if time.Since(start) > 10*time.Second {
			t.Fatalf("a slice of 50ms CPU not over after 10s of busy work (%d)", x)
		}
	}
	if none := cpuClock(0); none.over() {
		t.Error("a slice without a limit is over")
	}
}

//go:build linux

package priority

import (
	"runtime"
	"sync"
	"testing"
	"time"
)

// niceOfEveryThread is the nice value of each thread of the process.
func niceOfEveryThread() map[int]int {
	m := map[int]int{}
	for _, tid := range threads() {
		m[tid] = niceOf(tid)
	}
	return m
}

// newThreadsNice starts n goroutines locked to threads of their own at
// once (so the runtime has to start threads) and returns the nice value
// each sees.
func newThreadsNice(n int) []int {
	var wg sync.WaitGroup
	out := make([]int, n)
	release := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			out[i] = niceOf(0)
			<-release
		}()
	}
	time.Sleep(20 * time.Millisecond)
	close(release)
	wg.Wait()
	return out
}

// The test renices its own process, so the steps run in order in one
// test: each step's expectation depends on the ones before.
func TestLowerAfter(t *testing.T) {
	base := niceOf(0)
	if base > 10 {
		t.Skipf("the test process already runs at nice %d", base)
	}
	newThreadsNice(8) // more threads, so that every one has to be reniced

	// Nothing happens before the delay, nor after stop.
	stop := LowerAfter(time.Hour, 3)
	stop()
	for tid, n := range niceOfEveryThread() {
		if n != base {
			t.Fatalf("thread %d is at nice %d before the delay, want %d", tid, n, base)
		}
	}

	// After it every thread is lowered by 3, and threads started later too.
	LowerAfter(0, 3)
	waitAll(t, base+3)
	for i, n := range newThreadsNice(16) {
		if n != base+3 {
			t.Errorf("a thread started afterwards (%d) runs at nice %d, want %d", i, n, base+3)
		}
	}

	// A lower target never raises the priority (as root it could).
	lowerAll(base + 1)
	for tid, n := range niceOfEveryThread() {
		if n != base+3 {
			t.Errorf("thread %d went from nice %d to %d", tid, base+3, n)
		}
	}

	// The levels count from the current value and stop at 19.
	stop = LowerAfter(0, 100)
	defer stop()
	waitAll(t, maxNice)
}

// waitAll waits until every thread of the process runs at nice want
// (LowerAfter's timer fires on a goroutine of its own).
func waitAll(t *testing.T, want int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		all := niceOfEveryThread()
		same := 0
		for _, n := range all {
			if n == want {
				same++
			}
		}
		if same == len(all) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("nice values by thread: %v, want all %d", all, want)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

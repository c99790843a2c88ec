package priority

import (
	"os"
	"strconv"
	"syscall"
	"time"
)

// maxNice is the lowest priority a nice value can give.
const maxNice = 19

// LowerAfter raises the nice value of every thread of this process by
// `by` levels (at most to 19) once d has passed, measured from the call.
// The levels are counted from the calling thread's value at the call, so
// a process started with nice 5 goes to 5+by; a thread already lower is
// left alone, and the priority is never raised. stop cancels it if it
// has not happened yet; it does not restore the old priority.
func LowerAfter(d time.Duration, by int) (stop func()) {
	if by <= 0 {
		return func() {}
	}
	target := min(niceOf(0)+by, maxNice)
	t := time.AfterFunc(d, func() { lowerAll(target) })
	return func() { t.Stop() }
}

// lowerAll renices every thread of the process to target. A thread
// started during a pass by one not yet reniced may be missed, so passes
// repeat until one finds nothing to change; after it every thread, and
// so every thread started later, is at target.
func lowerAll(target int) {
	for pass := 0; pass < 10; pass++ {
		changed := false
		for _, tid := range threads() {
			if niceOf(tid) < target {
				// A thread that exited meanwhile is not an error worth
				// reporting; nothing else can fail when lowering.
				if syscall.Setpriority(syscall.PRIO_PROCESS, tid, target) == nil {
					changed = true
				}
			}
		}
		if !changed {
			return
		}
	}
}

// niceOf is a thread's nice value (0 is the calling thread). The raw
// system call, which Go's syscall package makes, returns 20 - nice.
func niceOf(tid int) int {
	raw, err := syscall.Getpriority(syscall.PRIO_PROCESS, tid)
	if err != nil {
		return maxNice
	}
	return 20 - raw
}

// threads are the ids of this process's threads.
func threads() []int {
	ents, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return nil
	}
	tids := make([]int, 0, len(ents))
	for _, e := range ents {
		if tid, err := strconv.Atoi(e.Name()); err == nil {
			tids = append(tids, tid)
		}
	}
	return tids
}

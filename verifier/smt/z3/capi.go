package z3

/*
#cgo LDFLAGS: -lz3
#include "z3helpers.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"strconv"
	"sync/atomic"
	"unsafe"
)

// z3Error returns the pending Z3 error of c, or nil.
func z3Error(c C.Z3_context, what string) error {
	code := C.Z3_get_error_code(c)
	if code == C.Z3_OK {
		return nil
	}
	if code == C.Z3_MEMOUT_FAIL {
		return fmt.Errorf("z3: %s: %s", what, memoryReason())
	}
	return fmt.Errorf("z3: %s: %s (code %d)", what, C.GoString(C.Z3_get_error_msg(c, code)), int(code))
}

// mustErr is z3Error for calls that signalled failure by their result: it
// never returns nil.
func mustErr(c C.Z3_context, what string) error {
	if err := z3Error(c, what); err != nil {
		return err
	}
	return errors.New("z3: " + what + " failed")
}

func decRefs(c C.Z3_context, asts []C.Z3_ast) {
	if len(asts) > 0 {
		C.prbmc_dec_refs(c, (*C.Z3_ast)(unsafe.Pointer(&asts[0])), C.unsigned(len(asts)))
	}
}

// EstimatedAllocSize is libz3's own count of the bytes it has allocated and
// not freed, over all contexts of the process.
func EstimatedAllocSize() uint64 { return uint64(C.Z3_get_estimated_alloc_size()) }

// Version returns libz3's version.
func Version() string {
	var major, minor, build, rev C.unsigned
	C.Z3_get_version(&major, &minor, &build, &rev)
	return fmt.Sprintf("%d.%d.%d", major, minor, build)
}

// FullVersion returns libz3's full version string (Z3_get_full_version):
// the version and the build's commit, when libz3 records one.
func FullVersion() string { return C.GoString(C.Z3_get_full_version()) }

// memoryLimit is the cap SetMemoryLimit set, in MiB (0: none).
var memoryLimit atomic.Int64

// SetMemoryLimit caps the memory libz3 allocates at mib MiB (0 removes the
// cap), through Z3's global parameter memory_max_size. The cap is
// process-wide by nature: it counts every allocation of every Z3 context
// of the process together, and it applies to contexts created before the
// call as well. It is meant to be called once, at the start of a process
// that checks one function (prbmc runs one such child per function), not
// toggled while solvers run.
//
// A check that needs more returns smt.Unknown with a ReasonUnknown that
// starts with ReasonMemory ("memory limit (N MiB)"); the Solver that met
// the cap is dead but for Close (Z3's allocator failed somewhere inside
// it), and new Solvers work once memory is freed. What Z3 does not
// allocate through its own allocator (little) is not counted, nor is the
// Go heap.
func SetMemoryLimit(mib int) error {
	if mib < 0 {
		return fmt.Errorf("z3: negative memory limit %d MiB", mib)
	}
	name := C.CString("memory_max_size")
	defer C.free(unsafe.Pointer(name))
	val := C.CString(strconv.Itoa(mib))
	defer C.free(unsafe.Pointer(val))
	C.Z3_global_param_set(name, val)
	// Z3 reports a bad parameter only as a warning on stderr: read it
	// back.
	var got C.Z3_string
	if !C.Z3_global_param_get(name, &got) || C.GoString(got) != strconv.Itoa(mib) {
		return fmt.Errorf("z3: memory_max_size was not set to %d", mib)
	}
	memoryLimit.Store(int64(mib))
	return nil
}

// MemoryLimit is the cap SetMemoryLimit set, in MiB; 0 if none.
func MemoryLimit() int { return int(memoryLimit.Load()) }

// ReasonMemory begins the ReasonUnknown of a check that met the cap of
// SetMemoryLimit.
const ReasonMemory = "memory limit"

// memoryReason says why Z3 ran out of memory: "memory limit (N MiB)"
// under SetMemoryLimit, else Z3's own "out of memory".
func memoryReason() string {
	if lim := MemoryLimit(); lim > 0 {
		return fmt.Sprintf("%s (%d MiB)", ReasonMemory, lim)
	}
	return "out of memory"
}

// overLimit says libz3's allocations have reached the cap.
func overLimit() bool {
	lim := MemoryLimit()
	return lim > 0 && EstimatedAllocSize() >= uint64(lim)<<20
}

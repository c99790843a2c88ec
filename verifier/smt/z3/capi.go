package z3

/*
#cgo LDFLAGS: -lz3
#include "z3helpers.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"unsafe"
)

// z3Error returns the pending Z3 error of c, or nil.
func z3Error(c C.Z3_context, what string) error {
	code := C.Z3_get_error_code(c)
	if code == C.Z3_OK {
		return nil
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

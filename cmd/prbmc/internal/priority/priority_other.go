//go:build !linux

package priority

import "time"

// LowerAfter does nothing where the nice value is not per thread.
func LowerAfter(d time.Duration, by int) (stop func()) { return func() {} }

//go:build !linux

package engine

import "time"

// threadCPU cannot be read here: callers fall back to wall time.
func threadCPU() (time.Duration, bool) { return 0, false }

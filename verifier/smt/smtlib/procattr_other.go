//go:build !linux

package smtlib

import "syscall"

// procAttr puts the solver in a process group of its own; see the Linux
// version for what other systems lack.
func procAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

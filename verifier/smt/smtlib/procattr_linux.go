package smtlib

import "syscall"

// procAttr puts the solver in a process group of its own (so that killing
// the group ends a wrapper script's children too) and has the kernel kill
// it when prbmc dies, e.g. by SIGKILL or a test binary's timeout panic:
// the group of its own would otherwise keep it from dying with prbmc's,
// and an orphaned solver runs its check to the end.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

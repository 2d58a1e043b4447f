package harness

import "syscall"

// procAttr starts a process in a process group of its own, so that a kill
// of the group takes its git children too; on Linux the process also dies
// with the harness, so a harness killed by a timeout leaves no daemon
// behind.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

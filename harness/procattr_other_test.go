//go:build unix && !linux

package harness

import "syscall"

// procAttr starts a process in a process group of its own, so that a kill
// of the group takes its git children too.
func procAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

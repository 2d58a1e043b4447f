package hooks

import "syscall"

func statMtime(st *syscall.Stat_t) int64 { return st.Mtim.Nano() }

//go:build unix

package rulesettest

import "syscall"

// cpuNow returns the process's user+system CPU time in ns.
func cpuNow() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

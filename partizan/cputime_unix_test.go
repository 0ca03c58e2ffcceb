//go:build unix

package partizan

import "syscall"

// cpuNow returns the process's user+system CPU time in ns: the benchmarks
// report it beside wall time, since the shared machine's load inflates
// wall time (and pycgt's side of the comparison is timed the same way).
func cpuNow() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

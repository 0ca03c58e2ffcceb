//go:build unix

package main

import (
	"os"
	"runtime"
	"syscall"
)

// peakRSS returns a finished child's peak resident memory in bytes
// (ru_maxrss, which Linux counts in KiB and Darwin in bytes), and false
// where the system does not report it.
func peakRSS(ps *os.ProcessState) (int64, bool) {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, false
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return int64(ru.Maxrss), true
	}
	return int64(ru.Maxrss) * 1024, true
}

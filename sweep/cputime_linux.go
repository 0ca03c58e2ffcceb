package sweep

import "golang.org/x/sys/unix"

// threadCPU is the CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID):
// a unit's own time, whatever else runs on the machine, when its goroutine
// is locked to the thread (runOctal).
func threadCPU() (float64, bool) {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0, false
	}
	return float64(ts.Sec) + float64(ts.Nsec)/1e9, true
}

package misere

import (
	"runtime"
	"syscall"
	"testing"
)

// cpuTimer reports the CPU time of the benchmark's thread per op
// ("cpu-ns/op"), which other processes on a shared machine disturb far
// less than the wall time: the goroutine is locked to its thread from
// start to stop.
func cpuTimer(b *testing.B) (stop func()) {
	runtime.LockOSThread()
	t0 := threadCPU()
	return func() {
		b.ReportMetric(float64(threadCPU()-t0)/float64(b.N), "cpu-ns/op")
		runtime.UnlockOSThread()
	}
}

func threadCPU() int64 {
	var r syscall.Rusage
	syscall.Getrusage(1, &r) // RUSAGE_THREAD
	return r.Utime.Nano() + r.Stime.Nano()
}

package cputime

import (
	"runtime"
	"testing"
)

// A busy loop of the calling goroutine shows up as CPU time: the clock
// moves forward and never back (no bound on how far, which would depend
// on the machine's load).
func TestProcessAdvances(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("no CPU clock on", runtime.GOOS)
	}
	start := Process()
	x := uint64(1)
	for Process() == start {
		for i := 0; i < 1_000_000; i++ {
			x = x*6364136223846793005 + 1442695040888963407
		}
	}
	if Process() < start {
		t.Fatalf("CPU time went back: %v after %v (x=%d)", Process(), start, x)
	}
}

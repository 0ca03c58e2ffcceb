package rulesettest

import "testing"

// CPU reports a benchmark's CPU time per operation as the metric
// cpu-ms/op, beside the wall time testing reports: on a shared machine
// the load inflates wall time, and the side-by-side with pycgt compares
// CPU times (pycgt's by time.process_time). Call it as
//
//	defer rulesettest.CPU(b)()
//
// before the timed loop; the work before the call is not counted.
func CPU(b *testing.B) (stop func()) {
	start := cpuNow()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64(cpuNow()-start)/float64(b.N)/1e6, "cpu-ms/op")
		}
	}
}

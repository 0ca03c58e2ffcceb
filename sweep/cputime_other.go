//go:build !linux

package sweep

// threadCPU: no per-thread CPU clock here; the column stays empty.
func threadCPU() (float64, bool) { return 0, false }

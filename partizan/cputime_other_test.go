//go:build !unix

package partizan

func cpuNow() int64 { return 0 }

//go:build !unix

package rulesettest

func cpuNow() int64 { return 0 }

// Package cputime reads the CPU time this process has used, user and
// system, every thread included. Benchmarks report it beside wall time
// (as cpu-ns/op and the like) because on a shared machine wall time
// mostly measures waiting for a core, and the peers' side of a comparison
// (pycgt's time.process_time, CGSuite's thread CPU, ogs under getrusage)
// is timed the same way.
package cputime

import "time"

// Process returns the CPU time the process has used so far, or 0 where
// the system does not report it (then a benchmark's CPU metric reads 0).
func Process() time.Duration { return process() }

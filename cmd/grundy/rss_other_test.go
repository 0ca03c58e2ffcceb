//go:build !unix

package main

import "os"

// peakRSS reports no peak resident memory where the system gives none
// through os.ProcessState (the memory tests then skip their bound).
func peakRSS(*os.ProcessState) (int64, bool) { return 0, false }

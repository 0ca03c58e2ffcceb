//go:build !unix && !windows

package filelock

import "os"

// No file locks here (plan9, js, wasip1): every TryLock succeeds.
func lock(*os.File) error   { return nil }
func unlock(*os.File) error { return nil }

//go:build !unix && !windows

package filelock

import "os"

// noFollow: no such flag here; TryLock's Lstat refuses a link.
const noFollow = 0

func isLoop(error) bool { return false }

// No file locks here (plan9, js, wasip1): every TryLock succeeds.
func lock(*os.File) error   { return nil }
func unlock(*os.File) error { return nil }

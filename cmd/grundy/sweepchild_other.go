//go:build !linux

package main

import (
	"os/exec"
	"runtime"
)

// canPassFiles: exec.Cmd.ExtraFiles works everywhere but on Windows, where
// grundy-sweep does not learn of its parent's death (a job object would
// be the way).
const canPassFiles = runtime.GOOS != "windows"

// setDeathSignal does nothing: only Linux has a parent-death signal; the
// pipe of tieToParent does the work.
func setDeathSignal(*exec.Cmd) {}

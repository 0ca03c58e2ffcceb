package main

import (
	"os/exec"
	"syscall"
)

// canPassFiles: exec.Cmd.ExtraFiles works here.
const canPassFiles = true

// setDeathSignal asks the kernel to send the child SIGTERM when this
// process's thread that starts it dies (prctl PR_SET_PDEATHSIG): the caller
// keeps that goroutine on its thread (runtime.LockOSThread) until the child
// ends, so the signal means the process died. grundy-sweep handles SIGTERM
// as Ctrl-C: it keeps what is done and exits.
func setDeathSignal(c *exec.Cmd) {
	if c.SysProcAttr == nil {
		c.SysProcAttr = &syscall.SysProcAttr{}
	}
	c.SysProcAttr.Pdeathsig = syscall.SIGTERM
}

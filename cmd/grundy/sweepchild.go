package main

import (
	"os"
	"os/exec"
	"strconv"
)

// parentFDEnv names the descriptor on which grundy-sweep sees its parent's
// death: grundy passes it the read end of a pipe whose write end only grundy
// holds, so when grundy dies, however (kill -9 included), the pipe reaches
// its end and grundy-sweep stops (cmd/grundy-sweep/parent.go). Without it a
// killed grundy sweep left grundy-sweep running, writing next to the resumed
// run (issue 27). On Linux the kernel also sends the child SIGTERM when its
// parent dies (Pdeathsig, sweepchild_linux.go).
const parentFDEnv = "GRUNDY_SWEEP_PARENT_FD"

// tieToParent makes c, not yet started, stop when this process dies. Call
// started after c.Start and done after c.Wait.
func tieToParent(c *exec.Cmd) (started, done func(), err error) {
	nop := func() {}
	if !canPassFiles {
		setDeathSignal(c)
		return nop, nop, nil
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	c.ExtraFiles = append(c.ExtraFiles, r)
	env := c.Env
	if env == nil {
		env = os.Environ()
	}
	c.Env = append(env, parentFDEnv+"="+strconv.Itoa(2+len(c.ExtraFiles)))
	setDeathSignal(c)
	return func() { r.Close() }, func() { r.Close(); w.Close() }, nil
}

//go:build beam

package main

import (
	"context"
	"errors"
	"io"
	"os"
	"strconv"
)

// parentFDEnv names the descriptor grundy passes when it starts
// grundy-sweep: the read end of a pipe whose write end only grundy holds
// (cmd/grundy/sweepchild.go). It reaches its end when grundy dies, kill -9
// included, and the sweep then stops as on Ctrl-C, keeping what is done: a
// sweep whose grundy was killed went on writing next to the run that
// resumed it (issue 27).
const parentFDEnv = "GRUNDY_SWEEP_PARENT_FD"

// errParentGone is the cause of a sweep stopped because grundy died.
var errParentGone = errors.New("the grundy process that started this sweep is gone")

// watchParent returns a context canceled (with cause errParentGone) when
// the pipe named by $GRUNDY_SWEEP_PARENT_FD reaches its end; ctx itself
// when the variable is not set (grundy-sweep run on its own, or on a
// runner's worker).
func watchParent(ctx context.Context) context.Context {
	v := os.Getenv(parentFDEnv)
	if v == "" {
		return ctx
	}
	os.Unsetenv(parentFDEnv) // not for the processes this one starts
	fd, err := strconv.Atoi(v)
	if err != nil || fd < 3 {
		return ctx
	}
	f := os.NewFile(uintptr(fd), "grundy")
	if f == nil {
		return ctx
	}
	ctx, cancel := context.WithCancelCause(ctx)
	go func() {
		io.Copy(io.Discard, f) // nothing is written: this waits for the end
		f.Close()
		cancel(errParentGone)
	}()
	return ctx
}

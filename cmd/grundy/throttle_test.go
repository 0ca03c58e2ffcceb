//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// The same question gets the same answer on a machine that is fast or
// slow, idle or loaded: a heap of 0.16 beyond every table is answered by
// the period its values prove (149459 from 360163; Guy–Smith test), and the
// search for that period is bounded by work, not by a clock. The command
// runs as a child held to about 5% of a core (stopped 95 ms of every 100 ms
// with SIGSTOP and SIGCONT, as a cgroup CPU quota would hold it) and must
// print what it prints unthrottled. Nothing here is timed: the throttle
// only slows the child down.
func TestAnswerDoesNotDependOnLoad(t *testing.T) {
	t.Parallel() // the child sleeps 95% of the time
	if runtime.GOOS == "windows" {
		t.Skip("SIGSTOP")
	}
	args := []string{"solve", "octal:0.16", "2147483647", "--json"}
	free := runThrottled(t, args, false)
	held := runThrottled(t, args, true)
	if !bytes.Contains(free, []byte(`"value":3`)) {
		t.Fatalf("unthrottled: %s", free)
	}
	if !bytes.Equal(free, held) {
		t.Errorf("held to 5%% of a core the answer changed:\n%s\nunthrottled:\n%s", held, free)
	}
}

// runThrottled runs grundy ARGS as a child (see TestMain) on one core,
// stopping it 95 ms of every 100 ms when throttle is set, and returns its
// standard output.
func runThrottled(t *testing.T, args []string, throttle bool) []byte {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "GRUNDY_TEST_RUN_MAIN=1", "GOMAXPROCS=1")
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	for throttle {
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("%v: %v: %s", args, err, errs.String())
			}
			return out.Bytes()
		case <-time.After(5 * time.Millisecond):
		}
		cmd.Process.Signal(syscall.SIGSTOP)
		time.Sleep(95 * time.Millisecond)
		cmd.Process.Signal(syscall.SIGCONT)
	}
	if err := <-done; err != nil {
		t.Fatalf("%v: %v: %s", args, err, errs.String())
	}
	return out.Bytes()
}

package main

import (
	"bufio"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestCtrlC: Ctrl-C (SIGINT) ends play, problem and bridge solve with exit
// status 130, also while they wait for input on a terminal that stays
// open: the real command runs as a subprocess (TestMain) whose standard
// input is a pipe nobody writes to. The child runs without main's
// one-second grace (GRUNDY_TEST_NO_GRACE), which would end it anyway: the
// command must end by itself. How soon is logged; the failsafe (a minute)
// is for a loaded machine.
func TestCtrlC(t *testing.T) {
	for _, c := range []struct {
		args []string
		wait string // output to wait for before the interrupt ("": none)
	}{
		{[]string{"play", "nim", "3", "4", "5"}, "Your move"},
		{[]string{"play", "kayles 7 + nim 3 4"}, "Your move"},
		{[]string{"problem", "hdu1846"}, ""},
		{[]string{"bridge", "solve"}, ""},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, os.Args[0], c.args...)
			cmd.Env = append(os.Environ(), "GRUNDY_TEST_RUN_MAIN=1", "GRUNDY_TEST_READY=1", "GRUNDY_TEST_NO_GRACE=1")
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			defer stdin.Close()
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			errPipe, err := cmd.StderrPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// The child says "ready" once it handles Ctrl-C, and "reading"
			// once the command waits for its input (TestMain).
			errs := bufio.NewReader(errPipe)
			for _, want := range []string{"ready\n", "reading\n"} {
				if line, err := errs.ReadString('\n'); err != nil || line != want {
					t.Fatalf("child: %q, %v; want %q", line, err, want)
				}
			}
			var stderr strings.Builder
			errDone := make(chan struct{})
			go func() { io.Copy(&stderr, errs); close(errDone) }()
			seen := make(chan string, 1)
			go func() {
				r := bufio.NewReader(stdout)
				var b strings.Builder
				signalled := false
				for {
					chunk, err := r.ReadString(' ')
					b.WriteString(chunk)
					if !signalled && c.wait != "" && strings.Contains(b.String(), c.wait) {
						signalled = true
						seen <- b.String()
					}
					if err != nil {
						if !signalled {
							seen <- b.String()
						}
						io.Copy(io.Discard, r)
						return
					}
				}
			}()
			if c.wait != "" {
				select {
				case <-seen:
				case <-ctx.Done():
					t.Fatal("no prompt")
				}
			}
			start := time.Now()
			if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
				t.Fatal(err)
			}
			<-errDone
			err = cmd.Wait()
			elapsed := time.Since(start)
			if ctx.Err() != nil {
				t.Fatalf("still running %v after the interrupt (killed)", elapsed)
			}
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != exitCanceled {
				t.Fatalf("exit %v, want %d (stderr %q)", err, exitCanceled, stderr.String())
			}
			t.Logf("ended %v after the interrupt", elapsed)
			if stderr.String() != "grundy: interrupted\n" {
				t.Errorf("stderr %q", stderr.String())
			}
		})
	}
}

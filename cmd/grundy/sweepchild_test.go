//go:build unix

package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// startSweepWithFake starts grundy sweep --runner prism as a child process
// (TestMain) with a fake grundy-sweep first on PATH: a shell script that runs prelude,
// prints "PID FD" (its pid and $GRUNDY_SWEEP_PARENT_FD), then runs body.
// It returns the grundy process, the fake's pid and the directory both run
// in.
func startSweepWithFake(t *testing.T, prelude, body string) (*exec.Cmd, int, string) {
	t.Helper()
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	dir := t.TempDir()
	script := "#!/bin/sh\n" + prelude + "echo \"$$ $" + parentFDEnv + "\"\n" + body
	if err := os.WriteFile(filepath.Join(dir, "grundy-sweep"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	// A Beam runner: grundy hands the sweep to grundy-sweep.
	cmd := exec.Command(os.Args[0], "sweep", "octal", "--runner", "prism")
	cmd.Env = append(os.Environ(), "GRUNDY_TEST_RUN_MAIN=1", "PATH="+dir+":"+os.Getenv("PATH"))
	cmd.Dir = dir
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	f := strings.Fields(line)
	if err != nil || len(f) != 2 {
		t.Fatalf("the fake grundy-sweep said %q, %v", line, err)
	}
	pid, _ := strconv.Atoi(f[0])
	return cmd, pid, dir
}

// gone waits (up to a minute) for the process pid to end: no such
// process, or a zombie nobody has reaped yet.
func gone(pid int) bool {
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			if runtime.GOOS != "linux" {
				return syscall.Kill(pid, 0) == syscall.ESRCH
			}
			return true
		}
		if i := strings.LastIndexByte(string(stat), ')'); i > 0 && strings.HasPrefix(string(stat[i:]), ") Z") {
			return true
		}
	}
	return false
}

// Issue 27, finding 7: kill -9 of grundy sweep leaves no grundy-sweep
// running. On Linux the kernel sends the child SIGTERM (Pdeathsig): here a
// fake that would sleep for 1000 s ends.
func TestSweepChildDiesWithParent(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the parent-death signal is Linux's")
	}
	grundyCmd, pid, _ := startSweepWithFake(t, "", "exec sleep 1000\n")
	grundyCmd.Process.Signal(syscall.SIGKILL)
	grundyCmd.Wait()
	if !gone(pid) {
		syscall.Kill(pid, syscall.SIGKILL)
		t.Fatalf("grundy-sweep (pid %d) still runs a minute after grundy was killed", pid)
	}
}

// Everywhere (but Windows): the child is handed the read end of a pipe only
// grundy writes to, which ends when grundy dies; a fake that ignores
// SIGTERM sees the end and says so.
func TestSweepChildSeesParentPipe(t *testing.T) {
	marker := "seen"
	grundyCmd, pid, dir := startSweepWithFake(t, "trap '' TERM\n", "cat <&\"$"+parentFDEnv+"\" >/dev/null\necho end > "+marker+"\n")
	grundyCmd.Process.Signal(syscall.SIGKILL)
	grundyCmd.Wait()
	if !gone(pid) {
		syscall.Kill(pid, syscall.SIGKILL)
		t.Fatalf("the fake (pid %d) did not see the pipe end within a minute", pid)
	}
	if data, err := os.ReadFile(filepath.Join(dir, marker)); err != nil || string(data) != "end\n" {
		t.Errorf("the fake did not see the end of the pipe: %q, %v", data, err)
	}
}

package main

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"
)

// readOnlyMount, in a child the test started in a mount namespace of its
// own (readOnlyCommand), mounts the directory $GRUNDY_TEST_READONLY
// read-only over itself: the child sees it as read-only media, root
// included, and the test's own view is unchanged. A child that cannot
// mount (no CAP_SYS_ADMIN) exits 77.
func readOnlyMount() {
	dir := os.Getenv("GRUNDY_TEST_READONLY")
	if dir == "" {
		return
	}
	if err := syscall.Mount(dir, dir, "", syscall.MS_BIND, ""); err != nil {
		fmt.Fprintln(os.Stderr, "cannot mount:", err)
		os.Exit(77)
	}
	if err := syscall.Mount("", dir, "", syscall.MS_BIND|syscall.MS_REMOUNT|syscall.MS_RDONLY, ""); err != nil {
		fmt.Fprintln(os.Stderr, "cannot mount:", err)
		os.Exit(77)
	}
}

// readOnlyCommand is the real command with args, run by the test binary
// in a mount namespace of its own where dir is read-only (nil if this
// system cannot: only root can make one).
func readOnlyCommand(dir string, args ...string) *exec.Cmd {
	if os.Geteuid() != 0 {
		return nil
	}
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "GRUNDY_TEST_RUN_MAIN=1", "GRUNDY_TEST_READONLY="+dir)
	cmd.SysProcAttr = &syscall.SysProcAttr{Unshareflags: syscall.CLONE_NEWNS}
	return cmd
}

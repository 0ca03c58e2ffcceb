//go:build linux

package quietstart

import (
	"bytes"
	"os"
	"os/exec"
	"testing"

	"golang.org/x/sys/unix"
)

// Issue 27: under ulimit -v a program linking go.starlark.net printed
// "Starlark failed to allocate 4GB address space" at every start. This
// test binary links it (through this package); run under a 3 GiB limit on
// address space, in which go.starlark.net's reservation of 4 GB fails (the
// child checks that it does), it prints nothing.
func TestSilentUnderAddressLimit(t *testing.T) {
	if os.Getenv("QUIETSTART_CHILD") == "1" {
		// The reservation starlark tried must fail here, or the test
		// proves nothing.
		if b, err := unix.Mmap(-1, 0, 1<<32, unix.PROT_READ, unix.MAP_PRIVATE|unix.MAP_ANON); err == nil {
			unix.Munmap(b)
			os.Stdout.WriteString("4 GB reserved: the limit did not hold\n")
		}
		os.Exit(0)
	}
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	cmd := exec.Command("/bin/sh", "-c", `ulimit -v 3145728 && exec "$0" -test.run='^TestSilentUnderAddressLimit$'`, os.Args[0])
	cmd.Env = append(os.Environ(), "QUIETSTART_CHILD=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("the child under ulimit -v: %v\n%s%s", err, stdout.String(), stderr.String())
	}
	if stdout.Len() > 0 || stderr.Len() > 0 {
		t.Errorf("the child printed %q on stdout, %q on stderr; want nothing", stdout.String(), stderr.String())
	}
}

package filelock

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// A lock held is refused to the next taker, names its holder, and is free
// again after Unlock.
func TestTryLock(t *testing.T) {
	if runtime.GOOS != "linux" && runtime.GOOS != "darwin" && runtime.GOOS != "freebsd" && runtime.GOOS != "windows" {
		t.Skip("no file locks on", runtime.GOOS)
	}
	path := filepath.Join(t.TempDir(), "lock")
	l, err := TryLock(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := TryLock(path); !errors.Is(err, ErrLocked) {
		t.Errorf("a second TryLock: %v, want ErrLocked", err)
	}
	if h := Holder(path); !strings.HasPrefix(h, fmt.Sprintf("pid %d since ", os.Getpid())) {
		t.Errorf("Holder = %q", h)
	}
	if err := l.Unlock(); err != nil {
		t.Fatal(err)
	}
	l2, err := TryLock(path)
	if err != nil {
		t.Fatalf("after Unlock: %v", err)
	}
	l2.Unlock()
}

// heldByChild is the lock of TestLockDiesWithHolder's child.
var heldByChild *Lock

// A process that dies holding the lock leaves none behind: the kernel
// releases it.
func TestLockDiesWithHolder(t *testing.T) {
	if os.Getenv("FILELOCK_HOLD") != "" {
		// Held in a package variable: a Lock dropped is collected, and its
		// file's finalizer closes it, which releases the lock (the test
		// failed now and then).
		var err error
		if heldByChild, err = TryLock(os.Getenv("FILELOCK_HOLD")); err != nil {
			fmt.Println("error", err)
			os.Exit(1)
		}
		fmt.Println("locked")
		// Until killed. Not select{}: with no other goroutine and no timer
		// (the child has no -test.timeout) the runtime reports a deadlock
		// and exits, which released the lock before the parent looked (the
		// test failed under load).
		for {
			time.Sleep(time.Hour)
		}
	}
	if runtime.GOOS != "linux" && runtime.GOOS != "darwin" && runtime.GOOS != "freebsd" {
		t.Skip("no flock on", runtime.GOOS)
	}
	path := filepath.Join(t.TempDir(), "lock")
	cmd := exec.Command(os.Args[0], "-test.run=^TestLockDiesWithHolder$")
	cmd.Env = append(os.Environ(), "FILELOCK_HOLD="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(out).ReadString('\n')
	if line != "locked\n" {
		cmd.Process.Kill()
		t.Fatalf("the child said %q", line)
	}
	if l, err := TryLock(path); !errors.Is(err, ErrLocked) {
		l.Unlock()
		t.Errorf("while the child holds it: %v, want ErrLocked", err)
	}
	cmd.Process.Kill()
	cmd.Wait()
	l, err := TryLock(path)
	if err != nil {
		t.Fatalf("after the holder died: %v", err)
	}
	l.Unlock()
}

// Issue 45, finding 7: a lock file that is a symbolic link is refused, and
// its target is left as it was (TryLock truncates the lock file and writes
// its pid there: through a link, it overwrote the target).
func TestTryLockRefusesLinks(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "precious")
	if err := os.WriteFile(target, []byte("keep me\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "lock")
	if err := os.Symlink(target, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if l, err := TryLock(link); !errors.Is(err, ErrNotRegular) {
		l.Unlock()
		t.Errorf("TryLock of a link: %v, want ErrNotRegular", err)
	}
	if b, _ := os.ReadFile(target); string(b) != "keep me\n" {
		t.Errorf("the link's target now holds %q", b)
	}
	// A directory is no lock file either.
	if l, err := TryLock(dir); !errors.Is(err, ErrNotRegular) {
		l.Unlock()
		t.Errorf("TryLock of a directory: %v, want ErrNotRegular", err)
	}
}

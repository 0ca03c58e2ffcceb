// Package filelock takes an exclusive lock on a file, so that two grundy
// processes do not write the same sweep folder or checkpoint at once (issue
// 27: a second run next to a first lost the first's progress). The lock is
// advisory (flock on Unix, LockFileEx on Windows), held until Unlock or the
// process's death, which the kernel sees to: a killed run never leaves a
// stale lock behind. On other systems TryLock always succeeds.
package filelock

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// ErrLocked is the error of TryLock when another process holds the lock.
var ErrLocked = errors.New("locked by another process")

// ErrNotRegular is the error of TryLock when path is a symbolic link, a
// directory, a device or a pipe: the lock file is truncated and written
// (the holder's pid), so a link would have its target overwritten.
var ErrNotRegular = errors.New("not a regular file (a lock file is never a link)")

// A Lock is a held lock on a file.
type Lock struct{ f *os.File }

// TryLock creates the file path if needed (mode 0666 less the umask) and
// takes an exclusive lock on it without waiting. Held, the file then names this
// process (pid and start time) for Holder; if another process holds it, the
// error is ErrLocked.
func TryLock(path string) (*Lock, error) {
	// A link is refused before it is opened (and, where the system has
	// O_NOFOLLOW, when it is opened: a link put there in between).
	if st, err := os.Lstat(path); err == nil && !st.Mode().IsRegular() {
		return nil, &os.PathError{Op: "lock", Path: path, Err: ErrNotRegular}
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|noFollow, 0o666)
	if err != nil {
		if isLoop(err) {
			return nil, &os.PathError{Op: "lock", Path: path, Err: ErrNotRegular}
		}
		return nil, err
	}
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		f.Close()
		return nil, &os.PathError{Op: "lock", Path: path, Err: ErrNotRegular}
	}
	if err := lock(f); err != nil {
		f.Close()
		return nil, err
	}
	// Record the holder: read by a process that is refused.
	if err := f.Truncate(0); err == nil {
		fmt.Fprintf(f, "%d %s\n", os.Getpid(), time.Now().UTC().Format(time.RFC3339))
	}
	return &Lock{f}, nil
}

// Unlock releases the lock (the file stays).
func (l *Lock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := unlock(l.f)
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	l.f = nil
	return err
}

// Holder describes the process that last held the lock on path ("pid 1234
// since 2026-11-26T06:25:49Z"), or "" if the file does not say.
func Holder(path string) string {
	data, err := os.ReadFile(path)
	if err != nil || len(data) > 100 {
		return ""
	}
	f := strings.Fields(string(data))
	if len(f) != 2 {
		return ""
	}
	if _, err := strconv.Atoi(f[0]); err != nil {
		return ""
	}
	return "pid " + f[0] + " since " + f[1]
}

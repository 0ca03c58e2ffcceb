package checkpoint

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// Checkpoint files are never read or written through a symbolic link
// (issue 45, finding 7: a link named as a checkpoint had its target
// overwritten). A link is refused with an *Error; the directory a
// checkpoint is in may be a link (a checkpoint kept on another disk), the
// files in it may not. Devices and pipes are refused too: --checkpoint
// /dev/zero was read until memory ran out.

// notRegular returns the *Error of a path that is not a regular file, or
// nil.
func notRegular(path string, st fs.FileInfo) error {
	switch {
	case st.Mode()&fs.ModeSymlink != 0:
		return &Error{path, "is a symbolic link: checkpoints are not read or written through links (give the file itself)"}
	case st.IsDir():
		return &Error{path, "is a directory, not a checkpoint file"}
	case !st.Mode().IsRegular():
		return &Error{path, "is not a regular file (a device or a pipe), not a checkpoint"}
	}
	return nil
}

// lstatRegular returns the file's information without following a link:
// an error wrapping fs.ErrNotExist if there is none, an *Error if it is not
// a regular file.
func lstatRegular(path string) (fs.FileInfo, error) {
	st, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	return st, notRegular(path, st)
}

// Regular returns nil if path is a regular file or absent, and otherwise
// an *Error saying what it is (a link, a directory, a device or a pipe):
// what a checkpoint file may not be.
func Regular(path string) error {
	if _, err := lstatRegular(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// openRegular opens path (flag as os.OpenFile) only if it is a regular
// file or, with os.O_CREATE, absent: never through a link (refused before
// the open and, where the system has O_NOFOLLOW, by the open itself).
func openRegular(path string, flag int, perm fs.FileMode) (*os.File, error) {
	if _, err := lstatRegular(path); err != nil && !(errors.Is(err, fs.ErrNotExist) && flag&os.O_CREATE != 0) {
		return nil, err
	}
	f, err := os.OpenFile(path, flag|noFollow, perm)
	if err != nil {
		if isLoop(err) {
			return nil, &Error{path, "is a symbolic link: checkpoints are not read or written through links (give the file itself)"}
		}
		return nil, err
	}
	st, err := f.Stat()
	if err == nil {
		err = notRegular(path, st)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// ReadFile reads the checkpoint file at path whole, if it is a regular
// file of at most max bytes (max < 0: no limit): the size is checked
// before anything is read, so what a file can make its reader allocate is
// bounded by what it holds. A missing file is an error wrapping
// fs.ErrNotExist; a link, a directory, a device, a pipe or a file over max
// bytes an *Error.
func ReadFile(path string, max int64) ([]byte, error) {
	f, err := openRegular(path, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if max >= 0 && st.Size() > max {
		return nil, &Error{path, fmt.Sprintf("is %d bytes, more than the %d a checkpoint of this run can hold (not a checkpoint, or one of a larger run: raise the memory budget, or use another file)", st.Size(), max)}
	}
	// The file may grow while it is read (it is not ours): never past its
	// size when opened, nor past max.
	b := make([]byte, st.Size())
	n, err := io.ReadFull(f, b)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, err
	}
	return b[:n], nil
}

// WriteFile replaces the file at path with the parts, atomically: a
// temporary file beside it (path + ".tmp", created afresh: a stale one, or
// a link put there, is removed, not followed), synced, renamed over it,
// the directory synced. A crash leaves the old file or the new one, never
// a mix. path must not be a link (an *Error) and its directory must exist:
// a checkpoint whose directory vanished fails rather than starting again
// unseen. Two writers of one path must exclude each other (a lock; they
// would share the temporary file).
func WriteFile(path string, parts ...[]byte) error {
	if _, err := lstatRegular(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	dir := filepath.Dir(path)
	tmp := path + ".tmp"
	if err := os.Remove(tmp); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	// Files 0666 less the umask, as os.Create makes them.
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL|noFollow, 0o666)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<16)
	for _, p := range parts {
		if _, err := w.Write(p); err != nil {
			f.Close()
			return err
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync() // best effort: not every platform syncs directories
		d.Close()
	}
	return nil
}

// IsReadOnly reports whether err means that a file could not be created or
// written because the medium or its permissions do not allow it (rather
// than a fault): a finished checkpoint is then replayed without writing.
func IsReadOnly(err error) bool {
	return errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS)
}

// unwrapPath returns the system's error of a *fs.PathError (the path is
// named by the message around it).
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

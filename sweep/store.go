package sweep

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/grundy/grundy/internal/filelock"
)

// A store is a sweep's output directory: a local path, shared by the
// workers when they run elsewhere (NFS), or an object-store URL such as
// gs://bucket/dir that the workers reach through a RemoteFS (Beam's file
// systems, in grundy-sweep).
//
// Layout:
//
//	DIR/sweep.json       the sweep's Spec; a restart must bring the same one
//	DIR/sweep.lock       held (flock) by the sweep running, if any
//	DIR/parts/KEY.json   one finished work unit, written atomically (part.go)
//	DIR/<results>        the merged results, written atomically at the end
//
// Atomic: a local file is written to a temporary name in the same
// directory and renamed, so a reader (or a restarted sweep) sees the whole
// file or none (see write for power loss); an object store makes an object visible only once its
// upload completes.
type store struct {
	dir    string
	remote bool
	fs     RemoteFS // for a remote dir
}

// RemoteFS reaches an output directory that is a URL (gs://bucket/dir):
// grundy-sweep's are Beam's file systems (cmd/grundy-sweep/beam.go).
// grundy has none, so that it links no Beam: a sweep into such a directory
// is grundy-sweep's (a *RemoteError here).
type RemoteFS interface {
	// OpenRead opens the object name, or returns an error that wraps
	// fs.ErrNotExist when there is none.
	OpenRead(ctx context.Context, name string) (io.ReadCloser, error)
	// Write replaces the object name with data, made visible whole once
	// written.
	Write(ctx context.Context, name string, data []byte) error
	// List returns the names of the objects that match the glob pattern.
	List(ctx context.Context, pattern string) ([]string, error)
}

// IsRemote says whether an output directory is a URL (gs://…), which a
// RemoteFS reaches, rather than a local path.
func IsRemote(dir string) bool { return strings.Contains(dir, "://") }

// RemoteError is an output directory that is a URL where no RemoteFS
// reaches it.
type RemoteError struct{ Dir string }

func (e *RemoteError) Error() string {
	return fmt.Sprintf("sweep: %s is not a local directory, and this program reaches no remote store (grundy-sweep, with Beam's file systems, does)", e.Dir)
}

func openStore(dir string, remote RemoteFS) (*store, error) {
	if dir == "" {
		return nil, errors.New("sweep: no output directory")
	}
	if !IsRemote(dir) {
		return &store{dir: dir}, nil
	}
	if remote == nil {
		return nil, &RemoteError{dir}
	}
	return &store{dir: dir, remote: true, fs: remote}, nil
}

func (s *store) join(elem ...string) string {
	if s.remote {
		return strings.TrimSuffix(s.dir, "/") + "/" + path.Join(elem...)
	}
	return filepath.Join(append([]string{s.dir}, elem...)...)
}

// partPath is the file of the unit with the given key.
func (s *store) partPath(key string) string { return s.join("parts", key+".json") }

// maxFileBytes bounds the files a sweep reads back (sweep.json, the
// summary, the results it checksums): none is near it.
const maxFileBytes = 256 << 20

// read returns the file's contents, or fs.ErrNotExist.
func (s *store) read(ctx context.Context, name string) ([]byte, error) {
	return s.readMax(ctx, name, maxFileBytes)
}

// readMax returns the file's contents, at most max bytes (a longer file is
// an error), or fs.ErrNotExist.
func (s *store) readMax(ctx context.Context, name string, max int64) ([]byte, error) {
	var r io.ReadCloser
	if !s.remote {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		r = f
	} else {
		var err error
		if r, err = s.fs.OpenRead(ctx, name); err != nil {
			return nil, err
		}
	}
	defer r.Close()
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if err == nil && int64(len(data)) > max {
		err = fmt.Errorf("sweep: %s is longer than %d bytes: %w", name, max, errTooLong)
	}
	return data, err
}

// errTooLong is the cause of a file longer than readMax reads.
var errTooLong = errors.New("not a file a sweep wrote")

// write replaces the file atomically with data.
func (s *store) write(ctx context.Context, name string, data []byte) error {
	if s.remote {
		return s.fs.Write(ctx, name, data)
	}
	dir := filepath.Dir(name)
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return err
	}
	f, err := createTemp(dir, ".tmp-"+filepath.Base(name)+"-")
	if err != nil {
		return err
	}
	tmp := f.Name()
	// No fsync: the rename makes the file whole or absent to a restarted
	// process, which is what a stopped sweep needs; after a power loss a
	// part may come back empty, and the sweep recomputes any part that is
	// not valid JSON.
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, name)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("sweep: writing %s: %w", name, err)
	}
	return nil
}

// createTemp creates a new file prefix+random in dir, as os.CreateTemp does
// but with mode 0666 less the umask, not 0600: a sweep's parts and results
// are data to share (a results directory is committed, a cluster's workers
// and their users read it), and the umask is how a user says who may read
// what they write; checkpoints follow the same rule (checkpoint.Open). The
// umask 022 usual on Linux gives 0644.
func createTemp(dir, prefix string) (*os.File, error) {
	for range 100 {
		name := filepath.Join(dir, prefix+strconv.FormatUint(rand.Uint64(), 36))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, err
	}
	return nil, fmt.Errorf("sweep: no free temporary name in %s", dir)
}

// lockName is the lock file of a local sweep directory.
const lockName = "sweep.lock"

// lock takes the directory's lock, so that two sweeps do not write one
// directory at once (issue 27: a run resumed next to an orphaned one). A
// remote store (gs://…) is not locked: its workers write it from many
// machines.
func (s *store) lock() (*filelock.Lock, error) {
	if s.remote {
		return nil, nil
	}
	if err := os.MkdirAll(s.dir, 0o777); err != nil {
		return nil, err
	}
	name := s.join(lockName)
	l, err := filelock.TryLock(name)
	if errors.Is(err, filelock.ErrLocked) {
		who := ""
		if h := filelock.Holder(name); h != "" {
			who = " (" + h + ")"
		}
		return nil, &LockedError{Dir: s.dir, Holder: who}
	}
	return l, err
}

// LockedError reports a sweep directory another sweep is writing.
type LockedError struct{ Dir, Holder string }

func (e *LockedError) Error() string {
	return fmt.Sprintf("sweep: another sweep is running in %s%s: wait for it to end, or stop it (it keeps what it has done)", e.Dir, e.Holder)
}

// clean removes the temporary files a stopped run left (a run killed
// between creating and renaming one). The caller holds the lock, so no
// other writer is using them.
func (s *store) clean() {
	if s.remote {
		return
	}
	for _, dir := range []string{s.dir, s.join("parts")} {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), ".tmp-") && e.Type().IsRegular() {
				os.Remove(filepath.Join(dir, e.Name()))
			}
		}
	}
}

// checkParts reads every part of a local store before a run and moves
// aside, with a warning, each part that is not the result of the unit its
// name says (part.go), so that the unit is computed again. Files that name
// no unit of t are left alone (the merge reads only the units' parts).
func (s *store) checkParts(ctx context.Context, t task, warn func(string)) error {
	if s.remote {
		return nil
	}
	keys, err := s.parts(ctx)
	if err != nil {
		return err
	}
	index := make(map[string]int, t.units())
	for i := range t.units() {
		index[t.key(i)] = i
	}
	for _, k := range keys {
		i, ok := index[k]
		if !ok {
			continue
		}
		_, err := readPart(ctx, s, t, i)
		var pe *PartError
		if !errors.As(err, &pe) {
			continue
		}
		name := s.partPath(k)
		if err := os.Rename(name, name+".rejected"); err != nil {
			return err
		}
		warn(fmt.Sprintf("%s; moved to %s, computing it again", strings.TrimPrefix(pe.Error(), "sweep: "), filepath.Base(name)+".rejected"))
	}
	return nil
}

// parts returns the keys of the finished units, sorted.
func (s *store) parts(ctx context.Context) ([]string, error) {
	var names []string
	if s.remote {
		var err error
		if names, err = s.fs.List(ctx, s.join("parts", "*.json")); err != nil {
			return nil, err
		}
	} else {
		entries, err := os.ReadDir(s.join("parts"))
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			names = append(names, e.Name())
		}
	}
	var keys []string
	for _, n := range names {
		base := path.Base(filepath.ToSlash(n))
		if strings.HasPrefix(base, ".tmp-") || !strings.HasSuffix(base, ".json") {
			continue
		}
		keys = append(keys, strings.TrimSuffix(base, ".json"))
	}
	sort.Strings(keys)
	return keys, nil
}

// claim records the spec in DIR/sweep.json, or checks that the one there
// is the same: parts of two different sweeps must not mix.
func (s *store) claim(ctx context.Context, spec []byte) error {
	name := s.join("sweep.json")
	old, err := s.read(ctx, name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return s.write(ctx, name, spec)
	case err != nil:
		return err
	case !bytes.Equal(bytes.TrimSpace(old), bytes.TrimSpace(spec)):
		return &SpecMismatchError{Dir: s.dir, Have: string(bytes.TrimSpace(old)), Want: string(bytes.TrimSpace(spec))}
	}
	return nil
}

// SpecMismatchError reports an output directory that holds another sweep.
type SpecMismatchError struct {
	Dir        string
	Have, Want string
}

func (e *SpecMismatchError) Error() string {
	return fmt.Sprintf("sweep: %s holds another sweep (%s), not this one (%s): choose another --out or remove it", e.Dir, e.Have, e.Want)
}

// claimDir opens the sweep directory out, takes its lock and claims it for
// specJSON, as a sweep and a merge both do before they write: a directory
// another process holds, or one of another sweep, is a *UsageError. The
// caller defers unlock, which releases the lock (a remote store has none).
func claimDir(ctx context.Context, out string, specJSON []byte, remote RemoteFS) (st *store, unlock func(), err error) {
	st, err = openStore(out, remote)
	if err != nil {
		return nil, nil, &UsageError{err}
	}
	lock, err := st.lock()
	if err != nil {
		var le *LockedError
		if errors.As(err, &le) {
			return nil, nil, &UsageError{err}
		}
		return nil, nil, err
	}
	unlock = func() {
		if lock != nil {
			lock.Unlock()
		}
	}
	if err := st.claim(ctx, specJSON); err != nil {
		unlock()
		var me *SpecMismatchError
		if errors.As(err, &me) {
			return nil, nil, &UsageError{err}
		}
		return nil, nil, err
	}
	return st, unlock, nil
}

package sweep

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs" // gs:// output directories on Dataflow
)

// A store is a sweep's output directory: a local path, shared by the
// workers when they run elsewhere (NFS), or an object-store URL such as
// gs://bucket/dir that the workers reach through Beam's filesystems.
//
// Layout:
//
//	DIR/sweep.json       the sweep's Spec; a restart must bring the same one
//	DIR/parts/KEY.json   one finished work unit, written atomically
//	DIR/<results>        the merged results, written atomically at the end
//
// Atomic: a local file is written to a temporary name in the same
// directory and renamed, so a reader (or a restarted sweep) sees the whole
// file or none (see write for power loss); an object store makes an object visible only once its
// upload completes.
type store struct {
	dir    string
	remote bool
}

func openStore(dir string) (*store, error) {
	if dir == "" {
		return nil, errors.New("sweep: no output directory")
	}
	return &store{dir: dir, remote: strings.Contains(dir, "://")}, nil
}

func (s *store) join(elem ...string) string {
	if s.remote {
		return strings.TrimSuffix(s.dir, "/") + "/" + path.Join(elem...)
	}
	return filepath.Join(append([]string{s.dir}, elem...)...)
}

// partPath is the file of the unit with the given key.
func (s *store) partPath(key string) string { return s.join("parts", key+".json") }

// read returns the file's contents, or fs.ErrNotExist.
func (s *store) read(ctx context.Context, name string) ([]byte, error) {
	if !s.remote {
		return os.ReadFile(name)
	}
	fsys, err := filesystem.New(ctx, name)
	if err != nil {
		return nil, err
	}
	defer fsys.Close()
	if _, err := fsys.Size(ctx, name); err != nil {
		return nil, fmt.Errorf("%s: %w", name, fs.ErrNotExist)
	}
	r, err := fsys.OpenRead(ctx, name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}

// write replaces the file atomically with data.
func (s *store) write(ctx context.Context, name string, data []byte) error {
	if s.remote {
		fsys, err := filesystem.New(ctx, name)
		if err != nil {
			return err
		}
		defer fsys.Close()
		w, err := fsys.OpenWrite(ctx, name)
		if err != nil {
			return err
		}
		if _, err := w.Write(data); err != nil {
			w.Close()
			return err
		}
		return w.Close()
	}
	dir := filepath.Dir(name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".tmp-"+filepath.Base(name)+"-*")
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

// parts returns the keys of the finished units, sorted.
func (s *store) parts(ctx context.Context) ([]string, error) {
	var names []string
	if s.remote {
		fsys, err := filesystem.New(ctx, s.dir)
		if err != nil {
			return nil, err
		}
		defer fsys.Close()
		if names, err = fsys.List(ctx, s.join("parts", "*.json")); err != nil {
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

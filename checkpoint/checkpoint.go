package checkpoint

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/grundy/grundy/internal/filelock"
)

// Sum computes the checksum of a sequence incrementally: SHA-256 of the
// values as 8-byte little-endian words.
type Sum struct {
	h hash.Hash
	// buf collects words and hands them to h a block at a time (a Write
	// of 8 bytes a value cost more than the nim-sequence kernels' value).
	buf []byte
}

// sumBlock is how many bytes Sum collects before hashing them.
const sumBlock = 4096

// NewSum returns the checksum of the empty sequence, ready for Add.
func NewSum() *Sum { return &Sum{h: sha256.New(), buf: make([]byte, 0, sumBlock)} }

// Add appends values to the sequence.
func (s *Sum) Add(vals ...uint64) {
	for _, v := range vals {
		if len(s.buf) == sumBlock {
			s.h.Write(s.buf)
			s.buf = s.buf[:0]
		}
		s.buf = binary.LittleEndian.AppendUint64(s.buf, v)
	}
}

// String returns "sha256:" and the hex digest of the values added so far.
func (s *Sum) String() string {
	s.h.Write(s.buf)
	s.buf = s.buf[:0]
	return "sha256:" + hex.EncodeToString(s.h.Sum(nil))
}

const (
	dataFile     = "values.bin"
	manifestFile = "checkpoint.json"
	lockFile     = "checkpoint.lock"
	// formatV2 records the game's content (Identity.Content); a format-1
	// manifest (before issue 45) is read only for a game without one.
	formatV1 = 1
	formatV2 = 2
	// maxManifest bounds checkpoint.json (a few hundred bytes, and the
	// game's spec), checked before it is read.
	maxManifest = 1 << 20
)

type manifest struct {
	Format    int    `json:"format"`
	Game      string `json:"game"`
	Start     int    `json:"start"`
	Content   string `json:"content,omitempty"`
	Count     int64  `json:"count"`
	DataBytes int64  `json:"data_bytes"`
	Checksum  string `json:"checksum"`
}

// Identity is what a checkpoint holds the values of. A checkpoint is used
// only by a run of the same identity: the values of a game are those of
// its spec and its content, from Start.
type Identity struct {
	// Game is the game's canonical spec.
	Game string
	// Start is the first heap of the sequence.
	Start int
	// Content is what defines the game besides its spec, as the caller
	// states it (catalog.Game.Content: the hash of a rule file and the version
	// of what rule files mean); "" for a game its spec defines. A
	// checkpoint saved under another content is refused: its values are
	// another game's (issue 45, finding 4: an edited rule file resumed
	// G(0..20) of the old rules and appended the new ones').
	Content string
}

// Checkpoint is an open checkpoint directory being appended to, or, opened
// to replay values it already holds (OpenFor), only read.
type Checkpoint struct {
	dir      string
	lock     *filelock.Lock // held from Open to Close (nil when read-only)
	readOnly bool
	m        manifest
	f        *os.File
	w        *bufio.Writer
	sum      *Sum
	n        int64 // values appended
	size     int64 // bytes appended
	base     int64 // bytes committed when opened (what Replay reads)
	tmp      []byte
}

// Error reports a checkpoint that cannot be used.
type Error struct {
	// Path is the checkpoint's directory, or the file in question.
	Path string
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("checkpoint %s: %s", e.Path, e.Msg) }

// Open opens the checkpoint in dir for the sequence of game from start,
// creating dir if needed. It returns the values already committed there,
// verified against their checksum; a checkpoint for another game or start
// is an *Error (nothing is overwritten).
func Open(dir, game string, start int) (*Checkpoint, []uint64, error) {
	var known []uint64
	c, _, err := open(dir, Identity{Game: game, Start: start}, -1, func(v uint64) { known = append(known, v) })
	if err != nil {
		return nil, nil, err
	}
	return c, known, nil
}

// OpenCount is Open for long runs: it verifies the committed values
// against their checksum in one pass without holding them, and returns
// their count; Replay reads them again.
func OpenCount(dir, game string, start int) (*Checkpoint, int64, error) {
	return open(dir, Identity{Game: game, Start: start}, -1, nil)
}

// OpenFor is OpenCount for the sequence id names, by a run that needs
// need values (need < 0: as many as it likes). A checkpoint that holds
// need values already is opened read-only: no lock is taken, nothing is
// created or written, so a finished checkpoint replays from read-only
// media (issue 45, finding 7); Append then fails, and Commit and Close do
// nothing. A checkpoint of another identity is an *Error.
func OpenFor(dir string, id Identity, need int64) (*Checkpoint, int64, error) {
	return open(dir, id, need, nil)
}

// ReadOnly reports whether the checkpoint was opened only to be read.
func (c *Checkpoint) ReadOnly() bool { return c.readOnly }

// Committed returns the count of values the checkpoint in dir has
// committed, reading only its manifest: it takes no lock, so a progress
// report can read it while a run appends (the manifest is replaced whole
// at each commit).
func Committed(dir string) (int64, error) {
	m, err := readManifest(dir)
	return m.Count, err
}

// readManifest reads dir's manifest: an error wrapping os.ErrNotExist if
// there is none, an *Error if it cannot be read as one.
func readManifest(dir string) (manifest, error) {
	raw, err := ReadFile(filepath.Join(dir, manifestFile), maxManifest)
	if err != nil {
		return manifest{}, err
	}
	var m manifest
	if err := json.Unmarshal(raw, &m); err != nil || (m.Format != formatV1 && m.Format != formatV2) {
		return manifest{}, &Error{dir, "unreadable checkpoint.json (delete the directory to start over)"}
	}
	return m, nil
}

// Replay calls each with the first n committed values, in order (n at most
// the count OpenCount returned; they were verified then). It stops at the
// first error each returns.
func (c *Checkpoint) Replay(n int64, each func(uint64) error) error {
	r, err := c.Values(n)
	if err != nil {
		return err
	}
	defer r.Close()
	for range n {
		v, err := r.Next()
		if err != nil {
			return err
		}
		if err := each(v); err != nil {
			return err
		}
	}
	return nil
}

// Reader reads committed values back one at a time (Values), for a
// consumer that pulls them (octal.Computer.SetReplay).
type Reader struct {
	dir  string
	f    *os.File
	r    *bufio.Reader
	left int64
}

// Values returns a Reader of the first n committed values (n at most the
// count OpenCount returned; they were verified then).
func (c *Checkpoint) Values(n int64) (*Reader, error) {
	f, err := openRegular(filepath.Join(c.dir, dataFile), os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	return &Reader{dir: c.dir, f: f, r: bufio.NewReaderSize(io.LimitReader(f, c.base), 1<<16), left: n}, nil
}

// Next returns the next value, io.EOF after the n asked for.
func (r *Reader) Next() (uint64, error) {
	if r.left <= 0 {
		return 0, io.EOF
	}
	v, err := binary.ReadUvarint(r.r)
	if err != nil {
		return 0, &Error{r.dir, fmt.Sprintf("values.bin changed while in use: %v", err)}
	}
	r.left--
	return v, nil
}

// Close closes the file read.
func (r *Reader) Close() error { return r.f.Close() }

// short abbreviates a content for a message: its hashes cut to 12 digits.
func short(content string) string {
	if content == "" {
		return "none"
	}
	out := []byte{}
	for _, w := range strings.Fields(content) {
		if h, ok := strings.CutPrefix(w, "sha256:"); ok && len(h) > 12 {
			w = "sha256:" + h[:12] + "…"
		}
		if len(out) > 0 {
			out = append(out, ' ')
		}
		out = append(out, w...)
	}
	return string(out)
}

// check refuses a manifest of another identity.
func (m manifest) check(dir string, id Identity) error {
	switch {
	case m.Game != id.Game || m.Start != id.Start:
		return &Error{dir, fmt.Sprintf("holds the sequence of %s from %d, not %s from %d (use another directory)", m.Game, m.Start, id.Game, id.Start)}
	case m.Format == formatV1 && id.Content != "":
		return &Error{dir, fmt.Sprintf("was written by an older grundy, which did not record what defines %s (%s now), so it cannot tell whether the game changed since (delete the directory to start over)", id.Game, short(id.Content))}
	case m.Content != id.Content:
		return &Error{dir, fmt.Sprintf("holds the values of another game %s: it was defined by %s, and is by %s now (the rule file changed; use another directory, or delete this one to start over)", id.Game, short(m.Content), short(id.Content))}
	}
	return nil
}

func open(dir string, id Identity, need int64, keep func(uint64)) (_ *Checkpoint, _ int64, err error) {
	if need >= 0 {
		// Enough values there already: read them, write nothing.
		if m, err := readManifest(dir); err == nil && m.Count >= need {
			if err := m.check(dir, id); err != nil {
				return nil, 0, err
			}
			c := &Checkpoint{dir: dir, readOnly: true, sum: NewSum(), m: m}
			if err := c.readData(m, keep); err != nil {
				return nil, 0, err
			}
			c.n, c.size, c.base = m.Count, m.DataBytes, m.DataBytes
			return c, m.Count, nil
		}
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, 0, err
	}
	// One run at a time: a second run sharing the directory would truncate
	// the first one's uncommitted values and, committing its own shorter
	// count, lose the first one's progress (issue 27). The lock is held
	// until Close, or the process's death.
	lock, err := filelock.TryLock(filepath.Join(dir, lockFile))
	if errors.Is(err, filelock.ErrLocked) {
		who := ""
		if h := filelock.Holder(filepath.Join(dir, lockFile)); h != "" {
			who = " (" + h + ")"
		}
		return nil, 0, &Error{dir, "is in use by another run" + who + ": wait for it to end, or use another directory"}
	}
	if errors.Is(err, filelock.ErrNotRegular) {
		return nil, 0, &Error{filepath.Join(dir, lockFile), "is not a regular file (a link, a directory, a device): checkpoints are not written through links"}
	}
	if err != nil && IsReadOnly(err) {
		held := "no values"
		if m, merr := readManifest(dir); merr == nil {
			held = fmt.Sprintf("%d values", m.Count)
		}
		wanted := "more"
		if need >= 0 {
			wanted = fmt.Sprint(need)
		}
		return nil, 0, &Error{dir, fmt.Sprintf("cannot be written (%v): it holds %s and this run needs %s (copy it where it can be written to go on)", unwrapPath(err), held, wanted)}
	}
	if err != nil {
		return nil, 0, err
	}
	defer func() {
		if err != nil {
			lock.Unlock()
		}
	}()
	c := &Checkpoint{dir: dir, lock: lock, sum: NewSum(), m: manifest{Format: formatV2, Game: id.Game, Start: id.Start, Content: id.Content}}
	m, err := readManifest(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		// A fresh start: any data without a manifest is discarded below.
	case err != nil:
		return nil, 0, err
	default:
		if err := m.check(dir, id); err != nil {
			return nil, 0, err
		}
		if err := c.readData(m, keep); err != nil {
			return nil, 0, err
		}
		m.Format = formatV2 // a format-1 manifest is rewritten at the next commit
		c.m = m
	}
	// Files 0666 and directories 0777 less the umask, as os.Create and
	// mkdir -p make them (sweep.createTemp says why; 0644 under umask 022).
	f, err := openRegular(filepath.Join(dir, dataFile), os.O_RDWR|os.O_CREATE, 0o666)
	if err != nil {
		return nil, 0, err
	}
	// Drop whatever was written after the last commit.
	if err := f.Truncate(c.m.DataBytes); err != nil {
		f.Close()
		return nil, 0, err
	}
	if _, err := f.Seek(c.m.DataBytes, io.SeekStart); err != nil {
		f.Close()
		return nil, 0, err
	}
	c.f, c.w = f, bufio.NewWriterSize(f, 1<<16)
	c.n, c.size, c.base = c.m.Count, c.m.DataBytes, c.m.DataBytes
	return c, c.m.Count, nil
}

func (c *Checkpoint) readData(m manifest, keep func(uint64)) error {
	f, err := openRegular(filepath.Join(c.dir, dataFile), os.O_RDONLY, 0)
	var ce *Error
	if errors.As(err, &ce) {
		return err
	}
	if err != nil {
		return &Error{c.dir, "values.bin is missing (delete the directory to start over)"}
	}
	defer f.Close()
	// The manifest is checked against the file before anything is
	// written: Open truncates values.bin to data_bytes, so a damaged, larger
	// data_bytes would grow it (5·10^10 made a 50 GB sparse file, issue 27).
	// Each value takes at least one byte.
	st, err := f.Stat()
	if err != nil {
		return err
	}
	switch {
	case m.Count < 0 || m.DataBytes < 0 || m.Count > m.DataBytes:
		return &Error{c.dir, fmt.Sprintf("checkpoint.json is damaged: %d values in %d bytes (delete the directory to start over)", m.Count, m.DataBytes)}
	case m.DataBytes > st.Size():
		return &Error{c.dir, fmt.Sprintf("checkpoint.json says values.bin holds %d bytes, but it has %d (delete the directory to start over)", m.DataBytes, st.Size())}
	}
	r := bufio.NewReaderSize(io.LimitReader(f, m.DataBytes), 1<<16)
	for i := int64(0); i < m.Count; i++ {
		v, err := binary.ReadUvarint(r)
		if err != nil {
			return &Error{c.dir, fmt.Sprintf("values.bin is shorter than its %d committed values (delete the directory to start over)", m.Count)}
		}
		if keep != nil {
			keep(v)
		}
		c.sum.Add(v)
	}
	if _, err := r.ReadByte(); err != io.EOF {
		return &Error{c.dir, "values.bin does not match checkpoint.json (delete the directory to start over)"}
	}
	if got := c.sum.String(); got != m.Checksum {
		return &Error{c.dir, fmt.Sprintf("checksum mismatch: values.bin gives %s, checkpoint.json says %s (delete the directory to start over)", got, m.Checksum)}
	}
	return nil
}

// Count returns the number of values appended so far (committed or not).
func (c *Checkpoint) Count() int64 { return c.n }

// Append adds values after those already held. They are durable only after
// Commit.
func (c *Checkpoint) Append(vals ...uint64) error {
	if c.readOnly {
		return &Error{c.dir, fmt.Sprintf("opened to replay its %d values, not to add more", c.m.Count)}
	}
	for _, v := range vals {
		c.tmp = binary.AppendUvarint(c.tmp[:0], v)
		if _, err := c.w.Write(c.tmp); err != nil {
			return err
		}
		c.size += int64(len(c.tmp))
		c.sum.Add(v)
	}
	c.n += int64(len(vals))
	return nil
}

// Commit makes every value appended so far durable: it syncs the data,
// then atomically replaces the manifest.
func (c *Checkpoint) Commit() error {
	if c.readOnly {
		return nil
	}
	if err := c.w.Flush(); err != nil {
		return err
	}
	if err := c.f.Sync(); err != nil {
		return err
	}
	m := c.m
	m.Count, m.DataBytes, m.Checksum = c.n, c.size, c.sum.String()
	raw, err := json.Marshal(m)
	if err != nil {
		return err
	}
	if err := WriteFile(filepath.Join(c.dir, manifestFile), append(raw, '\n')); err != nil {
		return err
	}
	c.m = m
	return nil
}

// Close commits and closes the checkpoint, and lets another run open it.
// Closing it again does nothing.
func (c *Checkpoint) Close() error {
	if c.f == nil {
		return nil // read-only, or closed
	}
	err := c.Commit()
	if cerr := c.f.Close(); err == nil {
		err = cerr
	}
	c.f = nil
	if uerr := c.lock.Unlock(); err == nil {
		err = uerr
	}
	return err
}

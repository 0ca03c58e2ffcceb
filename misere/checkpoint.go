package misere

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/grundy/grundy/checkpoint"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/filelock"
	"github.com/grundy/grundy/notation"
)

// A quotient checkpoint (Settings.Checkpoint) is one file holding the
// state of a computation after its last heap: a JSON header line (format,
// the construction's version, key, content, heaps, order, letters, and
// last the SHA-256 of the header before it and of the rest), then the
// state as unsigned varints: the letter of every heap, the heaps where the
// quotient grew, the letter actions of the quotient and its P-portion. The
// options of the heaps are not saved: they are listed again from the rules
// on resume. The file is replaced atomically (written to a temporary file,
// synced, renamed, the directory synced), as package checkpoint replaces
// its manifest, so after a kill at any instant it holds the state after
// some heap, whole. The construction is deterministic, so a resumed
// computation ends with the same quotient as one never stopped.
//
// Before anything of it is used (issue 45, finding 5), the file is checked
// whole: a regular file, not a link or a device (checkpoint.ReadFile), no
// larger than the memory budget, its header and state against the
// checksum, the counts of the header against the bytes that hold them (so
// what a file makes its reader allocate is bounded by its size), the key,
// content and version against the run's. A run holds FILE.lock while it
// may write the file: a second run on the same file is refused. A run
// with nothing left to compute reads the file only (no lock), so a
// finished checkpoint replays from read-only media.

// ConstructionVersion is the version of the construction: of what a
// checkpoint's state means (the letters, the numbering of the elements,
// what is saved) and of the work it counts (Quotient.Work, the census'
// bound). Raise it with any change of either: checkpoints of another
// version are refused, and census rows stopped by a limit under another
// are computed again (proved rows stay: a proof does not depend on the
// construction).
const ConstructionVersion = 1

const (
	// ckptFormat1 (before issue 45) had the header outside its checksum;
	// it is read, validated against the state, only for rules without
	// content.
	ckptFormat1 = 1
	ckptFormat  = 2
	// maxHeader bounds the header line (a key names the positions of a
	// quotient of positions: it may be long, not unbounded).
	maxHeader = 8 << 20
)

type ckptHeader struct {
	Format   int    `json:"format"`
	Version  int    `json:"version,omitempty"`
	Key      string `json:"key"`
	Content  string `json:"content,omitempty"`
	Heaps    int    `json:"heaps"`
	Size     int    `json:"size"`
	Letters  int    `json:"letters"`
	Checksum string `json:"checksum,omitempty"`
}

// checksumField starts the last field of a format-2 header: the checksum
// covers the header's bytes before it, a newline and the state.
const checksumField = `,"checksum":"`

// CheckpointError reports a checkpoint that cannot be used.
type CheckpointError struct {
	Path, Msg string
}

func (e *CheckpointError) Error() string { return fmt.Sprintf("checkpoint %s: %s", e.Path, e.Msg) }

type ckpt struct {
	path, key, content string
	state              []byte // the state read, to restore
	hdr                ckptHeader
	lock               *filelock.Lock // nil when read-only
	// noWrite, when set, is why the file cannot be written: the run may
	// replay it, not compute more.
	noWrite error
}

// stateSum is the checksum of a format-2 file: of the header's bytes up
// to its checksum field, a newline, and the state.
func stateSum(head, body []byte) string {
	h := sha256.New()
	h.Write(head)
	h.Write([]byte{'\n'})
	h.Write(body)
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// openCheckpoint locks and reads the checkpoint at path, if there is one,
// and checks it whole (header, checksum, key, content, version) before
// restore uses it. The caller closes it.
func openCheckpoint(path string, s Settings) (_ *ckpt, err error) {
	c := &ckpt{path: path, key: s.Key, content: s.Content}
	bad := func(msg string) error { return &CheckpointError{path, msg} }
	var ce *checkpoint.Error
	if err := checkpoint.Regular(path); errors.As(err, &ce) {
		return nil, bad(ce.Msg)
	} else if err != nil {
		return nil, err
	}
	if err := c.takeLock(); err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			c.close()
		}
	}()
	max := int64(-1)
	if m := s.Budget.MaxMemory; m > 0 {
		max = m
	}
	raw, err := checkpoint.ReadFile(path, max)
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if errors.As(err, &ce) {
		return nil, bad(ce.Msg)
	}
	if err != nil {
		return nil, err
	}
	nl := bytes.IndexByte(raw[:min(len(raw), maxHeader)], '\n')
	if nl < 0 || json.Unmarshal(raw[:nl], &c.hdr) != nil {
		return nil, bad("not a misère quotient checkpoint (delete it to start over)")
	}
	head, body := raw[:nl], raw[nl+1:]
	switch c.hdr.Format {
	case ckptFormat:
		cut := bytes.LastIndex(head, []byte(checksumField))
		if cut < 0 {
			return nil, bad("its header has no checksum (delete it to start over)")
		}
		if got := stateSum(head[:cut], body); got != c.hdr.Checksum {
			return nil, bad(fmt.Sprintf("checksum mismatch: the header and state give %s, the file says %s (it was damaged: delete it to start over)", got, c.hdr.Checksum))
		}
	case ckptFormat1:
		sum := sha256.Sum256(body)
		if got := "sha256:" + hex.EncodeToString(sum[:]); got != c.hdr.Checksum {
			return nil, bad(fmt.Sprintf("checksum mismatch: the state gives %s, the header says %s (delete it to start over)", got, c.hdr.Checksum))
		}
	default:
		return nil, bad("not a misère quotient checkpoint (delete it to start over)")
	}
	if err := c.check(s, int64(len(raw)), len(body)); err != nil {
		return nil, err
	}
	c.state = body
	return c, nil
}

// resumeCheckpoint opens the checkpoint of s and restores its state into
// the fresh builder b, for a run to heap to (extend: until proved); the
// caller closes it.
func resumeCheckpoint(ctx context.Context, b *builder, to int, extend bool, s Settings) (*ckpt, error) {
	ck, err := openCheckpoint(s.Checkpoint, s)
	if err != nil {
		return nil, err
	}
	if err := ck.restore(ctx, b); err != nil {
		ck.close()
		return nil, err
	}
	if n := b.heaps() - 1; !extend && n > to {
		// The quotient of fewer heaps is not in the state of more (it
		// panicked).
		ck.close()
		u := unitOf(b.rules)
		return nil, &CheckpointError{s.Checkpoint, fmt.Sprintf("holds the quotient of the %ss 0..%d, more than the %ss 0..%d asked (ask for %d or more, or use another file)", u, n, u, to, n)}
	}
	if s.Resumed != nil {
		s.Resumed(b.heaps())
	}
	return ck, nil
}

// takeLock locks path.lock for the run, or notes why the checkpoint
// cannot be written (read-only media): then it may be replayed only.
func (c *ckpt) takeLock() error {
	lockPath := c.path + ".lock"
	if err := os.MkdirAll(filepath.Dir(c.path), 0o755); err != nil {
		if checkpoint.IsReadOnly(err) {
			c.noWrite = err
			return nil
		}
		return err
	}
	l, err := filelock.TryLock(lockPath)
	switch {
	case errors.Is(err, filelock.ErrLocked):
		who := ""
		if h := filelock.Holder(lockPath); h != "" {
			who = " (" + h + ")"
		}
		return &CheckpointError{c.path, "is in use by another run" + who + ": wait for it to end, or use another file"}
	case errors.Is(err, filelock.ErrNotRegular):
		return &CheckpointError{lockPath, "is not a regular file (a link, a directory, a device): checkpoints are not written through links"}
	case err != nil && checkpoint.IsReadOnly(err):
		c.noWrite = err
	case err != nil:
		return err
	}
	c.lock = l
	return nil
}

// check refuses a header of another computation, or one whose counts the
// state cannot hold, before anything is allocated for them: each count
// is of varints of at least one byte, so a header that claims more than
// its file holds (heaps: 10^12 ran out of memory, heaps: -1 panicked) is
// refused, and what is allocated is bounded by the file's size.
func (c *ckpt) check(s Settings, fileBytes int64, body int) error {
	h := c.hdr
	bad := func(msg string) error { return &CheckpointError{c.path, msg} }
	switch {
	case h.Key != c.key:
		return bad(fmt.Sprintf("holds the quotient of %s, not of %s (use another file)", notation.Quote(h.Key), notation.Quote(c.key)))
	case h.Format == ckptFormat1 && c.content != "":
		return bad(fmt.Sprintf("was written by an older grundy, which did not record what defines %s (%s now), so it cannot tell whether the game changed since (delete it to start over)", notation.Quote(c.key), shortContent(c.content)))
	case h.Content != c.content:
		return bad(fmt.Sprintf("holds the quotient of another game %s: it was defined by %s, and is by %s now (the rule file changed; use another file, or delete this one to start over)", notation.Quote(c.key), shortContent(h.Content), shortContent(c.content)))
	case h.Format == ckptFormat && h.Version != ConstructionVersion:
		return bad(fmt.Sprintf("was saved by version %d of the construction, and this is version %d: its state cannot be continued (delete it to start over)", h.Version, ConstructionVersion))
	case h.Heaps < 0 || h.Size < 1 || h.Letters < 0:
		return bad(fmt.Sprintf("its header is damaged: %d heaps, %d elements, %d letters (delete it to start over)", h.Heaps, h.Size, h.Letters))
	case h.Heaps > body || h.Size > body || h.Letters > body || int64(h.Heaps)+1+int64(h.Size)*int64(h.Letters)+int64(h.Size) > int64(body):
		return bad(fmt.Sprintf("its header is damaged: %d heaps and %d elements of %d letters do not fit in its %d bytes of state (delete it to start over)", h.Heaps, h.Size, h.Letters, body))
	}
	if m := s.Budget.MaxMemory; m > 0 {
		// What restore allocates: the file, the letters of the heaps and
		// the heaps where it grew (at most one a heap), the table and its
		// tree, the P-portion.
		need := fileBytes + 12*(int64(h.Heaps)+1) + cayleyBytes(h.Size, h.Letters) + 2*int64(h.Size)
		if need > m {
			return &impartial.BudgetError{Limit: impartial.LimitMemory, Max: m, What: fmt.Sprintf("the checkpoint %s (%d heaps, %d elements: about %s to restore)", c.path, h.Heaps, h.Size, impartial.FormatBytes(need))}
		}
	}
	return nil
}

// shortContent abbreviates a content for a message: its hashes cut to 12
// digits.
func shortContent(content string) string {
	if content == "" {
		return "its spec alone"
	}
	var b []byte
	for i, w := range bytes.Fields([]byte(content)) {
		if h, ok := bytes.CutPrefix(w, []byte("sha256:")); ok && len(h) > 12 {
			w = append([]byte("sha256:"), append(h[:12:12], "…"...)...)
		}
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, w...)
	}
	return string(b)
}

// writable returns nil if the checkpoint can be written, or why not: a
// run that would compute a heap stops before it.
func (c *ckpt) writable(heaps int) error {
	if c == nil || c.noWrite == nil {
		return nil
	}
	held := "no heaps"
	if heaps > 0 {
		held = fmt.Sprintf("the heaps 0..%d", heaps-1)
	}
	var pe *fs.PathError
	why := c.noWrite
	if errors.As(why, &pe) {
		why = pe.Err
	}
	return &CheckpointError{c.path, fmt.Sprintf("cannot be written (%v): it holds %s and this run needs more (copy it where it can be written to go on)", why, held)}
}

// close releases the lock.
func (c *ckpt) close() {
	if c != nil && c.lock != nil {
		c.lock.Unlock()
		c.lock = nil
	}
}

// restore puts the saved state into a fresh builder, listing the options of
// the heaps again. The header was checked against the state's length
// (check), so nothing allocated here exceeds a few times the file's size.
func (c *ckpt) restore(ctx context.Context, b *builder) error {
	if c.state == nil {
		return nil
	}
	r := bytes.NewReader(c.state)
	bad := func(what string) error {
		return &CheckpointError{c.path, "inconsistent state (" + what + "; delete it to start over)"}
	}
	next := func() (int, error) {
		v, err := binary.ReadUvarint(r)
		if err != nil {
			return 0, bad("truncated")
		}
		if v > 1<<31 {
			return 0, bad("a number out of range")
		}
		return int(v), nil
	}
	heaps, n, k := c.hdr.Heaps, c.hdr.Size, c.hdr.Letters
	if int64(n)*int64(k) > 1<<31 {
		return bad("its size")
	}
	lt := make([]int32, heaps)
	for h := range lt {
		v, err := next()
		if err != nil {
			return err
		}
		if v > k {
			return bad("a letter out of range")
		}
		lt[h] = int32(v) - 1
	}
	ng, err := next()
	if err != nil {
		return err
	}
	if ng > heaps+1 {
		return bad("more heaps where it grew than heaps")
	}
	grew := make([]int, ng)
	for i := range grew {
		if grew[i], err = next(); err != nil {
			return err
		}
	}
	q := &cayley{n: n, k: k, acts: make([]int32, n*k)}
	for i := range q.acts {
		v, err := next()
		if err != nil {
			return err
		}
		if v >= n {
			return bad("an element out of range")
		}
		q.acts[i] = int32(v)
	}
	isP := make([]bool, n)
	for i := range isP {
		v, err := next()
		if err != nil {
			return err
		}
		if v > 1 {
			return bad("a P-portion flag out of range")
		}
		isP[i] = v == 1
	}
	if r.Len() != 0 {
		return bad("trailing data")
	}
	for h, j := range lt {
		if err := ctxError(ctx); err != nil {
			return err
		}
		opts, err := b.options(h)
		if err != nil {
			return err
		}
		b.hs.opts = append(b.hs.opts, opts)
		if (len(opts) > 0) != (j >= 0) {
			return bad(fmt.Sprintf("heap %d has other moves than when it was saved", h))
		}
		if j >= 0 {
			b.hs.letters = append(b.hs.letters, h)
		}
	}
	func() {
		defer func() {
			if recover() != nil {
				err = bad("unreachable elements")
			}
		}()
		q.tree()
	}()
	if err != nil {
		return err
	}
	b.q, b.isP, b.lt, b.grew = q, isP, lt, grew
	return nil
}

// save replaces the checkpoint with the builder's state.
func (c *ckpt) save(b *builder) error {
	var body []byte
	for _, j := range b.lt {
		body = binary.AppendUvarint(body, uint64(j+1))
	}
	body = binary.AppendUvarint(body, uint64(len(b.grew)))
	for _, h := range b.grew {
		body = binary.AppendUvarint(body, uint64(h))
	}
	for _, v := range b.q.acts {
		body = binary.AppendUvarint(body, uint64(v))
	}
	for _, p := range b.isP {
		v := uint64(0)
		if p {
			v = 1
		}
		body = binary.AppendUvarint(body, v)
	}
	hdr := ckptHeader{Format: ckptFormat, Version: ConstructionVersion, Key: c.key, Content: c.content, Heaps: len(b.lt), Size: b.q.n, Letters: b.q.k}
	head, err := json.Marshal(hdr) // no checksum yet: it ends "}"
	if err != nil {
		return err
	}
	head = head[:len(head)-1]
	line := fmt.Appendf(head[:len(head):len(head)], `%s%s"}`, checksumField, stateSum(head, body))
	if err := os.MkdirAll(filepath.Dir(c.path), 0o755); err != nil {
		return err
	}
	err = checkpoint.WriteFile(c.path, append(line, '\n'), body)
	var ce *checkpoint.Error
	if errors.As(err, &ce) {
		return &CheckpointError{c.path, ce.Msg}
	}
	return err
}

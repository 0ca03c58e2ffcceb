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
	"os"
	"path/filepath"

	"github.com/grundy/grundy/checkpoint"
)

// A quotient checkpoint (Settings.Checkpoint) is one file holding the
// state of a computation after its last heap: a JSON header line (format,
// key, heaps, order, letters, the SHA-256 of the rest), then the state as
// unsigned varints: the letter of every heap, the heaps where the quotient
// grew, the letter actions of the quotient and its P-portion. The options
// of the heaps are not saved: they are listed again from the rules on
// resume. The file is replaced atomically (written to a temporary file,
// synced, renamed, the directory synced), as package checkpoint replaces
// its manifest, so after a kill at any instant it holds the state after
// some heap, whole; and it is verified against its checksum before use. The
// construction is deterministic, so a resumed computation ends with the
// same quotient as one never stopped.

const ckptFormat = 1

type ckptHeader struct {
	Format   int    `json:"format"`
	Key      string `json:"key"`
	Heaps    int    `json:"heaps"`
	Size     int    `json:"size"`
	Letters  int    `json:"letters"`
	Checksum string `json:"checksum"`
}

// CheckpointError reports a checkpoint that cannot be used.
type CheckpointError struct {
	Path, Msg string
}

func (e *CheckpointError) Error() string { return fmt.Sprintf("checkpoint %s: %s", e.Path, e.Msg) }

type ckpt struct {
	path, key string
	state     []byte // the state read, to restore
	hdr       ckptHeader
}

// openCheckpoint reads the checkpoint at path, if there is one, and checks
// its key and checksum.
func openCheckpoint(path, key string) (*ckpt, error) {
	c := &ckpt{path: path, key: key}
	raw, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return nil, err
	}
	nl := bytes.IndexByte(raw, '\n')
	if nl < 0 || json.Unmarshal(raw[:nl], &c.hdr) != nil || c.hdr.Format != ckptFormat {
		return nil, &CheckpointError{path, "not a misère quotient checkpoint (delete it to start over)"}
	}
	if c.hdr.Key != key {
		return nil, &CheckpointError{path, fmt.Sprintf("holds the quotient of %s, not of %s (use another file)", c.hdr.Key, key)}
	}
	body := raw[nl+1:]
	sum := sha256.Sum256(body)
	if got := "sha256:" + hex.EncodeToString(sum[:]); got != c.hdr.Checksum {
		return nil, &CheckpointError{path, fmt.Sprintf("checksum mismatch: the state gives %s, the header says %s (delete it to start over)", got, c.hdr.Checksum)}
	}
	c.state = body
	return c, nil
}

// restore puts the saved state into a fresh builder, listing the options of
// the heaps again.
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
	heaps := c.hdr.Heaps
	lt := make([]int32, heaps)
	for h := range lt {
		v, err := next()
		if err != nil {
			return err
		}
		lt[h] = int32(v) - 1
	}
	ng, err := next()
	if err != nil {
		return err
	}
	grew := make([]int, ng)
	for i := range grew {
		if grew[i], err = next(); err != nil {
			return err
		}
	}
	n, k := c.hdr.Size, c.hdr.Letters
	if n < 1 || k < 0 || int64(n)*int64(k) > 1<<31 {
		return bad("its size")
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
		isP[i] = v == 1
	}
	if r.Len() != 0 {
		return bad("trailing data")
	}
	for h, j := range lt {
		if int(j) >= k {
			return bad("a letter out of range")
		}
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
	sum := sha256.Sum256(body)
	hdr := ckptHeader{Format: ckptFormat, Key: c.key, Heaps: len(b.lt), Size: b.q.n, Letters: b.q.k, Checksum: "sha256:" + hex.EncodeToString(sum[:])}
	head, err := json.Marshal(hdr)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(c.path), 0o755); err != nil {
		return err
	}
	return checkpoint.WriteFile(c.path, append(head, '\n'), body)
}

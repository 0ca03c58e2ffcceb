package misere

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/filelock"
)

// savedCheckpoint computes 0.07 to heap 10 with a checkpoint and returns
// its path and the quotient.
func savedCheckpoint(t *testing.T, s Settings) (string, *Quotient) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "q.ckpt")
	s.Checkpoint = path
	if s.Key == "" {
		s.Key = "octal:0.07"
	}
	q, err := Compute(context.Background(), Octal(mustCode(t, "0.07")), 10, s)
	if err != nil {
		t.Fatal(err)
	}
	return path, q
}

// split returns a checkpoint's header (decoded) and state.
func split(t *testing.T, raw []byte) (map[string]any, []byte) {
	t.Helper()
	nl := bytes.IndexByte(raw, '\n')
	var h map[string]any
	if err := json.Unmarshal(raw[:nl], &h); err != nil {
		t.Fatal(err)
	}
	return h, raw[nl+1:]
}

// forge writes a checkpoint of header h and state body, signed as save
// signs (format 2) or as format 1 did (the header outside the checksum):
// a file whose checksum holds, so that only the checks of the header
// against the state can refuse it.
func forge(t *testing.T, path string, h map[string]any, body []byte) {
	t.Helper()
	delete(h, "checksum")
	var line []byte
	if h["format"] == float64(ckptFormat1) {
		sum := sha256.Sum256(body)
		h["checksum"] = "sha256:" + hex.EncodeToString(sum[:])
		line, _ = json.Marshal(h)
	} else {
		head, _ := json.Marshal(h)
		head = head[:len(head)-1]
		line = append(append(head, checksumField+stateSum(head, body)...), '"', '}')
	}
	if err := os.WriteFile(path, append(append(line, '\n'), body...), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Issue 45, finding 5: a checkpoint is checked whole before it is used.
// Its header is under the checksum (one changed byte is refused), and a
// header whose counts the state cannot hold is refused before anything is
// allocated for them, even signed (a forged file) or in format 1, where
// the header was outside the checksum: heaps: -1 panicked, heaps: 10^12
// ran out of memory.
func TestCheckpointHeaderChecked(t *testing.T) {
	ctx := context.Background()
	rules := Octal(mustCode(t, "0.07"))
	path, want := savedCheckpoint(t, Settings{})
	good, _ := os.ReadFile(path)
	if !bytes.Contains(good, []byte(`"format":2,"version":1,"key":"octal:0.07"`)) {
		t.Fatalf("header %s", good[:bytes.IndexByte(good, '\n')])
	}
	s := Settings{Checkpoint: path, Key: "octal:0.07"}
	refused := func(what, want string) {
		t.Helper()
		_, err := Compute(ctx, rules, 12, s)
		var ce *CheckpointError
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want a CheckpointError with %q", what, err, want)
		}
	}
	// One byte of the header changed (heaps 11 → 12).
	os.WriteFile(path, bytes.Replace(good, []byte(`"heaps":11`), []byte(`"heaps":12`), 1), 0o644)
	refused("heaps edited", "checksum mismatch")
	h0, body := split(t, good)
	for _, c := range []struct {
		field string
		value any
		want  string
	}{
		{"heaps", -1, "its header is damaged: -1 heaps"},
		{"heaps", 1e12, "do not fit in its"},
		{"size", 0, "its header is damaged"},
		{"size", 1e15, "do not fit in its"},
		{"letters", 1 << 40, "do not fit in its"},
		{"letters", -3, "its header is damaged"},
		{"heaps", 40, "do not fit in its"},
		{"heaps", 5, "inconsistent state"},
		{"version", 2, "version 2 of the construction, and this is version 1"},
	} {
		for _, format := range []int{ckptFormat, ckptFormat1} {
			if format == ckptFormat1 && c.field == "version" {
				continue
			}
			h := map[string]any{}
			for k, v := range h0 {
				h[k] = v
			}
			h["format"] = float64(format)
			h[c.field] = c.value
			forge(t, path, h, body)
			refused(c.field+" "+string(rune('0'+format)), c.want)
		}
	}
	// Format 1, as written before issue 45, is still read (for rules
	// without content) and resumed to the same quotient.
	h := map[string]any{}
	for k, v := range h0 {
		h[k] = v
	}
	h["format"] = float64(ckptFormat1)
	delete(h, "version")
	forge(t, path, h, body)
	got, err := Compute(ctx, rules, 10, s)
	if err != nil || !reflect.DeepEqual(got.Summary(), want.Summary()) {
		t.Errorf("format 1: %v", err)
	}
	s.Content = "starlark/1 sha256:" + strings.Repeat("0", 64)
	forge(t, path, h, body)
	refused("format 1 with content", "written by an older grundy")
}

// Issue 45, finding 5: what is not a checkpoint file is refused before it
// is read: /dev/zero (read until memory ran out), a directory, a link
// (whose target is left alone: finding 7), a file larger than the memory
// budget.
func TestCheckpointNotAFile(t *testing.T) {
	ctx := context.Background()
	rules := Octal(mustCode(t, "0.07"))
	refused := func(path string, s Settings, want string) {
		t.Helper()
		s.Checkpoint, s.Key = path, "octal:0.07"
		_, err := Compute(ctx, rules, 12, s)
		var ce *CheckpointError
		var be *impartial.BudgetError
		if !(errors.As(err, &ce) || errors.As(err, &be)) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", path, err, want)
		}
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		refused("/dev/zero", Settings{}, "not a regular file")
	}
	dir := t.TempDir()
	refused(dir, Settings{}, "is a directory")
	path, _ := savedCheckpoint(t, Settings{})
	target := filepath.Join(dir, "precious")
	os.WriteFile(target, []byte("keep me\n"), 0o644)
	link := filepath.Join(dir, "link.ckpt")
	if os.Symlink(target, link) == nil {
		refused(link, Settings{}, "is a symbolic link")
		if b, _ := os.ReadFile(target); string(b) != "keep me\n" {
			t.Errorf("the link's target holds %q", b)
		}
	}
	st, _ := os.Stat(path)
	refused(path, Settings{Budget: impartial.Budget{MaxMemory: st.Size() - 1}}, "more than the")
	refused(path, Settings{Budget: impartial.Budget{MaxMemory: st.Size() + 100}}, "to restore")
}

// Issue 45, finding 5: two runs on one checkpoint are locked out of each
// other: a second run while the first computes is refused (they shared
// FILE.tmp, and a shorter run overwrote a longer one's progress), and
// gets the file once the first has ended.
func TestCheckpointLocked(t *testing.T) {
	ctx := context.Background()
	rules := Octal(mustCode(t, "0.07"))
	path := filepath.Join(t.TempDir(), "q.ckpt")
	var second error
	tried := false
	_, err := Compute(ctx, rules, 16, Settings{Checkpoint: path, Key: "octal:0.07", Progress: func(h, _, _ int) {
		if h == 14 && !tried {
			tried = true
			_, second = Compute(ctx, rules, 8, Settings{Checkpoint: path, Key: "octal:0.07"})
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	var ce *CheckpointError
	if !errors.As(second, &ce) || !strings.Contains(second.Error(), "is in use by another run (pid ") {
		t.Errorf("a second run: %v", second)
	}
	raw, _ := os.ReadFile(path)
	if h, _ := split(t, raw); h["heaps"] != float64(17) {
		t.Errorf("the first run's checkpoint holds %v heaps, want 17", h["heaps"])
	}
	l, err := filelock.TryLock(path + ".lock")
	if err != nil {
		t.Fatalf("the lock after the runs: %v", err)
	}
	l.Unlock()
}

// Issue 45, finding 4: a checkpoint is bound to the content of the rules
// (a rule file's hash), not only their key: the same key under another
// content is refused, naming both.
func TestCheckpointContent(t *testing.T) {
	ctx := context.Background()
	rules := Octal(mustCode(t, "0.07"))
	old := "starlark/1 sha256:" + strings.Repeat("a", 64)
	path, want := savedCheckpoint(t, Settings{Key: "starlark:g.star", Content: old})
	_, err := Compute(ctx, rules, 12, Settings{Checkpoint: path, Key: "starlark:g.star", Content: "starlark/1 sha256:" + strings.Repeat("b", 64)})
	var ce *CheckpointError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "it was defined by starlark/1 sha256:aaaaaaaaaaaa…, and is by starlark/1 sha256:bbbbbbbbbbbb… now") {
		t.Errorf("edited rules: %v", err)
	}
	got, err := Compute(ctx, rules, 10, Settings{Checkpoint: path, Key: "starlark:g.star", Content: old})
	if err != nil || !reflect.DeepEqual(got.Summary(), want.Summary()) {
		t.Errorf("the same rules: %v", err)
	}
}

// A checkpoint with nothing left to compute is replayed without being
// written: a directory that cannot be written (not for root, who writes
// anyway; cmd/grundy's TestReadOnlyReplay mounts one read-only) still
// replays it, and a run that needs more heaps says it cannot go on.
func TestCheckpointReadOnly(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes to any directory")
	}
	ctx := context.Background()
	rules := Octal(mustCode(t, "0.07"))
	path, want := savedCheckpoint(t, Settings{})
	os.Remove(path + ".lock")
	dir := filepath.Dir(path)
	os.Chmod(dir, 0o555)
	defer os.Chmod(dir, 0o755)
	got, err := Compute(ctx, rules, 10, Settings{Checkpoint: path, Key: "octal:0.07"})
	if err != nil || !reflect.DeepEqual(got.Summary(), want.Summary()) {
		t.Errorf("replay from a read-only directory: %v", err)
	}
	_, err = Compute(ctx, rules, 11, Settings{Checkpoint: path, Key: "octal:0.07"})
	if err == nil || !strings.Contains(err.Error(), "cannot be written") || !strings.Contains(err.Error(), "it holds the heaps 0..10") {
		t.Errorf("more heaps from a read-only directory: %v", err)
	}
}

// A checkpoint of more heaps than asked is refused, naming both (the
// quotient of fewer heaps is not in the state of more: it panicked).
func TestCheckpointMoreHeaps(t *testing.T) {
	path, _ := savedCheckpoint(t, Settings{})
	_, err := Compute(context.Background(), Octal(mustCode(t, "0.07")), 5, Settings{Checkpoint: path, Key: "octal:0.07"})
	var ce *CheckpointError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "holds the quotient of the heaps 0..10, more than the heaps 0..5 asked (ask for 10 or more") {
		t.Errorf("fewer heaps: %v", err)
	}
}

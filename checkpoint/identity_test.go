package checkpoint

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// Issue 45, finding 4: a checkpoint is bound to the game's content, not
// only its spec. Values saved under one content (an edited rule file) are
// refused under another, with both named; nothing is written.
func TestIdentityContent(t *testing.T) {
	dir := t.TempDir()
	old := Identity{Game: "starlark:g.star", Content: "starlark/1 sha256:" + strings.Repeat("a", 64)}
	c, _, err := OpenFor(dir, old, -1)
	if err != nil {
		t.Fatal(err)
	}
	c.Append(0, 1, 0, 1)
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, dataFile))
	edited := old
	edited.Content = "starlark/1 sha256:" + strings.Repeat("b", 64)
	for _, need := range []int64{-1, 2, 10} {
		_, _, err := OpenFor(dir, edited, need)
		var ce *Error
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), "holds the values of another game starlark:g.star: it was defined by starlark/1 sha256:aaaaaaaaaaaa…, and is by starlark/1 sha256:bbbbbbbbbbbb… now") {
			t.Errorf("need %d: the edited rules: %v", need, err)
		}
	}
	if now, _ := os.ReadFile(filepath.Join(dir, dataFile)); !slices.Equal(now, data) {
		t.Error("values.bin changed")
	}
	// A game without content is not one with.
	if _, _, err := OpenFor(dir, Identity{Game: old.Game}, -1); err == nil {
		t.Error("no content: accepted")
	}
	c, n, err := OpenFor(dir, old, -1)
	if err != nil || n != 4 {
		t.Fatalf("the same rules: %d, %v", n, err)
	}
	c.Close()
}

// A manifest of format 1 (written before checkpoints recorded the game's
// content) is read for a game its spec defines, and rewritten as format 2
// at the next commit; for a game with content it is refused, since it
// cannot tell whether the game changed.
func TestFormat1(t *testing.T) {
	dir := t.TempDir()
	c, _, err := Open(dir, "kayles", 0)
	if err != nil {
		t.Fatal(err)
	}
	c.Append(0, 1, 2)
	c.Close()
	mpath := filepath.Join(dir, manifestFile)
	raw, _ := os.ReadFile(mpath)
	v1 := strings.Replace(string(raw), `"format":2`, `"format":1`, 1)
	if v1 == string(raw) {
		t.Fatalf("no format 2 in %s", raw)
	}
	os.WriteFile(mpath, []byte(v1), 0o644)
	if _, _, err := OpenFor(dir, Identity{Game: "kayles", Content: "x sha256:" + strings.Repeat("c", 64)}, -1); err == nil || !strings.Contains(err.Error(), "written by an older grundy") {
		t.Errorf("format 1 with content: %v", err)
	}
	c, known, err := Open(dir, "kayles", 0)
	if err != nil || !slices.Equal(known, []uint64{0, 1, 2}) {
		t.Fatalf("format 1 without content: %v %v", known, err)
	}
	c.Close()
	if raw, _ := os.ReadFile(mpath); !strings.Contains(string(raw), `"format":2`) {
		t.Errorf("not rewritten: %s", raw)
	}
}

// Issue 45, finding 7: a finished checkpoint replays without writing: a
// run that needs no more values than it holds takes no lock, creates no
// file and changes none, and cannot append.
func TestReadOnlyReplay(t *testing.T) {
	dir := t.TempDir()
	id := Identity{Game: "kayles"}
	c, _, err := OpenFor(dir, id, -1)
	if err != nil {
		t.Fatal(err)
	}
	want := []uint64{0, 1, 2, 3, 1, 4}
	c.Append(want...)
	c.Close()
	os.Remove(filepath.Join(dir, lockFile))
	stamp := map[string]time.Time{}
	for _, f := range []string{dataFile, manifestFile} {
		st, _ := os.Stat(filepath.Join(dir, f))
		stamp[f] = st.ModTime()
	}
	c, n, err := OpenFor(dir, id, 6)
	if err != nil || n != 6 || !c.ReadOnly() {
		t.Fatalf("replay: %d %v", n, err)
	}
	var got []uint64
	if err := c.Replay(n, func(v uint64) error { got = append(got, v); return nil }); err != nil || !slices.Equal(got, want) {
		t.Errorf("replayed %v, %v", got, err)
	}
	var ce *Error
	if err := c.Append(5); !errors.As(err, &ce) {
		t.Errorf("Append read-only: %v", err)
	}
	if err := c.Close(); err != nil {
		t.Error(err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("the directory now holds %v", entries)
	}
	for f, was := range stamp {
		if st, _ := os.Stat(filepath.Join(dir, f)); !st.ModTime().Equal(was) {
			t.Errorf("%s written", f)
		}
	}
	// A run that needs more is a writer.
	c, _, err = OpenFor(dir, id, 7)
	if err != nil || c.ReadOnly() {
		t.Fatalf("need 7: %v", err)
	}
	c.Close()
	// With the directory not writable (not for root, who writes anyway):
	// the replay works, a run that needs more says why it cannot.
	if os.Geteuid() == 0 {
		return
	}
	os.Remove(filepath.Join(dir, lockFile))
	os.Chmod(dir, 0o555)
	defer os.Chmod(dir, 0o755)
	if c, n, err := OpenFor(dir, id, 6); err != nil || n != 6 {
		t.Errorf("replay from a read-only directory: %d, %v", n, err)
	} else {
		c.Close()
	}
	if _, _, err := OpenFor(dir, id, 7); !errors.As(err, &ce) || !strings.Contains(err.Error(), "cannot be written") || !strings.Contains(err.Error(), "it holds 6 values and this run needs 7") {
		t.Errorf("need 7 read-only: %v", err)
	}
}

// Issue 45, finding 7: the files of a checkpoint are never followed
// through a link: a values.bin, checkpoint.json or checkpoint.lock that is
// a link is refused and its target left as it was; a stale
// checkpoint.json.tmp link is replaced, not written through. The
// directory itself may be a link.
func TestLinksRefused(t *testing.T) {
	for _, name := range []string{dataFile, manifestFile, lockFile, manifestFile + ".tmp"} {
		t.Run(name, func(t *testing.T) {
			root := t.TempDir()
			real := filepath.Join(root, "real")
			os.Mkdir(real, 0o755)
			c, _, err := Open(real, "kayles", 0)
			if err != nil {
				t.Fatal(err)
			}
			c.Append(0, 1, 2)
			c.Close()
			target := filepath.Join(root, "precious")
			os.WriteFile(target, []byte("keep me\n"), 0o644)
			p := filepath.Join(real, name)
			os.Remove(p)
			if err := os.Symlink(target, p); err != nil {
				t.Skip("no symbolic links:", err)
			}
			link := filepath.Join(root, "link") // the directory through a link
			os.Symlink(real, link)
			c, known, err := Open(link, "kayles", 0)
			if name == manifestFile+".tmp" {
				if err != nil || len(known) != 3 {
					t.Fatalf("through a linked directory: %v %v", known, err)
				}
				c.Append(3)
				if err := c.Close(); err != nil {
					t.Fatal(err)
				}
			} else {
				var ce *Error
				if !errors.As(err, &ce) || !(strings.Contains(err.Error(), "link") || strings.Contains(err.Error(), "not a regular file")) {
					t.Errorf("a linked %s: %v", name, err)
				}
				if c != nil {
					c.Close()
				}
			}
			if b, _ := os.ReadFile(target); string(b) != "keep me\n" {
				t.Errorf("the link's target now holds %q", b)
			}
		})
	}
}

// ReadFile reads a regular file of at most max bytes and refuses, before
// reading anything, a larger one, a device (/dev/zero was read until
// memory ran out: issue 45, finding 5), a directory and a link.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	os.WriteFile(p, []byte("12345"), 0o644)
	if b, err := ReadFile(p, 5); err != nil || string(b) != "12345" {
		t.Errorf("ReadFile = %q %v", b, err)
	}
	var ce *Error
	if _, err := ReadFile(p, 4); !errors.As(err, &ce) || !strings.Contains(err.Error(), "is 5 bytes, more than the 4") {
		t.Errorf("over max: %v", err)
	}
	if _, err := ReadFile(filepath.Join(dir, "none"), 5); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
	if _, err := ReadFile(dir, -1); !errors.As(err, &ce) {
		t.Errorf("a directory: %v", err)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		if _, err := ReadFile("/dev/zero", -1); !errors.As(err, &ce) || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("/dev/zero: %v", err)
		}
	}
	l := filepath.Join(dir, "l")
	if os.Symlink(p, l) == nil {
		if _, err := ReadFile(l, -1); !errors.As(err, &ce) || !strings.Contains(err.Error(), "symbolic link") {
			t.Errorf("a link: %v", err)
		}
	}
}

// WriteFile refuses to replace a link (whose target would be left stale
// while the link became a file) and leaves the target alone.
func TestWriteFileLink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "precious")
	os.WriteFile(target, []byte("keep me\n"), 0o644)
	l := filepath.Join(dir, "ckpt")
	if err := os.Symlink(target, l); err != nil {
		t.Skip(err)
	}
	var ce *Error
	if err := WriteFile(l, []byte("new")); !errors.As(err, &ce) {
		t.Errorf("WriteFile through a link: %v", err)
	}
	if b, _ := os.ReadFile(target); string(b) != "keep me\n" {
		t.Errorf("target %q", b)
	}
	if st, _ := os.Lstat(l); st.Mode()&fs.ModeSymlink == 0 {
		t.Error("the link was replaced")
	}
}

// A values.bin that is a link, in a directory without a manifest (a fresh
// start, which truncates values.bin), is refused and its target kept.
func TestFreshLinkRefused(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(t.TempDir(), "precious")
	os.WriteFile(target, []byte("keep me\n"), 0o644)
	if err := os.Symlink(target, filepath.Join(dir, dataFile)); err != nil {
		t.Skip(err)
	}
	var ce *Error
	if c, _, err := Open(dir, "kayles", 0); !errors.As(err, &ce) {
		t.Errorf("a fresh checkpoint whose values.bin is a link: %v", err)
		c.Close()
	}
	if b, _ := os.ReadFile(target); string(b) != "keep me\n" {
		t.Errorf("target %q", b)
	}
}

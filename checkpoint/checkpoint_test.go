package checkpoint

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestSum(t *testing.T) {
	// sha256 of no bytes, and of 8 zero bytes (the sequence "0").
	if got := NewSum().String(); got != "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" {
		t.Errorf("empty sum %s", got)
	}
	s := NewSum()
	s.Add(0)
	if got := s.String(); got != "sha256:af5570f5a1810b7af78caf4bc70a660f0df51e42baf91d4de5b2328de0e83dfc" {
		t.Errorf("sum of [0] = %s", got)
	}
}

func TestResume(t *testing.T) {
	dir := t.TempDir()
	c, known, err := Open(dir, "kayles", 0)
	if err != nil || len(known) != 0 {
		t.Fatal(known, err)
	}
	c.Append(1, 2, 300)
	if err := c.Commit(); err != nil {
		t.Fatal(err)
	}
	c.Append(4, 5) // not committed: lost in a crash
	c.w.Flush()
	// Crash: no Close; the process's files close and its lock goes.
	c.f.Close()
	c.lock.Unlock()
	c2, known, err := Open(dir, "kayles", 0)
	if err != nil || !slices.Equal(known, []uint64{1, 2, 300}) {
		t.Fatalf("resume = %v %v", known, err)
	}
	c2.Append(7)
	if err := c2.Close(); err != nil {
		t.Fatal(err)
	}
	c3, known, err := Open(dir, "kayles", 0)
	if err != nil || !slices.Equal(known, []uint64{1, 2, 300, 7}) {
		t.Fatalf("second resume = %v %v", known, err)
	}
	c3.Close()
	var ce *Error
	if _, _, err := Open(dir, "grundy", 0); !errors.As(err, &ce) {
		t.Errorf("other game: %v", err)
	}
	// Corrupt one byte of the committed data.
	p := filepath.Join(dir, dataFile)
	b, _ := os.ReadFile(p)
	b[0] ^= 1
	os.WriteFile(p, b, 0o644)
	if _, _, err := Open(dir, "kayles", 0); !errors.As(err, &ce) {
		t.Errorf("corrupted: %v", err)
	}
}

// Issue 27, finding 8: a checkpoint.json whose data_bytes passes the size
// of values.bin (edited to 5·10^10, it grew values.bin to 50 GB) is
// refused before anything is written, as are negative or impossible
// counts; values.bin is left as it was.
func TestDamagedSize(t *testing.T) {
	dir := t.TempDir()
	c, _, err := Open(dir, "kayles", 0)
	if err != nil {
		t.Fatal(err)
	}
	c.Append(1, 2, 300)
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	manifestPath, dataPath := filepath.Join(dir, manifestFile), filepath.Join(dir, dataFile)
	good, _ := os.ReadFile(manifestPath)
	data, _ := os.ReadFile(dataPath)
	for _, c := range []struct{ from, to, want string }{
		{`"data_bytes":4`, `"data_bytes":50000000000`, "checkpoint.json says values.bin holds 50000000000 bytes, but it has 4"},
		{`"data_bytes":4`, `"data_bytes":5`, "checkpoint.json says values.bin holds 5 bytes, but it has 4"},
		{`"data_bytes":4`, `"data_bytes":-1`, "checkpoint.json is damaged: 3 values in -1 bytes"},
		{`"count":3`, `"count":9`, "checkpoint.json is damaged: 9 values in 4 bytes"},
		{`"count":3`, `"count":-2`, "checkpoint.json is damaged: -2 values in 4 bytes"},
	} {
		bad := strings.Replace(string(good), c.from, c.to, 1)
		if bad == string(good) {
			t.Fatalf("%s not in %s", c.from, good)
		}
		os.WriteFile(manifestPath, []byte(bad), 0o644)
		_, _, err := OpenCount(dir, "kayles", 0)
		var ce *Error
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.to, err, c.want)
		}
		if now, err := os.ReadFile(dataPath); err != nil || string(now) != string(data) {
			t.Errorf("%s: values.bin changed: %d bytes, %v", c.to, len(now), err)
		}
	}
	os.WriteFile(manifestPath, good, 0o644)
	if _, n, err := OpenCount(dir, "kayles", 0); err != nil || n != 3 {
		t.Errorf("the good manifest again: %d, %v", n, err)
	}
}

// Two runs sharing a checkpoint: the second is refused while the first has
// it open (it would truncate the first one's uncommitted values and commit
// a shorter count over its progress), and gets it once the first closed.
func TestLocked(t *testing.T) {
	dir := t.TempDir()
	c, _, err := Open(dir, "kayles", 0)
	if err != nil {
		t.Fatal(err)
	}
	c.Append(1, 2, 3)
	c.Commit()
	c.Append(4) // uncommitted, the first run goes on
	c.w.Flush()
	var ce *Error
	if _, _, err := Open(dir, "kayles", 0); !errors.As(err, &ce) || !strings.Contains(err.Error(), "is in use by another run (pid ") {
		t.Errorf("a second run: %v", err)
	}
	c.Append(5)
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	c2, known, err := Open(dir, "kayles", 0)
	if err != nil || !slices.Equal(known, []uint64{1, 2, 3, 4, 5}) {
		t.Errorf("after the first run: %v, %v", known, err)
	}
	c2.Close()
	if err := c2.Close(); err != nil {
		t.Errorf("a second Close: %v", err)
	}
}

// Values reads the committed values back one at a time, the values
// appended since the run opened it left out, io.EOF after the n asked
// for; Replay reads the same.
func TestValuesReader(t *testing.T) {
	dir := t.TempDir()
	c, _, err := Open(dir, "octal:0.16", 0)
	if err != nil {
		t.Fatal(err)
	}
	var want []uint64
	for i := range uint64(5000) {
		want = append(want, i*i%1000003)
	}
	c.Append(want...)
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	c, n, err := OpenCount(dir, "octal:0.16", 0)
	if err != nil || n != 5000 {
		t.Fatal(n, err)
	}
	defer c.Close()
	c.Append(7, 7, 7)
	r, err := c.Values(4000)
	if err != nil {
		t.Fatal(err)
	}
	var got []uint64
	for {
		v, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, v)
	}
	r.Close()
	if !slices.Equal(got, want[:4000]) {
		t.Errorf("Values(4000) read %d values, not the first 4000 committed", len(got))
	}
	got = got[:0]
	if err := c.Replay(n, func(v uint64) error { got = append(got, v); return nil }); err != nil || !slices.Equal(got, want) {
		t.Errorf("Replay: %v, %d values", err, len(got))
	}
}

// Committed reads the count of the last commit from the manifest alone,
// while the run that appends holds the directory: values appended since are
// not counted; a missing or unreadable manifest is an error.
func TestCommitted(t *testing.T) {
	dir := t.TempDir()
	if _, err := Committed(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("no manifest: %v", err)
	}
	c, _, err := Open(dir, "0.167", 0)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Append(1, 2, 3); err != nil {
		t.Fatal(err)
	}
	if err := c.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := c.Append(4); err != nil {
		t.Fatal(err)
	}
	if n, err := Committed(dir); n != 3 || err != nil {
		t.Errorf("Committed = %d, %v; want 3", n, err)
	}
	if err := os.WriteFile(filepath.Join(dir, manifestFile), []byte("{"), 0o666); err != nil {
		t.Fatal(err)
	}
	var ce *Error
	if _, err := Committed(dir); !errors.As(err, &ce) {
		t.Errorf("a damaged manifest: %v", err)
	}
}

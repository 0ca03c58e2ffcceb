package checkpoint

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
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
	// Crash: no Close. Reopen.
	c2, known, err := Open(dir, "kayles", 0)
	if err != nil || !slices.Equal(known, []uint64{1, 2, 300}) {
		t.Fatalf("resume = %v %v", known, err)
	}
	c2.Append(7)
	if err := c2.Close(); err != nil {
		t.Fatal(err)
	}
	_, known, err = Open(dir, "kayles", 0)
	if err != nil || !slices.Equal(known, []uint64{1, 2, 300, 7}) {
		t.Fatalf("second resume = %v %v", known, err)
	}
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

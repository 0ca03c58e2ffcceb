package main

import (
	"os"
	"path/filepath"
	"testing"
)

// A plot is written readable by all, 0644, not os.CreateTemp's 0600
// (issue 44 §4): the file renamed to --out is the one createPlotTemp made.
func TestPlotFileMode(t *testing.T) {
	out := filepath.Join(t.TempDir(), "plot.svg")
	tmp, err := createPlotTemp(out)
	if err != nil {
		t.Fatal(err)
	}
	tmp.Close()
	if err := os.Rename(tmp.Name(), out); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(out)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o644 {
		t.Errorf("plot written %v, want -rw-r--r--", st.Mode().Perm())
	}
}

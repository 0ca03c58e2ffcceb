package web

import (
	"io/fs"
	"strings"
	"testing"
	"unicode/utf8"
)

// The page writes no character of the Halfwidth and Fullwidth Forms block
// (U+FF00–U+FFEF): a fullwidth plus ＋ showed as a box in fonts without
// CJK coverage (issue 44 §4). Plain "+" and the ⊕ ⊗ of nim arithmetic are
// in every font the page's stylesheet names.
func TestStaticNoFullwidthGlyphs(t *testing.T) {
	err := fs.WalkDir(staticFiles, "static", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(staticFiles, path)
		if err != nil || !utf8.Valid(b) {
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			for _, r := range line {
				if r >= 0xFF00 && r <= 0xFFEF {
					t.Errorf("%s:%d: %q (U+%04X), a fullwidth form", path, i+1, r, r)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

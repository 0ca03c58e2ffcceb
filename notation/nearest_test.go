package notation

import "testing"

func TestNearest(t *testing.T) {
	names := []string{"hdu1850", "hdu1849", "poj2975", "halving", "skewed", "front-to-back"}
	for in, want := range map[string]string{
		"hdu185": "hdu1850", "HDU1850x": "hdu1850", "poj2957": "poj2975", "halvng": "halving",
		"skewd": "skewed", "front-to-bak": "front-to-back", "nosuch": "", "x": "", "halving": "", "": "",
	} {
		if got := Nearest(in, names); got != want {
			t.Errorf("Nearest(%q) = %q, want %q", in, got, want)
		}
	}
	// The edit distance against its definition on small cases.
	for _, c := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"a", "", 1}, {"kitten", "sitting", 3}, {"flaw", "lawn", 2}, {"abc", "abc", 0}, {"ab", "ba", 2}} {
		if got := EditDistance(c.a, c.b); got != c.d {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
}

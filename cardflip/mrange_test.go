package cardflip

import "testing"

func TestParseMRange(t *testing.T) {
	for _, c := range []struct {
		in       string
		from, to int
		ok       bool
	}{
		{"2..100", 2, 100, true}, {"13", 13, 13, true}, {" 3 .. 5 ", 3, 5, true},
		{"0..5", 0, 0, false}, {"5..2", 0, 0, false}, {"x", 0, 0, false}, {"1..", 0, 0, false}, {"", 0, 0, false},
	} {
		from, to, err := ParseMRange(c.in)
		if (err == nil) != c.ok || from != c.from || to != c.to {
			t.Errorf("ParseMRange(%q) = %d, %d, %v; want %d, %d, ok=%v", c.in, from, to, err, c.from, c.to, c.ok)
		}
	}
}

package notation_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/grundy/grundy/notation"
)

func TestQuote(t *testing.T) {
	if got := notation.Quote("3 4"); got != `"3 4"` {
		t.Errorf("short = %s", got)
	}
	long := strings.Repeat("7", 100_000)
	got := notation.Quote(long)
	if want := `"` + strings.Repeat("7", notation.MaxQuoted) + `"… (100000 bytes)`; got != want {
		t.Errorf("long = %s", got)
	}
	// A multi-byte rune is never cut in half.
	if got := notation.Quote(strings.Repeat("é", 100)); !utf8.ValidString(got) {
		t.Errorf("cut a rune: %q", got)
	}
}

func TestInts(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string // values, or the error
	}{
		{"3 4,5", "[3 4 5]"},
		{" 0\t7\n", "[0 7]"},
		{"", `position "": empty (want heap sizes)`},
		{"3 x", `position "3 x": column 3: heap size "x" is not a whole number ≥ 0`},
		{"3 -1", `position "3 -1": column 3: heap size "-1" is not a whole number ≥ 0`},
		{"99999999999999999999", `position "99999999999999999999": column 1: heap size "99999999999999999999" is too large (at most 4611686018427387903)`},
		{"4611686018427387904", `column 1: heap size "4611686018427387904" is too large`},
	} {
		xs, _, err := notation.Ints(c.in, 0, 1<<62-1, "heap size", "heap sizes")
		got := fmt.Sprint(xs)
		if err != nil {
			err = notation.At(err, c.in, 0, "position")
			got = err.Error()
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("Ints(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

// FuzzInts: any input either reads as numbers that print back to the same
// fields, or fails with a SyntaxError naming a column inside the input.
func FuzzInts(f *testing.F) {
	for _, s := range []string{"3 4 5", "", "1,,2", "-0", "+5", "9223372036854775808", "1e3", " \t"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		xs, offs, err := notation.Ints(s, 0, 1<<62-1, "n", "numbers")
		if err != nil {
			var se *notation.SyntaxError
			if !errors.As(err, &se) || se.Offset >= len(s) || se.Offset < -1 {
				t.Fatalf("Ints(%q): %v", s, err)
			}
			return
		}
		fields := notation.Fields(s)
		if len(fields) != len(xs) || len(offs) != len(xs) {
			t.Fatalf("Ints(%q) = %v at %v, fields %v", s, xs, offs, fields)
		}
		for i, f := range fields {
			if offs[i] != f.Offset || s[f.Offset:f.Offset+len(f.Text)] != f.Text {
				t.Fatalf("Ints(%q): field %d at %d, offset %d", s, i, f.Offset, offs[i])
			}
		}
	})
}

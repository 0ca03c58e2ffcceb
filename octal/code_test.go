package octal

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestParseCode(t *testing.T) {
	for _, c := range []struct {
		in, want string
		hex      bool
	}{
		{"0.77", "0.77", false},
		{".77", "0.77", false},
		{"0.137", "0.137", false},
		{"4.07", "4.07", false},
		{".7700", "0.77", false},
		{"0.", "0.0", false},
		{"4.", "4.0", false},
		{"4.0", "4.0", false},
		{".0", "0.0", false},
		{"0.2048", "0.2048", true},
		{"0.f", "0.F", true},
		{"c.0", "C.0", true},
		{"8.1", "8.1", true},
	} {
		var got Code
		var err error
		if c.hex {
			got, err = ParseHexCode(c.in)
		} else {
			got, err = ParseCode(c.in)
		}
		if err != nil || got.String() != c.want {
			t.Errorf("parse(%q) = %v, %v; want %s", c.in, got, err, c.want)
		}
	}
}

// Errors name the column of the problem.
func TestParseCodeErrors(t *testing.T) {
	for _, c := range []struct {
		in   string
		hex  bool
		want string
	}{
		{"", false, `code "": empty code`},
		{"77", false, `code "77": missing the point`},
		{"0.78", false, `code "0.78": column 4: digit 8 is not an octal digit (0-7) (use hex:0.78 for hexadecimal codes)`},
		{"1.07", false, `column 1: d0 must be 0 or 4`},
		{"2.07", false, `column 1: d0 must be 0 or 4`},
		{"9.07", false, `column 1: "9" is not an octal digit`},
		{"5.0", true, `column 1: d0 must be 0, 4, 8 or C`},
		{"0.1x", false, `column 4: "x" is not an octal digit`},
		{"0.1é", false, `column 4: "é" is not an octal digit`},
		{"0.1.2", false, `column 4: a second point`},
		{"04.3", false, `column 1: d0 is a single digit`},
		{"0.g", true, `column 3: "g" is not a hexadecimal digit`},
		{"0." + strings.Repeat("1", MaxDigits+1), false, `column 259: too many digits`},
	} {
		var err error
		if c.hex {
			_, err = ParseHexCode(c.in)
		} else {
			_, err = ParseCode(c.in)
		}
		var se *SyntaxError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("parse(%q) error = %v; want %q", c.in, err, c.want)
		}
	}
}

func TestSubtractionCode(t *testing.T) {
	c, err := Subtraction([]int{1, 3, 4})
	if err != nil || c.String() != "0.3033" {
		t.Errorf("Subtraction(1,3,4) = %v, %v", c, err)
	}
	if _, err := Subtraction([]int{0}); err == nil {
		t.Error("Subtraction(0) succeeded")
	}
}

// FuzzParseCode: a parsed code formats to a string that parses back to the
// same code; errors are *SyntaxError values with an offset inside the input.
func FuzzParseCode(f *testing.F) {
	for _, s := range []string{"0.77", ".137", "4.07", "0.2048", "c.f", "", "1.2", "0.8", "0..1", "4.", ".", "0.1é"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, hex bool) {
		parse := ParseCode
		if hex {
			parse = ParseHexCode
		}
		c, err := parse(s)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Input != s || se.Offset >= len(s) || se.Offset < -1 {
				t.Fatalf("parse(%q): bad error %#v", s, err)
			}
			return
		}
		back, err := parse(c.String())
		if err != nil || !slices.Equal(back.Digits, c.Digits) || back.Hex != c.Hex || back.String() != c.String() {
			t.Fatalf("round trip %q -> %q -> %v, %v", s, c.String(), back, err)
		}
		if len(c.Digits) == 0 || c.Digits[0]&3 != 0 || (len(c.Digits) > 1 && c.Digits[len(c.Digits)-1] == 0) {
			t.Fatalf("parse(%q) = %v: not canonical", s, c.Digits)
		}
	})
}

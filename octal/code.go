package octal

import (
	"github.com/grundy/grundy/notation"

	"fmt"
	"strings"
)

// MaxDigits is the largest number of digits after the point ParseCode accepts.
const MaxDigits = 256

// Code is a take-and-break code d0.d1d2d3…: digit d_k says what a move that
// removes k tokens from one heap may leave behind (bit 1: nothing, the heap
// had exactly k tokens; bit 2: one non-empty heap; bit 4: two non-empty heaps;
// bit 8, hexadecimal codes only: three non-empty heaps). d0 may only use the
// splitting bits (4, and 8 in hexadecimal): a move that removes nothing must
// split the heap.
//
// The zero Code is the game 0.0, in which no move is possible.
type Code struct {
	// Hex says whether the code is written in hexadecimal (digits 0–F).
	Hex bool
	// Digits holds d0, d1, …, dt with no trailing zeros beyond d0
	// (len(Digits) ≥ 1 for a parsed code).
	Digits []uint8
}

// SyntaxError reports a code that cannot be parsed (the one syntax error
// type of grundy): Offset is the byte offset of the problem in Input (its
// column minus one), or -1 when the problem is the code as a whole.
type SyntaxError = notation.SyntaxError

// ParseCode reads an octal code such as "0.137", ".137" (the leading 0 may
// be left out), "4.07" or "0.77". Trailing zeros are insignificant.
// Errors are *SyntaxError values naming the column.
func ParseCode(s string) (Code, error) { return parse(s, false) }

// ParseHexCode reads a hexadecimal code such as "0.2048" or "0.F": digits
// 0–9 and A–F (either case), where bit 8 of d_k allows removing k tokens and
// leaving exactly three non-empty heaps.
func ParseHexCode(s string) (Code, error) { return parse(s, true) }

func parse(s string, hex bool) (Code, error) {
	base, digitsWord := 8, "an octal digit (0-7)"
	if hex {
		base, digitsWord = 16, "a hexadecimal digit (0-9, A-F)"
	}
	fail := func(off int, format string, args ...any) (Code, error) {
		return Code{}, &SyntaxError{What: "code", Input: s, Offset: off, Msg: fmt.Sprintf(format, args...)}
	}
	if strings.TrimSpace(s) == "" {
		return fail(-1, "empty code (want a code such as 0.137 or .77)")
	}
	dot := strings.IndexByte(s, '.')
	if dot < 0 {
		return fail(-1, "missing the point: write d0.d1d2… such as 0.137 or .77")
	}
	if dot > 1 {
		return fail(0, "d0 is a single digit before the point (0 or 4), not %q", s[:dot])
	}
	c := Code{Hex: hex, Digits: []uint8{0}}
	if dot == 1 {
		d, ok := digit(s[0], base)
		if !ok {
			return fail(0, "%q is not %s", s[:1], digitsWord)
		}
		if d&3 != 0 {
			allowed := "0 or 4"
			if hex {
				allowed = "0, 4, 8 or C"
			}
			return fail(0, "d0 must be %s (a move that removes nothing must split the heap), not %c", allowed, s[0])
		}
		c.Digits[0] = d
	}
	rest := s[dot+1:]
	if len(rest) > MaxDigits {
		return fail(dot+1+MaxDigits, "too many digits (at most %d after the point)", MaxDigits)
	}
	for i := 0; i < len(rest); i++ {
		d, ok := digit(rest[i], base)
		if !ok {
			r := rest[i:]
			if rest[i] == '.' {
				return fail(dot+1+i, "a second point")
			}
			if !hex && rest[i] >= '8' && rest[i] <= '9' {
				return fail(dot+1+i, "digit %c is not %s (use hex:%s for hexadecimal codes)", rest[i], digitsWord, s)
			}
			return fail(dot+1+i, "%q is not %s", firstRune(r), digitsWord)
		}
		c.Digits = append(c.Digits, d)
	}
	c.Digits = trim(c.Digits)
	return c, nil
}

func firstRune(s string) string {
	for _, r := range s {
		return string(r)
	}
	return ""
}

func digit(b byte, base int) (uint8, bool) {
	var d int
	switch {
	case b >= '0' && b <= '9':
		d = int(b - '0')
	case b >= 'a' && b <= 'f':
		d = int(b-'a') + 10
	case b >= 'A' && b <= 'F':
		d = int(b-'A') + 10
	default:
		return 0, false
	}
	if d >= base {
		return 0, false
	}
	return uint8(d), true
}

func trim(ds []uint8) []uint8 {
	for len(ds) > 1 && ds[len(ds)-1] == 0 {
		ds = ds[:len(ds)-1]
	}
	return ds
}

// String writes the code in canonical form: d0 always written, a point,
// then d1…dt without trailing zeros ("0.77", "4.07", "0.0" for no moves);
// hexadecimal digits in upper case. ParseCode (ParseHexCode for a Hex code)
// reads it back to the same code.
func (c Code) String() string {
	const hexDigits = "0123456789ABCDEF"
	ds := trim(c.Digits)
	if len(ds) == 0 {
		ds = []uint8{0}
	}
	var b strings.Builder
	b.WriteByte(hexDigits[ds[0]&15])
	b.WriteByte('.')
	if len(ds) == 1 {
		b.WriteByte('0')
	}
	for _, d := range ds[1:] {
		b.WriteByte(hexDigits[d&15])
	}
	return b.String()
}

// Digit returns d_k (0 beyond the last digit).
func (c Code) Digit(k int) uint8 {
	if k < 0 || k >= len(c.Digits) {
		return 0
	}
	return c.Digits[k]
}

// MaxRemove returns t, the largest number of tokens a move may remove (the
// index of the last non-zero digit; 0 for a code such as 4.0).
func (c Code) MaxRemove() int {
	ds := trim(c.Digits)
	return len(ds) - 1
}

// Subtraction returns the code of the subtraction game with move sizes set:
// d_s = 3 for s in set (remove s from a heap of at least s).
func Subtraction(set []int) (Code, error) {
	c := Code{Digits: []uint8{0}}
	for _, s := range set {
		if s <= 0 || s > MaxDigits {
			return Code{}, fmt.Errorf("octal: subtraction size %d out of range 1..%d", s, MaxDigits)
		}
		for len(c.Digits) <= s {
			c.Digits = append(c.Digits, 0)
		}
		c.Digits[s] = 3
	}
	return c, nil
}

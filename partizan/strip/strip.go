package strip

import (
	"fmt"
	"strings"

	"github.com/grundy/grundy/notation"
)

// MaxLength bounds the strips Parse reads.
const MaxLength = 4096

// Strip is a row of cells, each written as one character of its
// ruleset's alphabet ("ttt..fff" in Toads and Frogs). Strips are values:
// comparable, usable as map keys, never changed by the methods.
type Strip struct {
	s string
}

// String returns the strip as written.
func (p Strip) String() string { return p.s }

// Len returns the number of cells.
func (p Strip) Len() int { return len(p.s) }

// alphabet is a ruleset's characters: chars are the ones it writes, lower
// maps each character it reads (upper case too) to one of them.
type alphabet struct {
	chars string
}

func (a alphabet) parse(s string) (Strip, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return Strip{}, &notation.SyntaxError{What: "position", Input: s, Offset: -1, Msg: "empty strip (cells: " + a.describe() + ")"}
	}
	off := strings.Index(s, t)
	if len(t) > MaxLength {
		return Strip{}, &notation.SyntaxError{What: "position", Input: s, Offset: off, Msg: fmt.Sprintf("strip too long (%d cells; at most %d)", len(t), MaxLength)}
	}
	b := []byte(t)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if strings.IndexByte(a.chars, c) < 0 {
			r := t[i:]
			for k := range r {
				if k > 0 {
					r = r[:k]
					break
				}
			}
			return Strip{}, &notation.SyntaxError{What: "position", Input: s, Offset: off + i, Msg: fmt.Sprintf("%s is not a cell here (cells: %s)", notation.Quote(r), a.describe())}
		}
		b[i] = c
	}
	return Strip{string(b)}, nil
}

func (a alphabet) describe() string {
	var parts []string
	for _, c := range a.chars {
		parts = append(parts, string(c))
	}
	return strings.Join(parts, " ")
}

// reverse returns s backwards, each character mapped through swap (two
// characters exchanged; none when swap is "").
func reverse(s, swap string) string {
	b := make([]byte, len(s))
	for i := range len(s) {
		c := s[len(s)-1-i]
		if len(swap) == 2 {
			switch c {
			case swap[0]:
				c = swap[1]
			case swap[1]:
				c = swap[0]
			}
		}
		b[i] = c
	}
	return string(b)
}

// swapped returns s with the two characters of swap exchanged.
func swapped(s, swap string) string {
	b := []byte(s)
	for i, c := range b {
		switch c {
		case swap[0]:
			b[i] = swap[1]
		case swap[1]:
			b[i] = swap[0]
		}
	}
	return string(b)
}

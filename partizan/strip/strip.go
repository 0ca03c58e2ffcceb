package strip

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/grundy/grundy/notation"
)

// MaxLength bounds the strips Parse reads.
const MaxLength = 4096

// maxPacked is the longest strip held as bit sets; longer ones are held
// as the string of their cells and played cell by cell (general.go).
const maxPacked = 64

// kind names a ruleset's alphabet.
type kind uint8

const (
	toads kind = iota
	dominoes
)

// alphabets: the characters each kind writes, indexed by cell code (0
// empty, 1 Left's piece, 2 Right's, 3 both: a green domino).
var alphabets = [...]alphabet{toads: {chars: ".tf", kind: toads}, dominoes: {chars: ".lre", kind: dominoes}}

// Strip is a row of cells, each written as one character of its
// ruleset's alphabet ("ttt..fff" in Toads and Frogs). Strips are values:
// comparable, usable as map keys (they are their rulesets' keys), never
// changed by the methods.
//
// A strip of at most 64 cells is two bit sets, cell i being bit i: l holds
// Left's pieces (toads, blue and green dominoes), r Right's (frogs, red and
// green dominoes). A longer strip is the string of its cells (big). Each
// strip has exactly one form, so that equal strips compare equal.
type Strip struct {
	l, r uint64
	n    uint16 // cells
	k    kind
	big  string // more than maxPacked cells, as written (l and r zero)
}

// String returns the strip as written.
func (p Strip) String() string {
	if p.big != "" {
		return p.big
	}
	chars := alphabets[p.k].chars
	b := make([]byte, p.n)
	for i := range b {
		b[i] = chars[p.l>>i&1|p.r>>i&1<<1]
	}
	return string(b)
}

// Len returns the number of cells.
func (p Strip) Len() int { return int(p.n) }

// cost is the units of work the Solver charges for p and for each of its
// options (partizan.Coster): one for a packed strip, where an option or a
// key is a few word operations; past maxPacked cells a unit for every 8,
// since each option is then a new string and each key or split a pass
// over it (measured: a unit of an 80-cell Toads and Frogs took about 15
// times a 60-cell one's). The work budget then bounds a long strip's time
// as it does a short one's.
func (p Strip) cost() uint64 {
	if p.big == "" {
		return 1
	}
	return (uint64(p.n) + 7) / 8
}

// mk returns the strip of kind k whose cells are s, written in k's
// alphabet: packed when it is short enough.
func mk(k kind, s string) Strip {
	p := Strip{n: uint16(len(s)), k: k}
	if len(s) > maxPacked {
		p.big = s
		return p
	}
	chars := alphabets[k].chars
	for i := range len(s) {
		c := uint64(strings.IndexByte(chars, s[i]))
		p.l |= (c & 1) << i
		p.r |= (c >> 1 & 1) << i
	}
	return p
}

// full returns the bit set of n cells.
func full(n uint16) uint64 {
	if n == 0 {
		return 0
	}
	return ^uint64(0) >> (64 - n)
}

// sub returns cells a..b-1 of a packed strip.
func (p Strip) sub(a, b int) Strip {
	m := full(uint16(b - a))
	return Strip{l: p.l >> a & m, r: p.r >> a & m, n: uint16(b - a), k: p.k}
}

// reversed returns p backwards, Left's and Right's pieces exchanged too
// when swap is set.
func (p Strip) reversed(swap bool) Strip {
	if p.big != "" {
		sw := ""
		if swap {
			sw = alphabets[p.k].chars[1:3]
		}
		return mk(p.k, reverse(p.big, sw))
	}
	q := p
	if p.n > 0 {
		q.l, q.r = bits.Reverse64(p.l)>>(64-p.n), bits.Reverse64(p.r)>>(64-p.n)
	}
	if swap {
		q.l, q.r = q.r, q.l
	}
	return q
}

// swapped returns p with Left's and Right's pieces exchanged.
func (p Strip) swapped() Strip {
	if p.big != "" {
		return mk(p.k, swapped(p.big, alphabets[p.k].chars[1:3]))
	}
	p.l, p.r = p.r, p.l
	return p
}

// less orders strips (any total order serves the keys' representatives).
func (p Strip) less(q Strip) bool {
	switch {
	case p.n != q.n:
		return p.n < q.n
	case p.big != q.big:
		return p.big < q.big
	case p.l != q.l:
		return p.l < q.l
	}
	return p.r < q.r
}

// alphabet is a ruleset's characters: chars are the ones it writes (by
// cell code); it reads upper case too.
type alphabet struct {
	chars string
	kind  kind
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
	return mk(a.kind, string(b)), nil
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

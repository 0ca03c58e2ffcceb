package octal

import (
	"slices"
	"strconv"
	"strings"
)

// Game is a take-and-break game on heaps of tokens: the game of an octal or
// hexadecimal Code, or Grundy's game (split one heap into two unequal
// non-empty heaps), which no code describes. The zero Game has no moves.
//
// A Game is an immutable value, safe for concurrent use.
type Game struct {
	code    Code
	grundy  bool
	takeAll []int // k: remove k from a heap of exactly k (bit 1)
	one     []int // k: remove k, leave one non-empty heap (bit 2)
	two     []int // k: remove k, leave two non-empty heaps (bit 4)
	three   []int // k: remove k, leave three non-empty heaps (bit 8)
	// unequal: the two heaps of a split must differ (Grundy's game).
	unequal bool
	// tb is the code of a game made by NewTB (CGSuite's syntax): its name,
	// and, for a general code, its moves (tb.go).
	tb *tbRules
}

// New returns the game of a code.
func New(c Code) Game {
	g := Game{code: Code{Hex: c.Hex, Digits: slices.Clone(trim(c.Digits))}}
	for k, d := range g.code.Digits {
		if d&1 != 0 && k > 0 {
			g.takeAll = append(g.takeAll, k)
		}
		if d&2 != 0 && k > 0 {
			g.one = append(g.one, k)
		}
		if d&4 != 0 {
			g.two = append(g.two, k)
		}
		if d&8 != 0 {
			g.three = append(g.three, k)
		}
	}
	return g
}

// GrundysGame returns Grundy's game: a move splits one heap into two
// non-empty heaps of different sizes. G(0) = G(1) = G(2) = 0.
func GrundysGame() Game {
	return Game{grundy: true, two: []int{0}, unequal: true}
}

// Code returns the game's code, and ok = false for Grundy's game.
func (g Game) Code() (c Code, ok bool) {
	if g.grundy || g.tb != nil {
		return Code{}, false
	}
	return Code{Hex: g.code.Hex, Digits: slices.Clone(g.code.Digits)}, true
}

// String names the game: its code ("0.77") or "Grundy's game".
func (g Game) String() string {
	if g.tb != nil {
		return g.tb.code.String()
	}
	if g.grundy {
		return "Grundy's game"
	}
	return g.code.String()
}

// MaxRemove returns t, the most tokens one move removes (-1 for a
// take-and-break code with a repeating part: unbounded).
func (g Game) MaxRemove() int {
	if g.general() {
		return g.tb.maxRemove
	}
	t := 0
	for _, ks := range [][]int{g.takeAll, g.one, g.two, g.three} {
		for _, k := range ks {
			t = max(t, k)
		}
	}
	return t
}

// MaxParts returns the most heaps a move can leave in place of one heap:
// 1, 2 (octal codes with a digit 4–7) or 3 (hexadecimal codes with bit 8);
// for a take-and-break code, its largest heap count (-1 if unbounded).
func (g Game) MaxParts() int {
	if g.general() {
		return g.tb.maxHeaps
	}
	switch {
	case len(g.three) > 0:
		return 3
	case len(g.two) > 0:
		return 2
	}
	return 1
}

// EqualSplitsAllowed reports whether a move may split a heap into two heaps
// of equal size (true for every octal code, false for Grundy's game and
// for take-and-break codes with modifiers).
func (g Game) EqualSplitsAllowed() bool {
	return !g.unequal && (g.tb == nil || !g.tb.code.constrained())
}

// Options calls yield once for each move from a heap of n tokens: k tokens
// removed and the heaps left in its place (nil, one heap, or two or three
// heaps in decreasing order). Moves come in order of k, then by the number
// of heaps left, then with the largest heap first. It stops when yield
// returns false. The number of moves is O(n) for octal codes and O(n²) for
// three-heap splits.
func (g Game) Options(n int, yield func(k int, parts []int) bool) {
	if g.general() {
		g.tb.options(n, yield)
		return
	}
	var buf [3]int
	ks := g.removals()
	for _, k := range ks {
		if k > n {
			break
		}
		m := n - k
		if m == 0 && slices.Contains(g.takeAll, k) && k > 0 {
			if !yield(k, nil) {
				return
			}
		}
		if m >= 1 && k > 0 && slices.Contains(g.one, k) {
			buf[0] = m
			if !yield(k, buf[:1]) {
				return
			}
		}
		if m >= 2 && slices.Contains(g.two, k) {
			for b := 1; 2*b <= m; b++ {
				if g.unequal && 2*b == m {
					continue
				}
				buf[0], buf[1] = m-b, b
				if !yield(k, buf[:2]) {
					return
				}
			}
		}
		if m >= 3 && slices.Contains(g.three, k) {
			for c := 1; 3*c <= m; c++ {
				for b := c; 2*b <= m-c; b++ {
					buf[0], buf[1], buf[2] = m-c-b, b, c
					if !yield(k, buf[:3]) {
						return
					}
				}
			}
		}
	}
}

// IsMove reports whether a move from a heap of n tokens may leave exactly
// the heaps parts (each at least 1, in any order): one of Options' moves,
// checked without listing them (a heap of 10^8 has tens of millions).
func (g Game) IsMove(n int, parts []int) bool {
	k := n
	for _, p := range parts {
		if p < 1 {
			return false
		}
		k -= p
	}
	if k < 0 {
		return false
	}
	if g.general() {
		return g.tb.isMove(k, parts)
	}
	switch len(parts) {
	case 0:
		return k > 0 && slices.Contains(g.takeAll, k)
	case 1:
		return k > 0 && slices.Contains(g.one, k)
	case 2:
		return slices.Contains(g.two, k) && !(g.unequal && parts[0] == parts[1])
	case 3:
		return slices.Contains(g.three, k)
	}
	return false
}

// removals returns the distinct k of the game's moves, ascending.
func (g Game) removals() []int {
	var ks []int
	for _, l := range [][]int{g.takeAll, g.one, g.two, g.three} {
		ks = append(ks, l...)
	}
	slices.Sort(ks)
	return slices.Compact(ks)
}

// DescribeMove names a move ("take 2, leaving 3 + 4") for messages.
func DescribeMove(n, k int, parts []int) string {
	var b strings.Builder
	if k > 0 {
		b.WriteString("take " + strconv.Itoa(k))
	}
	switch len(parts) {
	case 0:
		b.WriteString(", leaving nothing")
		return b.String()
	case 1:
		b.WriteString(", leaving " + strconv.Itoa(parts[0]))
		return b.String()
	}
	if k > 0 {
		b.WriteString(" and split the rest into ")
	} else {
		b.WriteString("split " + strconv.Itoa(n) + " into ")
	}
	for i, p := range parts {
		if i > 0 {
			b.WriteString(" + ")
		}
		b.WriteString(strconv.Itoa(p))
	}
	return b.String()
}

package strip

import (
	"strings"

	"github.com/grundy/grundy/partizan"
)

var dominoChars = alphabet{chars: ".lre"}

// TopplingDominoes is the ruleset of Toppling Dominoes (Albert, Nowakowski
// and Wolfe, Lessons in Play, 2007; CGSuite's game.strip.TopplingDominoes):
// a row of dominoes, blue (l, Left's), red (r, Right's) or green (e,
// either player's); a move topples one of the player's dominoes to the
// left or to the right, and it knocks down every domino on that side of
// it in its row. Positions are strips: "lrrlrrl".
//
// An empty cell (.) ends a row: a toppling domino stops at it, so
// "lr.rl" is the sum of the rows "lr" and "rl" (Split). (CGSuite's
// implementation lets a toppling domino clear everything on its side,
// gaps too; on rows without gaps, as in its tests, the two agree.)
// Reversing a row keeps its value (Key); exchanging blue and red
// exchanges the players (ConjugateKey).
type TopplingDominoes struct{}

// Options yields the options of p for side s: for each of the player's
// dominoes from the left, toppled left, then right.
func (TopplingDominoes) Options(p Strip, s partizan.Side, yield func(Strip) bool) error {
	mine := byte('l')
	if s == partizan.Right {
		mine = 'r'
	}
	n := len(p.s)
	for i := range n {
		if c := p.s[i]; c != mine && c != 'e' {
			continue
		}
		lo, hi := i, i // the row of domino i is p.s[lo:hi+1]
		for lo > 0 && p.s[lo-1] != '.' {
			lo--
		}
		for hi+1 < n && p.s[hi+1] != '.' {
			hi++
		}
		if !yield(Strip{p.s[:lo] + strings.Repeat(".", i-lo+1) + p.s[i+1:]}) {
			return nil
		}
		if !yield(Strip{p.s[:i] + strings.Repeat(".", hi-i+1) + p.s[hi+1:]}) {
			return nil
		}
	}
	return nil
}

// Split returns the rows of p (nil when p has one row or none).
func (TopplingDominoes) Split(p Strip) []Strip {
	rows := strings.FieldsFunc(p.s, func(r rune) bool { return r == '.' })
	if len(rows) == 1 && rows[0] == p.s {
		return nil
	}
	out := make([]Strip, len(rows))
	for i, r := range rows {
		out[i] = Strip{r}
	}
	return out
}

func dominoKey(s string) string {
	s = strings.Trim(s, ".")
	if r := reverse(s, ""); r < s {
		return r
	}
	return s
}

// Key returns p's key: its row read from the end that comes first.
func (TopplingDominoes) Key(p Strip) string { return dominoKey(p.s) }

// ConjugateKey is Key up to the exchange of blue and red, which negates
// the value.
func (TopplingDominoes) ConjugateKey(p Strip) (string, bool) {
	k := dominoKey(p.s)
	if c := dominoKey(swapped(p.s, "lr")); c < k {
		return c, true
	}
	return k, false
}

// FormatPosition writes p: l, r, e and . from the left.
func (TopplingDominoes) FormatPosition(p Strip) string { return p.s }

// ParsePosition reads a strip of l (blue dominoes, Left's), r (red,
// Right's), e (green, either player's) and . (gaps between rows).
func (TopplingDominoes) ParsePosition(s string) (Strip, error) { return dominoChars.parse(s) }

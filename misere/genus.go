package misere

import (
	"strconv"
	"strings"

	"github.com/grundy/grundy/impartial"
)

// Genus is the genus γ = g^(g0 g1 g2 …) of a game G (Conway, ONAG ch. 12;
// Winning Ways ch. 13): g = G⁺(G), its normal-play Grundy value, and
// g_n = G⁻(G + n·*2), the misère Grundy value of G plus n copies of *2.
// The sequence g0, g1, … is eventually periodic with period 2.
type Genus struct {
	// Normal is g = G⁺(G).
	Normal impartial.Nimber
	// Seq holds g_0, …, g_k, with k ≥ 1 least such that g_j = g_{j−2} for
	// every j > k: the last two values repeat forever.
	Seq []impartial.Nimber
}

// At returns g_n.
func (g Genus) At(n int) impartial.Nimber { return genusAt(g.Seq, n) }

// Tame reports whether the genus is that of a tame game (Winning Ways
// ch. 13): 0^120 or 1^031 (fickle and firm positions of misère Nim with
// heaps of size 0 and 1), or a^(a, a⊕2) for any a.
func (g Genus) Tame() bool {
	s := g.Seq
	switch {
	case len(s) == 3 && g.Normal == 0:
		return s[0] == 1 && s[1] == 2 && s[2] == 0
	case len(s) == 3 && g.Normal == 1:
		return s[0] == 0 && s[1] == 3 && s[2] == 1
	case len(s) == 2:
		return s[0] == g.Normal && s[1] == g.Normal^2
	}
	return false
}

// String writes the genus as g^digits, such as 0^120, 2^20 or 2^1420: the
// superscript lists g0 … gk and its last two digits repeat forever. When a
// value is 10 or more the superscript is a comma list in parentheses,
// 12^(12,14). (Winning Ways abbreviates the tame genus a^(a, a⊕2) to a^a;
// this package always writes both digits.)
func (g Genus) String() string {
	var b strings.Builder
	b.WriteString(strconv.FormatUint(uint64(g.Normal), 10))
	b.WriteByte('^')
	wide := false
	for _, v := range g.Seq {
		if v >= 10 {
			wide = true
		}
	}
	if wide {
		b.WriteByte('(')
	}
	for i, v := range g.Seq {
		if wide && i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatUint(uint64(v), 10))
	}
	if wide {
		b.WriteByte(')')
	}
	return b.String()
}

// MarshalText writes the genus as String does.
func (g Genus) MarshalText() ([]byte, error) { return []byte(g.String()), nil }

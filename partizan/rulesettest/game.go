// Package rulesettest holds the plain oracle the partizan rulesets are
// tested against, and a conformance check of a ruleset.
//
// The oracle computes canonical forms from Conway's definitions alone
// (ONAG ch. 10; Siegel, Combinatorial Game Theory, II.2): a game is a tree
// of options; G ≤ H when no Left option of G is ≥ H and no Right option of
// H is ≤ G; the canonical form removes dominated options and bypasses
// reversible ones until neither applies. There is no store, no number
// fast path, no symmetry and no transposition table: it is slow and
// obviously correct, so keep positions small. It does not import the
// algebra package, so that the two can be checked against each other.
package rulesettest

import (
	"fmt"
	"slices"
	"strings"
)

// Game is a short game given by its options. Games returned by this
// package are canonical and never changed afterwards.
type Game struct {
	L, R []*Game
}

// Zero is the game with no options.
var Zero = &Game{}

// Le reports whether g ≤ h: no Left option of g is ≥ h and no Right option
// of h is ≤ g.
func Le(g, h *Game) bool {
	for _, gl := range g.L {
		if Le(h, gl) {
			return false
		}
	}
	for _, hr := range h.R {
		if Le(hr, g) {
			return false
		}
	}
	return true
}

// Eq reports whether g = h as games.
func Eq(g, h *Game) bool { return Le(g, h) && Le(h, g) }

// Neg returns -g (canonical when g is, its options in this package's
// order, so that Identical compares it).
func Neg(g *Game) *Game {
	out := &Game{}
	for _, gr := range g.R {
		out.L = append(out.L, Neg(gr))
	}
	for _, gl := range g.L {
		out.R = append(out.R, Neg(gl))
	}
	sortOptions(out.L)
	sortOptions(out.R)
	return out
}

// Sum returns the canonical form of g + h, from the definition
// g + h = {g^L + h, g + h^L | g^R + h, g + h^R}.
func Sum(g, h *Game) *Game {
	if len(g.L)+len(g.R) == 0 {
		return Canonical(h)
	}
	if len(h.L)+len(h.R) == 0 {
		return Canonical(g)
	}
	out := &Game{}
	for _, gl := range g.L {
		out.L = append(out.L, Sum(gl, h))
	}
	for _, hl := range h.L {
		out.L = append(out.L, Sum(g, hl))
	}
	for _, gr := range g.R {
		out.R = append(out.R, Sum(gr, h))
	}
	for _, hr := range h.R {
		out.R = append(out.R, Sum(g, hr))
	}
	return Canonical(out)
}

// SumAll returns the canonical form of the sum of gs (0 for none).
func SumAll(gs ...*Game) *Game {
	out := Zero
	for _, g := range gs {
		out = Sum(out, g)
	}
	return out
}

// Canonical returns the canonical form of g: its options made canonical,
// then dominated options removed and reversible ones bypassed until
// neither applies (Siegel, CGT, Theorem II.2.9: the result is unique).
func Canonical(g *Game) *Game {
	out := &Game{}
	for _, gl := range g.L {
		out.L = append(out.L, Canonical(gl))
	}
	for _, gr := range g.R {
		out.R = append(out.R, Canonical(gr))
	}
	for {
		out.L = undominated(out.L, true)
		out.R = undominated(out.R, false)
		if !bypass(out) {
			break
		}
	}
	sortOptions(out.L)
	sortOptions(out.R)
	return out
}

// undominated keeps the options no other option dominates (for Left, an
// option ≤ another is dominated; for Right, one ≥ another), and one of
// each set of equal options.
func undominated(opts []*Game, left bool) []*Game {
	var out []*Game
	for i, a := range opts {
		keep := true
		for j, b := range opts {
			if i == j {
				continue
			}
			worse := Le(a, b)
			if !left {
				worse = Le(b, a)
			}
			// a is dominated by b, unless they are equal and a comes first.
			if worse && !(Eq(a, b) && i < j) {
				keep = false
				break
			}
		}
		if keep {
			out = append(out, a)
		}
	}
	return out
}

// bypass replaces the first reversible option of g it finds by the options
// it reverses through and reports whether it found one. A Left option g^L
// is reversible through g^LR when g^LR ≤ g; it is replaced by the Left
// options of g^LR. Dually for Right.
func bypass(g *Game) bool {
	for i, gl := range g.L {
		for _, glr := range gl.R {
			if Le(glr, g) {
				g.L = slices.Concat(g.L[:i:i], glr.L, g.L[i+1:])
				return true
			}
		}
	}
	for i, gr := range g.R {
		for _, grl := range gr.L {
			if Le(g, grl) {
				g.R = slices.Concat(g.R[:i:i], grl.R, g.R[i+1:])
				return true
			}
		}
	}
	return false
}

// Identical reports whether two canonical games are the same tree (for
// canonical forms, the same as Eq, and much faster).
func Identical(g, h *Game) bool { return compare(g, h) == 0 }

// compare is a total order on canonical games, used to sort options so
// that identical games print alike.
func compare(g, h *Game) int {
	if c := len(g.L) - len(h.L); c != 0 {
		return c
	}
	if c := len(g.R) - len(h.R); c != 0 {
		return c
	}
	for i := range g.L {
		if c := compare(g.L[i], h.L[i]); c != 0 {
			return c
		}
	}
	for i := range g.R {
		if c := compare(g.R[i], h.R[i]); c != 0 {
			return c
		}
	}
	return 0
}

func sortOptions(opts []*Game) { slices.SortFunc(opts, compare) }

// Birthday returns the birthday of g (the height of its game tree).
func Birthday(g *Game) int {
	b := 0
	for _, o := range slices.Concat(g.L, g.R) {
		b = max(b, Birthday(o)+1)
	}
	return b
}

// String writes a canonical game: numbers as numbers, nimbers as *n, the
// rest in braces with their options written the same way.
func (g *Game) String() string {
	if n, ok := number(g); ok {
		return n.String()
	}
	if n, ok := nimber(g); ok {
		if n == 1 {
			return "*"
		}
		return fmt.Sprintf("*%d", n)
	}
	var b strings.Builder
	b.WriteByte('{')
	for i, gl := range g.L {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(gl.String())
	}
	b.WriteByte('|')
	for i, gr := range g.R {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(gr.String())
	}
	b.WriteByte('}')
	return b.String()
}

// nimber reports whether canonical g is a nimber *n: its Left and Right
// options are the same, *0 … *(n-1).
func nimber(g *Game) (int, bool) {
	if len(g.L) != len(g.R) {
		return 0, false
	}
	for i, o := range g.L {
		k, ok := nimber(o)
		if !ok || k != i || !Identical(o, g.R[i]) {
			return 0, false
		}
	}
	return len(g.L), true
}

// Nimber returns the canonical form of *n.
func Nimber(n int) *Game {
	g := &Game{}
	for i := range n {
		k := Nimber(i)
		g.L = append(g.L, k)
		g.R = append(g.R, k)
	}
	return g
}

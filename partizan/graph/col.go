package graph

import (
	"math/bits"

	"github.com/grundy/grundy/partizan"
)

// Tints of the vertices of Col and Snort positions: a vertex next to one
// a player has coloured carries that player's tint (CGSuite's vertex
// labels L and R).
const (
	Untinted  byte = 0 // written .
	LeftTint  byte = 1 // written L
	RightTint byte = 2 // written R
)

var tintSyntax = vertexSyntax("L", "R")

var swapTints = []byte{Untinted, RightTint, LeftTint}

// colouring is Col or Snort: a move colours a vertex, which leaves the
// game; its uncoloured neighbours take the mover's tint, and those that
// carried the other player's tint (now next to both colours) leave too.
// The two differ only in where a player may colour: in Col not next to
// her own colour, in Snort not next to her opponent's.
type colouring struct {
	snort bool
}

// Col is the ruleset of Col (Winning Ways, ch. 2; CGSuite's
// game.graph.Col): Left and Right colour vertices of a graph in turn,
// never a vertex next to one of their own colour. A position is the
// graph of the vertices still uncoloured, each tinted L when it is next
// to a vertex Left coloured (so only Right may colour it), R alike: in
// CGSuite's graph notation, "R-.-R-.-L-.-R-.-R-." is a path of ten; or
// path(n), cycle(n) for n untinted vertices.
type Col struct{}

// Snort is the ruleset of Snort (Winning Ways, ch. 2; CGSuite's
// game.graph.Snort): as Col, but a player never colours a vertex next to
// one of her opponent's colour; a vertex tinted L is next to Left's
// colour, so only Left may colour it.
type Snort struct{}

// Options yields Left's or Right's options: colour each vertex she may,
// in order.
func (Col) Options(p Position, s partizan.Side, yield func(Position) bool) error {
	colouring{false}.options(p, s, yield)
	return nil
}

// Options yields Left's or Right's options: colour each vertex she may,
// in order.
func (Snort) Options(p Position, s partizan.Side, yield func(Position) bool) error {
	colouring{true}.options(p, s, yield)
	return nil
}

// Moves returns, for each option Options yields for side s (in its
// order), the vertex it colours, as a list of one: what a face draws as
// the move.
func (Col) Moves(p Position, s partizan.Side) [][]int { return colouring{false}.moves(p, s) }

// Moves returns, for each option Options yields for side s (in its
// order), the vertex it colours, as a list of one.
func (Snort) Moves(p Position, s partizan.Side) [][]int { return colouring{true}.moves(p, s) }

// forbidden is the tint of the vertices side s may not colour.
func (c colouring) forbidden(s partizan.Side) byte {
	mine, theirs := LeftTint, RightTint
	if s == partizan.Right {
		mine, theirs = RightTint, LeftTint
	}
	if c.snort {
		return theirs // Snort: not next to her opponent's
	}
	return mine // Col: not next to her own colour
}

func (c colouring) moves(p Position, s partizan.Side) [][]int {
	var out [][]int
	for v := range p.NumVertices() {
		if p.Label(v) != c.forbidden(s) {
			out = append(out, []int{v})
		}
	}
	return out
}

func (c colouring) options(p Position, s partizan.Side, yield func(Position) bool) {
	n := p.NumVertices()
	if n == 0 {
		return
	}
	mine, theirs := LeftTint, RightTint
	if s == partizan.Right {
		mine, theirs = RightTint, LeftTint
	}
	forbidden := c.forbidden(s)
	labels, adj := p.decode()
	all := uint64(1)<<n - 1
	if n == 64 {
		all = ^uint64(0)
	}
	next := make([]byte, n)
	for v := range n {
		if labels[v] == forbidden {
			continue
		}
		copy(next, labels)
		gone := uint64(1) << v
		for m := adj[v]; m != 0; m &= m - 1 {
			w := bits.TrailingZeros64(m)
			switch labels[w] {
			case Untinted:
				next[w] = mine
			case theirs:
				gone |= 1 << w
			}
		}
		if !yield(keep(next, adj, all&^gone)) {
			return
		}
	}
}

// Split returns the connected components of p (nil when it has one).
func (Col) Split(p Position) []Position { return p.split(nil) }

// Split returns the connected components of p (nil when it has one).
func (Snort) Split(p Position) []Position { return p.split(nil) }

// Key returns p's key: see Position.key.
func (Col) Key(p Position) string { return p.key(nil) }

// Key returns p's key: see Position.key.
func (Snort) Key(p Position) string { return p.key(nil) }

// ConjugateKey is Key up to the exchange of the tints, which exchanges
// the players and negates the value.
func (Col) ConjugateKey(p Position) (string, bool) { return conjugate(p, swapTints) }

// ConjugateKey is Key up to the exchange of the tints, which exchanges
// the players and negates the value.
func (Snort) ConjugateKey(p Position) (string, bool) { return conjugate(p, swapTints) }

func conjugate(p Position, swap []byte) (string, bool) {
	k := p.key(nil)
	if c := p.key(swap); c < k {
		return c, true
	}
	return k, false
}

// FormatPosition writes p in CGSuite's graph notation.
func (Col) FormatPosition(p Position) string { return format(tintSyntax, p) }

// FormatPosition writes p in CGSuite's graph notation.
func (Snort) FormatPosition(p Position) string { return format(tintSyntax, p) }

// ParsePosition reads a graph in CGSuite's notation with vertices . (or
// nothing), L and R, edges -: "L-.-.-.-L", ".-.-.(-.;-.)"; or path(n),
// cycle(n) for n untinted vertices.
func (Col) ParsePosition(s string) (Position, error) { return parsePosition(tintSyntax, s, true) }

// ParsePosition reads a graph as Col does.
func (Snort) ParsePosition(s string) (Position, error) { return parsePosition(tintSyntax, s, true) }

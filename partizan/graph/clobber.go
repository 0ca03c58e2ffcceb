package graph

import (
	"math/bits"

	"github.com/grundy/grundy/partizan"
)

// Stones of graph Clobber positions.
const (
	Black byte = 1 // Left's, written x
	White byte = 2 // Right's, written o
)

var stoneSyntax = vertexSyntax("x", "o")

var swapStones = []byte{0, White, Black}

// Clobber is the ruleset of Clobber on any graph (Albert, Grossman,
// Nowakowski and Wolfe, 2005): every vertex holds a stone, black (x,
// Left's) or white (o, Right's); Left moves a black stone along an edge
// onto a white one, which is removed, and the vertex it left is vacant
// for good; Right alike. A position is the graph of the vertices that
// still hold stones (a vacant vertex, written . in the input, is
// dropped: no stone ever moves onto one): "x-o-x-o" is a path, and
// grid.Clobber is the same game on a board.
type Clobber struct{}

// Options yields Left's or Right's options: for each of her stones in
// order, each capture along an edge.
func (Clobber) Options(p Position, s partizan.Side, yield func(Position) bool) error {
	n := p.NumVertices()
	if n == 0 {
		return nil
	}
	us, them := Black, White
	if s == partizan.Right {
		us, them = White, Black
	}
	labels, adj := p.decode()
	all := uint64(1)<<n - 1
	if n == 64 {
		all = ^uint64(0)
	}
	next := make([]byte, n)
	for v := range n {
		if labels[v] != us {
			continue
		}
		for m := adj[v]; m != 0; m &= m - 1 {
			w := bits.TrailingZeros64(m)
			if labels[w] != them {
				continue
			}
			copy(next, labels)
			next[w] = us
			if !yield(keep(next, adj, all&^(1<<v))) {
				return nil
			}
		}
	}
	return nil
}

// Moves returns, for each option Options yields for side s (in its
// order), the vertex of the stone that moves and the vertex it captures
// on: what a face draws as the move.
func (Clobber) Moves(p Position, s partizan.Side) [][]int {
	us, them := Black, White
	if s == partizan.Right {
		us, them = White, Black
	}
	var out [][]int
	for v := range p.NumVertices() {
		if p.Label(v) != us {
			continue
		}
		for m := p.Neighbours(v); m != 0; m &= m - 1 {
			if w := bits.TrailingZeros64(m); p.Label(w) == them {
				out = append(out, []int{v, w})
			}
		}
	}
	return out
}

// Split returns the connected components of p that hold stones of both
// colours (nil when p is one component): a stone never moves off its
// component, and one of a single colour has no move.
func (Clobber) Split(p Position) []Position { return p.split(bothColours) }

func bothColours(labels []byte, comp uint64) bool {
	var seen [3]bool
	for m := comp; m != 0; m &= m - 1 {
		seen[labels[bits.TrailingZeros64(m)]] = true
	}
	return seen[Black] && seen[White]
}

// live returns p without its components of one colour.
func live(p Position) Position {
	n := p.NumVertices()
	if n == 0 {
		return p
	}
	labels, adj := p.decode()
	all := uint64(1)<<n - 1
	if n == 64 {
		all = ^uint64(0)
	}
	var set uint64
	for _, c := range components(adj, all) {
		if bothColours(labels, c) {
			set |= c
		}
	}
	if set == all {
		return p
	}
	return keep(labels, adj, set)
}

// Key returns the key of p's components with stones of both colours: see
// Position.key.
func (Clobber) Key(p Position) string { return live(p).key(nil) }

// ConjugateKey is Key up to the exchange of the colours, which exchanges
// the players and negates the value.
func (Clobber) ConjugateKey(p Position) (string, bool) { return conjugate(live(p), swapStones) }

// FormatPosition writes p in CGSuite's graph notation: x and o, edges -.
func (Clobber) FormatPosition(p Position) string { return format(stoneSyntax, p) }

// ParsePosition reads a graph in CGSuite's notation with vertices x
// (black, Left's), o (white, Right's) and . (vacant, dropped), edges -:
// "x-o-x-o", "x-o(-x;-o-x)".
func (Clobber) ParsePosition(s string) (Position, error) {
	p, err := parsePosition(stoneSyntax, s, false)
	if err != nil {
		return Position{}, err
	}
	labels, adj := p.decode()
	var stones uint64
	for v, l := range labels {
		if l != 0 {
			stones |= 1 << v
		}
	}
	return keep(labels, adj, stones), nil
}

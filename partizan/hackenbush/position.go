package hackenbush

import (
	"fmt"
	"strings"

	"github.com/grundy/grundy/notation"
	"github.com/grundy/grundy/partizan/graph"
)

// Color is the colour of an edge, which says who may cut it.
type Color byte

const (
	// Blue edges are Left's: written l (CGSuite's bLue), or b.
	Blue Color = 1
	// Red edges are Right's: written r.
	Red Color = 2
	// Green edges are either player's: written e (CGSuite's grEen), or g.
	Green Color = 3
)

func (c Color) String() string {
	switch c {
	case Blue:
		return "l"
	case Red:
		return "r"
	case Green:
		return "e"
	}
	return "?"
}

// MaxVertices and MaxEdges bound the pictures Parse reads.
const (
	MaxVertices = 255
	MaxEdges    = 1024
)

// Edge is an edge of a picture between vertices U and V (0 is the ground).
type Edge struct {
	U, V  uint8
	Color Color
}

// Position is a Hackenbush picture: edges on a ground, every edge
// connected to the ground. The zero Position is the bare ground (value 0).
// Positions are values: comparable, and never changed by the methods.
//
// Inside, the picture is its edges, three bytes each (u, v, colour), with
// the vertices numbered in the order they first appear (the ground 0
// first), so that a Position can be a map key.
type Position struct {
	enc string
}

// Edges returns the picture's edges.
func (p Position) Edges() []Edge {
	out := make([]Edge, len(p.enc)/3)
	for i := range out {
		out[i] = Edge{p.enc[3*i], p.enc[3*i+1], Color(p.enc[3*i+2])}
	}
	return out
}

// NumEdges returns the number of edges of p.
func (p Position) NumEdges() int { return len(p.enc) / 3 }

// NewPosition returns the picture of the given edges (vertex 0 is the
// ground), keeping only the edges connected to the ground.
func NewPosition(edges []Edge) Position {
	return fromEdges(edges, nil)
}

// fromEdges encodes the edges of es that are connected to the ground
// (all of them when keep is nil; those with keep[i] otherwise, then the
// connected ones among them), renumbering the vertices by first
// appearance.
func fromEdges(es []Edge, keep []bool) Position {
	var reach [256]bool
	reach[0] = true
	live := make([]bool, len(es))
	for i := range es {
		live[i] = keep == nil || keep[i]
	}
	// Grow the ground's part until nothing changes (pictures are small).
	for changed := true; changed; {
		changed = false
		for i, e := range es {
			if live[i] && reach[e.U] != reach[e.V] {
				reach[e.U], reach[e.V] = true, true
				changed = true
			}
		}
	}
	var num [256]int16
	for i := range num {
		num[i] = -1
	}
	num[0] = 0
	next := int16(1)
	b := make([]byte, 0, 3*len(es))
	for i, e := range es {
		if !live[i] || !reach[e.U] {
			continue
		}
		for _, v := range [2]uint8{e.U, e.V} {
			if num[v] < 0 {
				num[v] = next
				next++
			}
		}
		b = append(b, byte(num[e.U]), byte(num[e.V]), byte(e.Color))
	}
	return Position{string(b)}
}

var syntax = &graph.Syntax{
	What:   "position",
	Vertex: map[string]byte{},
	Edge: map[string]byte{
		"l": byte(Blue), "L": byte(Blue), "b": byte(Blue), "B": byte(Blue),
		"r": byte(Red), "R": byte(Red),
		"e": byte(Green), "E": byte(Green), "g": byte(Green), "G": byte(Green),
	},
	VertexText:  func(byte) string { return "" },
	EdgeText:    func(c byte) string { return Color(c).String() },
	MaxVertices: MaxVertices,
}

// Parse reads a Hackenbush picture in CGSuite's notation (its
// game.graph.Hackenbush): the first vertex is the ground; l (or b) is a
// blue edge, r red, e (or g) green, upper case alike.
//
//	lrlrrllr                      a stalk: 77/128
//	l(l;rl)                       a tree: two branches above the first edge
//	(lr;rl)                       two stalks on the ground: a sum
//	ee:Aeeee:A                    a cycle of four edges on a stalk of two
//	:Geeee:G                      a cycle of four edges on the ground
//
// A vertex named twice (":A" … ":A", or ":{name}") is one vertex, which
// is how cycles are written. "." is the bare ground. Every part must be
// connected to the ground: a ";" outside parentheses starts a part that
// is not, and is refused, as CGSuite refuses it.
func Parse(s string) (Position, error) {
	if strings.TrimSpace(s) == "" {
		return Position{}, &notation.SyntaxError{What: "position", Input: s, Offset: -1, Msg: "empty picture (write . for the bare ground)"}
	}
	g, parts, err := syntax.ParseParts(s)
	if err != nil {
		return Position{}, err
	}
	if len(g.Edges) > MaxEdges {
		return Position{}, &notation.SyntaxError{What: "position", Input: s, Offset: -1, Msg: fmt.Sprintf("too many edges (%d; at most %d)", len(g.Edges), MaxEdges)}
	}
	es := make([]Edge, len(g.Edges))
	for i, e := range g.Edges {
		es[i] = Edge{uint8(e.U), uint8(e.V), Color(e.Label)}
	}
	// Every vertex must be connected to the ground.
	reach := make([]bool, len(g.Labels))
	reach[0] = true
	for changed := true; changed; {
		changed = false
		for _, e := range g.Edges {
			if reach[e.U] != reach[e.V] {
				reach[e.U], reach[e.V] = true, true
				changed = true
			}
		}
	}
	for v, ok := range reach {
		if ok {
			continue
		}
		at := 0
		for _, pt := range parts {
			if pt.Vertex <= v {
				at = pt.Offset
			}
		}
		return Position{}, &notation.SyntaxError{What: "position", Input: s, Offset: at, Msg: "this part is not connected to the ground (the ground is the first vertex; write several parts on it as (A;B))"}
	}
	return NewPosition(es), nil
}

// String writes p in the notation Parse reads, as CGSuite writes it:
// from the ground, several branches in parentheses, cycles closed by
// named vertices.
func (p Position) String() string {
	if p.enc == "" {
		return "."
	}
	es := p.Edges()
	n := 0
	for _, e := range es {
		n = max(n, int(e.U)+1, int(e.V)+1)
	}
	g := &graph.Graph{Labels: make([]byte, n)}
	for _, e := range es {
		g.Edges = append(g.Edges, graph.Edge{U: int(e.U), V: int(e.V), Label: byte(e.Color)})
	}
	return syntax.Format(g)
}

// MarshalText writes p as String does.
func (p Position) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads p as Parse does.
func (p *Position) UnmarshalText(b []byte) error {
	q, err := Parse(string(b))
	if err != nil {
		return err
	}
	*p = q
	return nil
}

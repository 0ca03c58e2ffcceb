package games

import (
	"math/bits"

	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/graph"
	"github.com/grundy/grundy/partizan/hackenbush"
)

// Picture is a position of a ruleset drawn as a graph (Hackenbush, Col,
// Snort, Clobber on a graph): its vertices and edges, as a face draws
// them. Each option's Changes says which of them the move changes, so a
// face can let a click on an edge or a vertex stand for the move without
// knowing the rules.
type Picture struct {
	// Kind is "hackenbush" (edges coloured, vertex 0 the ground) or
	// "graph" (vertices labelled).
	Kind     string          `json:"kind"`
	Vertices []PictureVertex `json:"vertices"`
	Edges    []PictureEdge   `json:"edges"`
}

// PictureVertex is a vertex of a Picture.
type PictureVertex struct {
	// Label is the vertex as the position's syntax writes it: for Col and
	// Snort ".", "L" or "R" (its tint), for Clobber "x" or "o" (its
	// stone); empty in Hackenbush.
	Label string `json:"label,omitempty"`
	// Ground marks Hackenbush's ground (vertex 0).
	Ground bool `json:"ground,omitempty"`
}

// PictureEdge is an edge of a Picture between vertices U and V (U = V
// for a loop), with its colour in Hackenbush: "l" (blue, Left's), "r"
// (red, Right's) or "e" (green, either's).
type PictureEdge struct {
	U     int    `json:"u"`
	V     int    `json:"v"`
	Color string `json:"color,omitempty"`
}

// pictured is the capability of an engine whose positions are pictures:
// the picture of a position, and for each option of a side (in the order
// of the solver's options) the indices of what it changes.
type pictured interface {
	picture(p any) *Picture
	changes(p any, s partizan.Side) [][]int
}

// hackenbushEngine draws Hackenbush positions: a move cuts one edge.
type hackenbushEngine struct{ engine }

func (hackenbushEngine) picture(p any) *Picture {
	es := p.(hackenbush.Position).Edges()
	pic := &Picture{Kind: "hackenbush", Vertices: []PictureVertex{{Ground: true}}, Edges: []PictureEdge{}}
	n := 1
	for _, e := range es {
		n = max(n, int(e.U)+1, int(e.V)+1)
		pic.Edges = append(pic.Edges, PictureEdge{U: int(e.U), V: int(e.V), Color: e.Color.String()})
	}
	for len(pic.Vertices) < n {
		pic.Vertices = append(pic.Vertices, PictureVertex{})
	}
	return pic
}

func (hackenbushEngine) changes(p any, s partizan.Side) [][]int {
	var out [][]int
	for _, i := range (hackenbush.Game{}).CutEdges(p.(hackenbush.Position), s) {
		out = append(out, []int{i})
	}
	return out
}

// graphEngine draws the positions of a game on a graph: a move colours a
// vertex (Col, Snort) or moves a stone between two (Clobber).
type graphEngine struct {
	engine
	labels []string // the syntax of a vertex's label code
	moves  func(graph.Position, partizan.Side) [][]int
}

func (g graphEngine) picture(p any) *Picture {
	q := p.(graph.Position)
	pic := &Picture{Kind: "graph", Vertices: []PictureVertex{}, Edges: []PictureEdge{}}
	for v := range q.NumVertices() {
		label := "?"
		if c := int(q.Label(v)); c < len(g.labels) {
			label = g.labels[c]
		}
		pic.Vertices = append(pic.Vertices, PictureVertex{Label: label})
		for m := q.Neighbours(v) &^ (uint64(1)<<(v+1) - 1); m != 0; m &= m - 1 {
			pic.Edges = append(pic.Edges, PictureEdge{U: v, V: bits.TrailingZeros64(m)})
		}
	}
	return pic
}

func (g graphEngine) changes(p any, s partizan.Side) [][]int { return g.moves(p.(graph.Position), s) }

// pictureOf is the picture of a one-ruleset position, when its ruleset
// draws one (nil otherwise), counted against the output budget.
func (s *session) pictureOf(k *component) (*Picture, error) {
	pe, ok := k.r.eng.(pictured)
	if !ok {
		return nil, nil
	}
	pic := pe.picture(k.pos.p)
	return pic, s.emit(32*len(pic.Vertices) + 40*len(pic.Edges))
}

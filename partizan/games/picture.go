package games

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

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
// the picture of a position, the position a picture draws (a
// *PictureError when it draws none), and for each option of a side (in
// the order of the solver's options) the indices of what it changes.
type pictured interface {
	picture(p any) *Picture
	position(pic *Picture) (any, error)
	changes(p any, s partizan.Side) [][]int
}

// PictureError is a picture that draws no position of its ruleset: a
// vertex or an edge the ruleset has not, too many of them, a part of a
// Hackenbush picture that does not reach the ground.
type PictureError struct {
	Ruleset string
	Msg     string
}

func (e *PictureError) Error() string { return fmt.Sprintf("%s picture: %s", e.Ruleset, e.Msg) }

// FromPicture returns the position pic draws, as the picture of an
// analysis (Analysis.Picture) draws it: the inverse of that picture, up to
// the numbering of the vertices (and without the vacant vertices of a
// Clobber graph, which its parser drops too). A picture that draws none (a vertex or an
// edge out of range, an edge colour or a vertex label the ruleset has not,
// more vertices or edges than its syntax reads, a Hackenbush vertex that
// does not reach the ground, a loop or a repeated edge in a graph) is a
// *PictureError, and so is a ruleset not drawn as a picture.
func (r *Ruleset) FromPicture(pic *Picture) (Position, error) {
	pe, ok := r.eng.(pictured)
	if !ok {
		return Position{}, &PictureError{Ruleset: r.Name, Msg: fmt.Sprintf("its positions are not pictures (its board is %s)", r.Board)}
	}
	p, err := pe.position(pic)
	if err != nil {
		return Position{}, err
	}
	return Position{Ruleset: r, p: p}, nil
}

// FormatPicture writes the position pic draws (FromPicture) in the
// syntax of the ruleset named game, as its own formatter writes it
// (Position.String): the text a face puts in place of a picture edited.
func FormatPicture(game string, pic *Picture) (string, error) {
	r, err := Lookup(Rulesets(), game)
	if err != nil {
		return "", err
	}
	p, err := r.FromPicture(pic)
	if err != nil {
		return "", err
	}
	return p.String(), nil
}

// checkPicture checks what every picture of kind must hold: its kind, at
// most maxV vertices and maxE edges, each edge's ends vertices.
func checkPicture(name, kind string, pic *Picture, maxV, maxE int) error {
	bad := func(format string, args ...any) error {
		return &PictureError{Ruleset: name, Msg: fmt.Sprintf(format, args...)}
	}
	switch n := len(pic.Vertices); {
	case pic.Kind != kind:
		return bad("the kind is %q, not %q", pic.Kind, kind)
	case n > maxV:
		return bad("%d vertices (at most %d)", n, maxV)
	case len(pic.Edges) > maxE:
		return bad("%d edges (at most %d)", len(pic.Edges), maxE)
	}
	for i, e := range pic.Edges {
		if e.U < 0 || e.V < 0 || e.U >= len(pic.Vertices) || e.V >= len(pic.Vertices) {
			return bad("edge %d joins %d and %d, but the vertices are numbered from 0 to %d", i, e.U, e.V, len(pic.Vertices)-1)
		}
	}
	return nil
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

func (hackenbushEngine) position(pic *Picture) (any, error) {
	bad := func(format string, args ...any) error {
		return &PictureError{Ruleset: "hackenbush", Msg: fmt.Sprintf(format, args...)}
	}
	if err := checkPicture("hackenbush", "hackenbush", pic, hackenbush.MaxVertices, hackenbush.MaxEdges); err != nil {
		return nil, err
	}
	if len(pic.Vertices) == 0 {
		return nil, bad("no ground (vertex 0)")
	}
	for v, x := range pic.Vertices {
		switch {
		case x.Ground != (v == 0):
			return nil, bad("vertex %d: the ground is vertex 0, and only it", v)
		case x.Label != "":
			return nil, bad("vertex %d: Hackenbush vertices have no label (%q)", v, x.Label)
		}
	}
	color := map[string]hackenbush.Color{"l": hackenbush.Blue, "r": hackenbush.Red, "e": hackenbush.Green}
	es := make([]hackenbush.Edge, len(pic.Edges))
	for i, e := range pic.Edges {
		c, ok := color[e.Color]
		if !ok {
			return nil, bad("edge %d: colour %q (l blue, r red or e green)", i, e.Color)
		}
		es[i] = hackenbush.Edge{U: uint8(e.U), V: uint8(e.V), Color: c}
	}
	// Every vertex reaches the ground, as Parse requires.
	reach := make([]bool, len(pic.Vertices))
	reach[0] = true
	for changed := true; changed; {
		changed = false
		for _, e := range pic.Edges {
			if reach[e.U] != reach[e.V] {
				reach[e.U], reach[e.V] = true, true
				changed = true
			}
		}
	}
	for v, ok := range reach {
		if !ok {
			return nil, bad("vertex %d does not reach the ground", v)
		}
	}
	return hackenbush.NewPosition(es), nil
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
	name   string   // the ruleset's
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

func (g graphEngine) position(pic *Picture) (any, error) {
	name := g.name
	bad := func(format string, args ...any) error {
		return &PictureError{Ruleset: name, Msg: fmt.Sprintf(format, args...)}
	}
	if err := checkPicture(name, "graph", pic, graph.MaxVertices, graph.MaxVertices*(graph.MaxVertices-1)/2); err != nil {
		return nil, err
	}
	labels := make([]byte, len(pic.Vertices))
	for v, x := range pic.Vertices {
		c := slices.Index(g.labels, x.Label)
		switch {
		case x.Ground:
			return nil, bad("vertex %d: a graph has no ground", v)
		case x.Label == "":
			c = 0 // the default label, left out
		case c < 0:
			return nil, bad("vertex %d: label %q (%s)", v, x.Label, strings.Join(g.labels, ", "))
		}
		labels[v] = byte(c)
	}
	joined := make([]uint64, len(pic.Vertices))
	es := make([]graph.Edge, len(pic.Edges))
	for i, e := range pic.Edges {
		switch {
		case e.U == e.V:
			return nil, bad("edge %d is a loop at vertex %d", i, e.U)
		case joined[e.U]&(1<<e.V) != 0:
			return nil, bad("edge %d joins %d and %d again", i, e.U, e.V)
		case e.Color != "":
			return nil, bad("edge %d: graph edges have no colour (%q)", i, e.Color)
		}
		joined[e.U] |= 1 << e.V
		joined[e.V] |= 1 << e.U
		es[i] = graph.Edge{U: e.U, V: e.V, Label: 1}
	}
	// The position the text reads as: the same graph, but Clobber drops
	// its vacant vertices (graph.Clobber.ParsePosition).
	return g.parse(g.format(graph.NewPosition(labels, es)))
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

package games

import (
	"context"
	"slices"
	"testing"

	"github.com/grundy/grundy/partizan/hackenbush"
)

// A Hackenbush analysis draws the position (Picture) and names the edge
// each option cuts: the option is the picture without that edge, what no
// longer reaches the ground dropped (hackenbush.NewPosition), and the
// edge is one of the mover's colours or green.
func TestHackenbushPicture(t *testing.T) {
	ctx := context.Background()
	others := 0 // moves to the position of another option
	for _, pos := range []string{"lrl", "l(l;r)", "lrl(r;l)", "ee:Aeeee:A", "(lr;rl;e)", "(l;l;r)", "."} {
		a, err := Analyze(ctx, "hackenbush", pos, settings())
		if err != nil {
			t.Fatal(err)
		}
		pic := a.Picture
		if pic == nil || pic.Kind != "hackenbush" || len(pic.Vertices) == 0 || !pic.Vertices[0].Ground {
			t.Fatalf("hackenbush %s: picture %+v", pos, pic)
		}
		var es []hackenbush.Edge
		color := map[string]hackenbush.Color{"l": hackenbush.Blue, "r": hackenbush.Red, "e": hackenbush.Green}
		for _, e := range pic.Edges {
			es = append(es, hackenbush.Edge{U: uint8(e.U), V: uint8(e.V), Color: color[e.Color]})
		}
		if got := hackenbush.NewPosition(es).String(); got != a.Position {
			t.Errorf("hackenbush %s: the picture is %s", pos, got)
		}
		for _, side := range []struct {
			moves []Move
			own   string
		}{{a.LeftOptions, "l"}, {a.RightOptions, "r"}} {
			for _, m := range side.moves {
				for _, ch := range append([][]int{m.Changes}, m.OtherChanges...) {
					if len(ch) != 1 {
						t.Fatalf("hackenbush %s: option %s changes %v", pos, m.To, ch)
					}
					i := ch[0]
					if c := pic.Edges[i].Color; c != side.own && c != "e" {
						t.Errorf("hackenbush %s: option %s cuts edge %d of colour %s", pos, m.To, i, c)
					}
					if got := hackenbush.NewPosition(slices.Delete(slices.Clone(es), i, i+1)).String(); got != m.To {
						t.Errorf("hackenbush %s: option %s, but without edge %d the picture is %s", pos, m.To, i, got)
					}
				}
				others += len(m.OtherChanges)
			}
		}
	}
	if others == 0 {
		t.Error("no option had two moves to it: (l;l;r) has two cuts to (l;r)")
	}
	// A sum has no picture and its moves no changes.
	a, err := Analyze(ctx, "sum", "hackenbush lrl + ^", settings())
	if err != nil {
		t.Fatal(err)
	}
	if a.Picture != nil || a.LeftOptions[0].Changes != nil {
		t.Errorf("a sum: picture %+v, changes %v", a.Picture, a.LeftOptions[0].Changes)
	}
}

// A graph game's analysis draws the graph, and each option names the
// vertices it changes: Col and Snort the vertex coloured, which a player
// may not colour when it carries her own tint (Col) or the other's
// (Snort); Clobber the vertex of the mover's stone and the adjacent one
// of the other colour it captures.
func TestGraphPicture(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		game      string
		positions []string
		forbidden [2]string // Left's and Right's forbidden tint (Col, Snort)
	}{
		{"col", []string{"path(5)", "R-.-R-.-L", ".-.(-L;-R)"}, [2]string{"L", "R"}},
		{"snort", []string{"path(5)", "L-.-.-.-L", ".-.(-L;-R)"}, [2]string{"R", "L"}},
		{"clobber-graph", []string{"x-o-x-o-x", "x-o(-x;-o)", "o-x-x-o"}, [2]string{}},
	} {
		for _, pos := range c.positions {
			a, err := Analyze(ctx, c.game, pos, settings())
			if err != nil {
				t.Fatal(err)
			}
			pic := a.Picture
			if pic == nil || pic.Kind != "graph" {
				t.Fatalf("%s %s: picture %+v", c.game, pos, pic)
			}
			adjacent := func(u, v int) bool {
				return slices.ContainsFunc(pic.Edges, func(e PictureEdge) bool { return e.U == u && e.V == v || e.U == v && e.V == u })
			}
			for si, ms := range [][]Move{a.LeftOptions, a.RightOptions} {
				us, them := "x", "o"
				if si == 1 {
					us, them = "o", "x"
				}
				for _, m := range ms {
					ok := false
					if c.game == "clobber-graph" {
						ok = len(m.Changes) == 2 && pic.Vertices[m.Changes[0]].Label == us && pic.Vertices[m.Changes[1]].Label == them && adjacent(m.Changes[0], m.Changes[1])
					} else {
						ok = len(m.Changes) == 1 && pic.Vertices[m.Changes[0]].Label != c.forbidden[si]
					}
					if !ok {
						t.Errorf("%s %s: side %d's option %s changes %v", c.game, pos, si, m.To, m.Changes)
					}
				}
			}
		}
	}
}

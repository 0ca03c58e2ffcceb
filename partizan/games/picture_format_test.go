package games

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy/partizan/graph"
	"github.com/grundy/grundy/partizan/hackenbush"
)

// shapeKey is a picture's edges, each as its two ends (the least first)
// and its colour, sorted: the picture up to the order of its edges, under
// the numbering perm of its vertices.
func shapeKey(pic *Picture, perm []int) []string {
	out := make([]string, len(pic.Edges))
	for i, e := range pic.Edges {
		u, v := perm[e.U], perm[e.V]
		out[i] = fmt.Sprintf("%d %d %s", min(u, v), max(u, v), e.Color)
	}
	slices.Sort(out)
	return out
}

// samePicture says whether a and b are the same picture up to the
// numbering of their vertices (the ground staying the ground), by trying
// every numbering: the pictures of these tests have at most 8 vertices.
func samePicture(a, b *Picture) bool {
	n := len(a.Vertices)
	if a.Kind != b.Kind || n != len(b.Vertices) || len(a.Edges) != len(b.Edges) {
		return false
	}
	label := func(p *Picture, v int) string {
		if l := p.Vertices[v].Label; l != "" || p.Kind == "hackenbush" {
			return l
		}
		return "." // a graph's default label, left out
	}
	id := make([]int, n)
	for i := range id {
		id[i] = i
	}
	want := shapeKey(b, id)
	perm := make([]int, n)
	used := make([]bool, n)
	var try func(v int) bool
	try = func(v int) bool {
		if v == n {
			return slices.Equal(shapeKey(a, perm), want)
		}
		for w := range n {
			if used[w] || label(a, v) != label(b, w) || a.Vertices[v].Ground != b.Vertices[w].Ground {
				continue
			}
			used[w], perm[v] = true, w
			if try(v + 1) {
				return true
			}
			used[w] = false
		}
		return false
	}
	return try(0)
}

// parsedPicture reads text as the ruleset's own parser does
// (hackenbush.Parse, graph's ParsePosition) and writes down the picture it
// reads, independently of Picture's code.
func parsedPicture(t *testing.T, game, text string) *Picture {
	t.Helper()
	if game == "hackenbush" {
		p, err := hackenbush.Parse(text)
		if err != nil {
			t.Fatalf("hackenbush %q: %v", text, err)
		}
		pic := &Picture{Kind: "hackenbush", Vertices: []PictureVertex{{Ground: true}}}
		for _, e := range p.Edges() {
			for len(pic.Vertices) <= int(max(e.U, e.V)) {
				pic.Vertices = append(pic.Vertices, PictureVertex{})
			}
			pic.Edges = append(pic.Edges, PictureEdge{U: int(e.U), V: int(e.V), Color: e.Color.String()})
		}
		return pic
	}
	var p graph.Position
	var err error
	names := []string{".", "L", "R"}
	switch game {
	case "col":
		p, err = graph.Col{}.ParsePosition(text)
	case "snort":
		p, err = graph.Snort{}.ParsePosition(text)
	case "clobber-graph":
		p, err = graph.Clobber{}.ParsePosition(text)
		names = []string{".", "x", "o"}
	}
	if err != nil {
		t.Fatalf("%s %q: %v", game, text, err)
	}
	pic := &Picture{Kind: "graph"}
	for v := range p.NumVertices() {
		pic.Vertices = append(pic.Vertices, PictureVertex{Label: names[p.Label(v)]})
		for w := v + 1; w < p.NumVertices(); w++ {
			if p.Neighbours(v)&(1<<w) != 0 {
				pic.Edges = append(pic.Edges, PictureEdge{U: v, V: w})
			}
		}
	}
	return pic
}

// withoutVacant is a Clobber picture without its vacant vertices (".")
// and their edges, the others renumbered in order.
func withoutVacant(pic *Picture) *Picture {
	out := &Picture{Kind: pic.Kind}
	num := make([]int, len(pic.Vertices))
	for v, x := range pic.Vertices {
		num[v] = -1
		if x.Label != "." {
			num[v] = len(out.Vertices)
			out.Vertices = append(out.Vertices, x)
		}
	}
	for _, e := range pic.Edges {
		if num[e.U] >= 0 && num[e.V] >= 0 {
			out.Edges = append(out.Edges, PictureEdge{U: num[e.U], V: num[e.V], Color: e.Color})
		}
	}
	return out
}

// randomPictures are the pictures a face may send: Hackenbush pictures
// (a tree on the ground, then any edges: loops, parallel edges, cycles;
// in any order) and labelled graphs of Col, Snort and Clobber (several
// parts, lone vertices, the graph with none).
func randomPictures(r *rand.Rand, n int) (games []string, pics []*Picture) {
	colours := []string{"l", "r", "e"}
	for range n {
		k := 1 + r.IntN(7)
		pic := &Picture{Kind: "hackenbush", Vertices: make([]PictureVertex, k)}
		pic.Vertices[0].Ground = true
		for v := 1; v < k; v++ {
			pic.Edges = append(pic.Edges, PictureEdge{U: r.IntN(v), V: v, Color: colours[r.IntN(3)]})
		}
		for range r.IntN(4) {
			pic.Edges = append(pic.Edges, PictureEdge{U: r.IntN(k), V: r.IntN(k), Color: colours[r.IntN(3)]})
		}
		r.Shuffle(len(pic.Edges), func(i, j int) { pic.Edges[i], pic.Edges[j] = pic.Edges[j], pic.Edges[i] })
		games, pics = append(games, "hackenbush"), append(pics, pic)
	}
	for i := range n {
		game, names := []string{"col", "snort", "clobber-graph"}[i%3], []string{".", "L", "R"}
		if game == "clobber-graph" {
			names = []string{".", "x", "o"}
		}
		k := r.IntN(8)
		pic := &Picture{Kind: "graph", Vertices: make([]PictureVertex, k)}
		for v := range k {
			pic.Vertices[v].Label = names[r.IntN(len(names))]
			for w := range v {
				if r.IntN(5) < 2 {
					pic.Edges = append(pic.Edges, PictureEdge{U: w, V: v})
				}
			}
		}
		r.Shuffle(len(pic.Edges), func(i, j int) { pic.Edges[i], pic.Edges[j] = pic.Edges[j], pic.Edges[i] })
		games, pics = append(games, game), append(pics, pic)
	}
	return games, pics
}

// FormatPicture writes every picture so that the ruleset's parser reads
// the same picture back (up to the numbering of its vertices, by brute
// force), for 300 random Hackenbush pictures and 300 random graphs; the
// text is the ruleset's own (Parse then String gives it back), and the
// picture of the position read (Analysis.Picture's) is written as the same
// text.
func TestFormatPicture(t *testing.T) {
	r := rand.New(rand.NewPCG(46, 2))
	games, pics := randomPictures(r, 300)
	for i, pic := range pics {
		game := games[i]
		text, err := FormatPicture(game, pic)
		if err != nil {
			t.Fatalf("%s %+v: %v", game, pic, err)
		}
		want := pic
		if game == "clobber-graph" {
			want = withoutVacant(pic) // as Clobber's parser drops them
		}
		if got := parsedPicture(t, game, text); !samePicture(got, want) {
			t.Errorf("%s: %+v is written %q, which the parser reads as %+v", game, pic, text, got)
		}
		rs, _ := Lookup(Rulesets(), game)
		p, err := rs.Parse(text)
		if err != nil {
			t.Fatalf("%s %q: %v", game, text, err)
		}
		if p.String() != text {
			t.Errorf("%s: %q is read and written as %q", game, text, p.String())
		}
		if again, err := FormatPicture(game, rs.eng.(pictured).picture(p.p)); err != nil || again != text {
			t.Errorf("%s %q: its picture is written %q (%v)", game, text, again, err)
		}
	}
	// The bare ground and the graph with no vertex.
	for game, want := range map[string]string{"hackenbush": ".", "col": "empty", "clobber-graph": "empty"} {
		pic := &Picture{Kind: "graph"}
		if game == "hackenbush" {
			pic = &Picture{Kind: "hackenbush", Vertices: []PictureVertex{{Ground: true}}}
		}
		if got, err := FormatPicture(game, pic); got != want || err != nil {
			t.Errorf("%s, nothing drawn: %q, %v; want %q", game, got, err, want)
		}
	}
}

// A picture that draws no position is one *PictureError naming what is
// wrong (a bad input: stop.Of, checked by internal/stop's test).
func TestFormatPictureErrors(t *testing.T) {
	ground := []PictureVertex{{Ground: true}, {}, {}}
	hb := func(vs []PictureVertex, es ...PictureEdge) *Picture {
		return &Picture{Kind: "hackenbush", Vertices: vs, Edges: es}
	}
	gr := func(labels string, es ...PictureEdge) *Picture {
		pic := &Picture{Kind: "graph", Edges: es}
		for _, l := range labels {
			pic.Vertices = append(pic.Vertices, PictureVertex{Label: string(l)})
		}
		return pic
	}
	e := func(u, v int, c string) PictureEdge { return PictureEdge{U: u, V: v, Color: c} }
	for _, c := range []struct {
		game string
		pic  *Picture
		want string
	}{
		{"domineering", hb(ground), "domineering picture: its positions are not pictures (its board is grid)"},
		{"hackenbush", gr("."), `hackenbush picture: the kind is "graph", not "hackenbush"`},
		{"col", hb(ground), `col picture: the kind is "hackenbush", not "graph"`},
		{"hackenbush", hb(nil), "no ground"},
		{"hackenbush", hb(ground[1:], e(0, 1, "l")), "vertex 0: the ground is vertex 0, and only it"},
		{"hackenbush", hb([]PictureVertex{{Ground: true}, {Ground: true}}, e(0, 1, "l")), "vertex 1: the ground is vertex 0"},
		{"hackenbush", hb([]PictureVertex{{Ground: true}, {Label: "L"}}, e(0, 1, "l")), `vertex 1: Hackenbush vertices have no label ("L")`},
		{"hackenbush", hb(ground, e(0, 1, "l"), e(1, 3, "r")), "edge 1 joins 1 and 3, but the vertices are numbered from 0 to 2"},
		{"hackenbush", hb(ground, e(0, -1, "l")), "edge 0 joins 0 and -1"},
		{"hackenbush", hb(ground, e(0, 1, "l"), e(1, 2, "blue")), `edge 1: colour "blue" (l blue, r red or e green)`},
		{"hackenbush", hb(ground, e(0, 1, "l"), e(2, 2, "l")), "vertex 2 does not reach the ground"},
		{"hackenbush", hb(make([]PictureVertex, 256)), "256 vertices (at most 255)"},
		{"hackenbush", hb(ground, make([]PictureEdge, 1025)...), "1025 edges (at most 1024)"},
		{"col", gr(".L.", e(0, 1, ""), e(1, 1, "")), "edge 1 is a loop at vertex 1"},
		{"col", gr(".L.", e(0, 1, ""), e(1, 0, "")), "edge 1 joins 1 and 0 again"},
		{"col", gr(".L.", e(0, 1, "l")), `edge 0: graph edges have no colour ("l")`},
		{"col", gr(".x."), `col picture: vertex 1: label "x" (., L, R)`},
		{"clobber-graph", gr("xL"), `clobber-graph picture: vertex 1: label "L" (., x, o)`},
		{"snort", &Picture{Kind: "graph", Vertices: []PictureVertex{{Ground: true}}}, "vertex 0: a graph has no ground"},
		{"snort", gr(strings.Repeat(".", 65)), "65 vertices (at most 64)"},
		{"col", gr("..", e(0, 2, "")), "edge 0 joins 0 and 2, but the vertices are numbered from 0 to 1"},
	} {
		_, err := FormatPicture(c.game, c.pic)
		var pe *PictureError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %+.200v: %v, want a *PictureError containing %q", c.game, c.pic, err, c.want)
		}
	}
	var ne *NameError
	if _, err := FormatPicture("hackenbus", &Picture{}); !errors.As(err, &ne) || ne.Near != "hackenbush" {
		t.Errorf("an unknown ruleset: %v", err)
	}
}

// FuzzFormatPicture: any picture (any JSON read as one) is written, or is
// a *PictureError; never a panic. What is written is the ruleset's own
// text (Parse then String gives it back), and the picture of the position
// it reads is written the same.
func FuzzFormatPicture(f *testing.F) {
	for _, s := range []string{
		`{"kind":"hackenbush","vertices":[{"ground":true},{},{}],"edges":[{"u":0,"v":1,"color":"l"},{"u":1,"v":2,"color":"r"},{"u":2,"v":2,"color":"e"}]}`,
		`{"kind":"hackenbush","vertices":[{"ground":true},{}],"edges":[{"u":1,"v":0,"color":"e"},{"u":0,"v":1,"color":"e"}]}`,
		`{"kind":"graph","vertices":[{"label":"L"},{},{"label":"R"}],"edges":[{"u":0,"v":2},{"u":2,"v":1}]}`,
		`{"kind":"graph","vertices":[{"label":"x"},{"label":"."},{"label":"o"}],"edges":[{"u":0,"v":1},{"u":1,"v":2},{"u":0,"v":2}]}`,
		`{"kind":"graph","vertices":[{"label":"x"}],"edges":[{"u":0,"v":63}]}`,
	} {
		for g := range uint8(4) {
			f.Add(g, s)
		}
	}
	names := []string{"hackenbush", "col", "snort", "clobber-graph"}
	f.Fuzz(func(t *testing.T, g uint8, raw string) {
		var pic Picture
		if json.Unmarshal([]byte(raw), &pic) != nil {
			return
		}
		game := names[int(g)%len(names)]
		text, err := FormatPicture(game, &pic)
		var pe *PictureError
		if err != nil {
			if !errors.As(err, &pe) {
				t.Fatalf("%s %s: %v, not a *PictureError", game, raw, err)
			}
			return
		}
		rs, _ := Lookup(Rulesets(), game)
		p, err := rs.Parse(text)
		if err != nil || p.String() != text {
			t.Fatalf("%s %s: written %q, read back %v (%v)", game, raw, text, p, err)
		}
		if again, err := FormatPicture(game, rs.eng.(pictured).picture(p.p)); err != nil || again != text {
			t.Fatalf("%s %s: %q, whose picture is written %q (%v)", game, raw, text, again, err)
		}
	})
}

package graph

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/longtest"
	"github.com/grundy/grundy/notation"
	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/rulesettest"
)

// randomGraphs returns graphs of up to n vertices with labels drawn from
// labels: paths, cycles, trees and others.
func randomGraphs(seed uint64, count, n int, labels []byte) []Position {
	r := rand.New(rand.NewPCG(seed, 11))
	var out []Position
	for range count {
		nv := 1 + r.IntN(n)
		ls := make([]byte, nv)
		for i := range ls {
			ls[i] = labels[r.IntN(len(labels))]
		}
		adj := make([]uint64, nv)
		link := func(a, b int) {
			if a != b {
				adj[a] |= 1 << b
				adj[b] |= 1 << a
			}
		}
		switch r.IntN(4) {
		case 0: // path
			for v := 1; v < nv; v++ {
				link(v-1, v)
			}
		case 1: // cycle
			for v := 1; v < nv; v++ {
				link(v-1, v)
			}
			link(nv-1, 0)
		case 2: // tree
			for v := 1; v < nv; v++ {
				link(r.IntN(v), v)
			}
		default: // anything
			for range nv + r.IntN(nv+1) {
				link(r.IntN(nv), r.IntN(nv))
			}
		}
		out = append(out, build(ls, adj))
	}
	return out
}

func count(short, long int) int {
	if longtest.Enabled() {
		return long
	}
	return short
}

func TestColAgainstOracle(t *testing.T) {
	rulesettest.Check[Position, string](t, Col{}, randomGraphs(1, count(150, 1500), 6, []byte{0, 0, 1, 2}))
}

func TestSnortAgainstOracle(t *testing.T) {
	rulesettest.Check[Position, string](t, Snort{}, randomGraphs(2, count(150, 1500), 6, []byte{0, 0, 1, 2}))
}

func TestClobberAgainstOracle(t *testing.T) {
	rulesettest.Check[Position, string](t, Clobber{}, randomGraphs(3, count(150, 1500), 6, []byte{1, 2}))
}

func solve[P any, K comparable](t testing.TB, r interface {
	partizan.Ruleset[P, K]
	ParsePosition(string) (P, error)
}, pos, want string) {
	t.Helper()
	p, err := r.ParsePosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	c := partizan.NewStore(partizan.Config{}).Calc(context.Background(), impartial.Budget{})
	g, err := partizan.Solve(c, r, p)
	if err != nil {
		t.Fatal(err)
	}
	w, err := c.Parse(want)
	if err != nil {
		t.Fatal(err)
	}
	if g != w {
		t.Errorf("%s = %s, want %s", pos, g, want)
	}
}

// CGSuite's own test values (aaron-siegel/cgsuite,
// lib/core/src/test/scala/org/cgsuite/lang/GameGraphTest.scala, "define
// Col properly").
func TestCGSuiteGraphValues(t *testing.T) {
	solve[Position, string](t, Col{}, "R-.-R-.-L-.-R-.-R-.", "7/8")
	solve[Position, string](t, Snort{}, "L-.-.-.-L", "{4|0,+-1}")
	solve[Position, string](t, Snort{}, ".-.-.(-.;-.)", "+-{3|2}")
}

// Winning Ways, ch. 2: Col and Snort on small graphs.
func TestWinningWaysValues(t *testing.T) {
	solve[Position, string](t, Col{}, ".", "*")         // one uncoloured vertex: either may colour it
	solve[Position, string](t, Col{}, ".-.", "0")       // an edge: whoever colours first leaves one tinted vertex for the other
	solve[Position, string](t, Col{}, "L", "-1")        // only Right may colour it
	solve[Position, string](t, Snort{}, ".-.", "+-1")   // an edge: the first to colour takes both
	solve[Position, string](t, Snort{}, "L", "1")       // only Left may colour it
	solve[Position, string](t, Snort{}, "path(1)", "*") // either
	solve[Position, string](t, Col{}, "cycle(3)", "0")
}

// Clobber on a path written as a graph is Clobber on a 1×n board.
func TestClobberGraphIsGrid(t *testing.T) {
	solve[Position, string](t, Clobber{}, "x-o", "*")
	solve[Position, string](t, Clobber{}, "x-o-x", "*")
	// CGSuite's grid value of xox|ox., written as a graph: vertices
	// (row, col) with their grid neighbours.
	solve[Position, string](t, Clobber{}, "x:A-o:B-x:C;o:D-x:E;x:A-o:D;o:B-x:E", "{^^*|*,v}")
}

func TestParseGraphs(t *testing.T) {
	for _, c := range []struct{ in, out string }{
		{"L-.-.-.-L", "L-.-.-.-L"},
		{"l-.-r", "L-.-R"},
		{"path(3)", ".-.-."},
		{"cycle(4)", ".:A-.-.-.-.:A"},
		{".-.-.(-.;-.)", ".-.-.(-.;-.)"},
		{"empty", "empty"},
	} {
		p, err := Snort{}.ParsePosition(c.in)
		if err != nil {
			t.Fatalf("%q: %v", c.in, err)
		}
		if got := (Snort{}).FormatPosition(p); got != c.out {
			t.Errorf("%q writes as %q, want %q", c.in, got, c.out)
		}
	}
	if p, err := (Clobber{}).ParsePosition("x-.-o"); err != nil || p.NumVertices() != 2 {
		t.Errorf("x-.-o: %v %v (the vacant vertex is dropped)", p, err)
	}
	for _, c := range []struct{ in, want string }{
		{"L-x", `position "L-x": column 3: "x" is not an edge here`},
		{" ", `position " ": empty graph (write empty for the graph with no vertex)`},
		{"path(0)", `position "path(0)": column 6: number of vertices "0" is not a whole number in 1..64`},
		{"cycle(2)", `position "cycle(2)": column 7: number of vertices "2" is not a whole number in 3..64`},
		{"path(65)", `too large`},
		{strings.Repeat(".-", 64) + ".", `too many vertices (at most 64)`},
		{"L:A-R:A", `vertex "A" is named twice with different labels`},
	} {
		_, err := Snort{}.ParsePosition(c.in)
		var se *notation.SyntaxError
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.As(err, &se) {
			t.Errorf("Parse(%q) = %v, want %s", c.in, err, c.want)
		}
	}
}

func FuzzParseGraph(f *testing.F) {
	for _, s := range []string{"L-.-.-.-L", ".-.-.(-.;-.)", "path(7)", "cycle(5)", "x-o-x", "x:A-o-x:A", "", ";", "(", "L:{a}-R"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, r := range []interface {
			ParsePosition(string) (Position, error)
			FormatPosition(Position) string
		}{Snort{}, Clobber{}} {
			p, err := r.ParsePosition(s)
			if err != nil {
				if strings.Contains(err.Error(), "\n") {
					t.Fatalf("error spans lines: %v", err)
				}
				continue
			}
			out := r.FormatPosition(p)
			q, err := r.ParsePosition(out)
			if err != nil || r.FormatPosition(q) != out || q.NumVertices() != p.NumVertices() {
				t.Fatalf("%q writes %q, which reads back as %q, %v", s, out, r.FormatPosition(q), err)
			}
		}
	})
}

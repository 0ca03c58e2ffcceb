package games

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grundy/grundy/notation"
	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/cutcake"
	"github.com/grundy/grundy/partizan/graph"
	"github.com/grundy/grundy/partizan/grid"
	"github.com/grundy/grundy/partizan/hackenbush"
	"github.com/grundy/grundy/partizan/strip"
)

// Ruleset describes one partizan ruleset grundy plays: its name, who Left
// and Right are, and its position syntax (the same on the CLI, the API and
// the web). Its positions are read by Parse.
type Ruleset struct {
	// Name is the ruleset's name in specs ("domineering").
	Name string `json:"name"`
	// Aliases are other names it answers to.
	Aliases []string `json:"aliases,omitempty"`
	// Title is its human name ("Domineering").
	Title string `json:"title"`
	// Rule states the rule in one sentence.
	Rule string `json:"rule"`
	// Left and Right say who the players are ("vertical dominoes"); empty
	// for an impartial ruleset.
	Left  string `json:"left"`
	Right string `json:"right"`
	// Syntax describes the position syntax in one line.
	Syntax string `json:"syntax"`
	// Example is a position in that syntax.
	Example string `json:"example"`
	// Board names the picture a face draws of a position: "grid" (rows
	// separated by |), "strip", "graph", "hackenbush" or "cakes".
	Board string `json:"board"`
	// Impartial says that both players have the same moves (Cram): every
	// value is a nimber.
	Impartial bool `json:"impartial,omitempty"`
	// Known are values of positions as the literature or CGSuite's own
	// tests give them, each with its source: what grundy games RULESET
	// prints, and what TestRegistry checks against the solver.
	Known []Known `json:"known"`

	eng engine
}

// Known is a value of a ruleset's position published with its source.
type Known struct {
	// Position is in the ruleset's syntax.
	Position string `json:"position"`
	// Value is its canonical form in CGSuite's notation.
	Value string `json:"value"`
	// Source is where it is published.
	Source string `json:"source"`
}

// The sources of Known values.
const (
	cgsGrid  = "CGSuite's GameGridTest" // aaron-siegel/cgsuite, lib/core/src/test/scala/org/cgsuite/lang/
	cgsStrip = "CGSuite's GameStripTest"
	cgsGraph = "CGSuite's GameGraphTest"
	ernst    = "Ernst, Playing Konane mathematically, 1995" // UMAP Journal 16; the tests of ishehadeh/konjecture state its values
)

// engine is a ruleset's positions and solver, with the position type
// erased: each ruleset package has its own P and K (partizan.Ruleset[P, K]).
type engine interface {
	parse(s string) (any, error)
	format(p any) string
	solver(c *partizan.Calc) solver
}

// solver is a partizan.Solver of one ruleset, type-erased.
type solver interface {
	value(p any) (partizan.Game, error)
	options(p any, s partizan.Side) ([]any, []partizan.Game, error)
}

// rules is what a ruleset package provides: the partizan.Ruleset and its
// notation.
type rules[P any, K comparable] interface {
	partizan.Ruleset[P, K]
	ParsePosition(s string) (P, error)
	FormatPosition(p P) string
}

type adapter[P any, K comparable] struct{ r rules[P, K] }

func (a adapter[P, K]) parse(s string) (any, error) { return a.r.ParsePosition(s) }
func (a adapter[P, K]) format(p any) string         { return a.r.FormatPosition(p.(P)) }
func (a adapter[P, K]) solver(c *partizan.Calc) solver {
	return solverOf[P, K]{partizan.NewSolver[P, K](c, a.r)}
}

type solverOf[P any, K comparable] struct{ sv *partizan.Solver[P, K] }

func (s solverOf[P, K]) value(p any) (partizan.Game, error) { return s.sv.Value(p.(P)) }
func (s solverOf[P, K]) options(p any, side partizan.Side) ([]any, []partizan.Game, error) {
	ps, gs, err := s.sv.Options(p.(P), side)
	out := make([]any, len(ps))
	for i, q := range ps {
		out[i] = q
	}
	return out, gs, err
}

func adapt[P any, K comparable](r rules[P, K]) engine { return adapter[P, K]{r} }

// Rulesets returns the partizan rulesets, in display order (a fresh list:
// no global state).
func Rulesets() []*Ruleset {
	return []*Ruleset{
		{Name: "domineering", Title: "Domineering", Board: "grid",
			Rule: "place a domino on two empty cells: Left vertically, Right horizontally",
			Left: "vertical dominoes", Right: "horizontal dominoes",
			Syntax:  "rows of . (empty) and # (blocked) from the top, separated by |: .#..|....; or RxC for an empty board",
			Example: "..#|...|...", Known: []Known{{"2x3", "{2|-1/2}", "Winning Ways ch. 5; Berlekamp 1988"}, {"4x4", "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}", cgsGrid}, {"4x5", "1", "D. Wolfe"}},
			eng: adapt[grid.Grid, grid.Grid](grid.Domineering{})},
		{Name: "cram", Title: "Cram", Board: "grid", Impartial: true,
			Rule: "place a domino on two empty cells, either way, the same moves for both players",
			Left: "", Right: "", // the same moves: no colours to name
			Syntax:  "rows of . (empty) and # (blocked) from the top, separated by |: .#..|....; or RxC for an empty board",
			Example: "3x3", Known: []Known{{".........|##.######", "*4", cgsGrid}, {"1x5", "0", "a 1×n strip is the octal game 0.07, whose zeros are OEIS A215721"}},
			eng: adapt[grid.Grid, grid.Grid](grid.Cram{})},
		{Name: "clobber", Title: "Clobber", Board: "grid",
			Rule: "move one of your stones onto an orthogonally adjacent stone of the other colour, which is removed",
			Left: "black stones, x", Right: "white stones, o",
			Syntax:  "rows of x (black), o (white) and . (empty) from the top, separated by |: xox|ox.; or RxC for the full checkerboard, x in the top left corner (the usual start)",
			Example: "xox|ox.", Known: []Known{{"xox|ox.", "{^^*|*,v}", cgsGrid}},
			eng: adapt[grid.Grid, grid.Grid](grid.Clobber{})},
		{Name: "amazons", Title: "Amazons", Board: "grid",
			Rule: "move one of your amazons like a chess queen, then shoot an arrow like a queen from where it lands; arrows burn cells",
			Left: "black amazons, x", Right: "white amazons, o",
			Syntax:  "rows of x (black), o (white), . (empty) and # (burnt) from the top, separated by |: x...|o...",
			Example: "x..|o..", Known: []Known{{"x...|o...", "+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}}", cgsGrid}},
			eng: adapt[grid.Grid, grid.Grid](grid.Amazons{})},
		{Name: "konane", Title: "Konane", Board: "grid",
			Rule: "jump one of your stones over an orthogonally adjacent stone of the other colour into the empty cell beyond, removing it; jump again in the same direction if you like",
			Left: "black stones, x", Right: "white stones, o",
			Syntax:  "rows of x (black), o (white) and . (empty) from the top, separated by |: xo.|.ox",
			Example: ".xo|xo.|...", Known: []Known{{".xoxoxox.", "-3", ernst + ": a solid linear pattern of 2j+1 stones is -j"}, {".xoxoxoxoxo.", "*", ernst + ": of 4j+2 stones, *"}},
			eng: adapt[grid.Grid, grid.Grid](grid.Konane{})},
		{Name: "hackenbush", Aliases: []string{"blue-red-hackenbush"}, Title: "Hackenbush", Board: "hackenbush",
			Rule: "cut an edge: Left a blue or green one, Right a red or green one; whatever no longer reaches the ground falls away",
			Left: "blue edges, l or b", Right: "red edges, r",
			Syntax:  "CGSuite's graph notation from the ground: l/b blue, r red, e/g green edges; lrlrrllr a stalk, l(l;rl) a tree, ee:Aeeee:A a cycle",
			Example: "lrl(r;l)", Known: []Known{{"lrlrrllr", "77/128", cgsGraph}, {"lrlerrr", "3/4v[3]*", cgsGraph}},
			eng: hackenbushEngine{adapt[hackenbush.Position, string](hackenbush.Game{})}},
		{Name: "toads-and-frogs", Aliases: []string{"toadsandfrogs", "toads"}, Title: "Toads and Frogs", Board: "strip",
			Rule: "move a toad (Left) right or a frog (Right) left into an empty cell, or jump one opposing piece into the empty cell beyond",
			Left: "toads, t", Right: "frogs, f",
			Syntax:  "a strip of t (toads), f (frogs) and . (empty cells): ttt..fff",
			Example: "tt.t.ff.f", Known: []Known{{"ttttt..fffff", "+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}", cgsStrip}},
			eng: adapt[strip.Strip, strip.Strip](strip.ToadsAndFrogs{})},
		{Name: "toppling-dominoes", Aliases: []string{"toppling", "topplingdominoes"}, Title: "Toppling Dominoes", Board: "strip",
			Rule: "topple one of your dominoes (or a green one) left or right: it knocks down every domino on that side of it in its row",
			Left: "blue dominoes, l", Right: "red dominoes, r",
			Syntax:  "rows of l (blue), r (red) and e (green) dominoes; . ends a row: lrrlrrl",
			Example: "lrrlrrl", Known: []Known{{"lrrlrrl", "Tiny(1/2)", cgsStrip}, {"lere", "{1|0,{0|-1}}", cgsStrip}},
			eng: adapt[strip.Strip, strip.Strip](strip.TopplingDominoes{})},
		{Name: "col", Title: "Col", Board: "graph",
			Rule: "colour an uncoloured vertex your colour, never next to a vertex of your own colour",
			Left: "Left's colour", Right: "Right's colour",
			Syntax:  "CGSuite's graph notation: vertices . L R (a vertex tinted L is next to Left's colour, so only Right may colour it), edges -: R-.-R-.-L, .-.-.(-.;-.); path(n), cycle(n)",
			Example: "path(5)", Known: []Known{{".-.", "0", "Winning Ways ch. 2"}, {"R-.-R-.-L-.-R-.-R-.", "7/8", cgsGraph}},
			eng: graphEngine{adapt[graph.Position, string](graph.Col{}), "col", []string{".", "L", "R"}, graph.Col{}.Moves}},
		{Name: "snort", Title: "Snort", Board: "graph",
			Rule: "colour an uncoloured vertex your colour, never next to a vertex of the other colour",
			Left: "Left's colour", Right: "Right's colour",
			Syntax:  "CGSuite's graph notation: vertices . L R (a vertex tinted L is next to Left's colour, so only Left may colour it), edges -: L-.-.-.-L, .-.-.(-.;-.); path(n), cycle(n)",
			Example: "path(5)", Known: []Known{{".-.", "+-1", "Winning Ways ch. 2"}, {"L-.-.-.-L", "{4|0,+-1}", cgsGraph}, {".-.-.(-.;-.)", "+-{3|2}", cgsGraph}},
			eng: graphEngine{adapt[graph.Position, string](graph.Snort{}), "snort", []string{".", "L", "R"}, graph.Snort{}.Moves}},
		{Name: "clobber-graph", Aliases: []string{"graph-clobber"}, Title: "Clobber on a graph", Board: "graph",
			Rule: "move one of your stones along an edge onto a stone of the other colour, which is removed",
			Left: "black stones, x", Right: "white stones, o",
			Syntax:  "CGSuite's graph notation with vertices x (black), o (white), . (vacant): x-o-x-o",
			Example: "x-o-x-o-x", Known: []Known{{"x:A-o:B-x:C;o:D-x:E;x:A-o:D;o:B-x:E", "{^^*|*,v}", cgsGrid + ", xox|ox. written as a graph"}},
			eng: graphEngine{adapt[graph.Position, string](graph.Clobber{}), "clobber-graph", []string{".", "x", "o"}, graph.Clobber{}.Moves}},
		{Name: "cutcake", Title: "Cutcake", Board: "cakes",
			Rule: "cut a cake in two along a line between its squares: Left vertically, Right horizontally",
			Left: "vertical cuts", Right: "horizontal cuts",
			Syntax:  "a cake RxC (rows x columns), a sum of cakes 4x7 + 2x3, or 0",
			Example: "4x7", Known: []Known{{"1x5", "4", "Winning Ways ch. 2: a 1×n cake is n-1 moves for Left"}, {"3x3", "0", "Winning Ways ch. 2: a square cake, by symmetry"}},
			eng: adapt[cutcake.Position, string](cutcake.Game{})},
	}
}

// Lookup returns the ruleset of rs that name names (case-insensitive, a
// name or an alias), or a *NameError with the nearest name.
func Lookup(rs []*Ruleset, name string) (*Ruleset, error) {
	if r := find(rs, name); r != nil {
		return r, nil
	}
	return nil, &NameError{Name: name, Near: nearest(rs, name)}
}

func find(rs []*Ruleset, name string) *Ruleset {
	key := strings.ToLower(strings.TrimSpace(name))
	for _, r := range rs {
		if r.Name == key || slices.Contains(r.Aliases, key) {
			return r
		}
	}
	return nil
}

// IsRuleset reports whether name names a ruleset of rs.
func IsRuleset(rs []*Ruleset, name string) bool { return find(rs, name) != nil }

// NameError is an unknown ruleset name.
type NameError struct {
	Name string
	Near string // the nearest name, "" when none is close
}

func (e *NameError) Error() string {
	msg := fmt.Sprintf("unknown partizan ruleset %s", notation.Quote(e.Name))
	if e.Near != "" {
		msg += fmt.Sprintf("; did you mean %q?", e.Near)
	}
	return msg
}

// nearest returns the name or alias of rs closest to name by edit
// distance, when close enough to be a likely typo.
func nearest(rs []*Ruleset, name string) string {
	name = strings.ToLower(strings.TrimSpace(name))
	best, bestD := "", 3
	if len(name) > 64 {
		return ""
	}
	for _, r := range rs {
		for _, n := range append([]string{r.Name}, r.Aliases...) {
			if d := notation.EditDistance(name, n); d < bestD {
				best, bestD = n, d
			}
		}
	}
	return best
}

// Position is a parsed position of a ruleset.
type Position struct {
	Ruleset *Ruleset
	p       any
}

// String writes the position in its ruleset's syntax (canonical: what
// Parse reads back).
func (p Position) String() string { return p.Ruleset.eng.format(p.p) }

// Parse reads a position in r's syntax. Errors are one line naming the
// column (*notation.SyntaxError).
func (r *Ruleset) Parse(s string) (Position, error) {
	p, err := r.eng.parse(strings.TrimSpace(s))
	if err != nil {
		return Position{}, err
	}
	return Position{Ruleset: r, p: p}, nil
}

// IsPartizan reports whether a question (a game and a position, as the
// faces take them) is for this package: game names a ruleset of rs, or is
// "sum" with a piece that names one ("domineering '..|..' + kayles 7").
func IsPartizan(rs []*Ruleset, game, position string) bool {
	if IsRuleset(rs, game) {
		return true
	}
	if !strings.EqualFold(strings.TrimSpace(game), "sum") {
		return false
	}
	ps, err := pieces(position, 0, position, func(name string) bool { return IsRuleset(rs, name) })
	if err != nil {
		return false
	}
	for _, p := range ps {
		if p.name != "" {
			return true
		}
	}
	return false
}

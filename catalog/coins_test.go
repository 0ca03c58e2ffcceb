package catalog_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/coins"
	"github.com/grundy/grundy/impartial"
)

var coinSpecs = []string{
	"coins:one", "coins:turning-turtles", "coins:consecutive:3", "coins:subtraction:1,2,3", "coins:twins",
	"coins:twins:1,2,3", "coins:mock-turtles", "coins:ruler", "coins:grunt", "coins:moebius", "coins:mogul", "coins:up-to:4",
}

func TestCoinSpecs(t *testing.T) {
	for _, spec := range coinSpecs {
		g, err := families.Parse(spec)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		info := g.Info()
		cg, _ := coins.ParseRule(strings.TrimPrefix(spec, "coins:"))
		if info.Spec != spec || !info.Heap || info.Start != cg.Start {
			t.Errorf("%s: info %+v", spec, info)
		}
	}
	for spec, offset := range map[string]int{"coins": -1, "coins:": -1, "coins:foo": 6, "coins:up-to:x": 12, "Coins:twins:1,y": 14} {
		_, err := families.Parse(spec)
		var se *catalog.SpecError
		if !errors.As(err, &se) || se.Offset != offset {
			t.Errorf("Parse(%q): %v, want a SpecError at offset %d", spec, err, offset)
		}
	}
}

// TestCoinSolve: the hihoCoder 1172 sample is a loss for the first player;
// every winning move leads to a P-position and is a legal move that
// FindMove recognizes; rows and head lists agree.
func TestCoinSolve(t *testing.T) {
	ctx := context.Background()
	opts := catalog.Options{Budget: impartial.DefaultBudget}
	g, _ := families.Parse("coins:turning-turtles")
	res, err := g.Solve(ctx, "HHTHTTHT", opts)
	if err != nil || res.Outcome != impartial.P || *res.Value != 0 {
		t.Fatalf("turning-turtles HHTHTTHT: %+v, %v", res, err)
	}
	for _, spec := range coinSpecs {
		g, _ := families.Parse(spec)
		for _, pos := range []string{"HHTHTTHT", "hthhthhtth", "TTTTTTH"} {
			res, err := g.Solve(ctx, pos, opts)
			if err != nil {
				t.Fatalf("%s %s: %v", spec, pos, err)
			}
			canon, _ := g.Canonical(context.Background(), pos)
			if res.Position != canon {
				t.Errorf("%s %s: position %s, canonical %s", spec, pos, res.Position, canon)
			}
			if (res.Outcome == impartial.N) != (len(res.WinningMoves) > 0) {
				t.Errorf("%s %s: outcome %v with %d winning moves", spec, pos, res.Outcome, len(res.WinningMoves))
			}
			for _, m := range res.WinningMoves {
				after, err := g.Solve(ctx, m.To, opts)
				if err != nil || after.Outcome != impartial.P {
					t.Errorf("%s %s: winning move %+v leads to %+v, %v", spec, pos, m, after, err)
				}
				if _, err := g.FindMove(ctx, pos, m.To, opts); err != nil {
					t.Errorf("%s %s: FindMove(%s): %v", spec, pos, m.To, err)
				}
			}
			// The same position as a list of heads.
			heads := ""
			cg, _ := coins.ParseRule(strings.TrimPrefix(spec, "coins:"))
			p, _ := cg.ParsePosition(pos)
			for _, h := range p.Heads {
				heads += " " + strconv.Itoa(h)
			}
			res2, err := g.Solve(ctx, heads, opts)
			if err != nil || *res2.Value != *res.Value || len(res2.WinningMoves) != len(res.WinningMoves) {
				t.Errorf("%s %q: %+v, %v; row form %+v", spec, heads, res2, err, res)
			}
		}
	}
}

func TestCoinMisere(t *testing.T) {
	ctx := context.Background()
	g, _ := families.Parse("coins:mock-turtles")
	// One head: the only move turns it over and leaves no move, so under
	// misère play the player to move loses.
	res, err := g.Solve(ctx, "H", catalog.Options{Misere: true})
	if err != nil || res.Outcome != impartial.P || res.Value != nil {
		t.Fatalf("misère H: %+v, %v", res, err)
	}
	res, err = g.Solve(ctx, "HH", catalog.Options{Misere: true})
	if err != nil || res.Outcome != impartial.N || len(res.WinningMoves) == 0 {
		t.Fatalf("misère HH: %+v, %v", res, err)
	}
	// Misère play searches the real game graph, every subset of the row's
	// coins: a head beyond coin 64 is refused at once.
	_, err = g.Solve(ctx, "3 70", catalog.Options{Misere: true})
	var ue *impartial.UnsupportedError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "first 64 coins") {
		t.Fatalf("misère with a head on coin 70: %v", err)
	}
}

func TestCoinValues(t *testing.T) {
	g, _ := families.Parse("coins:ruler")
	seq, err := g.Values(context.Background(), 1, 8, catalog.Options{})
	if err != nil || seq.Start != 1 || len(seq.Values) != 8 || seq.Values[7] != 8 {
		t.Fatalf("ruler values: %+v, %v", seq, err)
	}
}

func TestCoinMovesAndReply(t *testing.T) {
	ctx := context.Background()
	g, _ := families.Parse("coins:twins")
	moves, err := g.Moves(ctx, "TTH", catalog.Options{})
	if err != nil || len(moves) != 2 || moves[0].To != "HTT" || moves[0].Move != "turn coins 0, 2" {
		t.Fatalf("twins TTH moves: %+v, %v", moves, err)
	}
	m, ok, err := g.Reply(ctx, "THTH", catalog.Options{})
	if err != nil || !ok || m.To != "TTTT" {
		t.Fatalf("Reply: %+v %v %v", m, ok, err)
	}
}

// FuzzCoinPosition: any position either is rejected with a PositionError
// or solves, and its canonical form is a fixed point.
func FuzzCoinPosition(f *testing.F) {
	for _, s := range []string{"HHTHTTHT", "0 1 3 6", "none", "", "HX", "1,1", "99999999", "t t h"} {
		f.Add(s)
	}
	g, _ := families.Parse("coins:mock-turtles")
	f.Fuzz(func(t *testing.T, pos string) {
		canon, err := g.Canonical(context.Background(), pos)
		if err != nil {
			var pe *catalog.PositionError
			if !errors.As(err, &pe) {
				t.Fatalf("%q: %v", pos, err)
			}
			return
		}
		if again, err := g.Canonical(context.Background(), canon); err != nil || again != canon {
			t.Fatalf("%q: canonical %q → %q, %v", pos, canon, again, err)
		}
		if _, err := g.Solve(context.Background(), pos, catalog.Options{Budget: impartial.Budget{MaxPositions: 1e5, MaxMemory: 1 << 24}}); err != nil {
			var be *impartial.BudgetError
			if !errors.As(err, &be) {
				t.Fatalf("%q: %v", pos, err)
			}
		}
	})
}

// A move may be written as a row or as the list of heads, whichever form the
// position was given in (grundy play and the web both use FindMove).
func TestCoinsFindMoveEitherForm(t *testing.T) {
	g, err := families.Parse("coins:mock-turtles")
	if err != nil {
		t.Fatal(err)
	}
	for _, to := range []string{"HHHHTTTT", "0 1 2 3", "3,2,1,0"} {
		m, err := g.FindMove(context.Background(), "HHTHTTHT", to, catalog.Options{})
		if err != nil || m.To != "HHHHTTTT" {
			t.Errorf("FindMove(HHTHTTHT → %q) = %+v, %v; want the move to HHHHTTTT", to, m, err)
		}
	}
	var ie *catalog.IllegalMoveError
	if _, err := g.FindMove(context.Background(), "HHTHTTHT", "0 1 3 6 7", catalog.Options{}); !errors.As(err, &ie) {
		t.Errorf("FindMove that turns a tail to heads at the right: err = %v, want an IllegalMoveError", err)
	}
}

// TestCoinHugeMoves is issue 45's first finding through the catalog, under
// the server's default budget: positions whose moves turn billions of
// coins are answered (value, outcome, the true count of winning moves,
// those that fit listed) or refused with a budget error before anything
// huge is built, as a game alone and as a component of a sum. Each of
// these requests killed the server out of memory at 57e0944.
func TestCoinHugeMoves(t *testing.T) {
	ctx := context.Background()
	opts := catalog.Options{Budget: impartial.Budget{MaxPositions: 5_000_000, MaxMoves: 1_000_000, MaxOutput: 8 << 20, MaxMemory: 256 << 20}, MaxListed: 100}
	const square = "coins:consecutive:1000000*consecutive:1000000"
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	before := ms.TotalAlloc
	solve := func(spec, pos string) *catalog.Result {
		t.Helper()
		g, err := families.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		res, err := g.Solve(ctx, pos, opts)
		if err != nil {
			t.Fatalf("%s %s: %v", spec, pos, err)
		}
		return res
	}
	refused := func(what string, err error) {
		t.Helper()
		var be *impartial.BudgetError
		if !errors.As(err, &be) || be.Limit != impartial.LimitMemory {
			t.Errorf("%s: %v, want a memory budget error", what, err)
		}
	}
	res := solve("coins:rugs", "(131072,131072)")
	if *res.Value != 212992 || len(res.WinningMoves) != 1 || res.WinningMoves[0].To != "none" ||
		res.MoveCount == nil || *res.MoveCount != 5 || !strings.Contains(res.MovesNote, "4 more not listed") {
		t.Errorf("rugs (131072,131072): %+v", res)
	}
	res = solve(square, "(2000000,2000000)")
	if *res.Value != 1 || len(res.WinningMoves) != 0 || res.MoveCount == nil || *res.MoveCount != 1 {
		t.Errorf("%s (2000000,2000000): %+v", square, res)
	}
	res = solve("sum", square+" (2000000,2000000) + nim 3")
	if *res.Value != 2 || len(res.WinningMoves) != 1 || res.WinningMoves[0].To != square+" (2000000,2000000) + nim 1" {
		t.Errorf("sum: %+v", res)
	}
	g, _ := families.Parse("coins:rugs")
	if m, ok, err := g.Reply(ctx, "(131072,131072)", opts); err != nil || !ok || m.To != "none" {
		t.Errorf("rugs reply: %+v %v %v", m, ok, err)
	}
	_, err := g.Moves(ctx, "(131072,131072)", opts)
	refused("rugs moves", err)
	sq, _ := families.Parse(square)
	_, err = sq.Moves(ctx, "(2000000,2000000)", opts)
	refused("square moves", err)
	_, _, err = sq.Reply(ctx, "(2000000,2000000)", opts)
	refused("square reply", err)
	_, err = sq.FindMove(ctx, "(2000000,2000000)", "none", opts)
	refused("square move", err)
	sum, _ := families.Parse("sum")
	_, err = sum.Moves(ctx, square+" (2000000,2000000) + nim 3", opts)
	refused("sum moves", err)
	runtime.ReadMemStats(&ms)
	if alloc := ms.TotalAlloc - before; alloc > 512<<20 {
		t.Errorf("the questions allocated %d MiB, want under 512 MiB", alloc>>20)
	}
}

// TestCoinTables: a coin grid's value table is oriented and labelled as its
// board (issue 44): Values[i][j] is the value of a single head at column
// Origin[0]+j, row Origin[1]+i. The Tartan path (from the factors' 1-D
// sequences) agrees with solving the table cell by cell through the
// engine, and answers at once for factors without a closed form, whose
// cell-by-cell table searched the whole 2-D game (subtraction:1,3*twins:
// no answer in 900 s).
func TestCoinTables(t *testing.T) {
	ctx := context.Background()
	for _, spec := range []string{"ruler*mock-turtles", "rugs", "turning-corners", "acrostic-twins", "consecutive:2*twins:1,2,3"} {
		p, err := coins.ParsePlane(spec)
		if err != nil {
			t.Fatal(err)
		}
		g := families.NewPlaneGame(p)
		fast, err := g.ValueTable(ctx, 6, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(fast.Origin) != 2 || fast.Origin[0] != p.A.Start || fast.Origin[1] != p.B.Start {
			t.Errorf("%s: origin %v", spec, fast.Origin)
		}
		for i, row := range fast.Values {
			for j, v := range row {
				if want, _ := p.ClosedValue(coins.Cell{X: p.A.Start + j, Y: p.B.Start + i}); v != want {
					t.Fatalf("%s: Values[%d][%d] = %d, the head at (%d,%d) has %d", spec, i, j, v, p.A.Start+j, p.B.Start+i, want)
				}
			}
		}
		sp := families.PlaneSpec(p)
		sp.Tabulate = nil // cell by cell through the engine
		slow, err := catalog.New(sp).ValueTable(ctx, 6, catalog.Options{})
		if err != nil || fmt.Sprint(slow) != fmt.Sprint(fast) {
			t.Errorf("%s: cell by cell %v, %v; from the factors %v", spec, slow, err, fast)
		}
	}
	g, _ := families.Parse("coins:subtraction:1,3*twins")
	tab, err := g.ValueTable(ctx, 6, catalog.Options{Budget: impartial.DefaultBudget})
	if err != nil || fmt.Sprint(tab.Values[3]) != "[*3 0 *3 0 *3 0]" {
		t.Errorf("subtraction:1,3*twins: %v, %v", tab, err)
	}
	w, _ := families.Parse("wythoff")
	if tab, err := w.ValueTable(ctx, 3, catalog.Options{}); err != nil || tab.Origin != nil {
		t.Errorf("wythoff: %+v, %v", tab, err)
	}
}

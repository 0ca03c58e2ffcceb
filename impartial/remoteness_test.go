package impartial_test

import (
	"context"
	"errors"
	"testing"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/impartial/impartialtest"
	"github.com/grundy/grundy/internal/octaltest"
	"github.com/grundy/grundy/octal"
)

func octalGame(t *testing.T, code string) octal.Game {
	t.Helper()
	c, err := octal.ParseCode(code)
	if err != nil {
		t.Fatal(err)
	}
	return octal.New(c)
}

// heapSums returns every sum of one to three heaps of at most max tokens,
// sizes in decreasing order.
func heapSums(max int) [][]octaltest.Heaps {
	var out [][]octaltest.Heaps
	for a := 0; a <= max; a++ {
		out = append(out, []octaltest.Heaps{{int32(a)}})
		for b := 0; b <= a; b++ {
			out = append(out, []octaltest.Heaps{{int32(a)}, {int32(b)}})
			for c := 0; c <= b && a+b+c <= max+2; c++ {
				out = append(out, []octaltest.Heaps{{int32(a)}, {int32(b)}, {int32(c)}})
			}
		}
	}
	return out
}

// TestRemotenessSplitters: games whose moves split a heap in two (Kayles,
// Dawson's Kayles, Grundy's game, a hexadecimal game that splits in three)
// get the remoteness of every sum of small heaps, and every option ranked
// by it, from the search over multisets of heaps; each equals the
// brute-force remoteness of the oracle, which recurses over the sum's real
// game graph (tuples of multi-heap positions, no splitting, no values).
func TestRemotenessSplitters(t *testing.T) {
	ctx := context.Background()
	for _, g := range []octal.Game{octalGame(t, "0.77"), octalGame(t, "0.07"), octal.GrundysGame(), octalGame(t, "4.07")} {
		e := octaltest.Engine{Game: g}
		or := impartialtest.NewOracle[octaltest.Heaps](e)
		for _, ps := range heapSums(6) {
			want := or.Remoteness(ps...)
			r, ok, err := impartial.Remoteness(ctx, impartial.Game[octaltest.Heaps](e), ps, impartial.Budget{})
			if err != nil || !ok || r != want {
				t.Fatalf("%s %v: Remoteness = %d %v %v, oracle %d", g, ps, r, ok, err, want)
			}
			all, err := impartial.Analyze(ctx, e, ps, impartial.Query{AllOptions: true})
			if err != nil {
				t.Fatal(err)
			}
			if all.Remoteness == nil {
				t.Fatalf("%s %v: not ranked (%v)", g, ps, all.RemotenessStopped)
			}
			impartialtest.CheckRanking(t, ps, all, want)
			for _, o := range all.Moves {
				next := append([]octaltest.Heaps(nil), ps...)
				next[o.Index] = o.To
				if w := or.Remoteness(next...); o.Remoteness != w {
					t.Errorf("%s %v → %v: remoteness %d, oracle %d", g, ps, o.To, o.Remoteness, w)
				}
				if o.Value == nil {
					t.Errorf("%s %v → %v: no value", g, ps, o.To)
				}
			}
		}
	}
}

// TestRemotenessTooLarge: a position whose tree passes the ranking bounds
// still has every option listed, with its value, unranked, and the
// analysis says which bound the tree passed; Remoteness says so too.
func TestRemotenessTooLarge(t *testing.T) {
	ctx := context.Background()
	e := octaltest.Engine{Game: octalGame(t, "0.77")}
	ps := []octaltest.Heaps{{60}}
	all, err := impartial.Analyze(ctx, e, ps, impartial.Query{AllOptions: true})
	if err != nil {
		t.Fatal(err)
	}
	var be *impartial.BudgetError
	if all.Remoteness != nil || all.RemotenessStopped == nil {
		t.Fatalf("kayles 60: remoteness %v, stopped %v", all.Remoteness, all.RemotenessStopped)
	}
	if len(all.Moves) != 60 || all.Count != 60 {
		t.Errorf("kayles 60: %d options listed of %d, want 60 (30 of each size, the rows left in either order being one option)", len(all.Moves), all.Count)
	}
	for _, o := range all.Moves {
		if o.Value == nil || o.Remoteness != -1 {
			t.Errorf("kayles 60 → %v: value %v, remoteness %d", o.To, o.Value, o.Remoteness)
		}
	}
	if _, _, err := impartial.Remoteness(ctx, impartial.Game[octaltest.Heaps](e), ps, impartial.Budget{}); !errors.As(err, &be) {
		t.Errorf("Remoteness(kayles 60) = %v, want a budget error", err)
	}
	// A smaller position budget shrinks the search with it.
	small, err := impartial.Analyze(ctx, e, []octaltest.Heaps{{12}}, impartial.Query{AllOptions: true, Settings: impartial.Settings{Budget: impartial.Budget{MaxPositions: 30, MaxMoves: 1000}}})
	if err != nil {
		t.Fatal(err)
	}
	if small.Remoteness != nil || small.RemotenessStopped == nil || small.RemotenessStopped.Limit != impartial.LimitPositions {
		t.Errorf("kayles 12 within 30 positions: remoteness %v, stopped %v", small.Remoteness, small.RemotenessStopped)
	}
}

// TestRemotenessCompound: a sum of different games, one of which splits
// (Kayles rows in octaltest.Engine, which holds up to 8 heaps, so the oracle's
// tuples never lose a move), is ranked over multisets of atomic parts; the
// remoteness of the sum and of every option are the oracle's.
func TestRemotenessCompound(t *testing.T) {
	ctx := context.Background()
	for _, sizes := range [][2]int{{3, 2}, {5, 1}, {7, 3}, {8, 0}, {6, 4}} {
		c := impartial.NewCompound()
		k := c.Add(impartial.NewTerm[octaltest.Heaps](octaltest.Engine{Game: octalGame(t, "0.77")}))
		n := c.Add(impartial.NewTerm[int](games.Nim{}))
		ps := []impartial.Part{{Term: k, Pos: octaltest.Heaps{int32(sizes[0])}}, {Term: n, Pos: sizes[1]}}
		or := impartialtest.NewOracle[impartial.Part](c)
		all, err := impartial.Analyze(ctx, impartial.Game[impartial.Part](c), ps, impartial.Query{AllOptions: true})
		if err != nil {
			t.Fatal(err)
		}
		want := or.Remoteness(ps...)
		if all.Remoteness == nil || *all.Remoteness != want {
			t.Fatalf("kayles %d + nim %d: remoteness %v (%v), oracle %d", sizes[0], sizes[1], all.Remoteness, all.RemotenessStopped, want)
		}
		impartialtest.CheckRanking(t, ps, all, want)
		for _, o := range all.Moves {
			next := append([]impartial.Part(nil), ps...)
			next[o.Index] = o.To
			if w := or.Remoteness(next...); o.Remoteness != w {
				t.Errorf("kayles %d + nim %d → %v: remoteness %d, oracle %d", sizes[0], sizes[1], o.To, o.Remoteness, w)
			}
		}
	}
}

package catalog_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/impartial"
)

// FindMove, which checks the one move given, agrees with the list of every
// move (Moves): from small positions of heap games (with splits into two
// and three heaps, unequal splits, take-and-break codes past 15 and with
// modifiers), a two-heap game, coins, a loopy rule file whose moves may
// stay in place, and a sum of different games, every move listed is found
// and answered as Moves lists it, and random positions that are not listed
// are illegal moves.
func TestFindMoveAgainstMoves(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(45, 1))
	for _, c := range []struct {
		spec      string
		positions []string
		others    []string
	}{
		{"nim", []string{"3 4 5", "2 2", "0 1", "7"}, []string{"3 4 4", "1 2", "3 4 6", "0 0"}},
		{"kayles", []string{"9", "4 4", "10 1"}, []string{"2 2 4", "3 3 3", "9", "8 8"}},
		{"octal:0.137", []string{"12", "5 6"}, []string{"11", "4 6"}},
		{"grundy", []string{"10", "7 7"}, []string{"5 5", "4 6"}},
		{"tb:0.{2,5}?", []string{"12"}, []string{"2 2 2 2 2", "1 1 1 1 1 1"}},
		{"tb:0.3F!", []string{"11", "9 2"}, []string{"3 3 4"}},
		{"tb:0.*=", []string{"9", "7 2"}, []string{"3 3 3", "2 2 2 2 2 2", "3 5"}},
		{"hex:0.8", []string{"9"}, []string{"3 3 2"}},
		{"subtract:1,3,4", []string{"10 7"}, []string{"8 7", "10 5"}},
		{"wythoff", []string{"4 7", "3 3"}, []string{"4 4", "2 7"}},
		{"coins:mock-turtles", []string{"HHTHTTHT"}, []string{"HHTHTTHH", "TTTTTTTT"}},
		{"coins:mock-turtles", []string{"TTHH"}, []string{"HTHH", "HHHH"}},
		{"starlark:examples/draw.star", []string{"4", "2"}, []string{"3", "9"}},
		{"sum", []string{"kayles 5 + nim 3 4 + wythoff 2 3"}, []string{"kayles 5 + nim 3 3 + wythoff 2 3", "kayles 2 2 + nim 3 4 + wythoff 2 3"}},
	} {
		g, err := families.Parse(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		for _, pos := range c.positions {
			ms, err := g.Moves(ctx, pos, catalog.Options{})
			if err != nil {
				t.Fatalf("%s %s: %v", c.spec, pos, err)
			}
			listed := map[string]catalog.Move{}
			for _, m := range ms {
				listed[m.To] = m
			}
			tos := append([]string(nil), c.others...)
			for _, m := range ms {
				tos = append(tos, m.To)
			}
			r.Shuffle(len(tos), func(i, j int) { tos[i], tos[j] = tos[j], tos[i] })
			for _, to := range tos {
				got, err := g.FindMove(ctx, pos, to, catalog.Options{})
				want, legal := listed[to]
				var ie *catalog.IllegalMoveError
				switch {
				case legal && (err != nil || got != want):
					t.Errorf("%s %s → %s: FindMove %+v, %v; Moves lists %+v", c.spec, pos, to, got, err, want)
				case !legal && !errors.As(err, &ie):
					t.Errorf("%s %s → %s: FindMove %+v, %v; Moves does not list it", c.spec, pos, to, got, err)
				}
			}
		}
	}
}

// Issue 45, finding 7: /api/move refused a legal move from kayles
// 100000000 (a 422 "move budget exhausted": it listed every move first)
// while /api/reply answered there at once. The move is checked alone now,
// within a budget of 1000 moves.
func TestFindMoveHugeHeap(t *testing.T) {
	g, _ := families.Parse("kayles")
	opts := catalog.Options{Budget: impartial.Budget{MaxMoves: 1000}}
	for _, c := range []struct{ to, move string }{
		{"99999997 1", "take 2 and split the rest into 99999997 + 1"},
		{"50000000 49999998", "take 2 and split the rest into 50000000 + 49999998"},
		{"99999999", "take 1, leaving 99999999"},
	} {
		m, err := g.FindMove(context.Background(), "100000000", c.to, opts)
		if err != nil || m.To != c.to || m.Move != c.move {
			t.Errorf("kayles 100000000 → %s: %+v, %v; want %q", c.to, m, err, c.move)
		}
	}
	var ie *catalog.IllegalMoveError
	if _, err := g.FindMove(context.Background(), "100000000", "99999990", opts); !errors.As(err, &ie) {
		t.Errorf("kayles 100000000 → 99999990: %v, want an illegal move", err)
	}
}

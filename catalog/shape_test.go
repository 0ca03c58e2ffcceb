package catalog_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/impartial/impartialtest"
	"github.com/grundy/grundy/internal/octaltest"
)

// Every option listed (AllOptions), normal and misère play: the winning
// moves come first, they are the oracle's winning moves, their count is
// true whatever the page size, and pages put together give the whole list
// (issue 44: `nim 3 4 5 --misere --all` listed a losing move first, and
// the count of winning moves was taken from the page).
func TestAllOptionsWinningFirstAgainstOracle(t *testing.T) {
	for _, spec := range []string{"kayles", "dawson-kayles", "grundy", "octal:4.07"} {
		g := mustParse(t, spec)
		or := impartialtest.NewOracle[octaltest.Heaps](octaltest.Engine{Game: octalOf(t, spec)})
		for _, hs := range [][]int{{5}, {7}, {3, 4}, {1, 2, 3}, {6, 2}, {9}, {2, 2}} {
			ps := make([]octaltest.Heaps, len(hs))
			for i, h := range hs {
				ps[i] = octaltest.Heaps{int32(h)}
			}
			for _, misere := range []bool{false, true} {
				var want []string
				for _, m := range or.WinningMoves(misere, ps...) {
					next := slices.Clone(hs)
					next = slices.Concat(next[:m.Index], m.To.Sizes(), next[m.Index+1:])
					want = append(want, formatNZ(next))
				}
				slices.Sort(want)
				pos := games.FormatHeaps(hs)
				full, err := g.Solve(ctx, pos, catalog.Options{Misere: misere, AllOptions: true})
				if err != nil {
					t.Fatal(err)
				}
				name := spec + " " + pos
				if misere {
					name += " (misère)"
				}
				checkWinningFirst(t, name, full, want)
				for _, page := range []int{1, 2, 3} {
					var joined []catalog.Option
					for off := 0; ; {
						r, err := g.Solve(ctx, pos, catalog.Options{Misere: misere, AllOptions: true, MaxListed: page, Offset: off})
						if err != nil {
							t.Fatal(err)
						}
						if r.WinningMoveCount == nil || *r.WinningMoveCount != int64(len(want)) {
							t.Errorf("%s, page %d at %d: winning_move_count %d, oracle %d", name, page, off, deref(r.WinningMoveCount), len(want))
						}
						joined = append(joined, r.Options...)
						if r.NextOffset == nil {
							break
						}
						off = *r.NextOffset
					}
					got := func(os []catalog.Option) []string {
						var out []string
						for _, o := range os {
							out = append(out, o.To+" "+o.Result)
						}
						return out
					}
					if !slices.Equal(got(joined), got(full.Options)) {
						t.Errorf("%s: pages of %d give %v, the whole list %v", name, page, got(joined), got(full.Options))
					}
				}
			}
		}
	}
}

// checkWinningFirst checks an every-option answer: the winning options
// first, the same set as want (sorted), counted, and repeated in
// WinningMoves.
func checkWinningFirst(t *testing.T, name string, r *catalog.Result, want []string) {
	t.Helper()
	var wins []string
	losing := false
	for _, o := range r.Options {
		switch {
		case o.Result == "win" && losing:
			t.Errorf("%s: the winning move %s is listed after a losing one: %+v", name, o.To, r.Options)
		case o.Result == "win":
			wins = append(wins, o.To)
		default:
			losing = true
		}
	}
	var listed []string
	for _, m := range r.WinningMoves {
		listed = append(listed, m.To)
	}
	if !slices.Equal(listed, wins) {
		t.Errorf("%s: winning_moves %v, the winning options %v", name, listed, wins)
	}
	slices.Sort(wins)
	if !slices.Equal(wins, want) {
		t.Errorf("%s: winning options %v, oracle %v", name, wins, want)
	}
	if r.WinningMoveCount == nil || *r.WinningMoveCount != int64(len(want)) {
		t.Errorf("%s: winning_move_count %d, oracle %d", name, deref(r.WinningMoveCount), len(want))
	}
}

// kaylesValue is G(n) of Kayles from its mex recurrence below 84 and its
// period 12 from n = 71 on (Guy and Smith 1956; Winning Ways, ch. 4):
// the truth the huge positions below are checked against, independent of
// the catalog's closed form.
func kaylesValues() func(n int) impartial.Nimber {
	const small = 84
	g := make([]impartial.Nimber, small)
	for n := 1; n < small; n++ {
		seen := map[impartial.Nimber]bool{}
		for take := 1; take <= 2 && take <= n; take++ {
			for a := 0; a <= (n-take)/2; a++ {
				seen[g[a]^g[n-take-a]] = true
			}
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	return func(n int) impartial.Nimber {
		if n >= small {
			n = 72 + (n-72)%12
		}
		return g[n]
	}
}

// Kayles 10^8 with every option asked for, a page of 400 (the explorer's):
// the page is all winning moves, their count is the true one (counted here
// from the Kayles sequence over every split), and the options that the
// move budget left uncounted do not stop the list (issue 44: the explorer
// said "0 moves win" above 400 losing options).
func TestAllOptionsHugeKayles(t *testing.T) {
	const n = 100_000_000
	g := mustParse(t, "kayles")
	val := kaylesValues()
	var want int64
	for take := 1; take <= 2; take++ {
		for a := 0; a <= (n-take)/2; a++ {
			if val(a) == val(n-take-a) {
				want++
			}
		}
	}
	// A tenth of the default move budget: the options examined are held
	// (to list each once), and the count does not depend on it.
	budget := impartial.DefaultBudget
	budget.MaxMoves = 100_000
	r, err := g.Solve(ctx, "100000000", catalog.Options{AllOptions: true, MaxListed: 400, Budget: budget})
	if err != nil {
		t.Fatal(err)
	}
	if r.WinningMoveCount == nil || *r.WinningMoveCount != want {
		t.Fatalf("winning_move_count %v, want %d", r.WinningMoveCount, want)
	}
	if len(r.Options) != 400 || len(r.WinningMoves) != 400 {
		t.Fatalf("%d options, %d winning moves listed; want 400 of each", len(r.Options), len(r.WinningMoves))
	}
	for _, o := range r.Options {
		hs := strings.Fields(o.To)
		if o.Result != "win" || len(hs) != 2 || val(atoi(hs[0])) != val(atoi(hs[1])) {
			t.Fatalf("option %s %s on the first page", o.Result, o.To)
		}
	}
	var classes int64
	for _, c := range r.MoveClasses {
		classes += c.Count
	}
	if r.MoveClassCount != 0 || classes != want {
		t.Errorf("the classes count %d moves (%d not listed), want %d", classes, r.MoveClassCount, want)
	}
	if r.NextOffset == nil || *r.NextOffset != 400 {
		t.Errorf("next_offset %v, want 400", r.NextOffset)
	}
	if strings.Contains(r.MovesNote, "stopped early") || !strings.Contains(r.CountNote, "move budget") {
		t.Errorf("moves_note %q, count_note %q", r.MovesNote, r.CountNote)
	}
}

func deref(p *int64) int64 {
	if p == nil {
		return -2
	}
	return *p
}

// A plain solve whose page is full counts every winning move, under misère
// play too, where the quotient's engine lists one move past the page
// without their number: `grundy solve kayles 200 --misere` said "any of
// these 10 moves" above "(more: …)" while there were 11. The count is the
// oracle's.
func TestPageCountsWinningMovesAgainstOracle(t *testing.T) {
	checked := 0
	for _, spec := range []string{"kayles", "dawson-kayles", "octal:4.07"} {
		g := mustParse(t, spec)
		or := impartialtest.NewOracle[octaltest.Heaps](octaltest.Engine{Game: octalOf(t, spec)})
		for _, hs := range [][]int{{9}, {12}, {3, 4}, {1, 2, 3}, {6, 2}, {5, 5, 1}, {14}} {
			ps := make([]octaltest.Heaps, len(hs))
			for i, h := range hs {
				ps[i] = octaltest.Heaps{int32(h)}
			}
			for _, misere := range []bool{false, true} {
				want := len(or.WinningMoves(misere, ps...))
				for _, page := range []int{1, 2, 3} {
					res, err := g.Solve(ctx, games.FormatHeaps(hs), catalog.Options{Misere: misere, MaxListed: page})
					if err != nil {
						t.Fatal(err)
					}
					if want <= page {
						if len(res.WinningMoves) != want {
							t.Errorf("%s %v misère=%v page %d: %d moves listed, the oracle has %d", spec, hs, misere, page, len(res.WinningMoves), want)
						}
						continue
					}
					checked++
					if res.MoveCount == nil || *res.MoveCount != int64(want) {
						got := "none"
						if res.MoveCount != nil {
							got = strconv.FormatInt(*res.MoveCount, 10)
						}
						t.Errorf("%s %v misère=%v page %d: move count %s, the oracle has %d winning moves", spec, hs, misere, page, got, want)
					}
				}
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d pages shorter than their winning moves were checked", checked)
	}
}

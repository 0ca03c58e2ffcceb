package catalog_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/impartial/impartialtest"
	"github.com/grundy/grundy/internal/octaltest"
	"github.com/grundy/grundy/octal"
)

// Every named take-and-break game, with positions of up to three small
// heaps: value, outcome and winning moves (normal and misère) against the
// brute-force oracle on the engine game.
func TestOctalGamesAgainstOracle(t *testing.T) {
	for _, spec := range []string{"kayles", "dawson-kayles", "dawson-chess", "officers", "treblecross", "double-kayles", "grundy", "octal:4.07", "hex:0.8"} {
		g := mustParse(t, spec)
		or := impartialtest.NewOracle[octaltest.Heaps](octaltest.Engine{Game: octalOf(t, spec)})
		for _, hs := range [][]int{{0}, {1}, {5}, {7}, {3, 4}, {2, 2}, {1, 2, 3}, {6, 2}} {
			ps := make([]octaltest.Heaps, len(hs))
			for i, h := range hs {
				ps[i] = octaltest.Heaps{int32(h)}
			}
			for _, misere := range []bool{false, true} {
				res, err := g.Solve(ctx, games.FormatHeaps(hs), catalog.Options{Misere: misere})
				if err != nil {
					t.Fatal(err)
				}
				if want := or.Outcome(misere, ps...); res.Outcome != want {
					t.Errorf("%s %v misère=%v: outcome %v, oracle %v", spec, hs, misere, res.Outcome, want)
				}
				var want []string
				for _, m := range or.WinningMoves(misere, ps...) {
					next := slices.Clone(hs)
					next = slices.Concat(next[:m.Index], m.To.Sizes(), next[m.Index+1:])
					want = append(want, formatNZ(next))
				}
				var got []string
				for _, m := range res.WinningMoves {
					got = append(got, m.To)
				}
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Errorf("%s %v misère=%v: winning moves %v, oracle %v", spec, hs, misere, got, want)
				}
				if !misere {
					var v impartial.Nimber
					for _, p := range ps {
						v ^= or.Value(p)
					}
					if *res.Value != v {
						t.Errorf("%s %v: value %d, oracle %d", spec, hs, *res.Value, v)
					}
				}
			}
		}
	}
}

// octalOf returns the take-and-break game a spec names, built from its code
// here rather than asked of the catalog.
func octalOf(t *testing.T, spec string) octal.Game {
	t.Helper()
	named := map[string]string{"kayles": "0.77", "dawson-kayles": "0.07", "dawson-chess": "0.137", "officers": "0.6", "treblecross": "0.007", "double-kayles": "0.7777"}
	var c octal.Code
	var err error
	switch {
	case spec == "grundy":
		return octal.GrundysGame()
	case named[spec] != "":
		c, err = octal.ParseCode(named[spec])
	case strings.HasPrefix(spec, "octal:"):
		c, err = octal.ParseCode(strings.TrimPrefix(spec, "octal:"))
	case strings.HasPrefix(spec, "hex:"):
		c, err = octal.ParseHexCode(strings.TrimPrefix(spec, "hex:"))
	default:
		t.Fatalf("%s is not a take-and-break game", spec)
	}
	if err != nil {
		t.Fatal(err)
	}
	return octal.New(c)
}

func formatNZ(hs []int) string {
	var nz []int
	for _, h := range hs {
		if h > 0 {
			nz = append(nz, h)
		}
	}
	if len(nz) == 0 {
		return "0"
	}
	return games.FormatHeaps(nz)
}

func TestKaylesSolveText(t *testing.T) {
	res, err := mustParse(t, "kayles").Solve(ctx, "5 7", catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []catalog.Move{{To: "3 1 7", Move: "heap 1: take 1 and split the rest into 3 + 1"}, {To: "5 5", Move: "heap 2: take 2, leaving 5"}}
	if *res.Value != 6 || !slices.Equal(res.WinningMoves, want) {
		t.Errorf("got %+v\nwant value 6, moves %v", res, want)
	}
	// A heap far beyond the values computed: Kayles' proved period gives it.
	res, err = mustParse(t, "kayles").Solve(ctx, "1000000000007 1000000000007", catalog.Options{})
	if err != nil || *res.Value != 0 {
		t.Errorf("kayles 2 huge equal heaps = %+v %v", res, err)
	}
}

func TestOctalSpecs(t *testing.T) {
	for spec, want := range map[string]string{"octal:.77": "octal:0.77", "OCTAL:0.1370": "octal:0.137", "hex:0.f": "hex:0.F", "kayles": "kayles", "grundy": "grundy"} {
		if got := mustParse(t, spec).Info().Spec; got != want {
			t.Errorf("%s: spec %q, want %q", spec, got, want)
		}
	}
	for spec, msg := range map[string]string{
		"octal:0.18":   `game "octal:0.18": column 10: digit 8 is not an octal digit`,
		"octal:2.07":   `column 7: d0 must be 0 or 4`,
		"octal:":       `empty code`,
		"hex:0.G":      `column 7: "G" is not a hexadecimal digit`,
		"kayles:3":     `kayles takes no arguments`,
		" octal:0.1x ": `column 11: "x" is not an octal digit`,
	} {
		_, err := families.Parse(spec)
		var se *catalog.SpecError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), msg) {
			t.Errorf("Parse(%q) = %v, want %q", spec, err, msg)
		}
	}
}

func TestOctalValuesAndPeriod(t *testing.T) {
	g := mustParse(t, "kayles")
	seq, err := g.Values(ctx, 0, 12, catalog.Options{})
	if err != nil || !slices.Equal(seq.Values, []impartial.Nimber{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4}) {
		t.Errorf("kayles values = %v %v", seq, err)
	}
	p, err := mustParse(t, "kayles").Period(ctx, 100000, catalog.Options{})
	if err != nil || p.Status != catalog.PeriodProved || p.Period != 12 || p.Preperiod != 71 {
		t.Errorf("kayles period = %+v %v", p, err)
	}
	p, err = mustParse(t, "grundy").Period(ctx, 5000, catalog.Options{})
	if err != nil || p.Status == catalog.PeriodProved {
		t.Errorf("grundy period = %+v %v", p, err)
	}
	if _, err := g.Values(ctx, 0, 100, catalog.Options{Budget: impartial.Budget{MaxPositions: 50}}); err == nil {
		t.Error("values beyond the budget succeeded")
	}
}

func TestOctalMisereTooLarge(t *testing.T) {
	// Kayles has a misère quotient (proved at heap 167): a sum of large
	// heaps is answered by products in it, whatever the search budget, and
	// every winning move it lists leads to a misère P-position.
	g := mustParse(t, "kayles")
	small := catalog.Options{Misere: true, Budget: impartial.Budget{MaxPositions: 10000}}
	res, err := g.Solve(ctx, "40 40 40", small)
	if err != nil || res.Outcome != impartial.N || len(res.WinningMoves) == 0 {
		t.Fatalf("misère kayles 40 40 40 = %+v, %v", res, err)
	}
	for _, m := range res.WinningMoves {
		after, err := g.Solve(ctx, m.To, small)
		if err != nil || after.Outcome != impartial.P {
			t.Errorf("winning move to %s: %+v, %v", m.To, after, err)
		}
	}
	// Dawson's Kayles' quotient grows past 1024 elements at heap 34: a
	// sum of large heaps falls back to search, and the budget says so.
	_, err = mustParse(t, "dawson-kayles").Solve(ctx, "60 60 60", small)
	var be *impartial.BudgetError
	if !errors.As(err, &be) || !strings.Contains(err.Error(), `misère search of dawson-kayles "60 60 60": position budget exhausted`) {
		t.Errorf("misère dawson-kayles 60 60 60 = %v", err)
	}
}

// A heap with more moves than the budget lets one answer examine: Solve
// still gives the value and outcome, with the moves it found and a note
// naming the move budget; the list of every move is refused before it is
// built (G(0..2000) itself fits the budget).
func TestOctalMoveBudgetNamesMoves(t *testing.T) {
	g := mustParse(t, "octal:0.777")
	opts := catalog.Options{Budget: impartial.Budget{MaxPositions: 2500}}
	res, err := g.Solve(ctx, "2000", opts)
	if err != nil || res.Value == nil || res.MoveCount == nil || *res.MoveCount != -1 || !strings.Contains(res.MovesNote, "move budget exhausted: more than 2500 moves") {
		t.Errorf("Solve 2000 = %+v, %v; want the value and a list stopped by the move budget", res, err)
	}
	_, err = g.Moves(ctx, "2000", opts)
	var be *impartial.BudgetError
	if !errors.As(err, &be) || be.Limit != impartial.LimitMoves {
		t.Errorf("Moves err = %#v, want a LimitMoves BudgetError", err)
	} else if want := `the moves of octal:0.777 "2000": move budget exhausted: more than 2500 moves to examine; ask for the value and the winning moves instead, or for a smaller position`; err.Error() != want {
		t.Errorf("err = %q, want %q", err, want)
	}
	// Within a larger budget both succeed: the limit was the moves.
	opts.Budget.MaxPositions = 10000
	if _, err := g.Solve(ctx, "2000", opts); err != nil {
		t.Error(err)
	}
	if ms, err := g.Moves(ctx, "2000", opts); err != nil || len(ms) <= 2500 {
		t.Errorf("moves of 2000 = %d, %v; want more than 2500", len(ms), err)
	}
}

// Heaps past the pre-period of a proved period: the winning moves are
// counted by residue classes (octal.ProvedSequence.MovesTo) through the
// analysis path; their number and the moves listed equal a direct
// enumeration of the heap's options with the computed values.
func TestOctalHugeHeapMovesByClasses(t *testing.T) {
	for _, spec := range []string{"kayles", "dawson-kayles", "octal:0.16"} {
		g := mustParse(t, spec)
		og := octalOf(t, spec)
		c := octal.NewComputer(og, octal.Auto)
		if err := c.Extend(ctx, 12000); err != nil {
			t.Fatal(err)
		}
		for _, h := range []int{5000, 9001, 10007} {
			for _, other := range []int{0, 1, 3} {
				pos := fmt.Sprintf("%d %d", h, other)
				res, err := g.Solve(ctx, pos, catalog.Options{})
				if err != nil {
					t.Fatal(err)
				}
				total := c.At(h) ^ c.At(other)
				want := c.At(h) ^ total
				var exp []string
				og.Options(h, func(k int, parts []int) bool {
					var x uint32
					for _, p := range parts {
						x ^= c.At(p)
					}
					if x == want {
						exp = append(exp, games.FormatHeaps(append(slices.Clone(parts), other)))
					}
					return true
				})
				// Moves in the small heap, enumerated by the engine.
				var small int
				og.Options(other, func(k int, parts []int) bool {
					var x uint32
					for _, p := range parts {
						x ^= c.At(p)
					}
					if x == c.At(other)^total {
						small++
					}
					return true
				})
				n := int64(len(res.WinningMoves))
				if res.MoveCount != nil {
					n = *res.MoveCount
				}
				if total == 0 && n != 0 || total != 0 && n != int64(len(exp)+small) {
					t.Errorf("%s %s: %d winning moves, enumeration %d + %d", spec, pos, n, len(exp), small)
				}
				// When not all are listed, the classes cover the big heap's
				// moves: each counts the a ≡ residue (mod m) in its range, and
				// together they count the enumeration's moves.
				if len(res.MoveClasses) > 0 {
					var sum int64
					for _, mc := range res.MoveClasses {
						if mc.Component != 1 || mc.Mod < 1 || mc.From > mc.To {
							t.Errorf("%s %s: class %+v", spec, pos, mc)
						}
						first := mc.From + ((mc.Residue-mc.From)%mc.Mod+mc.Mod)%mc.Mod
						if n := (mc.To-first)/mc.Mod + 1; first > mc.To && mc.Count != 0 || first <= mc.To && n != mc.Count {
							t.Errorf("%s %s: class %+v counts %d, its range holds %d", spec, pos, mc, mc.Count, n)
						}
						sum += mc.Count
					}
					if sum != int64(len(exp)) {
						t.Errorf("%s %s: the classes count %d moves, enumeration %d", spec, pos, sum, len(exp))
					}
				}
				// The big heap's moves come first, at most 1000 of them listed
				// (the classes describe the rest), in the order of the options.
				for i, m := range res.WinningMoves {
					if i < min(len(exp), 1000) && formatNonzero(m.To) != formatNonzero(exp[i]) {
						t.Errorf("%s %s: move %d is %s, enumeration %s", spec, pos, i, m.To, exp[i])
						break
					}
				}
			}
		}
	}
}

// formatNonzero writes a list of heaps without its empty heaps.
func formatNonzero(s string) string {
	var out []string
	for _, f := range strings.Fields(s) {
		if f != "0" {
			out = append(out, f)
		}
	}
	return strings.Join(out, " ")
}

// A heap of 2^31 − 1 in 0.16 (period 149459, proved within the hunt) has
// 511 million winning moves in over 10^5 classes: the answer lists the
// moves that fit the output budget, measured as they are formatted, counts
// them all, and lists the classes that fit in what is left, with their
// number.
func TestOctalHugeHeapAnswerFitsOutputBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("computes 2^19 values of 0.16")
	}
	const budget = 1 << 20
	res, err := mustParse(t, "octal:0.16").Solve(ctx, "2147483647", catalog.Options{Budget: impartial.Budget{MaxOutput: budget}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > budget || res.MoveCount == nil || *res.MoveCount != 511434907 ||
		!strings.Contains(res.MovesNote, "more not listed") || res.MoveClassCount <= len(res.MoveClasses) {
		t.Errorf("%d bytes (budget %d), count %v, note %q, %d classes listed of %d", len(b), budget, res.MoveCount, res.MovesNote, len(res.MoveClasses), res.MoveClassCount)
	}
}

// TestSolvePages: the moves of a long list asked page by page (MaxListed
// and Offset, following NextOffset) are the moves of the whole list, in
// order, with the count on every page: winning moves counted by residue
// classes, and every option of a sum ranked by remoteness.
func TestSolvePages(t *testing.T) {
	for _, c := range []struct {
		spec, pos string
		all       bool
		page      int
	}{{"kayles", "100001", false, 1500}, {"sum", "kayles 9 + nim 3 4", true, 7}, {"nim", "30 31 32", true, 40}} {
		g := mustParse(t, c.spec)
		whole, err := g.Solve(ctx, c.pos, catalog.Options{AllOptions: c.all, MaxListed: 20000})
		if err != nil {
			t.Fatal(err)
		}
		list := func(r *catalog.Result) []string {
			var out []string
			for _, m := range r.WinningMoves {
				out = append(out, m.To)
			}
			for _, o := range r.Options {
				out = append(out, fmt.Sprintf("%s %s %v", o.To, o.Result, *o.Remoteness))
			}
			return out
		}
		want := list(whole)
		var got []string
		pages := 0
		for off := 0; ; {
			r, err := g.Solve(ctx, c.pos, catalog.Options{AllOptions: c.all, MaxListed: c.page, Offset: off})
			if err != nil {
				t.Fatal(err)
			}
			pages++
			got = append(got, list(r)...)
			if r.MoveCount == nil || *r.MoveCount != int64(len(want)) {
				t.Fatalf("%s %s offset %d: count %v, the whole list %d", c.spec, c.pos, off, r.MoveCount, len(want))
			}
			if r.NextOffset == nil {
				break
			}
			if *r.NextOffset != off+c.page {
				t.Fatalf("%s %s offset %d: next %d", c.spec, c.pos, off, *r.NextOffset)
			}
			off = *r.NextOffset
		}
		if pages < 2 || !slices.Equal(got, want) {
			t.Errorf("%s %s: %d pages give %d moves, the whole list %d (first difference at %d)", c.spec, c.pos, pages, len(got), len(want),
				func() int {
					for i := range min(len(got), len(want)) {
						if got[i] != want[i] {
							return i
						}
					}
					return min(len(got), len(want))
				}())
		}
	}
}

package catalog_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/impartial/impartialtest"
	"github.com/grundy/grundy/internal/octaltest"
	"github.com/grundy/grundy/misere"
	"github.com/grundy/grundy/octal"
)

// kaylesStar is Kayles (octal 0.77) as a Starlark heap game whose options
// are pairs of heaps, split by components.
const kaylesStar = `
heap = True

def moves(n):
    out = []
    for k in (1, 2):
        for a in range(0, n - k + 1):
            b = n - k - a
            if a <= b:
                out.append((a, b))
    return out

def components(p):
    if type(p) == "int":
        return [p]
    return [x for x in p if x > 0]
`

// TestMisereGlue checks that every way of giving a game reaches the same
// misère analysis: Kayles as octal:0.77 and as a Starlark rule file have
// the same quotient and forms; subtract:1,3,4 (proved through its octal
// code) and the Starlark example agree.
func TestMisereGlue(t *testing.T) {
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "kayles.star")
	if err := os.WriteFile(file, []byte(kaylesStar), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, pair := range [][2]string{{"kayles", "starlark:" + file}, {"subtract:1,3,4", "starlark:examples/subtract.star"}, {"nim", "starlark:examples/nim.star"}} {
		a, err := families.Parse(pair[0])
		if err != nil {
			t.Fatal(err)
		}
		b, err := families.Parse(pair[1])
		if err != nil {
			t.Fatal(err)
		}
		qa, err := a.SolveMisereQuotient(ctx, 14, 0, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		qb, err := b.SolveMisereQuotient(ctx, 14, 0, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		sa, sb := qa.Summary, qb.Summary
		sa.Period, sb.Period = misere.Period{}, misere.Period{} // only the octal code gets proofs
		sa.Status, sb.Status = "", ""
		sa.Computed, sb.Computed = 0, 0 // the code's is proved before heap 14
		sa.Pretending, sb.Pretending = sa.Pretending[:15], sb.Pretending[:15]
		if !reflect.DeepEqual(sa, sb) {
			t.Errorf("%s and %s: quotients\n%+v\n%+v", pair[0], pair[1], qa.Summary, qb.Summary)
		}
		for _, pos := range []string{"5", "7 3", "9 4 1"} {
			fa, err := a.SolveMisereForm(ctx, pos, catalog.Options{})
			if err != nil {
				t.Fatal(err)
			}
			fb, err := b.SolveMisereForm(ctx, pos, catalog.Options{})
			if err != nil {
				t.Fatal(err)
			}
			fa.Game, fb.Game = "", ""
			if *fa != *fb {
				t.Errorf("%s and %s position %s: %+v and %+v", pair[0], pair[1], pos, fa, fb)
			}
		}
	}
	sub, _ := families.Parse("subtract:1,3,4")
	q, err := sub.SolveMisereQuotient(ctx, 20, 0, catalog.Options{})
	if err != nil || q.Status != "proved" {
		t.Errorf("subtract:1,3,4: %v, %v", q, err)
	}
}

func TestMisereUnsupported(t *testing.T) {
	ctx := context.Background()
	var ue *catalog.CapabilityError
	w, _ := families.Parse("wythoff")
	if _, err := w.SolveMisereQuotient(ctx, 5, 0, catalog.Options{}); !errors.As(err, &ue) {
		t.Errorf("wythoff quotient: %v", err)
	}
	if f, err := w.SolveMisereForm(ctx, "2 3", catalog.Options{}); err != nil || f.Form != "*5" {
		t.Errorf("wythoff 2 3: %v, %v", f, err)
	}
	// A coin-turning position's form is that of the real game (its moves
	// turn coins over), not a sum of its heads: its outcome is the misère
	// search's. A row too long to search is refused at once.
	c, _ := families.Parse("coins:mock-turtles")
	for _, pos := range []string{"1 2", "HHTH", "THHTTH"} {
		f, err := c.SolveMisereForm(ctx, pos, catalog.Options{})
		res, err2 := c.Solve(ctx, pos, catalog.Options{Misere: true})
		if err != nil || err2 != nil || f.Outcome != res.Outcome {
			t.Errorf("coins %s: form %+v (%v), misère search %v (%v)", pos, f, err, res, err2)
		}
	}
	var un *impartial.UnsupportedError
	if _, err := c.SolveMisereForm(ctx, "3 70", catalog.Options{}); !errors.As(err, &un) {
		t.Errorf("coins 3 70: %v", err)
	}
	loopy, _ := families.Parse("starlark:examples/draw.star")
	if _, err := loopy.SolveMisereForm(ctx, "1", catalog.Options{}); err == nil {
		t.Error("a loopy game has a misère form")
	}
}

// misereQuotientOf computes the misère quotient of the heaps 0..heaps of a
// heap game (Game.ComputeMisereQuotient), at most maxSize elements, and
// only the quotient: a limit that stops it is an error, with done called.
func misereQuotientOf(ctx context.Context, g *catalog.Game, heaps, maxSize int, opts catalog.Options) (*misere.Quotient, func(), error) {
	q, done, err := g.ComputeMisereQuotient(ctx, heaps, misere.Settings{MaxSize: maxSize}, opts)
	if err != nil {
		done()
		return nil, func() {}, err
	}
	return q, done, nil
}

// TestMisereQuotientOf answers a sum of heaps of a Starlark heap game by
// products while its session is open, as search does.
func TestMisereQuotientOf(t *testing.T) {
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "kayles.star")
	if err := os.WriteFile(file, []byte(kaylesStar), 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := families.Parse("starlark:" + file)
	if err != nil {
		t.Fatal(err)
	}
	q, done, err := misereQuotientOf(ctx, g, 12, 0, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	for _, pos := range []string{"3 4 5", "1 1 1", "12 7 2 2", "5 6"} {
		res, err := g.Solve(ctx, pos, catalog.Options{Misere: true})
		if err != nil {
			t.Fatal(err)
		}
		hs, _ := games.ParseHeaps(pos)
		o, err := q.Outcome(ctx, hs)
		if err != nil || o != res.Outcome {
			t.Errorf("%s: quotient %v (%v), search %v", pos, o, err, res.Outcome)
		}
		moves, err := q.WinningMoves(ctx, hs, 0)
		if err != nil || len(moves) != len(res.WinningMoves) {
			t.Errorf("%s: %d winning moves (%v), search %d", pos, len(moves), err, len(res.WinningMoves))
		}
	}
}

// TestMiserePositionsAgainstSearch: the quotient of a set of positions of
// games that are not (or not only) heap games, MisereSolver's general
// mode, against exhaustive misère search: random sums of positions of the
// closed set, written as sums of the game "sum" (a misère search of the
// whole, impartial.Compound), have the outcome of the product of their
// images; each position asked has the outcome search gives it. Wythoff,
// a coin-turning game (a row is one position, not a sum of its coins; rows
// of different lengths), a game of coins on a grid, a Starlark rule file on tuples, a Starlark heap game whose options are
// split into components, and Nim positions split into heaps.
func TestMiserePositionsAgainstSearch(t *testing.T) {
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "kayles.star")
	if err := os.WriteFile(file, []byte(kaylesStar), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err := families.Parse("sum")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(30, 1))
	for _, c := range []struct {
		game      string
		positions []string
		size      int // the quotient's order, as computed (checked by the sums)
	}{
		{"wythoff", []string{"3 4", "2 2"}, 10},
		{"coins:mock-turtles", []string{"HHTH", "TTHTH"}, 18},
		{"coins:ruler", []string{"HTHHT"}, 0},
		// A longer row before a shorter one: the closed set is written in
		// rows that hold every head (the codec's row once was the last read).
		{"coins:mock-turtles", []string{"TTHTH", "HH"}, 0},
		{"coins:rugs", []string{"TTH/HTT", "HT"}, 0},
		{"starlark:examples/twoheap.star", []string{"3,3", "1,4"}, 0},
		{"starlark:" + file, []string{"7", "3 5"}, 0},
		{"nim", []string{"3 4", "5"}, 0},
		{"northcott", []string{"1 4; 0 2"}, 0},
	} {
		g, err := families.Parse(c.game)
		if err != nil {
			t.Fatal(err)
		}
		p, err := g.ComputeMiserePositions(ctx, c.positions, misere.Settings{}, catalog.Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.game, err)
		}
		q, res := p.Quotient, p.Result(ctx)
		if c.size > 0 && q.Size() != c.size {
			t.Errorf("%s: %d elements, want %d", c.game, q.Size(), c.size)
		}
		if res.Status != misere.Computed || res.Closure != len(p.Closure) || len(res.Pretending) != res.Closure {
			t.Errorf("%s: status %s, closure %d, %d images", c.game, res.Status, res.Closure, len(res.Pretending))
		}
		search := func(parts []string) impartial.Outcome {
			t.Helper()
			terms := make([]string, len(parts))
			for i, x := range parts {
				terms[i] = c.game + " " + x
			}
			r, err := sum.Solve(ctx, strings.Join(terms, " + "), catalog.Options{Misere: true})
			if err != nil {
				t.Fatalf("%s %q: %v", c.game, parts, err)
			}
			return r.Outcome
		}
		for j, a := range res.Positions {
			want, err := g.Solve(ctx, c.positions[j], catalog.Options{Misere: true})
			if err != nil {
				t.Fatal(err)
			}
			if a.Outcome != want.Outcome || a.Image == "" {
				t.Errorf("%s position %s: quotient %+v, search %v", c.game, c.positions[j], a, want.Outcome)
			}
		}
		n := len(p.Closure)
		for range 100 {
			k := 1 + rng.IntN(3)
			heaps := make([]int, k)
			parts := make([]string, k)
			for i := range heaps {
				heaps[i] = 1 + rng.IntN(n)
				parts[i] = p.Closure[heaps[i]-1]
			}
			got, err := q.Outcome(ctx, heaps)
			if err != nil {
				t.Fatal(err)
			}
			if want := search(parts); got != want {
				t.Fatalf("%s %q: quotient %v, search %v", c.game, parts, got, want)
			}
		}
		t.Logf("%s %q: %d positions, %d elements, P-portion %d", c.game, c.positions, n, q.Size(), q.PSize())
	}
}

// TestMisereStopsByContext: a quotient run whose context has ended stops
// with the reason its cause gives (impartial.ContextError, through
// context.Cause): a deadline, whoever set it, is "time budget exhausted",
// the memory governor's cause a memory budget, only a plain cancel (an
// interrupt, a client gone) "search canceled"; never Go's own "context
// canceled" or "context deadline exceeded". The contexts have ended
// before the run starts: no test waits on a clock.
func TestMisereStopsByContext(t *testing.T) {
	past := time.Unix(0, 0)
	expired := func(cause error) context.Context {
		ctx, cancel := context.WithDeadlineCause(context.Background(), past, cause)
		t.Cleanup(cancel)
		return ctx
	}
	canceled := func(cause error) context.Context {
		ctx, cancel := context.WithCancelCause(context.Background())
		cancel(cause)
		return ctx
	}
	memory := &impartial.BudgetError{Limit: impartial.LimitMemory, Max: 1 << 20}
	kayles, _ := families.Parse("kayles")
	wythoff, _ := families.Parse("wythoff")
	runs := map[string]func(ctx context.Context) error{
		"quotient of heaps": func(ctx context.Context) error {
			_, done, err := kayles.ComputeMisereQuotient(ctx, -1, misere.Settings{}, catalog.Options{})
			done()
			return err
		},
		"quotient of positions": func(ctx context.Context) error {
			_, err := wythoff.ComputeMiserePositions(ctx, []string{"9 11", "5 3"}, misere.Settings{}, catalog.Options{})
			return err
		},
		"sum by the quotient": func(ctx context.Context) error {
			_, err := kayles.SolveMisereSum(ctx, "1000 999", misere.Settings{}, catalog.Options{})
			return err
		},
	}
	for _, c := range []struct {
		name  string
		ctx   context.Context
		limit impartial.Limit
		msg   string
	}{
		{"deadline", expired(nil), impartial.LimitTime, "time budget exhausted (deadline exceeded)"},
		{"deadline with a cause", expired(errors.New("the server's deadline")), impartial.LimitTime, "time budget exhausted (deadline exceeded)"},
		{"memory governor", canceled(memory), impartial.LimitMemory, "memory budget exhausted: more than 1.0 MiB needed"},
		{"interrupt", canceled(nil), impartial.LimitCanceled, "search canceled"},
	} {
		for what, run := range runs {
			err := run(c.ctx)
			var be *impartial.BudgetError
			if !errors.As(err, &be) || be.Limit != c.limit || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("%s, %s: %v, want a %s budget error saying %q", c.name, what, err, c.limit, c.msg)
				continue
			}
			if msg := err.Error(); strings.Contains(msg, "context canceled") || strings.Contains(msg, "context deadline exceeded") {
				t.Errorf("%s, %s: %q speaks Go's words", c.name, what, msg)
			}
			var stop *misere.StopError
			if what == "quotient of heaps" && !errors.As(err, &stop) {
				t.Errorf("%s, %s: %v is not a stop of the quotient", c.name, what, err)
			}
		}
	}
}

// A sum answered by the misère quotient lists every winning move, not one
// (issue 44 §4): on every sum of one to three heaps of 1..8 tokens of
// Kayles, Dawson's Kayles and 0.75, the moves of SolveMisereSum are those
// of an exhaustive search of the real game (the brute-force oracle on
// octaltest.Engine), and Move is the first of them.
func TestSolveMisereSumEveryWinningMove(t *testing.T) {
	ctx := context.Background()
	for _, game := range []struct{ spec, code string }{{"kayles", "0.77"}, {"dawson-kayles", "0.07"}, {"octal:0.75", "0.75"}} {
		spec := game.spec
		g, err := families.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		c, err := octal.ParseCode(game.code)
		if err != nil {
			t.Fatal(err)
		}
		or := impartialtest.NewOracle[octaltest.Heaps](octaltest.Engine{Game: octal.New(c)})
		var sums [][]int
		for a := 1; a <= 8; a++ {
			sums = append(sums, []int{a})
			for b := 1; b <= a; b++ {
				sums = append(sums, []int{a, b}, []int{b, a})
				for d := 1; d <= min(b, 4); d++ {
					sums = append(sums, []int{a, b, d}, []int{d, a, b})
				}
			}
		}
		for _, hs := range sums {
			pos := strings.Trim(fmt.Sprint(hs), "[]")
			res, err := g.SolveMisereSum(ctx, pos, misere.Settings{}, catalog.Options{})
			if err != nil {
				t.Fatalf("%s %s: %v", spec, pos, err)
			}
			ps := make([]octaltest.Heaps, len(hs))
			for i, h := range hs {
				ps[i], _ = octaltest.HeapsOf(h)
			}
			if want := or.Outcome(true, ps...); res.Outcome != want {
				t.Fatalf("%s %s: outcome %v, search %v", spec, pos, res.Outcome, want)
			}
			var got []impartial.Move[octaltest.Heaps]
			for _, m := range res.Moves {
				to, _ := octaltest.HeapsOf(m.To...)
				got = append(got, impartial.Move[octaltest.Heaps]{Index: m.Index, To: to})
			}
			want := or.WinningMoves(true, ps...)
			if !impartialtest.SameMoves(got, want) || res.More {
				t.Fatalf("%s %s: winning moves %v (more %v), search %v", spec, pos, got, res.More, want)
			}
			if len(want) > 0 && (res.Move == nil || !reflect.DeepEqual(*res.Move, res.Moves[0])) {
				t.Fatalf("%s %s: Move %v is not the first of Moves %v", spec, pos, res.Move, res.Moves)
			}
		}
	}
}

package coins

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy/grundy/impartial"
)

// legalSet says, straight from each rule's definition and independently of
// Turns, whether a move may turn exactly the coins in turned (labels,
// ascending, non-empty; the last one goes from heads to tails).
func legalSet(spec string, turned []int) bool {
	n := len(turned)
	x := turned[n-1]
	contiguous := turned[n-1]-turned[0] == n-1
	name, arg, _ := strings.Cut(spec, ":")
	var set []int
	num := 0
	if arg != "" {
		for _, f := range strings.Split(arg, ",") {
			d, _ := strconv.Atoi(f)
			set = append(set, d)
		}
		num = set[0]
	}
	switch name {
	case "one":
		return n == 1
	case "turning-turtles":
		return n <= 2
	case "mock-turtles":
		return n <= 3
	case "moebius":
		return n <= 5
	case "mogul":
		return n <= 7
	case "up-to":
		return n <= num
	case "consecutive":
		return n == num && contiguous
	case "ruler":
		return contiguous
	case "twins":
		if arg == "" {
			return n == 2
		}
		return n == 2 && slices.Contains(set, x-turned[0])
	case "subtraction":
		// Coin x and coin x−s; coin 0 is off the board, so x alone when x = s.
		return n == 1 && slices.Contains(set, x) || n == 2 && slices.Contains(set, x-turned[0])
	case "grunt":
		return n == 4 && turned[0] == 0 && turned[1]+turned[2] == x && turned[1] < turned[2]
	}
	panic("no legal-set rule for " + spec)
}

// theoremGames are every named game, with the number of coins on which the
// brute force checks all positions (12 for all: the costliest, Mogul, has
// 3302 legal sets on 12 coins).
var theoremGames = []string{
	"one", "turning-turtles", "consecutive:1", "consecutive:2", "consecutive:3", "consecutive:5",
	"subtraction:1,2,3", "subtraction:2,5", "subtraction:1", "twins", "twins:1,2,3", "twins:2,3", "twins:1",
	"mock-turtles", "ruler", "grunt", "moebius", "mogul",
	"up-to:1", "up-to:2", "up-to:3", "up-to:4", "up-to:6", "up-to:8",
}

const theoremCoins = 12

// misereCoins bounds the rows on which misère play is checked.
const misereCoins = 8

func mustRule(t testing.TB, spec string) *Game {
	t.Helper()
	g, err := ParseRule(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// bruteGraph is the real game graph on n coins: masks (bit i = coin
// Start+i), the legal turned sets as masks, and the Grundy value of every
// position found by mex over that graph alone.
type bruteGraph struct {
	g      *Game
	n      int
	sets   []uint64 // every legal turned set, as a mask
	value  []Nimber // normal-play Grundy value of every mask
	misere []bool   // misère: does the player to move win?
}

func newBruteGraph(g *Game, n int) *bruteGraph {
	b := &bruteGraph{g: g, n: n}
	for t := uint64(1); t < 1<<n; t++ {
		var turned []int
		for m := t; m != 0; m &= m - 1 {
			turned = append(turned, g.Start+bits.TrailingZeros64(m))
		}
		if legalSet(g.Spec, turned) {
			b.sets = append(b.sets, t)
		}
	}
	b.value = make([]Nimber, 1<<n)
	b.misere = make([]bool, 1<<n)
	seen := make([]bool, len(b.sets)+2)
	// A move clears the top bit of its set and changes only lower bits, so
	// every option of a mask is a smaller mask.
	for mask := uint64(0); mask < 1<<n; mask++ {
		clear(seen)
		moved, misWin := false, false
		for _, t := range b.sets {
			if mask>>(63-bits.LeadingZeros64(t))&1 == 0 {
				continue // the rightmost turned coin must be heads
			}
			q := mask ^ t
			moved = true
			if v := b.value[q]; int(v) < len(seen) {
				seen[v] = true
			}
			if !b.misere[q] {
				misWin = true
			}
		}
		v := 0
		for seen[v] {
			v++
		}
		b.value[mask] = Nimber(v)
		b.misere[mask] = misWin || !moved
	}
	return b
}

func (b *bruteGraph) position(mask uint64) Position {
	p := Position{Heads: []int{}, Row: b.n}
	for m := mask; m != 0; m &= m - 1 {
		p.Heads = append(p.Heads, b.g.Start+bits.TrailingZeros64(m))
	}
	return p
}

func (b *bruteGraph) mask(turn []int) uint64 {
	var m uint64
	for _, c := range turn {
		m |= 1 << (c - b.g.Start)
	}
	return m
}

// TestCoinTurningTheorem checks, for every named game and every position of
// 12 coins (so every position of at most 12 coins: the coins right of the
// last head never matter), that the Grundy value found by brute-force search
// of the real game graph equals the XOR of the single-head values g(x)
// computed by the package, with and without closed forms.
func TestCoinTurningTheorem(t *testing.T) {
	ctx := context.Background()
	for _, spec := range theoremGames {
		t.Run(spec, func(t *testing.T) {
			g := mustRule(t, spec)
			b := newBruteGraph(g, theoremCoins)
			fast, err := g.Values(ctx, g.Start+theoremCoins-1, impartial.Budget{})
			if err != nil {
				t.Fatal(err)
			}
			plain, err := g.PlainValues(ctx, g.Start+theoremCoins-1, impartial.Budget{})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(fast, plain) {
				t.Fatalf("Values %v != PlainValues %v", fast, plain)
			}
			for mask := uint64(0); mask < 1<<theoremCoins; mask++ {
				var x Nimber
				for m := mask; m != 0; m &= m - 1 {
					x ^= fast[bits.TrailingZeros64(m)]
				}
				if x != b.value[mask] {
					t.Fatalf("position %s: XOR of g over heads = %d, brute force = %d", g.FormatPosition(b.position(mask)), x, b.value[mask])
				}
			}
		})
	}
}

// TestTurnsMatchRule: Turns yields exactly the legal sets, once each.
func TestTurnsMatchRule(t *testing.T) {
	for _, spec := range theoremGames {
		g := mustRule(t, spec)
		b := newBruteGraph(g, theoremCoins)
		var want, got []uint64
		for _, s := range b.sets {
			want = append(want, s)
		}
		for i := range theoremCoins {
			x := g.Start + i
			g.Turns(x, func(others []int) bool {
				if !slices.IsSorted(others) || len(others) > 0 && others[len(others)-1] >= x {
					t.Errorf("%s: Turns(%d) gave %v", spec, x, others)
				}
				got = append(got, b.mask(append(slices.Clone(others), x)))
				return true
			})
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(want, got) {
			t.Errorf("%s: Turns gives %d sets, the rule %d", spec, len(got), len(want))
		}
	}
}

// TestMovesAndWinningMovesVsBruteForce: on every position of 10 coins the
// solver's moves are the graph's, its value is the brute-force value, and
// its winning moves are exactly the moves to a brute-force P-position; the
// same under misère play, against the brute-force misère outcome (where the
// coin-turning theorem does not apply), on every position of 8 coins (the
// misère search is a map-memoized search of the whole graph).

func TestMovesAndWinningMovesVsBruteForce(t *testing.T) {
	ctx := context.Background()
	const n = 10
	for _, spec := range theoremGames {
		t.Run(spec, func(t *testing.T) {
			g := mustRule(t, spec)
			b := newBruteGraph(g, n)
			s := g.NewSolver(impartial.Budget{})
			for mask := uint64(0); mask < 1<<n; mask++ {
				p := b.position(mask)
				name := g.FormatPosition(p)
				v, err := s.Value(ctx, p)
				if err != nil || v != b.value[mask] {
					t.Fatalf("%s: Value = %d, %v; brute force %d", name, v, err, b.value[mask])
				}
				moves, err := s.Moves(ctx, p)
				if err != nil {
					t.Fatal(err)
				}
				var all, wantWin []uint64
				for _, m := range moves {
					tm := b.mask(m.Turn)
					all = append(all, tm)
					if b.value[mask^tm] == 0 {
						wantWin = append(wantWin, tm)
					}
					if q := p.Apply(m); b.mask(q.Heads) != mask^tm {
						t.Fatalf("%s: Apply(%v) = %s", name, m, g.FormatPosition(q))
					}
				}
				var wantAll []uint64
				for _, tm := range b.sets {
					if mask>>(63-bits.LeadingZeros64(tm))&1 != 0 {
						wantAll = append(wantAll, tm)
					}
				}
				if !sameSet(all, wantAll) {
					t.Fatalf("%s: Moves %v, brute force %v", name, all, wantAll)
				}
				wins, err := s.WinningMoves(ctx, p)
				if err != nil {
					t.Fatal(err)
				}
				var got []uint64
				for _, m := range wins {
					got = append(got, b.mask(m.Turn))
				}
				if !sameSet(got, wantWin) {
					t.Fatalf("%s: WinningMoves %v, brute force %v", name, wins, wantWin)
				}
				if mask >= 1<<misereCoins {
					continue
				}
				o, err := s.MisereOutcome(ctx, p)
				if err != nil {
					t.Fatal(err)
				}
				if want := outcome(b.misere[mask]); o != want {
					t.Fatalf("%s: misère outcome %v, brute force %v", name, o, want)
				}
				mw, err := s.MisereWinningMoves(ctx, p)
				if err != nil {
					t.Fatal(err)
				}
				var gotM, wantM []uint64
				for _, m := range mw {
					gotM = append(gotM, b.mask(m.Turn))
				}
				for _, tm := range wantAll {
					if !b.misere[mask^tm] {
						wantM = append(wantM, tm)
					}
				}
				if !sameSet(gotM, wantM) {
					t.Fatalf("%s: misère winning moves %v, brute force %v", name, mw, wantM)
				}
			}
		})
	}
}

func outcome(win bool) impartial.Outcome {
	if win {
		return impartial.N
	}
	return impartial.P
}

func sameSet(a, b []uint64) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b) && len(slices.Compact(a)) == len(b)
}

func ExampleGame_ParsePosition() {
	g := MockTurtles()
	p, _ := g.ParsePosition("HHTHTTHT")
	q, _ := g.ParsePosition("6, 0 3 1")
	fmt.Println(p.Heads, g.FormatPosition(p))
	fmt.Println(q.Heads, g.FormatPosition(q))
	// Output:
	// [0 1 3 6] HHTHTTHT
	// [0 1 3 6] 0 1 3 6
}

package cardflip

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/grundy/grundy/internal/longtest"
)

// bigRow against a plain slice, move by move: random moves (face up or
// down), and now and then a permutation, with tiny blocks so that blocks
// split, empty and are laid out again all the time. After every move each
// cell, each card's position and the first face-down cell of random
// ranges must agree.
func TestBigRowAgainstSlice(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 28))
	for _, c := range []struct{ m, bs, moves int }{{1, 1, 10}, {2, 1, 50}, {7, 1, 500}, {40, 2, 3000}, {300, 3, 5000}, {1000, 16, 3000}} {
		num := make([]uint32, c.m)
		vis := make([]uint32, c.m)
		for i := range num {
			num[i] = uint32(i + 1)
		}
		rng.Shuffle(c.m, func(i, j int) { num[i], num[j] = num[j], num[i] })
		r := newBigRow(c.m, c.bs)
		r.load(func(i int) uint32 { return num[i] }, func(i int) uint32 { return vis[i] })
		check := func(step int) {
			t.Helper()
			n2, v2 := r.flat()
			if !slices.Equal(n2, num) || !slices.Equal(v2, vis) {
				t.Fatalf("m=%d step %d: the blocks hold %v / %v, want %v / %v", c.m, step, n2, v2, num, vis)
			}
			for i := range c.m {
				if r.cell(i) != int(vis[i]) || r.hidden(i) != int(num[i]) || r.find(int(num[i])) != i {
					t.Fatalf("m=%d step %d: position %d: cell %d hidden %d find %d", c.m, step, i, r.cell(i), r.hidden(i), r.find(int(num[i])))
				}
			}
			for range 5 {
				lo := rng.IntN(c.m)
				hi := lo + 1 + rng.IntN(c.m-lo)
				want := -1
				for i := lo; i < hi; i++ {
					if vis[i] == 0 {
						want = i
						break
					}
				}
				if got := r.firstDown(lo, hi); got != want {
					t.Fatalf("m=%d step %d: firstDown(%d, %d) = %d, want %d", c.m, step, lo, hi, got, want)
				}
			}
		}
		check(0)
		for step := 1; step <= c.moves; step++ {
			if rng.IntN(50) == 0 {
				order := rng.Perm(c.m)
				r.permute(order)
				n2, v2 := make([]uint32, c.m), make([]uint32, c.m)
				for j, i := range order {
					n2[j], v2[j] = num[i], vis[i]
				}
				num, vis = n2, v2
			} else {
				pos, to := rng.IntN(c.m), rng.IntN(c.m)
				// Mostly moves towards the same few places, as the
				// strategies make them (a pivot, a label): blocks fill up.
				if rng.IntN(3) > 0 {
					to = c.m / 3
				}
				up := rng.IntN(4) == 0
				x := num[pos]
				r.move(pos, to, up)
				num = slices.Insert(slices.Delete(num, pos, pos+1), to, x)
				y := uint32(0)
				if up {
					y = x
				}
				vis = slices.Insert(slices.Delete(vis, pos, pos+1), to, y)
			}
			check(step)
		}
	}
}

// Every strategy plays the same games on a bigRow (with blocks of 2 and
// of 5 cells) as on the row of one word or of 16-bit cells: the same X,
// the same error, the same trace.
func TestBigRowGames(t *testing.T) {
	type c = struct {
		s Strategy
		r Rules
	}
	var cases []c
	for _, s := range Strategies() {
		for _, r := range []Rules{{}, {Players: 1}, {Players: 3, Model: TurnNumber}, {Variant: Rearrange}, {Variant: FixedAfterLook, Players: 2}} {
			if Compatible(s, r) == nil {
				cases = append(cases, c{s, r})
			}
		}
	}
	ms := []int{1, 2, 5, 13, 16, 40, 100}
	games := 12
	if !longtest.Enabled() {
		ms, games = []int{5, 13, 40}, 4
	}
	for _, cs := range cases {
		for _, m := range ms {
			if m > 40 && cs.s.Info().Randomized {
				continue // m²/2 turns
			}
			for _, bs := range []int{2, 5} {
				flat, err := NewGame(m, cs.r)
				if err != nil {
					t.Fatal(err)
				}
				big, err := newGame(m, cs.r, 1, bs)
				if err != nil {
					t.Fatal(err)
				}
				if big.turn.big == nil {
					t.Fatal("not a bigRow")
				}
				deal := make([]int, m)
				for i := range games {
					var steps [2][]Step
					var xs [2]int
					var errs [2]string
					for k, g := range []*Game{flat, big} {
						g.Trace = nil
						if i%4 == 0 && m <= 40 {
							g.Trace = func(st Step) { steps[k] = append(steps[k], st) }
						}
						rng := Deal(deal, 9, int64(i))
						x, err := g.Play(cs.s, deal, rng)
						xs[k] = x
						if err != nil {
							errs[k] = err.Error()
						}
					}
					if xs[0] != xs[1] || errs[0] != errs[1] || !reflect.DeepEqual(steps[0], steps[1]) {
						t.Fatalf("%s, m = %d (%v), blocks of %d, game %d: X %d / %d, errors %q / %q, traces equal %v",
							cs.s.Info().Name, m, cs.r, bs, i, xs[0], xs[1], errs[0], errs[1], reflect.DeepEqual(steps[0], steps[1]))
					}
				}
			}
		}
	}
}

// The largest games: a bigRow of MaxM cards plays front to back's first
// turns and a comb game of 20000 cards to the end, as the flat row would
// (X within the range every game of comb has: at least m, at most 5m).
func TestBigRowLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("a game of 20000 cards")
	}
	m := 20000
	g, err := NewGame(m, Rules{})
	if err != nil {
		t.Fatal(err)
	}
	deal := make([]int, m)
	Deal(deal, 1, 0)
	x, err := g.Play(Comb(), deal, nil)
	if err != nil || x < m || x > 5*m {
		t.Fatalf("comb, m = %d: X = %d, %v", m, x, err)
	}
	if _, err := NewGame(MaxM, Rules{}); err != nil {
		t.Fatal(err)
	}
	if _, err := NewGame(MaxM+1, Rules{}); err == nil {
		t.Fatal("a game of MaxM+1 cards")
	}
}

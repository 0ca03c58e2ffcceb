package cardflip

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"

	"github.com/grundy/grundy/internal/longtest"
)

// The generator of orderedRight. Run
//
//	GRUNDY_ORDERED_RIGHT=30000 go test ./cardflip -run TestOrderedRightSearch -v -timeout 2h
//
// (about a quarter of an hour on one core) to choose again, for S = 9..40
// in turn, the right part of a plain segment of S cards: every r with
// r ≤ L+1, by exact E[X] of whole games of S cards for S = 9 and by that
// many seeded games (seed 2026, the same for every r) above, with the
// smaller sizes fixed at their choice and 6..8 at comb's; it prints the
// table to paste into comb.go.
func TestOrderedRightSearch(t *testing.T) {
	arg := os.Getenv("GRUNDY_ORDERED_RIGHT")
	if arg == "" {
		t.Skip("set GRUNDY_ORDERED_RIGHT=games to choose orderedRight again")
	}
	games, err := strconv.Atoi(arg)
	if err != nil || games < 1 {
		t.Fatalf("GRUNDY_ORDERED_RIGHT=%q: want a number of games", arg)
	}
	rr := make([]int, 41)
	copy(rr, combRight[:9])
	for S := 9; S <= 40; S++ {
		best, bestE := 0, 0.0
		for r := 1; r <= S/2; r++ {
			rr[S] = r
			p := Ordered().(*stacks).p
			p.rightOf = rr
			s := newStacks("ordered", p)
			var e float64
			if S <= 9 {
				e = f64(exact(t, s, S, Rules{}))
			} else {
				e = simulate(t, s, S, int64(games), Rules{}).Mean()
			}
			if best == 0 || e < bestE {
				best, bestE = r, e
			}
		}
		rr[S] = best
		fmt.Printf("S = %d: r = %d, E[X] = %.4f\n", S, best, bestE)
	}
	fmt.Print("var orderedRight = [...]int{")
	for S := 6; S <= 40; S++ {
		fmt.Printf("%d: %d, ", S, rr[S])
	}
	fmt.Println("}")
}

// Ordered against comb on the same deals: the same at m ≤ 8 (the same
// tables), below it exactly at m = 9, and by more than 4 standard errors
// (of the difference, game by game) at the m below, to 1000.
func TestOrderedBelowComb(t *testing.T) {
	skipSequentialUnderRace(t)
	for m := 1; m <= 9; m++ {
		if !longtest.Enabled() && m > 8 {
			break // m = 9 with GRUNDY_LONG
		}
		o, c := exact(t, Ordered(), m, Rules{}), exact(t, Comb(), m, Rules{})
		if cmp := o.Cmp(c); m <= 8 && cmp != 0 || m == 9 && cmp >= 0 {
			t.Errorf("m = %d: ordered %s, comb %s", m, o.RatString(), c.RatString())
		}
	}
	ms, games := []int{10, 13, 40, 100}, 1000
	if longtest.Enabled() {
		ms, games = []int{10, 11, 12, 13, 16, 20, 27, 33, 40, 64, 100, 150, 300, 1000}, 2000
	}
	// One value of each strategy for every game: a strategy is stateless
	// between games (NewPlayer returns it), and building one parses its
	// tables, which cost more than the games themselves.
	ordered, comb := Ordered(), Comb()
	for _, m := range ms {
		g1, _ := NewGame(m, Rules{})
		g2, _ := NewGame(m, Rules{})
		deal := make([]int, m)
		var d Stats // X(comb) − X(ordered) + m, a positive integer
		n := games
		if m >= 300 {
			n = games / 10
		}
		for i := range n {
			Deal(deal, 28, int64(i))
			xo, err := g1.Play(ordered, deal, nil)
			if err != nil {
				t.Fatal(err)
			}
			xc, err := g2.Play(comb, deal, nil)
			if err != nil {
				t.Fatal(err)
			}
			d.add(xc - xo + m)
		}
		if diff := d.Mean() - float64(m); diff < 4*d.StdErr() {
			t.Errorf("m = %d: comb − ordered = %.3f ± %.3f over %d deals", m, diff, d.StdErr(), n)
		}
	}
}

// phaseProbe counts the turns of a stacks strategy by the phase of each
// (the Plan mode its Look chose), for TestPhaseCounts.
type phaseProbe struct {
	s      *stacks
	counts map[string]int
	mode   string
}

func (p *phaseProbe) Info() Info            { return p.s.Info() }
func (p *phaseProbe) NewPlayer(Seat) Player { return p }
func (p *phaseProbe) Look(t *Turn) int {
	pos := p.s.Look(t)
	p.mode = map[int]string{stFTB: "front to back", stSplit: "split", stHidden: "search", stTable: "table",
		stPreHidden: "search", stComb: "comb"}[t.Plan[0]]
	if t.Plan[0] == stComb && t.Plan[1] == 1 {
		p.mode = "comb, from a slot"
	}
	return pos
}
func (p *phaseProbe) Place(t *Turn, pos, x int) Move {
	mv := p.s.Place(t, pos, x)
	k := p.mode
	if mv.Up {
		k += ", up"
	}
	p.counts[k]++
	return mv
}

// Where comb and ordered spend their turns (docs/cardflip.md):
//
//	GRUNDY_CARDFLIP_PHASES=100 go test ./cardflip -run TestPhaseCounts -v
//
// prints the turns per game by phase over 2000 games of seed 1 (the last
// turn of a game, which places nothing, is not counted).
func TestPhaseCounts(t *testing.T) {
	m, _ := strconv.Atoi(os.Getenv("GRUNDY_CARDFLIP_PHASES"))
	if m < 1 {
		t.Skip("set GRUNDY_CARDFLIP_PHASES=m to count the turns of comb and ordered by phase")
	}
	for _, s := range []Strategy{Comb(), Ordered(), Skewed()} {
		p := &phaseProbe{s: s.(*stacks), counts: map[string]int{}}
		g, err := NewGame(m, Rules{})
		if err != nil {
			t.Fatal(err)
		}
		deal := make([]int, m)
		const games = 2000
		total := 0
		for i := range games {
			Deal(deal, 1, int64(i))
			x, err := g.Play(p, deal, nil)
			if err != nil {
				t.Fatal(err)
			}
			total += x
		}
		fmt.Printf("%s, m = %d: E[X] = %.2f over %d games of seed 1\n", s.Info().Name, m, float64(total)/games, games)
		var keys []string
		for k := range p.counts {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			fmt.Printf("  %-24s %7.2f\n", k, float64(p.counts[k])/games)
		}
	}
}

// Skewed against ordered and comb on the same deals: the very same game
// as ordered below 20 cards (its right parts there have fewer than 10
// cards and orderedRight is unchanged), and from 25 cards on below both by
// more than 4 standard errors of the difference, game by game, to 1000.
func TestSkewedBelowOrdered(t *testing.T) {
	skipSequentialUnderRace(t)
	skewed, ordered, comb := Skewed(), Ordered(), Comb()
	deal := make([]int, 1000)
	for _, m := range []int{9, 10, 13, 19} {
		g1, _ := NewGame(m, Rules{})
		g2, _ := NewGame(m, Rules{})
		for i := range 300 {
			Deal(deal[:m], 29, int64(i))
			xs, err1 := g1.Play(skewed, deal[:m], nil)
			xo, err2 := g2.Play(ordered, deal[:m], nil)
			if err1 != nil || err2 != nil || xs != xo {
				t.Fatalf("m = %d, deal %v: skewed %d (%v), ordered %d (%v)", m, deal[:m], xs, err1, xo, err2)
			}
		}
	}
	ms, games := []int{40, 100}, 1000
	if longtest.Enabled() {
		ms, games = []int{25, 33, 40, 64, 100, 150, 300, 1000}, 2000
	}
	for _, m := range ms {
		g1, _ := NewGame(m, Rules{})
		g2, _ := NewGame(m, Rules{})
		g3, _ := NewGame(m, Rules{})
		var do, dc Stats // X(ordered) − X(skewed) + m and X(comb) − X(skewed) + m
		n := games
		if m >= 300 {
			n = games / 10
		}
		for i := range n {
			Deal(deal[:m], 29, int64(i))
			xs, err := g1.Play(skewed, deal[:m], nil)
			if err != nil {
				t.Fatal(err)
			}
			xo, err := g2.Play(ordered, deal[:m], nil)
			if err != nil {
				t.Fatal(err)
			}
			xc, err := g3.Play(comb, deal[:m], nil)
			if err != nil {
				t.Fatal(err)
			}
			do.add(xo - xs + m)
			dc.add(xc - xs + m)
		}
		for _, d := range []struct {
			name string
			s    *Stats
		}{{"ordered", &do}, {"comb", &dc}} {
			if diff := d.s.Mean() - float64(m); diff < 4*d.s.StdErr() {
				t.Errorf("m = %d: %s − skewed = %.3f ± %.3f over %d deals", m, d.name, diff, d.s.StdErr(), n)
			}
		}
	}
}

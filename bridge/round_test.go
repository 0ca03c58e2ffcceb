package bridge

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// naiveValue is the plain game tree without memo, from the hands alone: A's
// points under optimal play once the cards in played have been put down,
// in order, from start on. It is the truth Round is checked against.
func naiveValue(d *Deal, start int, played []int) int {
	b := 2 * d.N()
	if len(played) == b {
		hp, hk := 0, 0
		for i, c := range played {
			h := d.Hand((start-1+i)%b + 1)
			hp, hk = max(hp, c), max(hk, h[0]+h[1]-c)
		}
		v := 0
		if TeamOf(d.Holder(hp)) == TeamA {
			v++
		}
		if TeamOf(d.Holder(hk)) == TeamA {
			v++
		}
		return v
	}
	pos := (start-1+len(played))%b + 1
	h := d.Hand(pos)
	lo := naiveValue(d, start, append(slices.Clip(played), h[0]))
	hi := naiveValue(d, start, append(slices.Clip(played), h[1]))
	if TeamOf(pos) == TeamA {
		return max(lo, hi)
	}
	return min(lo, hi)
}

// checkRound walks every line of play of r from its state (played so far),
// checking at each state the value, both choices, the optimal choice and
// the judged turn against naiveValue.
func checkRound(t *testing.T, r *Round, played []int) {
	t.Helper()
	d, s := r.Deal(), r.Start()
	want := naiveValue(d, s, played)
	if got := r.Value(); got != want {
		t.Fatalf("deal\n%sstart %d after %v: Value %d, game tree %d", d, s, played, got, want)
	}
	if r.Over() {
		pp, pk := r.Points()
		got := 0
		for _, tm := range []Team{pp, pk} {
			if tm == TeamA {
				got++
			}
		}
		if got != want || r.ToMove() != 0 || r.Choices() != nil {
			t.Fatalf("deal\n%sstart %d after %v: over, points %v %v, to move %d", d, s, played, pp, pk, r.ToMove())
		}
		return
	}
	pos := r.ToMove()
	if pos != (s-1+len(played))%(2*d.N())+1 {
		t.Fatalf("start %d after %v: ToMove %d", s, played, pos)
	}
	ch := r.Choices()
	h := d.Hand(pos)
	optimum := ch[0].Value
	for i, c := range ch {
		v := naiveValue(d, s, append(slices.Clip(played), c.Played))
		if c.Played != h[i] || c.Kept != h[1-i] || c.Value != v {
			t.Fatalf("deal\n%sstart %d after %v: choice %+v, want played %d kept %d value %d", d, s, played, c, h[i], h[1-i], v)
		}
		if TeamOf(pos) == TeamA {
			optimum = max(optimum, c.Value)
		} else {
			optimum = min(optimum, c.Value)
		}
	}
	if optimum != want {
		t.Fatalf("deal\n%sstart %d after %v: the best choice is worth %d, the state %d", d, s, played, optimum, want)
	}
	best := r.Best()
	if best.Value != want || (ch[0].Value == ch[1].Value && best.Played != h[0]) {
		t.Fatalf("deal\n%sstart %d after %v: Best %+v of %+v", d, s, played, best, ch)
	}
	for _, c := range ch {
		tu, err := r.Play(c.Played)
		if err != nil {
			t.Fatal(err)
		}
		wantTurn := Turn{Play: Play{Position: pos, Team: TeamOf(pos), Played: c.Played, Kept: c.Kept}, Before: want, Value: c.Value, Best: best.Played, Cost: abs(want - c.Value)}
		if tu != wantTurn || r.Turns()[len(played)] != tu {
			t.Fatalf("deal\n%sstart %d after %v: turn %+v, want %+v", d, s, played, tu, wantTurn)
		}
		checkRound(t, r, append(slices.Clip(played), c.Played))
		if !r.Undo() {
			t.Fatal("Undo after a play reported nothing to undo")
		}
	}
}

// forEachDeal calls visit with every layout of the cards 1..4n.
func forEachDeal(n int, visit func(*Deal)) {
	hands := make([][2]int, 2*n)
	used := make([]bool, 4*n+1)
	var place func(p int)
	place = func(p int) {
		if p == 2*n {
			d, err := NewDeal(hands)
			if err != nil {
				panic(err)
			}
			visit(d)
			return
		}
		for x := 1; x <= 4*n; x++ {
			for y := x + 1; y <= 4*n && !used[x]; y++ {
				if used[y] {
					continue
				}
				used[x], used[y] = true, true
				hands[p] = [2]int{x, y}
				place(p + 1)
				used[x], used[y] = false, false
			}
		}
	}
	place(0)
}

// Every line of play of every deal with n ≤ 2, from every start: each
// state's value and both choices match the plain game tree, and the value
// at the start is the deal's sequence by the characterization.
func TestRoundEveryDealSmall(t *testing.T) {
	for n := 1; n <= 2; n++ {
		deals := 0
		forEachDeal(n, func(d *Deal) {
			deals++
			seq := d.Sequence()
			for s := 1; s <= 2*n; s++ {
				r, err := d.NewRound(s)
				if err != nil {
					t.Fatal(err)
				}
				if r.Value() != seq[s-1] {
					t.Fatalf("deal\n%sstart %d: Round value %d, characterization %d", d, s, r.Value(), seq[s-1])
				}
				checkRound(t, r, nil)
			}
		})
		if want := []int{6, 2520}[n-1]; deals != want {
			t.Fatalf("n = %d: %d deals, want %d", n, deals, want)
		}
	}
}

// For n = 3 (7,484,400 deals, too many to walk every line of each), 300
// random deals, every start, every line.
func TestRoundRandomDeals3(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	for range 300 {
		d := randomDeal(r, 3)
		seq := d.Sequence()
		for s := 1; s <= 6; s++ {
			rd, err := d.NewRound(s)
			if err != nil {
				t.Fatal(err)
			}
			if rd.Value() != seq[s-1] {
				t.Fatalf("deal\n%sstart %d: Round value %d, characterization %d", d, s, rd.Value(), seq[s-1])
			}
			checkRound(t, rd, nil)
		}
	}
}

// Playing every turn optimally ends with the characterization's score,
// on larger deals too, and every turn then costs nothing.
func TestRoundPlayBest(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{4, 8, 16, MaxPlayN} {
		d := randomDeal(r, n)
		seq := d.Sequence()
		s := 1 + r.IntN(2*n)
		rd, err := d.NewRound(s)
		if err != nil {
			t.Fatal(err)
		}
		for !rd.Over() {
			if tu := rd.PlayBest(); tu.Cost != 0 || tu.Value != seq[s-1] {
				t.Fatalf("n = %d start %d: optimal turn %+v, sequence value %d", n, s, tu, seq[s-1])
			}
		}
		if rd.Value() != seq[s-1] {
			t.Fatalf("n = %d start %d: scored %d, sequence %d", n, s, rd.Value(), seq[s-1])
		}
	}
}

func TestRoundErrors(t *testing.T) {
	d, err := ParseDeal(strings.NewReader("2\n1 8\n2 7\n3 6\n4 5\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []int{0, 5} {
		if _, err := d.NewRound(s); err == nil || !strings.Contains(err.Error(), "outside 1..4") {
			t.Errorf("NewRound(%d) = %v", s, err)
		}
	}
	r, _ := d.NewRound(2)
	var ie *InputError
	if _, err := r.Play(8); !errors.As(err, &ie) || err.Error() != "position 2 holds 2 and 7, not 8" {
		t.Errorf("Play(8) = %v", err)
	}
	if len(r.Turns()) != 0 || r.Undo() {
		t.Error("a refused play was recorded")
	}
	for !r.Over() {
		r.PlayBest()
	}
	if _, err := r.Play(1); err == nil {
		t.Error("a play after the end was accepted")
	}
	big := RandomDeal(MaxPlayN+1, 1)
	if _, err := big.NewRound(1); err == nil || !strings.Contains(err.Error(), "n ≤ 64") {
		t.Errorf("NewRound at n = %d: %v", MaxPlayN+1, err)
	}
}

func TestParseSeats(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []int
		err  string
	}{
		{"A", []int{2, 4, 6}, ""},
		{" p ", []int{1, 3, 5}, ""},
		{"3", []int{3}, ""},
		{"5,1, 3,1", []int{1, 3, 5}, ""},
		{"", nil, "no seats"},
		{"7", nil, `seat "7" is not A, P or a position in 1..6`},
		{"1,x", nil, `seat "x" is not`},
		{"B", nil, `seat "B" is not`},
	} {
		s, err := ParseSeats(c.in, 3)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("ParseSeats(%q) = %v, %v; want error %q", c.in, s, err, c.err)
			}
			continue
		}
		if err != nil || !slices.Equal(s.Positions, c.want) {
			t.Errorf("ParseSeats(%q) = %v, %v; want %v", c.in, s.Positions, err, c.want)
		}
		for p := 1; p <= 6; p++ {
			if s.Has(p) != slices.Contains(c.want, p) {
				t.Errorf("ParseSeats(%q).Has(%d) = %v", c.in, p, s.Has(p))
			}
		}
	}
}

// RandomDeal deals every card once, and the same seed the same deal.
func TestRandomDeal(t *testing.T) {
	for _, n := range []int{1, 3, 50} {
		d := RandomDeal(n, 7)
		if d.String() != RandomDeal(n, 7).String() {
			t.Errorf("n = %d: seed 7 dealt two deals", n)
		}
		if _, err := ParseDeal(strings.NewReader(d.String())); err != nil {
			t.Errorf("n = %d: %v", n, err)
		}
	}
}

// A person plays one team at random against the optimal line: the computer
// plays every other seat, and the score at the end is the optimal score
// moved by exactly the cost of the person's turns (down for A, up for P),
// the score itself counted from the cards played and kept.
func TestRoundAgainstTheOptimalLine(t *testing.T) {
	rnd := rand.New(rand.NewPCG(8, 9))
	for n := 1; n <= 2; n++ {
		forEachDeal(n, func(d *Deal) {
			for _, as := range []string{"A", "P", "1"} {
				seats, err := ParseSeats(as, n)
				if err != nil {
					t.Fatal(err)
				}
				s := 1 + rnd.IntN(2*n)
				r, _ := d.NewRound(s)
				var cards []int
				for {
					for _, tu := range r.Advance(seats) {
						if seats.Has(tu.Position) || tu.Cost != 0 {
							t.Fatalf("Advance played %+v for seats %v", tu, seats.Positions)
						}
					}
					if r.Over() {
						break
					}
					c := r.Choices()[rnd.IntN(2)].Played
					if _, err := r.Play(c); err != nil {
						t.Fatal(err)
					}
				}
				for _, tu := range r.Turns() {
					cards = append(cards, tu.Played)
				}
				rec := r.Record(seats)
				score := naiveValue(d, s, cards)
				want := rec.Optimal - rec.Cost
				if as == "P" {
					want = rec.Optimal + rec.Cost
				}
				if as != "1" && score != want || rec.Value != score || !rec.Over || rec.ToMove != 0 || rec.Optimal != d.Sequence()[s-1] {
					t.Fatalf("deal\n%sstart %d as %s: scored %d, record %+v", d, s, as, score, rec)
				}
			}
		})
	}
}

// ParseSeats never panics; what it accepts are positions of the deal,
// increasing, each once, and Has agrees with them.
func FuzzParseSeats(f *testing.F) {
	for _, s := range []string{"A", "p", "3", "1,3,3", " 2 , 4", "", ",", "-1", "99999999999999999999", "A,P"} {
		f.Add(s, uint8(3))
	}
	f.Fuzz(func(t *testing.T, text string, n8 uint8) {
		n := 1 + int(n8)%MaxPlayN
		s, err := ParseSeats(text, n)
		if err != nil {
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("ParseSeats(%q): %T %v", text, err, err)
			}
			return
		}
		if len(s.Positions) == 0 {
			t.Fatalf("ParseSeats(%q) accepted no seat", text)
		}
		for i, p := range s.Positions {
			if p < 1 || p > 2*n || (i > 0 && p <= s.Positions[i-1]) || !s.Has(p) {
				t.Fatalf("ParseSeats(%q, %d) = %v", text, n, s.Positions)
			}
		}
	})
}

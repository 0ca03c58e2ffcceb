package cardflip

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// script is a test strategy: look and place are given as functions. It
// records the seats it is asked for; Exact and Simulate ask from several
// goroutines at once (Strategy's contract), hence the lock.
type script struct {
	look  func(t *Turn) int
	place func(t *Turn, pos, x int) Move
	mu    sync.Mutex
	seats []Seat
}

func (s *script) Info() Info { return Info{Name: "script"} }
func (s *script) NewPlayer(seat Seat) Player {
	s.mu.Lock()
	s.seats = append(s.seats, seat)
	s.mu.Unlock()
	return s
}
func (s *script) Look(t *Turn) int               { return s.look(t) }
func (s *script) Place(t *Turn, pos, x int) Move { return s.place(t, pos, x) }

func ftbLook(t *Turn) int { return firstDown(&t.View, 0, t.Len()) }

func playErr(t *testing.T, r Rules, s Strategy, deal ...int) error {
	t.Helper()
	g, err := NewGame(len(deal), r)
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.Play(s, deal, nil)
	return err
}

// One test per kind of illegal action: each must be reported as exactly
// that kind, with the turn.
func TestViolationLookOutOfRange(t *testing.T) {
	s := &script{look: func(*Turn) int { return 3 }}
	err := playErr(t, Rules{}, s, 1, 2, 3)
	var ae *ActionError
	if !errors.Is(err, LookOutOfRange) || !errors.As(err, &ae) || ae.Turn != 1 || ae.Pos != 3 {
		t.Fatalf("got %v", err)
	}
	s.look = func(*Turn) int { return -1 }
	if err := playErr(t, Rules{}, s, 1, 2, 3); !errors.Is(err, LookOutOfRange) {
		t.Fatalf("negative position: %v", err)
	}
}

func TestViolationLookFaceUp(t *testing.T) {
	// Turn 1 turns 1 up in place; turn 2 looks at it again.
	s := &script{look: func(*Turn) int { return 0 }, place: func(t *Turn, pos, x int) Move { return Move{Up: true, To: pos} }}
	err := playErr(t, Rules{}, s, 1, 2, 3)
	var ae *ActionError
	if !errors.Is(err, LookFaceUp) || !errors.As(err, &ae) || ae.Turn != 2 || ae.Value != 1 {
		t.Fatalf("got %v", err)
	}
	if !strings.Contains(err.Error(), "turn 2: looked at a face-up card (position 0 shows 1)") {
		t.Errorf("message %q", err)
	}
}

func TestViolationNotNext(t *testing.T) {
	s := &script{look: func(*Turn) int { return 0 }, place: func(t *Turn, pos, x int) Move { return Move{Up: true, To: pos} }}
	err := playErr(t, Rules{}, s, 2, 1, 3)
	var ae *ActionError
	if !errors.Is(err, NotNext) || !errors.As(err, &ae) || ae.Value != 2 || ae.K != 0 {
		t.Fatalf("got %v", err)
	}
}

func TestViolationIndexOutOfRange(t *testing.T) {
	for _, to := range []int{-1, 3} {
		s := &script{look: ftbLook, place: func(t *Turn, pos, x int) Move { return Move{To: to} }}
		err := playErr(t, Rules{}, s, 1, 2, 3)
		var ae *ActionError
		if !errors.Is(err, IndexOutOfRange) || !errors.As(err, &ae) || ae.Index != to {
			t.Fatalf("to %d: got %v", to, err)
		}
	}
}

func TestViolationCardFixed(t *testing.T) {
	err := playErr(t, Rules{Variant: FixedAfterLook}, FrontToBack(), 2, 1, 3)
	if !errors.Is(err, CardFixed) {
		t.Fatalf("front-to-back moves cards: got %v", err)
	}
	// Putting cards back where they were is legal under the variant
	// (single and interval never move a card).
	if err := playErr(t, Rules{Variant: FixedAfterLook, Players: 1}, Single(), 2, 1, 3); err != nil {
		t.Fatalf("single: %v", err)
	}
}

func TestViolationMovedOtherCard(t *testing.T) {
	order := []int{1, 0, 2}
	s := &script{look: ftbLook, place: func(t *Turn, pos, x int) Move { return Move{To: pos, Order: order} }}
	err := playErr(t, Rules{}, s, 3, 2, 1)
	var ae *ActionError
	if !errors.Is(err, MovedOtherCard) || !errors.As(err, &ae) || ae.Index != 0 {
		t.Fatalf("got %v", err)
	}
}

func TestViolationMovedFaceUp(t *testing.T) {
	// Turn 1 turns 1 up at position 0; turn 2 swaps it with a face-down card.
	s := &script{look: ftbLook, place: func(t *Turn, pos, x int) Move {
		if x == 1 {
			return Move{Up: true, To: 0}
		}
		return Move{To: pos, Order: []int{1, 0, 2}}
	}}
	err := playErr(t, Rules{Variant: Rearrange}, s, 1, 3, 2)
	if !errors.Is(err, MovedFaceUp) {
		t.Fatalf("got %v", err)
	}
}

func TestViolationBadOrder(t *testing.T) {
	for _, order := range [][]int{{0, 0, 2}, {0, 1}, {0, 1, 5}} {
		s := &script{look: ftbLook, place: func(t *Turn, pos, x int) Move { return Move{To: pos, Order: order} }}
		if err := playErr(t, Rules{Variant: Rearrange}, s, 3, 2, 1); !errors.Is(err, BadOrder) {
			t.Fatalf("order %v: got %v", order, err)
		}
	}
}

func TestViolationTurnLimit(t *testing.T) {
	// Never turning anything up loops forever; the limit stops it.
	s := &script{look: ftbLook, place: func(t *Turn, pos, x int) Move { return Move{To: t.Len() - 1} }}
	err := playErr(t, Rules{MaxTurns: 50}, s, 1, 2, 3)
	var ae *ActionError
	if !errors.Is(err, TurnLimit) || !errors.As(err, &ae) || ae.Turn != 51 {
		t.Fatalf("got %v", err)
	}
}

func TestRearrangeVariant(t *testing.T) {
	// Look at position 0; if it is not next, reverse the face-down cards.
	var rows []string
	s := &script{look: ftbLook, place: func(t *Turn, pos, x int) Move {
		if x == t.K()+1 {
			return Move{Up: true, To: t.Len() - 1}
		}
		var down []int
		for i := range t.Len() {
			if !t.Up(i) {
				down = append(down, i)
			}
		}
		order := make([]int, t.Len())
		for i := range order {
			order[i] = i
		}
		for i, j := 0, len(down)-1; i < j; i, j = i+1, j-1 {
			order[down[i]], order[down[j]] = down[j], down[i]
		}
		return Move{To: pos, Order: order}
	}}
	g, _ := NewGame(3, Rules{Variant: Rearrange})
	g.Trace = func(st Step) { rows = append(rows, FormatRow(st.After, -1)) }
	// Deal 2 3 1: see 2, reverse → 1 3 2; see 1 up → 3 2 1(up); see 3, reverse → 2 3 1; see 2 up; see 3 up.
	x, err := g.Play(s, []int{2, 3, 1}, nil)
	if err != nil || x != 5 {
		t.Fatalf("x = %d, err %v, rows %v", x, err, rows)
	}
}

func TestNoPeeking(t *testing.T) {
	// Two deals with the same visible row must look the same to a player:
	// the View holds the face-up numbers and nothing else.
	var views []View
	s := &script{look: func(t *Turn) int {
		views = append(views, View{one: t.one, word: t.word, vis: append([]face(nil), t.vis...), m: t.m, k: t.k})
		for i := range t.Len() {
			if t.Up(i) != (t.Value(i) != 0) || (t.Up(i) && t.Value(i) > t.K()) {
				panic("view shows more than the face-up cards")
			}
		}
		return ftbLook(t)
	}, place: func(t *Turn, pos, x int) Move { return Move{Up: x == t.K()+1, To: t.Len() - 1} }}
	for _, deal := range [][]int{{3, 1, 4, 2}, {4, 1, 3, 2}} {
		if err := playErr(t, Rules{}, s, deal...); err != nil {
			t.Fatal(err)
		}
	}
	// Both deals: turn 1 sees nothing, turn 2 (after a face-down move) too.
	if !reflect.DeepEqual(views[0], views[len(views)/2]) || views[0].k != 0 {
		t.Errorf("views differ: %v", views)
	}
	for _, v := range views {
		for _, x := range v.Row(nil) {
			if x > v.k {
				t.Fatalf("a face-down number leaked into the view: %v", v.Row(nil))
			}
		}
	}
}

func TestSeatsAndModels(t *testing.T) {
	var numbers []int
	var oks []bool
	mk := func() *script {
		return &script{look: func(t *Turn) int {
			n, ok := t.Number()
			numbers, oks = append(numbers, n), append(oks, ok)
			return ftbLook(t)
		}, place: func(t *Turn, pos, x int) Move { return Move{Up: x == t.K()+1, To: t.Len() - 1} }}
	}
	// n = ∞, table-only: a new player every turn, who knows nothing.
	s := mk()
	if err := playErr(t, Rules{}, s, 2, 1, 3); err != nil {
		t.Fatal(err)
	}
	if len(s.seats) != len(numbers) || s.seats[0].ID != -1 || oks[0] || numbers[0] != 0 {
		t.Errorf("table-only n=∞: seats %v, numbers %v %v", s.seats, numbers, oks)
	}
	// Turn-number model: the turn is known.
	numbers, oks = nil, nil
	s = mk()
	if err := playErr(t, Rules{Model: TurnNumber}, s, 2, 1, 3); err != nil {
		t.Fatal(err)
	}
	for i, n := range numbers {
		if !oks[i] || n != i+1 {
			t.Errorf("turn-number model: turn %d told %d %v", i+1, n, oks[i])
		}
	}
	// Three players: three seats, made once per game.
	s = mk()
	if err := playErr(t, Rules{Players: 3}, s, 2, 1, 3); err != nil {
		t.Fatal(err)
	}
	if want := []Seat{{0, 3}, {1, 3}, {2, 3}}; !reflect.DeepEqual(s.seats, want) {
		t.Errorf("seats %v, want %v", s.seats, want)
	}
	// Free communication is one player.
	s = mk()
	if err := playErr(t, Rules{Players: 5, Variant: FreeCommunication}, s, 2, 1, 3); err != nil {
		t.Fatal(err)
	}
	if want := []Seat{{0, 1}}; !reflect.DeepEqual(s.seats, want) {
		t.Errorf("free communication seats %v", s.seats)
	}
}

func TestCompatible(t *testing.T) {
	for _, c := range []struct {
		s   Strategy
		r   Rules
		bad bool
	}{
		{Single(), Rules{}, true},
		{Single(), Rules{Players: 2}, true},
		{Single(), Rules{Players: 1}, false},
		{Single(), Rules{Players: 4, Variant: FreeCommunication}, false},
		{Interval(), Rules{}, true},
		{Interval(), Rules{Players: 3}, false},
		{Stacks(), Rules{Players: 3, Model: TurnNumber}, false},
		{Stacks(), Rules{Variant: FixedAfterLook}, true},
		{FrontToBack(), Rules{Variant: FixedAfterLook}, true},
		{Random(), Rules{Variant: FixedAfterLook}, false},
		{Interval(), Rules{Players: 2, Variant: FixedAfterLook}, false},
		{Stacks(), Rules{Players: MaxPlayers + 1}, true},
		{Stacks(), Rules{Players: -1}, true},
		{Stacks(), Rules{MaxTurns: -1}, true},
		{Stacks(), Rules{Variant: Rearrange + 1}, true},
	} {
		if err := Compatible(c.s, c.r); (err != nil) != c.bad {
			t.Errorf("%s under %v: %v", c.s.Info().Name, c.r, err)
		}
	}
	err := Compatible(Stacks(), Rules{Variant: FixedAfterLook})
	if want := "cardflip: strategy stacks moves the card it looked at, which fixed-after-look forbids (a card looked at stays where it was)"; err == nil || err.Error() != want {
		t.Errorf("stacks under fixed: %v, want %q", err, want)
	}
}

// KeepsCards is declared truthfully: a strategy that declares it plays
// every deal of m = 6 under fixed-after-look, and one that does not moves
// the card it looked at in some deal (so the engine, asked without
// Compatible, stops it with CardFixed).
func TestKeepsCardsDeclared(t *testing.T) {
	const m = 6
	for _, s := range Strategies() {
		if s.Info().Rearranges {
			continue // it moves other cards too: only the rearrange variant allows it (Compatible)
		}
		r := Rules{Variant: FixedAfterLook}
		if s.Info().Memory {
			r.Players = 1
			if !s.Info().OnePlayer {
				r.Players = 2
			}
		}
		g, err := NewGame(m, r)
		if err != nil {
			t.Fatal(err)
		}
		deal := make([]int, m)
		moved := false
		for i := range int64(Factorial(m)) {
			unrank(deal, i)
			rng := rand.New(rand.NewPCG(1, uint64(i)))
			if _, err := g.Play(s, deal, rng); err != nil {
				if !errors.Is(err, CardFixed) {
					t.Fatalf("%s deal %v: %v", s.Info().Name, deal, err)
				}
				moved = true
				break
			}
		}
		if keeps := s.Info().KeepsCards; keeps == moved {
			t.Errorf("%s declares KeepsCards = %v, yet moved a card looked at: %v", s.Info().Name, keeps, moved)
		}
	}
}

func TestBadGames(t *testing.T) {
	if _, err := NewGame(0, Rules{}); err == nil {
		t.Error("m = 0 accepted")
	}
	if _, err := NewGame(3, Rules{Players: -1}); err == nil {
		t.Error("players = -1 accepted")
	}
	g, _ := NewGame(3, Rules{})
	for _, deal := range [][]int{{1, 2}, {1, 1, 2}, {0, 1, 2}, {1, 2, 4}} {
		if _, err := g.Play(FrontToBack(), deal, nil); err == nil {
			t.Errorf("deal %v accepted", deal)
		}
	}
}

func TestTrace(t *testing.T) {
	g, _ := NewGame(3, Rules{})
	var steps []Step
	g.Trace = func(s Step) { steps = append(steps, s) }
	x, err := g.Play(FrontToBack(), []int{2, 1, 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// 2 → back, 1 up, 3 → back, 2 up, 3 up.
	if x != 5 || len(steps) != 5 || !steps[4].End || steps[1].Value != 1 || !steps[1].Move.Up {
		t.Fatalf("x = %d steps %+v", x, steps)
	}
	if got := FormatRow(steps[1].After, -1); got != "[· · 1]" {
		t.Errorf("row after turn 2 = %q", got)
	}
	if got := FormatRow(steps[2].Before, steps[2].Look); got != "[* · 1]" {
		t.Errorf("row before turn 3 = %q", got)
	}
}

func TestReproducibleAcrossWorkers(t *testing.T) {
	ctx := context.Background()
	for _, s := range []Strategy{Random(), Stacks()} {
		var first *Stats
		for _, w := range []int{1, 2, 5} {
			st, err := Simulate(ctx, s, 12, 5000, 42, Options{Workers: w})
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = st
			} else if !reflect.DeepEqual(first, st) {
				t.Errorf("%s: %d workers gave %+v, 1 worker %+v", s.Info().Name, w, st.Mean(), first.Mean())
			}
		}
	}
	// Game i of a seed is the deal Deal(seed, i) whatever else runs.
	a, b := make([]int, 9), make([]int, 9)
	Deal(a, 42, 17)
	Deal(b, 42, 17)
	if !reflect.DeepEqual(a, b) {
		t.Error("Deal is not deterministic")
	}
	Deal(b, 42, 18)
	if reflect.DeepEqual(a, b) {
		t.Error("games 17 and 18 got the same deal")
	}
}

func TestPermutationEnumeration(t *testing.T) {
	// unrank + nextPerm visit each of the m! permutations once.
	for m := 1; m <= 6; m++ {
		seen := map[string]bool{}
		p := make([]int, m)
		unrank(p, 0)
		for i := int64(0); i < Factorial(m); i++ {
			if i > 0 && !nextPerm(p) {
				t.Fatalf("m=%d: ran out at %d", m, i)
			}
			q := make([]int, m)
			unrank(q, i)
			if !reflect.DeepEqual(p, q) {
				t.Fatalf("m=%d rank %d: nextPerm %v, unrank %v", m, i, p, q)
			}
			seen[FormatRow(p, -1)] = true
		}
		if int64(len(seen)) != Factorial(m) || nextPerm(p) {
			t.Errorf("m=%d: %d distinct", m, len(seen))
		}
	}
}

func TestExactCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Exact(ctx, FrontToBack(), 9, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("got %v", err)
	}
	if _, err := Exact(context.Background(), Random(), 4, Options{}); err == nil {
		t.Error("exact enumeration of a randomized strategy accepted")
	}
}

// FuzzEngine plays a strategy whose every action comes from the fuzzer:
// the engine must return a result or an *ActionError, never panic or hang.
func FuzzEngine(f *testing.F) {
	f.Add([]byte{0, 4, 1, 2, 3, 0, 0}, uint8(4), uint8(0))
	f.Add([]byte{9, 9, 9}, uint8(3), uint8(3))
	f.Add([]byte{0, 1, 2, 255, 128, 7}, uint8(5), uint8(2))
	f.Fuzz(func(t *testing.T, acts []byte, m8, variant uint8) {
		m := int(m8%6) + 1
		i := 0
		next := func() int {
			if len(acts) == 0 {
				return 0
			}
			b := acts[i%len(acts)]
			i++
			return int(int8(b))
		}
		s := &script{
			look: func(t *Turn) int { return next() },
			place: func(t *Turn, pos, x int) Move {
				mv := Move{Up: next()&1 == 1, To: next()}
				if next()%5 == 0 {
					mv.Order = make([]int, t.Len())
					for j := range mv.Order {
						mv.Order[j] = (j + next()) % (t.Len() + 1)
					}
				}
				return mv
			},
		}
		g, err := NewGame(m, Rules{Variant: Variant(variant % 4), MaxTurns: 200})
		if err != nil {
			t.Fatal(err)
		}
		deal := make([]int, m)
		Deal(deal, uint64(len(acts)), 0)
		x, err := g.Play(s, deal, nil)
		var ae *ActionError
		if err != nil && !errors.As(err, &ae) {
			t.Fatalf("non-action error %v", err)
		}
		if err == nil && (x < m || x > 200) {
			t.Fatalf("x = %d", x)
		}
	})
}

func TestLongGameCanceled(t *testing.T) {
	// Front to back on 3000 cards takes millions of turns; a canceled
	// context stops the game inside.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g, _ := NewGame(3000, Rules{})
	g.Context = ctx
	deal := make([]int, 3000)
	Deal(deal, 1, 0)
	if _, err := g.Play(FrontToBack(), deal, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("got %v", err)
	}
}

// TestShuffleMatchesStdlib checks that shuffle deals exactly what
// rand.Rand.Shuffle deals from the same PCG (on 64-bit machines), for
// sizes that take both the power-of-two and the rejection branches.
func TestShuffleMatchesStdlib(t *testing.T) {
	if strconv.IntSize == 32 {
		t.Skip("math/rand/v2 draws bounded numbers differently on 32-bit machines")
	}
	for _, m := range []int{1, 2, 3, 4, 5, 8, 13, 16, 31, 100, 1000} {
		a, b := make([]int, m), make([]int, m)
		for seed := range uint64(2000) {
			r := rand.New(rand.NewPCG(seed, uint64(m)))
			for i := range a {
				a[i] = i + 1
			}
			r.Shuffle(m, func(i, j int) { a[i], a[j] = a[j], a[i] })
			p := rand.NewPCG(seed, uint64(m))
			shuffle(p, b)
			if !slices.Equal(a, b) {
				t.Fatalf("m=%d seed %d: shuffle %v, rand.Shuffle %v", m, seed, b, a)
			}
			// The generators are left in the same state (the players' coins).
			if x, y := r.Uint64(), p.Uint64(); x != y {
				t.Fatalf("m=%d seed %d: generator states differ after the deal", m, seed)
			}
		}
	}
}

// TestEvaluationPool checks the worker pool that Exact and Simulate share:
// the same result for any number of workers, progress that adds up to the
// number of games, and the first illegal action reported with its deal.
func TestEvaluationPool(t *testing.T) {
	ctx := context.Background()
	var first *ExactResult
	for _, w := range []int{1, 2, 5} {
		var last atomic.Int64
		r, err := Exact(ctx, DivideConquer(), 7, Options{Workers: w, Progress: func(done int64) {
			for {
				old := last.Load()
				if done <= old || last.CompareAndSwap(old, done) {
					break
				}
			}
		}})
		if err != nil {
			t.Fatal(err)
		}
		if last.Load() != Factorial(7) {
			t.Errorf("%d workers: progress reached %d, want 7! = %d", w, last.Load(), Factorial(7))
		}
		if first == nil {
			first = r
		} else if !reflect.DeepEqual(first, r) {
			t.Errorf("%d workers: %v, 1 worker %v", w, r.Expectation, first.Expectation)
		}
	}
	var last atomic.Int64
	if _, err := Simulate(ctx, FrontToBack(), 9, 5000, 1, Options{Workers: 3, Progress: func(done int64) {
		if done > last.Load() {
			last.Store(done)
		}
	}}); err != nil || last.Load() != 5000 {
		t.Errorf("simulate: progress reached %d of 5000 (err %v)", last.Load(), err)
	}
	// Turning up a card that is not next is illegal: every game fails at
	// its first look unless that card is 1.
	bad := &script{look: func(t *Turn) int { return t.FirstDown(0, t.Len()) },
		place: func(t *Turn, pos, x int) Move { return Move{Up: true, To: pos} }}
	_, err := Exact(ctx, bad, 5, Options{Workers: 2})
	var ae *ActionError
	if !errors.As(err, &ae) || ae.Kind != NotNext || !strings.Contains(err.Error(), "(deal [") {
		t.Errorf("exact: got %v, want a NotNext error naming its deal", err)
	}
	_, err = Simulate(ctx, bad, 5, 100, 7, Options{Workers: 2})
	if !errors.As(err, &ae) || ae.Kind != NotNext || !strings.Contains(err.Error(), "of seed 7)") {
		t.Errorf("simulate: got %v, want a NotNext error naming its game", err)
	}
}

// Every evaluation loop checks its context often enough for a deadline to
// hold: with 200 ms, each returns context.DeadlineExceeded within a second
// (Exact of interval with 1000 seats checked only between chunks of 8!
// games and took seconds past its deadline).
func TestDeadlines(t *testing.T) {
	heavy := Rules{Players: MaxPlayers, Model: TurnNumber, Variant: Rearrange}
	for _, c := range []struct {
		name string
		run  func(ctx context.Context) error
	}{
		{"exact interval", func(ctx context.Context) error {
			_, err := Exact(ctx, Interval(), 10, Options{Rules: heavy, Workers: 1})
			return err
		}},
		{"exact stacks", func(ctx context.Context) error {
			_, err := Exact(ctx, Stacks(), 11, Options{Workers: 2})
			return err
		}},
		{"simulate", func(ctx context.Context) error {
			_, err := Simulate(ctx, Interval(), 10, 1<<30, 1, Options{Rules: heavy, Workers: 2})
			return err
		}},
		{"compare", func(ctx context.Context) error {
			_, err := Compare(ctx, CompareOptions{From: 2, To: 200, Trials: 1 << 20, ExactMax: 10, RandomMax: 200, Workers: 1})
			return err
		}},
		{"record", func(ctx context.Context) error {
			_, err := Record(ctx, Random(), 65535, Rules{}, 1, 10)
			return err
		}},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		start := time.Now()
		err := c.run(ctx)
		d := time.Since(start)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) || d > time.Second {
			t.Errorf("%s with a 200 ms deadline: %v after %v", c.name, err, d)
		}
	}
}

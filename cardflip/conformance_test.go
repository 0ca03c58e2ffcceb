package cardflip_test

// The engine against a referee written here from the rule text alone
// (../shared/spec/cardflip.md, seed 000), sharing no code with the engine:
// a row is a plain slice of numbers and a slice of face-up flags, a move
// is a slice removal and insertion. Every strategy, under every variant,
// both information models and several numbers of players, plays seeded
// games; each game is played twice by the engine (as the evaluations play
// it, and once more through a recording wrapper with a trace), and the
// referee replays the decisions the wrapper recorded. Any difference in X,
// in what a player was shown or told, in the traced rows, or in whether
// an action was legal fails the test. A chaos strategy, which now and then
// breaks each rule on purpose, tests the refusals.

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy/cardflip"
	"github.com/grundy/grundy/cardflip/optimum"
	"github.com/grundy/grundy/internal/longtest"
)

// The rules, as the referee reads them:
//
//  1. On turn i, the player sees the row: which cards are face down, and
//     the numbers of the face-up ones (always 1..k).
//  2. It must look at exactly one face-down card. If its number is k+1 and
//     k+1 = m, the game ends at once. If its number is k+1 < m, the player
//     inserts it face up or face down at any index 0..m−1 of the row
//     without it; otherwise face down at any index.
//  3. Only the card looked at moves. Variants: fixed-after-look, the card
//     goes back where it was; rearrange, the player may then permute the
//     face-down cards (the card at Order[j] goes to j; face-up cards stay);
//     free communication, one player plays every turn.
//
// X is the number of turns, the last included.
type referee struct {
	m     int
	fixed bool // fixed-after-look
	rearr bool // rearrange
	num   []int
	up    []bool
	k     int
	turn  int
	over  bool
}

func newReferee(deal []int, v cardflip.Variant) *referee {
	return &referee{m: len(deal), num: slices.Clone(deal), up: make([]bool, len(deal)),
		fixed: v == cardflip.FixedAfterLook, rearr: v == cardflip.Rearrange}
}

// row is what every player sees: 0 for a face-down card.
func (r *referee) row() []int {
	out := make([]int, r.m)
	for i, x := range r.num {
		if r.up[i] {
			out[i] = x
		}
	}
	return out
}

// look starts turn r.turn+1 at position pos: the number seen and whether
// the game is over, or the rule the look breaks.
func (r *referee) look(pos int) (val int, end bool, broke []cardflip.Violation) {
	r.turn++
	if pos < 0 || pos >= r.m {
		return 0, false, []cardflip.Violation{cardflip.LookOutOfRange}
	}
	if r.up[pos] {
		return 0, false, []cardflip.Violation{cardflip.LookFaceUp}
	}
	val = r.num[pos]
	if val == r.k+1 && val == r.m {
		r.over = true
		return val, true, nil
	}
	return val, false, nil
}

// place finishes the turn: the card val seen at pos is inserted as mv
// says. broke lists every rule the move breaks (nothing moves then).
func (r *referee) place(pos, val int, mv cardflip.Move) (broke []cardflip.Violation) {
	if mv.Up && val != r.k+1 {
		broke = append(broke, cardflip.NotNext)
	}
	if mv.To < 0 || mv.To >= r.m {
		broke = append(broke, cardflip.IndexOutOfRange)
	} else if r.fixed && mv.To != pos {
		broke = append(broke, cardflip.CardFixed)
	}
	if mv.Order != nil && !r.rearr {
		for j, i := range mv.Order {
			if i != j {
				broke = append(broke, cardflip.MovedOtherCard)
				break
			}
		}
	}
	if broke != nil {
		return broke
	}
	// Take the card out, insert it at mv.To of the row without it.
	num := slices.Delete(slices.Clone(r.num), pos, pos+1)
	up := slices.Delete(slices.Clone(r.up), pos, pos+1)
	num = slices.Insert(num, mv.To, val)
	up = slices.Insert(up, mv.To, mv.Up)
	if mv.Order != nil && r.rearr {
		if len(mv.Order) != r.m {
			return []cardflip.Violation{cardflip.BadOrder}
		}
		seen := make([]bool, r.m)
		for j, i := range mv.Order {
			if i < 0 || i >= r.m || seen[i] {
				return []cardflip.Violation{cardflip.BadOrder}
			}
			seen[i] = true
			if i != j && (up[i] || up[j]) {
				broke = append(broke, cardflip.MovedFaceUp)
			}
		}
		if broke != nil {
			return broke[:1]
		}
		n2, u2 := make([]int, r.m), make([]bool, r.m)
		for j, i := range mv.Order {
			n2[j], u2[j] = num[i], up[i]
		}
		num, up = n2, u2
	}
	r.num, r.up = num, up
	if mv.Up {
		r.k++
	}
	return nil
}

// decision is one turn as the wrapper saw it.
type decision struct {
	player  int // which player object decided (a new one per turn for n = ∞)
	seat    cardflip.Seat
	shown   []int // the row the player was shown
	number  int
	told    bool // whether the turn number was told
	look    int
	placed  bool // Place was asked
	value   int  // the number Place was given
	placeAt int  // the position Place was given
	move    cardflip.Move
}

// recorder wraps a strategy and records every decision of its players.
type recorder struct {
	inner   cardflip.Strategy
	log     []decision
	players int
}

func (w *recorder) Info() cardflip.Info { return w.inner.Info() }
func (w *recorder) NewPlayer(seat cardflip.Seat) cardflip.Player {
	w.players++
	return &recPlayer{w: w, inner: w.inner.NewPlayer(seat), id: w.players, seat: seat}
}

type recPlayer struct {
	w     *recorder
	inner cardflip.Player
	id    int
	seat  cardflip.Seat
}

func (p *recPlayer) Look(t *cardflip.Turn) int {
	d := decision{player: p.id, seat: p.seat, shown: t.Row(nil)}
	d.number, d.told = t.Number()
	d.look = p.inner.Look(t)
	p.w.log = append(p.w.log, d)
	return d.look
}

func (p *recPlayer) Place(t *cardflip.Turn, pos, value int) cardflip.Move {
	mv := p.inner.Place(t, pos, value)
	d := &p.w.log[len(p.w.log)-1]
	d.placed, d.value, d.placeAt, d.move = true, value, pos, mv
	d.move.Order = slices.Clone(mv.Order)
	return mv
}

// chaos plays random legal moves and, now and then, breaks a rule on
// purpose: a look outside the row or at a face-up card, a card turned up
// that is not next, an index outside the row, a move under
// fixed-after-look, an Order that moves a card (or is no permutation, or
// moves a face-up card). It claims to keep cards, so that every variant
// admits it; the engine must stop it.
type chaos struct{ rate float64 }

func (c chaos) Info() cardflip.Info {
	return cardflip.Info{Name: "chaos", Model: cardflip.TableOnly, Randomized: true, KeepsCards: true}
}
func (c chaos) NewPlayer(cardflip.Seat) cardflip.Player { return c }

func (c chaos) Look(t *cardflip.Turn) int {
	rng := t.Rand()
	m := t.Len()
	if rng.Float64() < c.rate {
		switch rng.IntN(3) {
		case 0:
			return m + rng.IntN(2)
		case 1:
			return -1
		}
		if t.K() > 0 {
			return t.Find(1 + rng.IntN(t.K()))
		}
	}
	var down []int
	for i := range m {
		if !t.Up(i) {
			down = append(down, i)
		}
	}
	return down[rng.IntN(len(down))]
}

func (c chaos) Place(t *cardflip.Turn, pos, x int) cardflip.Move {
	rng := t.Rand()
	m := t.Len()
	mv := cardflip.Move{Up: x == t.K()+1 && rng.IntN(4) != 0, To: pos}
	if rng.IntN(2) == 0 {
		mv.To = rng.IntN(m)
	}
	if rng.Float64() < c.rate {
		switch rng.IntN(5) {
		case 0:
			mv.Up = true
		case 1:
			mv.To = m + rng.IntN(3)
		case 2:
			mv.To = -1 - rng.IntN(2)
		default:
			mv.Order = make([]int, m)
			for j := range mv.Order {
				mv.Order[j] = j
			}
			if m >= 2 {
				rng.Shuffle(m, func(i, j int) { mv.Order[i], mv.Order[j] = mv.Order[j], mv.Order[i] })
			}
			if rng.IntN(4) == 0 {
				mv.Order[0] = m // not a permutation
			}
		}
	} else if rng.IntN(40) == 0 {
		// A legal rearrangement of the face-down cards after the insert
		// (an identity Order is legal everywhere).
		rowAfter := t.Row(nil)
		rowAfter = slices.Delete(rowAfter, pos, pos+1)
		y := 0
		if mv.Up {
			y = x
		}
		rowAfter = slices.Insert(rowAfter, max(0, min(mv.To, m-1)), y)
		var down []int
		for j, v := range rowAfter {
			if v == 0 {
				down = append(down, j)
			}
		}
		perm := slices.Clone(down)
		rng.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
		mv.Order = make([]int, m)
		for j := range mv.Order {
			mv.Order[j] = j
		}
		for i, j := range down {
			mv.Order[j] = perm[i]
		}
	}
	return mv
}

// seating checks who played each turn: with n seats, seat turn mod n with
// its memory (the same player every time), with n = ∞ a new player.
type seating struct {
	n          int
	seatPlayer map[int]int
	used       map[int]bool
}

func (s seating) check(t *testing.T, label string, turn int, d decision) {
	t.Helper()
	n := s.n
	if n <= 0 {
		if s.used[d.player] || d.seat.ID != -1 {
			t.Fatalf("%s turn %d: n = ∞, but the player (seat %+v) is not new", label, turn, d.seat)
		}
		s.used[d.player] = true
		return
	}
	if d.seat.ID != turn%n || d.seat.Players != n {
		t.Fatalf("%s turn %d: seat %+v, want player %d of %d", label, turn, d.seat, turn%n, n)
	}
	if p, ok := s.seatPlayer[d.seat.ID]; ok && p != d.player {
		t.Fatalf("%s turn %d: seat %d is played by a new player", label, turn, d.seat.ID)
	}
	s.seatPlayer[d.seat.ID] = d.player
}

// refereeGame replays the recorded decisions and the engine's trace of one
// game and returns the referee's X, or the violations of the turn where a
// rule broke (turn is then that turn).
func refereeGame(t *testing.T, label string, deal []int, rules cardflip.Rules, maxTurns int,
	log []decision, steps []cardflip.Step) (x, turn int, broke []cardflip.Violation) {
	t.Helper()
	ref := newReferee(deal, rules.Variant)
	n := rules.Players
	if rules.Variant == cardflip.FreeCommunication {
		n = 1
	}
	who := seating{n: n, seatPlayer: map[int]int{}, used: map[int]bool{}}
	row := ref.row() // the row as the turn starts (a look changes nothing)
	for i, d := range log {
		turn := i + 1
		if turn > maxTurns {
			t.Fatalf("%s: a decision at turn %d, past the turn limit %d", label, turn, maxTurns)
		}
		// What the player was shown and told.
		if !slices.Equal(d.shown, row) {
			t.Fatalf("%s turn %d: the player saw %v, the row is %v", label, turn, d.shown, row)
		}
		if tell := rules.Model == cardflip.TurnNumber; d.told != tell || tell && d.number != turn {
			t.Fatalf("%s turn %d: told the turn number %v (%d) under %v", label, turn, d.told, d.number, rules.Model)
		}
		who.check(t, label, turn, d)
		val, end, br := ref.look(d.look)
		if br != nil {
			if d.placed || i != len(log)-1 {
				t.Fatalf("%s turn %d: the game went on after an illegal look %d", label, turn, d.look)
			}
			return 0, turn, br
		}
		if end {
			if d.placed || i != len(log)-1 {
				t.Fatalf("%s turn %d: m seen with 1..m−1 face up, but the game went on (placed %v, %d decisions)", label, turn, d.placed, len(log))
			}
			if len(steps) != turn || !steps[turn-1].End {
				t.Fatalf("%s turn %d: the trace does not end here (%d steps)", label, turn, len(steps))
			}
			last := steps[turn-1]
			if last.Look != d.look || last.Value != val || !slices.Equal(last.Before, d.shown) || last.After[d.look] != val {
				t.Fatalf("%s turn %d: last step %+v", label, turn, last)
			}
			return turn, 0, nil
		}
		if !d.placed || d.value != val || d.placeAt != d.look {
			t.Fatalf("%s turn %d: looked at %d (holding %d), Place was given %d at %d (asked %v)", label, turn, d.look, val, d.value, d.placeAt, d.placed)
		}
		before := row
		if br := ref.place(d.look, val, d.move); br != nil {
			if i != len(log)-1 {
				t.Fatalf("%s turn %d: the game went on after an illegal move %+v", label, turn, d.move)
			}
			return 0, turn, br
		}
		if len(steps) < turn {
			t.Fatalf("%s turn %d: no step traced", label, turn)
		}
		row = ref.row()
		st := steps[turn-1]
		if st.Turn != turn || st.End || st.Look != d.look || st.Value != val || !slices.Equal(st.Before, before) ||
			!slices.Equal(st.After, row) || st.Move.Up != d.move.Up || st.Move.To != d.move.To {
			t.Fatalf("%s turn %d: traced %+v; the referee: %v, look %d sees %d, move %+v, after %v", label, turn, st, before, d.look, val, d.move, row)
		}
	}
	// The log ended without an end or a violation: the turn limit.
	return 0, len(log) + 1, []cardflip.Violation{cardflip.TurnLimit}
}

func TestConformance(t *testing.T) {
	if cardflip.RaceDetector && testing.Short() {
		t.Skip("one goroutine, long: checked by the plain run, not under -race -short")
	}
	variants := []cardflip.Variant{cardflip.Standard, cardflip.FreeCommunication, cardflip.FixedAfterLook, cardflip.Rearrange}
	models := []cardflip.Model{cardflip.TableOnly, cardflip.TurnNumber}
	strategies := append(cardflip.Strategies(), chaos{rate: 0.01}, chaos{rate: 0.2})
	if opt, err := optimum.Search(t.Context(), 4, optimum.Options{}); err == nil {
		strategies = append(strategies, opt.Policy)
	} else {
		t.Fatal(err)
	}
	// Rows of one word (m ≤ 15), of 16-bit cells, and (600) of blocks.
	ms := []int{1, 2, 3, 4, 5, 6, 8, 13, 15, 16, 24, 600}
	games := 40
	if !longtest.Enabled() {
		ms = []int{1, 2, 3, 5, 8, 16, 600}
		games = 12
	}
	played, ended, refused := 0, 0, map[cardflip.Violation]int{}
	// The log and the trace of a game, their arrays reused by the next.
	var logBuf []decision
	var steps []cardflip.Step
	for _, s := range strategies {
		for _, v := range variants {
			for _, model := range models {
				for _, n := range []int{0, 1, 3} {
					rules := cardflip.Rules{Players: n, Model: model, Variant: v}
					if cardflip.Compatible(s, rules) != nil {
						continue
					}
					for _, m := range ms {
						// A turn limit games never reach, and one (m + 2
						// turns) that many do.
						for j, maxTurns := range []int{4*m*m + 10, m + 2} {
							rules.MaxTurns = maxTurns
							g, err := cardflip.NewGame(m, rules)
							if err != nil {
								t.Fatal(err)
							}
							deal := make([]int, m)
							for i := range games {
								if j == 1 && i%4 != 0 {
									continue
								}
								if m > 100 && (i >= 1 || j == 0 && slowOnLarge(s) || n != 0 && s.Info().Name != "interval" || model != cardflip.TableOnly) {
									continue // one game, none of Θ(m²) turns
								}
								label := fmt.Sprintf("%s, m = %d (%v, at most %d turns), game %d", s.Info().Name, m, rules, maxTurns, i)
								// As the evaluations play it (the engine's fast paths).
								g.Trace = nil
								rng := cardflip.Deal(deal, 28, int64(i))
								x1, err1 := g.Play(s, deal, rng)
								// Through the recorder, traced.
								rng = cardflip.Deal(deal, 28, int64(i))
								w := &recorder{inner: s, log: logBuf[:0]}
								steps = steps[:0]
								g.Trace = func(st cardflip.Step) { steps = append(steps, st) }
								x2, err2 := g.Play(w, deal, rng)
								x, turn, broke := refereeGame(t, label, deal, rules, maxTurns, w.log, steps)
								logBuf = w.log
								played++
								for _, err := range []error{err1, err2} {
									var ae *cardflip.ActionError
									switch {
									case broke == nil && err != nil:
										t.Fatalf("%s: the referee finds every action legal (X = %d), the engine says %v", label, x, err)
									case broke != nil && !errors.As(err, &ae):
										t.Fatalf("%s: turn %d breaks %v, the engine says %v", label, turn, broke, err)
									case broke != nil && (ae.Turn != turn || !slices.Contains(broke, ae.Kind)):
										t.Fatalf("%s: turn %d breaks %v, the engine says %v", label, turn, broke, err)
									}
								}
								if broke != nil {
									refused[broke[0]]++
									continue
								}
								ended++
								if x1 != x || x2 != x {
									t.Fatalf("%s: X = %d by the referee, %d and %d by the engine", label, x, x1, x2)
								}
							}
						}
					}
				}
			}
		}
	}
	// The chaos strategies must have met every refusal the rules have
	// (MovedFaceUp and BadOrder only under rearrange), or the test of
	// legality tests little.
	for _, v := range []cardflip.Violation{cardflip.LookOutOfRange, cardflip.LookFaceUp, cardflip.NotNext,
		cardflip.IndexOutOfRange, cardflip.CardFixed, cardflip.MovedOtherCard, cardflip.MovedFaceUp, cardflip.BadOrder, cardflip.TurnLimit} {
		if refused[v] == 0 {
			t.Errorf("no game broke %v", v)
		}
	}
	t.Logf("%d games: %d ended, refusals %v", played, ended, refused)
}

// slowOnLarge says the strategy's games take Θ(m²) turns (front to back,
// and the table of 4 cards, which plays other m front to back; random
// ones), too many for the referee's rows of 600 cards.
func slowOnLarge(s cardflip.Strategy) bool {
	in := s.Info()
	return in.Randomized || in.Name == "front-to-back" || strings.HasPrefix(in.Name, "optimal")
}

// The rule of the last card, by hand: a strategy that puts m back face
// down when it is the next card is not charged the turns after.
func TestConformanceLastCard(t *testing.T) {
	stubborn := &lastDown{}
	g, err := cardflip.NewGame(3, cardflip.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	// Deal 1 2 3: turn 1 turns 1 up, turn 2 turns 2 up, turn 3 sees 3 with
	// 1 and 2 up: the game is over, whatever the player would do.
	x, err := g.Play(stubborn, []int{1, 2, 3}, nil)
	if err != nil || x != 3 {
		t.Fatalf("X = %d, %v; want 3", x, err)
	}
	if stubborn.placedLast {
		t.Error("the player was asked where m goes on the last turn")
	}
}

// lastDown turns up every next card but m, which it would put back face down.
type lastDown struct{ placedLast bool }

func (s *lastDown) Info() cardflip.Info                     { return cardflip.Info{Name: "last-down"} }
func (s *lastDown) NewPlayer(cardflip.Seat) cardflip.Player { return s }
func (s *lastDown) Look(t *cardflip.Turn) int               { return t.FirstDown(0, t.Len()) }
func (s *lastDown) Place(t *cardflip.Turn, pos, x int) cardflip.Move {
	if x == t.Len() {
		s.placedLast = true
		return cardflip.Move{To: pos}
	}
	return cardflip.Move{Up: x == t.K()+1, To: pos}
}

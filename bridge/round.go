package bridge

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// MaxPlayN is the largest n of a deal played move by move (NewRound): the
// values come from the memoized minimax of Exhaustive, whose memo holds
// (2n+1)(4n+1)² bytes (8.5 MB at n = 64).
const MaxPlayN = MaxExhaustiveN

// Round is a deal in play: a start and the plays made so far. At each turn
// the player to move (ToMove) has two choices, to put down the lower card or
// the higher one; Choices values both by minimax from the state reached
// (the number of players who have moved, the highest card played and the
// highest card kept so far), Best is an optimal one. A Round is not safe for
// concurrent use.
type Round struct {
	d      *Deal
	srch   *search
	start  int
	turns  []Turn
	mp, mk []int // mp[t], mk[t]: highest played and kept after t plays
}

// Choice is one of the two moves of the player to move: the card put down,
// the card kept, and A's points under optimal play after it.
type Choice struct {
	Played int `json:"played"`
	Kept   int `json:"kept"`
	Value  int `json:"value"`
}

// Turn is a play made in a Round, judged: A's points under optimal play
// before it (Before) and after it (Value), an optimal card to put down
// instead (Best, the lower one when both are optimal) and what the play
// cost the mover's team, in points: |Before − Value|, 0 for an optimal play.
type Turn struct {
	Play
	Before int `json:"before"`
	Value  int `json:"value"`
	Best   int `json:"best"`
	Cost   int `json:"cost"`
}

// NewRound starts the deal from the player at 1-based position start.
// It returns an *InputError when start is outside 1..2n or n > MaxPlayN.
func (d *Deal) NewRound(start int) (*Round, error) {
	n := d.N()
	if start < 1 || start > 2*n {
		return nil, &InputError{Msg: fmt.Sprintf("start %d is outside 1..%d (the deal has 2n = %d players)", start, 2*n, 2*n)}
	}
	if n > MaxPlayN {
		return nil, &InputError{Msg: fmt.Sprintf("a deal is played move by move for n ≤ %d, this one has n = %d", MaxPlayN, n)}
	}
	return &Round{d: d, srch: d.newSearch(start), start: start, mp: []int{0}, mk: []int{0}}, nil
}

// Deal returns the deal being played.
func (r *Round) Deal() *Deal { return r.d }

// Start returns the position of the leader.
func (r *Round) Start() int { return r.start }

// Turns returns the plays made so far, in order; the slice is the Round's.
func (r *Round) Turns() []Turn { return r.turns }

// Over reports whether every player has played.
func (r *Round) Over() bool { return len(r.turns) == len(r.d.hands) }

// ToMove returns the 1-based position of the player to move, 0 when the
// round is over.
func (r *Round) ToMove() int {
	if r.Over() {
		return 0
	}
	return (r.start-1+len(r.turns))%len(r.d.hands) + 1
}

// HighPlayed and HighKept return the highest card played and kept so far
// (0 before the first play).
func (r *Round) HighPlayed() int { return r.mp[len(r.turns)] }

// HighKept: see HighPlayed.
func (r *Round) HighKept() int { return r.mk[len(r.turns)] }

// Value returns A's points under optimal play from here: the minimax value
// of the state; when the round is over, the points A scored.
func (r *Round) Value() int { return r.srch.value(len(r.turns), r.HighPlayed(), r.HighKept()) }

// Choices returns the two choices of the player to move, the lower card put
// down first, each with A's points under optimal play after it; nil when
// the round is over.
func (r *Round) Choices() []Choice {
	if r.Over() {
		return nil
	}
	h := r.d.Hand(r.ToMove())
	t := len(r.turns)
	out := make([]Choice, 2)
	for i, played := range []int{h[0], h[1]} {
		kept := h[1-i]
		v := r.srch.value(t+1, max(r.HighPlayed(), played), max(r.HighKept(), kept))
		out[i] = Choice{Played: played, Kept: kept, Value: v}
	}
	return out
}

// Best returns an optimal choice of the player to move (A maximizes A's
// points, P minimizes them): the lower card put down when both are optimal.
// It panics when the round is over.
func (r *Round) Best() Choice {
	c := r.Choices()
	if c == nil {
		panic("bridge: Best on a round that is over")
	}
	better := c[1].Value < c[0].Value
	if TeamOf(r.ToMove()) == TeamA {
		better = c[1].Value > c[0].Value
	}
	if better {
		return c[1]
	}
	return c[0]
}

// Play puts card down for the player to move, who keeps the other card,
// and returns the judged turn. The card must be one of that player's two;
// otherwise the error is an *InputError saying which cards they hold.
func (r *Round) Play(card int) (Turn, error) {
	if r.Over() {
		return Turn{}, &InputError{Msg: fmt.Sprintf("every player has played: no play of card %d", card)}
	}
	pos := r.ToMove()
	h := r.d.Hand(pos)
	if card != h[0] && card != h[1] {
		return Turn{}, &InputError{Msg: fmt.Sprintf("position %d holds %d and %d, not %d", pos, h[0], h[1], card)}
	}
	before := r.Value()
	best := r.Best()
	c := r.Choices()[0]
	if card == h[1] {
		c = r.Choices()[1]
	}
	tu := Turn{Play: Play{Position: pos, Team: TeamOf(pos), Played: c.Played, Kept: c.Kept},
		Before: before, Value: c.Value, Best: best.Played, Cost: abs(before - c.Value)}
	r.mp = append(r.mp, max(r.HighPlayed(), c.Played))
	r.mk = append(r.mk, max(r.HighKept(), c.Kept))
	r.turns = append(r.turns, tu)
	return tu, nil
}

// PlayBest makes an optimal play (Best) for the player to move.
func (r *Round) PlayBest() Turn {
	t, err := r.Play(r.Best().Played)
	if err != nil {
		panic(err) // Best is one of the player's cards
	}
	return t
}

// Undo takes back the last play; it reports false when there was none.
func (r *Round) Undo() bool {
	t := len(r.turns)
	if t == 0 {
		return false
	}
	r.turns, r.mp, r.mk = r.turns[:t-1], r.mp[:t], r.mk[:t]
	return true
}

// Points returns the teams that took the two points once the round is
// over: that of the highest card played and that of the highest kept.
func (r *Round) Points() (played, kept Team) {
	return r.d.teamOfCard(r.HighPlayed()), r.d.teamOfCard(r.HighKept())
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Seats is the set of positions a person plays in a Round, the computer
// playing the others.
type Seats struct {
	Text      string // as given: "A", "P" or a list of positions
	Positions []int  // 1-based, increasing
}

// Has reports whether pos is one of the seats.
func (s Seats) Has(pos int) bool {
	_, ok := slices.BinarySearch(s.Positions, pos)
	return ok
}

// ParseSeats reads the seats a person takes in a deal of 2n players: a
// team, "A" (the even positions) or "P" (the odd ones), or a comma-separated
// list of positions in 1..2n. Errors are *InputError naming the bad word.
func ParseSeats(text string, n int) (Seats, error) {
	t := strings.TrimSpace(text)
	s := Seats{Text: t}
	switch strings.ToUpper(t) {
	case "A", "P":
		s.Text = strings.ToUpper(t)
		first := 1
		if s.Text == "A" {
			first = 2
		}
		for p := first; p <= 2*n; p += 2 {
			s.Positions = append(s.Positions, p)
		}
		return s, nil
	case "":
		return s, &InputError{Msg: "no seats: give a team (A or P) or positions such as 1,3"}
	}
	for _, w := range strings.Split(t, ",") {
		w = strings.TrimSpace(w)
		p, err := strconv.Atoi(w)
		if err != nil || p < 1 || p > 2*n {
			return s, &InputError{Msg: fmt.Sprintf("seat %q is not A, P or a position in 1..%d", w, 2*n)}
		}
		if !slices.Contains(s.Positions, p) {
			s.Positions = append(s.Positions, p)
		}
	}
	slices.Sort(s.Positions)
	return s, nil
}

// RandomDeal deals the cards 1..4n at random from seed: a uniform
// permutation from a PCG seeded with (seed, seed ^ 0x9e3779b97f4a7c15), two
// cards per position in order. It is the deal of `grundy bridge play --seed`
// and /api/bridge/deal. It panics unless 1 ≤ n ≤ MaxN.
func RandomDeal(n int, seed uint64) *Deal {
	if n < 1 || n > MaxN {
		panic(fmt.Sprintf("bridge: RandomDeal needs 1 ≤ n ≤ %d, got %d", MaxN, n))
	}
	perm := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)).Perm(4 * n)
	d, dup := build(n, func(i int) (int, int) { return perm[2*i] + 1, perm[2*i+1] + 1 })
	if dup != nil {
		panic("bridge: a permutation dealt a card twice")
	}
	return d
}

// Advance plays optimally (PlayBest) for every player not in seats, from
// the player to move on, until it is the turn of one of seats or the round
// is over; it returns the turns it played.
func (r *Round) Advance(seats Seats) []Turn {
	var out []Turn
	for !r.Over() && !seats.Has(r.ToMove()) {
		out = append(out, r.PlayBest())
	}
	return out
}

// Record is a round played by a person in seats against the optimal line,
// as `grundy bridge play --json` prints it and /api/bridge/play answers.
type Record struct {
	N     int      `json:"n"`
	Seed  *uint64  `json:"seed,omitempty"` // the seed of a RandomDeal, set by the caller
	Hands [][2]int `json:"hands"`          // hands[i]: the cards of position i+1, lower first
	Start int      `json:"start"`
	As    string   `json:"as"`    // the seats as given: A, P or positions
	Seats []int    `json:"seats"` // the positions the person plays
	// Optimal is A's points with best play from the start (seq[start]).
	Optimal int          `json:"optimal"`
	Turns   []RecordTurn `json:"turns"`
	// ToMove is the position to move, 0 when the round is over; Choices
	// its two choices, each with A's points with best play after it.
	ToMove  int      `json:"to_move"`
	Choices []Choice `json:"choices,omitempty"`
	// Value is A's points with best play from here: the score at the end.
	Value      int  `json:"value"`
	Over       bool `json:"over"`
	HighPlayed int  `json:"high_played"` // so far
	HighKept   int  `json:"high_kept"`
	// PlayedPoint and KeptPoint, at the end, are the teams of the highest
	// card played and of the highest kept.
	PlayedPoint *Team `json:"played_point,omitempty"`
	KeptPoint   *Team `json:"kept_point,omitempty"`
	// Cost is the sum of the person's turns' costs: the points their
	// mistakes gave away.
	Cost int `json:"cost"`
}

// RecordTurn is a judged turn and who made it: "you" (one of the seats)
// or "computer".
type RecordTurn struct {
	Turn
	By string `json:"by"`
}

// Record returns the round so far as a record of a person playing seats.
func (r *Round) Record(seats Seats) Record {
	d := r.d
	rec := Record{N: d.N(), Start: r.start, As: seats.Text, Seats: slices.Clip(seats.Positions), Turns: []RecordTurn{},
		ToMove: r.ToMove(), Choices: r.Choices(), Value: r.Value(), Over: r.Over(),
		HighPlayed: r.HighPlayed(), HighKept: r.HighKept()}
	if rec.Seats == nil {
		rec.Seats = []int{}
	}
	for i := range d.hands {
		rec.Hands = append(rec.Hands, d.Hand(i+1))
	}
	rec.Optimal = r.srch.value(0, 0, 0)
	for _, t := range r.turns {
		by := "computer"
		if seats.Has(t.Position) {
			by = "you"
			rec.Cost += t.Cost
		}
		rec.Turns = append(rec.Turns, RecordTurn{Turn: t, By: by})
	}
	if rec.Over {
		pp, pk := r.Points()
		rec.PlayedPoint, rec.KeptPoint = &pp, &pk
	}
	return rec
}

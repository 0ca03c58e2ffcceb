package cardflip

import (
	"context"
	"fmt"
	"math/rand/v2"
)

// Model is what a player knows besides the row and its own memory.
type Model int

const (
	// TableOnly players see the row and nothing else (the default, as in the seed).
	TableOnly Model = iota
	// TurnNumber players also know the number of the turn (1, 2, …).
	TurnNumber
)

func (m Model) String() string {
	if m == TurnNumber {
		return "table+turn"
	}
	return "table-only"
}

// Variant is a rule variant from the seed.
type Variant int

const (
	// Standard rules: only the card looked at moves.
	Standard Variant = iota
	// FreeCommunication lets the players talk during the game: one player
	// with full memory plays every turn (Players is taken as 1).
	FreeCommunication
	// FixedAfterLook forbids moving the card looked at: it goes back where it was.
	FixedAfterLook
	// Rearrange lets the player, after looking, permute the face-down cards
	// freely (Move.Order).
	Rearrange
)

func (v Variant) String() string {
	switch v {
	case FreeCommunication:
		return "free-communication"
	case FixedAfterLook:
		return "fixed-after-look"
	case Rearrange:
		return "rearrange"
	}
	return "standard"
}

// Rules are the settings of a game besides the number of cards.
type Rules struct {
	// Players is n; 0 means unbounded (n = ∞): every turn is a new player
	// with no memory.
	Players int
	Model   Model
	Variant Variant
	// MaxTurns ends a game that runs too long with a TurnLimit error;
	// 0 means 100·m² + 100.
	MaxTurns int
}

// players is the effective number of players (0 = unbounded).
func (r Rules) players() int {
	if r.Variant == FreeCommunication {
		return 1
	}
	return r.Players
}

func (r Rules) String() string {
	n := "∞"
	if p := r.players(); p > 0 {
		n = fmt.Sprint(p)
	}
	s := fmt.Sprintf("%s, n = %s", r.Model, n)
	if r.Variant != Standard {
		s += ", " + r.Variant.String()
	}
	return s
}

// View is the row as every player sees it: which cards are face down, and
// the numbers on the face-up ones. It holds no face-down number at all.
type View struct {
	vis []int // face-up number, or 0 for a face-down card
	k   int
}

// Len is the number of cards m.
func (v *View) Len() int { return len(v.vis) }

// K is the largest face-up number (0 if none); the face-up cards are 1..K.
func (v *View) K() int { return v.k }

// Up says whether the card at position i is face up.
func (v *View) Up(i int) bool { return v.vis[i] != 0 }

// Value is the number of the face-up card at position i, 0 if face down.
func (v *View) Value(i int) int { return v.vis[i] }

// Find is the position of the face-up card with number x, or -1.
func (v *View) Find(x int) int {
	for i, y := range v.vis {
		if y == x {
			return i
		}
	}
	return -1
}

// Row appends the visible row to dst (0 for face down) and returns it.
func (v *View) Row(dst []int) []int { return append(dst, v.vis...) }

func (v *View) String() string { return FormatRow(v.vis, -1) }

// Turn is what the player on turn sees.
type Turn struct {
	View
	// Plan is scratch space a player may fill in Look and read in Place of
	// the same turn (to avoid working out its decision twice). The engine
	// zeroes it before every turn, so it carries nothing between turns.
	Plan   [6]int
	number int
	model  Model
	rng    *rand.Rand
}

// Number is the turn number (1, 2, …) when the information model tells it
// (TurnNumber); ok is false in the table-only model.
func (t *Turn) Number() (n int, ok bool) {
	if t.model == TurnNumber {
		return t.number, true
	}
	return 0, false
}

// Rand is the player's private source of coin flips (seeded from the game).
func (t *Turn) Rand() *rand.Rand { return t.rng }

// Move is what the player does with the card it looked at.
type Move struct {
	// Up turns the card face up; legal only when its number is K+1.
	Up bool
	// To is the index where the card goes in the row without it, 0..m−1
	// (m−1 is the far right; the card's old position puts it back).
	To int
	// Order, only under the Rearrange variant, permutes the row after the
	// card is placed: the card at Order[j] moves to j. Face-up cards must
	// stay. nil leaves the row as it is.
	Order []int
}

// Seat tells a new player who it is.
type Seat struct {
	// ID is the player's number 0..Players−1, or −1 when every turn is a
	// new player who does not know its number (n = ∞, table-only).
	ID int
	// Players is n, 0 for unbounded.
	Players int
}

// Player decides one player's turns. A player is created once per seat;
// with unbounded players, once per turn, so it has no memory.
type Player interface {
	// Look returns the position of the face-down card to look at.
	Look(t *Turn) int
	// Place decides, having seen that the card at pos has number value,
	// where it goes and whether face up.
	Place(t *Turn, pos, value int) Move
}

// Info describes a strategy and what it needs.
type Info struct {
	Name string
	// Model is the information the strategy needs (TableOnly works in every model).
	Model Model
	// Memory says the strategy needs a fixed, finite set of players who
	// remember their own turns (Players ≥ 1).
	Memory bool
	// OnePlayer says it needs exactly one player (n = 1).
	OnePlayer bool
	// Randomized strategies flip coins (Turn.Rand); exact enumeration of
	// the deals does not apply to them.
	Randomized bool
	// Summary is one line for listings.
	Summary string
}

// Strategy makes players.
type Strategy interface {
	Info() Info
	NewPlayer(seat Seat) Player
}

// Compatible reports whether the strategy can be played under the rules.
func Compatible(s Strategy, r Rules) error {
	in := s.Info()
	n := r.players()
	switch {
	case in.Model == TurnNumber && r.Model != TurnNumber:
		return fmt.Errorf("cardflip: strategy %s needs the turn-number model", in.Name)
	case in.OnePlayer && n != 1:
		return fmt.Errorf("cardflip: strategy %s is for one player with memory (players = 1), not %s", in.Name, r)
	case in.Memory && n == 0:
		return fmt.Errorf("cardflip: strategy %s needs a finite number of players with memory (players ≥ 1)", in.Name)
	}
	return nil
}

// Step is one turn of a traced game.
type Step struct {
	Turn   int
	Player int // −1 when every turn is a new player
	Before []int
	Look   int
	Value  int
	Move   Move
	After  []int
	End    bool
}

// Game plays games of m cards under fixed rules. It is reusable and not
// safe for concurrent use; make one per goroutine.
type Game struct {
	rules    Rules
	m        int
	maxTurns int
	cards    []int // the hidden truth
	tmp      []int
	tmpv     []int
	turn     Turn
	players  []Player
	// Trace, when set, is called after every turn.
	Trace func(Step)
	// Context, when set, is checked every few turns (about every 65536/m):
	// a long game of a large m stops with its error.
	Context context.Context
	ctxMask int
}

// NewGame returns a game of m ≥ 1 cards.
func NewGame(m int, r Rules) (*Game, error) {
	if m < 1 {
		return nil, fmt.Errorf("cardflip: the number of cards must be at least 1, not %d", m)
	}
	if r.Players < 0 {
		return nil, fmt.Errorf("cardflip: the number of players must be at least 0 (0 = unbounded), not %d", r.Players)
	}
	g := &Game{rules: r, m: m, maxTurns: r.MaxTurns}
	if g.maxTurns <= 0 {
		g.maxTurns = 100*m*m + 100
	}
	g.ctxMask = 1
	for g.ctxMask*m < 1<<16 {
		g.ctxMask <<= 1
	}
	g.ctxMask--
	g.cards = make([]int, m)
	g.tmp = make([]int, m)
	g.tmpv = make([]int, m)
	g.turn.vis = make([]int, m)
	g.turn.model = r.Model
	if n := r.players(); n > 0 {
		g.players = make([]Player, n)
	}
	return g, nil
}

// M is the number of cards.
func (g *Game) M() int { return g.m }

// Rules are the game's rules.
func (g *Game) Rules() Rules { return g.rules }

// Play plays one game from the deal (deal[i] is the number of the card at
// position i, a permutation of 1..m) and returns X, the number of turns.
// rng is the players' source of coin flips (may be nil for deterministic
// strategies). An illegal action returns an *ActionError.
func (g *Game) Play(s Strategy, deal []int, rng *rand.Rand) (int, error) {
	m := g.m
	if len(deal) != m {
		return 0, fmt.Errorf("cardflip: the deal has %d cards, the game %d", len(deal), m)
	}
	seen := g.tmp
	clear(seen)
	for _, x := range deal {
		if x < 1 || x > m || seen[x-1] != 0 {
			return 0, fmt.Errorf("cardflip: the deal %v is not a permutation of 1..%d", deal, m)
		}
		seen[x-1] = 1
	}
	copy(g.cards, deal)
	t := &g.turn
	clear(t.vis)
	t.k = 0
	t.rng = rng
	n := g.rules.players()
	for i := range g.players {
		g.players[i] = s.NewPlayer(Seat{ID: i, Players: n})
	}
	var before []int
	for turn := 1; ; turn++ {
		if turn&g.ctxMask == 0 && g.Context != nil {
			if err := g.Context.Err(); err != nil {
				return 0, err
			}
		}
		if turn > g.maxTurns {
			return 0, &ActionError{Kind: TurnLimit, Turn: turn, Pos: -1, Value: g.maxTurns}
		}
		var p Player
		id := -1
		if n > 0 {
			id = turn % n
			p = g.players[id]
		} else {
			p = s.NewPlayer(Seat{ID: -1})
		}
		t.number = turn
		t.Plan = [6]int{}
		if g.Trace != nil {
			before = append(before[:0], t.vis...)
		}
		pos := p.Look(t)
		if pos < 0 || pos >= m {
			return 0, &ActionError{Kind: LookOutOfRange, Turn: turn, Pos: pos}
		}
		if t.vis[pos] != 0 {
			return 0, &ActionError{Kind: LookFaceUp, Turn: turn, Pos: pos, Value: t.vis[pos]}
		}
		val := g.cards[pos]
		mv := p.Place(t, pos, val)
		if err := g.apply(turn, pos, val, mv); err != nil {
			return 0, err
		}
		end := mv.Up && val == m
		if g.Trace != nil {
			g.Trace(Step{Turn: turn, Player: id, Before: append([]int(nil), before...), Look: pos, Value: val, Move: mv, After: append([]int(nil), t.vis...), End: end})
		}
		if end {
			return turn, nil
		}
	}
}

// apply checks and carries out the move.
func (g *Game) apply(turn, pos, val int, mv Move) error {
	m := g.m
	t := &g.turn
	if mv.Up && val != t.k+1 {
		return &ActionError{Kind: NotNext, Turn: turn, Pos: pos, Value: val, K: t.k}
	}
	if mv.To < 0 || mv.To >= m {
		return &ActionError{Kind: IndexOutOfRange, Turn: turn, Pos: pos, Value: val, Index: mv.To}
	}
	if g.rules.Variant == FixedAfterLook && mv.To != pos {
		return &ActionError{Kind: CardFixed, Turn: turn, Pos: pos, Value: val, Index: mv.To}
	}
	if mv.Order != nil && g.rules.Variant != Rearrange {
		for j, i := range mv.Order {
			if i != j {
				return &ActionError{Kind: MovedOtherCard, Turn: turn, Pos: pos, Value: val, Index: j}
			}
		}
	}
	// Remove the card at pos, insert it at To.
	c, v := g.cards, t.vis
	switch to := mv.To; {
	case to > pos && to-pos <= 16:
		// Short shifts by hand: cheaper than two memmove calls.
		c, v := c[pos:to+1], v[pos:to+1]
		for i := 0; i+1 < len(c) && i+1 < len(v); i++ {
			c[i], v[i] = c[i+1], v[i+1]
		}
	case to > pos:
		copy(c[pos:to], c[pos+1:to+1])
		copy(v[pos:to], v[pos+1:to+1])
	case to < pos && pos-to <= 16:
		c, v := c[to:pos+1], v[to:pos+1]
		for i := len(c) - 1; i > 0 && i < len(v); i-- {
			c[i], v[i] = c[i-1], v[i-1]
		}
	case to < pos:
		copy(c[to+1:pos+1], c[to:pos])
		copy(v[to+1:pos+1], v[to:pos])
	}
	c[mv.To] = val
	v[mv.To] = 0
	if mv.Up {
		v[mv.To] = val
		t.k++
	}
	if mv.Order != nil && g.rules.Variant == Rearrange {
		return g.rearrange(turn, pos, val, mv.Order)
	}
	return nil
}

func (g *Game) rearrange(turn, pos, val int, order []int) error {
	m := g.m
	v := g.turn.vis
	if len(order) != m {
		return &ActionError{Kind: BadOrder, Turn: turn, Pos: pos, Value: val, Index: len(order)}
	}
	used := g.tmp
	clear(used)
	for j, i := range order {
		if i < 0 || i >= m || used[i] != 0 {
			return &ActionError{Kind: BadOrder, Turn: turn, Pos: pos, Value: val, Index: j}
		}
		used[i] = 1
		if (v[i] != 0 || v[j] != 0) && i != j {
			return &ActionError{Kind: MovedFaceUp, Turn: turn, Pos: pos, Value: val, Index: j}
		}
	}
	c := g.tmpv
	for j, i := range order {
		c[j] = g.cards[i]
	}
	copy(g.cards, c)
	return nil
}

// Violation is a kind of illegal action.
type Violation int

const (
	// LookOutOfRange: the position looked at is not in 0..m−1.
	LookOutOfRange Violation = iota + 1
	// LookFaceUp: the card looked at is face up.
	LookFaceUp
	// NotNext: the card turned face up is not K+1.
	NotNext
	// IndexOutOfRange: the insert index is not in 0..m−1.
	IndexOutOfRange
	// CardFixed: the card was moved under the FixedAfterLook variant.
	CardFixed
	// MovedOtherCard: a card other than the one looked at was moved.
	MovedOtherCard
	// MovedFaceUp: a rearrangement moved a face-up card.
	MovedFaceUp
	// BadOrder: a rearrangement is not a permutation of the row.
	BadOrder
	// TurnLimit: the game did not end within Rules.MaxTurns turns.
	TurnLimit
)

var violationText = map[Violation]string{
	LookOutOfRange:  "looked at a position outside the row",
	LookFaceUp:      "looked at a face-up card",
	NotNext:         "turned face up a card that is not the next one",
	IndexOutOfRange: "insert index outside the row",
	CardFixed:       "moved a card that must stay where it was (fixed-after-look)",
	MovedOtherCard:  "moved a card other than the one looked at",
	MovedFaceUp:     "rearrangement moves a face-up card",
	BadOrder:        "rearrangement is not a permutation of the row",
	TurnLimit:       "game did not end within the turn limit",
}

func (v Violation) Error() string { return "cardflip: " + violationText[v] }

// ActionError is an illegal action by a strategy. errors.Is(err, NotNext)
// and the like test its kind.
type ActionError struct {
	Kind  Violation
	Turn  int
	Pos   int // the position looked at
	Value int // the number seen (the limit for TurnLimit)
	K     int // the largest face-up number, for NotNext
	Index int // the offending insert index or Order entry
}

func (e *ActionError) Unwrap() error { return e.Kind }

func (e *ActionError) Error() string {
	s := fmt.Sprintf("cardflip: turn %d: %s", e.Turn, violationText[e.Kind])
	switch e.Kind {
	case LookOutOfRange:
		s += fmt.Sprintf(" (position %d)", e.Pos)
	case LookFaceUp:
		s += fmt.Sprintf(" (position %d shows %d)", e.Pos, e.Value)
	case NotNext:
		s += fmt.Sprintf(" (card %d at position %d; the next card is %d)", e.Value, e.Pos, e.K+1)
	case IndexOutOfRange, CardFixed:
		s += fmt.Sprintf(" (card %d from position %d to index %d)", e.Value, e.Pos, e.Index)
	case MovedOtherCard, MovedFaceUp, BadOrder:
		s += fmt.Sprintf(" (Order entry %d)", e.Index)
	case TurnLimit:
		s += fmt.Sprintf(" (%d turns)", e.Value)
	}
	return s
}

// FormatRow draws a visible row as "[· · 1 · ·]"; mark ≥ 0 brackets that
// position ("[· ·>1<· ·]"-style is avoided: the marked card shows as "*").
func FormatRow(vis []int, mark int) string {
	b := make([]byte, 0, 3*len(vis)+2)
	b = append(b, '[')
	for i, x := range vis {
		if i > 0 {
			b = append(b, ' ')
		}
		switch {
		case i == mark:
			b = append(b, '*')
		case x == 0:
			b = append(b, "·"...)
		default:
			b = fmt.Appendf(b, "%d", x)
		}
	}
	return string(append(b, ']'))
}

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
	// 0 means 100·m² + 10·n·m + 100 (n = Players: n players with memory
	// take up to m + (n+1)(m−1)/2 turns, the seed's bound for interval).
	MaxTurns int
}

// Validate checks the rules' numbers: 0 ≤ Players ≤ MaxPlayers (0 is
// unbounded), a known Model and Variant, MaxTurns ≥ 0. NewGame, and so
// every evaluation, refuses rules that fail it.
func (r Rules) Validate() error {
	switch {
	case r.Players < 0 || r.Players > MaxPlayers:
		return fmt.Errorf("cardflip: the number of players must be 0 (unbounded) to %d, not %d", MaxPlayers, r.Players)
	case r.Model != TableOnly && r.Model != TurnNumber:
		return fmt.Errorf("cardflip: unknown information model %d", int(r.Model))
	case r.Variant < Standard || r.Variant > Rearrange:
		return fmt.Errorf("cardflip: unknown rule variant %d", int(r.Variant))
	case r.MaxTurns < 0:
		return fmt.Errorf("cardflip: the turn limit must be at least 0 (0 = 100·m² + 10·n·m + 100), not %d", r.MaxTurns)
	}
	return nil
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
	// KeepsCards says the strategy never moves the card it looked at, so
	// it can play under FixedAfterLook; a strategy without it is refused
	// there before the game starts (Compatible), not stopped mid-game.
	KeepsCards bool
	// Rearranges says the strategy permutes the face-down cards after a
	// look (Move.Order), so it needs the Rearrange variant.
	Rearranges bool
	// Summary is one line for listings.
	Summary string
}

// Needs says in a few words which games the strategy can play: "any n",
// "n = 1" or "n ≥ 1, memory", with ", coins" for a randomized one,
// ", rearrange" for one that needs the Rearrange variant and ", not fixed"
// for one that moves the card it looked at.
func (i Info) Needs() string {
	needs := "any n"
	switch {
	case i.OnePlayer:
		needs = "n = 1"
	case i.Memory:
		needs = "n ≥ 1, memory"
	}
	if i.Randomized {
		needs += ", coins"
	}
	switch {
	case i.Rearranges:
		needs += ", rearrange"
	case !i.KeepsCards:
		needs += ", not fixed"
	}
	return needs
}

// Strategy makes players. One Strategy value is shared by goroutines:
// Exact, Simulate and Compare play games on several workers at once, each
// calling Info and NewPlayer on the same value, so both must be safe for
// concurrent use. A Player that NewPlayer returns more than once (every
// table-only strategy here returns itself) is then used by several games
// at once and must keep no state of its own: Turn.Plan is the scratch
// space of a turn. A Player made afresh by each call (a seat with memory)
// plays in one game at a time.
type Strategy interface {
	Info() Info
	NewPlayer(seat Seat) Player
}

// Compatible reports whether the strategy can be played under the rules
// (and whether the rules are valid, Rules.Validate): every evaluation
// checks it before the first game, so a strategy that cannot play under a
// variant is refused at once rather than stopped by an *ActionError in the
// middle of a game.
func Compatible(s Strategy, r Rules) error {
	if err := r.Validate(); err != nil {
		return err
	}
	in := s.Info()
	n := r.players()
	switch {
	case r.Variant == FixedAfterLook && !in.KeepsCards:
		return fmt.Errorf("cardflip: strategy %s moves the card it looked at, which %s forbids (a card looked at stays where it was)", in.Name, FixedAfterLook)
	case in.Rearranges && r.Variant != Rearrange:
		return fmt.Errorf("cardflip: strategy %s rearranges the face-down cards, which only the %s variant allows", in.Name, Rearrange)
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
	// Move is what the player did with the card; on the last turn (End)
	// the player is not asked, and Move is the card turned up where it
	// lay (Up, To = Look).
	Move  Move
	After []int
	// End: the card looked at was m with 1..m−1 face up, which ends the
	// game at once (seed 000).
	End bool
}

// Game plays games of m cards under fixed rules. It is reusable and not
// safe for concurrent use; make one per goroutine.
type Game struct {
	rules    Rules
	m        int
	maxTurns int
	// The hidden numbers, in the form of the visible row (see row.go):
	// cword when View.one, else cards.
	cword   uint64
	cards   []face
	tmp     []int
	tmpv    []face
	turn    Turn
	players []Player
	// Trace, when set, is called after every turn.
	Trace func(Step)
	// Context, when set, is checked every few turns (about every 65536/m):
	// a long game of a large m stops with its error.
	Context context.Context
	ctxMask int
	// done is Context's Done channel, set by the evaluations' workers
	// (playChunks) for stopped.
	done   <-chan struct{}
	before []int // the row before the turn, when tracing
}

// NewGame returns a game of m ≥ 1 cards.
func NewGame(m int, r Rules) (*Game, error) { return newGame(m, r, flatMax+1, bigBlock) }

// newGame is NewGame with rows of at least bigFrom cards played as bigRows
// of blocks of bs cells (tests play small games on bigRows).
func newGame(m int, r Rules, bigFrom, bs int) (*Game, error) {
	if m < 1 {
		return nil, fmt.Errorf("cardflip: the number of cards must be at least 1, not %d", m)
	}
	if m > MaxM {
		return nil, fmt.Errorf("cardflip: the number of cards must be at most %d, not %d", MaxM, m)
	}
	if err := r.Validate(); err != nil {
		return nil, err
	}
	g := &Game{rules: r, m: m, maxTurns: r.MaxTurns}
	if g.maxTurns <= 0 {
		g.maxTurns = 100*m*m + 10*r.players()*m + 100
	}
	g.ctxMask = 1
	for g.ctxMask*m < 1<<16 {
		g.ctxMask <<= 1
	}
	g.ctxMask--
	t := &g.turn
	t.m = m
	g.tmp = make([]int, m)
	switch t.one = m <= maxWord && m < bigFrom; {
	case m >= bigFrom:
		t.big = newBigRow(m, bs)
	case !t.one:
		g.cards = make([]face, m)
		g.tmpv = make([]face, m)
		t.vis = make([]face, m)
	}
	if t.big == nil {
		t.at = new(faceIndex)
	}
	g.turn.model = r.Model
	if n := r.players(); n > 0 {
		g.players = make([]Player, n)
	}
	return g, nil
}

// Play plays one game from the deal (deal[i] is the number of the card at
// position i, a permutation of 1..m) and returns X, the number of turns.
// rng is the players' source of coin flips (may be nil for deterministic
// strategies). An illegal action returns an *ActionError.
func (g *Game) Play(s Strategy, deal []int, rng *rand.Rand) (int, error) {
	if err := g.load(deal); err != nil {
		return 0, err
	}
	t := &g.turn
	t.k = 0
	t.rng = rng
	n := g.rules.players()
	for i := range g.players {
		g.players[i] = s.NewPlayer(Seat{ID: i, Players: n})
	}
	// The built-in strategies are called directly rather than through the
	// Player interface (the same methods, inlinable): their NewPlayer
	// returns the strategy itself for every seat, so no player is made per
	// turn either. Every action still goes through the same checks below.
	kind := kindOther
	var st *stacks
	switch s := s.(type) {
	case frontToBack:
		kind = kindFrontToBack
	case divideConquer:
		kind = kindDivideConquer
	case *stacks:
		kind, st = kindStacks, s
	}
	// The index of the face-up cards (Find in O(1)) is kept for rows of
	// 16-bit cells, except for front-to-back, which never asks (Find then
	// scans); on a row of one word Find searches the word.
	t.indexed = kind != kindFrontToBack && !t.one && t.big == nil
	// A legal move under the standard rules, untraced, is applied at once;
	// anything else (a rule variant, an Order, a trace, or a move that
	// breaks a rule) goes through act, which states every rule.
	plain := g.Trace == nil && (g.rules.Variant == Standard || g.rules.Variant == FreeCommunication)
	if plain && kind != kindOther && t.one {
		return g.playWord(kind, st)
	}
	return g.play(s, kind, st, plain)
}

// load checks that the deal is a permutation of 1..m and lays it out face
// down.
func (g *Game) load(deal []int) error {
	m := g.m
	if len(deal) != m {
		return fmt.Errorf("cardflip: the deal has %d cards, the game %d", len(deal), m)
	}
	t := &g.turn
	if t.one {
		// One word: the numbers seen as bits of a word.
		var seen, c uint64
		for i, x := range deal {
			if uint(x-1) >= uint(m) || seen>>(uint(x-1)&63)&1 != 0 {
				return fmt.Errorf("cardflip: the deal %v is not a permutation of 1..%d", deal, m)
			}
			seen |= 1 << (uint(x-1) & 63)
			c = word4{}.put(c, i, uint64(x))
		}
		g.cword, t.word = c, 0
		return nil
	}
	seen := g.tmp
	clear(seen)
	for _, x := range deal {
		if x < 1 || x > m || seen[x-1] != 0 {
			return fmt.Errorf("cardflip: the deal %v is not a permutation of 1..%d", deal, m)
		}
		seen[x-1] = 1
	}
	if t.big != nil {
		t.big.load(func(i int) uint32 { return uint32(deal[i]) }, func(int) uint32 { return 0 })
		return nil
	}
	for i, x := range deal {
		g.cards[i] = face(x)
	}
	clear(t.vis)
	t.up = 0
	return nil
}

// play is Play's loop, one turn an iteration, for the strategy s (kind
// says which built-in one, st the stacks). plain: the standard rules (or
// free communication), untraced.
func (g *Game) play(s Strategy, kind int, st *stacks, plain bool) (int, error) {
	m := g.m
	t := &g.turn
	n := g.rules.players()
	perTurn := n == 0 && kind == kindOther
	tracing := g.Trace != nil
	// A flat row's cells are read in place: View.cell and hidden, which
	// also serve the other forms, are too big to be inlined here.
	flat := !t.one && t.big == nil
	check := 1 // the next turn that needs a checkpoint
	for turn := 1; ; turn++ {
		if turn >= check {
			var err error
			if check, err = g.checkpoint(turn); err != nil {
				return 0, err
			}
		}
		var p Player
		id := -1
		if n > 0 {
			id = turn % n
			p = g.players[id]
		} else if perTurn {
			p = s.NewPlayer(Seat{ID: -1})
		}
		t.number = turn
		t.Plan = [6]int{}
		if tracing {
			g.before = t.Row(g.before[:0])
		}
		var pos int
		switch kind {
		case kindFrontToBack:
			pos = frontToBack{}.Look(t)
		case kindDivideConquer:
			pos = dcLook(t)
		case kindStacks:
			pos = st.Look(t)
		default:
			pos = p.Look(t)
		}
		if uint(pos) >= uint(m) {
			return 0, &ActionError{Kind: LookOutOfRange, Turn: turn, Pos: pos}
		}
		var up, val int
		if flat {
			up, val = int(t.vis[pos]), int(g.cards[pos])
		} else {
			up, val = t.cell(pos), g.hidden(pos)
		}
		if up != 0 {
			return 0, &ActionError{Kind: LookFaceUp, Turn: turn, Pos: pos, Value: up}
		}
		if t.k == m-1 {
			// The card looked at is k+1 = m: the game ends at once, whatever
			// the player would do with it (seed 000, rule 2), so Place is
			// not asked; the trace shows it turned up where it lies.
			if tracing {
				g.finish(turn, id, pos, val)
			}
			return turn, nil
		}
		var mv Move
		switch kind {
		case kindFrontToBack:
			mv = frontToBack{}.Place(t, pos, val)
		case kindDivideConquer:
			mv = divideConquer{}.Place(t, pos, val)
		case kindStacks:
			mv = st.Place(t, pos, val)
		default:
			mv = p.Place(t, pos, val)
		}
		if plain && uint(mv.To) < uint(m) && mv.Order == nil && (!mv.Up || val == t.k+1) {
			g.apply(pos, mv.To, val, mv.Up)
			continue
		}
		if err := g.act(turn, id, pos, val, &mv); err != nil {
			return 0, err
		}
	}
}

// playWord is Play's loop for the built-in strategies on a row of one
// word of 4-bit cells (m ≤ 15) under the standard rules, untraced: the
// same turn as the general loop, with both rows held in registers (the
// visible one stored in the View every turn) and a move done with
// constant shifts, so a turn makes no call but the strategy's own. Every
// move that is not plainly legal goes to act, as in the general loop.
func (g *Game) playWord(kind int, st *stacks) (int, error) {
	t := &g.turn
	m := g.m
	c, v := g.cword, t.word
	pad := ^(uint64(1)<<(uint(m)*4&63) - 1) // the cells ≥ m, all ones
	check := 1                              // the next turn that needs a checkpoint
	for turn := 1; ; turn++ {
		if turn >= check {
			var err error
			if check, err = g.checkpoint(turn); err != nil {
				return 0, err
			}
		}
		t.number = turn
		t.Plan = [6]int{}
		var pos int
		switch kind {
		case kindFrontToBack:
			pos = word4{}.firstZero(v | pad) // frontToBack.Look on the word in hand
		case kindDivideConquer:
			pos = dcLook(t)
		default:
			pos = st.Look(t)
		}
		if uint(pos) >= uint(m) {
			return 0, &ActionError{Kind: LookOutOfRange, Turn: turn, Pos: pos}
		}
		P := uint(pos) * 4 & 63
		if up := int(v >> P & 15); up != 0 {
			return 0, &ActionError{Kind: LookFaceUp, Turn: turn, Pos: pos, Value: up}
		}
		if t.k == m-1 { // the next card is m: the game ends at this look
			return turn, nil
		}
		val := int(c >> P & 15)
		// The built-in strategies' Place, without the Move (they never
		// set Order).
		var to int
		var up bool
		switch kind {
		case kindFrontToBack:
			to, up = ftbPlace(t, val)
		case kindDivideConquer:
			to, up = dcPlace(t, pos, val)
		default:
			to, up = st.place(t, pos, val)
		}
		// up && val != k+1 without a branch on up (see below).
		if uint(to) >= uint(m) || b2u(up)&b2u(val != t.k+1) != 0 {
			id := -1
			if n := g.rules.players(); n > 0 {
				id = turn % n
			}
			g.cword = c
			mv := Move{Up: up, To: to}
			if err := g.act(turn, id, pos, val, &mv); err != nil {
				return 0, err
			}
			c, v = g.cword, t.word
			continue
		}
		// apply, for one word: in registers, without a call (and no
		// index of the face-up cards: Find searches the word).
		span, down := word4{}.span(pos, to)
		c, v = word4{}.slide(c, span, down), word4{}.slide(v, span, down)
		// Whether the card goes up is as good as random: no branch on it.
		u := b2u(up)
		c, v = word4{}.put(c, to, uint64(val)), word4{}.put(v, to, uint64(val)&-uint64(u))
		t.word = v
		t.k += int(u)
	}
}

// b2u is 1 for true, else 0 (a SETcc, not a branch).
func b2u(b bool) uint {
	if b {
		return 1
	}
	return 0
}

// hidden is the number of the card at pos (the engine's eyes only).
func (g *Game) hidden(pos int) int {
	if g.turn.one {
		return word4{}.get(g.cword, pos)
	}
	if g.turn.big != nil {
		return g.turn.big.hidden(pos)
	}
	return int(g.cards[pos])
}

// apply moves the card at pos, whose number is val, to to (face up if up)
// in both rows and keeps the index of the face-up cards.
func (g *Game) apply(pos, to, val int, up bool) {
	t := &g.turn
	var y int
	if up {
		y = val
	}
	if t.one {
		span, down := word4{}.span(pos, to)
		c, v := word4{}.slide(g.cword, span, down), word4{}.slide(t.word, span, down)
		g.cword, t.word = word4{}.put(c, to, uint64(val)), word4{}.put(v, to, uint64(y))
	} else if t.big != nil {
		t.big.move(pos, to, up)
		if up {
			t.k++
		}
		return
	} else {
		if t.indexed {
			moveCellsIndexed(g.cards, t.vis, t.at, pos, to)
		} else {
			moveCells(g.cards, t.vis, pos, to)
			// View.up (kept without the index: front to back). The card
			// came from pos ≥ up (it was face down): the cells before up
			// move only when it goes before them.
			if to < t.up {
				if up {
					t.up++
				} else {
					t.up = to
				}
			}
		}
		g.cards[to], t.vis[to] = face(val), face(y)
	}
	if up {
		t.at[face(val)] = face(to)
		t.k++
	}
}

// stopped is Context's error once it is done, else nil: a non-blocking
// receive, cheap enough to ask before every game of an evaluation (a
// chunk of games can be long: 8! games of interval with 1000 seats of
// m = 10 took seconds, while a game of fewer than 65536/m turns never
// reaches a checkpoint of its own).
func (g *Game) stopped() error {
	if g.done == nil {
		return nil
	}
	select {
	case <-g.done:
		return g.Context.Err()
	default:
		return nil
	}
}

// checkpoint checks the context (every ctxMask+1 turns) and the turn
// limit, and returns the next turn that needs a checkpoint.
func (g *Game) checkpoint(turn int) (int, error) {
	if turn&g.ctxMask == 0 && g.Context != nil {
		if err := g.Context.Err(); err != nil {
			return 0, err
		}
	}
	if turn > g.maxTurns {
		return 0, &ActionError{Kind: TurnLimit, Turn: turn, Pos: -1, Value: g.maxTurns}
	}
	next := g.maxTurns + 1
	if g.Context != nil {
		next = min(next, turn|g.ctxMask+1)
	}
	return next, nil
}

// act checks the move of the card at pos, whose number is val, against
// every rule (in this order: not next, index outside the row, card fixed,
// another card moved), moves the card, rearranges the row (with its own
// checks) and traces the turn. The last turn never gets here (see finish).
func (g *Game) act(turn, id, pos, val int, mv *Move) error {
	t := &g.turn
	if mv.Up && val != t.k+1 {
		return &ActionError{Kind: NotNext, Turn: turn, Pos: pos, Value: val, K: t.k}
	}
	to := mv.To
	if uint(to) >= uint(t.m) {
		return &ActionError{Kind: IndexOutOfRange, Turn: turn, Pos: pos, Value: val, Index: to}
	}
	if to != pos && g.rules.Variant == FixedAfterLook {
		return &ActionError{Kind: CardFixed, Turn: turn, Pos: pos, Value: val, Index: to}
	}
	if mv.Order != nil && g.rules.Variant != Rearrange {
		for j, i := range mv.Order {
			if i != j {
				return &ActionError{Kind: MovedOtherCard, Turn: turn, Pos: pos, Value: val, Index: j}
			}
		}
	}
	g.apply(pos, to, val, mv.Up)
	if mv.Order != nil && g.rules.Variant == Rearrange {
		if err := g.rearrange(turn, pos, val, mv.Order); err != nil {
			return err
		}
	}
	if g.Trace != nil {
		g.Trace(Step{Turn: turn, Player: id, Before: append([]int(nil), g.before...), Look: pos, Value: val, Move: *mv, After: t.Row(nil)})
	}
	return nil
}

// finish traces the last turn: the look at m with 1..m−1 face up ends the
// game at once, before the player decides anything, so the step shows
// the card turned up where it lay (Move{Up: true, To: pos}).
func (g *Game) finish(turn, id, pos, val int) {
	g.apply(pos, pos, val, true)
	mv := Move{Up: true, To: pos}
	g.Trace(Step{Turn: turn, Player: id, Before: append([]int(nil), g.before...), Look: pos, Value: val, Move: mv, After: g.turn.Row(nil), End: true})
}

// Strategies the engine calls directly (see Play).
const (
	kindOther = iota
	kindFrontToBack
	kindDivideConquer
	kindStacks
)

func (g *Game) rearrange(turn, pos, val int, order []int) error {
	m := g.m
	t := &g.turn
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
		if i != j && (t.cell(i) != 0 || t.cell(j) != 0) {
			return &ActionError{Kind: MovedFaceUp, Turn: turn, Pos: pos, Value: val, Index: j}
		}
	}
	if t.one {
		var c uint64
		for j, i := range order {
			c = word4{}.put(c, j, uint64(g.hidden(i)))
		}
		g.cword = c
		return nil
	}
	if t.big != nil {
		t.big.permute(order)
		return nil
	}
	c := g.tmpv
	for j, i := range order {
		c[j] = g.cards[i]
	}
	copy(g.cards, c)
	return nil
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

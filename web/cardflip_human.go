package web

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy/grundy/cardflip"
)

// /api/cardflip/human: the cooperative game played by a person, one click
// at a time. The server keeps no game: each request names the deal (m and
// seed, game 0 of the seed as /api/cardflip/play deals it) and the actions
// so far, and the engine (cardflip.Game) replays them under the rules,
// refusing an action the rules forbid, and answers the row the players see,
// the number on a card just looked at, and the deal once the game is over.

// Limits of the human game.
const (
	// maxHumanM bounds m: a person clicks every turn.
	maxHumanM = 100
	// maxHumanTurns bounds the actions of one request.
	maxHumanTurns = 4000
)

// humanTurn is one action of the person: look at a card, then (unless it
// is the pending look of the last action) put it at index to, face up or
// down.
type humanTurn struct {
	look, to int
	up, done bool
}

// parseHumanActions reads the actions: "L>T" (looked at position L, put
// the card at index T face down), "L>Tu" (face up), and, last, "L" (looked
// at L, not yet placed); positions and indices from 0, separated by spaces
// or commas.
func parseHumanActions(text string) ([]humanTurn, error) {
	var turns []humanTurn
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '\n' })
	for i, f := range fields {
		bad := func() error {
			return badRequest("parameter \"actions\": action %d %q is not L>T, L>Tu (look at position L, put the card at index T, u: face up) or, last, L", i+1, f)
		}
		var t humanTurn
		look, put, placed := strings.Cut(f, ">")
		var err error
		if t.look, err = strconv.Atoi(look); err != nil || t.look < 0 {
			return nil, bad()
		}
		if placed {
			put, t.up = strings.CutSuffix(put, "u")
			if t.to, err = strconv.Atoi(put); err != nil || t.to < 0 {
				return nil, bad()
			}
			t.done = true
		} else if i != len(fields)-1 {
			return nil, bad()
		}
		turns = append(turns, t)
	}
	if len(turns) > maxHumanTurns {
		return nil, &httpError{http.StatusRequestEntityTooLarge, fmt.Sprintf("parameter \"actions\": %d actions, at most %d", len(turns), maxHumanTurns)}
	}
	return turns, nil
}

// humanScript replays the person's actions as a cardflip strategy and
// stops the engine where they end (a look the engine refuses, which the
// handler recognizes by stopped).
type humanScript struct {
	turns   []humanTurn
	next    int
	stopped bool
	// pending is the card looked at by the last action, not yet placed.
	pending *CardflipPeek
}

func (h *humanScript) Info() cardflip.Info                     { return cardflip.Info{Name: "you", Memory: true} }
func (h *humanScript) NewPlayer(cardflip.Seat) cardflip.Player { return h }

// Look takes the next action: the look at m with 1..m−1 face up ends the
// game at once, so the engine may not ask Place for it.
func (h *humanScript) Look(*cardflip.Turn) int {
	if h.next == len(h.turns) {
		h.stopped = true
		return -1
	}
	h.next++
	return h.turns[h.next-1].look
}

func (h *humanScript) Place(_ *cardflip.Turn, pos, value int) cardflip.Move {
	t := h.turns[h.next-1]
	if !t.done {
		h.stopped = true
		h.pending = &CardflipPeek{Look: pos, Value: value}
		return cardflip.Move{To: -1}
	}
	return cardflip.Move{Up: t.up, To: t.to}
}

// CardflipPeek is a card looked at and not yet placed: its position (from
// 0) and its number.
type CardflipPeek struct {
	Look  int `json:"look"`
	Value int `json:"value"`
}

// CardflipHuman is the answer of /api/cardflip/human: the state of the
// person's game after its actions.
type CardflipHuman struct {
	M     int    `json:"m"`
	Rules string `json:"rules"`
	Seed  uint64 `json:"seed"`
	// Turns is the number of turns completed.
	Turns int `json:"turns"`
	// Row is what the players see: the face-up numbers, 0 for a face-down
	// card.
	Row []int `json:"row"`
	// Peek is the card just looked at, when the last action is a look.
	Peek *CardflipPeek `json:"peek,omitempty"`
	// Last is the last completed turn as the engine recorded it.
	Last *CardflipStep `json:"last,omitempty"`
	// Done says the game is over: the last look found m with 1..m−1 face
	// up (Row shows it turned up where it lay), X = Turns. Deal, the
	// hidden numbers, is then shown.
	Done bool  `json:"done"`
	Deal []int `json:"deal,omitempty"`
}

func (s *Server) cardflipHuman(r *http.Request) (any, error) {
	m, err := s.cardflipM(r, maxHumanM)
	if err != nil {
		return nil, err
	}
	seed, err := s.intFieldOr(r, "seed", 0, maxSeed, 1)
	if err != nil {
		return nil, err
	}
	text, err := s.field(r, "variant", false)
	if err != nil {
		return nil, err
	}
	// One player who remembers every turn: a person.
	rules := cardflip.Rules{Players: 1}
	if rules.Variant, err = cardflip.ParseVariant(text); err != nil {
		return nil, optionError(err)
	}
	if rules.Variant == cardflip.Rearrange {
		return nil, badRequest("parameter \"variant\": the game by hand is played under standard, free or fixed rules, not rearrange")
	}
	if text, err = s.field(r, "actions", false); err != nil {
		return nil, err
	}
	turns, err := parseHumanActions(text)
	if err != nil {
		return nil, err
	}
	g, err := cardflip.NewGame(m, rules)
	if err != nil {
		return nil, badRequest("%v", err)
	}
	g.Context = r.Context()
	deal := make([]int, m)
	rng := cardflip.Deal(deal, uint64(seed), 0)
	hidden := slices.Clone(deal)
	res := &CardflipHuman{M: m, Rules: rules.String(), Seed: uint64(seed), Row: make([]int, m)}
	h := &humanScript{turns: turns}
	g.Trace = func(st cardflip.Step) {
		res.Turns = st.Turn
		res.Row = slices.Clone(st.After)
		res.Last = &CardflipStep{Turn: st.Turn, Player: st.Player, Before: slices.Clone(st.Before), Look: st.Look, Value: st.Value,
			Up: st.Move.Up, To: st.Move.To, After: slices.Clone(st.After), End: st.End}
	}
	_, err = g.Play(h, deal, rng)
	switch {
	case h.stopped:
		res.Peek = h.pending
	case err != nil:
		// A move the rules forbid is an illegal move: 422 (errorStatus).
		return nil, err
	case h.next < len(turns):
		return nil, badRequest("parameter \"actions\": the game ended at turn %d, but %d actions were given", h.next, len(turns))
	default:
		res.Done = true
		res.Deal = hidden
	}
	return res, nil
}

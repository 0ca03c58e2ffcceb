package web

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/grundy/grundy/cardflip"
)

// The card-flip lab: /api/cardflip/strategies, /api/cardflip/play (one
// seeded game with its trace, from the engine's Trace hook) and
// /api/cardflip/compare (cardflip.Compare, the rows of
// `grundy cardflip compare --json`).

// Limits of the card-flip lab per request.
const (
	// maxCardflipM bounds m for play and compare.
	maxCardflipM = 200
	// maxTraceSteps bounds the turns a trace lists (X is reported whatever
	// it is): each step holds two rows of m numbers.
	maxTraceSteps = 2000
	// maxCardflipTrials bounds the Monte Carlo games per strategy and m.
	maxCardflipTrials = 5000
	// maxCompareWork bounds trials × Σ m² of one compare request (a game
	// costs about m² steps for the slower strategies): 1000 trials at
	// m = 200, or 200 trials for m = 2..60.
	maxCompareWork = 40_000_000
)

// CardflipStrategy is one row of /api/cardflip/strategies, as
// `grundy cardflip strategies --json` prints it.
type CardflipStrategy struct {
	Name    string `json:"name"`
	Model   string `json:"model"`
	Needs   string `json:"needs"`
	Summary string `json:"summary"`
}

// CardflipStep is one turn of a traced game (cardflip.Step): the visible
// row before and after (0 for a face-down card), the position looked at,
// the number seen there, and where the card went, face up or not.
type CardflipStep struct {
	Turn   int   `json:"turn"`
	Player int   `json:"player"` // −1 when every turn is a new player
	Before []int `json:"before"`
	Look   int   `json:"look"`
	Value  int   `json:"value"`
	Up     bool  `json:"up"`
	To     int   `json:"to"`
	Order  []int `json:"order,omitempty"`
	After  []int `json:"after"`
	End    bool  `json:"end"`
}

// CardflipPlay is the answer of /api/cardflip/play: game 0 of the seed, as
// `grundy cardflip play` plays it, with its first maxTraceSteps turns.
type CardflipPlay struct {
	Strategy  string         `json:"strategy"`
	M         int            `json:"m"`
	Rules     string         `json:"rules"`
	Seed      uint64         `json:"seed"`
	Deal      []int          `json:"deal"`
	X         int            `json:"x"`
	Steps     []CardflipStep `json:"steps"`
	Truncated bool           `json:"truncated,omitempty"`
}

func (s *Server) cardflipStrategies(r *http.Request) (any, error) {
	var rows []CardflipStrategy
	for _, st := range cardflip.Strategies() {
		in := st.Info()
		rows = append(rows, CardflipStrategy{in.Name, in.Model.String(), in.Needs(), in.Summary})
	}
	return rows, nil
}

// cardflipSetup reads strategy=, players=, model= and variant= as the
// CLI's flags.
func (s *Server) cardflipSetup(r *http.Request) (cardflip.Strategy, cardflip.Rules, error) {
	var rules cardflip.Rules
	name, err := s.field(r, "strategy", false)
	if err != nil {
		return nil, rules, err
	}
	if name == "" {
		name = "best"
	}
	players, _, err := s.intField(r, "players", 0, 1000)
	if err != nil {
		return nil, rules, err
	}
	rules.Players = int(players)
	model, err := s.field(r, "model", false)
	if err != nil {
		return nil, rules, err
	}
	switch model {
	case "", "table", "table-only":
		rules.Model = cardflip.TableOnly
	case "turn", "table+turn":
		rules.Model = cardflip.TurnNumber
	default:
		return nil, rules, badRequest("parameter \"model\" must be table or turn, not %q", model)
	}
	variant, err := s.field(r, "variant", false)
	if err != nil {
		return nil, rules, err
	}
	switch variant {
	case "", "standard":
	case "free":
		rules.Variant = cardflip.FreeCommunication
	case "fixed":
		rules.Variant = cardflip.FixedAfterLook
	case "rearrange":
		rules.Variant = cardflip.Rearrange
	default:
		return nil, rules, badRequest("parameter \"variant\" must be standard, free, fixed or rearrange, not %q", variant)
	}
	st, err := cardflip.Lookup(name)
	if err != nil {
		return nil, rules, badRequest("%v", err)
	}
	if err := cardflip.Compatible(st, rules); err != nil {
		return nil, rules, badRequest("%v", err)
	}
	return st, rules, nil
}

func (s *Server) cardflipPlay(r *http.Request) (any, error) {
	st, rules, err := s.cardflipSetup(r)
	if err != nil {
		return nil, err
	}
	m, ok, err := s.intField(r, "m", 1, maxCardflipM)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, badRequest("missing parameter %q", "m")
	}
	seed, _, err := s.intField(r, "seed", 0, maxSeed)
	if err != nil {
		return nil, err
	}
	g, err := cardflip.NewGame(int(m), rules)
	if err != nil {
		return nil, badRequest("%v", err)
	}
	deal := make([]int, m)
	rng := cardflip.Deal(deal, uint64(seed), 0)
	res := &CardflipPlay{Strategy: st.Info().Name, M: int(m), Rules: rules.String(), Seed: uint64(seed), Deal: append([]int(nil), deal...), Steps: []CardflipStep{}}
	ctx := r.Context()
	g.Context = ctx // a long game stops at the request's deadline
	g.Trace = func(t cardflip.Step) {
		if len(res.Steps) == maxTraceSteps {
			res.Truncated = true
			return
		}
		res.Steps = append(res.Steps, CardflipStep{Turn: t.Turn, Player: t.Player, Before: t.Before, Look: t.Look, Value: t.Value,
			Up: t.Move.Up, To: t.Move.To, Order: t.Move.Order, After: t.After, End: t.End})
	}
	if res.X, err = g.Play(st, deal, rng); err != nil {
		var ae *cardflip.ActionError
		if errors.As(err, &ae) {
			return nil, &httpError{http.StatusUnprocessableEntity, err.Error()}
		}
		return nil, err
	}
	return res, ctx.Err()
}

// parseMRange reads m=A..B (or one m), as `grundy cardflip compare --m`.
func parseMRange(text string) (int, int, error) {
	from, to, err := cardflip.ParseMRange(text)
	if err != nil {
		return 0, 0, badRequest("parameter \"m\" must be a range A..B with 1 ≤ A ≤ B (or one m), not %q", text)
	}
	if to > maxCardflipM {
		return 0, 0, &httpError{http.StatusRequestEntityTooLarge, fmt.Sprintf("parameter \"m\": m up to %d, not %d", maxCardflipM, to)}
	}
	return from, to, nil
}

func (s *Server) cardflipCompare(r *http.Request) (any, error) {
	text, err := s.field(r, "m", true)
	if err != nil {
		return nil, err
	}
	from, to, err := parseMRange(text)
	if err != nil {
		return nil, err
	}
	trials, ok, err := s.intField(r, "trials", 1, maxCardflipTrials)
	if err != nil {
		return nil, err
	}
	if !ok {
		trials = 200
	}
	seed, ok, err := s.intField(r, "seed", 0, maxSeed)
	if err != nil {
		return nil, err
	}
	if !ok {
		seed = 1
	}
	work := int64(0)
	for m := from; m <= to; m++ {
		work += trials * int64(m) * int64(m)
	}
	if work > maxCompareWork {
		return nil, &httpError{http.StatusRequestEntityTooLarge, fmt.Sprintf("compare m = %d..%d with %d trials is more work than one request does (trials × Σ m² = %d, at most %d): ask for fewer m or trials at a time", from, to, trials, work, maxCompareWork)}
	}
	// The CLI's defaults: exact up to m = 7, the random strategy simulated
	// up to m = 30. One worker: a request uses one computation slot.
	return cardflip.Compare(r.Context(), cardflip.CompareOptions{From: from, To: to, Trials: trials, Seed: uint64(seed),
		ExactMax: min(7, cardflip.MaxExactM), RandomMax: 30, Workers: 1})
}

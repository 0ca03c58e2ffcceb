package web

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/grundy/grundy/cardflip"
)

// The card-flip lab: /api/cardflip/strategies, /api/cardflip/play (one
// seeded game with its trace, cardflip.Record), /api/cardflip/exact and
// /api/cardflip/simulate (E[X] under the chosen rules, as
// `grundy cardflip exact|simulate --json`) and /api/cardflip/compare
// (cardflip.Compare, the rows of `grundy cardflip compare --json`).

// Limits of the card-flip lab per request.
const (
	// maxCardflipM bounds m for play and compare.
	maxCardflipM = 200
	// maxCardflipExactM bounds m for exact: 9! = 362,880 games, 0.4 to
	// 0.7 s of one core under any rules (the table-only and table+turn
	// models, each variant). 10! games took 5 to 7.5 s of a core, so m = 10
	// answered or ran past the 10 s deadline by the server's load (and under
	// table+turn with rearrange always did, issue 45); the CLI enumerates
	// up to cardflip.MaxExactM.
	maxCardflipExactM = 9
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
	// Best marks the strategy --strategy best names (cardflip.BestName),
	// the lab's default.
	Best bool `json:"best,omitempty"`
}

// CardflipStep is one turn of a traced game (cardflip.RecordStep).
type CardflipStep = cardflip.RecordStep

// CardflipPlay is the answer of /api/cardflip/play: game 0 of the seed, as
// `grundy cardflip play --json` prints it, with its first maxTraceSteps
// turns (cardflip.PlayRecord).
type CardflipPlay = cardflip.PlayRecord

func (s *Server) cardflipStrategies(r *http.Request) (any, error) {
	var rows []CardflipStrategy
	for _, st := range cardflip.Strategies() {
		in := st.Info()
		rows = append(rows, CardflipStrategy{in.Name, in.Model.String(), in.Needs(), in.Summary, in.Name == cardflip.BestName})
	}
	return rows, nil
}

// cardflipSetup reads strategy=, players=, model= and variant= as the
// CLI's flags (one parser: cardflip.ParsePlayers, ParseModel,
// ParseVariant, which also caps n at cardflip.MaxPlayers), and refuses a
// strategy the rules do not allow with the CLI's words
// (cardflip.Compatible).
func (s *Server) cardflipSetup(r *http.Request) (cardflip.Strategy, cardflip.Rules, error) {
	var rules cardflip.Rules
	name, err := s.field(r, "strategy", false)
	if err != nil {
		return nil, rules, err
	}
	if name == "" {
		name = "best"
	}
	text, err := s.field(r, "players", false)
	if err != nil {
		return nil, rules, err
	}
	if rules.Players, err = cardflip.ParsePlayers(text); err != nil {
		return nil, rules, optionError(err)
	}
	if text, err = s.field(r, "model", false); err != nil {
		return nil, rules, err
	}
	if rules.Model, err = cardflip.ParseModel(text); err != nil {
		return nil, rules, optionError(err)
	}
	if text, err = s.field(r, "variant", false); err != nil {
		return nil, rules, err
	}
	if rules.Variant, err = cardflip.ParseVariant(text); err != nil {
		return nil, rules, optionError(err)
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

// optionError names a bad rules option as a parameter:
// parameter "model" must be table or turn, not "psychic".
func optionError(err error) error {
	var oe *cardflip.OptionError
	if errors.As(err, &oe) {
		return badRequest("parameter %q %s", oe.Option, oe.Message())
	}
	return badRequest("%v", err)
}

func (s *Server) cardflipPlay(r *http.Request) (any, error) {
	st, rules, err := s.cardflipSetup(r)
	if err != nil {
		return nil, err
	}
	m, err := s.cardflipM(r, maxCardflipM)
	if err != nil {
		return nil, err
	}
	seed, err := s.intFieldOr(r, "seed", 0, maxSeed, 1) // the CLI's default
	if err != nil {
		return nil, err
	}
	// A long game stops at the request's deadline.
	res, err := cardflip.Record(r.Context(), st, m, rules, uint64(seed), maxTraceSteps)
	if err != nil {
		return nil, err
	}
	return res, nil
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
	trials, err := s.intFieldOr(r, "trials", 1, maxCardflipTrials, 200)
	if err != nil {
		return nil, err
	}
	seed, err := s.intFieldOr(r, "seed", 0, maxSeed, 1)
	if err != nil {
		return nil, err
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

func factorial(n int) int {
	f := 1
	for i := 2; i <= n; i++ {
		f *= i
	}
	return f
}

// cardflipM reads the required m=, 1..hi.
func (s *Server) cardflipM(r *http.Request, hi int) (int, error) {
	m, ok, err := s.intField(r, "m", 1, int64(hi))
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, badRequest("missing parameter %q", "m")
	}
	return int(m), nil
}

// cardflipExact is `grundy cardflip exact --json` for m ≤ maxCardflipExactM,
// on one core.
func (s *Server) cardflipExact(r *http.Request) (any, error) {
	st, rules, err := s.cardflipSetup(r)
	if err != nil {
		return nil, err
	}
	m, err := s.cardflipM(r, cardflip.MaxExactM)
	if err != nil {
		return nil, err
	}
	if m > maxCardflipExactM {
		return nil, &httpError{http.StatusRequestEntityTooLarge, fmt.Sprintf("exact m = %d is %d! deals, more than one request enumerates (at most m = %d, %d! = %d deals, under a second): ask /api/cardflip/simulate, or grundy cardflip exact --m %d on your machine",
			m, m, maxCardflipExactM, maxCardflipExactM, factorial(maxCardflipExactM), m)}
	}
	if err := cardflip.CheckExact(st, m); err != nil {
		return nil, badRequest("%v", err)
	}
	res, err := cardflip.Exact(r.Context(), st, m, cardflip.Options{Rules: rules, Workers: 1})
	if err != nil {
		return nil, err
	}
	return cardflip.NewExactReport(st, m, rules, res), nil
}

// cardflipSimulate is `grundy cardflip simulate --json` (the same defaults:
// 10000 trials, seed 1) on one core, for trials × m² ≤ maxCompareWork.
func (s *Server) cardflipSimulate(r *http.Request) (any, error) {
	st, rules, err := s.cardflipSetup(r)
	if err != nil {
		return nil, err
	}
	m, err := s.cardflipM(r, maxCardflipM)
	if err != nil {
		return nil, err
	}
	trials, err := s.intFieldOr(r, "trials", 1, maxCompareWork, 10000)
	if err != nil {
		return nil, err
	}
	seed, err := s.intFieldOr(r, "seed", 0, maxSeed, 1)
	if err != nil {
		return nil, err
	}
	if work := trials * int64(m) * int64(m); work > maxCompareWork {
		return nil, &httpError{http.StatusRequestEntityTooLarge, fmt.Sprintf("simulate m = %d with %d trials is more work than one request does (trials × m² = %d, at most %d): ask for at most %d trials", m, trials, work, maxCompareWork, maxCompareWork/(int64(m)*int64(m)))}
	}
	stats, err := cardflip.Simulate(r.Context(), st, m, trials, uint64(seed), cardflip.Options{Rules: rules, Workers: 1})
	if err != nil {
		return nil, err
	}
	return cardflip.NewSimulateReport(st, m, rules, uint64(seed), stats), nil
}

package cardflip

import (
	"context"
	"slices"
)

// RecordStep is one turn of a recorded game (Step as data): the visible
// row before and after (0 for a face-down card), the position looked at,
// the number seen there, and where the card went, face up or not.
type RecordStep struct {
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

// PlayRecord is one seeded game with its turns: what
// `grundy cardflip play --json` prints and /api/cardflip/play answers.
type PlayRecord struct {
	Strategy string `json:"strategy"`
	M        int    `json:"m"`
	// Rules is Rules.String: "table-only, n = ∞", "table+turn, n = 3, rearrange", …
	Rules string       `json:"rules"`
	Seed  uint64       `json:"seed"`
	Deal  []int        `json:"deal"`
	X     int          `json:"x"`
	Steps []RecordStep `json:"steps"`
	// Truncated says Steps holds only the first maxSteps of the X turns.
	Truncated bool `json:"truncated,omitempty"`
}

// Record plays game 0 of the seed (the deal Deal(…, seed, 0) gives) with
// the strategy under the rules and records its turns, the first maxSteps
// of them when maxSteps > 0 (X is the whole game's either way). The game
// stops with ctx's error when ctx ends. A move against the rules is an
// *ActionError.
func Record(ctx context.Context, s Strategy, m int, r Rules, seed uint64, maxSteps int) (*PlayRecord, error) {
	if err := Compatible(s, r); err != nil {
		return nil, err
	}
	g, err := NewGame(m, r)
	if err != nil {
		return nil, err
	}
	deal := make([]int, m)
	rng := Deal(deal, seed, 0)
	rec := &PlayRecord{Strategy: s.Info().Name, M: m, Rules: r.String(), Seed: seed, Deal: slices.Clone(deal), Steps: []RecordStep{}}
	g.Context = ctx
	g.Trace = func(t Step) {
		if maxSteps > 0 && len(rec.Steps) == maxSteps {
			rec.Truncated = true
			return
		}
		rec.Steps = append(rec.Steps, RecordStep{Turn: t.Turn, Player: t.Player, Before: t.Before, Look: t.Look, Value: t.Value,
			Up: t.Move.Up, To: t.Move.To, Order: slices.Clone(t.Move.Order), After: t.After, End: t.End})
	}
	if rec.X, err = g.Play(s, deal, rng); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return rec, nil
}

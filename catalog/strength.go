package catalog

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
)

// Strength is how well the computer plays: what Reply answers with. The
// CLI's `play --strength` and the web's /api/reply?strength= take its
// words. A learner facing the perfect player loses every position that is
// lost; a random or mixed opponent makes mistakes to punish.
type Strength int8

const (
	// Perfect plays the perfect player's move (Game.Reply): a winning move
	// whenever there is one, by the remoteness rule where it applies.
	Perfect Strength = iota
	// Random plays a legal move chosen uniformly at random.
	Random
	// Mixed plays the perfect move or a random one, with even odds, each
	// turn afresh.
	Mixed
)

// strengthWords are the names of the strengths, in order.
var strengthWords = []string{"perfect", "random", "mixed"}

func (s Strength) String() string {
	if int(s) >= 0 && int(s) < len(strengthWords) {
		return strengthWords[s]
	}
	return fmt.Sprintf("Strength(%d)", int(s))
}

// ParseStrength reads perfect, random or mixed ("" is perfect).
func ParseStrength(s string) (Strength, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "perfect":
		return Perfect, nil
	case "random":
		return Random, nil
	case "mixed":
		return Mixed, nil
	}
	return Perfect, fmt.Errorf("strength must be perfect, random or mixed, not %q", s)
}

// reply is Reply at the strength of opts: the perfect move, or a legal
// move drawn uniformly from Game.Moves (bounded by the budget like any
// list of moves) with opts.Rand, or the global source when it is nil.
func reply(ctx context.Context, g Game, position string, opts Options) (Move, bool, error) {
	perfect := true
	switch opts.Strength {
	case Random:
		perfect = false
	case Mixed:
		perfect = intN(opts.Rand, 2) == 0
	}
	if perfect {
		return g.Reply(ctx, position, opts)
	}
	moves, err := g.Moves(ctx, position, opts)
	if err != nil || len(moves) == 0 {
		return Move{}, false, err
	}
	return moves[intN(opts.Rand, len(moves))], true, nil
}

func intN(r *rand.Rand, n int) int {
	if r == nil {
		return rand.IntN(n)
	}
	return r.IntN(n)
}

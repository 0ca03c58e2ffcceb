package catalog

import (
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
	// Perfect plays the perfect player's move: a winning move
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

func intN(r *rand.Rand, n int) int {
	if r == nil {
		return rand.IntN(n)
	}
	return r.IntN(n)
}

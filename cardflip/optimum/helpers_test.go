package optimum

import (
	"context"
	"math/big"
	"testing"

	"github.com/grundy/grundy/cardflip"
)

// exact is E[X] of s over all m! deals under the rules r, played by the
// engine (cardflip.Exact): the check of every strategy the search finds.
func exact(t *testing.T, s cardflip.Strategy, m int, r cardflip.Rules) *big.Rat {
	t.Helper()
	res, err := cardflip.Exact(context.Background(), s, m, cardflip.Options{Rules: r})
	if err != nil {
		t.Fatalf("%s m=%d: %v", s.Info().Name, m, err)
	}
	return res.Expectation
}

// skipSequentialUnderRace skips a long single-goroutine test under
// go test -race -short: the plain run checks it.
func skipSequentialUnderRace(t *testing.T) {
	t.Helper()
	if raceDetector && testing.Short() {
		t.Skip("one goroutine, long: checked by the plain run, not under -race -short")
	}
}

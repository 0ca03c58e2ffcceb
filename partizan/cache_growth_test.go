package partizan_test

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/hackenbush"
)

// A store with few games compared in many pairs: the canonical form of a
// Hackenbush stalk of 60 edges, "elr" repeated (green, blue, red), makes
// about 500 games but compares their followers pairwise, recursively, and
// a comparison cache kept at a few slots a game lost those results and
// recomputed them: 17 s at 2 slots a game, against 0.07 s once the
// caches also grow when they are overwritten more than they hold. Counted
// in the Calc's units of work, not in time, so the bound holds on any
// machine (the values of stalks are checked against the oracle elsewhere).
func TestCachesGrowUnderEviction(t *testing.T) {
	c := partizan.NewStore(partizan.Config{}).Calc(context.Background(), impartial.Budget{})
	p, err := hackenbush.Parse(strings.Repeat("elr", 20))
	if err != nil {
		t.Fatal(err)
	}
	g, err := partizan.Solve[hackenbush.Position, string](c, hackenbush.Game{}, p)
	if err != nil {
		t.Fatal(err)
	}
	const bound = 5_000_000
	if w := c.Work(); w > bound {
		t.Errorf("the stalk took %d units of work, want at most %d (the caches thrash)", w, bound)
	}
	t.Logf("%d units of work, %d games, birthday %d", c.Work(), c.Store().Len(), g.Birthday())
}

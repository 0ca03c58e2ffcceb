package games

import (
	"context"
	"testing"

	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/grid"
	"github.com/grundy/grundy/partizan/rulesettest"
)

// What the faces add to a ruleset's solve: the same position through
// Analyze (value, both sides' options valued, thermograph, text) and
// through the bare partizan.Solve, each on a fresh store.
func BenchmarkFaces(b *testing.B) {
	for _, pos := range []string{"2x8", "4x5"} {
		b.Run("solve/domineering-"+pos, func(b *testing.B) {
			stop := rulesettest.CPU(b)
			defer stop()
			g, _ := grid.Domineering{}.ParsePosition(pos)
			for i := 0; i < b.N; i++ {
				c := partizan.NewStore(partizan.Config{}).Calc(context.Background(), settings().Budget)
				if _, err := partizan.Solve[grid.Grid, grid.Grid](c, grid.Domineering{}, g); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("analyze/domineering-"+pos, func(b *testing.B) {
			stop := rulesettest.CPU(b)
			defer stop()
			for i := 0; i < b.N; i++ {
				if _, err := Analyze(context.Background(), "domineering", pos, Settings{All: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

package catalog_test

import (
	"strings"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/impartial"
)

// BenchmarkMixedSum: solving a sum of different games against solving its
// components one by one, each with its winning moves (the cost of the sum is
// its overhead over its parts: parsing the expression, asking each component
// for its value, then for its moves to the value the sum needs), on the
// issue's example and on a sum of huge components that closed forms answer.
func BenchmarkMixedSum(b *testing.B) {
	opts := catalog.Options{Budget: impartial.DefaultBudget}
	for _, c := range []struct{ name, sum string }{
		{"issue", "kayles 7 + nim 3 4 + coins:mock-turtles HHT + wythoff 3 5"},
		{"huge", "subtract:1,3,4 100000000000 + coins:mock-turtles 17 99999999 + nim 5"},
	} {
		g := mustParse(b, "sum")
		b.Run(c.name+"/sum", func(b *testing.B) {
			for b.Loop() {
				if _, err := g.Solve(ctx, c.sum, opts); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.name+"/components", func(b *testing.B) {
			type comp struct {
				g   *catalog.Game
				pos string
			}
			var comps []comp
			for _, part := range strings.Split(c.sum, " + ") {
				spec, pos, _ := strings.Cut(part, " ")
				comps = append(comps, comp{mustParse(b, spec), pos})
			}
			for b.Loop() {
				for _, p := range comps {
					if _, err := p.g.Solve(ctx, p.pos, opts); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

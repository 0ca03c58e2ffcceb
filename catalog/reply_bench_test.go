package catalog_test

import (
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
)

// BenchmarkReply measures the perfect player's reply: small engine
// positions (ranked by remoteness), a position too large to explore (the
// closed form after a failed exploration), and Starlark games, acyclic and
// loopy, single and summed.
func BenchmarkReply(b *testing.B) {
	for _, c := range []struct{ name, spec, pos string }{
		{"nim/3-4-5", "nim", "3 4 5"},
		{"nim/10-20-30", "nim", "10 20 30"},
		{"nim/60000", "nim", "60000"},
		{"subtract-1,3,4/1e6", "subtract:1,3,4", "1000000"},
		{"nim.star/500", example("nim.star"), "500"},
		{"subtract.star/40-41", example("subtract.star"), "40 41"},
		{"loopy.star/40-41", example("loopy.star"), "40 41"},
	} {
		g, err := families.Parse(c.spec)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, _, err := g.Reply(ctx, c.pos, catalog.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

package catalog_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/grundy/grundy/catalog"
)

// Random draws each legal move of Nim 3 4 5 (12 of them) about equally
// often; Mixed plays the one winning move half the time plus its share of
// the random half (1/2 + 1/24); Perfect is the game's Reply. Counts are
// checked within 5 standard deviations of the binomial.
func TestReplyStrength(t *testing.T) {
	g := mustParse(t, "nim")
	moves, err := g.Moves(ctx, "3 4 5", catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	perfect, _, err := g.Reply(ctx, "3 4 5", catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if m, _, _ := g.Reply(ctx, "3 4 5", catalog.Options{}); m != perfect {
		t.Errorf("default strength played %v, the perfect player %v", m, perfect)
	}
	const draws = 6000
	within := func(what string, got int, p float64) {
		t.Helper()
		mean := draws * p
		if sd := math.Sqrt(draws * p * (1 - p)); math.Abs(float64(got)-mean) > 5*sd {
			t.Errorf("%s: %d of %d draws, expected %.0f ± %.0f", what, got, draws, mean, 5*sd)
		}
	}
	for _, st := range []catalog.Strength{catalog.Random, catalog.Mixed} {
		opts := catalog.Options{Strength: st, Rand: rand.New(rand.NewPCG(1, 2))}
		count := map[catalog.Move]int{}
		for range draws {
			m, ok, err := g.Reply(ctx, "3 4 5", opts)
			if err != nil || !ok {
				t.Fatalf("%v: %v %v", st, ok, err)
			}
			count[m]++
		}
		legal := 0
		for _, m := range moves {
			legal += count[m]
		}
		if legal != draws {
			t.Errorf("%v: %d of %d moves were not legal moves", st, draws-legal, draws)
		}
		for _, m := range moves {
			p := 1.0 / float64(len(moves))
			if st == catalog.Mixed {
				p /= 2
				if m == perfect {
					p += 0.5
				}
			}
			within(st.String()+" "+m.To, count[m], p)
		}
	}
	// The same seed plays the same moves.
	a := catalog.Options{Strength: catalog.Random, Rand: rand.New(rand.NewPCG(7, 7))}
	b := catalog.Options{Strength: catalog.Random, Rand: rand.New(rand.NewPCG(7, 7))}
	for range 20 {
		x, _, _ := g.Reply(ctx, "3 4 5", a)
		y, _, _ := g.Reply(ctx, "3 4 5", b)
		if x != y {
			t.Fatalf("seeded draws differ: %v, %v", x, y)
		}
	}
	// No legal move: no reply at any strength.
	for _, st := range []catalog.Strength{catalog.Perfect, catalog.Random, catalog.Mixed} {
		if _, ok, err := g.Reply(ctx, "0 0", catalog.Options{Strength: st}); ok || err != nil {
			t.Errorf("%v from 0 0: ok = %v, err = %v", st, ok, err)
		}
	}
}

func TestParseStrength(t *testing.T) {
	for in, want := range map[string]catalog.Strength{"": catalog.Perfect, "perfect": catalog.Perfect, "Random": catalog.Random, " mixed ": catalog.Mixed} {
		if got, err := catalog.ParseStrength(in); err != nil || got != want {
			t.Errorf("ParseStrength(%q) = %v, %v", in, got, err)
		}
	}
	if _, err := catalog.ParseStrength("strong"); err == nil || err.Error() != `strength must be perfect, random or mixed, not "strong"` {
		t.Errorf("ParseStrength(strong): %v", err)
	}
}

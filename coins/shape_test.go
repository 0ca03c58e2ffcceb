package coins

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy/impartial"
)

// TestEveryRuleTested: every rule of the registry is one of theoremGames,
// so that the brute-force tests (the coin-turning theorem, the moves, the
// winning moves, misère play) and the shape contract below cover it: a rule
// registered without its definition in legalSet fails here.
func TestEveryRuleTested(t *testing.T) {
	tested := map[string]bool{}
	for _, spec := range theoremGames {
		name, _, _ := strings.Cut(spec, ":")
		tested[name] = true
	}
	for _, r := range rules {
		if !tested[r.name] {
			t.Errorf("rule %q is registered but not in theoremGames (coins/theorem_test.go): add it there, with its definition in legalSet", r.name)
		}
		if len(r.syntaxes()) == 0 {
			t.Errorf("rule %q has no constructor", r.name)
		}
	}
}

// TestShapeContract checks, for every game of theoremGames, each method of
// its shape against the plain definitions: turnCount against the moves
// eachTurn yields, describe against the Game, and every shortcut the shape
// has — closedValue and closedValues against the values from the rule
// alone, inverseClosed against closedValue, runXor against the XOR of the
// run's values, fastValues against plainValues. (The constructed winning
// moves, turnsTo, are checked against brute force by
// TestMovesAndWinningMovesVsBruteForce.)
func TestShapeContract(t *testing.T) {
	ctx := context.Background()
	const n = 40
	for _, spec := range theoremGames {
		g := mustRule(t, spec)
		s := g.shape
		if a := s.describe(); a.start != g.Start || a.spec == "" || a.name == "" || a.rule == "" {
			t.Errorf("%s: describe() = %+v, Game.Start %d", spec, a, g.Start)
		}
		to := g.Start + n - 1
		if g.turnCount(to) > 1e5 {
			to = g.Start + 24
		}
		plain, err := g.PlainValues(ctx, to, impartial.Budget{})
		if err != nil {
			t.Fatal(err)
		}
		gOf := func(x int) Nimber { return plain[x-g.Start] }
		for x := g.Start; x < g.Start+14; x++ {
			count := 0
			s.eachTurn(x, func(turn) bool { count++; return true })
			if float64(count) != g.turnCount(x) {
				t.Errorf("%s: turnCount(%d) = %v, eachTurn yields %d", spec, x, g.turnCount(x), count)
			}
		}
		// Closed forms: the single value and the batch agree with the
		// rule's values, at every offset of the batch.
		if _, ok := s.closedValue(g.Start); ok {
			for x := g.Start; x <= to; x++ {
				if v, ok := s.closedValue(x); !ok || v != gOf(x) {
					t.Fatalf("%s: closedValue(%d) = %d, %v; from the rule %d", spec, x, v, ok, gOf(x))
				}
			}
			for from := g.Start; from <= to; from += 7 {
				dst := make([]Nimber, to-from+1)
				if !s.closedValues(from, dst) || !slices.Equal(dst, plain[from-g.Start:]) {
					t.Fatalf("%s: closedValues(%d) = %v, from the rule %v", spec, from, dst, plain[from-g.Start:])
				}
			}
			// Far out, where no table reaches: the two forms agree.
			far := 1<<40 + 3
			dst := make([]Nimber, 9)
			s.closedValues(far, dst)
			for i, v := range dst {
				if w, _ := s.closedValue(far + i); w != v {
					t.Fatalf("%s: closedValue(%d) = %d, closedValues gives %d", spec, far+i, w, v)
				}
			}
		} else if s.closedValues(g.Start, make([]Nimber, 3)) {
			t.Errorf("%s: closedValues has a closed form, closedValue has none", spec)
		}
		if _, known, _ := s.inverseClosed(0); known {
			for x := g.Start; x <= to; x++ {
				if y, known, ok := s.inverseClosed(gOf(x)); !known || !ok || y != x {
					t.Fatalf("%s: inverseClosed(g(%d) = %d) = %d, %v, %v", spec, x, gOf(x), y, known, ok)
				}
			}
		}
		if _, ok := s.runXor(g.Start, g.Start); ok {
			for lo := g.Start; lo <= to; lo++ {
				var want Nimber
				for hi := lo - 1; hi <= to; hi++ {
					if hi >= lo {
						want ^= gOf(hi)
					}
					if got, ok := s.runXor(lo, hi); !ok || got != want {
						t.Fatalf("%s: runXor(%d, %d) = %d, %v; the run's values XOR to %d", spec, lo, hi, got, ok, want)
					}
				}
			}
		}
		if vals, ok, err := s.fastValues(ctx, to, impartial.Budget{}); ok && (err != nil || !slices.Equal(vals, plain)) {
			t.Errorf("%s: fastValues = %v, %v; plainValues %v", spec, vals, err, plain)
		}
	}
}

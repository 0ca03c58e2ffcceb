package rulesettest

import (
	"testing"
)

// Mover is what the oracle asks of a ruleset: the options of a position
// for one side (left true for Left, false for Right).
type Mover[P any] interface {
	Moves(p P, left bool, yield func(P) bool)
}

// Value returns the canonical form of p from the ruleset's moves alone, by
// plain recursion over the game tree: no components, no keys, no memo.
func Value[P any](r Mover[P], p P) *Game {
	g := &Game{}
	r.Moves(p, true, func(q P) bool {
		g.L = append(g.L, Value(r, q))
		return true
	})
	r.Moves(p, false, func(q P) bool {
		g.R = append(g.R, Value(r, q))
		return true
	})
	return Canonical(g)
}

// Ruleset is a ruleset with everything the conformance check looks at.
type Ruleset[P any] interface {
	Mover[P]
	// Components yields the independent components of p; their sum is p.
	Components(p P, yield func(P) bool)
	// Key returns a transposition key of an atomic position: positions
	// with the same key have the same value when they report the same
	// negated, and opposite values otherwise.
	Key(p P) (key string, negated bool)
	// String writes p in the ruleset's position syntax.
	String(p P) string
	// Parse reads what String writes.
	Parse(s string) (P, error)
}

// Check tests r on every position in ps against the oracle:
//   - String and Parse round trip;
//   - the components' plain values sum to the position's plain value, and
//     each component is atomic (its components are itself);
//   - the positions that share a key have the same value (or opposite
//     values, as negated says), for the components of every position.
//
// It returns the plain value of each position, for further checks.
func Check[P any](t testing.TB, r Ruleset[P], ps []P) []*Game {
	t.Helper()
	type keyed struct {
		value *Game
		pos   string
	}
	byKey := map[string]keyed{}
	var out []*Game
	for _, p := range ps {
		s := r.String(p)
		q, err := r.Parse(s)
		if err != nil {
			t.Fatalf("Parse(String(p)) = Parse(%q): %v", s, err)
		}
		if s2 := r.String(q); s2 != s {
			t.Fatalf("Parse(%q) writes as %q", s, s2)
		}
		v := Value(r, p)
		out = append(out, v)
		sum := Zero
		r.Components(p, func(c P) bool {
			cv := Value(r, c)
			sum = Sum(sum, cv)
			n := 0
			r.Components(c, func(d P) bool {
				n++
				if r.String(d) != r.String(c) {
					t.Errorf("%s: component %s splits into %s", s, r.String(c), r.String(d))
				}
				return true
			})
			if n > 1 {
				t.Errorf("%s: component %s is not atomic", s, r.String(c))
			}
			k, neg := r.Key(c)
			if neg {
				cv = Neg(cv)
			}
			if prev, ok := byKey[k]; ok {
				if !Identical(prev.value, cv) {
					t.Errorf("key %q: %s (negated %v) has value %s, but %s has %s", k, r.String(c), neg, Value(r, c), prev.pos, prev.value)
				}
			} else {
				byKey[k] = keyed{cv, r.String(c)}
			}
			return true
		})
		if !Identical(sum, v) {
			t.Errorf("%s = %s, but its components sum to %s", s, v, sum)
		}
	}
	return out
}

package rulesettest

import (
	"context"
	"slices"
	"testing"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/partizan"
)

// Mover is what the plain oracle asks of a ruleset: its options.
type Mover[P any] interface {
	Options(p P, s partizan.Side, yield func(P) bool) error
}

// Value returns the canonical form of p from the ruleset's options alone,
// by plain recursion over the game tree: no components, no keys, no memo,
// no closed forms. It panics if the ruleset returns an error.
func Value[P any](r Mover[P], p P) *Game {
	g := &Game{}
	for _, s := range [2]partizan.Side{partizan.Left, partizan.Right} {
		var opts []P
		if err := r.Options(p, s, func(q P) bool {
			opts = append(opts, q)
			return true
		}); err != nil {
			panic(err)
		}
		for _, q := range opts {
			v := Value(r, q)
			if s == partizan.Left {
				g.L = append(g.L, v)
			} else {
				g.R = append(g.R, v)
			}
		}
	}
	return Canonical(g)
}

// Ruleset is a ruleset with its position syntax, as the conformance check
// needs it. Split (partizan.Splitter) and ConjugateKey (a key under the
// symmetries that swap the players, which negate the value) are optional.
type Ruleset[P any, K comparable] interface {
	partizan.Ruleset[P, K]
	// FormatPosition writes p in the ruleset's position syntax.
	FormatPosition(p P) string
	// ParsePosition reads what FormatPosition writes.
	ParsePosition(s string) (P, error)
}

// Check tests r on every position in ps against the plain oracle:
//   - FormatPosition and ParsePosition round trip;
//   - when r splits, the parts' plain values sum to the position's, and
//     each part is atomic (it splits into nothing but itself);
//   - the atomic positions seen (the parts, and the positions that do not
//     split) that share a Key have the same value; those that share a
//     ConjugateKey have the same value when they report the same negated,
//     and opposite values otherwise;
//   - when r keys components (partizan.ComponentKeyer), AppendKeys gives
//     the keys of Split's parts (or of the position itself), as the Solver
//     would look them up: ConjugateKey's when r has it, Key's otherwise;
//   - when r is a partizan.SplitKeyer, SplitConjugateKey agrees with
//     Split and ConjugateKey;
//   - partizan's Solver (with r's Split, Key and closed forms) gives the
//     plain value, read back through the oracle's own notation reader.
//
// It returns the plain value of each position, for further checks.
func Check[P any, K comparable](t testing.TB, r Ruleset[P, K], ps []P) []*Game {
	t.Helper()
	type seen struct {
		value *Game
		pos   string
	}
	byKey := map[K]seen{}
	byConj := map[K]seen{}
	conj, _ := r.(partizan.Conjugator[P, K])
	split, _ := r.(partizan.Splitter[P])
	keyer, _ := r.(partizan.ComponentKeyer[P, K])
	// partKey is the key the Solver looks a component up by
	partKey := func(q P) partizan.PartKey[K] {
		if conj != nil {
			k, neg := conj.ConjugateKey(q)
			return partizan.PartKey[K]{Key: k, Negated: neg}
		}
		return partizan.PartKey[K]{Key: r.Key(q)}
	}
	c := partizan.NewStore(partizan.Config{}).Calc(context.Background(), impartial.Budget{})
	sv := partizan.NewSolver(c, partizan.Ruleset[P, K](r))
	atomic := func(q P, v *Game) {
		s := r.FormatPosition(q)
		k := r.Key(q)
		if prev, ok := byKey[k]; ok && !Identical(prev.value, v) {
			t.Errorf("key %v: %s = %s, but %s = %s", k, s, v, prev.pos, prev.value)
		} else if !ok {
			byKey[k] = seen{v, s}
		}
		if conj == nil {
			return
		}
		ck, neg := conj.ConjugateKey(q)
		w := v
		if neg {
			w = Neg(v)
		}
		if prev, ok := byConj[ck]; ok && !Identical(prev.value, w) {
			t.Errorf("conjugate key %v: %s = %s (negated %v), but %s = %s", ck, s, v, neg, prev.pos, prev.value)
		} else if !ok {
			byConj[ck] = seen{w, s}
		}
	}
	var out []*Game
	for _, p := range ps {
		s := r.FormatPosition(p)
		q, err := r.ParsePosition(s)
		if err != nil {
			t.Fatalf("ParsePosition(FormatPosition(p)) = ParsePosition(%q): %v", s, err)
		}
		if s2 := r.FormatPosition(q); s2 != s {
			t.Fatalf("ParsePosition(%q) writes as %q", s, s2)
		}
		v := Value(r, p)
		out = append(out, v)
		var parts []P
		if split != nil {
			parts = split.Split(p)
		}
		if len(parts) <= 1 {
			atomic(p, v)
		}
		if keyer != nil && split != nil {
			want := []partizan.PartKey[K]{partKey(p)}
			if len(parts) > 1 {
				want = want[:0]
				for _, c := range parts {
					want = append(want, partKey(c))
				}
			}
			if got := keyer.AppendKeys(nil, p); !slices.Equal(got, want) {
				t.Errorf("%s: AppendKeys %v, the keys of its parts %v", s, got, want)
			}
		}
		if sk, ok := r.(partizan.SplitKeyer[P, K]); ok && split != nil && conj != nil {
			checkSplitKey(t, r, sk, conj, p, parts)
		}
		if len(parts) > 1 {
			sum := Zero
			for _, c := range parts {
				cv := Value(r, c)
				sum = Sum(sum, cv)
				if sub := split.Split(c); len(sub) > 1 || len(sub) == 1 && r.FormatPosition(sub[0]) != r.FormatPosition(c) {
					t.Errorf("%s: part %s is not atomic", s, r.FormatPosition(c))
				}
				atomic(c, cv)
			}
			if !Identical(sum, v) {
				t.Errorf("%s = %s, but its parts sum to %s", s, v, sum)
			}
		}
		g, err := sv.Value(p)
		if err != nil {
			t.Fatalf("%s: solver: %v", s, err)
		}
		back, err := Parse(partizan.Format(g))
		if err != nil {
			t.Fatalf("%s: the solver's value %s does not read back: %v", s, g, err)
		}
		if !Identical(back, v) {
			t.Errorf("%s: solver %s, oracle %s", s, g, v)
		}
	}
	return out
}

// checkSplitKey holds SplitConjugateKey(p) to Split(p) (parts) and
// ConjugateKey(p).
func checkSplitKey[P any, K comparable](t testing.TB, r Ruleset[P, K], sk partizan.SplitKeyer[P, K], conj partizan.Conjugator[P, K], p P, parts []P) {
	t.Helper()
	s := r.FormatPosition(p)
	got, key, neg := sk.SplitConjugateKey(p)
	if len(parts) > 1 {
		if len(got) != len(parts) {
			t.Errorf("%s: SplitConjugateKey gives %d parts, Split %d", s, len(got), len(parts))
			return
		}
		for i := range parts {
			if a, b := r.FormatPosition(got[i]), r.FormatPosition(parts[i]); a != b {
				t.Errorf("%s: SplitConjugateKey's part %d is %s, Split's %s", s, i, a, b)
			}
		}
		return
	}
	if len(got) > 1 {
		t.Errorf("%s: SplitConjugateKey gives %d parts, Split %d", s, len(got), len(parts))
	}
	if k, n := conj.ConjugateKey(p); k != key || n != neg {
		t.Errorf("%s: SplitConjugateKey's key %v (negated %v), ConjugateKey's %v (negated %v)", s, key, neg, k, n)
	}
}

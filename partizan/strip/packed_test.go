package strip

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/rulesettest"
)

// stripRules is what the packed and the general forms both answer.
type stripRules interface {
	rulesettest.Ruleset[Strip, Strip]
	Split(p Strip) []Strip
	ConjugateKey(p Strip) (Strip, bool)
	SplitConjugateKey(p Strip) ([]Strip, Strip, bool)
}

// general returns p in the form of a long strip (its cells as a string),
// which the rulesets play cell by cell (general.go). Only tests make it
// for a short strip; what the rulesets return from it is packed again.
func general(p Strip) Strip { return Strip{n: p.n, k: p.k, big: p.String()} }

func optionList(r stripRules, p Strip, s partizan.Side) []Strip {
	var out []Strip
	if err := r.Options(p, s, func(q Strip) bool { out = append(out, q); return true }); err != nil {
		panic(err)
	}
	return out
}

// checkForms holds the packed strip p to the general form of the same
// cells: the same options in the same order, the same parts, the same
// keys.
func checkForms(t *testing.T, r stripRules, p Strip) {
	t.Helper()
	g := general(p)
	s := p.String()
	if q := mk(p.k, s); q != p {
		t.Fatalf("%s: packs as %#v, not %#v", s, q, p)
	}
	for _, side := range [2]partizan.Side{partizan.Left, partizan.Right} {
		if a, b := optionList(r, p, side), optionList(r, g, side); !slices.Equal(a, b) {
			t.Fatalf("%s: options of side %v: packed %v, general %v", s, side, a, b)
		}
	}
	a, b := r.Split(p), r.Split(g)
	if !slices.Equal(a, b) || (a == nil) != (b == nil) {
		t.Fatalf("%s: Split: packed %v, general %v", s, a, b)
	}
	if a, b := r.Key(p), r.Key(g); a != b {
		t.Fatalf("%s: Key: packed %v, general %v", s, a, b)
	}
	ka, na := r.ConjugateKey(p)
	kb, nb := r.ConjugateKey(g)
	if ka != kb || na != nb {
		t.Fatalf("%s: ConjugateKey: packed %v %v, general %v %v", s, ka, na, kb, nb)
	}
	// the one pass: Split's parts, or none and ConjugateKey
	pa, ka, na := r.SplitConjugateKey(p)
	pb, kb, nb := r.SplitConjugateKey(g)
	if !slices.Equal(pa, pb) || ka != kb || na != nb {
		t.Fatalf("%s: SplitConjugateKey: packed %v %v %v, general %v %v %v", s, pa, ka, na, pb, kb, nb)
	}
	if len(a) > 1 {
		if !slices.Equal(pa, a) {
			t.Fatalf("%s: SplitConjugateKey's parts %v, Split's %v", s, pa, a)
		}
	} else if k, n := r.ConjugateKey(p); pa != nil || ka != k || na != n {
		t.Fatalf("%s: SplitConjugateKey %v %v %v, ConjugateKey %v %v", s, pa, ka, na, k, n)
	}
}

// Every strip of up to 8 (Toads and Frogs) or 7 cells (Toppling
// Dominoes), and random ones up to 64, packed against the general form;
// the general form's keys are also its cells as the string rules give
// them.
func TestPackedAgainstGeneral(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	for _, c := range []struct {
		r stripRules
		k kind
		n int
	}{{ToadsAndFrogs{}, toads, 8}, {TopplingDominoes{}, dominoes, 7}} {
		ps := strips(c.k, c.n)
		chars := alphabets[c.k].chars
		for range 3000 {
			b := make([]byte, c.n+1+rnd.IntN(64-c.n))
			for i := range b {
				b[i] = chars[rnd.IntN(len(chars))]
			}
			ps = append(ps, mk(c.k, string(b)))
		}
		for _, p := range ps {
			checkForms(t, c.r, p)
			s := p.String()
			k := c.r.Key(p).String()
			var parts []string
			switch c.k {
			case toads:
				if want := toadKeyStr(s); k != want {
					t.Fatalf("%s: Key %s, want %s", s, k, want)
				}
				parts = toadPartsStr(s)
			case dominoes:
				if want := strings.Trim(s, "."); k != want && k != reverse(want, "") {
					t.Fatalf("%s: Key %s, want %s or its reverse", s, k, want)
				}
				parts = dominoRowsStr(s)
			}
			// Split: the parts, or nil for one part or none
			var got []string
			for _, q := range c.r.Split(p) {
				got = append(got, q.String())
			}
			if len(parts) <= 1 {
				parts = nil
			}
			if !slices.Equal(got, parts) {
				t.Fatalf("%s: Split %q, want %q", s, got, parts)
			}
		}
	}
}

// Strips of more than 64 cells, played in the general form all the way
// down: frozen or empty padding around short strips leaves their values
// alone, so the plain oracle's value of the long strip (every option long
// too) and the Solver's must be the short strip's.
func TestLongStrips(t *testing.T) {
	c := partizan.NewStore(partizan.Config{}).Calc(context.Background(), impartial.Budget{})
	check := func(r stripRules, long string, short []Strip) {
		t.Helper()
		p, err := r.ParsePosition(long)
		if err != nil {
			t.Fatal(err)
		}
		if p.big == "" {
			t.Fatalf("%d cells packed", len(long))
		}
		want := rulesettest.Zero
		for _, q := range short {
			want = rulesettest.Sum(want, rulesettest.Value[Strip](r, q))
		}
		if got := rulesettest.Value[Strip](r, p); !rulesettest.Identical(got, want) {
			t.Fatalf("%s: oracle %s, want %s", long, got, want)
		}
		g, err := partizan.Solve[Strip, Strip](c, r, p)
		if err != nil {
			t.Fatal(err)
		}
		back, err := rulesettest.Parse(partizan.Format(g))
		if err != nil || !rulesettest.Identical(back, want) {
			t.Fatalf("%s: solver %s, want %s (%v)", long, g, want, err)
		}
	}
	for _, q := range strips(toads, 4) {
		// frogs at the left end and toads at the right end never move
		check(ToadsAndFrogs{}, strings.Repeat("f", 32)+q.String()+strings.Repeat("t", 32), []Strip{q})
	}
	for _, q := range strips(dominoes, 4) {
		check(TopplingDominoes{}, q.String()+strings.Repeat(".", 64), []Strip{q})
	}
	rnd := rand.New(rand.NewPCG(5, 6))
	pick := func(ps []Strip) Strip { return ps[rnd.IntN(len(ps))] }
	tf, td := strips(toads, 4), strips(dominoes, 3)
	for range 40 {
		// ttff stands frozen between two parts
		a, b := pick(tf), pick(tf)
		check(ToadsAndFrogs{}, strings.Repeat("f", 31)+a.String()+"ttff"+b.String()+strings.Repeat("t", 31), []Strip{a, b})
		a, b = pick(td), pick(td)
		check(TopplingDominoes{}, strings.Repeat(".", 30)+a.String()+strings.Repeat(".", 40)+b.String(), []Strip{a, b})
	}
}

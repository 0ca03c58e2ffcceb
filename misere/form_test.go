package misere

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/impartial/impartialtest"
)

// world is a random acyclic game on nodes 0..n−1 whose first nodes are the
// nim heaps *0, *1, *2, *3 (node k = *k), so that sums with *2 can be
// formed for the genus.
func world(r *rand.Rand, n, maxDeg int) impartialtest.Graph {
	g := impartialtest.RandomDAG(r, n, maxDeg)
	for k := 0; k < 4; k++ {
		g.Adj[k] = nil
		for j := 0; j < k; j++ {
			g.Adj[k] = append(g.Adj[k], int32(j))
		}
	}
	return g
}

// misereValue is G⁻ of a sum of nodes by plain recursion on the sum's
// game graph: the mex of the options' values, 1 when there is no move.
type misereValues struct {
	g    impartialtest.Graph
	memo map[string]impartial.Nimber
}

func (m *misereValues) value(ps []int32) impartial.Nimber {
	ps = slices.Clone(ps)
	slices.Sort(ps)
	key := string(rune(len(ps)))
	for _, p := range ps {
		key += string(rune(p + 1))
	}
	if v, ok := m.memo[key]; ok {
		return v
	}
	var vs []impartial.Nimber
	for i, p := range ps {
		for _, q := range m.g.Adj[p] {
			next := slices.Clone(ps)
			next[i] = q
			vs = append(vs, m.value(next))
		}
	}
	v := impartial.Nimber(1)
	if len(vs) > 0 {
		v = impartial.Mex(vs)
	}
	m.memo[key] = v
	return v
}

// TestFormsAgainstOracle checks canonical forms against exhaustive search
// of the real game graphs: a form's outcome is the position's misère
// outcome; positions with the same form have the same outcome with every
// partner tried; a sum's form is the sum of the forms. (The converse, that
// different forms are told apart by some partner, can need large partners:
// *(3,2) = *2+*2 and *3# agree with every partner born by day 4, and are
// told apart by one born on day 6. TestCountByBirthday checks it in
// aggregate.)
func TestFormsAgainstOracle(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= 4; seed++ {
		r := rand.New(rand.NewPCG(seed, 7))
		g := world(r, 26, 3)
		or := impartialtest.NewOracle[int32](g)
		c := NewCalculator[int32](g, impartial.Settings{})
		forms := make([]Form, len(g.Adj))
		for p := range g.Adj {
			f, err := c.Form(ctx, int32(p))
			if err != nil {
				t.Fatal(err)
			}
			forms[p] = f
			if got, want := f.Outcome(), or.Outcome(true, int32(p)); got != want {
				t.Errorf("seed %d: node %d = %v: outcome %v, oracle %v", seed, p, f, got, want)
			}
		}
		for k := 0; k < 4; k++ {
			if h, ok := forms[k].NimHeap(); !ok || h != k {
				t.Errorf("node %d (*%d) has form %v", k, k, forms[k])
			}
		}
		var partners [][]int32
		for x := range g.Adj {
			partners = append(partners, []int32{int32(x)})
			for y := 0; y <= x; y += 3 {
				partners = append(partners, []int32{int32(x), int32(y)})
			}
		}
		for a := range g.Adj {
			for b := 0; b < a; b++ {
				if !forms[a].Equal(forms[b]) {
					continue
				}
				for _, x := range partners {
					oa := or.Outcome(true, append([]int32{int32(a)}, x...)...)
					ob := or.Outcome(true, append([]int32{int32(b)}, x...)...)
					if oa != ob {
						t.Fatalf("seed %d: nodes %d and %d have the same form %v, but with partner %v their outcomes are %v and %v", seed, a, b, forms[a], x, oa, ob)
					}
				}
			}
		}
		for a := 0; a < len(g.Adj); a += 2 {
			for b := 1; b < len(g.Adj); b += 5 {
				sum, err := c.Form(ctx, int32(a), int32(b))
				if err != nil {
					t.Fatal(err)
				}
				add, err := c.Store().Add(forms[a], forms[b])
				if err != nil {
					t.Fatal(err)
				}
				if !sum.Equal(add) {
					t.Errorf("seed %d: form of %d+%d is %v, sum of forms %v", seed, a, b, sum, add)
				}
				if got, want := sum.Outcome(), or.Outcome(true, int32(a), int32(b)); got != want {
					t.Errorf("seed %d: %d+%d = %v: outcome %v, oracle %v", seed, a, b, sum, got, want)
				}
			}
		}
	}
}

// TestGenusAgainstSearch checks g_n = G⁻(G + n·*2) for n ≤ 5 by plain
// recursion on the sum's game graph, and g = G⁺(G).
func TestGenusAgainstSearch(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= 3; seed++ {
		r := rand.New(rand.NewPCG(seed, 11))
		g := world(r, 30, 3)
		mv := &misereValues{g: g, memo: map[string]impartial.Nimber{}}
		or := impartialtest.NewOracle[int32](g)
		c := NewCalculator[int32](g, impartial.Settings{})
		for p := range g.Adj {
			gen, err := c.Genus(ctx, int32(p))
			if err != nil {
				t.Fatal(err)
			}
			if gen.Normal != or.Value(int32(p)) {
				t.Errorf("seed %d node %d: genus %v, G+ = %d", seed, p, gen, or.Value(int32(p)))
			}
			sum := []int32{int32(p)}
			for n := 0; n <= 5; n++ {
				if got, want := gen.At(n), mv.value(sum); got != want {
					t.Errorf("seed %d node %d: genus %v gives g_%d = %d, search %d", seed, p, gen, n, got, want)
				}
				sum = append(sum, 2)
			}
		}
	}
}

// TestCountByBirthday counts the misère canonical forms born by day d: all
// sets of forms born by day d−1, simplified. Conway, ONAG pp. 139–140:
// "there was 1 game born by day 0, 2 by day 1, 3 by day 2, 5 by day 3, 22
// by day 4, and 4171780 by day 5" (Grundy and Smith's count). Too many
// forms or too few means a missed or a wrong simplification.
func TestCountByBirthday(t *testing.T) {
	s := NewStore(0)
	born := []int32{0}
	want := []int{1, 2, 3, 5, 22}
	for day := 1; day < len(want); day++ {
		seen := map[int32]bool{}
		for mask := 0; mask < 1<<len(born); mask++ {
			var ids []int32
			for i, id := range born {
				if mask>>i&1 != 0 {
					ids = append(ids, id)
				}
			}
			id, err := s.make(normalize(ids))
			if err != nil {
				t.Fatal(err)
			}
			seen[id] = true
		}
		born = born[:0]
		for id := range seen {
			born = append(born, id)
		}
		slices.Sort(born)
		if len(born) != want[day] {
			t.Fatalf("%d forms born by day %d, want %d", len(born), day, want[day])
		}
	}
	if testing.Short() {
		t.Skip("day 5: 4194304 sets to simplify")
	}
	// Day 5: a set of the 22 forms born by day 4 is a new form exactly when
	// it does not reduce (a reducing set equals one of its options'
	// options, born by day 3).
	irreducible := 0
	ids := make([]int32, 0, len(born))
	for mask := 0; mask < 1<<len(born); mask++ {
		ids = ids[:0]
		for i, id := range born {
			if mask>>i&1 != 0 {
				ids = append(ids, id)
			}
		}
		if _, ok, _ := s.reduce(ids); !ok {
			irreducible++
		}
	}
	if irreducible != 4171780 {
		t.Errorf("%d forms born by day 5, want 4171780", irreducible)
	}
}

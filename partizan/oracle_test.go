package partizan

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy/impartial"
)

// The plain oracle: games as trees, canonical forms from the definitions
// alone (Conway, ONAG ch. 10; Siegel II.2): G ≤ H unless some G^L ≥ H or
// some H^R ≤ G; dominated options removed, reversible options bypassed. No
// store, no number-up-star fast path, no number avoidance, no stops.

type tree struct {
	L, R []*tree
	key  string // of a canonical tree: its options' keys, sorted
}

type oracle struct {
	leqMemo map[[2]string]bool
	canon   map[string]*tree
}

func newOracle() *oracle {
	return &oracle{leqMemo: map[[2]string]bool{}, canon: map[string]*tree{}}
}

// rawKey names any tree by its shape (for memoizing the definitions).
func rawKey(t *tree) string {
	if t.key != "" {
		return t.key
	}
	var b strings.Builder
	b.WriteByte('{')
	for i, o := range t.L {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(rawKey(o))
	}
	b.WriteByte('|')
	for i, o := range t.R {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(rawKey(o))
	}
	b.WriteByte('}')
	return b.String()
}

func (o *oracle) leq(a, b *tree) bool {
	k := [2]string{rawKey(a), rawKey(b)}
	if v, ok := o.leqMemo[k]; ok {
		return v
	}
	v := true
	for _, al := range a.L {
		if o.leq(b, al) {
			v = false
			break
		}
	}
	if v {
		for _, br := range b.R {
			if o.leq(br, a) {
				v = false
				break
			}
		}
	}
	o.leqMemo[k] = v
	return v
}

func (o *oracle) eq(a, b *tree) bool { return o.leq(a, b) && o.leq(b, a) }

// canonical returns t's canonical form, by the definitions.
func (o *oracle) canonical(t *tree) *tree {
	rk := rawKey(t)
	if c, ok := o.canon[rk]; ok {
		return c
	}
	var L, R []*tree
	for _, x := range t.L {
		L = append(L, o.canonical(x))
	}
	for _, x := range t.R {
		R = append(R, o.canonical(x))
	}
	g := &tree{L: L, R: R}
	for changed := true; changed; {
		changed = false
		g.L, g.R = o.prune(g.L, true), o.prune(g.R, false)
		// bypass one reversible option at a time, then prune again
		for i, x := range g.L {
			for _, xr := range x.R {
				if o.leq(xr, g) {
					nl := slices.Delete(slices.Clone(g.L), i, i+1)
					g = &tree{L: append(nl, xr.L...), R: g.R}
					changed = true
					break
				}
			}
			if changed {
				break
			}
		}
		if changed {
			continue
		}
		for i, x := range g.R {
			for _, xl := range x.L {
				if o.leq(g, xl) {
					nr := slices.Delete(slices.Clone(g.R), i, i+1)
					g = &tree{L: g.L, R: append(nr, xl.R...)}
					changed = true
					break
				}
			}
			if changed {
				break
			}
		}
	}
	g.key = canonKey(g)
	o.canon[rk] = g
	return g
}

// prune removes repeated and dominated options (for Left, the ones ≤ another).
func (o *oracle) prune(opts []*tree, left bool) []*tree {
	var out []*tree
	for i, a := range opts {
		drop := false
		for j, b := range opts {
			if i == j {
				continue
			}
			var d bool
			if left {
				d = o.leq(a, b)
			} else {
				d = o.leq(b, a)
			}
			// of two equal options keep the first
			if d && (!o.eq(a, b) || j < i) {
				drop = true
				break
			}
		}
		if !drop {
			out = append(out, a)
		}
	}
	return out
}

func canonKey(t *tree) string {
	ls := make([]string, len(t.L))
	for i, x := range t.L {
		ls[i] = x.key
	}
	rs := make([]string, len(t.R))
	for i, x := range t.R {
		rs[i] = x.key
	}
	slices.Sort(ls)
	slices.Sort(rs)
	return "{" + strings.Join(ls, ",") + "|" + strings.Join(rs, ",") + "}"
}

func (o *oracle) sum(a, b *tree) *tree {
	t := &tree{}
	for _, x := range a.L {
		t.L = append(t.L, o.sum(x, b))
	}
	for _, x := range b.L {
		t.L = append(t.L, o.sum(a, x))
	}
	for _, x := range a.R {
		t.R = append(t.R, o.sum(x, b))
	}
	for _, x := range b.R {
		t.R = append(t.R, o.sum(a, x))
	}
	return o.canonical(t)
}

// toTree reads a store's game as a tree (its canonical options).
func toTree(g Game) *tree {
	t := &tree{}
	for o := range g.Options(Left) {
		t.L = append(t.L, toTree(o))
	}
	for o := range g.Options(Right) {
		t.R = append(t.R, toTree(o))
	}
	t.key = canonKey(t)
	return t
}

// fromTree builds a tree's game in the store.
func fromTree(t *testing.T, c *Calc, x *tree) Game {
	t.Helper()
	var L, R []Game
	for _, o := range x.L {
		L = append(L, fromTree(t, c, o))
	}
	for _, o := range x.R {
		R = append(R, fromTree(t, c, o))
	}
	g, err := c.New(L, R)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func testCalc(s *Store) *Calc { return s.Calc(context.Background(), impartial.Budget{}) }

// days returns the games born by each day up to n, from the store, with the
// antichains of each day's poset (the canonical option sets).
func days(t *testing.T, c *Calc, n int) [][]Game {
	t.Helper()
	out := [][]Game{{Zero}}
	for d := 1; d <= n; d++ {
		prev := out[d-1]
		chains := antichains(t, c, prev)
		var seen idSet
		var next []Game
		for _, a := range chains {
			for _, b := range chains {
				g, err := c.New(a, b)
				if err != nil {
					t.Fatal(err)
				}
				if seen.add(g.id) {
					next = append(next, g)
				}
			}
		}
		out = append(out, next)
	}
	return out
}

// idSet is a set of the ids of one store's games (days' set of the games
// seen): open addressing on the id, which a Game of one store is equal by.
// A map of Games hashed the store's pointer too and cost the census of day
// 3 about 7 % of its instructions; this set does the same work, a look-up
// for every game made and an insertion for each new one.
type idSet struct {
	slots []gid // 0 is empty: the zero game is zero
	zero  bool
	n     int
}

// add adds id, reporting whether it is new.
func (s *idSet) add(id gid) bool {
	if id == 0 {
		had := s.zero
		s.zero = true
		return !had
	}
	if 2*(s.n+1) > len(s.slots) {
		old := s.slots
		s.slots = make([]gid, max(64, 4*len(old)))
		s.n = 0
		for _, o := range old {
			if o != 0 {
				s.add(o)
			}
		}
	}
	mask := uint64(len(s.slots) - 1)
	for j := uint64(id) * 0x9e3779b97f4a7c15 >> 40 & mask; ; j = (j + 1) & mask {
		switch s.slots[j] {
		case id:
			return false
		case 0:
			s.slots[j] = id
			s.n++
			return true
		}
	}
}

// antichains lists the sets of pairwise incomparable games of gs.
func antichains(t *testing.T, c *Calc, gs []Game) [][]Game {
	t.Helper()
	n := len(gs)
	comp := make([][]bool, n)
	for i := range gs {
		comp[i] = make([]bool, n)
		for j := range gs {
			rel, err := c.Compare(gs[i], gs[j])
			if err != nil {
				t.Fatal(err)
			}
			comp[i][j] = rel != Confused
		}
	}
	var out [][]Game
	var rec func(start int, cur []int)
	rec = func(start int, cur []int) {
		set := make([]Game, len(cur))
		for i, k := range cur {
			set[i] = gs[k]
		}
		out = append(out, set)
		for k := start; k < n; k++ {
			ok := true
			for _, j := range cur {
				if comp[k][j] {
					ok = false
					break
				}
			}
			if ok {
				rec(k+1, append(cur, k))
			}
		}
	}
	rec(0, nil)
	return out
}

func TestCensus(t *testing.T) {
	// The number of games born by day n: 1, 4, 22, 1474 (OEIS A065401;
	// Winning Ways ch. 7, Siegel II.3).
	s := NewStore(Config{})
	c := testCalc(s)
	want := []int{1, 4, 22, 1474}
	ds := days(t, c, 3)
	for d, gs := range ds {
		if len(gs) != want[d] {
			t.Errorf("day %d: %d games, want %d", d, len(gs), want[d])
		}
	}
}

func TestOracleDay3(t *testing.T) {
	s := NewStore(Config{})
	c := testCalc(s)
	o := newOracle()
	ds := days(t, c, 3)
	// every game the store made is canonical by the definitions, and the
	// store's birthdays are the trees' heights
	var height func(x *tree) uint64
	height = func(x *tree) uint64 {
		var h uint64
		for _, y := range append(slices.Clone(x.L), x.R...) {
			h = max(h, height(y)+1)
		}
		return h
	}
	for d, gs := range ds {
		for _, g := range gs {
			tr := toTree(g)
			if k := o.canonical(tr).key; k != tr.key {
				t.Fatalf("%v: not canonical by the definitions (%s ≠ %s)", g, k, tr.key)
			}
			if h := height(tr); h != g.Birthday() || h > uint64(d) {
				t.Fatalf("%v: birthday %d, tree height %d (day %d)", g, g.Birthday(), h, d)
			}
		}
	}
	// the store's comparisons agree with the definition on day 2 × day 3
	for _, g := range ds[2] {
		for _, h := range ds[3] {
			want := o.leq(toTree(g), toTree(h))
			got, err := c.Leq(g, h)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("%v ≤ %v: store %v, oracle %v", g, h, got, want)
			}
			want2 := o.leq(toTree(h), toTree(g))
			got2, _ := c.Leq(h, g)
			if got2 != want2 {
				t.Fatalf("%v ≤ %v: store %v, oracle %v", h, g, got2, want2)
			}
		}
	}
}

func TestOracleConstruct(t *testing.T) {
	// {A|B} for every pair of sets of day-2 games (not only antichains):
	// the store's canonical form is the oracle's.
	s := NewStore(Config{})
	c := testCalc(s)
	o := newOracle()
	d2 := days(t, c, 2)[2]
	rng := newRand(1)
	for i := 0; i < 3000; i++ {
		var A, B []Game
		var ta, tb []*tree
		for _, g := range d2 {
			if rng.next()%5 == 0 {
				A = append(A, g)
				ta = append(ta, toTree(g))
			}
			if rng.next()%5 == 0 {
				B = append(B, g)
				tb = append(tb, toTree(g))
			}
		}
		g, err := c.New(A, B)
		if err != nil {
			t.Fatal(err)
		}
		want := o.canonical(&tree{L: ta, R: tb}).key
		if got := toTree(g).key; got != want {
			t.Fatalf("{%v|%v} = %v: tree %s, oracle %s", A, B, g, got, want)
		}
	}
}

func TestOracleConstructDay3(t *testing.T) {
	// {A|B} for random lists of 1 to 6 day-3 games a side, repeats and
	// dominated options included: the short lists (bypassed before they are
	// pruned) and the longer ones (pruned first) agree with the oracle.
	s := NewStore(Config{})
	c := testCalc(s)
	o := newOracle()
	d3 := days(t, c, 3)[3]
	rng := newRand(3)
	n := 400
	if testing.Short() {
		n = 100
	}
	for i := 0; i < n; i++ {
		var A, B []Game
		var ta, tb []*tree
		for j := uint64(0); j < 1+rng.next()%6; j++ {
			g := d3[rng.next()%uint64(len(d3))]
			A, ta = append(A, g), append(ta, toTree(g))
		}
		for j := uint64(0); j < 1+rng.next()%6; j++ {
			g := d3[rng.next()%uint64(len(d3))]
			B, tb = append(B, g), append(tb, toTree(g))
		}
		g, err := c.New(A, B)
		if err != nil {
			t.Fatal(err)
		}
		want := o.canonical(&tree{L: ta, R: tb}).key
		if got := toTree(g).key; got != want {
			t.Fatalf("{%v|%v} = %v: tree %s, oracle %s", A, B, g, got, want)
		}
	}
}

func TestOracleSums(t *testing.T) {
	s := NewStore(Config{})
	c := testCalc(s)
	o := newOracle()
	ds := days(t, c, 3)
	rng := newRand(2)
	pick := func() Game {
		if rng.next()%3 == 0 {
			return ds[2][rng.next()%uint64(len(ds[2]))]
		}
		return ds[3][rng.next()%uint64(len(ds[3]))]
	}
	n := 150
	if testing.Short() {
		n = 40
	}
	for i := 0; i < n; i++ {
		g, h := pick(), pick()
		sum, err := c.Add(g, h)
		if err != nil {
			t.Fatal(err)
		}
		want := o.sum(toTree(g), toTree(h))
		if got := toTree(sum).key; got != want.key {
			t.Fatalf("%v + %v = %v: oracle %s", g, h, sum, want.key)
		}
		neg, _ := c.Neg(g)
		z, _ := c.Add(g, neg)
		if z != Zero {
			t.Fatalf("%v + -(%v) = %v, want 0", g, g, z)
		}
	}
}

// rand is a small deterministic generator (xorshift), so tests repeat.
type rand struct{ x uint64 }

func newRand(seed uint64) *rand { return &rand{x: seed*0x9e3779b97f4a7c15 + 1} }

func (r *rand) next() uint64 {
	r.x ^= r.x << 13
	r.x ^= r.x >> 7
	r.x ^= r.x << 17
	return r.x
}

package cardflip

import (
	"fmt"
	"sort"
	"strings"
)

// Strategies returns every strategy, the seed's first, then ours.
func Strategies() []Strategy {
	return []Strategy{
		Single(), Random(), FrontToBack(), Interval(), Relay(), Partition(), DivideConquer(),
		Halving(), Stacks(), Comb(), Ordered(), Skewed(), Cycle(),
	}
}

// BestName is the strategy that --strategy best names.
const BestName = "skewed"

// Lookup returns the strategy with the given name ("best" names BestName).
func Lookup(name string) (Strategy, error) {
	if name == "best" {
		name = BestName
	}
	var names []string
	for _, s := range Strategies() {
		if s.Info().Name == name {
			return s, nil
		}
		names = append(names, s.Info().Name)
	}
	sort.Strings(names)
	return nil, fmt.Errorf("cardflip: unknown strategy %q (known: %s, best)", name, strings.Join(names, ", "))
}

// policy adapts a table-only strategy: one stateless value plays every seat.
type policy struct {
	info  Info
	look  func(t *Turn) int
	place func(t *Turn, pos, value int) Move
}

func (p *policy) Info() Info                         { return p.info }
func (p *policy) NewPlayer(Seat) Player              { return p }
func (p *policy) Look(t *Turn) int                   { return p.look(t) }
func (p *policy) Place(t *Turn, pos, value int) Move { return p.place(t, pos, value) }

// firstDown is the first face-down position in [lo, hi), or -1.
func firstDown(v *View, lo, hi int) int { return v.FirstDown(lo, hi) }

// ---- random ----

// Random looks at a uniformly random face-down card and turns it up if it
// is the next one, else puts it back: E[X] = m(m+1)/2.
func Random() Strategy {
	return &policy{
		info: Info{Name: "random", Model: TableOnly, Randomized: true, KeepsCards: true,
			Summary: "look at a random face-down card, turn it up if next (m(m+1)/2)"},
		look: func(t *Turn) int {
			r := t.rng.IntN(t.Len() - t.k)
			for i := range t.m {
				if t.cell(i) == 0 {
					if r == 0 {
						return i
					}
					r--
				}
			}
			panic("unreachable")
		},
		place: func(t *Turn, pos, value int) Move { return Move{Up: value == t.k+1, To: pos} },
	}
}

// ---- front-to-back ----

// FrontToBack looks at the leftmost face-down card and puts it at the far
// right, face up if it is the next card: E[X] = m(m+3)/4.
func FrontToBack() Strategy { return frontToBack{} }

type frontToBack struct{}

func (frontToBack) Info() Info {
	return Info{Name: "front-to-back", Model: TableOnly,
		Summary: "leftmost face-down card to the far right, face up if next (m(m+3)/4)"}
}
func (s frontToBack) NewPlayer(Seat) Player { return s }
func (frontToBack) Look(t *Turn) int        { return t.FirstDown(0, t.m) }

func (frontToBack) Place(t *Turn, pos, value int) Move {
	to, up := ftbPlace(t, value)
	return Move{Up: up, To: to}
}
func ftbPlace(t *Turn, value int) (to int, up bool) { return t.m - 1, value == t.k+1 }

// ---- single and interval (memory) ----

// Single is the one-player strategy with memory: look at the cards left to
// right, remembering them, and turn up every card as soon as it is the next
// one and its place is known: E[X] = 2m − H_m. Needs players = 1.
func Single() Strategy { return &interval{name: "single", one: true} }

// Interval splits the row into n blocks of positions, one per player. A
// player turns up the next card if it has seen it in its block, else looks
// at the first card of its block it has not seen, else looks at the first
// face-down card of the following blocks. Cards never move.
// E[X] ≤ m + (n+1)/2·(m−1) (the seed's bound).
func Interval() Strategy { return &interval{name: "interval"} }

type interval struct {
	name string
	one  bool
}

func (s *interval) Info() Info {
	if s.one {
		return Info{Name: s.name, Model: TableOnly, Memory: true, OnePlayer: true, KeepsCards: true,
			Summary: "one player with memory: scan once, turn up each card when next (2m − H_m)"}
	}
	return Info{Name: s.name, Model: TableOnly, Memory: true, KeepsCards: true,
		Summary: "n players with memory, each owns a block of positions (≤ m + (n+1)(m−1)/2)"}
}

func (s *interval) NewPlayer(seat Seat) Player {
	return &intervalPlayer{id: seat.ID, n: seat.Players}
}

type intervalPlayer struct {
	id, n int
	// seen[i−lo] is the number of the card at position i of the player's
	// block, 0 unseen (cards never move). Only the block: n players
	// remember m numbers between them, whatever n is.
	seen []int
}

func (p *intervalPlayer) block(m int) (lo, hi int) {
	return p.id * m / p.n, (p.id + 1) * m / p.n
}

func (p *intervalPlayer) Look(t *Turn) int {
	m := t.Len()
	lo, hi := p.block(m)
	if p.seen == nil {
		p.seen = make([]int, hi-lo)
	}
	for i := lo; i < hi; i++ {
		if p.seen[i-lo] == t.k+1 {
			return i
		}
	}
	for i := lo; i < hi; i++ {
		if p.seen[i-lo] == 0 && !t.Up(i) {
			return i
		}
	}
	// Nothing useful in our block: try the following blocks.
	for j := 1; j <= m; j++ {
		if i := (hi + j - 1) % m; !t.Up(i) {
			return i
		}
	}
	panic("unreachable")
}

func (p *intervalPlayer) Place(t *Turn, pos, value int) Move {
	if lo, hi := p.block(t.Len()); lo <= pos && pos < hi {
		p.seen[pos-lo] = value
	}
	return Move{Up: value == t.k+1, To: pos}
}

// ---- partition ----

// Partition is the seed's uniform partition: with l the largest integer
// with (l−1) + l² ≤ m, the cards 1..l−1 are found front to back and laid at
// the far right as dividers; one pass then files every other card into one
// of l blocks of consecutive numbers (block 0 before divider 1, block j
// after divider j); each block is then played front to back inside itself.
func Partition() Strategy {
	return &policy{
		info: Info{Name: "partition", Model: TableOnly,
			Summary: "dividers 1..l−1 with (l−1)+l² = m, one filing pass, blocks front to back (O(m√m))"},
		look:  partitionLook,
		place: partitionPlace,
	}
}

// partitionShape returns l and the block sizes.
func partitionShape(m int) (l int, sizes []int) {
	l = 1
	for (l+1)*(l+1)+l <= m {
		l++
	}
	n := m - (l - 1)
	sizes = make([]int, l)
	for j := range sizes {
		sizes[j] = n / l
		if j < n%l {
			sizes[j]++
		}
	}
	return l, sizes
}

// partitionState decodes the row. Plan: [0]=phase, [1]=lo, [2]=hi, [3]=block.
func partitionState(t *Turn) {
	m := t.Len()
	l, sizes := partitionShape(m)
	d := l - 1
	k := t.k
	p := &t.Plan
	if k < d {
		p[0] = 1
		return
	}
	// divider positions
	div := make([]int, l+1) // div[j] = position of divider j (j=1..d), div[l] = m
	div[0] = -1
	for i := range m {
		if x := t.cell(i); x >= 1 && x <= d {
			div[x] = i
		}
	}
	div[l] = m
	// block regions: block 0 is [0, div[1]), block j is (div[j], div[j+1]).
	region := func(j int) (int, int) {
		if j == 0 {
			if d == 0 {
				return 0, m
			}
			return 0, div[1]
		}
		return div[j] + 1, div[j+1]
	}
	for j := 1; j < l; j++ {
		lo, hi := region(j)
		if hi-lo < sizes[j] {
			p[0] = 2
			p[1], p[2] = div[1], 0
			p[4] = l
			return
		}
	}
	// phase 3: block holding k+1
	x := k + 1 - d
	j := 0
	for x > sizes[j] {
		x -= sizes[j]
		j++
	}
	p[0] = 3
	p[1], p[2] = region(j)
}

func partitionLook(t *Turn) int {
	partitionState(t)
	switch t.Plan[0] {
	case 1:
		return firstDown(&t.View, 0, t.Len())
	case 2:
		return 0
	}
	return firstDown(&t.View, t.Plan[1], t.Plan[2])
}

func partitionPlace(t *Turn, pos, value int) Move {
	m := t.Len()
	next := value == t.k+1
	switch t.Plan[0] {
	case 1:
		if next {
			return Move{Up: true, To: m - 1}
		}
		if d1 := t.Find(1); d1 >= 0 {
			return Move{To: d1 - 1}
		}
		return Move{To: m - 1}
	case 2:
		l, sizes := partitionShape(m)
		d := l - 1
		x := value - d
		j := 0
		for x > sizes[j] {
			x -= sizes[j]
			j++
		}
		if j == 0 {
			return Move{To: t.Find(1) - 1}
		}
		return Move{To: t.Find(j)}
	}
	return Move{Up: next, To: t.Plan[2] - 1}
}

// ---- divide and conquer (the seed's) ----

// DivideConquer is the seed's quicksort-like strategy, a pure function of
// the row. A segment of positions holds the numbers a+1..a+S. With none of
// them face up, look at its first card and put it at the segment's end,
// face up if it is a+1 (the pivot). Then file the cards before the pivot:
// look at the first; numbers above a+1+L (L = S−1−⌊S/2⌋) go just right of
// the pivot, the others just left, until ⌊S/2⌋ cards lie right of it. Then
// recurse on the left part and then the right part.
// E[X] = T(m), T(S) = (S+1)/2 + R·S/(R+1) + T(L) + T(R).
func DivideConquer() Strategy { return divideConquer{} }

type divideConquer struct{}

func (divideConquer) Info() Info {
	return Info{Name: "divide-conquer", Model: TableOnly,
		Summary: "the seed's quicksort: find the minimum, split the rest 1:1 around it, recurse (≈ 2m·log2 m)"}
}
func (s divideConquer) NewPlayer(Seat) Player { return s }
func (divideConquer) Look(t *Turn) int        { return dcLook(t) }
func (divideConquer) Place(t *Turn, pos, value int) Move {
	to, up := dcPlace(t, pos, value)
	return Move{Up: up, To: to}
}

// Plan for dc: [0] mode (1 search/flip, 2 split), [1] lo, [2] hi, [3] a, [4] pivot pos.
func dcLook(t *Turn) int {
	v := &t.View
	lo, hi, a := 0, v.Len(), 0
	k := v.k
	p := &t.Plan
	for {
		s := hi - lo
		if k == a || s == 1 {
			p[0], p[1], p[2], p[3] = 1, lo, hi, a
			return lo
		}
		var piv int // the face-up a+1, in [lo, hi): Find, inlined by hand
		switch {
		case v.one:
			piv = word4{}.find(v.word, a+1)
		case v.indexed:
			piv = int(v.at[face(a+1)])
		default:
			piv = v.find(a + 1)
		}
		r := s >> 1
		if hi-1-piv < r {
			p[0], p[1], p[2], p[3], p[4] = 2, lo, hi, a, piv
			return lo
		}
		l := piv - lo
		if k >= a+1+l {
			lo, a = piv+1, a+1+l
		} else {
			hi, a = piv, a+1
		}
	}
}

func dcPlace(t *Turn, pos, value int) (to int, up bool) {
	p := &t.Plan
	if p[0] == 1 {
		return p[2] - 1, value == t.k+1
	}
	// Split: just right of the pivot if value is in the right part, else
	// just left of it. Which it is is as good as random: b2u, not a branch.
	s := p[2] - p[1]
	return p[4] - int(b2u(value-p[3] <= s-s>>1)), false
}

package octal

import (
	"container/heap"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/grundy/grundy/impartial"
)

// MaxHugeHeap is the largest heap a ProvedSequence answers for.
const MaxHugeHeap = 1 << 62

// ProvedSequence is a nim-sequence known for every heap: the values up to
// one period past the pre-period, and a period proved by the Guy–Smith
// theorem (so G(n) = G(n0 + (n − n0) mod p) for every n ≥ n0). It answers
// the value of any heap up to MaxHugeHeap at once, and describes the moves
// of a heap to a given value by residue classes, however many they are.
//
// A ProvedSequence is immutable and safe for concurrent use.
type ProvedSequence struct {
	g     Game
	vals  []uint32 // G(0..n0+p−1)
	p, n0 int
}

// ProvedSequence returns the sequence of c if c has proved its period
// (Auto; see ProvedPeriod).
func (c *Computer) ProvedSequence() (*ProvedSequence, bool) {
	p, n0, ok := c.ProvedPeriod()
	if !ok {
		return nil, false
	}
	s := &ProvedSequence{g: c.g, p: p, n0: n0, vals: make([]uint32, n0+p)}
	for i := range s.vals {
		v, ok := c.val(i)
		if !ok {
			return nil, false
		}
		s.vals[i] = v
	}
	return s, true
}

// Game returns the game.
func (s *ProvedSequence) Game() Game { return s.g }

// Period returns the period p and the pre-period n0.
func (s *ProvedSequence) Period() (p, n0 int) { return s.p, s.n0 }

// Value returns G(n) for 0 ≤ n ≤ MaxHugeHeap.
func (s *ProvedSequence) Value(n int) uint32 {
	if n < len(s.vals) {
		return s.vals[n]
	}
	return s.vals[s.n0+(n-s.n0)%s.p]
}

// Move is one move from a heap: Take tokens removed, the heaps Left in its
// place (none, one, or two or three in decreasing order), as Game.Options
// lists them.
type Move struct {
	Take int   `json:"take"`
	Left []int `json:"left"`
}

// MoveClass is a set of moves from heap N taking Take tokens. Heaps is the
// number of heaps left. For Heaps = 2 the moves are the splits of
// M = N − Take into a and M − a (a ≤ M − a) for every a with Lo ≤ a ≤ Hi
// and, if Modulus > 0, a ≡ Residue (mod Modulus); for Heaps < 2 the class
// is the one move. Count is the number of moves in it.
type MoveClass struct {
	N       int   `json:"n"`
	Take    int   `json:"take"`
	Heaps   int   `json:"heaps"`
	Lo      int   `json:"lo"`
	Hi      int   `json:"hi"`
	Residue int   `json:"residue"`
	Modulus int   `json:"modulus"`
	Count   int64 `json:"count"`
}

// Engine returns the class as the analysis path describes it
// (impartial.MoveClass): a is the smaller heap a split leaves (the one heap
// left by a move that leaves one, the middle one of three); a class of one
// move has From = To = a and Mod 1.
func (m MoveClass) Engine() impartial.MoveClass {
	c := impartial.MoveClass{Text: m.String(), From: int64(m.Lo), To: int64(m.Hi), Mod: 1, Count: m.Count}
	switch m.Heaps {
	case 0:
		c.From, c.To = 0, 0
	case 1:
		c.From, c.To = int64(m.N-m.Take), int64(m.N-m.Take)
	case 2:
		if m.Modulus > 1 {
			c.Mod, c.Residue = int64(m.Modulus), int64(m.Residue)
		}
	case 3:
		c.From, c.To = int64(m.Hi), int64(m.Hi)
	}
	return c
}

// String describes the class, e.g. "take 2 and split the rest into a and
// 98−a for every a ≡ 3 (mod 12) with 71 ≤ a ≤ 49".
func (m MoveClass) String() string {
	M := m.N - m.Take
	switch m.Heaps {
	case 0:
		return fmt.Sprintf("take %d (the whole heap)", m.Take)
	case 1:
		return fmt.Sprintf("take %d, leaving %d", m.Take, M)
	}
	var b strings.Builder
	if m.Take > 0 {
		fmt.Fprintf(&b, "take %d and split the rest into ", m.Take)
	} else {
		fmt.Fprintf(&b, "split %d into ", m.N)
	}
	if m.Lo == m.Hi {
		fmt.Fprintf(&b, "%d and %d", M-m.Lo, m.Lo)
		return b.String()
	}
	fmt.Fprintf(&b, "a and %d−a for every a", M)
	if m.Modulus > 1 {
		fmt.Fprintf(&b, " ≡ %d (mod %d)", m.Residue, m.Modulus)
	}
	fmt.Fprintf(&b, " with %d ≤ a ≤ %d (%s moves)", m.Lo, m.Hi, strconv.FormatInt(m.Count, 10))
	return b.String()
}

// MoveSet describes every move from heap N to a position of nim-value
// Target (for a winning move in a sum, Target = G(N) XOR the sum's value).
type MoveSet struct {
	N      int    `json:"n"`
	Target uint32 `json:"target"`
	// Count is the exact number of such moves.
	Count int64 `json:"count"`
	// First holds the first moves in the order of Game.Options (at most the
	// k asked for).
	First []Move `json:"first"`
	// Classes describe all of them: every such move is in exactly one
	// class, and every move of a class is such a move.
	Classes []MoveClass `json:"classes"`
}

// ErrThreeHeaps reports a heap too large to describe the moves of a game
// whose moves may leave three heaps (no residue-class description here).
var ErrThreeHeaps = errors.New("moves leaving three heaps are described for heaps up to 3000 only")

// ErrGeneralCode reports a take-and-break code beyond octal and
// hexadecimal (NewTB) whose moves have no residue-class description here.
var ErrGeneralCode = errors.New("the moves of this take-and-break code are not described by residue classes")

// MovesTo returns the moves from heap n (0 ≤ n ≤ MaxHugeHeap) to positions
// of nim-value target: their exact count, the first k explicitly, and
// residue classes covering them all. It costs O(p + n0) per split digit,
// whatever n (plus O(k·p) for the first k).
//
// For a split of m = n − t into a and m − a with both parts at least n0,
// G(a) XOR G(m − a) depends on a mod p only, so the splits of one residue
// class all have the target value or none does; splits with a part below
// n0 are listed one by one.
func (s *ProvedSequence) MovesTo(n int, target uint32, k int) (*MoveSet, error) {
	if n < 0 || n > MaxHugeHeap {
		return nil, fmt.Errorf("heap %d out of range 0..%d", n, MaxHugeHeap)
	}
	g := &s.g
	ms := &MoveSet{N: n, Target: target, Classes: []MoveClass{}, First: []Move{}}
	if len(g.three) > 0 && n > 3000 {
		return nil, ErrThreeHeaps
	}
	if g.general() {
		return nil, ErrGeneralCode
	}
	add := func(c MoveClass) {
		if c.Count > 0 {
			ms.Classes = append(ms.Classes, c)
			ms.Count += c.Count
		}
	}
	for _, t := range g.removals() {
		if t > n {
			break
		}
		m := n - t
		if m == 0 && t > 0 && containsInt(g.takeAll, t) && target == 0 {
			add(MoveClass{N: n, Take: t, Heaps: 0, Lo: 0, Hi: 0, Count: 1})
		}
		if m >= 1 && t > 0 && containsInt(g.one, t) && s.Value(m) == target {
			add(MoveClass{N: n, Take: t, Heaps: 1, Lo: m, Hi: m, Count: 1})
		}
		if m >= 2 && containsInt(g.two, t) {
			s.splitClasses(n, t, target, add)
		}
		if m >= 3 && containsInt(g.three, t) {
			g.Options(n, func(tk int, parts []int) bool {
				if tk == t && len(parts) == 3 && s.Value(parts[0])^s.Value(parts[1])^s.Value(parts[2]) == target {
					add(MoveClass{N: n, Take: t, Heaps: 3, Lo: parts[2], Hi: parts[1], Residue: parts[0], Count: 1})
				}
				return true
			})
		}
	}
	ms.First = s.firstMoves(ms, k)
	return ms, nil
}

// splitClasses adds the classes of the splits of m = n − t.
func (s *ProvedSequence) splitClasses(n, t int, target uint32, add func(MoveClass)) {
	m := n - t
	H := s.g.pairsHi(m) // a ≤ m − a
	one := func(a int) {
		if s.Value(a)^s.Value(m-a) == target {
			add(MoveClass{N: n, Take: t, Heaps: 2, Lo: a, Hi: a, Count: 1})
		}
	}
	// The periodic range: both parts at least n0.
	lo, hi := max(1, s.n0), min(H, m-s.n0)
	for a := 1; a <= min(lo-1, H); a++ {
		one(a)
	}
	if lo <= hi {
		if hi-lo+1 <= 2*s.p {
			for a := lo; a <= hi; a++ {
				one(a)
			}
		} else {
			for a := lo; a < lo+s.p; a++ {
				if s.Value(a)^s.Value(m-a) != target {
					continue
				}
				c := MoveClass{N: n, Take: t, Heaps: 2, Lo: lo, Hi: hi, Residue: a % s.p, Modulus: s.p}
				c.Count = int64((hi-a)/s.p + 1)
				add(c)
			}
		}
	}
	for a := max(lo, hi+1); a <= H; a++ {
		one(a)
	}
}

// firstMoves lists the first k moves of ms in the order of Game.Options:
// by tokens taken, then heaps left, then the smaller part a ascending.
func (s *ProvedSequence) firstMoves(ms *MoveSet, k int) []Move {
	out := []Move{}
	for i := 0; i < len(ms.Classes) && len(out) < k; {
		c := ms.Classes[i]
		M := c.N - c.Take
		switch c.Heaps {
		case 0:
			out = append(out, Move{Take: c.Take, Left: []int{}})
		case 1:
			out = append(out, Move{Take: c.Take, Left: []int{M}})
		case 3:
			out = append(out, Move{Take: c.Take, Left: []int{c.Residue, c.Hi, c.Lo}})
		case 2:
			// The classes of one split digit are consecutive: merge their
			// members by a.
			j := i
			for j < len(ms.Classes) && ms.Classes[j].Take == c.Take && ms.Classes[j].Heaps == 2 {
				j++
			}
			out = mergeSplits(out, ms.Classes[i:j], k)
			i = j
			continue
		}
		i++
	}
	return out
}

// mergeSplits appends, in increasing a, the first splits of the classes
// (one split digit) until out holds k moves. A min-heap of the classes by
// their next member makes it O(k log C): a heap of 2^31 has over 10^5
// classes of 0.16's period, and k may be 10^5 and more.
func mergeSplits(out []Move, cs []MoveClass, k int) []Move {
	h := make(splitHeap, 0, len(cs))
	for i, c := range cs {
		next := c.Lo
		if c.Modulus > 0 {
			next = c.Lo + ((c.Residue-c.Lo)%c.Modulus+c.Modulus)%c.Modulus
		}
		if next <= c.Hi {
			h = append(h, splitNext{next, i})
		}
	}
	heap.Init(&h)
	for len(out) < k && len(h) > 0 {
		top := &h[0]
		c := cs[top.class]
		a := top.a
		out = append(out, Move{Take: c.Take, Left: []int{c.N - c.Take - a, a}})
		if c.Modulus > 0 {
			top.a += c.Modulus
		} else {
			top.a++
		}
		if top.a > c.Hi {
			heap.Pop(&h)
		} else {
			heap.Fix(&h, 0)
		}
	}
	return out
}

// splitNext is a class's next member a; splitHeap orders them by a (the
// classes of one split digit have no member in common).
type splitNext struct{ a, class int }

type splitHeap []splitNext

func (h splitHeap) Len() int { return len(h) }
func (h splitHeap) Less(i, j int) bool {
	return h[i].a < h[j].a || h[i].a == h[j].a && h[i].class < h[j].class
}
func (h splitHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *splitHeap) Push(x any)   { *h = append(*h, x.(splitNext)) }
func (h *splitHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func containsInt(s []int, x int) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}

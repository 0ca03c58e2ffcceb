package coins

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy/grundy/impartial"
)

// Nimber is a Grundy value (an alias of the engine's type).
type Nimber = impartial.Nimber

// MaxCoin is the largest coin label a position may use.
const MaxCoin = 1<<62 - 1

type kind int8

const (
	kUpTo        kind = iota // turn 1..k coins (k = 1: one; 2: Turning Turtles; 3: Mock Turtles; 5: Moebius; 7: Mogul)
	kTwins                   // turn exactly two coins
	kDistance                // turn x and x−d for d in set (Twins with distances, or a subtraction game)
	kConsecutive             // turn exactly k consecutive coins
	kRuler                   // turn any run of consecutive coins
	kGrunt                   // turn 0, y, x−y, x with 0 < y < x−y
)

// Game is a coin-turning game: a row of coins, each heads (H) or tails (T);
// a move turns over a set of coins that the rule allows, and the rightmost
// turned coin must go from heads to tails. Whether a set may be turned
// depends only on the set, never on the other coins, so the coin-turning
// theorem applies: a position's value is the XOR of g(x) over its heads,
// where g(x) is the value of a single head on coin x.
//
// Coins are labelled Start, Start+1, …; Start is 0 or 1 as the game's
// literature numbers them. A Game is immutable and safe for concurrent use.
type Game struct {
	// Spec is the rule as the catalog names it, after "coins:" ("mock-turtles").
	Spec string
	// Name is a human name ("Mock Turtles").
	Name string
	// Rule states the rule in one sentence, with its indexing.
	Rule string
	// Start is the label of the leftmost coin: 0 or 1.
	Start int
	// ClosedForm states g(x) where theory knows it, with the source ("" if
	// the values are searched).
	ClosedForm string
	// OEIS is the A-number of the sequence g(Start), g(Start+1), … in the
	// On-Line Encyclopedia of Integer Sequences, when it has one:
	// g(x) = a(x − OEISShift) for that entry's own offset.
	OEIS      string
	OEISShift int

	kind kind
	k    int   // kUpTo, kConsecutive
	set  []int // kDistance: the distances, ascending
	// virtual (kDistance): coin 0 is off the board, so turning x and x−d
	// with x−d = 0 turns x alone (a subtraction game on coins 1, 2, …).
	virtual bool
}

// One is "turn one coin": g(x) = 1 (coins 1, 2, …).
func One() *Game {
	return &Game{Spec: "one", Name: "turn one coin", Start: 1, kind: kUpTo, k: 1,
		Rule: "Turn over one coin, from heads to tails; coins are numbered from 1."}
}

// TurningTurtles is "turn one or two coins" (hihoCoder 1172): g(x) = x with
// coins numbered from 1.
func TurningTurtles() *Game {
	return &Game{Spec: "turning-turtles", Name: "Turning Turtles", Start: 1, kind: kUpTo, k: 2,
		Rule: "Turn over one or two coins, the rightmost from heads to tails; coins are numbered from 1."}
}

// MockTurtles is "turn one, two or three coins" (HDU 3537) with coins
// numbered from 0: g(x) is the x-th odious number (2x or 2x+1, whichever has
// an odd number of 1 bits).
func MockTurtles() *Game {
	return &Game{Spec: "mock-turtles", Name: "Mock Turtles", Start: 0, kind: kUpTo, k: 3,
		Rule:       "Turn over one, two or three coins, the rightmost from heads to tails; coins are numbered from 0.",
		ClosedForm: "g(x) = the x-th odious number, 2x or 2x+1 (Winning Ways ch. 14)",
		// The odious numbers, a(1) = 1 for coin 0.
		OEIS: "A000069", OEISShift: -1}
}

// Moebius is "turn up to five coins" (Winning Ways ch. 14), coins from 0.
func Moebius() *Game {
	g := UpTo(5)
	g.Spec, g.Name = "moebius", "Moebius"
	return g
}

// Mogul is "turn up to seven coins" (Winning Ways ch. 14), coins from 0.
func Mogul() *Game {
	g := UpTo(7)
	g.Spec, g.Name = "mogul", "Mogul"
	return g
}

// UpTo is "turn from one to k coins", coins numbered from 0 (as Mock Turtles,
// Moebius and Mogul are, which are UpTo(3), UpTo(5) and UpTo(7)).
// It panics if k < 1.
func UpTo(k int) *Game {
	if k < 1 {
		panic("coins: UpTo needs k ≥ 1")
	}
	return &Game{Spec: "up-to:" + strconv.Itoa(k), Name: fmt.Sprintf("turn up to %d coins", k), Start: 0, kind: kUpTo, k: k,
		Rule: fmt.Sprintf("Turn over from 1 to %d coins, the rightmost from heads to tails; coins are numbered from 0.", k)}
}

// Twins is "turn exactly two coins" (Winning Ways), coins from 0: g(x) = x.
func Twins() *Game {
	return &Game{Spec: "twins", Name: "Twins", Start: 0, kind: kTwins,
		Rule: "Turn over exactly two coins, the rightmost from heads to tails; coins are numbered from 0."}
}

// TwinsAt is the variant of Twins in seed 001: turn exactly two coins whose
// distance is in set, coins from 0. For set {1, …, m}, g(x) = x mod (m+1).
func TwinsAt(set []int) (*Game, error) {
	s, err := checkSet(set)
	if err != nil {
		return nil, err
	}
	return &Game{Spec: "twins:" + formatSet(s), Name: "Twins at distance {" + formatSetWords(s) + "}", Start: 0, kind: kDistance, set: s,
		Rule: "Turn over exactly two coins at a distance in {" + formatSetWords(s) + "}, the right one from heads to tails; coins are numbered from 0."}, nil
}

// Subtraction is "turn coin x and one of x−s, s in set" (seed 001 lists
// x−1, x−2, x−3), coins from 1. When x−s = 0 the move turns x alone (coin 0
// is off the board), so g(x) is the value of a heap of x in the subtraction
// game with set set.
func Subtraction(set []int) (*Game, error) {
	s, err := checkSet(set)
	if err != nil {
		return nil, err
	}
	return &Game{Spec: "subtraction:" + formatSet(s), Name: "subtraction coins {" + formatSetWords(s) + "}", Start: 1, kind: kDistance, set: s, virtual: true,
		Rule: "Turn over a coin x from heads to tails and also coin x−s for some s in {" + formatSetWords(s) + "} (only x when x−s = 0); coins are numbered from 1."}, nil
}

// Consecutive is "turn exactly k consecutive coins", coins from 1: g(x) = 1
// when k divides x, else 0. It panics if k < 1.
func Consecutive(k int) *Game {
	if k < 1 {
		panic("coins: Consecutive needs k ≥ 1")
	}
	return &Game{Spec: "consecutive:" + strconv.Itoa(k), Name: fmt.Sprintf("turn %d consecutive coins", k), Start: 1, kind: kConsecutive, k: k,
		Rule: fmt.Sprintf("Turn over exactly %d consecutive coins, the rightmost from heads to tails; coins are numbered from 1.", k)}
}

// Ruler is "turn any run of consecutive coins", coins from 1: g(x) is the
// largest power of 2 dividing x.
func Ruler() *Game {
	return &Game{Spec: "ruler", Name: "Ruler", Start: 1, kind: kRuler,
		Rule:       "Turn over any run of one or more consecutive coins, the rightmost from heads to tails; coins are numbered from 1.",
		ClosedForm: "g(x) = the largest power of 2 dividing x (Winning Ways ch. 14)",
		OEIS:       "A006519"}
}

// Grunt is "turn four symmetric coins 0, y, x−y, x" (Winning Ways), coins
// from 0, with 0 < y < x−y: g(x) is the value of a heap of x in Grundy's
// game (split a heap into two unequal heaps).
func Grunt() *Game {
	return &Game{Spec: "grunt", Name: "Grunt", Start: 0, kind: kGrunt,
		Rule:       "Turn over four coins 0, y, x−y and x with 0 < y < x−y, coin x from heads to tails; coins are numbered from 0.",
		ClosedForm: "g(x) = G(x) of Grundy's game (Winning Ways ch. 14)",
		OEIS:       "A002188"}
}

// maxSetElem bounds the distances of a set and maxParam the k of a rule.
const (
	maxSetElem = 1 << 20
	maxSetLen  = 1 << 12
	maxParam   = 1 << 20
	maxUpTo    = 64
)

func checkSet(set []int) ([]int, error) {
	if len(set) == 0 {
		return nil, fmt.Errorf("empty set of distances")
	}
	s := slices.Clone(set)
	slices.Sort(s)
	s = slices.Compact(s)
	if s[0] < 1 || s[len(s)-1] > maxSetElem {
		return nil, fmt.Errorf("distances must be between 1 and %d", maxSetElem)
	}
	if len(s) > maxSetLen {
		return nil, fmt.Errorf("at most %d distances", maxSetLen)
	}
	return s, nil
}

func formatSet(s []int) string {
	parts := make([]string, len(s))
	for i, d := range s {
		parts[i] = strconv.Itoa(d)
	}
	return strings.Join(parts, ",")
}

func formatSetWords(s []int) string { return strings.ReplaceAll(formatSet(s), ",", ", ") }

// ClosedValue returns g(x) in closed form where the rule has one:
//
//	one                 1
//	turning-turtles     x               (coins from 1)
//	mock-turtles        odious(x) = 2x + (1 if popcount(x) is even)
//	twins               x
//	twins:1,…,m         x mod (m+1)
//	subtraction:1,…,m   x mod (m+1)
//	consecutive:k       1 if k divides x, else 0
//	ruler               x & −x (largest power of 2 dividing x)
//
// It returns ok = false for other games and for x < Start. Each form is O(1).
func (g *Game) ClosedValue(x int) (v Nimber, ok bool) {
	var one [1]Nimber
	if x < g.Start || !g.closedValues(x, one[:]) {
		return 0, false
	}
	return one[0], true
}

// closedValues writes g(x), g(x+1), … into dst by ClosedValue's forms, x ≥
// Start, and reports whether the rule has one. One switch serves the whole
// run: a row of 10^6 coins valued coin by coin was a call a coin, and the
// call kept the caller's loop on the stack.
func (g *Game) closedValues(x int, dst []Nimber) bool {
	switch g.kind {
	case kUpTo:
		switch g.k {
		case 1:
			for i := range dst {
				dst[i] = 1
			}
		case 2:
			for i := range dst {
				dst[i] = Nimber(x + i - g.Start + 1)
			}
		case 3:
			for i := range dst {
				dst[i] = Odious(x + i - g.Start)
			}
		default:
			return false
		}
	case kTwins:
		for i := range dst {
			dst[i] = Nimber(x + i - g.Start)
		}
	case kDistance:
		m := len(g.set)
		if g.set[m-1] != m { // not {1, …, m}
			return false
		}
		for i := range dst {
			dst[i] = Nimber((x + i) % (m + 1))
		}
	case kConsecutive:
		for i := range dst {
			dst[i] = 0
			if (x+i)%g.k == 0 {
				dst[i] = 1
			}
		}
	case kRuler:
		for i := range dst {
			y := x + i
			dst[i] = Nimber(y & -y)
		}
	default:
		return false
	}
	return true
}

// Odious returns the n-th odious number (counting from 0): the n-th
// non-negative integer with an odd number of 1 bits (OEIS A000069),
// which is 2n or 2n+1.
func Odious(n int) Nimber {
	v := Nimber(n) << 1
	if bits.OnesCount64(uint64(n))%2 == 0 {
		v |= 1
	}
	return v
}

// inverseClosed returns the coin x ≥ Start with closed-form value v, for
// the rules whose closed form is one-to-one (turning-turtles, mock-turtles,
// twins); ok = false if no coin has value v or the rule is not one-to-one.
func (g *Game) inverseClosed(v Nimber) (x int, known, ok bool) {
	switch {
	case g.kind == kUpTo && g.k == 2:
		if v == 0 || v > MaxCoin {
			return 0, true, false
		}
		return int(v) + g.Start - 1, true, true
	case g.kind == kUpTo && g.k == 3:
		if bits.OnesCount64(uint64(v))%2 == 0 || v>>1 > MaxCoin {
			return 0, true, false
		}
		return int(v>>1) + g.Start, true, true
	case g.kind == kTwins:
		if v > MaxCoin {
			return 0, true, false
		}
		return int(v) + g.Start, true, true
	}
	return 0, false, false
}

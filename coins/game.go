package coins

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy/grundy/impartial"
)

// Nimber is a Grundy value (an alias of the engine's type).
type Nimber = impartial.Nimber

// MaxCoin is the largest coin label a position may use.
const MaxCoin = 1<<62 - 1

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

	// shape is the rule's kind, with everything the package computes
	// from it (shape.go; one type per shape in rule_*.go).
	shape shape
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
	if x < g.Start {
		return 0, false
	}
	return g.shape.closedValue(x)
}

// closedValues writes g(x), g(x+1), … into dst by ClosedValue's forms, x ≥
// Start, and reports whether the rule has one. One call serves the whole
// run: a row of 10^6 coins valued coin by coin was a call a coin, and the
// call kept the caller's loop on the stack.
func (g *Game) closedValues(x int, dst []Nimber) bool { return g.shape.closedValues(x, dst) }

// inverseClosed returns the coin x ≥ Start with closed-form value v, for
// the rules whose closed form is one-to-one (turning-turtles, mock-turtles,
// twins); ok = false if no coin has value v or the rule is not one-to-one.
func (g *Game) inverseClosed(v Nimber) (x int, known, ok bool) { return g.shape.inverseClosed(v) }

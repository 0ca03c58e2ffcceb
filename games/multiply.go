package games

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/grundy/grundy/impartial"
)

// MultiplyRule is the rule of the multiplication game of HDU 1517: a number
// starts at p = 1 and the players in turn multiply it by a factor k from a set
// K (2..9 in the judge problem); whoever first makes p ≥ n wins.
//
// From p the game depends only on r = ⌈n/p⌉, the factor still missing, since
// ⌈n/(pk)⌉ = ⌈⌈n/p⌉/k⌉: r = 1 is over, and r moves to ⌈r/k⌉. The value G(r)
// is constant on runs of consecutive r, and a run of G can only end where
// some ⌈r/k⌉ leaves a run of smaller r, so the whole function up to 2^64 is a
// short table of runs computed once (NewMultiplyRule). For K = 2..9 the runs of
// P-positions are the intervals (9·18^j, 18^(j+1)]: the closed form "by powers
// of 18" of seed 002, checked in the tests.
type MultiplyRule struct {
	factors []int
	starts  []uint64 // run i covers r in [starts[i], starts[i+1])
	vals    []impartial.Nimber
}

// NewMultiplyRule returns the rule with factor set K (every factor ≥ 2).
func NewMultiplyRule(factors []int) (*MultiplyRule, error) {
	k := slices.Clone(factors)
	slices.Sort(k)
	k = slices.Compact(k)
	if len(k) == 0 {
		return nil, fmt.Errorf("multiply needs at least one factor")
	}
	if k[0] < 2 {
		return nil, fmt.Errorf("multiply factor %d; factors must be at least 2", k[0])
	}
	if len(k) > maxFactors {
		return nil, fmt.Errorf("multiply has %d factors; at most %d", len(k), maxFactors)
	}
	if k[len(k)-1] > 1<<20 {
		return nil, fmt.Errorf("multiply factor %d is too large (at most %d)", k[len(k)-1], 1<<20)
	}
	m := &MultiplyRule{factors: k, starts: []uint64{1}, vals: []impartial.Nimber{0}}
	m.build()
	return m, nil
}

// maxFactors bounds the factor set, so that every value (at most the number
// of factors) fits the 64-bit mex mask.
const maxFactors = 63

// Factors returns the factor set, ascending.
func (m *MultiplyRule) Factors() []int { return slices.Clone(m.factors) }

// runOf returns the index of the run holding r ≥ 1.
func (m *MultiplyRule) runOf(r uint64) int {
	return sort.Search(len(m.starts), func(i int) bool { return m.starts[i] > r }) - 1
}

// valueAt computes G(r) for r ≥ 2 from the runs of smaller r.
func (m *MultiplyRule) valueAt(r uint64) impartial.Nimber {
	var seen uint64
	for _, k := range m.factors {
		q := ceilDiv(r, uint64(k))
		if v := m.vals[m.runOf(q)]; v < 64 {
			seen |= 1 << v
		}
	}
	v := impartial.Nimber(0)
	for seen&(1<<v) != 0 {
		v++
	}
	return v
}

func ceilDiv(a, b uint64) uint64 { return a/b + min(a%b, 1) }

// build extends the runs to cover every r < 2^64. Between events the options
// ⌈r/k⌉ stay in the same runs, so G stays constant; the next event is the
// least k·E_k + 1 over the factors k whose option ⌈r/k⌉ lies in a closed run
// ending at E_k.
func (m *MultiplyRule) build() {
	r := uint64(2)
	for {
		v := m.valueAt(r)
		if v != m.vals[len(m.vals)-1] {
			m.starts = append(m.starts, r)
			m.vals = append(m.vals, v)
		}
		next := uint64(math.MaxUint64)
		open := len(m.starts) - 1 // the run being extended: its end is not known
		for _, k := range m.factors {
			i := m.runOf(ceilDiv(r, uint64(k)))
			if i == open {
				continue
			}
			end := m.starts[i+1] - 1
			if end > (math.MaxUint64-1)/uint64(k) {
				continue
			}
			next = min(next, end*uint64(k)+1)
		}
		if next == math.MaxUint64 || next <= r {
			return
		}
		r = next
	}
}

// Value returns G(r), the value of a position from which the factor r is
// still missing (r = ⌈n/p⌉ ≥ 1).
func (m *MultiplyRule) Value(r uint64) impartial.Nimber { return m.vals[m.runOf(max(r, 1))] }

// Runs returns the number of runs of G below 2^64.
func (m *MultiplyRule) Runs() int { return len(m.starts) }

// Game returns the game with target n ≥ 1.
func (m *MultiplyRule) Game(target uint64) Multiply { return Multiply{rule: m, target: max(target, 1)} }

// Multiply is the multiplication game with a fixed target: a position is the
// current product p ≥ 1; every product ≥ n is written n (the game is over).
type Multiply struct {
	rule   *MultiplyRule
	target uint64
}

// Target returns n.
func (g Multiply) Target() uint64 { return g.target }

// Rule returns the game's rule.
func (g Multiply) Rule() *MultiplyRule { return g.rule }

// Moves yields min(p·k, n) for each factor k, smallest first; none when p ≥ n.
func (g Multiply) Moves(p uint64, yield func(uint64) bool) {
	if p >= g.target || p == 0 {
		return
	}
	for _, k := range g.rule.factors {
		q := g.target
		if p < (g.target+uint64(k)-1)/uint64(k) {
			q = p * uint64(k)
		}
		if !yield(q) {
			return
		}
	}
}

// ClosedValue returns G(⌈n/p⌉) from the table of runs.
func (g Multiply) ClosedValue(p uint64) (impartial.Nimber, bool) {
	if p == 0 {
		return 0, false
	}
	return g.rule.Value(ceilDiv(g.target, p)), true
}

// MovesToValue lists the distinct options of value v.
func (g Multiply) MovesToValue(dst []uint64, p uint64, v impartial.Nimber) ([]uint64, bool) {
	g.Moves(p, func(q uint64) bool {
		if w, _ := g.ClosedValue(q); w == v && !slices.Contains(dst, q) {
			dst = append(dst, q)
		}
		return true
	})
	return dst, true
}

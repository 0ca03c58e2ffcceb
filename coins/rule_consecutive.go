package coins

import (
	"context"
	"fmt"
	"strconv"

	"github.com/grundy/grundy/impartial"
)

// consecutive is "turn exactly k consecutive coins": its one move from x
// turns the run x−k+1..x.
type consecutive struct {
	about
	// The plain path for fastValues, inverseClosed.
	noShortcuts
	k int
}

// Consecutive is "turn exactly k consecutive coins", coins from 1: g(x) = 1
// when k divides x, else 0. It panics if k < 1.
func Consecutive(k int) *Game {
	if k < 1 {
		panic("coins: Consecutive needs k ≥ 1")
	}
	return newGame(consecutive{k: k, about: about{spec: "consecutive:" + strconv.Itoa(k), name: fmt.Sprintf("turn %d consecutive coins", k), start: 1,
		rule: fmt.Sprintf("Turn over exactly %d consecutive coins, the rightmost from heads to tails; coins are numbered from 1.", k)}})
}

func (c consecutive) eachTurn(x int, yield func(turn) bool) {
	if lo := x - c.k + 1; lo >= c.start {
		yield(turn{run: true, lo: lo, x: x})
	}
}

func (c consecutive) turnCount(x int) float64 {
	if x-c.k+1 >= c.start {
		return 1
	}
	return 0
}

// plainValues: the move turns x−k+1..x, whose value is the XOR of
// g(x−k+1..x−1), kept as a sliding XOR (O(N)).
func (c consecutive) plainValues(ctx context.Context, vals []Nimber, b impartial.Budget) error {
	work := workMeter{budget: b}
	var run Nimber // the XOR of the k−1 coins left of x
	for i := range vals {
		if err := work.coin(ctx, i, 1); err != nil {
			return err
		}
		if i >= c.k {
			run ^= vals[i-c.k]
		}
		if i >= c.k-1 {
			if run == 0 {
				vals[i] = 1
			}
		}
		run ^= vals[i]
	}
	return nil
}

// closedValue: g(x) = 1 iff k divides x.
func (c consecutive) closedValue(x int) (Nimber, bool) {
	if x%c.k == 0 {
		return 1, true
	}
	return 0, true
}

func (c consecutive) closedValues(x int, dst []Nimber) bool {
	for i := range dst {
		dst[i] = 0
		if (x+i)%c.k == 0 {
			dst[i] = 1
		}
	}
	return true
}

// runXor: g(i) = 1 iff k | i, so the XOR over lo..hi is the parity of the
// multiples of k in it.
func (c consecutive) runXor(lo, hi int) (Nimber, bool) {
	if lo > hi {
		return 0, true
	}
	return Nimber((hi/c.k - (lo-1)/c.k) & 1), true
}

// turnsTo: the one move turns the run x−k+1..x; its other coins XOR to 1
// unless k divides x (runXor).
func (c consecutive) turnsTo(ctx context.Context, _ *Solver, x int, t Nimber, m *moveMeter, yield func(turn) bool) (bool, error) {
	lo := x - c.k + 1
	if lo < c.start {
		return true, nil
	}
	if err := m.step(ctx, 1); err != nil {
		return true, err
	}
	if r, _ := c.runXor(lo, x-1); r == t {
		yield(turn{run: true, lo: lo, x: x})
	}
	return true, nil
}

func (consecutive) turnsToCost(int) (float64, bool) { return 1, true }

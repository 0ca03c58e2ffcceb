package coins

import (
	"context"

	"github.com/grundy/grundy/impartial"
)

// twins is "turn exactly two coins" (Winning Ways), coins from 0: every
// earlier coin is the other coin of a move, so g(x) = x.
type twins struct {
	about
	// The plain path for fastValues, runXor.
	noShortcuts
}

// Twins is "turn exactly two coins" (Winning Ways), coins from 0: g(x) = x.
func Twins() *Game {
	return newGame(twins{about: about{spec: "twins", name: "Twins", start: 0,
		rule: "Turn over exactly two coins, the rightmost from heads to tails; coins are numbered from 0."}})
}

func (w twins) eachTurn(x int, yield func(turn) bool) {
	buf := make([]int, 0, 4)
	list := listTurns(x, yield)
	for y := w.start; y < x; y++ {
		if !list(append(buf[:0], y)) {
			return
		}
	}
}

func (w twins) turnCount(x int) float64 { return float64(x - w.start) }

// plainValues: the options of x are g(y) for every y < x, so one running
// set of the values so far suffices (O(N)).
func (twins) plainValues(ctx context.Context, vals []Nimber, b impartial.Budget) error {
	work := workMeter{budget: b}
	var seen bitset
	mex := Nimber(0)
	for i := range vals {
		if err := work.coin(ctx, i, 1); err != nil {
			return err
		}
		for seen.has(mex) {
			mex++
		}
		vals[i] = mex
		seen.set(mex)
	}
	return nil
}

// closedValue: g(x) = x − start.
func (w twins) closedValue(x int) (Nimber, bool) { return Nimber(x - w.start), true }

func (w twins) closedValues(x int, dst []Nimber) bool {
	for i := range dst {
		dst[i] = Nimber(x + i - w.start)
	}
	return true
}

func (w twins) inverseClosed(v Nimber) (int, bool, bool) {
	if v > MaxCoin {
		return 0, true, false
	}
	return int(v) + w.start, true, true
}

// turnsTo: g is one-to-one, so the other coin is g⁻¹(t).
func (twins) turnsTo(ctx context.Context, s *Solver, x int, t Nimber, m *moveMeter, yield func(turn) bool) (bool, error) {
	return true, s.turnsToByInverse(ctx, x, t, m, inversion{maxSize: 1}, yield)
}

func (twins) turnsToCost(int) (float64, bool) { return 1, true }

package coins

import (
	"context"

	"github.com/grundy/grundy/impartial"
)

// grunt is "turn four symmetric coins 0, y, x−y, x" (Winning Ways).
type grunt struct {
	about
	// No shortcut: Grundy's game has no known closed form.
	noShortcuts
}

// Grunt is "turn four symmetric coins 0, y, x−y, x" (Winning Ways), coins
// from 0, with 0 < y < x−y: g(x) is the value of a heap of x in Grundy's
// game (split a heap into two unequal heaps).
func Grunt() *Game {
	return newGame(grunt{about: about{spec: "grunt", name: "Grunt", start: 0,
		rule:       "Turn over four coins 0, y, x−y and x with 0 < y < x−y, coin x from heads to tails; coins are numbered from 0.",
		closedForm: "g(x) = G(x) of Grundy's game (Winning Ways ch. 14)",
		oeis:       "A002188"}})
}

func (grunt) eachTurn(x int, yield func(turn) bool) {
	buf := make([]int, 0, 4)
	list := listTurns(x, yield)
	for y := 1; y < x-y; y++ {
		if !list(append(buf[:0], 0, y, x-y)) {
			return
		}
	}
}

func (grunt) turnCount(x int) float64 { return float64((x - 1) / 2) }

// plainValues: the move turning 0, y, x−y, x has value g(0) ⊕ g(y) ⊕
// g(x−y), and g(0) = 0 (O(N²)).
func (grunt) plainValues(ctx context.Context, vals []Nimber, b impartial.Budget) error {
	work := workMeter{budget: b}
	var m mexer
	for x := range vals { // coins from 0
		if err := work.coin(ctx, x, int64(x)); err != nil {
			return err
		}
		m.reset()
		for y := 1; y < x-y; y++ {
			m.mark(vals[0] ^ vals[y] ^ vals[x-y])
		}
		vals[x] = m.mex()
	}
	return nil
}

package coins

import (
	"context"

	"github.com/grundy/grundy/impartial"
)

// distance is "turn x and x−d for d in set": Twins with distances
// (TwinsAt), or, with coin 0 off the board, a subtraction game
// (Subtraction).
type distance struct {
	about
	// The plain path for fastValues, inverseClosed, runXor, turnsTo (and
	// its cost).
	noShortcuts
	set []int // the distances, ascending
	// virtual: coin 0 is off the board, so turning x and x−d with x−d = 0
	// turns x alone (a subtraction game on coins 1, 2, …).
	virtual bool
}

// TwinsAt is the variant of Twins in seed 001: turn exactly two coins whose
// distance is in set, coins from 0. For set {1, …, m}, g(x) = x mod (m+1).
func TwinsAt(set []int) (*Game, error) {
	s, err := checkSet(set)
	if err != nil {
		return nil, err
	}
	return newGame(distance{set: s, about: about{spec: "twins:" + formatSet(s), name: "Twins at distance {" + formatSetWords(s) + "}", start: 0,
		rule: "Turn over exactly two coins at a distance in {" + formatSetWords(s) + "}, the right one from heads to tails; coins are numbered from 0."}}), nil
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
	return newGame(distance{set: s, virtual: true, about: about{spec: "subtraction:" + formatSet(s), name: "subtraction coins {" + formatSetWords(s) + "}", start: 1,
		rule: "Turn over a coin x from heads to tails and also coin x−s for some s in {" + formatSetWords(s) + "} (only x when x−s = 0); coins are numbered from 1."}}), nil
}

func (d distance) eachTurn(x int, yield func(turn) bool) {
	buf := make([]int, 0, 4)
	list := listTurns(x, yield)
	for _, s := range d.set {
		y := x - s
		switch {
		case y >= d.start:
			if !list(append(buf[:0], y)) {
				return
			}
		case y == 0 && d.virtual:
			if !list(buf[:0]) {
				return
			}
		}
	}
}

func (d distance) turnCount(x int) float64 {
	count := 0
	for _, s := range d.set {
		if y := x - s; y >= d.start || y == 0 && d.virtual {
			count++
		}
	}
	return float64(count)
}

// plainValues: O(|S|) options a coin.
func (d distance) plainValues(ctx context.Context, vals []Nimber, b impartial.Budget) error {
	work := workMeter{budget: b}
	var m mexer
	for i := range vals {
		x := d.start + i
		if err := work.coin(ctx, i, int64(len(d.set))); err != nil {
			return err
		}
		m.reset()
		for _, s := range d.set {
			switch y := x - s; {
			case y >= d.start:
				m.mark(vals[y-d.start])
			case y == 0 && d.virtual:
				m.mark(0)
			}
		}
		vals[i] = m.mex()
	}
	return nil
}

// closedValue: for S = {1, …, m}, g(x) = x mod (m+1), both as Twins at
// those distances (from 0) and as the subtraction game (from 1).
func (d distance) closedValue(x int) (Nimber, bool) {
	m := len(d.set)
	if d.set[m-1] != m { // not {1, …, m}
		return 0, false
	}
	return Nimber(x % (m + 1)), true
}

func (d distance) closedValues(x int, dst []Nimber) bool {
	m := len(d.set)
	if d.set[m-1] != m { // not {1, …, m}
		return false
	}
	for i := range dst {
		dst[i] = Nimber((x + i) % (m + 1))
	}
	return true
}

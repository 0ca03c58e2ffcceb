package coins

import (
	"context"
	"fmt"
	"math/bits"
	"strconv"

	"github.com/grundy/grundy/impartial"
)

// upTo is "turn from one to k coins": One (k = 1), Turning Turtles (2),
// Mock Turtles (3), Moebius (5), Mogul (7), UpTo(k).
type upTo struct {
	about
	// The plain path for runXor.
	noShortcuts
	k int
}

// One is "turn one coin": g(x) = 1 (coins 1, 2, …).
func One() *Game {
	return newGame(upTo{k: 1, about: about{spec: "one", name: "turn one coin", start: 1,
		rule: "Turn over one coin, from heads to tails; coins are numbered from 1."}})
}

// TurningTurtles is "turn one or two coins" (hihoCoder 1172): g(x) = x with
// coins numbered from 1.
func TurningTurtles() *Game {
	return newGame(upTo{k: 2, about: about{spec: "turning-turtles", name: "Turning Turtles", start: 1,
		rule: "Turn over one or two coins, the rightmost from heads to tails; coins are numbered from 1."}})
}

// MockTurtles is "turn one, two or three coins" (HDU 3537) with coins
// numbered from 0: g(x) is the x-th odious number (2x or 2x+1, whichever has
// an odd number of 1 bits).
func MockTurtles() *Game {
	return newGame(upTo{k: 3, about: about{spec: "mock-turtles", name: "Mock Turtles", start: 0,
		rule:       "Turn over one, two or three coins, the rightmost from heads to tails; coins are numbered from 0.",
		closedForm: "g(x) = the x-th odious number, 2x or 2x+1 (Winning Ways ch. 14)",
		// The odious numbers, a(1) = 1 for coin 0.
		oeis: "A000069", oeisShift: -1}})
}

// Moebius is "turn up to five coins" (Winning Ways ch. 14), coins from 0.
func Moebius() *Game { return newGame(upToFrom0(5, "moebius", "Moebius")) }

// Mogul is "turn up to seven coins" (Winning Ways ch. 14), coins from 0.
func Mogul() *Game { return newGame(upToFrom0(7, "mogul", "Mogul")) }

// UpTo is "turn from one to k coins", coins numbered from 0 (as Mock Turtles,
// Moebius and Mogul are, which are UpTo(3), UpTo(5) and UpTo(7)).
// It panics if k < 1.
func UpTo(k int) *Game {
	if k < 1 {
		panic("coins: UpTo needs k ≥ 1")
	}
	return newGame(upToFrom0(k, "up-to:"+strconv.Itoa(k), fmt.Sprintf("turn up to %d coins", k)))
}

func upToFrom0(k int, spec, name string) upTo {
	return upTo{k: k, about: about{spec: spec, name: name, start: 0,
		rule: fmt.Sprintf("Turn over from 1 to %d coins, the rightmost from heads to tails; coins are numbered from 0.", k)}}
}

// eachTurn yields the subsets of [start, x) of size 0..k−1, smallest
// first.
func (u upTo) eachTurn(x int, yield func(turn) bool) {
	buf := make([]int, 0, 4)
	list := listTurns(x, yield)
	for size := 0; size < u.k && size <= x-u.start; size++ {
		if !combinations(u.start, x, size, buf[:0], list) {
			return
		}
	}
}

// turnCount is the number of subsets of the x−start coins left of x of
// size below k.
func (u upTo) turnCount(x int) float64 {
	n := float64(x - u.start)
	total, c := 0.0, 1.0
	for s := 0; s < u.k && float64(s) <= n; s++ {
		total += c
		c = c * (n - float64(s)) / float64(s+1)
	}
	return total
}

// plainValues keeps, for j < k, the set of XORs of at most j earlier values
// as a bitset (upToValues).
func (u upTo) plainValues(ctx context.Context, vals []Nimber, b impartial.Budget) error {
	return upToValues(ctx, u.k, vals, b)
}

// closedValue: g = 1 for k = 1, x − start + 1 for k = 2 (Turning
// Turtles), the (x − start)-th odious number for k = 3 (Mock Turtles).
func (u upTo) closedValue(x int) (Nimber, bool) {
	switch u.k {
	case 1:
		return 1, true
	case 2:
		return Nimber(x - u.start + 1), true
	case 3:
		return Odious(x - u.start), true
	}
	return 0, false
}

// closedValues: closedValue's forms, with the switch out of the loop.
func (u upTo) closedValues(x int, dst []Nimber) bool {
	switch u.k {
	case 1:
		for i := range dst {
			dst[i] = 1
		}
	case 2:
		for i := range dst {
			dst[i] = Nimber(x + i - u.start + 1)
		}
	case 3:
		for i := range dst {
			dst[i] = Odious(x + i - u.start)
		}
	default:
		return false
	}
	return true
}

// fastValues: turning up to 2m+1 coins is turning up to 2m coins behind a
// "mock turtle" of value 0, plus a parity bit: g_{2m+1}(x) = 2h + (1 if h
// has an even number of 1 bits), where h = 0 for x = 0 and h = g_{2m}(x−1)
// after (the extended lexicode; Winning Ways ch. 14 for Mock Turtles,
// Conway & Sloane 1986).
func (u upTo) fastValues(ctx context.Context, to int, b impartial.Budget) ([]Nimber, bool, error) {
	if u.k%2 == 0 || u.k == 1 {
		return nil, false, nil
	}
	even := newGame(upTo{k: u.k - 1, about: about{start: u.start}})
	h, err := even.PlainValues(ctx, to-1, b)
	if err != nil {
		return nil, true, err
	}
	vals := make([]Nimber, to-u.start+1)
	vals[0] = parityExtend(0)
	for i := 1; i < len(vals); i++ {
		vals[i] = parityExtend(h[i-1])
	}
	return vals, true, nil
}

func parityExtend(h Nimber) Nimber {
	v := h << 1
	if bits.OnesCount64(uint64(h))%2 == 0 {
		v |= 1
	}
	return v
}

// inverseClosed inverts the one-to-one closed forms of Turning Turtles
// (k = 2) and Mock Turtles (k = 3).
func (u upTo) inverseClosed(v Nimber) (int, bool, bool) {
	switch u.k {
	case 2:
		if v == 0 || v > MaxCoin {
			return 0, true, false
		}
		return int(v) + u.start - 1, true, true
	case 3:
		if bits.OnesCount64(uint64(v))%2 == 0 || v>>1 > MaxCoin {
			return 0, true, false
		}
		return int(v>>1) + u.start, true, true
	}
	return 0, false, false
}

// turnsTo: for k ≥ 2, g is strictly increasing, so the last other coin is
// found by inverting it (Solver.turnsToByInverse). Mock Turtles values are
// odious and two odious numbers XOR to an evil one: no pair of other coins
// reaches an odious t.
func (u upTo) turnsTo(ctx context.Context, s *Solver, x int, t Nimber, m *moveMeter, yield func(turn) bool) (bool, error) {
	if u.k < 2 {
		return false, nil
	}
	inv := inversion{alone: true, maxSize: u.k - 1}
	if u.k == 3 {
		inv.skip = func(size int, t Nimber) bool { return size == 2 && bits.OnesCount64(uint64(t))%2 == 1 }
	}
	return true, s.turnsToByInverse(ctx, x, t, m, inv, yield)
}

// turnsToCost: turnsToByInverse tries the combinations of all but the
// last other coin, as many as the moves of UpTo(k−1).
func (u upTo) turnsToCost(x int) (float64, bool) {
	if u.k < 2 {
		return 0, false
	}
	return upTo{k: u.k - 1, about: about{start: u.start}}.turnCount(x), true
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

// upToValues fills vals with g(0..) for "turn up to k coins".
// layer[j−1] holds the XORs of at most j earlier values, j = 1..k−1.
func upToValues(ctx context.Context, k int, vals []Nimber, b impartial.Budget) error {
	if k == 1 {
		for i := range vals {
			vals[i] = 1
		}
		return nil
	}
	work := workMeter{budget: b}
	layers := make([][]uint64, k-1)
	for j := range layers {
		layers[j] = []uint64{1} // {0}: the empty XOR
	}
	top := layers[k-2]
	mex := Nimber(0)
	for i := range vals {
		work.add(int64(len(top)) * int64(k-2))
		if i%256 == 0 || work.steps > valuesPoll {
			if err := work.check(ctx); err != nil {
				return err
			}
		}
		for mex < Nimber(len(top))*64 && top[mex>>6]>>(mex&63)&1 != 0 {
			mex++
		}
		v := mex
		vals[i] = v
		if v >= Nimber(len(top))*64 {
			w := len(top)
			for Nimber(w)*64 <= v {
				w *= 2
			}
			if b.MaxMemory > 0 && int64(w)*8*int64(k-1)+int64(len(vals))*8 > b.MaxMemory {
				return &impartial.BudgetError{Limit: impartial.LimitMemory, Max: b.MaxMemory}
			}
			for j := range layers {
				grown := make([]uint64, w)
				copy(grown, layers[j])
				layers[j] = grown
			}
			top = layers[k-2]
		}
		// Invariant: layers[j] = XORs of at most j+1 of vals[:i]; add v.
		// The mex only grows, so the top layer is needed from v's word on.
		for j := k - 2; j >= 1; j-- {
			from := 0
			if j == k-2 {
				from = int(v >> 6)
			}
			xorTranslateOr(layers[j], layers[j-1], v, from)
		}
		layers[0][v>>6] |= 1 << (v & 63)
	}
	return nil
}

var swapMasks = [6]uint64{
	0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f,
	0x00ff00ff00ff00ff, 0x0000ffff0000ffff, 0x00000000ffffffff,
}

// xorTranslateOr sets dst |= {s ^ v : s in src}, on the words of dst from
// word from on, for bitsets of equal power-of-two length with v < 64·len.
func xorTranslateOr(dst, src []uint64, v Nimber, from int) {
	hi, lo := int(v>>6), uint(v&63)
	for d := from; d < len(dst); d++ {
		word := src[d^hi]
		if word == 0 {
			continue
		}
		for b := uint(0); b < 6; b++ {
			if lo>>b&1 != 0 {
				s := uint(1) << b
				word = (word&swapMasks[b])<<s | (word>>s)&swapMasks[b]
			}
		}
		dst[d] |= word
	}
}

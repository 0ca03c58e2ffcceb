package games

import (
	"context"

	"github.com/grundy/grundy/impartial"
)

// Nim is the game of Nim on one heap: a move removes any positive number of
// tokens. A Nim position with several heaps is the sum of its heaps.
type Nim struct{}

// Moves yields the heaps h-1, h-2, …, 0 (take 1, take 2, …, take all).
func (Nim) Moves(h int, yield func(int) bool) {
	for k := h - 1; k >= 0; k-- {
		if !yield(k) {
			return
		}
	}
}

// ClosedValue returns G(h) = h (Bouton).
func (Nim) ClosedValue(h int) (impartial.Nimber, bool) {
	if h < 0 {
		return 0, false
	}
	return impartial.Nimber(h), true
}

// MovesToValue returns the one option of value v, the heap v, when v < h.
func (Nim) MovesToValue(dst []int, h int, v impartial.Nimber) ([]int, bool) {
	if v < impartial.Nimber(h) {
		dst = append(dst, int(v))
	}
	return dst, true
}

// MisereOutcome applies Bouton's misère rule: with some heap of two or more
// tokens the outcome is the normal-play one; otherwise the player to move
// loses exactly when the number of 1-heaps is odd.
func (Nim) MisereOutcome(heaps []int) (impartial.Outcome, bool) {
	var x, ones int
	big := false
	for _, h := range heaps {
		x ^= h
		switch {
		case h == 1:
			ones++
		case h > 1:
			big = true
		}
	}
	if big {
		return impartial.OutcomeOf(impartial.Nimber(x)), true
	}
	if ones%2 == 1 {
		return impartial.P, true
	}
	return impartial.N, true
}

// MisereWinningMoves lists every misère winning move of the sum of heaps
// hs by Bouton's rule (Bouton 1902; Winning Ways ch. 13): with two or more
// heaps of two or more tokens the winning moves are those of normal play
// (they leave at least one such heap, where misère and normal outcomes
// agree); with exactly one, the only winning move shrinks it to 0 or 1 so
// that an odd number of 1-heaps is left; with none, taking any 1-heap wins
// when their number is even.
func (Nim) MisereWinningMoves(_ context.Context, hs []int, limit int) ([]impartial.Move[int], int64, bool) {
	var x, ones, big, bigAt int
	for i, h := range hs {
		x ^= h
		switch {
		case h == 1:
			ones++
		case h > 1:
			big++
			bigAt = i
		}
	}
	var out []impartial.Move[int]
	switch {
	case big >= 2:
		for i, h := range hs {
			if t := h ^ x; x != 0 && t < h {
				out = append(out, impartial.Move[int]{Index: i, To: t})
			}
		}
	case big == 1:
		to := 1
		if ones%2 == 1 {
			to = 0
		}
		out = append(out, impartial.Move[int]{Index: bigAt, To: to})
	case ones%2 == 0:
		for i, h := range hs {
			if h == 1 {
				out = append(out, impartial.Move[int]{Index: i, To: 0})
			}
		}
	}
	n := int64(len(out))
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, n, true
}

package games

import "github.com/grundy/grundy/impartial"

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

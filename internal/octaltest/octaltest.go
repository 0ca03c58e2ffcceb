// Package octaltest plays the take-and-break games of package octal on
// the generic engine (package impartial), for tests: the brute-force
// oracle, misère play and remoteness check octal's kernels and are checked
// on octal's games through it. Nim-sequences come from octal.Computer; the
// catalog's games reach the engine through octal.Valued.
package octaltest

import (
	"slices"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/octal"
)

// MaxHeaps is the number of heaps a Heaps position holds.
const MaxHeaps = 8

// Heaps is a position of the generic engine: up to MaxHeaps heaps, sizes
// in decreasing order, unused slots 0. A single heap h is Heaps{h}.
type Heaps [MaxHeaps]int32

// HeapsOf returns the position holding the given heaps (zeros dropped).
// It returns ok = false if there are more than MaxHeaps non-empty heaps.
func HeapsOf(hs ...int) (Heaps, bool) {
	var p Heaps
	i := 0
	for _, h := range hs {
		if h == 0 {
			continue
		}
		if i == MaxHeaps || h < 0 || h > 1<<31-1 {
			return Heaps{}, false
		}
		p[i] = int32(h)
		i++
	}
	slices.SortFunc(p[:i], func(a, b int32) int { return int(b - a) })
	return p, true
}

// Sizes returns the non-empty heaps of p.
func (p Heaps) Sizes() []int {
	var out []int
	for _, h := range p {
		if h > 0 {
			out = append(out, int(h))
		}
	}
	return out
}

// Engine is an octal.Game seen by the generic engine: positions are Heaps,
// Components splits them into single heaps, and Index memoizes single
// heaps densely.
type Engine struct{ octal.Game }

var (
	_ impartial.Splitter[Heaps] = Engine{}
	_ impartial.Indexer[Heaps]  = Engine{}
)

// Moves yields the options of p: every move in one of its heaps. The result
// of a move must fit in MaxHeaps heaps; moves that would not fit are left
// out, so Moves is exact for positions of at most MaxHeaps−2 heaps (the
// engine only asks for the moves of single heaps).
func (e Engine) Moves(p Heaps, yield func(Heaps) bool) {
	sizes := p.Sizes()
	for i, h := range sizes {
		rest := slices.Delete(slices.Clone(sizes), i, i+1)
		if i > 0 && sizes[i-1] == h {
			continue // same heap size as the previous: same options
		}
		ok := true
		e.Options(h, func(_ int, parts []int) bool {
			q, fits := HeapsOf(append(slices.Clone(rest), parts...)...)
			if fits && !yield(q) {
				ok = false
				return false
			}
			return true
		})
		if !ok {
			return
		}
	}
}

// Components yields the single heaps of p.
func (e Engine) Components(p Heaps, yield func(Heaps) bool) {
	for _, h := range p {
		if h > 0 && !yield(Heaps{h}) {
			return
		}
	}
}

// Index maps a single heap h to h.
func (e Engine) Index(p Heaps) (int, bool) {
	if p[1] != 0 {
		return 0, false
	}
	return int(p[0]), p[0] < 1<<24
}

// IndexLimit bounds the dense memo.
func (e Engine) IndexLimit() int { return 1 << 24 }

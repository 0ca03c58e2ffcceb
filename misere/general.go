package misere

import (
	"context"
	"fmt"

	"github.com/grundy/grundy/impartial"
)

// PositionRules are the heap rules of a finite set of positions of any
// game, for the misère quotient of the sums of those positions and their
// followers (MisereSolver's general mode): the closure of the positions
// under options, each option split into its components when the game is an
// impartial.Splitter, numbered 1, 2, … so that the components of every
// option come before the position (a depth-first post-order). "Heap" i is
// position i; heap 0 is the empty sum. Compute(ctx, r, r.Len(), s) is then
// the quotient of the closed set the positions generate: a sum of its
// positions is a misère P-position exactly when the product of their
// images is in the P-portion. No periodicity theorem applies.
type PositionRules[P comparable] struct {
	pos   []P       // pos[i−1] is heap i
	opts  [][][]int // the components of each option, as heaps
	index map[P]int
	split func(P) []P
}

// Positions returns the rules of the closure of roots under options (and
// components), within the budget of settings: at most MaxPositions
// positions, MoveLimit() options of one position, and MaxMemory bytes
// held for them (estimated; a zero field is no limit; past a limit an
// *impartial.BudgetError). A cycle of moves is an *impartial.CycleError
// (its positions written by settings.Format): quotients need games that
// end. The roots are split into components too.
func Positions[P comparable](ctx context.Context, g impartial.Game[P], roots []P, settings impartial.Settings) (*PositionRules[P], error) {
	b := settings.Budget
	split, _ := g.(impartial.Splitter[P])
	components := func(p P) []P {
		if split == nil {
			return []P{p}
		}
		var out []P
		split.Components(p, func(c P) bool { out = append(out, c); return true })
		return out
	}
	r := &PositionRules[P]{index: map[P]int{}, split: components}
	const open = -1
	type frame struct {
		p      P
		opts   [][]P
		oi, pj int // the next component: option oi, part pj
	}
	var stack []frame
	steps := 0
	moveLimit := b.MoveLimit()
	// held estimates the bytes held: per position its entry in the index
	// and the list, per component of an option its number (the positions
	// themselves are counted as posBytes each, their size unknown here).
	var held int64
	push := func(p P) error {
		if b.MaxPositions > 0 && int64(len(r.index)) >= b.MaxPositions {
			return &impartial.BudgetError{Limit: impartial.LimitPositions, Max: b.MaxPositions, What: "the positions of the closed set"}
		}
		r.index[p] = open
		var opts [][]P
		var bad error
		parts := 0
		g.Moves(p, func(q P) bool {
			if moveLimit > 0 && int64(len(opts)) >= moveLimit {
				bad = &impartial.BudgetError{Limit: impartial.LimitMoves, Max: moveLimit, What: "the moves of one position of the closed set"}
				return false
			}
			cs := components(q)
			parts += len(cs)
			opts = append(opts, cs)
			return true
		})
		if bad != nil {
			return bad
		}
		held += 3*posBytes + 24*int64(len(opts)) + 8*int64(parts)
		if b.MaxMemory > 0 && held > b.MaxMemory {
			return &impartial.BudgetError{Limit: impartial.LimitMemory, Max: b.MaxMemory, What: fmt.Sprintf("the %d positions of the closed set", len(r.index))}
		}
		stack = append(stack, frame{p: p, opts: opts})
		return nil
	}
	visit := func(root P) error {
		if _, ok := r.index[root]; ok {
			return nil
		}
		if err := push(root); err != nil {
			return err
		}
		for len(stack) > 0 {
			if steps++; steps&1023 == 0 {
				if err := ctxError(ctx); err != nil {
					return err
				}
			}
			f := &stack[len(stack)-1]
			for f.oi < len(f.opts) && f.pj == len(f.opts[f.oi]) {
				f.oi, f.pj = f.oi+1, 0
			}
			if f.oi < len(f.opts) {
				c := f.opts[f.oi][f.pj]
				f.pj++
				switch i, ok := r.index[c]; {
				case !ok:
					if err := push(c); err != nil {
						return err
					}
				case i == open:
					start := 0
					for i, f := range stack {
						if f.p == c {
							start = i
						}
					}
					e := &impartial.CycleError{}
					for _, f := range stack[start:] {
						if settings.Format != nil {
							e.Cycle = append(e.Cycle, settings.Format(f.p))
						} else {
							e.Cycle = append(e.Cycle, fmt.Sprint(f.p))
						}
					}
					return e
				}
				continue
			}
			// Every component of every option has its number: number p.
			r.pos = append(r.pos, f.p)
			h := len(r.pos)
			r.index[f.p] = h
			hs := make([][]int, len(f.opts))
			for k, o := range f.opts {
				hs[k] = make([]int, len(o))
				for j, c := range o {
					hs[k][j] = r.index[c]
				}
			}
			r.opts = append(r.opts, hs)
			stack = stack[:len(stack)-1]
		}
		return nil
	}
	for _, p := range roots {
		for _, c := range components(p) {
			if err := visit(c); err != nil {
				return nil, err
			}
		}
	}
	return r, nil
}

// posBytes is what one position is counted as in Positions' estimate of
// the memory held (a map entry, a slot of a list).
const posBytes = 48

func (r *PositionRules[P]) unit() string { return "position" }

// Len returns the number of positions (the largest heap).
func (r *PositionRules[P]) Len() int { return len(r.pos) }

// Position returns the position numbered heap (1..Len()).
func (r *PositionRules[P]) Position(heap int) P { return r.pos[heap-1] }

// Heap returns the number of a position of the closed set (an atomic
// component).
func (r *PositionRules[P]) Heap(p P) (int, bool) {
	i, ok := r.index[p]
	return i, ok && i > 0
}

// Heaps returns the heaps of a position (of a sum: of each of its
// parts) split into its components, as Positions split the roots: the
// numbers of the components, false when one is not in the closed set.
// The quotient's product of their images is the position's image.
func (r *PositionRules[P]) Heaps(ps ...P) ([]int, bool) {
	var out []int
	for _, p := range ps {
		for _, c := range r.split(p) {
			h, ok := r.Heap(c)
			if !ok {
				return nil, false
			}
			out = append(out, h)
		}
	}
	return out, true
}

// HeapOptions yields the options of position n as the numbers of their
// components.
func (r *PositionRules[P]) HeapOptions(n int, yield func([]int) bool) error {
	if n <= 0 || n > len(r.pos) {
		return nil
	}
	for _, o := range r.opts[n-1] {
		if !yield(o) {
			return nil
		}
	}
	return nil
}

package misere

import (
	"context"
	"fmt"
	"strconv"

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
	pos    []P       // pos[i−1] is heap i
	opts   [][][]int // the components of each option, as heaps
	index  map[P]int
	split  impartial.Splitter[P]
	format func(P) string
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
	r := &PositionRules[P]{index: map[P]int{}, split: split, format: formatter[P](settings)}
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
	// work counts the options listed and their components: the context is
	// checked every closureWork of them, and the memory as each option is
	// added, so that neither one position's long list of moves nor many
	// positions' run past the deadline or the budget (issue 45: the
	// closure of nim 100000 checked its context every 1024 positions, each
	// listing up to 100000 options, and its memory only after a list).
	work := 0
	memoryError := func() error {
		return &impartial.BudgetError{Limit: impartial.LimitMemory, Max: b.MaxMemory, What: fmt.Sprintf("the %d positions of the closed set", len(r.index))}
	}
	push := func(p P) error {
		if b.MaxPositions > 0 && int64(len(r.index)) >= b.MaxPositions {
			return &impartial.BudgetError{Limit: impartial.LimitPositions, Max: b.MaxPositions, What: "the positions of the closed set"}
		}
		r.index[p] = open
		var opts [][]P
		var bad error
		parts := 0
		held += 3 * posBytes
		g.Moves(p, func(q P) bool {
			if moveLimit > 0 && int64(len(opts)) >= moveLimit {
				bad = &impartial.BudgetError{Limit: impartial.LimitMoves, Max: moveLimit, What: "the moves of one position of the closed set"}
				return false
			}
			cs := components(split, q, nil)
			parts += len(cs)
			opts = append(opts, cs)
			if held += 24 + 8*int64(len(cs)); b.MaxMemory > 0 && held > b.MaxMemory {
				bad = memoryError()
				return false
			}
			if work += 1 + len(cs); work >= closureWork {
				work = 0
				if bad = ctxError(ctx); bad != nil {
					return false
				}
			}
			return true
		})
		if bad != nil {
			return bad
		}
		if b.MaxMemory > 0 && held > b.MaxMemory {
			return memoryError()
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
					return cycleError(stack, func(f frame) P { return f.p }, c, r.format)
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
		for _, c := range components(split, p, nil) {
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

// closureWork is how many options (and their components) Positions lists
// between two checks of its context: well under a millisecond of work for
// the games' move generators.
const closureWork = 1 << 12

func (r *PositionRules[P]) unit() string { return "position" }

// Len returns the number of positions (the largest heap).
func (r *PositionRules[P]) Len() int { return len(r.pos) }

// Position returns the position numbered heap (1..Len()).
func (r *PositionRules[P]) Position(heap int) P { return r.pos[heap-1] }

// Name returns the position numbered heap (1..Len()) written out, as
// Positions' settings.Format writes it (fmt.Sprint when it is nil).
func (r *PositionRules[P]) Name(heap int) string { return r.format(r.pos[heap-1]) }

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
		for _, c := range components(r.split, p, nil) {
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

// positionNamer is implemented by PositionRules: what a quotient of
// positions needs to name its "heaps".
type positionNamer interface {
	Len() int
	Name(heap int) string
}

// PositionsSummary is a quotient of positions (computed over
// PositionRules) as data: Summary's presentation with every "heap" named
// by its position, and the positions asked about with their images. It is
// what `grundy misere quotient GAME --position P … --json` prints (after
// the game) and /api/misere/quotient?position=… returns.
type PositionsSummary struct {
	// Positions are the positions asked for, each with its image (the
	// product of its components' images) and misère outcome.
	Positions []PositionImage `json:"positions"`
	// Closure is the number of positions of the closed set (components,
	// the empty position included when it occurs).
	Closure int `json:"closure"`
	Size    int `json:"size"`
	PSize   int `json:"p_size"`
	// Status is Computed (the quotient of the whole closed set) or Stopped
	// (a limit stopped it: the quotient of the positions before Stop's, a
	// closed set too).
	Status     string              `json:"status"`
	Stop       *PositionStop       `json:"stop,omitempty"`
	Generators []PositionGenerator `json:"generators"`
	Relations  []string            `json:"relations"`
	Elements   []string            `json:"elements"`
	PPortion   []string            `json:"p_portion"`
	// Pretending lists every position of the closed set computed, in the
	// order numbered (every component of an option before the position),
	// with its image and outcome.
	Pretending []PositionImage `json:"pretending"`
	// Table is the multiplication table (element indices), present when
	// Size ≤ MaxTable.
	Table [][]int `json:"table,omitempty"`
}

// PositionImage is a position with its image in a misère quotient (the
// element's name) and its misère outcome. Image is empty, and Outcome
// absent, for a position beyond a quotient that was stopped.
type PositionImage struct {
	Position string            `json:"position"`
	Image    string            `json:"image,omitempty"`
	Outcome  impartial.Outcome `json:"outcome,omitempty"`
}

// PositionGenerator is a generator of a quotient of positions: the
// position (of the closed set) whose image it is.
type PositionGenerator struct {
	Name     string `json:"name"`
	Position string `json:"position"`
}

// PositionStop says what stopped a quotient of positions, as Stop does a
// heap game's: the position it was adding (Index of Closure, from 1), the
// order of the quotient of the positions before it, the largest candidate
// built (0: none) and the limit.
type PositionStop struct {
	Position  string `json:"position"`
	Index     int    `json:"index"`
	Size      int    `json:"size"`
	Candidate int    `json:"candidate,omitempty"`
	Reason    string `json:"reason"`
}

// PositionsSummary returns a quotient of positions as data: asked[j] is
// a position asked about, written out, and heaps[j] its components'
// numbers (PositionRules.Heaps). A quotient of rules other than
// PositionRules names its heaps by their numbers.
func (q *Quotient) PositionsSummary(ctx context.Context, asked []string, heaps [][]int) PositionsSummary {
	r, ok := q.rules.(positionNamer)
	if !ok {
		r = heapNames{q.to}
	}
	sum := q.Summary()
	res := PositionsSummary{Closure: r.Len(), Size: sum.Size, PSize: sum.PSize, Status: sum.Status,
		Relations: sum.Relations, Elements: sum.Elements, PPortion: sum.PPortion, Table: sum.Table,
		Generators: []PositionGenerator{}, Positions: []PositionImage{}, Pretending: []PositionImage{}}
	if st := sum.Stop; st != nil {
		res.Stop = &PositionStop{Index: st.Heap, Size: st.Size, Candidate: st.Candidate, Reason: st.Reason}
		if st.Heap >= 1 && st.Heap <= r.Len() {
			res.Stop.Position = r.Name(st.Heap)
		}
	}
	for _, g := range sum.Generators {
		res.Generators = append(res.Generators, PositionGenerator{Name: g.Name, Position: r.Name(g.Heap)})
	}
	image := func(position string, x int) PositionImage {
		return PositionImage{Position: position, Image: q.names[x], Outcome: q.outcome(int32(x))}
	}
	for h := 1; h <= q.to && h <= r.Len(); h++ {
		res.Pretending = append(res.Pretending, image(r.Name(h), int(q.phi[h])))
	}
	for j, pos := range asked {
		if x, err := q.ProductImage(ctx, heaps[j]); err == nil {
			res.Positions = append(res.Positions, image(pos, x))
		} else {
			res.Positions = append(res.Positions, PositionImage{Position: pos})
		}
	}
	return res
}

// heapNames names the heaps 1..n of heap rules by their numbers.
type heapNames struct{ n int }

func (h heapNames) Len() int             { return h.n }
func (h heapNames) Name(heap int) string { return strconv.Itoa(heap) }

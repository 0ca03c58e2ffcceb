package octal

import (
	"context"
	"fmt"
	"slices"

	"github.com/grundy/grundy/impartial"
)

// Parts is a position of the analysis path (impartial.Analyze): a single
// heap, or the heaps one move leaves in place of a heap (at most
// MaxPartsHeld: three for hexadecimal codes, more for take-and-break codes
// of CGSuite's syntax), sizes in decreasing order, unused slots 0. Unlike
// Heaps it holds heap sizes up to 2^62, which a proved period answers.
type Parts [MaxPartsHeld]int64

// MaxPartsHeld is the most heaps a Parts holds: the analysis path answers
// questions about games whose moves leave at most this many heaps.
const MaxPartsHeld = 8

// PartsOf returns the position holding the given heaps (zeros dropped);
// ok is false if there are more than MaxPartsHeld.
func PartsOf(hs ...int) (Parts, bool) {
	var p Parts
	i := 0
	for _, h := range hs {
		if h == 0 {
			continue
		}
		if i == len(p) || h < 0 {
			return Parts{}, false
		}
		p[i] = int64(h)
		i++
	}
	slices.SortFunc(p[:i], func(a, b int64) int {
		switch {
		case a > b:
			return -1
		case a < b:
			return 1
		}
		return 0
	})
	return p, true
}

// Sizes returns the non-empty heaps of p, largest first.
func (p Parts) Sizes() []int {
	var out []int
	for _, h := range p {
		if h > 0 {
			out = append(out, int(h))
		}
	}
	return out
}

// Valued is a take-and-break game as the analysis path sees it: positions
// are Parts, Components splits them into single heaps, and values come from
// a Computer that Prepare extends to the largest heap asked about (or that
// answers from a proved period, so a heap of 10^12 costs no more than the
// period's proof). Misère play searches the real game (Components keeps the
// search on multisets of heaps).
//
// A Valued holds its computer: use one per question (it is not safe for
// concurrent use).
type Valued struct {
	g Game
	c *Computer
	// err is the move Moves could not yield (Err).
	err error
	// Fail, when set, is called with that error as Moves meets it: the
	// question's owner cancels its context with it as the cause, so that
	// the search stops and its caller learns why (context.Cause).
	Fail func(error)
}

// NewValued returns the game g for the analysis path.
func NewValued(g Game) *Valued { return &Valued{g: g, c: NewComputer(g, Auto)} }

var (
	_ impartial.TargetCounter[Parts] = (*Valued)(nil)
	_ impartial.Splitter[Parts]      = (*Valued)(nil)
	_ impartial.Valuer[Parts]        = (*Valued)(nil)
	_ impartial.Preparer[Parts]      = (*Valued)(nil)
	_ impartial.Indexer[Parts]       = (*Valued)(nil)
	_ impartial.OptionFinder[Parts]  = (*Valued)(nil)
)

// Game returns the take-and-break game.
func (v *Valued) Game() Game { return v.g }

// Moves yields the options of a single heap: every move, as the heaps it
// leaves. For a position of several heaps it yields the moves in each heap
// whose result still fits in Parts (the engine asks for the moves of single
// heaps only: Components splits every position first).
//
// A move that leaves more heaps than a Parts holds (a take-and-break code's
// that may leave more than MaxPartsHeld) cannot be yielded: Moves then
// stops, and yields nothing from then on, and Err (and Fail) reports it, so that a
// list of moves or a closure of positions built from Moves is refused
// rather than given with moves left out.
func (v *Valued) Moves(p Parts, yield func(Parts) bool) {
	if v.err != nil {
		return
	}
	sizes := p.Sizes()
	for i, h := range sizes {
		if i > 0 && sizes[i-1] == h {
			continue // same heap size as the previous: same options
		}
		rest := slices.Delete(slices.Clone(sizes), i, i+1)
		ok := true
		v.g.Options(h, func(_ int, parts []int) bool {
			q, fits := PartsOf(append(slices.Clone(rest), parts...)...)
			if !fits {
				v.err = v.manyHeaps()
				if v.Fail != nil {
					v.Fail(v.err)
				}
				ok = false
				return false
			}
			if !yield(q) {
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

// FindOption returns the option of a single heap p that leaves the heaps
// components (single heaps, in any order), checked by the rules
// (Game.IsMove) instead of by listing the options: found is false when no
// move leaves them. known is false when p is not a single heap, or a
// component not a heap, or there are more than a Parts holds.
func (v *Valued) FindOption(p Parts, components []Parts) (q Parts, found, known bool) {
	if p[1] != 0 || p[0] <= 0 || len(components) > MaxPartsHeld {
		return Parts{}, false, false
	}
	sizes := make([]int, 0, len(components))
	for _, c := range components {
		if c[0] <= 0 || c[1] != 0 {
			return Parts{}, false, false
		}
		sizes = append(sizes, int(c[0]))
	}
	if !v.g.IsMove(int(p[0]), sizes) {
		return Parts{}, false, true
	}
	q, _ = PartsOf(sizes...)
	return q, true, true
}

// Err reports a move Moves met that leaves more heaps than a Parts holds:
// the options it yielded were then incomplete (an
// *impartial.UnsupportedError).
func (v *Valued) Err() error { return v.err }

func (v *Valued) manyHeaps() error {
	return &impartial.UnsupportedError{Msg: fmt.Sprintf("%s may leave more than %d heaps in one move: its values are computed (grundy values), but its moves are not listed", v.g, MaxPartsHeld)}
}

// Components yields the single heaps of p.
func (v *Valued) Components(p Parts, yield func(Parts) bool) {
	for _, h := range p {
		if h > 0 && !yield(Parts{h}) {
			return
		}
	}
}

// Index maps a single heap below 2^24 to its size, for the engine's dense
// memo (misère play never uses it: values come from the computer).
func (v *Valued) Index(p Parts) (int, bool) {
	if p[1] != 0 || p[0] >= 1<<24 {
		return 0, false
	}
	return int(p[0]), true
}

// IndexLimit bounds the dense memo.
func (v *Valued) IndexLimit() int { return 1 << 24 }

// ClosedValue returns the XOR of the heaps' values when the computer holds
// them (or a proved period gives them).
func (v *Valued) ClosedValue(p Parts) (impartial.Nimber, bool) {
	var x uint32
	for _, h := range p {
		if h == 0 {
			continue
		}
		g, ok := v.c.ValueAt(int(h))
		if !ok {
			return 0, false
		}
		x ^= g
	}
	return impartial.Nimber(x), true
}

// Prepare makes the computer answer every heap of ps: it computes the
// nim-sequence up to the largest heap, or, when that is beyond what can be
// computed, far enough for a period to be proved (doubling within the
// budget). Under misère play values are not used and nothing is computed.
func (v *Valued) Prepare(ctx context.Context, ps []Parts, q impartial.Query) error {
	if h := v.g.MaxParts(); (h < 0 || h > MaxPartsHeld) && (q.Misere || !q.ValueOnly) {
		return v.manyHeaps()
	}
	if q.Misere {
		return nil
	}
	top := 0
	for _, p := range ps {
		top = max(top, int(p[0]))
	}
	if err := v.extend(ctx, min(top, 1<<14), q.Budget); err != nil {
		return err
	}
	if _, _, ok := v.c.ProvedPeriod(); ok || top < v.c.Len() {
		return nil
	}
	if top <= MaxHeap {
		return v.extend(ctx, top, q.Budget)
	}
	// Beyond what can be computed: only a proved period can answer. Look
	// for one as far as a question may reasonably ask (periodHunt values),
	// doubling within the budget and stopping as soon as one is proved. The
	// bound is work, not time: the same question gets the same answer on
	// any machine, however loaded (only the caller's deadline may stop it
	// sooner, and then the error says the time ran out).
	for n := 1 << 15; n <= periodHunt; n *= 2 {
		if CheckBudget(n, q.Budget) != nil {
			break
		}
		if err := v.extend(ctx, n, q.Budget); err != nil {
			return err
		}
		if _, _, ok := v.c.ProvedPeriod(); ok {
			return nil
		}
		if n >= plainHunt && v.c.Stats().Kernel == "plain" {
			// Values that are not sparse cost a scan of every pair of
			// heaps (n²/4 pairs for 0.007): 2^16 of them are as much work
			// as 2^19 of a sparse code, and their growth (0.007 reaches
			// 722 by then) leaves little hope of a period soon.
			break
		}
	}
	return &impartial.UnsupportedError{Msg: fmt.Sprintf("heap %d is beyond the values that can be computed (at most %d), and no period of %s is proved from its values to %d; a longer period search may prove one", top, MaxHeap, v.g, v.c.Len()-1)}
}

// periodHunt is how far Prepare computes a nim-sequence in search of a
// proved period for a heap beyond MaxHeap (0.16 proves its period 149459 at
// 360163, within it).
const periodHunt = 1 << 19

// plainHunt is where the period hunt stops when the kernel chosen for the
// values is the plain one (no sparse-space split pays): its work grows as
// the square of the heap. Which kernel is chosen depends on the values
// only, so the bound is still work, never time.
const plainHunt = 1 << 16

func (v *Valued) extend(ctx context.Context, to int, b impartial.Budget) error {
	if to < v.c.Len() {
		return nil
	}
	if err := CheckBudget(to, b); err != nil {
		return err
	}
	err := v.c.Extend(ctx, to)
	if err != nil && ctx.Err() != nil {
		return impartial.ContextError(ctx)
	}
	return err
}

// hugeFrom is the heap from which the moves to a value are counted by the
// residue classes of a proved period (ProvedSequence.MovesTo) instead of
// being enumerated: below it enumerating costs less than a millisecond.
const hugeFrom = 1 << 12

// hugeListed is how many moves are listed explicitly when every move to a
// value is asked for (limit 0) but they are counted by classes: the classes
// describe them all.
const hugeListed = 1000

// CountMovesToValue counts the moves of a single heap n to positions of
// value v through the proved period's residue classes, when the period is
// proved and n is large: their exact number, the first of them, and the
// classes (e.g. "take 2 and split the rest into a and 98−a for every
// a ≡ 3 (mod 12) with 71 ≤ a ≤ 49", a the smaller heap left). Otherwise ok
// is false and the engine enumerates the options.
func (v *Valued) CountMovesToValue(ctx context.Context, p Parts, want impartial.Nimber, limit int, b impartial.Budget) ([]Parts, int64, []impartial.MoveClass, bool, error) {
	if p[1] != 0 || p[0] < hugeFrom || want > impartial.Nimber(^uint32(0)) {
		return nil, 0, nil, false, nil
	}
	seq, ok := v.c.ProvedSequence()
	if !ok || p[0] > MaxHugeHeap {
		return nil, 0, nil, false, nil
	}
	k := limit
	switch {
	case limit < 0:
		k = 0
	case limit == 0:
		k = hugeListed
	}
	ms, err := seq.MovesTo(int(p[0]), uint32(want), k)
	if err != nil {
		return nil, 0, nil, false, nil // ErrThreeHeaps: enumerate within the budget
	}
	first := make([]Parts, 0, len(ms.First))
	for _, m := range ms.First {
		q, _ := PartsOf(m.Left...)
		first = append(first, q)
	}
	var classes []impartial.MoveClass
	if int64(len(first)) < ms.Count {
		classes = make([]impartial.MoveClass, len(ms.Classes))
		for i, c := range ms.Classes {
			classes[i] = c.Engine()
		}
	}
	return first, ms.Count, classes, true, nil
}

// BytesPerValue is the memory a computer holds per value, for budgets.
const BytesPerValue = 2

// CheckBudget refuses, before any work, a nim-sequence G(0..to) that the
// budget cannot hold.
func CheckBudget(to int, b impartial.Budget) error {
	n := int64(to) + 1
	if b.MaxPositions > 0 && n > b.MaxPositions {
		return &impartial.BudgetError{Limit: impartial.LimitPositions, Max: b.MaxPositions, What: fmt.Sprintf("the values G(0..%d)", to)}
	}
	if b.MaxMemory > 0 && n*BytesPerValue > b.MaxMemory {
		return &impartial.BudgetError{Limit: impartial.LimitMemory, Max: b.MaxMemory, What: fmt.Sprintf("the values G(0..%d)", to)}
	}
	return nil
}

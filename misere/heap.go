package misere

import (
	"fmt"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/octal"
)

// HeapRules are the moves of a heap game, the setting of misère quotients:
// a position is a sum of heaps, and a move changes one heap of n tokens
// into zero or more heaps, each smaller than n.
type HeapRules interface {
	// HeapOptions calls yield once for each move from a heap of n tokens,
	// with the sizes of the heaps left (empty heaps may be included; they
	// are ignored), and stops when yield returns false. The slice may be
	// reused after yield returns. An error (from a rule file, say) ends
	// the computation.
	HeapOptions(n int, yield func(heaps []int) bool) error
}

// PeriodBounder is implemented by heap rules for which the periodicity
// theorem applies (see the package documentation): PeriodBound returns the
// last heap whose image the theorem needs to prove that Φ(n + p) = Φ(n) for
// every n ≥ n0, or −1 when it does not apply.
type PeriodBounder interface {
	PeriodBound(n0, p int) int
}

// Octal returns the heap rules of a take-and-break game (an octal or
// hexadecimal code, or Grundy's game). The periodicity theorem applies to
// codes, with the bound of the Guy–Smith test (octal.Game.Bound); it does
// not apply to Grundy's game.
func Octal(g octal.Game) HeapRules { return octalRules{g} }

type octalRules struct{ g octal.Game }

func (r octalRules) HeapOptions(n int, yield func([]int) bool) error {
	r.g.Options(n, func(_ int, parts []int) bool { return yield(parts) })
	return nil
}

func (r octalRules) PeriodBound(n0, p int) int { return r.g.Bound(n0, p) }

func (r octalRules) String() string { return r.g.String() }

// HeapGame returns the heap rules of a game on single heaps: the options
// of heap n are the positions g.Moves yields, each one heap (0 for none).
// Catalog heap games such as subtraction games are of this kind.
func HeapGame(g impartial.Game[int]) HeapRules { return heapGame{g} }

type heapGame struct{ g impartial.Game[int] }

func (r heapGame) HeapOptions(n int, yield func([]int) bool) error {
	var buf [1]int
	r.g.Moves(n, func(q int) bool {
		buf[0] = q
		return yield(buf[:])
	})
	return nil
}

// RulesFunc adapts a function to HeapRules.
type RulesFunc func(n int, yield func(heaps []int) bool) error

// HeapOptions calls f.
func (f RulesFunc) HeapOptions(n int, yield func([]int) bool) error { return f(n, yield) }

// OptionError reports heap rules that break the setting of quotients: a
// move that leaves a heap as large as the heap it was made in.
type OptionError struct {
	Heap, Part int
}

func (e *OptionError) Error() string {
	return fmt.Sprintf("misere: a move from a heap of %d leaves a heap of %d; quotients need every move to leave smaller heaps", e.Heap, e.Part)
}

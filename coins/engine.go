package coins

import (
	"context"
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/grundy/grundy/impartial"
)

// Key is a position packed into a string, so that it can be a position of
// the generic engine (positions must be comparable): the heads, ascending.
type Key string

// KeyOf packs ascending heads.
func KeyOf(heads []int) Key {
	b := make([]byte, 0, len(heads)*3)
	for _, h := range heads {
		b = binary.AppendUvarint(b, uint64(h))
	}
	return Key(b)
}

// Heads unpacks the heads.
func (k Key) Heads() []int {
	var out []int
	for i := 0; i < len(k); {
		x, n := binary.Uvarint([]byte(k[i:]))
		if n <= 0 {
			break
		}
		out = append(out, int(x))
		i += n
	}
	return out
}

// Engine is a coin-turning game as the analysis path (impartial.Analyze)
// sees it: positions are Keys and Moves are the real moves (turn a head to
// tails and the other coins of the move over), so misère play and the
// brute-force oracle search the real game graph. Under normal play the value
// of a position is the XOR of g over its heads (the coin-turning theorem;
// Winning Ways ch. 14), read from the table Prepare computes, and the moves
// to a value are found by inverting g where the rule allows (CountMovesToValue).
//
// An Engine holds its tables: use one per question.
type Engine struct {
	g *Game
	s *Solver
}

// NewEngine returns the game for the analysis path, its tables bounded by b.
func (g *Game) NewEngine(b impartial.Budget) *Engine { return &Engine{g: g, s: g.NewSolver(b)} }

var (
	_ impartial.Valuer[Key]        = (*Engine)(nil)
	_ impartial.Preparer[Key]      = (*Engine)(nil)
	_ impartial.TargetCounter[Key] = (*Engine)(nil)
)

// Apply returns the position after turning the coins of m (a head on the
// rightmost coin goes to tails, every other coin turns over).
func Apply(heads []int, turn []int) []int {
	return Position{Heads: heads}.Apply(Move{Turn: turn}).Heads
}

// Moves yields the position after each legal move from k.
func (e *Engine) Moves(k Key, yield func(Key) bool) {
	heads := k.Heads()
	for _, x := range heads {
		stop := false
		e.g.Turns(x, func(others []int) bool {
			stop = !yield(KeyOf(Apply(heads, append(slices.Clone(others), x))))
			return !stop
		})
		if stop {
			return
		}
	}
}

// Prepare computes g up to the last head of every position under normal
// play. Misère play searches the real graph and needs no table; it refuses
// at once a row longer than MaxMisereRow coins, whose graph (every subset of
// its coins) no budget could hold.
func (e *Engine) Prepare(ctx context.Context, ps []Key, q impartial.Query) error {
	if q.Misere {
		for _, k := range ps {
			if hs := k.Heads(); len(hs) > 0 && hs[len(hs)-1]-e.g.Start >= MaxMisereRow {
				return &impartial.UnsupportedError{Msg: fmt.Sprintf("misère play is solved by searching the whole game, for heads on the first %d coins only (coin %d is too far right)", MaxMisereRow, hs[len(hs)-1])}
			}
		}
		return nil
	}
	for _, k := range ps {
		if hs := k.Heads(); len(hs) > 0 {
			if err := e.s.ensureClosed(ctx, hs[len(hs)-1]); err != nil {
				return err
			}
		}
	}
	return nil
}

// ClosedValue returns the XOR of g over the heads, when the table (or the
// game's closed form) covers them.
func (e *Engine) ClosedValue(k Key) (impartial.Nimber, bool) {
	var v Nimber
	for _, h := range k.Heads() {
		if gh, ok := e.g.ClosedValue(h); ok {
			v ^= gh
			continue
		}
		if i := h - e.g.Start; i >= 0 && i < len(e.s.table) {
			v ^= e.s.table[i]
			continue
		}
		return 0, false
	}
	return v, true
}

// CountMovesToValue lists the moves from k after which the value is v: a
// move with rightmost coin x that also turns the set S reaches v exactly
// when the XOR of g over S is value(k) XOR g(x) XOR v. The rules whose g is
// one-to-one (Turning Turtles, Mock Turtles, Twins, UpTo) and Ruler find S
// by inverting g instead of trying every move.
func (e *Engine) CountMovesToValue(ctx context.Context, k Key, v impartial.Nimber, limit int, b impartial.Budget) ([]Key, int64, []impartial.MoveClass, bool, error) {
	total, ok := e.ClosedValue(k)
	if !ok {
		return nil, 0, nil, false, nil
	}
	heads := k.Heads()
	s := &Solver{g: e.g, budget: b, table: e.s.table}
	var first []Key
	var count int64
	for _, x := range heads {
		gx, err := s.G(ctx, x)
		if err != nil {
			return first, -1, nil, true, err
		}
		err = s.turnsTo(ctx, x, total^gx^v, func(others []int) bool {
			count++
			if limit == 0 || (limit > 0 && len(first) < limit) {
				first = append(first, KeyOf(Apply(heads, append(slices.Clone(others), x))))
			}
			return true
		})
		if err != nil {
			return first, -1, nil, true, err
		}
	}
	return first, count, nil, true, nil
}

// Turned returns the coins a move from the position from to the position
// to turns over, ascending (the rightmost is the head turned to tails).
func Turned(from, to []int) []int {
	var out []int
	i, j := 0, 0
	for i < len(from) || j < len(to) {
		switch {
		case j == len(to) || i < len(from) && from[i] < to[j]:
			out = append(out, from[i])
			i++
		case i == len(from) || to[j] < from[i]:
			out = append(out, to[j])
			j++
		default:
			i++
			j++
		}
	}
	return out
}

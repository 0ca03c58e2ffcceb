package coins

import (
	"context"
	"fmt"
	"math/bits"
	"sync"

	"github.com/grundy/grundy/impartial"
)

// A coin-turning question can be small to ask and enormous to answer: a
// single head of Rugs at (131072, 131072) has moves turning 2^34 coins, a
// head of consecutive:1000000 squared at (2000000, 2000000) one move
// turning 10^12. Every path here sizes what it is about to build from the
// move's ends (a run is lo..x, a block is a run of columns by a run of
// rows) and refuses, with a *impartial.BudgetError naming the limit, before
// allocating; and every loop counts its work and polls the context every
// pollWork units, so that a question past its deadline stops within a
// fraction of a millisecond.

// pollWork is the work between two polls of a question's context: a unit
// is a coin or a cell looked at or written, a value XORed, a move tried.
// 1<<14 units take some tens of microseconds.
const pollWork = 1 << 14

// hardMemory bounds what one question may build when its budget sets no
// memory limit (16 GiB, as the largest table).
const hardMemory = maxTable * 8

// memLimit is the memory a question may use: its budget's, or hardMemory.
func memLimit(b impartial.Budget) int64 {
	if b.MaxMemory > 0 {
		return b.MaxMemory
	}
	return hardMemory
}

// pacer polls a context by work done, not by the clock.
type pacer struct{ work int64 }

// add counts n units of work and polls ctx once per pollWork of them.
func (p *pacer) add(ctx context.Context, n int64) error {
	if p.work += n; p.work < pollWork {
		return nil
	}
	p.work = 0
	if ctx.Err() != nil {
		return ctxError(ctx)
	}
	return nil
}

// varintLen is the length of v as a uvarint (the packing of Key and CellKey).
func varintLen(v int) int64 { return int64(bits.Len64(uint64(v)|1)+6) / 7 }

// digitsIn returns the number of decimal digits written by the numbers
// lo..hi (0 when lo > hi), in O(19): the text of a run of coins.
func digitsIn(lo, hi int) int64 {
	if lo > hi {
		return 0
	}
	var total int64
	for d, p := int64(1), 1; ; d, p = d+1, p*10 {
		// Numbers with d digits are [p, 10p) (and 0 has one digit).
		from, to := max(lo, p), hi
		if p <= MaxCoin/10 {
			to = min(hi, 10*p-1)
		}
		if d == 1 {
			from = lo
		}
		if from <= to {
			total += d * int64(to-from+1)
		}
		if p > MaxCoin/10 || 10*p > hi {
			return total
		}
	}
}

// digits is the number of decimal digits of v ≥ 0.
func digits(v int) int64 { return digitsIn(v, v) }

// turnText returns the decimal digits the coins of t write, x included.
func (t turn) turnText() int64 {
	if t.run {
		return digitsIn(t.lo, t.x)
	}
	n := digits(t.x)
	for _, y := range t.others {
		n += digits(y)
	}
	return n
}

// lister bounds what an answer's list of moves builds (CountMovesToValue):
// the first limit moves (all when limit is 0, none when it is negative),
// a move built only when the text it adds to the answer — the position it
// leads to and the move in words, each about as long as the coins it
// turns and the heads it keeps — fits the output budget, and no more moves
// once those listed have filled the output budget or held a quarter of
// the memory budget. A move too large to write on its own is counted and
// not built (the answer says that more moves are not listed); the choice
// depends on the move alone, so pages (Options.Offset) stay consistent.
type lister struct {
	limit, listed int
	out, outRoom  int64
	held, memRoom int64
	full          bool
}

func newLister(limit int, b impartial.Budget) *lister {
	l := &lister{limit: limit, outRoom: b.MaxOutput, memRoom: memLimit(b) / 4}
	if l.outRoom <= 0 {
		l.outRoom = memLimit(b)
	}
	return l
}

// wants says whether another move would be listed if it fits.
func (l *lister) wants() bool {
	return !l.full && l.limit >= 0 && (l.limit == 0 || l.listed < l.limit)
}

// take says whether a move adding out bytes of text and holding mem bytes
// is built and listed.
func (l *lister) take(out, mem int64) bool {
	if !l.wants() {
		return false
	}
	if out > l.outRoom || mem > l.memRoom {
		return false
	}
	if l.out+out > l.outRoom || l.held+mem > l.memRoom {
		l.full = true
		return false
	}
	l.out += out
	l.held += mem
	l.listed++
	return true
}

// guard bounds what an engine's Moves builds for one question. Moves has
// no error to return, and a search given a shortened list of options would
// answer wrongly; so a move that would pass the budget is refused by
// recording a *impartial.BudgetError (Err) and canceling the question's
// context with it as the cause: the search stops at its next poll, and the
// question's owner (catalog: the context's cause) reports the error, which takes
// precedence over whatever the search made of the shortened list. Moves
// polls the context by work and stops the same way when the question's
// deadline passes.
type guard struct {
	ctx    context.Context
	cancel context.CancelCauseFunc
	budget impartial.Budget

	mu   sync.Mutex
	err  error
	pace pacer
	held int64 // bytes of the options of the current Moves call
}

func newGuard(ctx context.Context, b impartial.Budget) *guard {
	if ctx == nil {
		ctx = context.Background()
	}
	g := &guard{budget: b}
	g.ctx, g.cancel = context.WithCancelCause(ctx)
	return g
}

// begin starts the options of one position.
func (g *guard) begin() bool {
	g.held = 0
	return g.Err() == nil
}

// admit says whether Moves may build one more option holding bytes bytes,
// after work units of enumeration; what names the move for the error. The
// options of one position may hold a quarter of the memory budget: the
// caller keeps them (a list of moves, the options seen), formats some, and
// a search that keeps those of many positions (the remoteness ranking,
// within 32 MiB) then stops on its own bound before this one.
func (g *guard) admit(work, bytes int64, what func() string) bool {
	if err := g.pace.add(g.ctx, work); err != nil {
		g.fail(err)
		return false
	}
	limit := memLimit(g.budget)
	switch {
	case bytes > limit:
		g.fail(&impartial.BudgetError{Limit: impartial.LimitMemory, Max: limit, What: what()})
		return false
	case g.held+bytes > limit/4:
		w := "the options of one position"
		if g.held == 0 {
			w = what()
		}
		g.fail(&impartial.BudgetError{Limit: impartial.LimitMemory, Max: limit / 4, What: w, Hint: "the options of one position may hold a quarter of the memory budget"})
		return false
	}
	g.held += bytes
	return true
}

func (g *guard) fail(err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.err == nil {
		g.err = err
		g.cancel(err)
	}
}

// Err returns the error that stopped Moves, or nil.
func (g *guard) Err() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.err
}

// moveWords names a move of a one-dimensional game for a budget error.
func moveWords(name string, t turn) string {
	if t.run {
		return fmt.Sprintf("a move of %s turning the %d coins %d–%d", name, t.size()+1, t.lo, t.x)
	}
	return fmt.Sprintf("a move of %s turning %d coins", name, t.size()+1)
}

// moveMeter bounds the moves one listing tries (the budget's move limit)
// and paces its work.
type moveMeter struct {
	limit, n int64
	pace     pacer
}

func newMoveMeter(b impartial.Budget) *moveMeter { return &moveMeter{limit: b.MoveLimit()} }

// step counts one move tried, costing work units.
func (m *moveMeter) step(ctx context.Context, work int64) error {
	if m.n++; m.limit > 0 && m.n > m.limit {
		return &impartial.BudgetError{Limit: impartial.LimitMoves, Max: m.limit}
	}
	return m.pace.add(ctx, work)
}

package coins

import (
	"context"
	"encoding/binary"
	"fmt"
	"unsafe"

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
// Moves runs under the question's context and budget (see NewEngine): an
// Engine holds its tables and that state, so use one per question.
type Engine struct {
	g     *Game
	s     *Solver
	guard *guard
}

// NewEngine returns the game for the analysis path of one question asked
// under ctx: its tables, and the positions its Moves builds, are bounded
// by b. Moves, which has no error to return, refuses an option that would
// pass the memory budget — the options of one position hold at most
// b.MaxMemory — and stops when ctx ends: it then records the error (Err)
// and cancels Context with it, so that a search run under Context stops at
// once. The question's answer must be refused when Err is set (a search
// that saw a shortened list of options answers wrongly). Close releases
// the context.
func (g *Game) NewEngine(ctx context.Context, b impartial.Budget) *Engine {
	return &Engine{g: g, s: g.NewSolver(b), guard: newGuard(ctx, b)}
}

// Context is the context to search the engine under: the question's,
// canceled by Moves when it refuses an option.
func (e *Engine) Context() context.Context { return e.guard.ctx }

// Err returns the budget or context error that stopped Moves, or nil.
func (e *Engine) Err() error { return e.guard.Err() }

// Close releases the engine's context.
func (e *Engine) Close() { e.guard.cancel(nil) }

var (
	_ impartial.Valuer[Key]        = (*Engine)(nil)
	_ impartial.Preparer[Key]      = (*Engine)(nil)
	_ impartial.TargetCounter[Key] = (*Engine)(nil)
)

// Moves yields the position after each legal move from k, each sized
// before it is built (see NewEngine).
func (e *Engine) Moves(k Key, yield func(Key) bool) {
	gd := e.guard
	if !gd.begin() {
		return
	}
	heads := k.Heads()
	// One visitor for every head: a callback through the rule's shape
	// (an interface) is allocated, so it is made once a position.
	stop := false
	visit := func(t turn) bool {
		n, bytes := keyBytesAfter(heads, t)
		if !gd.admit(n, bytes, func() string { return moveWords("coins:"+e.g.Spec, t) }) {
			stop = true
			return false
		}
		q, err := keyAfter(gd.ctx, &gd.pace, heads, t)
		if err != nil {
			gd.fail(err)
			stop = true
			return false
		}
		stop = !yield(q)
		return !stop
	}
	for _, x := range heads {
		if e.g.eachTurn(x, visit); stop {
			return
		}
	}
}

// keyBytesAfter bounds the heads of the position heads after the move t,
// and the bytes of its key.
func keyBytesAfter(heads []int, t turn) (n, bytes int64) {
	last := t.x
	if len(heads) > 0 {
		last = max(last, heads[len(heads)-1])
	}
	n = int64(len(heads)) + int64(t.size()) + 1
	return n, n*varintLen(last) + 16
}

// keyAfter returns the key of the position heads after the move t (x
// turned from heads to tails, every other coin of t turned over), written
// straight into the key, polling ctx by the coins written.
func keyAfter(ctx context.Context, pace *pacer, heads []int, t turn) (Key, error) {
	_, size := keyBytesAfter(heads, t)
	w := keyWriter{b: make([]byte, 0, size)}
	m := t.size() + 1
	i, j := 0, 0
	for i < len(heads) || j < m {
		if t.run && j < m {
			// A run lo..x: the heads before it, then each coin of the run
			// that is not a head, without a comparison a coin.
			for ; i < len(heads) && heads[i] < t.lo; i++ {
				w.put(heads[i])
			}
			for y := t.lo; y <= t.x; y++ {
				if i < len(heads) && heads[i] == y {
					i++
				} else {
					w.put(y)
				}
				if (y-t.lo)%pollWork == pollWork-1 {
					if err := pace.add(ctx, pollWork); err != nil {
						return "", err
					}
				}
			}
			j = m
			continue
		}
		switch {
		case j == m || i < len(heads) && heads[i] < t.coin(j):
			w.put(heads[i])
			i++
		case i == len(heads) || t.coin(j) < heads[i]:
			w.put(t.coin(j))
			j++
		default: // a head turned to tails
			i++
			j++
		}
	}
	return Key(w.string()), nil
}

// keyWriter appends uvarints to a key.
type keyWriter struct{ b []byte }

func (w *keyWriter) put(v int) { w.b = binary.AppendUvarint(w.b, uint64(v)) }

// string returns the bytes written as a string without copying them (a
// key can be hundreds of megabytes); the writer must not be used after.
func (w *keyWriter) string() string { return unsafe.String(unsafe.SliceData(w.b), len(w.b)) }

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
	// The key is read in place: an option of Ruler far out holds a
	// million heads, and the search values every option.
	for i := 0; i < len(k); {
		x, n := binary.Uvarint([]byte(k[i:]))
		if n <= 0 {
			break
		}
		i += n
		h := int(x)
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
// one-to-one (Turning Turtles, Mock Turtles, Twins, UpTo), Ruler and
// Consecutive find S by inverting g or in closed form instead of trying
// every move. Every move is counted; a move is built only when listed, and
// listed only when it fits the answer (see lister): a move whose position
// is too large to write is counted and left out.
func (e *Engine) CountMovesToValue(ctx context.Context, k Key, v impartial.Nimber, limit int, b impartial.Budget) ([]Key, int64, []impartial.MoveClass, bool, error) {
	total, ok := e.ClosedValue(k)
	if !ok {
		return nil, 0, nil, false, nil
	}
	heads := k.Heads()
	s := &Solver{g: e.g, budget: b, table: e.s.table}
	l := newLister(limit, b)
	var headText int64
	for _, h := range heads {
		headText += digits(h) + 1
	}
	m := newMoveMeter(b)
	var first []Key
	var count int64
	var err, kerr error
	visit := func(t turn) bool {
		count++
		if !l.wants() {
			return true
		}
		// The answer writes the position after the move (at most the
		// heads and the coins turned) and the move's coins in words.
		text := t.turnText() + int64(t.size()+1)
		_, bytes := keyBytesAfter(heads, t)
		if l.take(headText+2*text, bytes) {
			var q Key
			if q, kerr = keyAfter(ctx, &m.pace, heads, t); kerr != nil {
				return false
			}
			first = append(first, q)
		}
		return true
	}
	for _, x := range heads {
		gx, gerr := s.G(ctx, x)
		if gerr != nil {
			return first, -1, nil, true, gerr
		}
		err = s.turnsTo(ctx, x, total^gx^v, m, visit)
		if err == nil {
			err = kerr
		}
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

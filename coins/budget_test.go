package coins

import (
	"context"
	"errors"
	"math/bits"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy/grundy/impartial"
)

// webBudget is the server's default budget (web.DefaultBudget).
var webBudget = impartial.Budget{MaxPositions: 5_000_000, MaxMoves: 1_000_000, MaxOutput: 8 << 20, MaxMemory: 256 << 20}

// allocated returns the bytes f allocates (runtime.MemStats.TotalAlloc,
// after a collection): a generous bound on it shows that a path refused
// before it built what the old code built (gigabytes to terabytes), with no
// timing involved.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func wantBudgetError(t *testing.T, what string, err error, limit impartial.Limit) {
	t.Helper()
	var be *impartial.BudgetError
	if !errors.As(err, &be) || be.Limit != limit {
		t.Errorf("%s: %v, want a %s budget error", what, err, limit)
	}
}

// TestRugsFarWinningMoves is issue 45's first finding: the winning moves of
// a Rugs head at (131072, 131072) include four blocks of 1.4·10^9 coins,
// which the winning-move construction built as []Cell (the server died out
// of memory). They are counted from their runs and not built: the one move
// that fits the answer (turning the head alone) is listed.
func TestRugsFarWinningMoves(t *testing.T) {
	ctx := context.Background()
	e := Rugs().NewEngine(ctx, webBudget)
	defer e.Close()
	k := KeyOfCells([]Cell{{131072, 131072}})
	var first []CellKey
	var count int64
	var err error
	alloc := allocated(func() {
		if err = e.Prepare(ctx, []CellKey{k}, impartial.Query{}); err == nil {
			first, count, _, _, err = e.CountMovesToValue(ctx, k, 0, 0, webBudget)
		}
	})
	if err != nil || count != 5 || len(first) != 1 || first[0] != "" {
		t.Errorf("CountMovesToValue = %d listed, %d counted, %v; want the move to none listed and 5 counted", len(first), count, err)
	}
	if alloc > 16<<20 {
		t.Errorf("CountMovesToValue allocated %d MiB, want under 16 MiB (the blocks are not built)", alloc>>20)
	}
	// The count is checked on a smaller head against every move of the
	// rule (a run of columns by a run of rows), valued by brute force.
	for _, c := range []Cell{{96, 200}, {131, 64}, {256, 256}} {
		e := Rugs().NewEngine(ctx, impartial.Budget{})
		k := KeyOfCells([]Cell{c})
		e.Prepare(ctx, []CellKey{k}, impartial.Query{})
		_, got, _, _, err := e.CountMovesToValue(ctx, k, 0, -1, impartial.Budget{})
		want := int64(0)
		g := func(x int) Nimber { return Nimber(x & -x) }
		v := mulNimber(g(c.X), g(c.Y))
		for a := 1; a <= c.X; a++ {
			var alpha Nimber
			for x := a; x <= c.X; x++ {
				alpha ^= g(x)
			}
			beta := Nimber(0)
			for b := c.Y; b >= 1; b-- {
				beta ^= g(b)
				if mulNimber(alpha, beta) == v {
					want++
				}
			}
		}
		if err != nil || got != want {
			t.Errorf("rugs %v: %d winning moves, %v; brute force %d", c, got, err, want)
		}
	}
}

// TestHugeBlockRefused: every move of consecutive:1000000 squared from a
// head at (2000000, 2000000) turns a block of 10^12 coins (16 TB as []Cell).
// The winning move is counted and not built; listing the moves is refused
// with a memory budget error before anything is built, and Moves, which
// has no error to return, records it and cancels the engine's context.
func TestHugeBlockRefused(t *testing.T) {
	ctx := context.Background()
	p, err := ParsePlane("consecutive:1000000*consecutive:1000000")
	if err != nil {
		t.Fatal(err)
	}
	head := Cell{2000000, 2000000}
	k := KeyOfCells([]Cell{head})
	g := Grid{Heads: []Cell{head}}
	for _, b := range []impartial.Budget{webBudget, impartial.DefaultBudget, {}} {
		e := p.NewEngine(ctx, b)
		var first []CellKey
		var count int64
		yielded := 0
		var listErr, winErr error
		alloc := allocated(func() {
			first, count, _, _, err = e.CountMovesToValue(ctx, k, 0, 0, b)
			e.Moves(k, func(CellKey) bool { yielded++; return true })
			_, listErr = p.NewSolver(b).Moves(ctx, g)
			_, winErr = p.NewSolver(b).WinningMoves(ctx, g)
		})
		if err != nil || count != 1 || len(first) != 0 {
			t.Errorf("budget %+v: CountMovesToValue = %d listed, %d counted, %v; want 1 counted, none listed", b, len(first), count, err)
		}
		if yielded != 0 {
			t.Errorf("budget %+v: Moves yielded %d options", b, yielded)
		}
		wantBudgetError(t, "Moves", e.Err(), impartial.LimitMemory)
		if cause := context.Cause(e.Context()); !errors.Is(cause, e.Err()) {
			t.Errorf("the engine's context ended with %v, want its error %v", cause, e.Err())
		}
		wantBudgetError(t, "PlaneSolver.Moves", listErr, impartial.LimitMemory)
		wantBudgetError(t, "PlaneSolver.WinningMoves", winErr, impartial.LimitMemory)
		if alloc > 1<<20 {
			t.Errorf("budget %+v: allocated %d KiB, want under 1 MiB", b, alloc>>10)
		}
		if !strings.Contains(e.Err().Error(), "1000000000000 coins") {
			t.Errorf("error %q does not say how many coins the move turns", e.Err())
		}
		e.Close()
	}
}

// consecutiveHeads is issue 45's second finding: 1500 heads of
// consecutive:1048576, each with one move turning 2^20 coins, which
// Game.Turns wrote out head by head (and the context was polled every 1024
// moves of one head: never).
func consecutiveHeads() (*Game, Key) {
	g := Consecutive(1 << 20)
	heads := make([]int, 0, 1500)
	for i := 1; i < 1500; i++ {
		heads = append(heads, i<<20) // value 1 each
	}
	heads = append(heads, 1<<40+7) // value 0: the position's value is 1
	slices.Sort(heads)
	return g, KeyOf(heads)
}

func TestConsecutiveHeadsCounted(t *testing.T) {
	ctx := context.Background()
	g, k := consecutiveHeads()
	e := g.NewEngine(ctx, webBudget)
	defer e.Close()
	var first []Key
	var count int64
	var err error
	alloc := allocated(func() {
		first, count, _, _, err = e.CountMovesToValue(ctx, k, 0, 0, webBudget)
	})
	// Every head's move wins: it turns x to tails and the 2^20 − 1 coins
	// before it, of which one is a multiple of 2^20 unless x is.
	if err != nil || count != 1500 {
		t.Fatalf("CountMovesToValue: %d counted, %v; want 1500", count, err)
	}
	// Each move's position writes 2^20 heads of 7 or 8 digits: more than
	// the 8 MiB the answer may hold, so none is built.
	if len(first) != 0 || alloc > 4<<20 {
		t.Errorf("%d moves listed, %d MiB allocated; want none and under 4 MiB", len(first), alloc>>20)
	}
	// With room for them (the CLI's 64 MiB), the first are built, each
	// checked against the rule.
	first, count, _, _, err = e.CountMovesToValue(ctx, k, 0, 0, impartial.DefaultBudget)
	if err != nil || count != 1500 || len(first) == 0 || len(first) > 8 {
		t.Fatalf("CLI budget: %d listed, %d counted, %v", len(first), count, err)
	}
	for _, q := range first {
		turned := Turned(k.Heads(), q.Heads())
		x := turned[len(turned)-1]
		if len(turned) != 1<<20 || turned[0] != x-(1<<20)+1 {
			t.Fatalf("listed move turns %d coins from %d to %d", len(turned), turned[0], x)
		}
		if v, _ := e.ClosedValue(q); v != 0 {
			t.Fatalf("listed move to value %d", v)
		}
	}
}

// TestStopsByWork: a question whose context ends stops within pollWork
// units of work, counted, not timed. The context is canceled from inside
// the enumeration, and the moves enumerated after it are counted.
func TestStopsByWork(t *testing.T) {
	// Mock Turtles squared at (1000, 2000) has about 1.6·10^7 winning
	// moves, small ones: the context is polled by moves tried.
	p, _ := ParsePlane("mock-turtles*mock-turtles")
	ctx, cancel := context.WithCancel(context.Background())
	s := p.NewSolver(impartial.Budget{})
	c := Cell{1000, 2000}
	gc, _ := s.G(ctx, c)
	seen, after := 0, 0
	err := s.turnsTo(ctx, c, gc^gc^5, newMoveMeter(impartial.Budget{}), func(block) bool {
		if seen++; seen == 100 {
			cancel()
		} else if seen > 100 {
			after++
		}
		return true
	})
	wantBudgetError(t, "turnsTo", err, impartial.LimitCanceled)
	if after > pollWork {
		t.Errorf("%d moves after the cancel, want at most %d", after, pollWork)
	}

	// Moves of a Ruler head at 10^6: the options are polled by the coins
	// they turn.
	ctx, cancel = context.WithCancel(context.Background())
	e := Ruler().NewEngine(ctx, impartial.Budget{})
	defer e.Close()
	seen, after = 0, 0
	e.Moves(KeyOf([]int{1000000}), func(q Key) bool {
		if seen++; seen == 10 {
			cancel()
		} else if seen > 10 {
			after += len(q.Heads())
		}
		return true
	})
	wantBudgetError(t, "Moves", e.Err(), impartial.LimitCanceled)
	if after > 2*pollWork {
		t.Errorf("%d coins turned after the cancel, want at most %d", after, 2*pollWork)
	}

	// Listing the 1500 moves of 2^20 coins under a canceled context: the
	// first key stops within pollWork coins.
	g, k := consecutiveHeads()
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	ge := g.NewEngine(context.Background(), impartial.DefaultBudget)
	defer ge.Close()
	var cerr error
	alloc := allocated(func() { _, _, _, _, cerr = ge.CountMovesToValue(ctx, k, 0, 0, impartial.DefaultBudget) })
	wantBudgetError(t, "CountMovesToValue", cerr, impartial.LimitCanceled)
	if alloc > 8<<20 {
		t.Errorf("canceled listing allocated %d MiB, want under 8 MiB (one key at most)", alloc>>20)
	}
}

// TestMovesGuard: the options of one position hold at most a quarter of
// the memory budget; the option that would pass it is not built.
func TestMovesGuard(t *testing.T) {
	b := impartial.Budget{MaxMemory: 64 << 20}
	e := Ruler().NewEngine(context.Background(), b)
	defer e.Close()
	var held int64
	n := 0
	alloc := allocated(func() {
		e.Moves(KeyOf([]int{1000000}), func(q Key) bool {
			held += int64(len(q))
			n++
			return true
		})
	})
	wantBudgetError(t, "Moves", e.Err(), impartial.LimitMemory)
	if held > 16<<20 || n < 1000 {
		t.Errorf("%d options of %d bytes, want at most 16 MiB and at least 1000 options", n, held)
	}
	if alloc > 24<<20 {
		t.Errorf("Moves allocated %d MiB, want under 24 MiB", alloc>>20)
	}
	// A later question of the same engine is refused at once.
	n = 0
	e.Moves(KeyOf([]int{3}), func(Key) bool { n++; return true })
	if n != 0 {
		t.Errorf("after the refusal Moves yielded %d options", n)
	}
}

// TestEngineMovesVsRule checks Engine.Moves and CountMovesToValue (whose
// positions are written straight into keys, runs by their ends) against
// the moves of the rule, turned by Apply, on every row of 9 coins.
func TestEngineMovesVsRule(t *testing.T) {
	ctx := context.Background()
	const n = 9
	for _, spec := range theoremGames {
		g := mustRule(t, spec)
		b := newBruteGraph(g, n)
		e := g.NewEngine(ctx, impartial.Budget{})
		for mask := uint64(0); mask < 1<<n; mask++ {
			p := b.position(mask)
			k := KeyOf(p.Heads)
			if err := e.Prepare(ctx, []Key{k}, impartial.Query{}); err != nil {
				t.Fatal(err)
			}
			var got, want, wins []uint64
			e.Moves(k, func(q Key) bool {
				got = append(got, b.mask(q.Heads()))
				return true
			})
			for _, tm := range b.sets {
				if mask>>(63-bits.LeadingZeros64(tm))&1 != 0 {
					want = append(want, mask^tm)
					if b.value[mask^tm] == 0 {
						wins = append(wins, mask^tm)
					}
				}
			}
			if !sameSet(got, want) {
				t.Fatalf("%s %s: Moves %v, the rule %v", spec, g.FormatPosition(p), got, want)
			}
			first, count, _, _, err := e.CountMovesToValue(ctx, k, 0, 0, impartial.Budget{})
			var gotWins []uint64
			for _, q := range first {
				gotWins = append(gotWins, b.mask(q.Heads()))
			}
			if err != nil || count != int64(len(wins)) || !sameSet(gotWins, wins) {
				t.Fatalf("%s %s: winning moves %v (%d counted, %v), the rule %v", spec, g.FormatPosition(p), gotWins, count, err, wins)
			}
		}
		if e.Err() != nil {
			t.Fatalf("%s: %v", spec, e.Err())
		}
		e.Close()
	}
}

// TestRunText: digitsIn counts the digits of a run in closed form.
func TestRunText(t *testing.T) {
	for _, r := range [][2]int{{0, 0}, {0, 9}, {0, 10}, {7, 123456}, {99, 101}, {999999, 1000001}, {5, 4}} {
		var want int64
		for v := r[0]; v <= r[1]; v++ {
			want += int64(len(strconv.Itoa(v)))
		}
		if got := digitsIn(r[0], r[1]); got != want {
			t.Errorf("digitsIn(%d, %d) = %d, want %d", r[0], r[1], got, want)
		}
	}
	if got := digitsIn(MaxCoin-9, MaxCoin); got != 190 {
		t.Errorf("digitsIn near MaxCoin = %d, want 190", got)
	}
}

package impartial_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/impartial/impartialtest"
)

var bg = context.Background()

// Property test: on thousands of random acyclic games, the engine's values
// equal plain recursion, and the outcomes and winning moves of sums equal an
// exhaustive search of the sum's own game graph.
func TestRandomGamesAgainstExhaustiveSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	games := 3000
	if testing.Short() {
		games = 300
	}
	for gi := range games {
		n := 2 + r.IntN(14)
		g := impartialtest.RandomDAG(r, n, 1+r.IntN(4))
		s := impartial.NewSolver[int32](g, impartial.Settings{})
		or := impartialtest.NewOracle[int32](g)
		for p := int32(0); p < int32(n); p++ {
			v, err := s.Value(bg, p)
			if err != nil {
				t.Fatal(err)
			}
			if want := or.Value(p); v != want {
				t.Fatalf("game %d %v: G(%d) = %d, want %d", gi, g.Adj, p, v, want)
			}
		}
		for range 4 {
			k := 1 + r.IntN(3)
			sum := make([]int32, k)
			for i := range sum {
				sum[i] = int32(r.IntN(n))
			}
			o, err := s.Outcome(bg, sum...)
			if err != nil {
				t.Fatal(err)
			}
			if want := or.Outcome(false, sum...); o != want {
				t.Fatalf("game %d %v: outcome of sum %v = %v, want %v", gi, g.Adj, sum, o, want)
			}
			moves, err := s.WinningMoves(bg, sum...)
			if err != nil {
				t.Fatal(err)
			}
			if want := or.WinningMoves(false, sum...); !impartialtest.SameMoves(moves, want) {
				t.Fatalf("game %d %v: winning moves of %v = %v, want %v", gi, g.Adj, sum, moves, want)
			}
		}
	}
}

func TestMisereAgainstExhaustiveSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	games := 2000
	if testing.Short() {
		games = 200
	}
	for gi := range games {
		n := 2 + r.IntN(10)
		g := impartialtest.RandomDAG(r, n, 1+r.IntN(3))
		s := impartial.NewMisereSolver[int32](g, impartial.Settings{})
		or := impartialtest.NewOracle[int32](g)
		for range 4 {
			k := 1 + r.IntN(3)
			sum := make([]int32, k)
			for i := range sum {
				sum[i] = int32(r.IntN(n))
			}
			o, err := s.Outcome(bg, sum...)
			if err != nil {
				t.Fatal(err)
			}
			if want := or.Outcome(true, sum...); o != want {
				t.Fatalf("game %d %v: misère outcome of %v = %v, want %v", gi, g.Adj, sum, o, want)
			}
			moves, err := s.WinningMoves(bg, sum...)
			if err != nil {
				t.Fatal(err)
			}
			if want := or.WinningMoves(true, sum...); !impartialtest.SameMoves(moves, want) {
				t.Fatalf("game %d %v: misère winning moves of %v = %v, want %v", gi, g.Adj, sum, moves, want)
			}
		}
	}
}

// heaps is a take-and-break test game: a position is a multiset of heap
// sizes, written as a sorted string of bytes; a move removes 1 or 2 tokens
// from one heap and may split what is left into two non-empty heaps.
type heaps struct{}

func mkHeaps(hs ...byte) string {
	var out []byte
	for _, h := range hs {
		if h > 0 {
			out = append(out, h)
		}
	}
	slices.Sort(out)
	return string(out)
}

func (heaps) Moves(p string, yield func(string) bool) {
	for i := 0; i < len(p); i++ {
		if i > 0 && p[i] == p[i-1] {
			continue
		}
		rest := []byte(p[:i] + p[i+1:])
		h := p[i]
		for take := byte(1); take <= 2 && take <= h; take++ {
			left := h - take
			if !yield(mkHeaps(append(slices.Clone(rest), left)...)) {
				return
			}
			for a := byte(1); a <= left/2; a++ {
				if !yield(mkHeaps(append(slices.Clone(rest), a, left-a)...)) {
					return
				}
			}
		}
	}
}

func (heaps) Components(p string, yield func(string) bool) {
	for i := range len(p) {
		if !yield(p[i : i+1]) {
			return
		}
	}
}

func TestSplitterAgainstExhaustiveSearch(t *testing.T) {
	var positions []string
	r := rand.New(rand.NewPCG(5, 6))
	for range 60 {
		k := 1 + r.IntN(3)
		hs := make([]byte, k)
		for i := range hs {
			hs[i] = byte(r.IntN(7))
		}
		positions = append(positions, mkHeaps(hs...))
	}
	impartialtest.Check[string](t, heaps{}, positions)
	// The engine memoizes single heaps only.
	s := impartial.NewSolver[string](heaps{}, impartial.Settings{})
	if _, err := s.Value(bg, mkHeaps(9, 9, 8)); err != nil {
		t.Fatal(err)
	}
	if s.Solved() > 10 {
		t.Errorf("solved %d positions; want only the heaps 0..9", s.Solved())
	}
}

// chain: position n has the single move to n-1.
type chain struct{}

func (chain) Moves(n int, yield func(int) bool) {
	if n > 0 {
		yield(n - 1)
	}
}

func TestDeepGameDoesNotOverflowTheStack(t *testing.T) {
	const depth = 1_000_000
	s := impartial.NewSolver[int](chain{}, impartial.Settings{})
	v, err := s.Value(bg, depth)
	if err != nil {
		t.Fatal(err)
	}
	if v != depth%2 {
		t.Errorf("G(%d) = %d, want %d", depth, v, depth%2)
	}
	ms := impartial.NewMisereSolver[int](chain{}, impartial.Settings{})
	o, err := ms.Outcome(bg, 200_000)
	if err != nil {
		t.Fatal(err)
	}
	// Misère: the player facing 1 must take the last token and lose.
	if o != impartial.N {
		t.Errorf("misère outcome of chain 200000 = %v, want N", o)
	}
}

func TestCycleIsNamed(t *testing.T) {
	// 0 -> 1 -> 2 -> 3 -> 1, and 4 -> 0 is acyclic.
	g := impartialtest.Graph{Adj: [][]int32{{1}, {2}, {3}, {1}, {}}}
	s := impartial.NewSolver[int32](g, impartial.Settings{})
	_, err := s.Value(bg, 0)
	var ce *impartial.CycleError
	if !errors.As(err, &ce) {
		t.Fatalf("err = %v, want a CycleError", err)
	}
	if !slices.Equal(ce.Cycle, []string{"1", "2", "3"}) {
		t.Errorf("cycle = %v, want [1 2 3]", ce.Cycle)
	}
	if !strings.Contains(err.Error(), "1 -> 2 -> 3 -> 1") {
		t.Errorf("message %q does not name the cycle", err)
	}
	// The failed search left nothing half-done behind.
	if v, err := s.Value(bg, 4); err != nil || v != 0 {
		t.Errorf("after a cycle, G(4) = %d, %v; want 0, nil", v, err)
	}
	if _, err := s.Value(bg, 2); !errors.As(err, &ce) {
		t.Errorf("second query: err = %v, want a CycleError again", err)
	}
	ms := impartial.NewMisereSolver[int32](g, impartial.Settings{})
	if _, err := ms.Outcome(bg, 0); !errors.As(err, &ce) {
		t.Errorf("misère: err = %v, want a CycleError", err)
	}
}

func TestBudgets(t *testing.T) {
	var be *impartial.BudgetError
	s := impartial.NewSolver[int](chain{}, impartial.Settings{Budget: impartial.Budget{MaxPositions: 1000}})
	if _, err := s.Value(bg, 5000); !errors.As(err, &be) || be.Limit != impartial.LimitPositions {
		t.Fatalf("err = %v, want a positions BudgetError", err)
	}
	if !strings.Contains(be.Error(), "position budget") {
		t.Errorf("message %q does not name the budget", be)
	}
	// Within the budget the same solver still works, and the failed search
	// left no position marked as in progress.
	if v, err := s.Value(bg, 500); err != nil || v != 0 {
		t.Errorf("G(500) = %d, %v after a budget error", v, err)
	}

	s = impartial.NewSolver[int](chain{}, impartial.Settings{Budget: impartial.Budget{MaxMemory: 64 << 10}})
	if _, err := s.Value(bg, 1_000_000); !errors.As(err, &be) || be.Limit != impartial.LimitMemory {
		t.Fatalf("err = %v, want a memory BudgetError", err)
	}

	ctx, cancel := context.WithTimeout(bg, time.Millisecond)
	defer cancel()
	<-ctx.Done()
	s = impartial.NewSolver[int](chain{}, impartial.Settings{})
	if _, err := s.Value(ctx, 1_000_000); !errors.As(err, &be) || be.Limit != impartial.LimitTime {
		t.Fatalf("err = %v, want a time BudgetError", err)
	}
	if !errors.Is(be, context.DeadlineExceeded) {
		t.Errorf("time budget error does not wrap context.DeadlineExceeded")
	}
	cctx, cancel2 := context.WithCancel(bg)
	cancel2()
	if _, err := s.Value(cctx, 1_000_000); !errors.As(err, &be) || be.Limit != impartial.LimitCanceled {
		t.Fatalf("err = %v, want a canceled BudgetError", err)
	}

	ms := impartial.NewMisereSolver[int](chain{}, impartial.Settings{Budget: impartial.Budget{MaxPositions: 100}})
	if _, err := ms.Outcome(bg, 5000); !errors.As(err, &be) || be.Limit != impartial.LimitPositions {
		t.Fatalf("misère err = %v, want a positions BudgetError", err)
	}
}

// wide: position n has the moves to 0..n-1 (a Nim heap); an option list of a
// heap of 10^9 would not fit in memory, so the budget must stop the
// generation of moves itself.
type wide struct{}

func (wide) Moves(n int, yield func(int) bool) {
	for k := range n {
		if !yield(k) {
			return
		}
	}
}

func TestBudgetStopsHugeMoveLists(t *testing.T) {
	s := impartial.NewSolver[int](wide{}, impartial.Settings{Budget: impartial.Budget{MaxPositions: 100_000}})
	var be *impartial.BudgetError
	if _, err := s.Value(bg, 1_000_000_000); !errors.As(err, &be) {
		t.Fatalf("err = %v, want a BudgetError", err)
	}
	if _, err := s.WinningMoves(bg, 1_000_000_000, 3); !errors.As(err, &be) {
		t.Fatalf("err = %v, want a BudgetError", err)
	}
	// Listing the options of one position runs out of moves, not of
	// positions, and says so.
	_, err := s.Options(bg, 1_000_000_000)
	if !errors.As(err, &be) || be.Limit != impartial.LimitMoves || be.Max != 100_000 {
		t.Fatalf("Options err = %#v, want a LimitMoves BudgetError", err)
	}
	if want := "move budget exhausted: more than 100000 moves to examine"; err.Error() != want {
		t.Errorf("Options err = %q, want %q", err, want)
	}
}

// dense is the chain game with an Indexer, so that the solver memoizes in a slice.
type dense struct{ wide }

func (dense) Index(n int) (int, bool) { return n, n >= 0 && n < 1000 }
func (dense) IndexLimit() int         { return 1000 }

func TestDenseMemoMatchesMap(t *testing.T) {
	a := impartial.NewSolver[int](dense{}, impartial.Settings{})
	b := impartial.NewSolver[int](wide{}, impartial.Settings{})
	for _, n := range []int{0, 1, 7, 999, 1000, 1500} {
		va, err1 := a.Value(bg, n)
		vb, err2 := b.Value(bg, n)
		if err1 != nil || err2 != nil || va != vb || va != impartial.Nimber(n) {
			t.Errorf("G(%d): dense %d %v, map %d %v", n, va, err1, vb, err2)
		}
	}
}

func TestMex(t *testing.T) {
	for _, c := range []struct {
		in   []impartial.Nimber
		want impartial.Nimber
	}{
		{nil, 0}, {[]impartial.Nimber{1, 2}, 0}, {[]impartial.Nimber{0, 2, 1, 4}, 3},
		{[]impartial.Nimber{0, 0, 1, 1}, 2}, {[]impartial.Nimber{5, 0, 1, 2, 3, 4}, 6},
	} {
		if got := impartial.Mex(c.in); got != c.want {
			t.Errorf("Mex(%v) = %d, want %d", c.in, got, c.want)
		}
	}
	// Large option lists go through the bitset path.
	s := impartial.NewSolver[int](wide{}, impartial.Settings{})
	if v, _ := s.Value(bg, 300); v != 300 {
		t.Errorf("G(300) of a Nim heap = %d", v)
	}
}

func TestNimberString(t *testing.T) {
	for n, want := range map[impartial.Nimber]string{0: "0", 1: "*", 5: "*5"} {
		if got := n.String(); got != want {
			t.Errorf("Nimber(%d).String() = %q, want %q", n, got, want)
		}
	}
}

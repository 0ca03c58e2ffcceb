package misere

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/octaltest"
	"github.com/grundy/grundy/octal"
)

// randomSums checks a quotient against exhaustive misère search on count
// random sums of heaps 1..maxHeap of at most maxTotal tokens (heaps drawn
// with more weight on the large ones, where quotients grow), and the
// winning moves on every seventh.
func randomSums(t *testing.T, name string, g octal.Game, q *Quotient, maxHeap, maxTotal, count int, seed uint64) {
	t.Helper()
	ctx := context.Background()
	s := impartial.NewMisereSolver(impartial.Plain[octaltest.Heaps](octaltest.Engine{Game: g}), impartial.Settings{})
	r := rand.New(rand.NewPCG(seed, 30))
	for i := 0; i < count && !t.Failed(); i++ {
		var sum []int
		left := 1 + r.IntN(maxTotal)
		for left > 0 {
			h := min(left, maxHeap-r.IntN(r.IntN(maxHeap)+1))
			sum = append(sum, h)
			left -= h
		}
		ps := make([]octaltest.Heaps, len(sum))
		for k, h := range sum {
			ps[k] = octaltest.Heaps{int32(h)}
		}
		want, err := s.Outcome(ctx, ps...)
		if err != nil {
			t.Fatal(err)
		}
		got, err := q.Outcome(ctx, sum)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("%s: heaps %v: quotient says %v, search %v", name, sum, got, want)
		}
		if i%7 == 0 {
			checkMoves(t, name, s, q, sum)
		}
	}
}

// TestLargeQuotientAgainstSearch: past the old ceiling of 4,096 elements.
// The quotient of 0.16 for the heaps 0..18 has 4,578 elements (it stopped
// the old size cap at heap 18); 3,000 random sums of heaps up to 18 (most
// with a heap of 15 or more) against exhaustive search, winning moves too.
func TestLargeQuotientAgainstSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a quotient of 4,578 elements")
	}
	g := mustCode(t, "0.16")
	q, err := Compute(context.Background(), Octal(g), 18, Settings{})
	if err != nil {
		t.Fatal(err)
	}
	if q.Size() != 4578 {
		t.Fatalf("0.16 to heap 18: %d elements", q.Size())
	}
	randomSums(t, "0.16", g, q, 18, 30, 3000, 16)
}

// TestExtendProves: without a largest heap, Extend adds heaps until the
// periodicity theorem proves the quotient: 0.15 at heap 153, 0.115 at heap
// 214 (A. N. Siegel's MisereSolver needs these heaps too), and Kayles at
// 167. Each is checked against search on small sums, and on sums with heaps
// past the heaps computed through the period.
func TestExtendProves(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		code       string
		size, at   int
		heap, tot  int
		period, n0 int
	}{
		{"0.15", 42, 153, 16, 20, 0, 0},
		{"0.115", 42, 214, 16, 20, 0, 0},
		{"0.77", 40, 167, 14, 20, 12, 71},
	} {
		g := mustCode(t, c.code)
		q, err := Extend(ctx, Octal(g), Settings{})
		if err != nil {
			t.Fatalf("%s: %v", c.code, err)
		}
		if q.Status() != Proved || q.Size() != c.size || q.Computed() != c.at || q.Heaps() != c.at {
			t.Errorf("%s: %s, %d elements, computed to %d; want proved, %d, %d (%s)", c.code, q.Status(), q.Size(), q.Computed(), c.size, c.at, q.Period().Criterion)
		}
		if c.period > 0 && (q.Period().Period != c.period || q.Period().Preperiod != c.n0) {
			t.Errorf("%s: period %+v", c.code, q.Period())
		}
		bruteForce(t, c.code, g, q, c.heap, c.tot)
	}
	if _, err := Extend(ctx, HeapGame(games.Nim{}), Settings{}); !errors.As(err, new(*UnprovableError)) {
		t.Errorf("Extend of nim: %v", err)
	}
	// A heap limit stops an unproved extension, with the quotient reached.
	q, err := Extend(ctx, Octal(mustCode(t, "0.115")), Settings{MaxHeaps: 50})
	var se *StopError
	if impartial.LimitOf(err) != impartial.LimitHeaps || !errors.As(err, &se) || q == nil || q.Heaps() != 50 || q.Status() != Stopped || se.Heap != 50 {
		t.Errorf("0.115 to 50 heaps: %v (%v)", q, err)
	}
}

// TestWinningMoveHugeHeaps: a winning move of a sum of heaps far beyond
// the heaps computed (lifted from the heap a multiple of the period below)
// is a move of the game (listed by the code's rules for that heap) and
// leads into the P-portion; and on sums of heaps past the heaps computed
// but within reach of search, it is one of the search's winning moves.
func TestWinningMoveHugeHeaps(t *testing.T) {
	ctx := context.Background()
	for _, code := range []string{"0.77", "0.75", "0.115"} {
		g := mustCode(t, code)
		q, err := Extend(ctx, Octal(g), Settings{})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(7, 7))
		for trial := 0; trial < 20; trial++ {
			heaps := []int{1 + r.IntN(1_000_000), 1 + r.IntN(1_000_000), 1 + r.IntN(1000), 1 + r.IntN(40)}
			o, err := q.Outcome(ctx, heaps)
			if err != nil {
				t.Fatal(err)
			}
			m, ok, err := q.WinningMove(ctx, heaps)
			if err != nil {
				t.Fatal(err)
			}
			if ok != (o == impartial.N) {
				t.Fatalf("%s %v: outcome %v, winning move %v", code, heaps, o, ok)
			}
			if !ok {
				continue
			}
			legal := false
			want := slices.Sorted(slices.Values(m.To))
			g.Options(m.Heap, func(_ int, parts []int) bool {
				var p []int
				for _, x := range parts {
					if x > 0 {
						p = append(p, x)
					}
				}
				slices.Sort(p)
				legal = slices.Equal(p, want)
				return !legal
			})
			after := slices.Clone(heaps)
			after = append(append(after[:m.Index:m.Index], m.To...), heaps[m.Index+1:]...)
			if o2, _ := q.Outcome(ctx, after); !legal || m.Heap != heaps[m.Index] || o2 != impartial.P {
				t.Fatalf("%s %v: move %+v: legal %v, leads to %v", code, heaps, m, legal, o2)
			}
		}
	}
	// 0.75 is proved at heap 21: sums with heaps up to 28 against search.
	g := mustCode(t, "0.75")
	q, err := Extend(ctx, Octal(g), Settings{})
	if err != nil || q.Computed() > 21 {
		t.Fatal(q, err)
	}
	s := impartial.NewMisereSolver(impartial.Plain[octaltest.Heaps](octaltest.Engine{Game: g}), impartial.Settings{})
	for a := 22; a <= 28; a++ {
		for b := 0; b <= 6; b++ {
			heaps := []int{a, b}
			m, ok, err := q.WinningMove(ctx, heaps)
			if err != nil {
				t.Fatal(err)
			}
			wins, err := s.WinningMoves(ctx, octaltest.Heaps{int32(a)}, octaltest.Heaps{int32(b)})
			if err != nil {
				t.Fatal(err)
			}
			if ok != (len(wins) > 0) {
				t.Fatalf("0.75 %v: winning move %v, search %d", heaps, ok, len(wins))
			}
			if !ok {
				continue
			}
			found := false
			for _, w := range wins {
				got := slices.Sorted(slices.Values(m.To))
				var to []int
				for _, x := range w.To.Sizes() {
					if x > 0 {
						to = append(to, x)
					}
				}
				slices.Sort(to)
				found = found || (w.Index == m.Index && slices.Equal(to, got))
			}
			if !found {
				t.Fatalf("0.75 %v: move %+v not among the search's %v", heaps, m, wins)
			}
		}
	}
}

// TestCheckpointResume: a computation stopped at any heap and resumed from
// its checkpoint ends with the quotient of one never stopped; a checkpoint
// of other rules, or damaged, is refused.
func TestCheckpointResume(t *testing.T) {
	ctx := context.Background()
	rules := Octal(mustCode(t, "0.07"))
	want, err := Compute(ctx, rules, 24, Settings{})
	if err != nil {
		t.Fatal(err)
	}
	for _, stopAt := range []int{3, 12, 19} {
		path := filepath.Join(t.TempDir(), "q.ckpt")
		cctx, cancel := context.WithCancel(ctx)
		_, err := Compute(cctx, rules, 24, Settings{Checkpoint: path, Key: "octal:0.07", Progress: func(h, _, _ int) {
			if h == stopAt {
				cancel() // as a kill after the heap's checkpoint
			}
		}})
		cancel()
		var se *StopError
		if !errors.As(err, &se) || se.Heap != stopAt+1 {
			t.Fatalf("stopped at %d: %v", stopAt, err)
		}
		// A temporary file left by a kill during a save does not matter.
		os.WriteFile(path+".tmp", []byte("half a checkpoint"), 0o644)
		heaps := []int{}
		got, err := Compute(ctx, rules, 24, Settings{Checkpoint: path, Key: "octal:0.07", Progress: func(h, _, _ int) { heaps = append(heaps, h) }})
		if err != nil {
			t.Fatal(err)
		}
		if heaps[0] != stopAt+1 {
			t.Errorf("resumed at heap %d, want %d", heaps[0], stopAt+1)
		}
		if !reflect.DeepEqual(got.Summary(), want.Summary()) {
			t.Errorf("stopped at %d and resumed: %v, want %v", stopAt, got, want)
		}
		if _, err := Compute(ctx, rules, 24, Settings{Checkpoint: path, Key: "octal:0.36"}); !errors.As(err, new(*CheckpointError)) {
			t.Errorf("other key: %v", err)
		}
		raw, _ := os.ReadFile(path)
		raw[len(raw)-1] ^= 1
		os.WriteFile(path, raw, 0o644)
		if _, err := Compute(ctx, rules, 24, Settings{Checkpoint: path, Key: "octal:0.07"}); !errors.As(err, new(*CheckpointError)) {
			t.Errorf("damaged: %v", err)
		}
	}
}

// TestPositionsQuotient: the quotient of a finite set of positions of a
// game that is not a heap game (MisereSolver's general mode): Wythoff
// positions up to (3,4) and their followers, every sum of up to four of
// them against exhaustive misère search.
func TestPositionsQuotient(t *testing.T) {
	ctx := context.Background()
	g := games.Wythoff{}
	roots := []games.Pair{{A: 3, B: 4}, {A: 2, B: 2}}
	r, err := Positions[games.Pair](ctx, g, roots, impartial.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	q, err := Compute(ctx, r, r.Len(), Settings{})
	if err != nil {
		t.Fatal(err)
	}
	s := impartial.NewMisereSolver[games.Pair](impartial.Plain[games.Pair](g), impartial.Settings{})
	n := r.Len()
	checked := 0
	var sum []int
	var rec func(from int)
	rec = func(from int) {
		ps := make([]games.Pair, len(sum))
		for i, h := range sum {
			ps[i] = r.Position(h)
		}
		want, err := s.Outcome(ctx, ps...)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := q.Outcome(ctx, sum); got != want {
			t.Fatalf("Wythoff %v: quotient %v, search %v", ps, got, want)
		}
		checked++
		if len(sum) == 4 {
			return
		}
		for h := from; h <= n; h++ {
			sum = append(sum, h)
			rec(h)
			sum = sum[:len(sum)-1]
		}
	}
	rec(1)
	t.Logf("%d positions, quotient of %d elements, %d sums checked", n, q.Size(), checked)
}

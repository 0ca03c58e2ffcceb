package octal

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/grundy/grundy/internal/longtest"
)

var ctx = context.Background()

// long reports whether the exhaustive suites run (GRUNDY_LONG=1, as
// .ci/run sets; internal/longtest): the default run keeps a
// representative part of each, still against the same truth.
var long = longtest.Enabled()

func mustCode(t testing.TB, s string) Game {
	t.Helper()
	c, err := ParseCode(s)
	if err != nil {
		t.Fatal(err)
	}
	return New(c)
}

func mustHex(t testing.TB, s string) Game {
	t.Helper()
	c, err := ParseHexCode(s)
	if err != nil {
		t.Fatal(err)
	}
	return New(c)
}

func values(t testing.TB, g Game, m Method, n int) []uint32 {
	t.Helper()
	c := NewComputer(g, m)
	if err := c.Extend(ctx, n); err != nil {
		t.Fatal(err)
	}
	return c.AppendValues(nil, 0, n+1)
}

// someCodes returns every code 0.d1d2 and 4.d1d2, and random codes of three
// or four digits: a few hundred games in all.
func someCodes(t testing.TB) []Game {
	var gs []Game
	for d0 := 0; d0 <= 4; d0 += 4 {
		for d1 := 0; d1 < 8; d1++ {
			for d2 := 0; d2 < 8; d2++ {
				gs = append(gs, mustCode(t, fmt.Sprintf("%d.%d%d", d0, d1, d2)))
			}
		}
	}
	r := rand.New(rand.NewPCG(5, 5))
	for i := 0; i < 150; i++ {
		s := "0."
		for k := 0; k < 3+i%2; k++ {
			s += fmt.Sprint(r.IntN(8))
		}
		gs = append(gs, mustCode(t, s))
	}
	return append(gs, GrundysGame())
}

// The sparse kernel and the automatic choice never differ from the plain
// kernel, on a few hundred codes.
func TestSparseAgainstPlain(t *testing.T) {
	skipUnderRace(t)
	n := 1500
	if testing.Short() {
		n = 500
	}
	for i, g := range someCodes(t) {
		N := n
		if i%10 != 0 {
			N = n / 3
		}
		plain := values(t, g, PlainMethod, N)
		for _, m := range []Method{SparseMethod, Auto} {
			got := values(t, g, m, N)
			for j := range plain {
				if got[j] != plain[j] {
					t.Fatalf("%s: %v G(%d) = %d, plain %d", g, m, j, got[j], plain[j])
				}
			}
		}
	}
}

// Games where the sparse kernel really runs (checked by its statistics), to
// larger n.
func TestSparseKernelRuns(t *testing.T) {
	skipUnderRace(t)
	for _, g := range []Game{mustCode(t, ".77"), mustCode(t, ".16"), mustCode(t, ".6"), GrundysGame(), mustCode(t, "4.0")} {
		const N = 6000
		plain := values(t, g, PlainMethod, N)
		c := NewComputer(g, SparseMethod)
		if err := c.Extend(ctx, N); err != nil {
			t.Fatal(err)
		}
		st := c.Stats()
		if st.Kernel != "sparse" || st.Rare*4 > N {
			t.Errorf("%s: stats %+v: want the sparse kernel with few rare heaps", g, st)
		}
		for j := range plain {
			if c.At(j) != plain[j] {
				t.Fatalf("%s: sparse G(%d) = %d, plain %d", g, j, c.At(j), plain[j])
			}
		}
	}
}

// Values past the 16-bit store go to the escape list and come back
// exactly: force it early with a low threshold.
func TestEscape(t *testing.T) {
	skipUnderRace(t)
	for _, g := range []Game{mustCode(t, ".6"), GrundysGame(), mustCode(t, ".77")} {
		N := 1500
		if long {
			N = 3000
		}
		plain := values(t, g, PlainMethod, N)
		for _, m := range []Method{PlainMethod, SparseMethod, Auto} {
			c := NewComputer(g, m)
			c.hooks.escAbove = 3
			if err := c.Extend(ctx, N); err != nil {
				t.Fatal(err)
			}
			if c.Stats().Escaped == 0 {
				t.Errorf("%s: nothing escaped", g)
			}
			for j := range plain {
				if c.At(j) != plain[j] {
					t.Fatalf("%s %v escaped: G(%d) = %d, plain %d", g, m, j, c.At(j), plain[j])
				}
			}
		}
	}
	c := NewComputer(mustCode(t, ".77"), Auto)
	if err := c.Extend(ctx, 100); err != nil || c.Stats().Escaped != 0 || c.Stats().WordBytes != 2 {
		t.Errorf("Kayles should need no escape: %+v %v", c.Stats(), err)
	}
}

// Load continues a computation from known values exactly as if computed.
func TestLoad(t *testing.T) {
	g := GrundysGame()
	want := values(t, g, PlainMethod, 5000)
	c := NewComputer(g, Auto)
	if err := c.Load(want[1:3000]); err != nil {
		t.Fatal(err)
	}
	if err := c.Extend(ctx, 5000); err != nil {
		t.Fatal(err)
	}
	for j := range want {
		if c.At(j) != want[j] {
			t.Fatalf("after Load: G(%d) = %d, want %d", j, c.At(j), want[j])
		}
	}
}

func TestExtendCanceled(t *testing.T) {
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	c := NewComputer(GrundysGame(), Auto)
	if err := c.Extend(cctx, 100000); err == nil {
		t.Error("Extend with a canceled context succeeded")
	}
}

// Published first values: Kayles (OEIS A002186), Dawson's Kayles
// (A002187), Grundy's game (A002188).
func TestKnownSequences(t *testing.T) {
	for _, c := range []struct {
		g    Game
		want []uint32
	}{
		{mustCode(t, ".77"), []uint32{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7}},
		{mustCode(t, ".07"), []uint32{0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0}},
		{GrundysGame(), []uint32{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1, 2}},
	} {
		got := values(t, c.g, PlainMethod, len(c.want)-1)
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: G(%d) = %d, published %d", c.g, i, got[i], c.want[i])
			}
		}
	}
}

// Identities from spec/games.md: Dawson's Kayles G(n) = Dawson's chess
// G(n−1); Officers G(n) = .37 G(n−1) (n ≥ 1).
func TestIdentities(t *testing.T) {
	for _, c := range []struct{ a, b string }{{".07", ".137"}, {".6", ".37"}} {
		ga := values(t, mustCode(t, c.a), Auto, 20000)
		gb := values(t, mustCode(t, c.b), Auto, 20000)
		for n := 1; n < len(ga); n++ {
			if ga[n] != gb[n-1] {
				t.Fatalf("%s G(%d) = %d but %s G(%d) = %d", c.a, n, ga[n], c.b, n-1, gb[n-1])
			}
		}
	}
}

// The two-goroutine kernel gives the same values, including across a
// widening to uint32.
func TestParallel(t *testing.T) {
	for _, g := range []Game{mustCode(t, ".6"), GrundysGame(), mustCode(t, "4.07")} {
		plain := values(t, g, PlainMethod, 12000)
		for _, widen := range []bool{false, true} {
			c := NewComputer(g, SparseMethod)
			c.SetParallel(true)
			if widen {
				c.hooks.escAbove = 100
			}
			for to := 3000; to <= 12000; to += 3000 {
				if err := c.Extend(ctx, to); err != nil {
					t.Fatal(err)
				}
			}
			for j := range plain {
				if c.At(j) != plain[j] {
					t.Fatalf("%s parallel (widen %v): G(%d) = %d, plain %d", g, widen, j, c.At(j), plain[j])
				}
			}
		}
	}
}

// The two-core kernel run directly (the automatic mode only hands it games
// of long scans): every heap's left mex, completed in heap order, gives the
// plain kernel's values, for every game the sparse kernel takes among a few
// hundred codes (one-heap takes, one and two split digits, unequal splits),
// whatever lookahead the goroutines reach.
func TestParallelLookahead(t *testing.T) {
	const from, to = 1500, 5000
	games := []Game{GrundysGame(), mustCode(t, ".167"), mustCode(t, ".161"), mustCode(t, ".6"), mustHex(t, "0.8"), mustHex(t, "4.C1")}
	least := 3
	switch {
	case raceEnabled: // under the race detector: these few
	case long:
		games, least = append(games, someCodes(t)...), 100
	default: // every sixth code
		for i, g := range someCodes(t) {
			if i%6 == 0 {
				games = append(games, g)
			}
		}
		least = 15
	}
	tried := 0
	for _, g := range games {
		c := NewComputer(g, SparseMethod)
		if err := c.Extend(ctx, from); err != nil {
			t.Fatal(err)
		}
		if !c.sparse || !c.fast() || c.per.p > 0 || len(c.g.three) > 0 {
			continue
		}
		tried++
		if err := c.extendParallel(ctx, to); err != nil {
			t.Fatal(err)
		}
		plain := values(t, g, PlainMethod, c.Len()-1)
		for j := range plain {
			if c.At(j) != plain[j] {
				t.Fatalf("%s two cores: G(%d) = %d, plain %d", g, j, c.At(j), plain[j])
			}
		}
		if c.Len() < to/2 {
			t.Errorf("%s: two cores stopped at %d", g, c.Len())
		}
	}
	if tried < least {
		t.Errorf("only %d games on the sparse kernel", tried)
	}
}

// cancelAtPoll is a context that cancels itself at its poll-th check (a
// call of Err), after that check has answered nil: the cancel then falls
// between two checks of a run, a point fixed by the work done, not by the
// clock. canceled closes at the cancel; calls counts the checks.
type cancelAtPoll struct {
	context.Context
	cancel   context.CancelFunc
	poll     int64
	calls    atomic.Int64
	canceled chan struct{}
	at       time.Time // when it canceled itself (read after canceled)
}

func newCancelAtPoll(poll int64) *cancelAtPoll {
	c, cancel := context.WithCancel(context.Background())
	return &cancelAtPoll{Context: c, cancel: cancel, poll: poll, canceled: make(chan struct{})}
}

func (c *cancelAtPoll) Err() error {
	err := c.Context.Err()
	if c.calls.Add(1) == c.poll {
		c.at = time.Now()
		c.cancel()
		close(c.canceled)
	}
	return err
}

// A canceled context ends Extend at its next check of the context even
// where one value costs O(n²) (three-heap splits, hex:0.2048) or a long
// scan, and the values computed before stay. The cancel comes at Extend's
// second check, after at least a hundred values (the first check is at its
// start, the next after many pairs), so which values are kept does not
// depend on the clock; how long Extend takes to return after it is
// logged, with a failsafe: without a check in its loops it would run on for
// the 10^6 values.
func TestExtendStopsPromptly(t *testing.T) {
	for _, c := range []struct {
		g    Game
		poll int64
	}{
		// hex:0.2048 checks every 64 first heaps of a three-heap split,
		// from heap 192 on: its 600th check is in the middle of the value
		// of a heap near 600 (an O(n²) value); the others check once every
		// 2^22 pairs.
		{mustHex(t, "0.2048"), 600},
		{mustCode(t, ".007"), 2},
		{GrundysGame(), 2},
	} {
		g := c.g
		for _, par := range []bool{false, true} {
			cctx := newCancelAtPoll(c.poll)
			comp := NewComputer(g, Auto)
			comp.SetParallel(par)
			done := make(chan error, 1)
			go func() { done <- comp.Extend(cctx, 1_000_000) }()
			select {
			case err := <-done:
				t.Fatalf("%s (two cores %v): Extend returned %v before check %d of the context", g, par, err, cctx.poll)
			case <-cctx.canceled:
			}
			select {
			case err := <-done:
				if err == nil {
					t.Errorf("%s (two cores %v): Extend finished 10^6 values after the cancel", g, par)
				}
				t.Logf("%s (two cores %v): Extend returned %v after the cancel, %d checks later, with %d values",
					g, par, time.Since(cctx.at), cctx.calls.Load()-cctx.poll, comp.Len())
			case <-time.After(60 * time.Second):
				t.Fatalf("%s (two cores %v): Extend still running 60 s after the cancel", g, par)
			}
			if comp.Len() < 100 {
				t.Errorf("%s: only %d values kept", g, comp.Len())
			}
			for i := 0; i < min(comp.Len(), 300); i++ {
				_ = comp.At(i)
			}
		}
	}
}

// skipUnderRace skips a long test that starts no goroutine when the race
// detector is on (it has nothing to find there, and is ten times slower).
func skipUnderRace(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("no goroutines: skipped under the race detector")
	}
}

// A goroutine held off its core (another process, a late vCPU) does not
// stop the two-core run: the other computes its heaps meanwhile, and the
// values are still those of the plain kernel.
func TestParallelTakeover(t *testing.T) {
	const from, to = 1500, 6000
	for _, g := range []Game{GrundysGame(), mustCode(t, ".6")} {
		c := NewComputer(g, SparseMethod)
		if err := c.Extend(ctx, from); err != nil {
			t.Fatal(err)
		}
		// Goroutine 1, on its first heap n1, is held off its core until
		// goroutine 0 has gone lookahead heaps past n1, which it can do
		// only by taking over n1 (its heap n needs G(n−lookahead+1) and
		// below published), so the takeover does not depend on how long
		// either goroutine runs; goroutine 0 waits at its first heap until
		// goroutine 1 has one (else it might take them all before
		// goroutine 1 starts). The failsafes only end a run that went
		// wrong.
		const failsafe = 60 * time.Second
		started, past := make(chan struct{}), make(chan struct{})
		n1 := -1
		var once0, once1, oncePast sync.Once
		c.hooks.stall = func(id, n int) {
			if id == 1 {
				once1.Do(func() {
					n1 = n
					close(started)
					select {
					case <-past:
					case <-time.After(failsafe):
						t.Errorf("%s: goroutine 0 did not get past heap %d with goroutine 1 held", g, n1)
					}
				})
				return
			}
			once0.Do(func() {
				select {
				case <-started:
				case <-time.After(failsafe):
					t.Errorf("%s: goroutine 1 took no heap", g)
				}
			})
			if n1 >= 0 && n >= n1+lookahead {
				oncePast.Do(func() { close(past) })
			}
		}
		for c.Len() <= to {
			if err := c.extendParallel(ctx, to); err != nil {
				t.Fatal(err)
			}
			if c.Len() <= to { // a value the two cores could not book
				if err := c.Extend(ctx, c.Len()); err != nil {
					t.Fatal(err)
				}
			}
		}
		plain := values(t, g, PlainMethod, to)
		for j := range plain {
			if c.At(j) != plain[j] {
				t.Fatalf("%s two cores, one held up: G(%d) = %d, plain %d", g, j, c.At(j), plain[j])
			}
		}
		if c.sched.takeovers == 0 {
			t.Errorf("%s: no heap taken over from the held-up goroutine", g)
		}
		t.Logf("%s: %d heaps taken over", g, c.sched.takeovers)
	}
}

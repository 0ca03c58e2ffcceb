package cardflip

import (
	"bufio"
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/golden.txt from the current engine and strategies")

// goldenCases are the strategies and rules whose games the golden file
// records: every strategy, every information model and variant it can be
// played under, and a few that end in an illegal action.
func goldenCases() []struct {
	s Strategy
	r Rules
} {
	type c = struct {
		s Strategy
		r Rules
	}
	var cs []c
	for _, s := range []Strategy{Random(), FrontToBack(), Partition(), DivideConquer(), Stacks()} {
		cs = append(cs, c{s, Rules{}}, c{s, Rules{Model: TurnNumber}}, c{s, Rules{Players: 3}})
	}
	cs = append(cs,
		c{Single(), Rules{Players: 1}},
		c{Single(), Rules{Players: 4, Variant: FreeCommunication}},
		c{Interval(), Rules{Players: 1}},
		c{Interval(), Rules{Players: 3}},
		c{Interval(), Rules{Players: 3, Variant: FixedAfterLook}},
		c{Random(), Rules{Variant: FixedAfterLook}},
		c{FrontToBack(), Rules{Variant: FixedAfterLook}}, // illegal: moves the card
		c{FrontToBack(), Rules{Variant: Rearrange}},
		c{Stacks(), Rules{Variant: FreeCommunication}},
		c{Random(), Rules{MaxTurns: 20}}, // ends on the turn limit for larger m
	)
	// Added after c2bc57a (their lines written by 5bb09fe's engine, before
	// the speed-ups of issue 43): the later strategies.
	cs = append(cs,
		c{Halving(), Rules{}},
		c{Comb(), Rules{}},
		c{Ordered(), Rules{}},
		c{Skewed(), Rules{}},
		c{Skewed(), Rules{Model: TurnNumber, Players: 3}},
		c{Relay(), Rules{Players: 3}},
		c{Cycle(), Rules{Variant: Rearrange}},
	)
	return cs
}

// goldenBig are the cases played on rows of blocks (m = 600, a few games
// each), added with the later strategies.
func goldenBig() []struct {
	s Strategy
	r Rules
} {
	return []struct {
		s Strategy
		r Rules
	}{
		{FrontToBack(), Rules{}}, {DivideConquer(), Rules{}}, {Stacks(), Rules{}}, {Comb(), Rules{}},
		{Skewed(), Rules{}}, {Halving(), Rules{}}, {Relay(), Rules{Players: 3}}, {Cycle(), Rules{Variant: Rearrange}},
	}
}

// goldenLines plays seeded games (Deal with seed 11) of every golden case
// for several m and hashes X (or the error) of every game, and the full
// trace (every step's rows, look, value and move) of the first few.
func goldenLines(t *testing.T) []string {
	// games of m cards, the first traced of them hashed step by step.
	type size struct{ m, games, traced int }
	var small []size
	for _, m := range []int{1, 2, 3, 4, 5, 8, 13, 31, 100} {
		games := 1500
		switch {
		case m > 50:
			games = 30
		case m > 20:
			games = 200
		}
		small = append(small, size{m, games, 5})
	}
	type run struct {
		s     Strategy
		r     Rules
		sizes []size
	}
	var runs []run
	for _, c := range goldenCases() {
		runs = append(runs, run{c.s, c.r, small})
	}
	for _, c := range goldenBig() {
		traced := 1
		if _, ok := c.s.(frontToBack); ok {
			traced = 0 // 90,000 turns a game: its traces are the conformance test's
		}
		runs = append(runs, run{c.s, c.r, []size{{600, 3, traced}}})
	}
	// One line a (run, size), computed on every core: each line's games
	// are their own (a Game per line; the strategies keep no state).
	type job struct {
		c  run
		sz size
	}
	var jobs []job
	for _, c := range runs {
		for _, sz := range c.sizes {
			jobs = append(jobs, job{c, sz})
		}
	}
	lines := make([]string, len(jobs))
	errs := make([]error, len(jobs))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				k := int(next.Add(1)) - 1
				if k >= len(jobs) {
					return
				}
				lines[k], errs[k] = goldenLine(jobs[k].c.s, jobs[k].c.r, jobs[k].sz.m, jobs[k].sz.games, jobs[k].sz.traced)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	return lines
}

// goldenLine plays the games of one line of the golden file.
func goldenLine(s Strategy, rules Rules, m, games, traced int) (string, error) {
	g, err := NewGame(m, rules)
	if err != nil {
		return "", err
	}
	var buf []byte
	var bad error
	deal := make([]int, m)
	hx, ht := fnv.New64a(), fnv.New64a()
	sum := 0
	for i := range games {
		r := Deal(deal, 11, int64(i))
		g.Trace = nil
		if i < traced {
			g.Trace = func(st Step) {
				buf = appendStep(buf[:0], st)
				// appendStep is fmt's %+v, which the golden file hashed,
				// without its reflection (four fifths of the test's
				// time): checked against fmt on the first and the last
				// step of every traced game.
				if st.Turn == 1 || st.End {
					if want := fmt.Sprintf("%+v\n", st); string(buf) != want && bad == nil {
						bad = fmt.Errorf("appendStep wrote %q, fmt %q", buf, want)
					}
				}
				ht.Write(buf)
			}
		}
		x, err := g.Play(s, deal, r)
		if err != nil {
			fmt.Fprintf(hx, "%d:%v\n", i, err)
			continue
		}
		sum += x
		fmt.Fprintf(hx, "%d:%d\n", i, x)
	}
	return fmt.Sprintf("%s | %s | m=%d | games=%d sum=%d x=%016x trace=%016x",
		s.Info().Name, rules, m, games, sum, hx.Sum64(), ht.Sum64()), bad
}

// appendStep appends fmt.Sprintf("%+v\n", s) to b.
func appendStep(b []byte, s Step) []byte {
	ints := func(b []byte, xs []int) []byte {
		b = append(b, '[')
		for i, x := range xs {
			if i > 0 {
				b = append(b, ' ')
			}
			b = strconv.AppendInt(b, int64(x), 10)
		}
		return append(b, ']')
	}
	b = append(b, "{Turn:"...)
	b = strconv.AppendInt(b, int64(s.Turn), 10)
	b = append(b, " Player:"...)
	b = strconv.AppendInt(b, int64(s.Player), 10)
	b = append(b, " Before:"...)
	b = ints(b, s.Before)
	b = append(b, " Look:"...)
	b = strconv.AppendInt(b, int64(s.Look), 10)
	b = append(b, " Value:"...)
	b = strconv.AppendInt(b, int64(s.Value), 10)
	b = append(b, " Move:{Up:"...)
	b = strconv.AppendBool(b, s.Move.Up)
	b = append(b, " To:"...)
	b = strconv.AppendInt(b, int64(s.Move.To), 10)
	b = append(b, " Order:"...)
	b = ints(b, s.Move.Order)
	b = append(b, "} After:"...)
	b = ints(b, s.After)
	b = append(b, " End:"...)
	b = strconv.AppendBool(b, s.End)
	return append(b, "}\n"...)
}

// TestGolden checks that the games are bit-identical to those recorded in
// testdata/golden.txt (written by the engine and strategies of commit
// c2bc57a, before the speed-ups): same deals, same choices, same X, same
// traces, same errors.
func TestGolden(t *testing.T) {
	skipSequentialUnderRace(t)
	got := goldenLines(t)
	const file = "testdata/golden.txt"
	if *updateGolden {
		if err := os.WriteFile(file, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var want []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		want = append(want, sc.Text())
	}
	if len(want) != len(got) {
		t.Fatalf("%d golden lines, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("got  %s\nwant %s", got[i], want[i])
		}
	}
}

// skipSequentialUnderRace skips a long test that plays on one goroutine
// when it runs under go test -race -short (CI's race step): the detector
// slows it 5–10 times and has nothing to find in it, and the plain run
// (go test ./...) checks it in full. The tests of the evaluation pool,
// which does start goroutines, still run under the detector.
func skipSequentialUnderRace(t *testing.T) {
	t.Helper()
	if RaceDetector && testing.Short() {
		t.Skip("one goroutine, long: checked by the plain run, not under -race -short")
	}
}

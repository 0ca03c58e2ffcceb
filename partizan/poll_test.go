package partizan

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/grundy/grundy/impartial"
)

// pollCtx is a context that is fine when a computation starts and canceled
// at its first poll: a loop that never polls runs to the end instead. Its
// Done channel is closed, so that every check asks Err.
type pollCtx struct {
	context.Context
	calls int
}

var closed = func() chan struct{} { ch := make(chan struct{}); close(ch); return ch }()

func (p *pollCtx) Done() <-chan struct{} { return closed }

func (p *pollCtx) Err() error {
	p.calls++
	if p.calls > 1 {
		return context.Canceled
	}
	return nil
}

func pollCalc(s *Store) (*Calc, *pollCtx) {
	ctx := &pollCtx{Context: context.Background()}
	return s.Calc(ctx, impartial.Budget{}), ctx
}

func wantCanceled(t *testing.T, what string, err error) {
	t.Helper()
	var be *impartial.BudgetError
	if !errors.As(err, &be) || be.Limit != impartial.LimitCanceled {
		t.Errorf("%s: want it canceled at a poll, got %v", what, err)
	}
}

// TestPolls runs loops that make no new game — the ones a work count could
// miss — on a context canceled at the first poll: each must notice (every
// pollEvery steps), so a deadline stops it within that much work.
func TestPolls(t *testing.T) {
	s := NewStore(Config{})
	// a sum of numbers (each sum immediate, no game made)
	c, _ := pollCalc(s)
	_, err := c.Parse(strings.Repeat("1/2+", 3*pollEvery) + "1")
	wantCanceled(t, "a long sum of numbers", err)
	// the options of a brace, each a number
	c, _ = pollCalc(s)
	_, err = c.Parse("{" + strings.Repeat("0,", 3*pollEvery) + "0|}")
	wantCanceled(t, "a long option list", err)
	// domination among many number-up-star options (n² comparisons)
	var left []Game
	for i := 0; i < 200; i++ {
		left = append(left, s.NUS(Int(0), int64(i%7), uint64(i)))
	}
	c, _ = pollCalc(s)
	_, err = c.New(left, []Game{s.Integer(5)})
	wantCanceled(t, "domination among 200 options", err)
	// a ruleset's own loop over its moves
	c, _ = pollCalc(s)
	_, err = Solve[int, int](c, wide{}, 3*pollEvery)
	wantCanceled(t, "a ruleset with many moves", err)
	// comparisons and thermographs of games already made
	c = testCalc(s)
	g := mustParse(t, c, "{3||2|1} + {1|0} + ^ + {5|-5} + {2|{1|0}}")
	h := mustParse(t, c, "{3||2|1} + {1|0} + ^* + {5|-5} + {2|{1|-1}}")
	c, ctx := pollCalc(s)
	for i := 0; i < 4*pollEvery && err == nil; i++ {
		clear(s.leqs)
		ctx.calls = 0 // each call checks once as it starts: fine then
		_, err = c.Compare(g, h)
	}
	wantCanceled(t, "comparisons", err)
}

// wide is a ruleset whose position n has n moves for each side, to 0.
type wide struct{}

func (wide) Options(n int, s Side, yield func(int) bool) error {
	for i := 0; i < n; i++ {
		if !yield(0) {
			return nil
		}
	}
	return nil
}

func (wide) Key(n int) int { return n }

// TestParseDeepPrefixes: a million signs nest like braces (each recurses)
// and must end in the depth error, not in a goroutine stack overflow.
func TestParseDeepPrefixes(t *testing.T) {
	c := testCalc(NewStore(Config{}))
	for _, prefix := range []string{"-", "+", "+-", "±"} {
		_, err := c.Parse(strings.Repeat(prefix, 1<<20) + "1")
		if err == nil || !strings.Contains(err.Error(), "nested more than") {
			t.Errorf("%q × 2^20: %v", prefix, err)
		}
	}
}

// gapCtx records the most CPU time between two polls (CPU, not wall time:
// the shared machine's load would swamp a wall clock).
type gapCtx struct {
	context.Context
	last, max int64
}

func (g *gapCtx) Done() <-chan struct{} { return closed }

func (g *gapCtx) Err() error {
	now := cpuNow()
	if g.last != 0 && now-g.last > g.max {
		g.max = now - g.last
	}
	g.last = now
	return nil
}

// BenchmarkPollGap reports the most CPU time between two polls of the
// context (how late a deadline can be noticed; the process's CPU, GC
// included) on the heavier workloads.
func BenchmarkPollGap(b *testing.B) {
	work := map[string]func(c *Calc){
		"census": func(c *Calc) { days(&testing.T{}, c, 3) },
		"switchesups": func(c *Calc) {
			var gs []Game
			for i := 0; i < 12; i++ {
				gs = append(gs, mustParse(b, c, "{"+Int(int64(i+2)).Shift(-2).String()+"|0}"), mustParse(b, c, "^"))
			}
			c.Sum(gs...)
		},
		"domineering5x4": func(c *Calc) { Solve[domPos, domPos](c, domPlain{}, domPos{w: 5, h: 4}) },
	}
	for _, name := range []string{"census", "switchesups", "domineering5x4"} {
		b.Run(name, func(b *testing.B) {
			var worst int64
			for b.Loop() {
				ctx := &gapCtx{Context: context.Background()}
				work[name](NewStore(Config{}).Calc(ctx, impartial.Budget{}))
				worst = max(worst, ctx.max)
			}
			b.ReportMetric(float64(worst)/1e6, "max-gap-ms")
		})
	}
}

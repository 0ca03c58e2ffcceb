package partizan_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/hackenbush"
)

// A canonical form can be exponentially longer than its record (the
// Hackenbush string (elr)^n: 9 kB at 12 edges, 735 kB at 18): FormatMax
// stops at its bound, FormatContext also when its context ends, with the
// context's error, and neither re-sorts shared followers once per path to
// them (before the formatter's memo, ordering the 60-edge string for
// printing ran for minutes past any bound, holding a server's slot).
func TestFormatContextBounded(t *testing.T) {
	c := partizan.NewStore(partizan.Config{}).Calc(context.Background(), impartial.Budget{})
	long := func(n int) partizan.Game {
		p, err := hackenbush.Parse(strings.Repeat("elr", n))
		if err != nil {
			t.Fatal(err)
		}
		g, err := partizan.Solve[hackenbush.Position, string](c, hackenbush.Game{}, p)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	// Within the bound: the same text as Format, read back to the game.
	g := long(4)
	s, ok, err := partizan.FormatContext(context.Background(), g, 1<<20)
	if !ok || err != nil || s != partizan.Format(g) {
		t.Fatalf("FormatContext = %q, %v, %v; Format %q", s, ok, err, partizan.Format(g))
	}
	if back, err := c.Parse(s); err != nil || back != g {
		t.Errorf("%s read back as %v, %v", s, back, err)
	}
	// Past the bound: cut, no error.
	g = long(20)
	if s, ok, err := partizan.FormatContext(context.Background(), g, 4096); ok || err != nil || len(s) > 4096 {
		t.Errorf("bounded to 4096 bytes: %d bytes, ok %v, %v", len(s), ok, err)
	}
	// A context already done: its error, at once.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, ok, err = partizan.FormatContext(ctx, g, 0)
	var be *impartial.BudgetError
	if ok || !errors.As(err, &be) || be.Limit != impartial.LimitCanceled {
		t.Errorf("canceled: ok %v, %v", ok, err)
	}
}

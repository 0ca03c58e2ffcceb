package sweep

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy/grundy/cardflip"
)

// The card-flip sweep on the local runner gives, point for point, what a
// direct cardflip.Exact or Simulate gives, and skips what the rules forbid.
func TestCardflipSweepMatchesDirect(t *testing.T) {
	spec, err := ParseGrid(strings.NewReader(`
strategies = stacks, interval, random
m = 3..5, 9
players = 1, ∞
model = table
method = auto
trials = 3000
seed = 7
`))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	sum, err := Run(context.Background(), Spec{Kind: "cardflip", Cardflip: &spec}, Options{Out: dir})
	if err != nil {
		t.Fatal(err)
	}
	rows := readJSONL[CardflipRow](t, filepath.Join(dir, "results.jsonl"))
	if len(rows) != 3*4*2 || sum.Units != len(rows) {
		t.Fatalf("%d rows, %d units, want 24", len(rows), sum.Units)
	}
	skipped, exact := 0, 0
	for _, r := range rows {
		st, err := cardflip.Lookup(r.Strategy)
		if err != nil {
			t.Fatal(err)
		}
		n, _ := cardflip.ParsePlayers(r.Players)
		rules := cardflip.Rules{Players: n, Model: cardflip.TableOnly}
		if err := cardflip.Compatible(st, rules); err != nil {
			skipped++
			if r.Skipped == "" {
				t.Errorf("%+v: the rules forbid it (%v) but it was not skipped", r, err)
			}
			continue
		}
		o := cardflip.Options{Rules: rules}
		if r.M <= AutoExactMaxM && !st.Info().Randomized {
			exact++
			want, err := cardflip.Exact(context.Background(), st, r.M, o)
			if err != nil {
				t.Fatal(err)
			}
			if r.Method != "exact" || r.Fraction != want.Expectation.RatString() || r.Games != want.Games {
				t.Errorf("%+v: exact E[X] = %s over %d deals", r, want.Expectation.RatString(), want.Games)
			}
			continue
		}
		want, err := cardflip.Simulate(context.Background(), st, r.M, 3000, 7, o)
		if err != nil {
			t.Fatal(err)
		}
		if r.Method != "simulate" || r.Mean != want.Mean() || r.StdErr != want.StdErr() || r.Games != 3000 {
			t.Errorf("%+v: simulated mean %v ± %v", r, want.Mean(), want.StdErr())
		}
	}
	if skipped == 0 || exact == 0 {
		t.Errorf("%d skipped, %d exact: the grid should have both", skipped, exact)
	}
}

func TestParseGridExample(t *testing.T) {
	f, err := os.Open("testdata/cardflip-grid.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	spec, err := ParseGrid(f)
	if err != nil {
		t.Fatal(err)
	}
	task, err := newCardflipTask(spec)
	if err != nil {
		t.Fatal(err)
	}
	if task.units() != 3*6*3*2 || spec.Trials != 20000 || spec.Seed != 1 {
		t.Errorf("example grid: %d points, %+v", task.units(), spec)
	}
}

func TestParseGridErrors(t *testing.T) {
	base := "strategies = stacks\nm = 4\nplayers = 1\nmodel = table\n"
	for _, c := range []struct{ grid, want string }{
		{"strategies = stacks\nm = 4\nplayers = 1\n", "no model line"},
		{base + "m = 5\n", "line 5: m given twice (first on line 2)"},
		{base + "colour = red\n", `line 5: unknown key "colour"`},
		{"strategies = nope\n", `line 1: unknown strategy "nope"`},
		{"m = 0..3\n", `line 1: m: "0..3" is not a deck size`},
		{"m = 1..1001\n", "within 1..1000"},
		{"players = -1\n", "line 1: players must be a whole number"},
		{"model = psychic\n", `line 1: model must be table or turn, not "psychic"`},
		{"variant = x\n", "line 1: variant must be"},
		{"method = guess\n", `line 1: method must be exact, simulate or auto, not "guess"`},
		{"trials = 0\n", "line 1: trials must be 1..1000000000"},
		{"seed = -3\n", "line 1: seed must be a whole number"},
		{"just words\n", `line 1: want "key = value, …"`},
		{"m =\n", "line 1: m has no value"},
		{"method = exact, simulate\n", "line 1: method takes one value, got 2"},
		{"strategies = stacks\nm = 13\nplayers = 1\nmodel = table\nmethod = exact\n", "exact enumeration covers"},
		{"strategies = all\nm = 1..1000\nplayers = 1, 2\nmodel = table, turn\n", "points, more than 10000"},
		{"strategies = stacks\nm = 1000\nplayers = 1\nmodel = table\ntrials = 1000000000\nvariant = standard, free, fixed, rearrange\nmethod = simulate\nseed = 1\n", ""},
	} {
		_, err := ParseGrid(strings.NewReader(c.grid))
		var ge *GridError
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q: %v", c.grid, err)
		case c.want != "" && (err == nil || !errors.As(err, &ge) || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%q: error %v, want one containing %q", c.grid, err, c.want)
		}
	}
}

func FuzzParseGrid(f *testing.F) {
	f.Add("strategies = stacks\nm = 3..5\nplayers = 1, ∞\nmodel = table, turn\n")
	f.Add("strategies = all\nm = 1..1000\nplayers = 1\nmodel = table\nmethod = simulate\ntrials = 1000000000\n")
	f.Add("m = 4 # comment\n= \n#\n")
	f.Add("strategies = stacks\n" + strings.Repeat("#", 5000) + "\n")
	f.Fuzz(func(t *testing.T, grid string) {
		spec, err := ParseGrid(strings.NewReader(grid))
		if err != nil {
			var ge *GridError
			if !errors.As(err, &ge) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q is not a one-line GridError", err)
			}
			return
		}
		task, err := newCardflipTask(spec)
		if err != nil {
			t.Fatalf("ParseGrid accepted a grid newCardflipTask refuses: %v", err)
		}
		if task.units() > MaxGridPoints {
			t.Fatalf("%d points", task.units())
		}
	})
}

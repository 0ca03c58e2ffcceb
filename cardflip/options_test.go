package cardflip

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestParseOptions(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Model
		ok   bool
	}{
		{"", TableOnly, true}, {"table", TableOnly, true}, {"table-only", TableOnly, true},
		{"turn", TurnNumber, true}, {"table+turn", TurnNumber, true},
		{"Turn", 0, false}, {"psychic", 0, false}, {" table", 0, false},
	} {
		got, err := ParseModel(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("ParseModel(%q) = %v, %v", c.in, got, err)
		}
	}
	for _, c := range []struct {
		in   string
		want Variant
		ok   bool
	}{
		{"", Standard, true}, {"standard", Standard, true}, {"free", FreeCommunication, true},
		{"free-communication", FreeCommunication, true}, {"fixed", FixedAfterLook, true},
		{"fixed-after-look", FixedAfterLook, true}, {"rearrange", Rearrange, true},
		{"cheat", 0, false}, {"Free", 0, false},
	} {
		got, err := ParseVariant(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("ParseVariant(%q) = %v, %v", c.in, got, err)
		}
	}
	for _, c := range []struct {
		in   string
		want int
		ok   bool
	}{
		{"", 0, true}, {"0", 0, true}, {"∞", 0, true}, {"inf", 0, true}, {"Infinity", 0, true}, {" 3 ", 3, true},
		{"1000", 1000, true}, {"1001", 0, false}, {"1000000", 0, false}, {"99999999999999", 0, false}, {"-1", 0, false}, {"x", 0, false}, {"1.5", 0, false}, {"99999999999999999999", 0, false},
	} {
		got, err := ParsePlayers(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("ParsePlayers(%q) = %v, %v", c.in, got, err)
		}
	}
	// The words String and FormatPlayers write read back.
	for _, m := range []Model{TableOnly, TurnNumber} {
		if got, err := ParseModel(m.String()); err != nil || got != m {
			t.Errorf("ParseModel(%q) = %v, %v", m, got, err)
		}
	}
	for _, v := range []Variant{Standard, FreeCommunication, FixedAfterLook, Rearrange} {
		if got, err := ParseVariant(v.String()); err != nil || got != v {
			t.Errorf("ParseVariant(%q) = %v, %v", v, got, err)
		}
	}
	for _, n := range []int{0, 1, 7} {
		if got, err := ParsePlayers(FormatPlayers(n)); err != nil || got != n {
			t.Errorf("ParsePlayers(%q) = %v, %v", FormatPlayers(n), got, err)
		}
	}
	_, err := ParseModel("psychic")
	var oe *OptionError
	if !errors.As(err, &oe) || err.Error() != `cardflip: model must be table or turn, not "psychic"` || oe.Option != "model" {
		t.Errorf("ParseModel(psychic): %v", err)
	}
}

func FuzzParseOptions(f *testing.F) {
	for _, s := range []string{"", "table", "turn", "table+turn", "free", "fixed-after-look", "rearrange", "∞", "inf", "3", "-1", "1e3", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if m, err := ParseModel(s); err == nil {
			if again, _ := ParseModel(m.String()); again != m {
				t.Fatalf("model %q: %v reads back as %v", s, m, again)
			}
		} else if !strings.Contains(err.Error(), fmt.Sprintf("%q", s)) {
			t.Fatalf("model %q: the error %q does not quote the input", s, err)
		}
		if v, err := ParseVariant(s); err == nil {
			if again, _ := ParseVariant(v.String()); again != v {
				t.Fatalf("variant %q: %v reads back as %v", s, v, again)
			}
		} else if !strings.Contains(err.Error(), fmt.Sprintf("%q", s)) {
			t.Fatalf("variant %q: the error %q does not quote the input", s, err)
		}
		if n, err := ParsePlayers(s); err == nil {
			if n < 0 {
				t.Fatalf("players %q = %d", s, n)
			}
			if again, _ := ParsePlayers(FormatPlayers(n)); again != n {
				t.Fatalf("players %q: %d reads back as %d", s, n, again)
			}
		} else if !strings.Contains(err.Error(), fmt.Sprintf("%q", s)) {
			t.Fatalf("players %q: the error %q does not quote the input", s, err)
		}
	})
}

// replay checks a record against the definition of a turn: every card
// looked at is face down and holds the number the record says (on the
// hidden deal), each row follows from the one before by the move, and the
// game ends when m turns face up.
func replay(t *testing.T, what string, rec *PlayRecord) {
	t.Helper()
	m := rec.M
	hidden := slices.Clone(rec.Deal)
	row := make([]int, m)
	for i, st := range rec.Steps {
		if !slices.Equal(st.Before, row) || st.Turn != i+1 {
			t.Fatalf("%s turn %d: before %v, the previous row %v", what, st.Turn, st.Before, row)
		}
		if row[st.Look] != 0 || hidden[st.Look] != st.Value {
			t.Fatalf("%s turn %d: looked at %d, which holds %d (face up: %d), the record says %d", what, st.Turn, st.Look, hidden[st.Look], row[st.Look], st.Value)
		}
		if st.Up && st.Value != countUp(row)+1 {
			t.Fatalf("%s turn %d: %d turned up with %d face up", what, st.Turn, st.Value, countUp(row))
		}
		v, up := st.Value, 0
		if st.Up {
			up = v
		}
		hidden = slices.Insert(slices.Delete(hidden, st.Look, st.Look+1), st.To, v)
		row = slices.Insert(slices.Delete(row, st.Look, st.Look+1), st.To, up)
		if st.Order != nil {
			h, r := slices.Clone(hidden), slices.Clone(row)
			for j, k := range st.Order {
				hidden[j], row[j] = h[k], r[k]
			}
		}
		if !slices.Equal(st.After, row) {
			t.Fatalf("%s turn %d: after %v, replay gives %v", what, st.Turn, st.After, row)
		}
		if st.End != (i == len(rec.Steps)-1 && !rec.Truncated) || st.End != (st.Up && v == m) {
			t.Fatalf("%s turn %d: end %v", what, st.Turn, st.End)
		}
	}
	if !rec.Truncated && slices.Contains(row, 0) {
		t.Errorf("%s: a card is still face down at the end: %v", what, row)
	}
}

func countUp(row []int) int {
	n := 0
	for _, v := range row {
		if v != 0 {
			n++
		}
	}
	return n
}

// Record under every rules combination: the strategies the rules do not
// allow are refused with Compatible's error, a move against a variant is
// an *ActionError, and every other record replays to the end with the X
// of the engine's untraced fast loop on the same deal.
func TestRecordRules(t *testing.T) {
	ctx := context.Background()
	const m = 7
	played := 0
	for _, s := range Strategies() {
		for _, n := range []int{0, 1, 3} {
			for _, mod := range []Model{TableOnly, TurnNumber} {
				for _, v := range []Variant{Standard, FreeCommunication, FixedAfterLook, Rearrange} {
					r := Rules{Players: n, Model: mod, Variant: v}
					for seed := uint64(0); seed < 3; seed++ {
						what := fmt.Sprintf("%s m=%d %s seed %d", s.Info().Name, m, r, seed)
						rec, err := Record(ctx, s, m, r, seed, 0)
						if cerr := Compatible(s, r); cerr != nil {
							if err == nil || err.Error() != cerr.Error() {
								t.Errorf("%s: %v, want %v", what, err, cerr)
							}
							continue
						}
						g, _ := NewGame(m, r)
						deal := make([]int, m)
						rng := Deal(deal, seed, 0)
						x, perr := g.Play(s, deal, rng)
						if perr != nil {
							// Compatible is declared: a built-in strategy
							// the rules allow never breaks them.
							t.Errorf("%s: compatible, but record %v, play %v", what, err, perr)
							continue
						}
						if err != nil || rec.X != x || len(rec.Steps) != x || rec.Rules != r.String() || rec.Seed != seed {
							t.Fatalf("%s: record %+v %v, the engine says X = %d", what, rec, err, x)
						}
						replay(t, what, rec)
						played++
					}
				}
			}
		}
	}
	if played < 100 {
		t.Errorf("only %d games recorded", played)
	}
	// The first maxSteps turns; X is the whole game's.
	rec, err := Record(ctx, Random(), 30, Rules{}, 1, 10)
	if err != nil || !rec.Truncated || len(rec.Steps) != 10 || rec.X <= 10 {
		t.Errorf("truncated record: %v, %d steps of X = %d, truncated %v", err, len(rec.Steps), rec.X, rec.Truncated)
	}
	replay(t, "truncated", rec)
	// A canceled game stops with the context's error.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Record(cctx, Random(), 200, Rules{}, 1, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled record: %v", err)
	}
}

// The reports restate the evaluation: the exact one front-to-back's closed
// form m(m+3)/4, the simulated one its own histogram (games, mean, min and
// max recomputed from the bins).
func TestReports(t *testing.T) {
	ctx := context.Background()
	r := Rules{Players: 2, Variant: Rearrange}
	res, err := Exact(ctx, FrontToBack(), 7, Options{Rules: r, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	ex := NewExactReport(FrontToBack(), 7, r, res)
	if ex.Fraction != "35/2" || ex.Mean != 17.5 || ex.Deals != 5040 || ex.Rules != "table-only, n = 2, rearrange" || ex.Strategy != "front-to-back" {
		t.Errorf("exact report %+v, want 7·10/4 = 35/2 over 5040 deals", ex)
	}
	st, err := Simulate(ctx, Random(), 9, 3000, 4, Options{Rules: r, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	sim := NewSimulateReport(Random(), 9, r, 4, st)
	var games, sum int64
	for i, b := range sim.Histogram {
		if b.Games <= 0 || i > 0 && b.X <= sim.Histogram[i-1].X {
			t.Fatalf("histogram %v", sim.Histogram)
		}
		games += b.Games
		sum += int64(b.X) * b.Games
	}
	last := sim.Histogram[len(sim.Histogram)-1]
	if games != 3000 || sim.Trials != 3000 || sim.Mean != float64(sum)/3000 || sim.Min != sim.Histogram[0].X || sim.Max != last.X ||
		sim.CI95[0] >= sim.Mean || sim.CI95[1] <= sim.Mean || sim.Seed != 4 {
		t.Errorf("simulate report %+v: %d games, sum %d", sim, games, sum)
	}
	if err := CheckExact(Random(), 5); err == nil {
		t.Error("CheckExact accepts a strategy with coins")
	}
	if err := CheckExact(FrontToBack(), MaxExactM+1); err == nil {
		t.Error("CheckExact accepts m above MaxExactM")
	}
}

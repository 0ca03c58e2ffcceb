package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/grundy/grundy/impartial"
)

func TestCardflipExactJSON(t *testing.T) {
	out, errs, code := grundy(t, "", "cardflip", "exact", "--strategy", "front-to-back", "--m", "6", "--json")
	var r struct {
		Mean     float64 `json:"mean"`
		Fraction string  `json:"fraction"`
		Deals    int64   `json:"deals"`
	}
	if code != 0 || errs != "" || json.Unmarshal([]byte(out), &r) != nil {
		t.Fatalf("%d %q %q", code, out, errs)
	}
	// m(m+3)/4 = 27/2.
	if r.Fraction != "27/2" || r.Mean != 13.5 || r.Deals != 720 {
		t.Errorf("got %+v", r)
	}
	out, _, code = grundy(t, "", "cardflip", "exact", "--strategy", "divide-conquer", "--m", "8")
	if code != 0 || !strings.Contains(out, "E[X] = 376/15 = 25.066667") || !strings.Contains(out, "(agrees)") {
		t.Errorf("text: %d %q", code, out)
	}
	out, _, code = grundy(t, "", "cardflip", "exact", "--strategy", "single", "--players", "1", "--m", "3", "--json")
	if code != 0 || !strings.Contains(out, `"fraction":"25/6"`) {
		t.Errorf("single: %d %q", code, out)
	}
}

func TestCardflipSimulateJSON(t *testing.T) {
	args := []string{"cardflip", "simulate", "--strategy", "random", "--m", "10", "--trials", "3000", "--seed", "5", "--json"}
	out, errs, code := grundy(t, "", args...)
	var r map[string]any
	if code != 0 || errs != "" || json.Unmarshal([]byte(out), &r) != nil {
		t.Fatalf("%d %q %q", code, out, errs)
	}
	for _, k := range []string{"mean", "stderr", "ci95", "trials"} {
		if _, ok := r[k]; !ok {
			t.Errorf("key %s missing in %s", k, out)
		}
	}
	mean, se := r["mean"].(float64), r["stderr"].(float64)
	if d := mean - 55; d*d > 16*se*se || r["trials"].(float64) != 3000 {
		t.Errorf("random m=10: %v ± %v, want 55", mean, se)
	}
	// Same seed, other worker count: the same bytes.
	out2, _, _ := grundy(t, "", append(args, "--workers", "1")...)
	if out2 != out {
		t.Errorf("workers changed the result:\n%s\n%s", out, out2)
	}
	text, _, code := grundy(t, "", "cardflip", "simulate", "--strategy", "best", "--m", "13", "--trials", "1000")
	if code != 0 || !strings.Contains(text, "skewed, m = 13 (table-only, n = ∞), Monte Carlo: 1000 games, seed 1") || !strings.Contains(text, "█") {
		t.Errorf("text: %q", text)
	}
}

func TestCardflipPlay(t *testing.T) {
	out, errs, code := grundy(t, "", "cardflip", "play", "--strategy", "front-to-back", "--m", "5", "--seed", "1")
	if code != 0 || errs != "" {
		t.Fatalf("%d %q", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if !strings.HasPrefix(lines[1], "   1  [* · · · ·]") || !strings.HasPrefix(lines[len(lines)-1], "X = ") {
		t.Errorf("trace:\n%s", out)
	}
	if !strings.Contains(out, "UP at 4") {
		t.Errorf("no card turned up:\n%s", out)
	}
}

// compare --out hands the rows to grundy-plot (here a stand-in on PATH that
// echoes its arguments and input) and writes what it draws to the file, whole;
// without grundy-plot, --out is refused before any work. (The charts
// themselves are tested in cardflip/chart and cmd/grundy-plot.)
func TestCardflipCompare(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	dir := t.TempDir()
	t.Setenv("PATH", dir)
	path := filepath.Join(dir, "p.svg")
	out, errs, code := grundy(t, "", "cardflip", "compare", "--m", "2..5", "--trials", "200", "--out", path)
	if code != 2 || !strings.Contains(errs, "go install ./cmd/grundy-plot") || strings.Contains(out, "front-to-back") {
		t.Errorf("without grundy-plot: %d %q %q", code, out, errs)
	}
	script := "#!/bin/sh\necho \"<svg args: $*\"\nwhile IFS= read -r l; do echo \"$l\"; done\n"
	if err := os.WriteFile(filepath.Join(dir, "grundy-plot"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	out, errs, code = grundy(t, "", "cardflip", "compare", "--m", "2..9", "--trials", "200", "--out", path)
	if code != 0 || errs != "" || !strings.Contains(out, "front-to-back") || !strings.Contains(out, "plot written to") {
		t.Fatalf("%d %q %q", code, out, errs)
	}
	b, err := os.ReadFile(path)
	if err != nil || !strings.HasPrefix(string(b), "<svg args: cardflip-compare --format svg\n[{") || !strings.Contains(string(b), `"strategy":"front-to-back"`) {
		t.Fatalf("plot file: %v %.200q", err, b)
	}
	// m = 4 exactly: front-to-back 7, its closed form; every line within
	// 100 columns (issue 44).
	out, _, _ = grundy(t, "", "cardflip", "compare", "--m", "4..4")
	if !strings.Contains(out, "\n   4 ") || !strings.Contains(out, "    7.000 ") ||
		!strings.Contains(out, "front-to-back, partition, divide-conquer, halving): every measurement agrees") {
		t.Errorf("compare m=4:\n%s", out)
	}
	for _, l := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(l); n > 100 {
			t.Errorf("compare m=4: a line of %d columns: %q", n, l)
		}
	}
}

// --players 1000 (the cap) plays: each seat remembers only its own block.
func TestCardflipManyPlayers(t *testing.T) {
	for _, cmd := range [][]string{
		{"cardflip", "play", "--strategy", "interval", "--m", "5", "--players", "1000"},
		{"cardflip", "simulate", "--strategy", "interval", "--m", "5", "--players", "1000", "--trials", "20"},
		{"cardflip", "exact", "--strategy", "interval", "--m", "5", "--players", "1000"},
	} {
		out, errs, code := grundy(t, "", cmd...)
		if code != 0 || errs != "" || !strings.Contains(out, "n = 1000") {
			t.Errorf("%v: %d %q %q", cmd, code, out, errs)
		}
	}
}

func TestCardflipOptimal(t *testing.T) {
	out, _, code := grundy(t, "", "cardflip", "optimal", "--m", "3", "--table")
	if code != 0 || !strings.Contains(out, "E[X] = 25/6") || !strings.Contains(out, "look 1") {
		t.Errorf("%d %q", code, out)
	}
	// The turn number gains 1/24 at m = 4, rearranging reaches the memory
	// bound (each checked by the engine under its rules before printing).
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"--m", "4", "--model", "turn", "--table"}, []string{"table+turn strategy ending within 12 turns has E[X] = 145/24", "table-only optimum 73/12", "turn 1 [· · · ·] look"}},
		{[]string{"--m", "4", "--variant", "rearrange", "--table"}, []string{"under rearrange has E[X] = 71/12", "2m − H_m = 71/12", "table-only optimum 73/12", "/"}},
		{[]string{"--m", "5", "--variant", "rearrange", "--json"}, []string{`"variant":"rearrange"`, `"fraction":"463/60"`, `"checked":true`}},
	} {
		out, errs, code := grundy(t, "", append([]string{"cardflip", "optimal"}, c.args...)...)
		for _, w := range c.want {
			if code != 0 || !strings.Contains(out, w) {
				t.Errorf("%v: %d %q %q, want %q", c.args, code, out, errs, w)
			}
		}
	}
}

func TestCardflipUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"cardflip", "exact", "--strategy", "front-to-back"},
		{"cardflip", "exact", "--strategy", "nope", "--m", "4"},
		{"cardflip", "exact", "--strategy", "random", "--m", "4"},
		{"cardflip", "exact", "--strategy", "front-to-back", "--m", "13"},
		{"cardflip", "exact", "--strategy", "single", "--m", "4"},
		{"cardflip", "simulate", "--m", "4", "--trials", "0"},
		{"cardflip", "simulate", "--m", "4", "--model", "psychic"},
		{"cardflip", "play", "--m", "4", "--variant", "cheat", "--json"},
		{"cardflip", "play", "--m", "4", "--players", "many"},
		{"cardflip", "exact", "--m", "4", "--strategy", "interval", "--players", "∞"},
		{"cardflip", "simulate", "--m", "0"},
		{"cardflip", "compare", "--m", "9..3"},
		{"cardflip", "compare", "--m", "2..5", "--out", "plot.gif"},
		{"cardflip", "optimal", "--m", "7"},
		{"cardflip", "optimal", "--m", "6", "--model", "turn"},
		{"cardflip", "optimal", "--m", "4", "--variant", "rearrange", "--model", "turn"},
		{"cardflip", "optimal", "--m", "4", "--variant", "fixed"},
		{"cardflip", "optimal", "--m", "4", "--variant", "cheat"},
		{"cardflip", "optimal", "--m", "6", "--variant", "rearrange"},
		// One cap on n (cardflip.MaxPlayers) for every command: a huge
		// number was a makeslice panic, 10^9 an out-of-memory crash.
		{"cardflip", "play", "--strategy", "best", "--m", "5", "--players", "99999999999999"},
		{"cardflip", "simulate", "--strategy", "best", "--m", "5", "--players", "99999999999999"},
		{"cardflip", "exact", "--strategy", "best", "--m", "5", "--players", "99999999999999"},
		{"cardflip", "play", "--strategy", "interval", "--m", "5", "--players", "1000000000"},
		{"cardflip", "simulate", "--strategy", "interval", "--m", "5", "--players", "1000000000"},
		{"cardflip", "exact", "--strategy", "interval", "--m", "5", "--players", "1001"},
		// A strategy that moves the card it looked at is refused under
		// fixed-after-look before the game starts.
		{"cardflip", "play", "--strategy", "front-to-back", "--m", "6", "--variant", "fixed"},
		{"cardflip", "exact", "--strategy", "stacks", "--m", "6", "--variant", "fixed"},
		{"cardflip", "simulate", "--strategy", "partition", "--m", "6", "--variant", "fixed"},
	} {
		_, errs, code := grundy(t, "", args...)
		if code != exitUsage || !strings.HasPrefix(errs, "grundy: ") || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: %d %q", args, code, errs)
		}
	}
}

func FuzzParseRange(f *testing.F) {
	for _, s := range []string{"2..100", "5", "3..3", "..", "9..3", "-1..4", " 2 .. 7 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, b, err := parseRange(s)
		if err == nil && (a < 1 || b < a) {
			t.Fatalf("%q gave %d..%d", s, a, b)
		}
	})
}

// A card-flip run stopped through its context reports why the context
// ended: the memory governor cancels with a memory budget error as the
// cause, which was reported as "canceled".
func TestCardflipContextCause(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(&impartial.BudgetError{Limit: impartial.LimitMemory, Max: 1 << 20})
	var be *impartial.BudgetError
	if err := cardflipCtxErr(ctx, ctx.Err()); !errors.As(err, &be) || be.Limit != impartial.LimitMemory {
		t.Errorf("stopped by the memory governor: %v, want a memory budget error", err)
	}
	ctx, cancel2 := context.WithTimeout(context.Background(), 0)
	defer cancel2()
	<-ctx.Done()
	if err := cardflipCtxErr(ctx, ctx.Err()); !errors.As(err, &be) || be.Limit != impartial.LimitTime {
		t.Errorf("stopped by its deadline: %v, want a time budget error", err)
	}
	if err := cardflipCtxErr(context.Background(), io.EOF); err != io.EOF {
		t.Errorf("another error: %v, want it unchanged", err)
	}
}

package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/impartial"
)

// solve --all lists every option as --json --all does, in its order, each
// line with its result, the value after it and its remoteness; on a
// terminal (--color always) each line is coloured by its result.
func TestSolveAll(t *testing.T) {
	for _, args := range [][]string{
		{"kayles", "3", "5"},
		{"kayles 3 + nim 2"},
		{"dawson-kayles", "9"},
		{"nim", "2", "1"},
	} {
		jsonOut, errs, code := grundy(t, "", append(append([]string{"solve"}, args...), "--all", "--json")...)
		if code != 0 || errs != "" {
			t.Fatalf("solve %v --all --json = %d %q", args, code, errs)
		}
		var res catalog.Result
		if err := json.Unmarshal([]byte(jsonOut), &res); err != nil {
			t.Fatal(err)
		}
		if res.Remoteness == nil || len(res.Options) == 0 {
			t.Fatalf("solve %v --all --json: no remoteness or options: %s", args, jsonOut)
		}
		text, errs, code := grundy(t, "", append(append([]string{"solve"}, args...), "--all", "--color", "always")...)
		if code != 0 || errs != "" {
			t.Fatalf("solve %v --all = %d %q", args, code, errs)
		}
		lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		want := fmt.Sprintf("wins in %d moves.", *res.Remoteness)
		if res.Outcome == impartial.P {
			want = fmt.Sprintf("loses in %d moves against best play.", *res.Remoteness)
		}
		if !strings.Contains(lines[0], want) {
			t.Errorf("solve %v --all: %q does not say %q", args, lines[0], want)
		}
		if len(lines) != 1+len(res.Options) {
			t.Fatalf("solve %v --all: %d lines for %d options:\n%s", args, len(lines), len(res.Options), text)
		}
		colors := map[string]string{"win": ansiGreen, "lose": ansiRed, "draw": ansiYellow}
		for i, o := range res.Options {
			line := lines[i+1]
			want := fmt.Sprintf("value %d, remoteness %d", *o.Value, *o.Remoteness)
			if !strings.HasPrefix(line, "  "+colors[o.Result]+o.Result) || !strings.Contains(line, o.To) || !strings.HasSuffix(line, want+ansiReset) {
				t.Errorf("solve %v --all: line %d %q, option %+v", args, i+1, line, o)
			}
		}
		plain, _, _ := grundy(t, "", append(append([]string{"solve"}, args...), "--all")...)
		if strings.Contains(plain, "\x1b[") {
			t.Errorf("solve %v --all: colours when the output is not a terminal", args)
		}
	}
}

// By default solve lists a screenful: ten moves with the count of all, and
// the residue classes that describe them; --moves N and --moves all list
// more, --offset pages; the JSON's default page is catalog.DefaultMovePage,
// with next_offset, and structured classes.
func TestSolveDefaultPage(t *testing.T) {
	out, errs, code := grundy(t, "", "solve", "kayles", "100000000")
	lines := strings.Split(out, "\n")
	if code != 0 || errs != "" || len(lines) > 30 || !strings.Contains(lines[0], "the first 10 of its 8333338 moves") ||
		!strings.Contains(out, "(8333328 more: --moves all lists them") || !strings.Contains(out, "All of them, in 18 classes:") ||
		!strings.Contains(out, "for every a ≡ 1 (mod 12) with 71 ≤ a ≤ 49999999 (4166661 moves)") {
		t.Errorf("solve kayles 100000000 = %d %q, %d lines:\n%s", code, errs, len(lines), out)
	}
	out, _, _ = grundy(t, "", "solve", "kayles", "100000000", "--json")
	var res catalog.Result
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	var sum int64
	for _, c := range res.MoveClasses {
		sum += c.Count
	}
	if len(res.WinningMoves) != catalog.DefaultMovePage || res.NextOffset == nil || *res.NextOffset != catalog.DefaultMovePage ||
		res.MoveCount == nil || *res.MoveCount != 8333338 || len(res.MoveClasses) != 18 || sum != 8333338 {
		t.Errorf("solve kayles 100000000 --json: %d moves, next %v, count %v, %d classes counting %d", len(res.WinningMoves), res.NextOffset, res.MoveCount, len(res.MoveClasses), sum)
	}
	// The next page starts where the first ended.
	out, _, _ = grundy(t, "", "solve", "kayles", "100000000", "--json", "--moves", "3", "--offset", "99")
	var next catalog.Result
	if err := json.Unmarshal([]byte(out), &next); err != nil {
		t.Fatal(err)
	}
	if len(next.WinningMoves) != 3 || next.WinningMoves[0] != res.WinningMoves[99] || *next.NextOffset != 102 {
		t.Errorf("--moves 3 --offset 99: %+v, next %v; the first page ends with %+v", next.WinningMoves, next.NextOffset, res.WinningMoves[99])
	}
	out, _, code = grundy(t, "", "solve", "kayles", "100001", "--moves", "all")
	if n := strings.Count(out, "\n"); code != 0 || n != 1+8334 {
		t.Errorf("solve kayles 100001 --moves all: %d lines, want 1 + 8334", n)
	}
	for _, c := range []struct{ flag, val, msg string }{
		{"--moves", "0", "grundy: --moves must be a number of moves (at least 1) or all, not \"0\"\n"},
		{"--moves", "many", "grundy: --moves must be a number of moves (at least 1) or all, not \"many\"\n"},
		{"--offset", "-1", "grundy: --offset must be at least 0, not -1\n"},
		{"--color", "pink", "grundy: --color must be auto, always or never, not \"pink\"\n"},
	} {
		_, errs, code := grundy(t, "", "solve", "nim", "3", c.flag, c.val)
		if code != 2 || errs != c.msg {
			t.Errorf("solve nim 3 %s %s = %d %q, want 2 %q", c.flag, c.val, code, errs, c.msg)
		}
	}
}

// A position whose game tree is too large for remoteness says so, and
// still lists every option with its value.
func TestSolveAllTooLarge(t *testing.T) {
	out, errs, code := grundy(t, "", "solve", "kayles", "60", "--all", "--moves", "all")
	if code != 0 || errs != "" || strings.Count(out, "\n  lose ")+strings.Count(out, "\n  win ") != 60 ||
		!strings.Contains(out, "(remoteness not computed: too large (the game tree from this position has more than") {
		t.Errorf("solve kayles 60 --all = %d %q\n%s", code, errs, out)
	}
}

package main

import (
	"strings"
	"testing"
)

func TestCoinsCLI(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"values", "coins:ruler", "--to", "4"}, "1\t1\n2\t2\n3\t1\n4\t4\n", 0},
		{[]string{"values", "coins:mock-turtles", "--to", "5", "--json"}, `{"game":"coins:mock-turtles","start":0,"values":[1,2,4,7,8,11],"checksum":"sha256:e4edc98edcb747bf112f17b9ec6f8eb94cec07a1b6340a13af10e10ed5c1050d"}` + "\n", 0},
		{[]string{"solve", "coins:turning-turtles", "HHTHTTHT"}, "coins:turning-turtles position HHTHTTHT has nim-value 0, so it is a P-position: the player to move loses against best play.\n", 0},
		{[]string{"solve", "coins:mock-turtles", "HHTHTTHT", "--json"}, `{"game":"coins:mock-turtles","position":"HHTHTTHT","misere":false,"value":9,"outcome":"N","winning_moves":[{"to":"HHHHTTTT","move":"turn coins 2, 6"}]}` + "\n", 0},
		{[]string{"solve", "coins:mock-turtles", "6", "0", "3", "1"}, "coins:mock-turtles position 0 1 3 6 has nim-value 9, so it is an N-position: the player to move wins by moving to 0 1 2 3 (turn coins 2, 6).\n", 0},
		{[]string{"solve", "coins:mock-turtles", "H", "--misere"}, "Under misère play, coins:mock-turtles position H is a P-position: the player to move loses against best play.\n", 0},
	} {
		out, errs, code := grundy(t, "", c.args...)
		if code != c.code || out != c.want {
			t.Errorf("grundy %v = %d %q %q\nwant %q", c.args, code, out, errs, c.want)
		}
	}
	for _, c := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"solve", "coins:mock-turtles", "HHX"}, "column 3: 'X' is not a coin", 2},
		{[]string{"solve", "coins:mock-turtel", "H"}, "unknown coin-turning rule", 2},
		{[]string{"values", "coins:ruler", "--to", "0"}, "--to must be at least 1", 2},
		{[]string{"solve", "coins:grunt", "1000000000"}, "budget exhausted", 2},
		{[]string{"solve", "coins:mock-turtles", "70", "--misere"}, "first 64 coins", 2},
	} {
		_, errs, code := grundy(t, "", c.args...)
		if code != c.code || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("grundy %v = %d %q, want exit %d and %q", c.args, code, errs, c.code, c.want)
		}
	}
}

// TestCoinsHugeMovesCLI is issue 45's first finding on the command line:
// `grundy solve` on positions whose moves turn billions of coins died out of
// memory (4.8 GB in use despite --max-memory 1GiB). The value and the true
// count of winning moves are printed, with the moves that fit the answer;
// a question that must build a move too large for the budget (every
// option, or the only move) exits 2 with one budget line.
func TestCoinsHugeMovesCLI(t *testing.T) {
	const square = "coins:consecutive:1000000*consecutive:1000000"
	out, errs, code := grundy(t, "", "solve", "coins:rugs", "(131072,131072)", "--max-memory", "1GiB")
	if code != 0 || !strings.Contains(out, "has nim-value 212992") || !strings.Contains(out, "the first 1 of its 5 moves") ||
		!strings.Contains(out, "none (turn coin (131072,131072))") || !strings.Contains(out, "4 more not listed: the answer would pass the output budget") {
		t.Errorf("solve coins:rugs (131072,131072) = %d\n%s%s", code, out, errs)
	}
	out, errs, code = grundy(t, "", "solve", square, "(2000000,2000000)")
	if code != 0 || !strings.Contains(out, "has nim-value 1") || !strings.Contains(out, "1 more not listed") {
		t.Errorf("solve %s = %d\n%s%s", square, code, out, errs)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", square, "(2000000,2000000)", "--all"}, "turning 1000000000000 coins (1000000 columns by 1000000 rows, south-east coin (2000000,2000000)): memory budget exhausted: more than 1.0 GiB needed"},
		{[]string{"solve", "coins:rugs", "(131072,131072)", "--all", "--max-memory", "64MiB"}, "the options of one position: memory budget exhausted: more than 16.0 MiB needed"},
		{[]string{"solve", "sum", square + " (2000000,2000000) + nim 3", "--all"}, "memory budget exhausted"},
	} {
		_, errs, code := grundy(t, "", c.args...)
		if code != 2 || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("grundy %v = %d %q, want exit 2 and %q", c.args, code, errs, c.want)
		}
	}
}

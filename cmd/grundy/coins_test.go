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

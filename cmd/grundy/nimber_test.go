package main

import (
	"strings"
	"testing"
)

func TestNimberCLI(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"nimber", "8*8"}, "13\n"},
		{[]string{"nimber", "8", "*", "8"}, "13\n"},
		{[]string{"nimber", "(5+6)/7^2 + sqrt(2)", "--json"}, `{"expr":"(5+6)/7^2 + sqrt(2)","value":9}` + "\n"},
		{[]string{"nimber", "0x10000000000000000^2", "--json"}, `{"expr":"0x10000000000000000^2","value":27670116110564327424}` + "\n"},
		{[]string{"nimber", "--table", "4"}, " * | 0 1 2 3\n---+--------\n 0 | 0 0 0 0\n 1 | 0 1 2 3\n 2 | 0 2 3 1\n 3 | 0 3 1 2\n"},
		{[]string{"nimber", "--table", "2", "--json"}, `{"size":2,"table":[[0,0],[0,1]]}` + "\n"},
		{[]string{"nimber", "--solve", "x^2 + x + 1"}, "x^2 + x + 1 = 0 for x = 2 or 3\n"},
		{[]string{"nimber", "--solve", "x^2 + x + 0x8000000000000000"}, "x^2 + x + 0x8000000000000000 = 0 has no root in GF(2^64)\n"},
		{[]string{"nimber", "--solve", "x^2 + 2", "--json"}, `{"poly":"x^2 + 2","roots":[3]}` + "\n"},
	} {
		out, errs, code := grundy(t, "", c.args...)
		if code != 0 || out != c.want {
			t.Errorf("grundy %q = %d %q %q\nwant %q", c.args, code, out, errs, c.want)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"nimber", "1/(2+2)"}, `expression "1/(2+2)": column 2: division by 0`},
		{[]string{"nimber", "3 $ 4"}, "column 3: unexpected '$'"},
		{[]string{"nimber"}, "needs an expression"},
		{[]string{"nimber", "--table", "0"}, "--table: table size 0 is out of range"},
		{[]string{"nimber", "--table", "4", "3"}, "takes no expression"},
		{[]string{"nimber", "0x" + strings.Repeat("f", 1000) + "^" + strings.Repeat("9", 600), "--max-work", "1000"}, "raise --max-work"},
		{[]string{"nimber", "--solve", "1/x"}, "division by a polynomial"},
		{[]string{"nimber", "x^2+x"}, `expression "x^2+x": column 1: x is a variable: a polynomial has roots, not a value; use --solve to find them`},
	} {
		_, errs, code := grundy(t, "", c.args...)
		if code != 2 || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("grundy %q = %d %q, want exit 2 and %q", c.args, code, errs, c.want)
		}
	}
}

// TestTBGrundyCLI: `grundy values tb:4!.0 --to N` prints what `grundy values
// grundy --to N` prints (values and checksum).
func TestTBGrundyCLI(t *testing.T) {
	for _, json := range []bool{false, true} {
		args := func(g string) []string {
			a := []string{"values", g, "--to", "5000"}
			if json {
				a = append(a, "--json")
			}
			return a
		}
		tbOut, tbErr, code1 := grundy(t, "", args("tb:4!.0")...)
		grOut, grErr, code2 := grundy(t, "", args("grundy")...)
		if json {
			tbOut = strings.Replace(tbOut, `"game":"tb:4!.0"`, `"game":"grundy"`, 1)
		}
		if code1 != 0 || code2 != 0 || tbOut != grOut || tbErr != grErr {
			t.Errorf("values tb:4!.0 and grundy differ (json %v): exit %d/%d, stderr %q / %q", json, code1, code2, tbErr, grErr)
		}
	}
}

func TestPlaneCLI(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "coins:turning-corners", "TTT/TTT/TTH"}, "coins:turning-corners position TTT/TTT/TTH has nim-value 3, so it is an N-position: the player to move wins by moving to HTH/TTT/HTT (turn coins (0,0), (2,0), (0,2), (2,2)).\n"},
		{[]string{"solve", "coins:rugs", "(2,2)", "--json"}, `{"game":"coins:rugs","position":"(2,2)","misere":false,"value":3,"outcome":"N","winning_moves":[{"to":"none","move":"turn coin (2,2)"}]}` + "\n"}, // 2 ⊗ 2 = 3: only the coin alone
		{[]string{"values", "coins:turning-corners", "--table", "4", "--json"}, `{"game":"coins:turning-corners","size":4,"origin":[0,0],"values":[[0,0,0,0],[0,1,2,3],[0,2,3,1],[0,3,1,2]]}` + "\n"},
	} {
		out, errs, code := grundy(t, "", c.args...)
		if code != 0 || out != c.want {
			t.Errorf("grundy %q = %d %q %q\nwant %q", c.args, code, out, errs, c.want)
		}
	}
}

package main

import (
	"strings"
	"testing"
)

// TestPartizanMaxWork: --max-work bounds the work of every partizan
// question (solve, value, play, a rule file, Hackenbush's number search):
// past it, exit 2 and one line naming the budget and the flag, the same
// line every time (counted work, not time); under a budget large enough,
// or none, the answer of the default.
func TestPartizanMaxWork(t *testing.T) {
	const bed = "(lr:A(rr:B;rr:D);lr:B(r(r:D;r:E));lr:D;lr:E)"
	line := func(n string) string {
		return "grundy: the canonical forms: work budget exhausted: more than " + n + " steps of work (raise --max-work to compute further)\n"
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "domineering", "4x5", "--max-work", "1000"}, line("1000")},
		{[]string{"solve", "domineering", "4x4", "--all", "--max-work", "5000"}, line("5000")},
		{[]string{"value", "domineering 4x5 + ^ + kayles 7", "--max-work", "1000"}, line("1000")},
		{[]string{"play", "domineering", "4x5", "--as", "left", "--max-work", "1000"}, line("1000")},
		{[]string{"solve", "hackenbush", bed, "--max-work", "2000"}, line("2000")},
		{[]string{"solve", "starlark:examples/domineering.star", "...|...|...", "--max-work", "200"}, line("200")},
		{[]string{"value", "{1|*}", "--max-work", "-1"}, "grundy: --max-work must be at least 0, not -1\n"},
	} {
		for range 2 {
			out, errs, code := grundy(t, "", c.args...)
			if code != 2 || out != "" || errs != c.want {
				t.Errorf("grundy %v = %d %q %q, want exit 2 and %q", c.args, code, out, errs, c.want)
			}
		}
	}
	for _, args := range [][]string{
		{"solve", "domineering", "4x5", "--all"},
		{"solve", "hackenbush", bed},
		{"value", "domineering 4x4 + {3||2|1} > ^"},
	} {
		want, errs, code := grundy(t, "", args...)
		if code != 0 {
			t.Fatalf("grundy %v = %d %q", args, code, errs)
		}
		for _, work := range []string{"0", "100000000"} {
			if out, errs, code := grundy(t, "", append(args, "--max-work", work)...); code != 0 || out != want {
				t.Errorf("grundy %v --max-work %s = %d %q %q, want %q", args, work, code, out, errs, want)
			}
		}
	}
	if _, errs, code := grundy(t, "", "serve", "--max-work", "0"); code != 2 || !strings.Contains(errs, "--max-work must be positive") {
		t.Errorf("serve --max-work 0 = %d %q", code, errs)
	}
}

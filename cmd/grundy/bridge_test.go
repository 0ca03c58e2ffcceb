package main

import (
	"strings"
	"testing"
)

const deal2 = "2\n1 8\n2 7\n3 6\n4 5\n"

func TestBridgeSolve(t *testing.T) {
	for _, c := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{deal2, []string{"bridge", "solve"}, "1 0 1 1\n"},
		{deal2, []string{"bridge", "solve", "--exhaustive"}, "1 0 1 1\n"},
		{deal2, []string{"bridge", "solve", "--json"}, `{"n":2,"sequence":[1,0,1,1],"method":"characterization"}` + "\n"},
		{"1\n4 1\n2 3\n", []string{"bridge", "solve", "--exhaustive", "--json"}, `{"n":1,"sequence":[1,1],"method":"minimax"}` + "\n"},
	} {
		out, errs, code := grundy(t, c.stdin, c.args...)
		if code != 0 || errs != "" || out != c.want {
			t.Errorf("grundy %v = %d %q %q\nwant %q", c.args, code, out, errs, c.want)
		}
	}
}

func TestBridgeSolveExplain(t *testing.T) {
	out, errs, code := grundy(t, deal2, "bridge", "solve", "--explain", "3")
	if code != 0 || errs != "" {
		t.Fatalf("%d %q", code, errs)
	}
	for _, want := range []string{
		"1 0 1 1\n",
		"Start 3 (team P). Team P holds 8 (position 1)",
		"Taking team: A (it holds 7 and takes the second point). A scores 1.",
		"  position 3 (P) plays 3, keeps 6\n",
		"Highest played 7 (team A), highest kept 8 (team P): A scores 1.\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("explain output lacks %q:\n%s", want, out)
		}
	}
	out, _, code = grundy(t, deal2, "bridge", "solve", "--explain", "1", "--json")
	if code != 0 || !strings.Contains(out, `"explain":{"start":1,"winner":"P","k":0,"k_star":1,"alternation":3,"case":"P2","taker":"A","points":1,"plays":[{"position":1,"team":"P","played":1,"kept":8}`) {
		t.Errorf("explain --json = %d %s", code, out)
	}
}

func TestBridgeCount(t *testing.T) {
	in := "2\n1 1 1 1\n\n2\n1011\n3\n2 1 2 1 2 2\n1\n0 2\n"
	out, errs, code := grundy(t, in, "bridge", "count")
	if want := "720\n114\n8640\n0\n"; code != 0 || errs != "" || out != want {
		t.Errorf("count = %d %q %q, want %q", code, out, errs, want)
	}
	out, _, code = grundy(t, in, "bridge", "count", "--mod", "7", "--json")
	if want := `{"modulus":7,"counts":[6,2,2,0]}` + "\n"; code != 0 || out != want {
		t.Errorf("count --json = %d %q, want %q", code, out, want)
	}
}

// The enumeration's text output feeds count: every line agrees.
func TestBridgeEnumerateAgreesWithCount(t *testing.T) {
	out, errs, code := grundy(t, "", "bridge", "enumerate", "--n", "2", "--all")
	if code != 0 || errs != "" {
		t.Fatalf("%d %q", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 81 || lines[0] != "0000 540" {
		t.Fatalf("enumerate --n 2 --all: %d lines, first %q", len(lines), lines[0])
	}
	var queries, want strings.Builder
	for _, l := range lines {
		seq, count, _ := strings.Cut(l, " ")
		queries.WriteString("2\n" + seq + "\n")
		want.WriteString(count + "\n")
	}
	got, _, code := grundy(t, queries.String(), "bridge", "count")
	if code != 0 || got != want.String() {
		t.Errorf("count disagrees with enumerate:\n%s\nwant\n%s", got, want.String())
	}
	// n = 1 by hand: P holding 4 and 3 (00), 4 and 2 (10: A's 3 must be
	// played before P's 4 to tempt it), 4 and 1 (11), and the mirror images.
	out, _, _ = grundy(t, "", "bridge", "enumerate", "--n", "1", "--json")
	if want := `{"n":1,"layouts":6,"tally":[{"sequence":"00","count":1},{"sequence":"10","count":1},{"sequence":"11","count":2},{"sequence":"21","count":1},{"sequence":"22","count":1}]}` + "\n"; out != want {
		t.Errorf("enumerate --n 1 --json = %q, want %q", out, want)
	}
}

func TestBridgeErrors(t *testing.T) {
	for _, c := range []struct {
		stdin string
		args  []string
		code  int
		msg   string
	}{
		{"2\n1 8\n2 7\n3 6\n4 4\n", []string{"bridge", "solve"}, 1, "grundy: input line 5: position 4: card 4 appears twice in the same hand\n"},
		{"2\n1 8\n2 7\n3 6\n4 9\n", []string{"bridge", "solve"}, 1, "grundy: input line 5: position 4: card 9 is outside 1..8 (4n for n = 2)\n"},
		{"2\n1 8\n2 7\n3 6\n", []string{"bridge", "solve"}, 1, "grundy: input line 5: unexpected end of input: want 2n = 4 hands (positions 1..4), got 3\n"},
		{deal2, []string{"bridge", "solve", "--explain", "5"}, 2, "grundy: --explain 5: the deal has positions 1..4\n"},
		{"2\n1 1 1\n", []string{"bridge", "count"}, 1, "grundy: input line 2: want 2n = 4 values for n = 2, got 3\n"},
		{"1\n11\n1\n13\n", []string{"bridge", "count"}, 1, "grundy: input line 4: column 2: value \"3\" is not 0, 1 or 2\n"},
		{"", []string{"bridge", "count", "--mod", "1000000008"}, 2, "grundy: --mod: 1000000008 is not a prime\n"},
		{"", []string{"bridge", "enumerate", "--n", "4"}, 2, "grundy: enumerate needs --n between 1 and 3, not 4\n"},
		{"", []string{"bridge", "slove"}, 2, "grundy: unknown command \"slove\" for \"grundy bridge\" (solve, count, enumerate or play; see 'grundy bridge --help')\n"},
	} {
		out, errs, code := grundy(t, c.stdin, c.args...)
		if code != c.code || errs != c.msg {
			t.Errorf("grundy %v = %d %q\nwant %d %q", c.args, code, errs, c.code, c.msg)
		}
		if c.code == 2 && out != "" {
			t.Errorf("grundy %v printed %q", c.args, out)
		}
	}
}

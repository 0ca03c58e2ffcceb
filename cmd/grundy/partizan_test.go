package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/grundy/grundy/partizan"
)

func TestPartizanSolve(t *testing.T) {
	out, errs, code := grundy(t, "", "solve", "domineering", "...|...")
	want := "domineering position ...|... has value {2|-1/2}, so it is an N-position: the first player wins, Left or Right.\n"
	if code != 0 || errs != "" || !strings.HasPrefix(out, want) || !strings.Contains(out, "Temperature 5/4, mean 3/4") {
		t.Errorf("solve domineering = %d %q %q", code, out, errs)
	}
	// A sum in words, with "+" standing alone before a catalog game.
	out, _, code = grundy(t, "", "solve", "domineering", "2x2", "+", "kayles", "7", "--json")
	var a struct {
		Value      string `json:"value"`
		Components []struct {
			Value string `json:"value"`
		} `json:"components"`
		LeftWins []struct {
			To string `json:"to"`
		} `json:"left_winning_moves"`
	}
	if err := json.Unmarshal([]byte(out), &a); err != nil || code != 0 {
		t.Fatalf("solve sum --json = %d %q: %v", code, out, err)
	}
	if a.Value != "+-(1*2)" || len(a.Components) != 2 || a.Components[1].Value != "*2" || len(a.LeftWins) != 2 {
		t.Errorf("solve sum = %+v", a)
	}
	out, _, code = grundy(t, "", "solve", "hackenbush", "lr", "--all")
	if code != 0 || !strings.Contains(out, "Right's options:\n  to l  (value 1, loses, best)\n") {
		t.Errorf("solve --all = %d %q", code, out)
	}
	// Pages of options: --moves and --offset, and the rest counted; an
	// output budget too small for every option lists fewer and says so.
	out, _, code = grundy(t, "", "solve", "domineering", "4x4", "--all", "--moves", "5", "--offset", "10")
	if code != 0 || strings.Count(out, "  to ") != 4 || strings.Contains(out, "more not listed") {
		t.Errorf("solve --all --moves 5 --offset 10 = %d %q (4x4 has 12 options a side: 2 from 10 on)", code, out)
	}
	out, _, code = grundy(t, "", "solve", "domineering", "4x4", "--all", "--moves", "3")
	if code != 0 || strings.Count(out, "  to ") != 6 || strings.Count(out, "  and 9 more not listed (3 asked for)\n") != 2 {
		t.Errorf("solve --all --moves 3 = %d %q", code, out)
	}
	out, _, code = grundy(t, "", "solve", "domineering", "4x4", "--all", "--max-output", "2500")
	if n := strings.Count(out, "  to "); code != 0 || n == 0 || n >= 24 || !strings.Contains(out, "more not listed: the answer would pass the output budget of 2.4 KiB") {
		t.Errorf("solve --all --max-output 2500 = %d %q", code, out)
	}
}

// Bad input and limits: one line on stderr, exit 2.
func TestPartizanErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "domineering", "..|.x"}, `grundy: position "..|.x": column 5:`},
		{[]string{"solve", "domineerin", "2x2"}, "grundy: unknown partizan ruleset \"domineerin\"\nDid you mean \"domineering\"?\n"},
		{[]string{"solve", "domineering", "8x8", "--max-positions", "1000"}, "position budget exhausted"},
		{[]string{"solve", "domineering", "2x2", "--misere"}, "--misere is for impartial games"},
		{[]string{"value", "{1|*"}, `grundy: expression "{1|*": column 1: unclosed '{'`},
		{[]string{"value", "^ <= 0 <= 1"}, "column 8: a second comparison"},
		{[]string{"value", "domineering 6x6", "--max-memory", "64KiB"}, "memory budget exhausted"},
		{[]string{"value", "kayle 3"}, "Did you mean \"kayles\"?"},
		{[]string{"play", "domineering", "2x2", "--as", "up"}, "--as must be left or right"},
		{[]string{"solve", "domineering", "2x2", "--all", "--moves", "0"}, `--moves must be a number of moves (at least 1) or all, not "0"`},
		{[]string{"solve", "domineering", "2x2", "--all", "--offset", "-1"}, "--offset must be at least 0, not -1"},
	} {
		out, errs, code := grundy(t, "", c.args...)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") > 2 {
			t.Errorf("grundy %v = %d %q %q, want exit 2 and %q", c.args, code, out, errs, c.want)
		}
	}
}

func TestValueCmd(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"value", "{1|*} + ^ + *3"}, "{1^*3|^*2} is an L-position: Left wins, whoever moves first.\nTemperature 1/2, mean 1/2 (Left stop 1, Right stop 0).\n"},
		{[]string{"value", "^ <= *"}, "^ <= *: false (^ is confused with *).\n"},
		{[]string{"value", "kayles 7 + nim 3 == *"}, "kayles 7 + nim 3 == *: true (* is equal to *).\n"},
		{[]string{"value", "{3||2|1}", "--thermograph"}, "  left wall: (-1, 4) (3/4, 9/4)\n  right wall: (-1, 2) (1/2, 2) (3/4, 9/4)\n"},
	} {
		out, errs, code := grundy(t, "", c.args...)
		if code != 0 || errs != "" || !strings.Contains(out, c.want) {
			t.Errorf("grundy %v = %d %q %q, want %q", c.args, code, out, errs, c.want)
		}
	}
}

// play: the user wins with the hint's moves; the computer answers with a
// winning move whenever there is one.
func TestPartizanPlay(t *testing.T) {
	out, errs, code := grundy(t, "hint\n#2\n#1\n", "play", "domineering", "3x3", "--as", "left")
	if code != 0 || errs != "" || !strings.Contains(out, "Hint: 2 winning moves:") || !strings.HasSuffix(out, "I (Right) have no move. You win!\n") {
		t.Errorf("play = %d %q %q", code, out, errs)
	}
	// As Right, moving second on 2×3 ({2|-1/2}): Left wins moving first, so
	// the computer's opening leaves Right without a move.
	out, _, code = grundy(t, "", "play", "domineering", "2x3", "--as", "right", "--computer-first", "--json")
	if code != 0 || !strings.Contains(out, `"end":"computer won"`) || !strings.Contains(out, `"by":"computer","side":"Left","to":".#.|.#.","value":"2","result":"win"`) {
		t.Errorf("play --json = %d %q", code, out)
	}
	// A mistake is named with the move that won.
	out, _, _ = grundy(t, "#1\nquit\n", "play", "domineering", "3x3")
	if !strings.Contains(out, "A mistake: '.#.|.#.|...' won (value 1)") {
		t.Errorf("play mistake: %q", out)
	}
}

// undo takes back the user's move and the reply.
func TestPartizanPlayUndo(t *testing.T) {
	out, _, code := grundy(t, "#1\nundo\nundo\nquit\n", "play", "domineering", "4x3", "--json")
	if code != 0 || strings.Count(out, `"by":`) != 0 || !strings.Contains(out, `"end":"abandoned"`) {
		t.Errorf("play undo --json = %d %q", code, out)
	}
	_, errs, _ := grundy(t, "#1\nundo\nundo\nquit\n", "play", "domineering", "4x3", "--json")
	if !strings.Contains(errs, "Undone.\n") || !strings.Contains(errs, "Nothing to undo.") {
		t.Errorf("play undo dialogue: %q", errs)
	}
}

// grundy value --help names every method the notation reads.
func TestValueHelpNamesMethods(t *testing.T) {
	long := strings.Join(strings.Fields(newValueCmd(&streams{}).Long), " ")
	for _, m := range partizan.MethodNames() {
		if !strings.Contains(long, m) {
			t.Errorf("grundy value --help does not name %s", m)
		}
	}
}

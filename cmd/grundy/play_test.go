package main

import (
	"strings"
	"testing"
)

func TestProblemCommand(t *testing.T) {
	out, errs, code := grundy(t, "2\n23 2\n4 3\n", "problem", "hdu1846")
	if code != 0 || errs != "" || out != "first\nsecond\n" {
		t.Errorf("problem hdu1846 = %d %q %q", code, out, errs)
	}
	out, _, code = grundy(t, "", "problem", "--list")
	if code != 0 || !strings.HasPrefix(out, "ID") || !strings.Contains(out, "hdu2176") {
		t.Errorf("problem --list = %d %q", code, out)
	}
	out, _, code = grundy(t, "", "problem", "--list", "--json")
	if code != 0 || !strings.HasPrefix(out, `[{"id":"hdu1517"`) {
		t.Errorf("problem --list --json = %d %q", code, out)
	}
	// Malformed input: the answers before it, then one line on stderr
	// naming the input's line and column, exit 1.
	out, errs, code = grundy(t, "2\n4 3\n23 x\n", "problem", "hdu1846")
	if code != 1 || out != "second\n" || errs != "grundy: hdu1846: line 3, column 4: m: \"x\" is not a whole number in 1..1000000000000000000\n" {
		t.Errorf("malformed = %d %q %q", code, out, errs)
	}
	// As the judge's accepted solutions: the C cases and nothing more
	// (issue 13); empty input has no cases.
	for in, want := range map[string]string{"1\n8 10\n1\n11 10\n": "Grass\n", "": ""} {
		out, errs, code = grundy(t, in, "problem", "hdu2188")
		if code != 0 || errs != "" || out != want {
			t.Errorf("hdu2188 on %q = %d %q %q, want %q", in, code, out, errs, want)
		}
	}
	_, errs, code = grundy(t, "", "problem", "hdu9999")
	if code != 2 || !strings.Contains(errs, `unknown problem "hdu9999"`) || strings.Count(errs, "\n") != 1 {
		t.Errorf("unknown = %d %q", code, errs)
	}
	_, _, code = grundy(t, "", "problem")
	if code != 2 {
		t.Errorf("no ID: exit %d", code)
	}
}

// A scripted game of Nim 3 4 5: a hint, a bad move, a losing move the
// computer punishes, undo, then the winning line to the end.
func TestPlayNim(t *testing.T) {
	script := "hint\n9 9 9\n#1\nundo\n1 4 5\n0 4 4\n0 3 3\n0 2 2\n0 1 1\n0 0 0\n"
	out, errs, code := grundy(t, script, "play", "nim", "3", "4", "5")
	if code != 0 || errs != "" {
		t.Fatalf("play = %d %q", code, errs)
	}
	for _, want := range []string{
		"Hint: 1 winning move:\n  1 4 5 (take 2 from heap 1)",
		"no legal move from 3 4 5 to 9 9 9",
		"You move to 2 4 5 (take 1 from heap 1).\nThat was a mistake: 1 4 5 (take 2 from heap 1) wins, since 3 ⊕ 4 ⊕ 5 = 2 ≠ 0: a move that makes the nim-sum 0 wins, and 1 4 5 has value 0; yours, 2 4 5, has value 3.\nI move to 1 4 5 (take 1 from heap 1).",
		"Undone.",
		"You move to 1 4 5 (take 2 from heap 1).\nGood move: 1 4 5 has value 0, a losing position for the player to move.\nI move to 0 4 5 (take 1 from heap 1).",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// The computer, lost, delays as long as it can (here every move loses at once); the user wins.
	if !strings.HasSuffix(out, "You move to 0 0 0 (take 1 from heap 3).\nGood move: 0 0 0 has value 0, a losing position for the player to move.\nI have no move. You win!\n") {
		t.Errorf("no win at the end:\n%s", out)
	}
}

func TestPlayToTheEnd(t *testing.T) {
	// subtract:1,3,4 from 2: the only move is to 1, the computer takes the last.
	out, _, code := grundy(t, "1\n", "play", "subtract:1,3,4", "2")
	if code != 0 || !strings.Contains(out, "I move to 0") || !strings.HasSuffix(out, "You have no move. I win.\n") {
		t.Errorf("play = %d\n%s", code, out)
	}
	// Misère Nim 1 1: the user moves, the computer must take the last token.
	out, _, _ = grundy(t, "#1\n", "play", "nim", "1", "1", "--misere")
	if !strings.HasSuffix(out, "so under misère play you win!\n") {
		t.Errorf("misère play:\n%s", out)
	}
	out, _, _ = grundy(t, "quit\n", "play", "wythoff", "4", "6", "--computer-first")
	if !strings.Contains(out, "I move to") || !strings.HasSuffix(out, "Game abandoned.\n") {
		t.Errorf("computer first:\n%s", out)
	}
	// Every catalog game can be played from its example position.
	for _, spec := range []string{"nim 3 4 5", "subtract:pow2 7", "take-range:2,3 7", "multiply:2-9,162 1", "northcott 1 4; 3 6",
		"nimble 3 5 6", "staircase 3 1 4", "climbing-hill:2 1 2 4", "moore:2 1 2 3", "wythoff 4 7", "fibonacci-nim 20"} {
		args := append([]string{"play"}, strings.Fields(spec)...)
		out, errs, code := grundy(t, "hint\n#1\nquit\n", args...)
		if code != 0 || errs != "" || !strings.Contains(out, "Position:") {
			t.Errorf("play %s = %d %q\n%s", spec, code, errs, out)
		}
	}
	_, errs, code := grundy(t, "", "play", "nim", "x")
	if code != 2 || !strings.Contains(errs, "heap size") {
		t.Errorf("bad position = %d %q", code, errs)
	}
}

func TestValuesTable(t *testing.T) {
	out, _, code := grundy(t, "", "values", "wythoff", "--table", "3")
	if want := "   0 1 2\n0: 0 1 2\n1: 1 2 0\n2: 2 0 1\n"; code != 0 || out != want {
		t.Errorf("values wythoff --table 3 = %d %q, want %q", code, out, want)
	}
	out, _, code = grundy(t, "", "values", "wythoff", "--table", "2", "--json")
	if want := `{"game":"wythoff","size":2,"values":[[0,1],[1,2]]}` + "\n"; code != 0 || out != want {
		t.Errorf("--json = %d %q", code, out)
	}
	_, errs, code := grundy(t, "", "values", "nim", "--table", "3")
	if code != 2 || !strings.Contains(errs, "nim has no value table") {
		t.Errorf("nim --table = %d %q", code, errs)
	}
}

func TestPlayMoveBudget(t *testing.T) {
	_, errs, code := grundy(t, "", "play", "octal:0.777", "2000", "--max-moves", "2500")
	if want := "grundy: position \"2000\" has more than 2500 legal moves, too many to play by hand (grundy solve analyzes it; raise --max-moves to play it)\n"; code != 2 || errs != want {
		t.Errorf("play over --max-moves = %d %q", code, errs)
	}
}

func TestPlayHugePosition(t *testing.T) {
	_, errs, code := grundy(t, "", "play", "fibonacci-nim", "100000000")
	if code != 2 || !strings.Contains(errs, "more than 100000 legal moves") {
		t.Errorf("huge play = %d %q", code, errs)
	}
}

// --strength random plays a legal move at random: from Nim 3 4 5, moving
// first, it makes more than one of the 12 legal first moves over 40 games
// (the perfect player always makes the one winning move, 1 4 5), each of
// them legal; a bad word is a usage error.
func TestPlayStrength(t *testing.T) {
	legal := map[string]bool{}
	for _, to := range []string{"2 4 5", "1 4 5", "0 4 5", "3 3 5", "3 2 5", "3 1 5", "3 0 5", "3 4 4", "3 4 3", "3 4 2", "3 4 1", "3 4 0"} {
		legal["I move to "+to+" ("] = true
	}
	seen := map[string]bool{}
	for range 40 {
		out, errs, code := grundy(t, "quit\n", "play", "nim", "3", "4", "5", "--computer-first", "--strength", "random")
		if code != 0 || errs != "" {
			t.Fatalf("play --strength random = %d %q", code, errs)
		}
		line := out[strings.Index(out, "I move to "):]
		line = line[:strings.Index(line, "(")+1]
		if !legal[line] {
			t.Fatalf("first move %q is not a legal move of Nim 3 4 5", line)
		}
		seen[line] = true
	}
	if len(seen) < 2 {
		t.Errorf("random strength made the same first move in 40 games: %v", seen)
	}
	out, _, _ := grundy(t, "quit\n", "play", "nim", "3", "4", "5", "--computer-first")
	if !strings.Contains(out, "I move to 1 4 5 (take 2 from heap 1).") {
		t.Errorf("perfect strength: %q", out)
	}
	_, errs, code := grundy(t, "", "play", "nim", "3", "--strength", "strong")
	if code != 2 || errs != "grundy: --strength: strength must be perfect, random or mixed, not \"strong\"\n" {
		t.Errorf("--strength strong = %d %q", code, errs)
	}
}

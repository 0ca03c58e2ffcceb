package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/grundy/grundy/catalog"
)

// solve --all answers as plain solve does about the winning moves (issue
// 44 §1): they come first, their number is the one plain solve gives,
// whatever the page, and a list the move budget stopped counting still
// offers the next page. --json gives the same, with winning_moves filled.
func TestSolveAllWinningFirst(t *testing.T) {
	for _, c := range []struct {
		args  []string
		first string // the first option listed
		count string // the sentence's count of winning moves
	}{
		// A smaller move budget than the default's million: the count of
		// the winning moves does not depend on it, and the test process
		// stays small (the card-flip and Starlark tests measure the peak
		// RSS of children forked from it).
		{[]string{"kayles", "100000000", "--max-moves", "100000"}, "win   99999997 1 ", "with 8333338 winning moves"},
		{[]string{"kayles", "1000"}, "win   997 1 ", "with 88 winning moves"},
		{[]string{"nim", "3", "4", "5", "--misere"}, "win   1 4 5 ", "with one winning move"},
		{[]string{"nim", "3", "4", "5"}, "win   1 4 5 ", "with one winning move"},
	} {
		args := append([]string{"solve", "--all"}, c.args...)
		out, errOut, code := grundy(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		lines := strings.Split(out, "\n")
		if !strings.Contains(lines[0], c.count) {
			t.Errorf("%v: %q does not say %q", args, lines[0], c.count)
		}
		if len(lines) < 2 || !strings.HasPrefix(strings.TrimSpace(lines[1])+" ", c.first) {
			t.Errorf("%v: first option %q, want %q", args, lines[1], c.first)
		}
		if strings.Contains(out, "Its 10 moves") || strings.Contains(out, "stopped early") {
			t.Errorf("%v: the count echoes the page, or a full page says it stopped:\n%s", args, out)
		}
		// Winning first all the way down the page.
		losing := false
		for _, l := range lines[1:] {
			l = strings.TrimSpace(l)
			switch {
			case strings.HasPrefix(l, "win ") && losing:
				t.Errorf("%v: %q after a losing move", args, l)
			case strings.HasPrefix(l, "lose "):
				losing = true
			}
		}
	}
	out, _, _ := grundy(t, "", "solve", "kayles", "100000000", "--all", "--json", "--moves", "5", "--max-moves", "100000")
	var r catalog.Result
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.WinningMoves) != 5 || r.WinningMoveCount == nil || *r.WinningMoveCount != 8333338 || r.NextOffset == nil || *r.NextOffset != 5 {
		t.Errorf("kayles 10^8 --all --json: %d winning moves listed, count %v, next offset %v", len(r.WinningMoves), r.WinningMoveCount, r.NextOffset)
	}
	if !strings.Contains(out, `"move_classes"`) {
		t.Error("kayles 10^8 --all --json gives no classes of the winning moves")
	}
}

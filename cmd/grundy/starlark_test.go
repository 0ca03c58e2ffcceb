package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSolveStarlark(t *testing.T) {
	// The examples are built in: examples/NAME.star works from any directory.
	out, errs, code := grundy(t, "", "solve", "starlark:examples/draw.star", "4", "+", "2")
	want := `starlark:examples/draw.star position 4 + 2 has loopy value ∞(3), so it is a draw: neither player can force a win; these 2 moves keep the draw:
  4 + 2 (component 1: 4 → 4)
  4 + end (component 2: 2 → end)
`
	if code != 0 || errs != "" || out != want {
		t.Errorf("got %d %q %q\nwant %q", code, out, errs, want)
	}
	out, _, code = grundy(t, "", "solve", "starlark:examples/draw.star", "3", "--json")
	if want := `{"game":"starlark:examples/draw.star","position":"3","misere":false,"outcome":"N","winning_moves":[{"to":"1"}],"loopy_value":"∞(0)","remoteness":3}` + "\n"; code != 0 || out != want {
		t.Errorf("json: %d %q", code, out)
	}
	out, _, code = grundy(t, "", "values", "starlark:examples/subtract.star", "--to", "8")
	if want := "0\t0\n1\t1\n2\t0\n3\t1\n4\t2\n5\t3\n6\t2\n7\t0\n8\t1\n"; code != 0 || out != want {
		t.Errorf("values: %d %q", code, out)
	}
}

func TestStarlarkErrorsCLI(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return "starlark:" + p
	}
	// A rule file that does not load is a usage error (exit 2) naming file:line:col.
	spec := write("bad.star", "def moves(n):\n    return [m]\n")
	_, errs, code := grundy(t, "", "solve", spec, "1")
	if code != 2 || !strings.Contains(errs, "bad.star:2:13: undefined: m") || strings.Count(errs, "\n") != 1 {
		t.Errorf("load error: %d %q", code, errs)
	}
	// An endless loop stops at the step limit: a failure (exit 1), one line.
	spec = write("loop.star", "heap = True\ndef moves(n):\n    while True:\n        n += 1\n")
	_, errs, code = grundy(t, "", "solve", spec, "3", "--max-steps", "5000")
	if code != 1 || !strings.Contains(errs, "loop.star:") || !strings.Contains(errs, "in moves(3): more than 5000 steps in one call") || strings.Count(errs, "\n") != 1 {
		t.Errorf("endless loop: %d %q", code, errs)
	}
	// A bad position is a usage error with its column.
	_, errs, code = grundy(t, "", "solve", "starlark:examples/twoheap.star", "3")
	if code != 2 || !strings.Contains(errs, "want two heap sizes a,b such as 3,5") {
		t.Errorf("bad position: %d %q", code, errs)
	}
}

// TestPlayStarlarkRemoteness: the computer plays by remoteness. Lost at 0
// (every move loses), it moves to 4, which loses in 3 moves, not to 1, which
// loses in 1; winning at heap 3 of subtract.star, it takes all 3 at once
// rather than 1 (which wins too, but in 3 moves).
func TestPlayStarlarkRemoteness(t *testing.T) {
	path := filepath.Join(t.TempDir(), "delay.star")
	// 0 → 1, 4; 1 → 3; 4 → 5, 8; 5 → 6; 6 → 3; 8 → 8 (a draw, so the game
	// is loopy). 3 is lost at once, 6 and 1 win in 1, 5 loses in 2, 4 wins
	// in 3 (to 5), and 0 loses in 4 (to 4) or 2 (to 1).
	src := "loopy = True\nEDGES = {0: [1, 4], 1: [3], 3: [], 4: [5, 8], 5: [6], 6: [3], 8: [8]}\ndef moves(v):\n    return EDGES[v]\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := grundy(t, "#1\n#1\n", "play", "starlark:"+path, "0", "--computer-first")
	if code != 0 || errs != "" {
		t.Fatalf("play = %d %q", code, errs)
	}
	for _, want := range []string{"I move to 4.", "You move to 5.\nI move to 6.", "You move to 3.\nI have no move. You win!\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	out, _, code = grundy(t, "", "play", "starlark:examples/subtract.star", "3", "--computer-first")
	if code != 0 || !strings.Contains(out, "I move to 0 (take 3 from heap 1).") || !strings.HasSuffix(out, "You have no move. I win.\n") {
		t.Errorf("subtract.star 3:\n%s", out)
	}
}

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
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
	// An endless loop stops at the step limit: a limit as every other
	// (exit 2; issue 43: it was a failure, exit 1), one line.
	spec = write("loop.star", "heap = True\ndef moves(n):\n    while True:\n        n += 1\n")
	_, errs, code = grundy(t, "", "solve", spec, "3", "--max-steps", "5000")
	if code != 2 || !strings.Contains(errs, "loop.star:") || !strings.Contains(errs, "in moves(3): more than 5000 steps in one call") || strings.Count(errs, "\n") != 1 {
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
	for _, want := range []string{"I move to 4.", "You move to 5.\nGood move: 5 has value 0, a losing position for the player to move.\nI move to 6.",
		"You move to 3.\nGood move: 3 has value 0, a losing position for the player to move.\nI have no move. You win!\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	out, _, code = grundy(t, "", "play", "starlark:examples/subtract.star", "3", "--computer-first")
	if code != 0 || !strings.Contains(out, "I move to 0 (take 3 from heap 1).") || !strings.HasSuffix(out, "You have no move. I win.\n") {
		t.Errorf("subtract.star 3:\n%s", out)
	}
}

// TestStarlarkBombsCLI: rule files that would take gigabytes, run as the
// issue reported them, stop at a limit the flags give (the message names
// which) within the memory they give, with one line naming file:line:col
// and exit status 2.
func TestStarlarkBombsCLI(t *testing.T) {
	if testing.Short() {
		t.Skip("runs subprocesses")
	}
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return "starlark:" + p
	}
	const mib = 1 << 20
	for _, c := range []struct {
		name, file, src string
		args            []string
		maxRSS          int64
		want            string // regexp
	}{
		{"forty doublings", "doubling.star", "heap = True\ndef moves(n):\n    s = 'ab'\n    for i in range(40):\n        s = s + s\n    return []\n",
			[]string{"--max-memory", "64MiB", "--timeout", "60s"}, 256 * mib,
			`^grundy: .*/doubling.star:5:15: in moves\(1\): the operation string \+ string would allocate 32.0 MiB, past the memory limit of 64.0 MiB .*\(raise --max-memory to search further\)\n$`},
		{"split, as reported", "split.star", "heap = True\ndef moves(n):\n    x = ('x' * (1 << 26)).split('x')\n    return []\n",
			[]string{"--rule-timeout", "1s", "--timeout", "2s", "--max-memory", "64MiB"}, 256 * mib,
			`^grundy: .*/split.star:3:14: in moves\(1\): the operation string \* int would allocate 64.0 MiB`},
		{"split with room for the string", "split.star", "heap = True\ndef moves(n):\n    x = ('x' * (1 << 26)).split('x')\n    return []\n",
			// (A loaded machine may take seconds to write 64 MiB: the
			// limits under test here are not the clock.)
			[]string{"--max-memory", "256MiB", "--timeout", "60s"}, 400 * mib,
			`^grundy: .*/split.star:3:32: in moves\(1\): string.split would allocate 4.0 GiB, past the memory limit of 256.0 MiB`},
		{"a list of 2^28 zeros", "zeros.star", "heap = True\ndef moves(n):\n    x = [0] * (1 << 28)\n    return []\n",
			nil, 256 * mib,
			`^grundy: .*/zeros.star:3:13: in moves\(1\): the operation list \* int would allocate 4.0 GiB, past the memory limit of 1.0 GiB`},
		{"split at the top level", "top.star", "x = ('x' * (1 << 26)).split('x')\ndef moves(n):\n    return []\n",
			[]string{"--max-memory", "256MiB"}, 400 * mib,
			`^grundy: game "starlark:.*/top.star": .*/top.star:1:28: string.split would allocate 4.0 GiB`},
		// Each round is a few steps of a few milliseconds: the deadline,
		// not the steps or the memory, stops it. (docs/starlark.md shows
		// the same loop; the game's name is cut past 60 bytes, as a long
		// temporary directory makes it.)
		{"endless top level under --timeout", "forever.star", "big = list(range(1000000))\nl = [0]\nwhile True:\n    l[0] = -1 in big\ndef moves(n):\n    return []\n",
			[]string{"--timeout", "1s"}, 256 * mib,
			`^grundy: game "starlark:.*: .*/forever.star:\d+:\d+: stopped: time budget exhausted \(deadline exceeded\) \(raise --timeout to search longer\)\n$`},
		// 2^60 elements shared: str() would write them all. Nothing is
		// allocated faster than the bound allows; the deadline stops it,
		// as a time budget (exit 2), not an interruption (it was 130).
		{"str of a shared structure", "shared.star", "heap = True\ndef build():\n    l = [1]\n    for i in range(60):\n        l = [l, l]\n    return l\nL = build()\ndef moves(n):\n    s = str(L)\n    return []\n",
			[]string{"--timeout", "1s"}, 256 * mib,
			`^grundy: .*/shared.star:9:12: in moves\(1\): time budget exhausted .*\(raise --timeout to search longer\)\n$`},
		{"an endless acyclic game", "endless.star", "heap = True\ndef moves(n):\n    return [n + 1]\n",
			[]string{"--max-memory", "16MiB", "--timeout", "60s"}, 256 * mib,
			`^grundy: .*/endless.star:2:1: in moves\(\d+\): the \d+ positions met so far take more than the memory limit of 16.0 MiB \(raise --max-memory to search further\)\n$`},
	} {
		t.Run(c.name, func(t *testing.T) {
			spec := write(c.file, c.src)
			r := runChild(t, "", 2*time.Minute, append([]string{"solve", spec, "1"}, c.args...)...)
			errs, code, elapsed, rss := r.err, r.code, r.elapsed, r.maxRSS
			// A limit hit exits 2, like every budget that runs out.
			if code != exitLimit || !regexp.MustCompile(c.want).MatchString(errs) || strings.Count(errs, "\n") != 1 {
				t.Errorf("exit %d, stderr %q\nwant exit 2 and one line matching %s", code, errs, c.want)
			}
			// Which limit stopped it is in the message; how long it took is
			// logged (runChild's two minutes are the failsafe).
			if rss > c.maxRSS {
				t.Errorf("peak RSS %d MiB, want at most %d MiB", rss/mib, c.maxRSS/mib)
			}
			t.Logf("%v, peak RSS %d MiB", elapsed.Round(time.Millisecond), rss/mib)
		})
	}
}

package main

// Tests of issue 13 ("Trust"): every path a command line reaches ends in a
// correct answer or one clear error line, fast, with bounded memory. The
// heavy cases run the real command as a subprocess and measure its peak
// resident memory (ru_maxrss), as an attacker's or a careless user's command
// would run.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// child is the outcome of a subprocess run of the CLI.
type child struct {
	out, err string
	code     int
	elapsed  time.Duration
	maxRSS   int64 // bytes
}

// runChild runs the CLI as a subprocess (see TestMain), killing it after
// limit, and reports its output, exit status, time and peak memory.
func runChild(t *testing.T, stdin string, limit time.Duration, args ...string) child {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], args...)
	cmd.Env = append(os.Environ(), "GRUNDY_TEST_RUN_MAIN=1")
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	c := child{out: out.String(), err: errb.String(), elapsed: time.Since(start)}
	if ctx.Err() != nil {
		t.Fatalf("grundy %v still running after %v (killed)", args, limit)
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		c.code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("grundy %v: %v", args, err)
	}
	c.maxRSS, _ = peakRSS(cmd.ProcessState)
	return c
}

func oneLineError(t *testing.T, c child, want string) {
	t.Helper()
	if strings.Count(c.err, "\n") != 1 || !strings.HasPrefix(c.err, "grundy: ") || !strings.Contains(c.err, want) {
		t.Errorf("stderr = %q, want one line containing %q", c.err, want)
	}
}

// Item 3: a position of 20,000 heaps lists only the winning moves that fit
// the output budget, with their count, at once.
func TestSolveOutputBudget(t *testing.T) {
	heaps := make([]string, 20000)
	for i := range heaps {
		heaps[i] = fmt.Sprint(i + 1)
	}
	args := append([]string{"solve", "nim"}, heaps...)
	out, errs, code := grundy(t, "", append(args, "--max-output", "1MiB")...)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if len(out) > 1<<20+4096 {
		t.Errorf("printed %d bytes under a 1 MiB output budget", len(out))
	}
	if !strings.Contains(out, "more not listed: the answer would pass the output budget of 1.0 MiB") {
		t.Errorf("no note on the moves left out: %q", out[max(0, len(out)-300):])
	}
	// The JSON form says how many there are.
	out, _, code = grundy(t, "", append(args, "--max-output", "1MiB", "--json")...)
	if code != 0 || !strings.Contains(out, `"move_count":`) || len(out) > 1<<20+4096 {
		t.Errorf("--json: exit %d, %d bytes, move_count present: %v", code, len(out), strings.Contains(out, `"move_count":`))
	}
}

// Item 6: values and solve check the positions of a heap game alike: a
// rule that moves to -7 is refused by both, naming the rule file.
func TestStarlarkHeapCheckedAlike(t *testing.T) {
	file := filepath.Join(t.TempDir(), "minus.star")
	if err := os.WriteFile(file, []byte("heap = True\ndef moves(n):\n    return [n - 10] if n > 0 else []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"values", "starlark:" + file, "--to", "3"},
		{"solve", "starlark:" + file, "3"},
	} {
		out, errs, code := grundy(t, "", args...)
		if code == 0 || strings.Contains(out, "checksum") || !strings.Contains(errs, "minus.star") || !strings.Contains(errs, "not a heap size") {
			t.Errorf("grundy %v = %d %q %q; want a refusal naming the file", args, code, out, errs)
		}
	}
}

// Item 10: play reads long lines and an unreadable input cleanly, and
// echoes a long number once, shortened.
func TestPlayInput(t *testing.T) {
	long := strings.Repeat("7", 100_000)
	out, errs, code := grundy(t, long+"\nquit\n", "play", "nim", "3", "4")
	if code != 0 || errs != "" {
		t.Fatalf("play with a 100 KB line: exit %d, %q", code, errs)
	}
	if n := strings.Count(out, "7777777777"); n > 2*6 {
		t.Errorf("the long number is echoed %d×10 digits: %q", n, out)
	}
	if !strings.Contains(out, "(100000 bytes)") {
		t.Errorf("the long input is not shortened in the message: %q", out[:min(len(out), 500)])
	}
	// Input that cannot be read: one error line, no "game abandoned".
	var o, e bytes.Buffer
	code = run(context.Background(), []string{"play", "nim", "3", "4"}, &streams{in: failingReader{}, out: &o, err: &e})
	if code != exitFailure || strings.Contains(o.String(), "abandoned") || !strings.Contains(e.String(), "cannot read your moves from standard input: read failed") || strings.Count(e.String(), "\n") != 1 {
		t.Errorf("unreadable input: exit %d, stdout %q, stderr %q", code, o.String(), e.String())
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("read failed") }

// Item 10: play honours the Starlark limits of the command line (it used to
// build its options without them).
func TestPlayStarlarkLimits(t *testing.T) {
	file := filepath.Join(t.TempDir(), "spin.star")
	src := "heap = True\ndef moves(n):\n    x = 0\n    for i in range(100000000):\n        x += i\n    return []\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, errs, code := grundy(t, "quit\n", "play", "starlark:"+file, "3", "--max-steps", "10000")
	if code == 0 || !strings.Contains(errs, "spin.star") || !strings.Contains(errs, "step") {
		t.Errorf("play --max-steps 10000 = %d %q; want the step limit", code, errs)
	}
	t.Logf("play hit a 10,000-step limit after %v", time.Since(start)) // bounded by the steps, not timed
}

// Item 11: misère search of positions with a hundred million options ends
// within its budget, in bounded memory, with one error line (it reached
// 4 GB in 35 s: the peak memory is the check; the time is logged, and
// runChild's minute is the failsafe).
func TestMisereBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("runs subprocesses")
	}
	for _, c := range [][]string{
		{"fibonacci-nim", "100000000"},
		{"northcott", "1 100000000"},
		{"staircase", "100000000 3"},
		{"moore:2", "100000000 5 7"},
		{"wythoff", "100000000 5"},
	} {
		r := runChild(t, "", 60*time.Second, "solve", c[0], c[1], "--misere", "--timeout", "5s", "--max-memory", "256MiB")
		if r.code != exitLimit {
			t.Errorf("misère %v: exit %d, stderr %q", c, r.code, r.err)
		}
		oneLineError(t, r, "budget exhausted")
		t.Logf("misère %v: %v, peak RSS %d MiB", c, r.elapsed, r.maxRSS>>20)
		if r.maxRSS > 768<<20 {
			t.Errorf("misère %v: peak RSS %d MiB under --max-memory 256MiB", c, r.maxRSS>>20)
		}
	}
}

// Item 12: closed forms answer at once: misère Nim by Bouton's rule, Moore's
// Nim_k by Moore's theorem with a constructed winning move, Mock Turtles by
// odious numbers; the value never waits for the list of moves. (A search
// fails with a budget error, after 9 to 30 s: that the answers come is the
// check; the time is logged, and a --timeout of a minute is the failsafe.)
func TestClosedFormsAnswerAtOnce(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "nim", "20000001", "--misere"}, "Under misère play, nim position 20000001 is an N-position: the player to move wins by moving to 1 (take 20000000 from heap 1).\n"},
		{[]string{"solve", "moore:1", "58509141 907698812846"}, "moore:1 position 58509141 907698812846 is an N-position: the player to move wins with this move:\n  58509141 58509141 (take 907640303705 from heap 2)\n  (the list stopped early: move budget exhausted: more than 1000000 moves to examine)\n"},
		{[]string{"solve", "coins:mock-turtles", "833820,31144123,33427281"}, "coins:mock-turtles position 833820 31144123 33427281 has nim-value "},
	} {
		start := time.Now()
		out, errs, code := grundy(t, "", append(c.args, "--timeout", "60s")...)
		if code != 0 || errs != "" || !strings.HasPrefix(out, c.want) {
			t.Errorf("grundy %v = %d %q %q\nwant prefix %q", c.args, code, out, errs, c.want)
		}
		t.Logf("grundy %v: %v", c.args, time.Since(start))
	}
	// moore:2 with heaps whose options number about 10^8: an answer and a
	// winning move at once, the list marked incomplete.
	out, _, code := grundy(t, "", "solve", "moore:2", "4222 10 12210 234", "--json")
	if code != 0 || !strings.Contains(out, `"outcome":"N"`) || !strings.Contains(out, `"move_count":-1`) || !strings.Contains(out, `"winning_moves":[{"to":`) {
		t.Errorf("moore:2 4222 10 12210 234 = %d %q", code, out)
	}
}

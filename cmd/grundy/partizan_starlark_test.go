package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPartizanRuleFileCLI: a partizan rule file (left_moves, right_moves)
// through solve: its value, and each failure one line with the exit
// status of its kind (a limit or a bad file or position 2, the rule
// file's own error 1).
func TestPartizanRuleFileCLI(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return "starlark:" + p
	}
	out, errs, code := grundy(t, "", "solve", "starlark:examples/domineering.star", "..|..|..", "--json")
	if code != 0 || !strings.Contains(out, `"value":"{1/2|-2}"`) || errs != "" {
		t.Errorf("domineering 3x2: %d %q %q", code, out, errs)
	}
	right := "\ndef right_moves(p):\n    return []\n"
	for _, c := range []struct {
		name, src string
		args      []string
		code      int
		want      string
	}{
		{"loop.star", "def left_moves(p):\n    while True:\n        p += 1\n" + right, []string{"--max-steps", "5000"}, 2, "in left_moves(0): more than 5000 steps in one call"},
		{"alloc.star", "def left_moves(p):\n    return [\"x\" * (1 << 30)]\n" + right, []string{"--max-memory", "64MiB"}, 2, "past the memory limit of 64.0 MiB"},
		{"half.star", "def left_moves(p):\n    return []\n", nil, 2, "defines left_moves(position) but no right_moves(position)"},
		{"fail.star", "def left_moves(p):\n    fail(\"no such move\")\n" + right, nil, 1, "in left_moves(0): fail: no such move"},
		{"cycle.star", "def left_moves(p):\n    return [1 - p]\n" + right, nil, 1, "has a cycle of 2 moves: 0 -> 1 -> 0"},
	} {
		spec := write(c.name, c.src)
		out, errs, code := grundy(t, "", append([]string{"solve", spec, "0"}, c.args...)...)
		if code != c.code || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s: %d %q %q, want exit %d and %q", c.name, code, out, errs, c.code, c.want)
		}
	}
	_, errs, code = grundy(t, "", "solve", "starlark:examples/domineering.star", "..|.x")
	if code != 2 || !strings.Contains(errs, "a cell is . (empty) or # (blocked)") {
		t.Errorf("bad position: %d %q", code, errs)
	}
}

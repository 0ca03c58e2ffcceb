package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// grundy runs the CLI in-process and returns stdout, stderr and the exit status.
func grundy(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, &streams{in: strings.NewReader(stdin), out: &out, err: &errb})
	return out.String(), errb.String(), code
}

func TestSolveNimJSON(t *testing.T) {
	out, errs, code := grundy(t, "", "solve", "nim", "3", "4", "5", "--json")
	want := `{"game":"nim","position":"3 4 5","misere":false,"value":2,"component_values":[3,4,5],"outcome":"N","winning_moves":[{"to":"1 4 5","move":"take 2 from heap 1"}]}` + "\n"
	if code != 0 || errs != "" || out != want {
		t.Errorf("got %d %q %q\nwant %q", code, out, errs, want)
	}
	// One quoted argument is the same position.
	out2, _, _ := grundy(t, "", "solve", "nim", "3 4 5", "--json")
	if out2 != want {
		t.Errorf("quoted position: %q", out2)
	}
}

func TestSolveText(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "subtract:1,3,4", "7"}, "subtract:1,3,4 position 7 has nim-value 0, so it is a P-position: the player to move loses against best play.\n"},
		{[]string{"solve", "nim", "1", "1", "1", "--misere"}, "Under misère play, nim position 1 1 1 is a P-position: the player to move loses against best play.\n"},
		{[]string{"solve", "nim", "2", "2", "1"}, "nim position 2 2 1 has nim-value 1 = 2 ⊕ 2 ⊕ 1, so it is an N-position: the player to move wins by moving to 2 2 0 (take 1 from heap 3).\n"},
	} {
		out, errs, code := grundy(t, "", c.args...)
		if code != 0 || errs != "" || out != c.want {
			t.Errorf("grundy %v = %d %q %q\nwant %q", c.args, code, out, errs, c.want)
		}
	}
}

func TestValues(t *testing.T) {
	out, _, code := grundy(t, "", "values", "subtract:1,3,4", "--to", "8")
	if want := "0\t0\n1\t1\n2\t0\n3\t1\n4\t2\n5\t3\n6\t2\n7\t0\n8\t1\n"; code != 0 || out != want {
		t.Errorf("values text = %d %q", code, out)
	}
	out, _, code = grundy(t, "", "values", "nim", "--to", "3", "--json")
	if want := `{"game":"nim","start":0,"values":[0,1,2,3],"checksum":"sha256:a1e03200f1f82ad2c1cec8795c271aaecf98f5aa2d151d2229ec5fa0c177cf77"}` + "\n"; code != 0 || out != want {
		t.Errorf("values json = %d %q", code, out)
	}
}

func TestGames(t *testing.T) {
	out, _, code := grundy(t, "", "games")
	if code != 0 || !strings.HasPrefix(out, "GAME") || !strings.Contains(out, "subtract:S") {
		t.Errorf("games = %d %q", code, out)
	}
	out, _, code = grundy(t, "", "games", "--json")
	if code != 0 || !strings.HasPrefix(out, `[{"name":"nim"`) {
		t.Errorf("games --json = %d %q", code, out)
	}
}

// Every error is one line on stderr naming the problem, nothing on stdout,
// and exit status 2 for usage errors and for budgets that run out.
func TestErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"solve", "nmi", "3"}, 2, "grundy: game \"nmi\": column 1: unknown game \"nmi\" (run `grundy games` for the list)\nDid you mean \"nim\"?\n"},
		{[]string{"slove", "nim", "3"}, 2, "grundy: unknown command \"slove\" for \"grundy\"\nDid you mean \"serve\" or \"solve\"?\n"},
		{[]string{"values", "kayles", "100"}, 2, "grundy: values takes 1 argument (the game), got 2 (see 'grundy values --help')\nDid you mean 'grundy values kayles --to 100'?\n"},
		{[]string{"period", "kayles", "100"}, 2, "Did you mean 'grundy period kayles --to 100'?\n"},
		{[]string{"cardflip", "simulate", "--m", "2000000"}, 2, `grundy: --m must be between 1 and 1048576, not 2000000`},
		{[]string{"problem", "nosuch"}, 2, `grundy: unknown problem "nosuch"`},
		{[]string{"solve", "kayles 7 + nim x"}, 2, `grundy: position "kayles 7 + nim x" of sum: column 16: nim: heap size "x" is not a whole number ≥ 0`},
		{[]string{"solve", "nim", "3", "x"}, 2, `grundy: position "3 x" of nim: column 3: heap size "x" is not a whole number ≥ 0`},
		{[]string{"solve", "nim"}, 2, `grundy: solve needs a game and a position, as in`},
		{[]string{"solve", "subtract:1,x", "3"}, 2, `column 12: "x" is not a positive whole number`},
		{[]string{"solve", "--bogus", "nim", "1"}, 2, `grundy: solve: unknown flag: --bogus`},
		{[]string{"bogus"}, 2, `grundy: unknown command "bogus"`},
		{[]string{"values", "nim"}, 2, `grundy: values needs --to N`},
		{[]string{"values", "nim", "--to", "-1"}, 2, `--to must be at least 0`},
		{[]string{"values", "nim", "--to", "x"}, 2, `invalid argument "x" for "--to"`},
		{[]string{"solve", "nim", "3", "--max-memory", "lots"}, 2, `--max-memory: "lots" is not a size`},
		{[]string{"solve", "subtract:all-but:2", "100000", "--max-positions", "1000"}, 2, `grundy: search of subtract:all-but:2 "100000": position budget exhausted: more than 1000 positions needed (raise --max-positions to search further)`},
		{[]string{"values", "subtract:2", "--to", "100000", "--max-positions", "1000"}, 2, `position budget exhausted`},
		{[]string{"solve", "subtract:all-but:2", "1000000", "--timeout", "1ns"}, 2, `time budget exhausted`},
	} {
		out, errs, code := grundy(t, "", c.args...)
		// One line, and a "Did you mean" on a line of its own.
		lines := strings.Count(errs, "\n")
		if strings.Contains(errs, "\nDid you mean ") {
			lines--
		}
		if code != c.code || out != "" || !strings.Contains(errs, c.msg) || lines != 1 {
			t.Errorf("grundy %v:\n got %d stdout %q stderr %q\nwant %d stderr containing %q", c.args, code, out, errs, c.code, c.msg)
		}
	}
}

// grundy --version and grundy version print the same line.
func TestVersion(t *testing.T) {
	a, _, code := grundy(t, "", "--version")
	b, _, _ := grundy(t, "", "version")
	if code != 0 || a != b || !strings.HasPrefix(a, "grundy "+version) {
		t.Errorf("--version = %d %q, version = %q", code, a, b)
	}
}

// splitSuggestion puts a "did you mean" on a line of its own.
func TestSplitSuggestion(t *testing.T) {
	for _, c := range []struct{ in, rest, suggestion string }{
		{`unknown game "nmi"; did you mean "nim"? (run x)`, `unknown game "nmi" (run x)`, `Did you mean "nim"?`},
		{"unknown command \"slove\" for \"grundy\"\n\nDid you mean this?\n\tsolve\n", `unknown command "slove" for "grundy"`, `Did you mean "solve"?`},
		{"plain error", "plain error", ""},
	} {
		rest, s := splitSuggestion(c.in)
		if rest != c.rest || s != c.suggestion {
			t.Errorf("splitSuggestion(%q) = %q, %q", c.in, rest, s)
		}
	}
}

// Every command has help text with an example.
func TestHelpHasExamples(t *testing.T) {
	root := newRootCmd(&streams{})
	for _, c := range root.Commands() {
		if c.Hidden || c.Name() == "help" {
			continue
		}
		if c.Example == "" {
			t.Errorf("%s has no example", c.Name())
		}
	}
	out, _, code := grundy(t, "", "solve", "--help")
	if code != 0 || !strings.Contains(out, "grundy solve nim 3 4 5") {
		t.Errorf("solve --help = %d %q", code, out)
	}
}

// newRootCmd is the root command with every command under it.
func newRootCmd(io *streams) *cobra.Command { return newRootCmdFor(io, nil) }

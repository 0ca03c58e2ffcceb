package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/catalog/play"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/partizan/games"
	"github.com/grundy/grundy/web"
)

// solve --all lists every option as --json --all does, in its order, each
// line with its result, the value after it and its remoteness; on a
// terminal (--color always) each line is coloured by its result.
func TestSolveAll(t *testing.T) {
	for _, args := range [][]string{
		{"kayles", "3", "5"},
		{"kayles 3 + nim 2"},
		{"dawson-kayles", "9"},
		{"nim", "2", "1"},
	} {
		jsonOut, errs, code := grundy(t, "", append(append([]string{"solve"}, args...), "--all", "--json")...)
		if code != 0 || errs != "" {
			t.Fatalf("solve %v --all --json = %d %q", args, code, errs)
		}
		var res catalog.Result
		if err := json.Unmarshal([]byte(jsonOut), &res); err != nil {
			t.Fatal(err)
		}
		if res.Remoteness == nil || len(res.Options) == 0 {
			t.Fatalf("solve %v --all --json: no remoteness or options: %s", args, jsonOut)
		}
		text, errs, code := grundy(t, "", append(append([]string{"solve"}, args...), "--all", "--color", "always")...)
		if code != 0 || errs != "" {
			t.Fatalf("solve %v --all = %d %q", args, code, errs)
		}
		lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		// …and how many moves win (issue 44): "wins in 7 moves, with 2 winning moves."
		want := fmt.Sprintf("wins in %d moves, with ", *res.Remoteness)
		if res.Outcome == impartial.P {
			want = fmt.Sprintf("loses in %d moves against best play.", *res.Remoteness)
		}
		if !strings.Contains(lines[0], want) {
			t.Errorf("solve %v --all: %q does not say %q", args, lines[0], want)
		}
		if len(lines) != 1+len(res.Options) {
			t.Fatalf("solve %v --all: %d lines for %d options:\n%s", args, len(lines), len(res.Options), text)
		}
		colors := map[string]string{"win": ansiGreen, "lose": ansiRed, "draw": ansiYellow}
		for i, o := range res.Options {
			line := lines[i+1]
			want := fmt.Sprintf("value %d, remoteness %d", *o.Value, *o.Remoteness)
			if !strings.HasPrefix(line, "  "+colors[o.Result]+o.Result) || !strings.Contains(line, o.To) || !strings.HasSuffix(line, want+ansiReset) {
				t.Errorf("solve %v --all: line %d %q, option %+v", args, i+1, line, o)
			}
		}
		plain, _, _ := grundy(t, "", append(append([]string{"solve"}, args...), "--all")...)
		if strings.Contains(plain, "\x1b[") {
			t.Errorf("solve %v --all: colours when the output is not a terminal", args)
		}
	}
}

// By default solve lists a screenful: ten moves with the count of all, and
// the residue classes that describe them; --moves N and --moves all list
// more, --offset pages; the JSON's default page is catalog.DefaultMovePage,
// with next_offset, and structured classes.
func TestSolveDefaultPage(t *testing.T) {
	out, errs, code := grundy(t, "", "solve", "kayles", "100000000")
	lines := strings.Split(out, "\n")
	if code != 0 || errs != "" || len(lines) > 30 || !strings.Contains(lines[0], "the first 10 of its 8333338 moves") ||
		!strings.Contains(out, "(8333328 more: --moves all lists them") || !strings.Contains(out, "All of them, in 18 classes:") ||
		!strings.Contains(out, "for every a ≡ 1 (mod 12) with 71 ≤ a ≤ 49999999 (4166661 moves)") {
		t.Errorf("solve kayles 100000000 = %d %q, %d lines:\n%s", code, errs, len(lines), out)
	}
	out, _, _ = grundy(t, "", "solve", "kayles", "100000000", "--json")
	var res catalog.Result
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	var sum int64
	for _, c := range res.MoveClasses {
		sum += c.Count
	}
	if len(res.WinningMoves) != catalog.DefaultMovePage || res.NextOffset == nil || *res.NextOffset != catalog.DefaultMovePage ||
		res.MoveCount == nil || *res.MoveCount != 8333338 || len(res.MoveClasses) != 18 || sum != 8333338 {
		t.Errorf("solve kayles 100000000 --json: %d moves, next %v, count %v, %d classes counting %d", len(res.WinningMoves), res.NextOffset, res.MoveCount, len(res.MoveClasses), sum)
	}
	// The next page starts where the first ended.
	out, _, _ = grundy(t, "", "solve", "kayles", "100000000", "--json", "--moves", "3", "--offset", "99")
	var next catalog.Result
	if err := json.Unmarshal([]byte(out), &next); err != nil {
		t.Fatal(err)
	}
	if len(next.WinningMoves) != 3 || next.WinningMoves[0] != res.WinningMoves[99] || *next.NextOffset != 102 {
		t.Errorf("--moves 3 --offset 99: %+v, next %v; the first page ends with %+v", next.WinningMoves, next.NextOffset, res.WinningMoves[99])
	}
	out, _, code = grundy(t, "", "solve", "kayles", "100001", "--moves", "all")
	if n := strings.Count(out, "\n"); code != 0 || n != 1+8334 {
		t.Errorf("solve kayles 100001 --moves all: %d lines, want 1 + 8334", n)
	}
	for _, c := range []struct{ flag, val, msg string }{
		{"--moves", "0", "grundy: --moves must be a number of moves (at least 1) or all, not \"0\"\n"},
		{"--moves", "many", "grundy: --moves must be a number of moves (at least 1) or all, not \"many\"\n"},
		{"--offset", "-1", "grundy: --offset must be at least 0, not -1\n"},
		{"--color", "pink", "grundy: --color must be auto, always or never, not \"pink\"\n"},
	} {
		_, errs, code := grundy(t, "", "solve", "nim", "3", c.flag, c.val)
		if code != 2 || errs != c.msg {
			t.Errorf("solve nim 3 %s %s = %d %q, want 2 %q", c.flag, c.val, code, errs, c.msg)
		}
	}
}

// A position whose game tree is too large for remoteness says so, and
// still lists every option with its value.
func TestSolveAllTooLarge(t *testing.T) {
	out, errs, code := grundy(t, "", "solve", "kayles", "60", "--all", "--moves", "all")
	if code != 0 || errs != "" || strings.Count(out, "\n  lose ")+strings.Count(out, "\n  win ") != 60 ||
		!strings.Contains(out, "(remoteness not computed: too large (the game tree from this position has more than") {
		t.Errorf("solve kayles 60 --all = %d %q\n%s", code, errs, out)
	}
}

// play says when the human's move was a mistake and why, as the web's play
// page does, and calls a winning move good.
func TestPlayVerdicts(t *testing.T) {
	out, errs, code := grundy(t, "3 2\nquit\n", "play", "kayles", "6")
	want := "That was a mistake: 4 1 (take 1 and split the rest into 4 + 1) wins, since 6 has value 3 ≠ 0 and 4 1 has value 0; yours, 3 2, has value 1.\n"
	if code != 0 || errs != "" || !strings.Contains(out, "You move to 3 2 (take 1 and split the rest into 3 + 2).\n"+want) {
		t.Errorf("play kayles 6 = %d %q:\n%s", code, errs, out)
	}
	// 4 1 is a P-position, 3 2 is not: the verdict is the analysis's.
	for pos, value := range map[string]string{"4 1": "0", "3 2": "1"} {
		got, _, _ := grundy(t, "", "solve", "kayles", pos, "--json")
		if !strings.Contains(got, `"value":`+value+`,`) {
			t.Errorf("kayles %s: %s", pos, got)
		}
	}
	out, _, _ = grundy(t, "2 4 5\nquit\n", "play", "nim", "3", "4", "5")
	if want := "That was a mistake: 1 4 5 (take 2 from heap 1) wins, since 3 ⊕ 4 ⊕ 5 = 2 ≠ 0: a move that makes the nim-sum 0 wins, and 1 4 5 has value 0; yours, 2 4 5, has value 3.\n"; !strings.Contains(out, want) {
		t.Errorf("play nim 3 4 5, move 2 4 5:\n%s", out)
	}
	out, _, _ = grundy(t, "1 4 5\nquit\n", "play", "nim", "3", "4", "5")
	if want := "Good move: 1 4 5 has value 0, a losing position for the player to move.\n"; !strings.Contains(out, want) {
		t.Errorf("play nim 3 4 5, move 1 4 5:\n%s", out)
	}
	out, _, _ = grundy(t, "kayles 5 + nim 3\nquit\n", "play", "kayles 7 + nim 3")
	if want := "since 2 ⊕ 3 = 1 ≠ 0: a move that makes the nim-sum 0 wins"; !strings.Contains(out, want) {
		t.Errorf("play kayles 7 + nim 3, move kayles 5 + nim 3:\n%s", out)
	}
}

// A loopy game that is drawn ends: the computer offers a draw at a drawn
// position and accepts one, declines one when it wins, and a position
// that occurs a third time with the same player to move ends the game
// (threefold repetition); --json prints the record of the game.
func TestPlayDraws(t *testing.T) {
	draw := "starlark:examples/draw.star"
	out, errs, code := grundy(t, "draw\n", "play", draw, "4")
	if code != 0 || errs != "" || !strings.Contains(out, "With best play this position is a draw: type draw to agree to one") || !strings.HasSuffix(out, "Draw agreed.\n") {
		t.Errorf("play %s 4, draw = %d %q:\n%s", draw, code, errs, out)
	}
	out, errs, code = grundy(t, "4\n4\n4\n", "play", draw, "4", "--json")
	var rec play.Record
	if err := json.Unmarshal([]byte(out), &rec); err != nil || code != 0 {
		t.Fatalf("play --json = %d %q: %v", code, out, err)
	}
	if rec.End != "draw by repetition" || len(rec.Moves) != 4 || rec.Moves[0].By != "human" || rec.Moves[0].Result != "draw" || rec.Moves[1].By != "computer" ||
		!strings.Contains(errs, "Position 4 has occurred three times with the same player to move: the game is a draw (threefold repetition).") {
		t.Errorf("play --json: %+v\n%s", rec, errs)
	}
	// Heap 1 of loopy.star wins for its player (to 0): the computer, to
	// move from a lost 3 ... here the human offers a draw in a lost
	// position and is refused.
	out, _, _ = grundy(t, "draw\nquit\n", "play", "subtract:1,3,4", "7")
	if !strings.Contains(out, "I decline the draw: I win this position with best play.") || !strings.Contains(out, "Game abandoned.") {
		t.Errorf("a draw offered from a lost position:\n%s", out)
	}
	// The record of a game won: every move, a mistake marked, how it ended.
	out, _, _ = grundy(t, "#1\n0\n", "play", "subtract:1,3,4", "2", "--json")
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Game != "subtract:1,3,4" || rec.Start != "2" || rec.End != "computer won" || rec.Position != "0" || len(rec.Moves) != 2 || rec.Moves[0].Result != "lose" || rec.Moves[0].Mistake {
		t.Errorf("record of subtract:1,3,4 2: %+v", rec)
	}
}

// RepetitionDraw counts only positions with the same player to move.
func TestRepetitionDraw(t *testing.T) {
	for _, c := range []struct {
		h    []string
		draw bool
	}{
		{[]string{"4", "4", "4", "4"}, false},
		{[]string{"4", "4", "4", "4", "4"}, true},
		{[]string{"a", "b", "a", "b", "a"}, true},
		{[]string{"a", "b", "b", "a", "a", "b", "b"}, false},
		{nil, false},
	} {
		if got := play.RepetitionDraw(c.h); got != c.draw {
			t.Errorf("RepetitionDraw(%q) = %v", c.h, got)
		}
	}
}

// grundy games wraps its rules to the terminal's width (100 columns when
// the output is not a terminal), and still states every family's rule.
func TestGamesWidth(t *testing.T) {
	for _, width := range []int{0, 60, 140} {
		var out, errb bytes.Buffer
		code := run(context.Background(), []string{"games"}, &streams{in: strings.NewReader(""), out: &out, err: &errb, width: width})
		limit := width
		if limit == 0 {
			limit = 100
		}
		text := out.String()
		for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
			if n := utf8.RuneCountInString(line); n > limit {
				t.Errorf("width %d: a line of %d characters: %q", width, n, line)
			}
		}
		joined := strings.Join(strings.Fields(text), " ")
		for _, f := range families.All() {
			if !strings.Contains(joined, strings.Join(strings.Fields(f.Rule), " ")) {
				t.Errorf("width %d: the rule of %s is missing", width, f.Name)
			}
		}
		for _, r := range games.Rulesets() {
			for _, want := range []string{r.Rule, "position: " + r.Syntax, "example: " + rulesetExample(r)} {
				if !strings.Contains(joined, strings.Join(strings.Fields(want), " ")) {
					t.Errorf("width %d: ruleset %s: %q is missing", width, r.Name, want)
				}
			}
		}
		if code != 0 || !strings.HasSuffix(joined, "(grundy games GAME describes one: its position syntax, an example, its closed form and OEIS entry, or a ruleset's known values.)") {
			t.Errorf("width %d: exit %d, %q", width, code, text)
		}
	}
}

// Shell completion: the command is listed in help, its scripts are made,
// and game names, strategies and other choices complete.
func TestCompletion(t *testing.T) {
	help, _, _ := grundy(t, "", "--help")
	if !strings.Contains(help, "\n  completion  ") {
		t.Errorf("completion is not listed in help:\n%s", help)
	}
	for _, shell := range []string{"bash", "zsh", "fish", "powershell"} {
		out, errs, code := grundy(t, "", "completion", shell)
		if code != 0 || errs != "" || len(out) < 1000 {
			t.Errorf("completion %s = %d %q, %d bytes", shell, code, errs, len(out))
		}
	}
	for _, c := range []struct {
		args []string
		want []string
		not  []string
	}{
		{[]string{"solve", "ka"}, []string{"kayles"}, []string{"nim"}},
		{[]string{"play", "coins:m"}, []string{"coins:mock-turtles", "coins:moebius", "coins:mogul"}, []string{"coins:ruler"}},
		{[]string{"values", "sub"}, []string{"subtract:"}, nil},
		{[]string{"games", ""}, []string{"nim", "wythoff", "sum", "fibonacci", "octal:", "domineering", "toads"}, nil},
		{[]string{"solve", "c"}, []string{"coins:ruler", "cram", "clobber", "col", "cutcake"}, nil},
		{[]string{"values", "c"}, []string{"coins:ruler"}, []string{"cram", "clobber"}},
		{[]string{"misere", "form", "c"}, []string{"coins:ruler"}, []string{"cram"}},
		{[]string{"solve", "nim", ""}, nil, []string{"nim"}},
		{[]string{"cardflip", "simulate", "--strategy", ""}, []string{"best", "stacks", "front-to-back"}, nil},
		{[]string{"play", "nim", "3", "--strength", ""}, []string{"perfect", "random", "mixed"}, nil},
		{[]string{"solve", "nim", "3", "--color", ""}, []string{"auto", "always", "never"}, nil},
		// Problem ids, each described by its title (issue 44 §4).
		{[]string{"problem", "hdu18"}, []string{"hdu1846", "hdu1847", "hdu1849", "hdu1850"}, []string{"hdu2176", "hihocoder1172"}},
		{[]string{"problem", ""}, []string{"hdu1846", "hihocoder1172"}, nil},
		{[]string{"problem", "hdu1846", ""}, nil, []string{"hdu1846"}},
	} {
		out, _, code := grundy(t, "", append([]string{"__complete"}, c.args...)...)
		lines := strings.Split(out, "\n")
		for i, l := range lines {
			lines[i], _, _ = strings.Cut(l, "\t") // the word, not its description
		}
		if code != 0 {
			t.Errorf("__complete %q: exit %d", c.args, code)
		}
		for _, w := range c.want {
			if !slices.Contains(lines, w) {
				t.Errorf("__complete %q lacks %q:\n%s", c.args, w, out)
			}
		}
		for _, w := range c.not {
			if slices.Contains(lines, w) {
				t.Errorf("__complete %q offers %q", c.args, w)
			}
		}
	}
}

// grundy sweep --help works without the sweep program (the error belongs
// to running a sweep).
func TestSweepHelpWithoutProgram(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	for _, args := range [][]string{{"sweep", "--help"}, {"sweep", "-h"}, {"sweep", "octal", "--help"}, {"help", "sweep"}} {
		out, errs, code := grundy(t, "", args...)
		if code != 0 || errs != "" || !strings.Contains(out, "Usage:\n  grundy sweep") {
			t.Errorf("grundy %q = %d %q %q", args, code, errs, out)
		}
	}
	if _, _, code := grundy(t, "", "sweep", "octal", "--", "--help"); code != 2 {
		t.Errorf("a Beam option --help after -- runs the sweep: exit %d, want 2 (no program)", code)
	}
}

// period --json names its game; version --json.
func TestJSONNamesItsSubject(t *testing.T) {
	out, _, code := grundy(t, "", "period", "kayles", "--json")
	if code != 0 || !strings.HasPrefix(out, `{"game":"kayles","preperiod":71,"period":12,`) {
		t.Errorf("period --json = %d %q", code, out)
	}
	out, _, code = grundy(t, "", "version", "--json")
	var v map[string]string
	if err := json.Unmarshal([]byte(out), &v); err != nil || code != 0 || v["version"] != version || v["go"] != runtime.Version() || v["os"] != runtime.GOOS || v["arch"] != runtime.GOARCH {
		t.Errorf("version --json = %d %q (%v)", code, out, err)
	}
	text, _, _ := grundy(t, "", "version")
	if !strings.HasPrefix(text, "grundy "+version) {
		t.Errorf("version = %q", text)
	}
}

// The API's pages, options with remoteness and classes are the CLI's
// --json bytes for the same question.
func TestWorkbenchPagesMatchCLI(t *testing.T) {
	h := web.New(web.Config{}).Handler()
	for _, c := range []struct {
		query url.Values
		cli   []string
	}{
		{url.Values{"game": {"kayles"}, "position": {"3 5"}, "all": {"1"}}, []string{"solve", "kayles", "3", "5", "--all", "--json"}},
		{url.Values{"game": {"sum"}, "position": {"kayles 7 + nim 3 4"}, "all": {"1"}, "limit": {"3"}, "offset": {"2"}}, []string{"solve", "kayles 7 + nim 3 4", "--all", "--moves", "3", "--offset", "2", "--json"}},
		{url.Values{"game": {"kayles"}, "position": {"100000000"}}, []string{"solve", "kayles", "100000000", "--json"}},
		{url.Values{"game": {"kayles"}, "position": {"100001"}, "limit": {"all"}}, []string{"solve", "kayles", "100001", "--moves", "all", "--json"}},
		{url.Values{"game": {"kayles"}, "position": {"60"}, "all": {"1"}}, []string{"solve", "kayles", "60", "--all", "--json"}},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://localhost/api/solve?"+c.query.Encode(), nil))
		out, errs, code := grundy(t, "", c.cli...)
		if code != 0 || errs != "" || rec.Code != 200 || rec.Body.String() != out {
			t.Errorf("/api/solve?%s = %d %.300s\ngrundy %q = %d %q %.300s", c.query.Encode(), rec.Code, rec.Body.String(), c.cli, code, errs, out)
		}
	}
}

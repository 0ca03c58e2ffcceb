package web

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/games"
)

// /api/partizan/solve, /reply and /value answer what the library entry
// behind grundy solve, grundy play and grundy value computes (games.Analyze,
// games.Reply, games.Calculate), byte for byte in the CLI's encoding, under
// the server's settings; and those answers are the values of the
// literature.
func TestPartizanAPI(t *testing.T) {
	s := New(Config{})
	ctx := context.Background()
	set := s.partizanSettings()
	for _, c := range []struct {
		game, position string
		// the value, mean and temperature known (empty: not checked)
		value, mean, temp string
	}{
		// Berlekamp 1988: "1/2 | −2 = −3/4 ± 5/4", and its transpose.
		{"domineering", "..|..|..", "{1/2|-2}", "-3/4", "5/4"},
		{"domineering", "...|...", "{2|-1/2}", "3/4", "5/4"},
		// Wolfe: Domineering 4×5 = 1; an RxC board read as the board.
		{"domineering", "4x5", "1", "1", "-1"},
		// CGSuite's GameGridTest, GameStripTest, HackenbushTest.
		{"clobber", "xox|ox.", "{^^*|*,v}", "0", "0"},
		{"cram", ".........|##.######", "*4", "0", "0"},
		{"toppling-dominoes", "lrrlrrl", "Tiny(1/2)", "0", "0"},
		{"hackenbush", "lrlrrllr", "77/128", "77/128", "-1/128"},
		{"toads-and-frogs", "tt.ff", "", "", ""},
		{"cutcake", "2x3", "", "", ""},
		{"col", "path(5)", "", "", ""},
		{"amazons", "x..|o..", "", "", ""},
		// Ernst 1995: a solid linear pattern of 2j+1 stones is -j.
		{"konane", ".xoxoxox.", "-3", "-3", "-1"},
		{"konane", ".xo|xo.|...", "^", "0", "0"},
	} {
		for _, all := range []string{"0", "1"} {
			code, body := get(t, s, "/api/partizan/solve?"+q("game", c.game, "position", c.position, "all", all))
			set.All = all == "1"
			a, err := games.Analyze(ctx, c.game, c.position, set)
			if err != nil {
				t.Fatalf("%s %s: %v", c.game, c.position, err)
			}
			if want := encode(t, a); code != 200 || body != want {
				t.Errorf("%s %s all=%s: %d %s\nthe library: %s", c.game, c.position, all, code, body, want)
			}
			if c.value != "" && (a.Value != c.value || a.Mean != c.mean || a.Temperature != c.temp) {
				t.Errorf("%s %s = %s, mean %s, temperature %s; the literature %s, %s, %s", c.game, c.position, a.Value, a.Mean, a.Temperature, c.value, c.mean, c.temp)
			}
			checkMoves(t, c.game+" "+c.position, a)
		}
		// The perfect player's move for each side: the library's, and a
		// winning one when the side has one.
		for _, side := range []partizan.Side{partizan.Left, partizan.Right} {
			code, body := get(t, s, "/api/partizan/reply?"+q("game", c.game, "position", c.position, "side", strings.ToLower(side.String())))
			m, ok, err := games.Reply(ctx, c.game, c.position, side, s.partizanSettings())
			if err != nil {
				t.Fatal(err)
			}
			want := &PartizanReply{Game: c.game, Position: c.position, Side: strings.ToLower(side.String()), Over: !ok}
			if ok {
				want.Move = &m
			}
			if code != 200 || body != encode(t, want) {
				t.Errorf("reply %s %s %v: %d %s\nthe library: %s", c.game, c.position, side, code, body, encode(t, want))
			}
			a, _ := games.Analyze(ctx, c.game, c.position, s.partizanSettings())
			wins := a.LeftWins
			if side == partizan.Right {
				wins = a.RightWins
			}
			if len(wins) > 0 && (!ok || m.Result != "win") {
				t.Errorf("reply %s %s %v: %+v, though %d moves win", c.game, c.position, side, m, len(wins))
			}
		}
	}
	// A side without a move: over, no move.
	code, body := get(t, s, "/api/partizan/reply?"+q("game", "domineering", "position", ".#|#.", "side", "left"))
	if code != 200 || body != `{"game":"domineering","position":".#|#.","side":"left","over":true}`+"\n" {
		t.Errorf("reply with no move: %d %s", code, body)
	}

	// The calculator, with known values: {3||2|1} has mean 9/4 and
	// temperature 3/4; ↑* is confused with 0; ±1 ± 1 = 0 (Winning Ways).
	for _, c := range []struct {
		expr, value, mean, temp string
		holds                   *bool
	}{
		{"{3||2|1}", "{3||2|1}", "9/4", "3/4", nil},
		{"^ + * <> 0", "^*", "0", "0", ptr(true)},
		{"+-1 + +-1 == 0", "0", "0", "-1", ptr(true)},
		{"^ <= 0", "^", "0", "0", ptr(false)},
		{"domineering '..|..|..' + kayles 3", "", "", "", nil},
	} {
		code, body := get(t, s, "/api/partizan/value?"+q("expr", c.expr))
		calc, err := games.Calculate(ctx, c.expr, s.partizanSettings())
		if err != nil {
			t.Fatalf("%s: %v", c.expr, err)
		}
		if code != 200 || body != encode(t, calc) {
			t.Errorf("value %s: %d %s\nthe library: %s", c.expr, code, body, encode(t, calc))
		}
		if c.value != "" && (calc.Value != c.value || calc.Mean != c.mean || calc.Temperature != c.temp) {
			t.Errorf("%s = %s, mean %s, temperature %s; want %s, %s, %s", c.expr, calc.Value, calc.Mean, calc.Temperature, c.value, c.mean, c.temp)
		}
		if c.holds != nil && (calc.Holds == nil || *calc.Holds != *c.holds) {
			t.Errorf("%s: holds %v, want %v", c.expr, calc.Holds, *c.holds)
		}
	}
	var rs RulesetsResult
	code, body = get(t, s, "/api/partizan/rulesets")
	if err := json.Unmarshal([]byte(body), &rs); code != 200 || err != nil || len(rs.Rulesets) != len(games.Rulesets()) || body != encode(t, &RulesetsResult{games.Rulesets()}) {
		t.Errorf("rulesets: %d %.200s (%v)", code, body, err)
	}
}

func ptr[T any](v T) *T { return &v }

// checkMoves checks an analysis against the algebra's definitions, with
// the values written in the answer read back: a Left move wins exactly
// when its value is ≥ 0, a Right move when ≤ 0; the winning moves are the
// options that win; the thermograph's walls start at t = -1 and end at the
// mast (temperature, mean).
func checkMoves(t *testing.T, what string, a *games.Analysis) {
	t.Helper()
	c := partizan.NewStore(partizan.Config{}).Calc(context.Background(), impartial.Budget{})
	zero, _ := c.Parse("0")
	for _, side := range []partizan.Side{partizan.Left, partizan.Right} {
		opts, wins := a.LeftOptions, a.LeftWins
		if side == partizan.Right {
			opts, wins = a.RightOptions, a.RightWins
		}
		var winners []string
		for _, m := range opts {
			g, err := c.Parse(m.Value)
			if err != nil {
				t.Fatalf("%s: option value %q: %v", what, m.Value, err)
			}
			rel, _ := c.Compare(g, zero)
			win := rel == partizan.Equal || side == partizan.Left && rel == partizan.Greater || side == partizan.Right && rel == partizan.Less
			if win != (m.Result == "win") {
				t.Errorf("%s: %v's move to %s (value %s, %v 0) is %q", what, side, m.To, m.Value, rel, m.Result)
			}
			if win {
				winners = append(winners, m.To)
			}
		}
		if opts == nil {
			continue // not listed (all=0)
		}
		checkRanks(t, what, c, side, opts)
		var listed []string
		for _, m := range wins {
			listed = append(listed, m.To)
		}
		if strings.Join(listed, ";") != strings.Join(winners, ";") {
			t.Errorf("%s: %v's winning moves %q, the winning options %q", what, side, listed, winners)
		}
	}
	th := a.Thermograph
	if th == nil {
		t.Fatalf("%s: no thermograph", what)
	}
	for _, w := range [][]games.Point{th.Left, th.Right} {
		if len(w) == 0 || w[0].T != "-1" {
			t.Errorf("%s: a wall %+v does not start at t = -1", what, w)
			continue
		}
		if top := w[len(w)-1]; top.X != th.Mast || (len(w) > 1 && top.T != th.Temperature) {
			t.Errorf("%s: a wall ends at %+v, the mast at %s from %s", what, top, th.Mast, th.Temperature)
		}
	}
}

// checkRanks checks the rank of each option listed (all of side's
// options) by comparisons of the values read back: an option is dominated
// exactly when another of the side is strictly better for it (Left:
// greater; Right: less), reversible exactly when some option of the
// other side of its value is ≤ the position's value (Left; ≥ for Right).
func checkRanks(t *testing.T, what string, c *partizan.Calc, side partizan.Side, opts []games.Move) {
	t.Helper()
	var gs []partizan.Game
	for _, m := range opts {
		g, err := c.Parse(m.Value)
		if err != nil {
			t.Fatal(err)
		}
		gs = append(gs, g)
	}
	for i, m := range opts {
		dominated := false
		for j := range opts {
			rel, _ := c.Compare(gs[j], gs[i])
			if side == partizan.Left && rel == partizan.Greater || side == partizan.Right && rel == partizan.Less {
				dominated = true
			}
		}
		if want := map[bool]string{true: games.RankDominated, false: games.RankBest}[dominated]; m.Rank != want {
			t.Errorf("%s: %v's move to %s (value %s) has rank %q, by comparison %q", what, side, m.To, m.Value, m.Rank, want)
		}
	}
}

// /api/partizan/solve pages the options as /api/solve does (limit=,
// offset=, default 100): each page is the library's (Settings.Offset,
// Limit), and the pages put together are the whole list.
func TestPartizanAPIPages(t *testing.T) {
	s := New(Config{})
	ctx := context.Background()
	set := s.partizanSettings()
	set.All = true
	whole, err := games.Analyze(ctx, "domineering", "4x4", set)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for off := 0; off < whole.LeftMoves; off += 5 {
		code, body := get(t, s, "/api/partizan/solve?"+q("game", "domineering", "position", "4x4", "all", "1", "limit", "5", "offset", fmt.Sprint(off)))
		set.Offset, set.Limit = off, 5
		a, err := games.Analyze(ctx, "domineering", "4x4", set)
		if err != nil {
			t.Fatal(err)
		}
		if code != 200 || body != encode(t, a) {
			t.Errorf("offset %d: %d %s\nthe library: %s", off, code, body, encode(t, a))
		}
		var page games.Analysis
		if err := json.Unmarshal([]byte(body), &page); err != nil {
			t.Fatal(err)
		}
		for _, m := range page.LeftOptions {
			got = append(got, m.To+" "+m.Value+" "+m.Rank)
		}
		if wantNext := off + 5; wantNext < whole.LeftMoves && page.LeftNext != wantNext || wantNext >= whole.LeftMoves && page.LeftNext != 0 {
			t.Errorf("offset %d: left_next_offset %d", off, page.LeftNext)
		}
	}
	var want []string
	for _, m := range whole.LeftOptions {
		want = append(want, m.To+" "+m.Value+" "+m.Rank)
	}
	if strings.Join(got, ";") != strings.Join(want, ";") {
		t.Errorf("the pages put together: %q\nthe whole list: %q", got, want)
	}
	// limit=all and no limit (100) list all 12 of 4×4's options.
	for _, extra := range [][]string{{"limit", "all"}, nil} {
		code, body := get(t, s, "/api/partizan/solve?"+q(append([]string{"game", "domineering", "position", "4x4", "all", "1"}, extra...)...))
		var a games.Analysis
		if err := json.Unmarshal([]byte(body), &a); code != 200 || err != nil || len(a.LeftOptions) != 12 || len(a.RightOptions) != 12 {
			t.Errorf("%v: %d, %d and %d options (%v)", extra, code, len(a.LeftOptions), len(a.RightOptions), err)
		}
	}
}

// A bad question is one clear 4xx naming the problem, in the page's words.
func TestPartizanAPIErrors(t *testing.T) {
	s := New(Config{Budget: impartial.Budget{MaxPositions: 2000}})
	long := strings.Repeat(".", 17<<10)
	for _, c := range []struct {
		target string
		code   int
		msg    string
	}{
		{"/api/partizan/solve?" + q("position", ".."), 400, `missing parameter "game"`},
		{"/api/partizan/solve?" + q("game", "domineering"), 400, `missing parameter "position"`},
		{"/api/partizan/solve?" + q("game", "dominering", "position", ".."), 400, `unknown partizan ruleset "dominering"; did you mean "domineering"? (the rulesets: /api/partizan/rulesets)`},
		{"/api/partizan/solve?" + q("game", "domineering", "position", "..|.x"), 400, "column 5"},
		{"/api/partizan/solve?" + q("game", "domineering", "position", "..|..", "all", "maybe"), 400, `parameter "all" must be 1 or 0`},
		{"/api/partizan/solve?" + q("game", "domineering", "position", "..|..", "all", "1", "limit", "0"), 400, `parameter "limit" must be a number of moves (at least 1) or all, not "0"`},
		{"/api/partizan/solve?" + q("game", "domineering", "position", "..|..", "all", "1", "offset", "-1"), 400, `parameter "offset" must be a whole number, not "-1"`},
		{"/api/partizan/solve?" + q("game", "domineering", "position", long), 413, `parameter "position" too long`},
		// A board past the budget of positions: a 422 naming the limit.
		{"/api/partizan/solve?" + q("game", "domineering", "position", "8x8"), 422, "budget exhausted"},
		{"/api/partizan/solve?" + q("game", "konane", "position", "xoxoxo|oxoxox|xo.xox|ox.xox|xoxoxo|oxoxox"), 422, "budget exhausted"},
		{"/api/partizan/solve?" + q("game", "konane", "position", "xo#"), 400, `column 3: "#" is not a cell here`},
		{"/api/partizan/reply?" + q("game", "clobber", "position", "xo", "side", "up"), 400, `parameter "side" must be left or right, not "up"`},
		{"/api/partizan/reply?" + q("game", "clobber", "position", "xo"), 400, `missing parameter "side"`},
		{"/api/partizan/value", 400, `missing parameter "expr"`},
		{"/api/partizan/value?" + q("expr", "{1|*"), 400, "column 1"},
		{"/api/partizan/value?" + q("expr", strings.Repeat("{", 600)+"|"+strings.Repeat("}", 600)), 400, "nested more than"},
		{"/api/partizan/value?" + q("expr", "^ <= v <= 0"), 400, "a second comparison"},
	} {
		code, body := get(t, s, c.target)
		var e ErrorBody
		if code != c.code || json.Unmarshal([]byte(body), &e) != nil || !strings.Contains(e.Error, c.msg) {
			t.Errorf("GET %.100s = %d %.300s, want %d containing %q", c.target, code, body, c.code, c.msg)
		}
	}
}

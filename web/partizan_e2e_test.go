package web

import (
	"context"
	"fmt"
	neturl "net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/games"
)

// The partizan page (issue 46 §3) shows what the library answers
// (games.Analyze, the function behind grundy solve and /api/partizan/solve)
// and values known from the literature: Domineering 3×2 = {1/2|-2}
// (Berlekamp 1988, "1/2 | −2 = −3/4 ± 5/4"), Clobber xox|ox. = {^^*|*,v}
// and Hackenbush lrlrrllr = 77/128 (CGSuite's GameGridTest and
// HackenbushTest); a click on a cell edits the board, an option followed
// is the position the server listed, the thermograph is drawn from the
// server's walls, the calculator answers, and a game played as Left by
// clicking cells ends with the player who cannot move losing.
func TestBrowserPartizan(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	// shown waits for the analysis of pos and returns the page's value.
	shown := func(pos string) string {
		t.Helper()
		waitJS(t, ctx, "analysis of "+pos, fmt.Sprintf(`document.getElementById('pz-position').value === %q && !!document.getElementById('pz-value') && !document.getElementById('pz-result').classList.contains('busy')`, pos))
		run(t, ctx, "settle", chromedp.Sleep(300*time.Millisecond))
		waitJS(t, ctx, "settled "+pos, `!document.getElementById('pz-result').classList.contains('busy')`)
		return textOf(t, ctx, "#pz-value")
	}
	options := func(side string) []string {
		return eval[[]string](t, ctx, side+" options", `[...document.querySelectorAll('#pz-`+side+`-options button.move')].map(b => b.dataset.position + ' ' + b.dataset.value + ' ' + (b.classList.contains('pwin') ? 'win' : b.classList.contains('plose') ? 'lose' : '?') + ' ' + b.dataset.rank + ' ' + b.dataset.reversible)`)
	}
	want := func(ms []games.Move) []string {
		var out []string
		for _, m := range ms {
			out = append(out, fmt.Sprintf("%s %s %s %s %v", m.To, m.Value, m.Result, m.Rank, m.Reversible))
		}
		return out
	}
	checkAll := func(game, pos, known string) {
		t.Helper()
		a := analyzeAll(t, game, pos)
		if known != "" && a.Value != known {
			t.Errorf("library: %s %s = %s, the literature %s", game, pos, a.Value, known)
		}
		if got := shown(pos); got != a.Value {
			t.Errorf("%s %s: the page shows %q, the library %q", game, pos, got, a.Value)
		}
		if got := textOf(t, ctx, "#pz-outcome"); got != a.Outcome {
			t.Errorf("%s %s: outcome %q, the library %q", game, pos, got, a.Outcome)
		}
		for id, v := range map[string]string{"#pz-lstop": a.LeftStop, "#pz-rstop": a.RightStop, "#pz-mean": a.Mean, "#pz-temp": a.Temperature} {
			if got := textOf(t, ctx, id); got != v {
				t.Errorf("%s %s: %s %q, the library %q", game, pos, id, got, v)
			}
		}
		if got := options("left"); !slices.Equal(got, want(a.LeftOptions)) {
			t.Errorf("%s %s: Left's options %q\nthe library's %q", game, pos, got, want(a.LeftOptions))
		}
		if got := options("right"); !slices.Equal(got, want(a.RightOptions)) {
			t.Errorf("%s %s: Right's options %q\nthe library's %q", game, pos, got, want(a.RightOptions))
		}
		// The thermograph: one vertex of each wall per point the server
		// gave, the mast at the mean, the CGSuite form under it.
		if a.Thermograph == nil {
			t.Fatalf("%s %s: no thermograph", game, pos)
		}
		n := eval[[]int](t, ctx, "walls", `['left', 'right'].map(w => document.querySelector('#pz-thermo polyline.wall.' + w).getAttribute('points').trim().split(/\s+/).length)`)
		if len(n) != 2 || n[0] != len(a.Thermograph.Left) || n[1] != len(a.Thermograph.Right) {
			t.Errorf("%s %s: walls drawn with %v points, the server's %d and %d", game, pos, n, len(a.Thermograph.Left), len(a.Thermograph.Right))
		}
		if got := textOf(t, ctx, "#pz-thermo-text"); got != a.Thermograph.CGSuite {
			t.Errorf("%s %s: thermograph %q, the library %q", game, pos, got, a.Thermograph.CGSuite)
		}
	}

	// Domineering 3×2, from a link.
	run(t, ctx, "open", chromedp.Navigate(url+"/#/partizan?game=domineering&position="+neturl.QueryEscape("..|..|..")))
	checkAll("domineering", "..|..|..", "{1/2|-2}")
	// The walls in screen space: Left's (blue) stands left of Right's at
	// t = 0, the positive side drawn on the left (Winning Ways).
	if !eval[bool](t, ctx, "orientation", `(() => { const first = (w) => Number(document.querySelector('#pz-thermo polyline.wall.' + w).getAttribute('points').split(/[ ,]/)[0]); return first('left') < first('right'); })()`) {
		t.Error("the Left wall is not drawn left of the Right wall")
	}
	// A click on the top-left cell blocks it.
	run(t, ctx, "cell", click(`#pz-board .pcell[data-cell="0,0"]`))
	checkAll("domineering", "#.|..|..", "")
	// A column more, then an option followed.
	run(t, ctx, "column", click("#pz-col-plus"))
	checkAll("domineering", "#..|...|...", "")
	first := eval[string](t, ctx, "first right option", `document.querySelector('#pz-right-options button.move').dataset.position`)
	run(t, ctx, "follow", click("#pz-right-options button.move"))
	checkAll("domineering", first, "")

	// The ruleset picker: Clobber's example, CGSuite's value.
	eval[chromedp.Void](t, ctx, "clobber", `(() => { const el = document.getElementById('pz-ruleset'); el.value = 'clobber'; el.dispatchEvent(new Event('change')); })()`)
	checkAll("clobber", "xox|ox.", "{^^*|*,v}")
	// Konane, from a link (Left's options: a single jump and a dominated
	// one); a click on a cell cycles it through . x o.
	run(t, ctx, "konane", chromedp.Navigate(url+"/#/partizan?game=konane&position="+neturl.QueryEscape(".xo|xo.|...")))
	checkAll("konane", ".xo|xo.|...", "^")
	run(t, ctx, "konane cell", click(`#pz-board .pcell[data-cell="0,0"]`))
	checkAll("konane", "xxo|xo.|...", "")
	// Typed text, for a ruleset without a board: Hackenbush.
	run(t, ctx, "hackenbush", chromedp.Navigate(url+"/#/partizan?game=hackenbush&position=lrlrrllr"))
	checkAll("hackenbush", "lrlrrllr", "77/128")
	if n := eval[int](t, ctx, "no board", `document.querySelectorAll('#pz-board').length`); n != 0 {
		t.Errorf("hackenbush: a board drawn (%d)", n)
	}
	// A strip: Toads and Frogs.
	run(t, ctx, "toads", chromedp.Navigate(url+"/#/partizan?game=toads-and-frogs&position=tt.ff"))
	checkAll("toads-and-frogs", "tt.ff", "")
	if n := eval[int](t, ctx, "strip", `document.querySelectorAll('#pz-board .pcell').length`); n != 5 {
		t.Errorf("toads-and-frogs tt.ff: %d cells drawn", n)
	}
	// A bad position: the server's message, with its column.
	eval[chromedp.Void](t, ctx, "bad", setInput("pz-position", "tt.xf"))
	waitJS(t, ctx, "error", `!!document.getElementById('pz-error')`)
	if _, err := games.Analyze(context.Background(), "toads-and-frogs", "tt.xf", games.Settings{}); err == nil || textOf(t, ctx, "#pz-error") != strings.Join(strings.Fields(err.Error()), " ") {
		t.Errorf("error shown %q, the library's %v", textOf(t, ctx, "#pz-error"), err)
	}

	checkPartizanCalculator(t, ctx)
	playPartizanAsLeft(t, ctx, url, shown)
	playPartizanAsRight(t, ctx, url, shown)
}

// checkPartizanCalculator: the calculator's sum and comparison are the
// library's (games.Calculate).
func checkPartizanCalculator(t *testing.T, ctx context.Context) {
	// The calculator: a sum, and a comparison.
	for _, c := range []struct{ expr, sel string }{
		{"{1|*} + ^ + *3", "#pz-calc-value"},
		{"^ + * <> 0", "#pz-calc-relation"},
	} {
		eval[chromedp.Void](t, ctx, "expr", setInput("pz-expr", c.expr))
		run(t, ctx, "calc", click("#pz-calc-go"))
		calc, err := games.Calculate(context.Background(), c.expr, games.Settings{})
		if err != nil {
			t.Fatal(err)
		}
		if c.sel == "#pz-calc-value" {
			waitJS(t, ctx, "calc", fmt.Sprintf(`document.getElementById('pz-calc-value')?.textContent === %q`, calc.Value))
		} else {
			waitJS(t, ctx, "compare", `!!document.getElementById('pz-calc-relation')`)
			if got := textOf(t, ctx, c.sel); !strings.HasPrefix(got, map[bool]string{true: "True", false: "False"}[*calc.Holds]) {
				t.Errorf("%s: %q, the library holds=%v", c.expr, got, *calc.Holds)
			}
		}
	}
}

// playPartizanAsLeft plays as Left, moving first, on Domineering 3×2.
func playPartizanAsLeft(t *testing.T, ctx context.Context, url string, shown func(string) string) {
	// Play as Left, moving first, on Domineering 3×2 (an N-position: Left
	// wins moving first), by clicking the two cells of a vertical domino
	// when the board allows it and otherwise one of the moves listed; the
	// computer answers with games.Reply's move each time.
	run(t, ctx, "play", chromedp.Navigate(url+"/#/partizan?game=domineering&position="+neturl.QueryEscape("..|..|..")+"&mode=left&first=left"))
	shown("..|..|..")
	run(t, ctx, "start", click("#pz-start"))
	ended := ""
	for turn := 0; turn < 10 && ended == ""; turn++ {
		st := poll[string](t, ctx, "turn", `(() => { const s = document.getElementById('pz-status'); const t = s.hidden ? '' : s.textContent; return t.startsWith('Your move') && document.getElementById('pz-your-moves') ? 'you' : t.startsWith('You') ? t : ''; })()`)
		if st != "you" {
			ended = st
			break
		}
		pos := eval[string](t, ctx, "position", `document.getElementById('pz-position').value`)
		a := analyzeAll(t, "domineering", pos)
		if len(a.LeftWins) == 0 {
			t.Fatalf("Left to move at %s has no winning move", pos)
		}
		move := a.LeftWins[0].To
		// The cells the move fills, clicked one after the other.
		var cells []string
		for i := range pos {
			if pos[i] != move[i] {
				r := strings.Count(pos[:i], "|")
				c := i - strings.LastIndex(pos[:i], "|") - 1
				cells = append(cells, fmt.Sprintf("%d,%d", r, c))
			}
		}
		for _, c := range cells {
			run(t, ctx, "click "+c, click(fmt.Sprintf(`#pz-board .pcell[data-cell="%s"]`, c)))
		}
		waitJS(t, ctx, "moved", fmt.Sprintf(`document.getElementById('pz-history').children.length >= %d`, 2*turn+1))
		if got := eval[string](t, ctx, "my move", fmt.Sprintf(`document.getElementById('pz-history').children[%d].querySelector('code').textContent`, 2*turn)); got != move {
			t.Errorf("clicking %v played %q, want %q", cells, got, move)
		}
		// The computer's move is the library's reply.
		m, ok, err := games.Reply(context.Background(), "domineering", move, partizan.Right, games.Settings{})
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			continue
		}
		waitJS(t, ctx, "reply", fmt.Sprintf(`document.getElementById('pz-history').children.length >= %d`, 2*turn+2))
		if got := eval[string](t, ctx, "reply", fmt.Sprintf(`document.getElementById('pz-history').children[%d].querySelector('code').textContent`, 2*turn+1)); got != m.To {
			t.Errorf("the computer played %q, games.Reply %q", got, m.To)
		}
	}
	t.Logf("the game: %q, %d moves", ended, eval[int](t, ctx, "moves", `document.getElementById('pz-history').children.length`))
	if !strings.HasPrefix(ended, "You win") {
		t.Errorf("the game ended %q: Left moving first wins Domineering 3×2 playing its winning moves", ended)
	}
}

// playPartizanAsRight plays as Right against Left moving first.
func playPartizanAsRight(t *testing.T, ctx context.Context, url string, shown func(string) string) {
	// Play as Right, Left (the computer) moving first on Domineering 2×3
	// = {2|-1/2} (Berlekamp 1988): Left wins, whatever Right picks from
	// the moves listed; the computer's first move is games.Reply's.
	run(t, ctx, "stop", click("#pz-stop"))
	waitJS(t, ctx, "stopped", `document.getElementById('pz-status').hidden && !document.getElementById('pz-position').disabled`)
	run(t, ctx, "as right", chromedp.Navigate(url+"/#/partizan?game=domineering&position="+neturl.QueryEscape("...|...")+"&mode=right&first=left"))
	if v := shown("...|..."); v != "{2|-1/2}" {
		t.Errorf("domineering ...|... = %q, want {2|-1/2}", v)
	}
	run(t, ctx, "start", click("#pz-start"))
	m, _, err := games.Reply(context.Background(), "domineering", "...|...", partizan.Left, games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "computer first", `document.getElementById('pz-history').children.length >= 1`)
	if got := textOf(t, ctx, "#pz-history li:first-child code"); got != m.To {
		t.Errorf("the computer opened with %q, games.Reply %q", got, m.To)
	}
	ended := ""
	for turn := 0; turn < 10 && ended == ""; turn++ {
		st := poll[string](t, ctx, "turn", `(() => { const s = document.getElementById('pz-status'); const t = s.hidden ? '' : s.textContent; return t.startsWith('Your move') && document.getElementById('pz-your-moves') ? 'you' : t.startsWith('You') ? t : ''; })()`)
		if st != "you" {
			ended = st
			break
		}
		n := eval[int](t, ctx, "history", `document.getElementById('pz-history').children.length`)
		run(t, ctx, "pick", click("#pz-your-moves button.move"))
		waitJS(t, ctx, "moved", fmt.Sprintf(`document.getElementById('pz-history').children.length > %d`, n))
	}
	if !strings.HasPrefix(ended, "You lose") {
		t.Errorf("as Right against Left moving first on {2|-1/2}: the game ended %q", ended)
	}
}

// analyzeAll is the library's analysis of pos with every option listed
// (games.Analyze, the function behind /api/partizan/solve), which the
// browser tests hold the page to.
func analyzeAll(t *testing.T, game, pos string) *games.Analysis {
	t.Helper()
	a, err := games.Analyze(context.Background(), game, pos, games.Settings{All: true})
	if err != nil {
		t.Fatalf("%s %s: %v", game, pos, err)
	}
	return a
}

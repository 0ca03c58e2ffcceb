package web

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/grundy/grundy/coins"
)

// seCoin is the cell (an index into the grid read row by row) of the
// south-east-most coin a move from one grid position to another turns: the
// last coin, in reading order, where the two differ (-1 if none).
func seCoin(from, to string) int {
	a, b := strings.ReplaceAll(from, "/", ""), strings.ReplaceAll(to, "/", "")
	if len(a) != len(b) {
		return -1
	}
	for i := len(a) - 1; i >= 0; i-- {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

// The grid of coins of the two-dimensional coin games, in the explorer and
// in play: a click on a head plays the one move whose south-east-most
// coin it is, or offers the several there are, each a move the library
// lists; the position becomes the one the server says that move gives.
func TestBrowserCoinGrid(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	solved := func(pos string) {
		t.Helper()
		waitJS(t, ctx, "solved "+pos, fmt.Sprintf(`document.getElementById('explore-position').value === %q && !document.getElementById('explore-result').classList.contains('busy') && document.getElementById('explore-result').dataset.position === %q`, pos, pos))
		run(t, ctx, "settle", chromedp.Sleep(200*time.Millisecond))
	}
	coin := func(scope string, x, y int) string {
		return fmt.Sprintf(`%s .cgrid .coin[data-x="%d"][data-y="%d"]`, scope, x, y)
	}

	// Turning Corners HTT/THT: row 0 is HTT. The one move turns the corners
	// of the square (0,0)–(1,1), its south-east corner (1,1) the head of
	// row 1.
	run(t, ctx, "open", chromedp.Navigate(url+"/#/explore?game=coins:turning-corners&position=HTT/THT"))
	waitJS(t, ctx, "grid", `document.querySelectorAll('#explore-result .cgrid .coin').length === 6`)
	faces := eval[string](t, ctx, "faces", `[...document.querySelectorAll('#explore-result .cgrid .coin')].map(c => c.classList.contains('heads') ? 'H' : 'T').join('')`)
	if faces != "HTTTHT" {
		t.Errorf("the grid shows %s row by row, want HTT then THT", faces)
	}
	r := solveAll(t, "coins:turning-corners", "HTT/THT", false)
	if len(r.Options) != 1 {
		t.Fatalf("HTT/THT has %d options", len(r.Options))
	}
	if se := seCoin("HTT/THT", r.Options[0].To); se != 4 {
		t.Fatalf("the move to %s turns coin %d last", r.Options[0].To, se)
	}
	if n := eval[int](t, ctx, "legal", `document.querySelectorAll('#explore-result .cgrid .coin.legal').length`); n != 1 {
		t.Errorf("%d coins marked as moves, want 1", n)
	}
	// A tail stands for no move: the note says so and nothing is played.
	run(t, ctx, "a tail", click(coin("#explore-result", 2, 1)))
	waitJS(t, ctx, "note", `(document.getElementById('explore-board-note')?.textContent ?? '').includes('shows tails')`)
	run(t, ctx, "the head", click(coin("#explore-result", 1, 1)))
	solved(r.Options[0].To)
	if r.Options[0].To != "THT/HTT" {
		t.Errorf("the library's move gives %s", r.Options[0].To)
	}

	// Rugs HHH/HHH: coin (2,1) is the south-east corner of six rugs; the
	// page offers exactly the library's moves whose south-east-most coin it
	// is, and plays the one chosen.
	run(t, ctx, "rugs", chromedp.Navigate(url+"/#/explore?game=coins:rugs&position=HHH/HHH"))
	solved("HHH/HHH") // not the grid of THT/HTT still shown
	waitJS(t, ctx, "grid", `document.querySelectorAll('#explore-result .cgrid .coin.heads').length === 6`)
	var want []string
	for _, o := range solveAll(t, "coins:rugs", "HHH/HHH", false).Options {
		if seCoin("HHH/HHH", o.To) == 5 {
			want = append(want, o.To+":"+o.Result)
		}
	}
	if len(want) != 6 {
		t.Fatalf("the library lists %d moves with (2,1) south-east-most: %v", len(want), want)
	}
	run(t, ctx, "coin (2,1)", click(coin("#explore-result", 2, 1)))
	waitJS(t, ctx, "choices", `document.querySelectorAll('#explore-result .gridchoices button.move').length > 0`)
	got := eval[[]string](t, ctx, "choices", `[...document.querySelectorAll('#explore-result .gridchoices button.move')].map(b => b.dataset.to + ':' + (['win', 'lose', 'draw'].find(r => b.classList.contains('r-' + r)) ?? ''))`)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("coin (2,1) offers %v\nthe library's moves %v", got, want)
	}
	// Hovering a choice highlights the coins it turns.
	to := eval[string](t, ctx, "last choice", `(() => { const b = [...document.querySelectorAll('#explore-result .gridchoices button.move')].pop(); b.dispatchEvent(new MouseEvent('mouseenter')); return b.dataset.to; })()`)
	turned := eval[[]string](t, ctx, "turned", `[...document.querySelectorAll('#explore-result .cgrid .coin.turned')].map(c => c.dataset.x + ',' + c.dataset.y)`)
	var wantTurned []string
	for i := range 6 {
		if "HHHHHH"[i] != strings.ReplaceAll(to, "/", "")[i] {
			wantTurned = append(wantTurned, fmt.Sprintf("%d,%d", i%3, i/3))
		}
	}
	if !slices.Equal(turned, wantTurned) {
		t.Errorf("the move to %s highlights %v, turns %v", to, turned, wantTurned)
	}
	run(t, ctx, "choose", click(fmt.Sprintf(`#explore-result .gridchoices button.move[data-to=%q]`, to)))
	solved(to)

	// Play Ruler × Ruler (columns and rows from 1) against the perfect
	// player: coin (2,2), the head at the grid's south-east, ends four
	// moves; the one chosen is your move in the history and on the board.
	run(t, ctx, "play", chromedp.Navigate(url+"/#/play?game=coins:ruler*ruler&position=TH/TH&first=you&values=1"))
	waitJS(t, ctx, "grid", `document.querySelectorAll('#page-play .cgrid .coin.legal').length === 2`)
	if got := eval[[]string](t, ctx, "labels", `[...document.querySelectorAll('#page-play .cgrid small')].map(s => s.textContent)`); !slices.Equal(got, []string{"1", "2", "1", "2"}) {
		t.Errorf("labels %v, want columns 1 2 and rows 1 2", got)
	}
	var plays []string
	for _, o := range solveAll(t, "coins:ruler*ruler", "TH/TH", false).Options {
		if seCoin("TH/TH", o.To) == 3 {
			plays = append(plays, o.To)
		}
	}
	run(t, ctx, "coin (2,2)", click(coin("#page-play", 1, 1)))
	waitJS(t, ctx, "choices", `document.querySelectorAll('#page-play .gridchoices button.move').length > 0`)
	offered := eval[[]string](t, ctx, "offered", `[...document.querySelectorAll('#page-play .gridchoices button.move')].map(b => b.dataset.to)`)
	slices.Sort(offered)
	slices.Sort(plays)
	if len(plays) != 4 || !slices.Equal(offered, plays) {
		t.Errorf("coin (2,2) offers %v, the library's moves %v", offered, plays)
	}
	run(t, ctx, "choose", click(fmt.Sprintf(`#page-play .gridchoices button.move[data-to=%q]`, offered[0])))
	waitJS(t, ctx, "your move", `document.querySelectorAll('#play-history li.you').length === 1`)
	if got := textOf(t, ctx, "#play-history li.you code"); got != offered[0] {
		t.Errorf("your move went to %q, chosen %q", got, offered[0])
	}
}

// seHead is the south-east-most coin (column,row) a move from one
// position of a grid game to another turns, read by the library's parser:
// the last, in row-major order, of the coins where the two differ.
func seHead(t *testing.T, spec, from, to string) coins.Cell {
	t.Helper()
	p, err := coins.ParsePlane(strings.TrimPrefix(spec, "coins:"))
	if err != nil {
		t.Fatal(err)
	}
	a, err := p.ParsePosition(from)
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.ParsePosition(to)
	if err != nil {
		t.Fatal(err)
	}
	turned := coins.TurnedCells(a.Heads, b.Heads)
	if len(turned) == 0 {
		t.Fatalf("%s: no coin turned from %s to %s", spec, from, to)
	}
	return turned[len(turned)-1]
}

// A position written as a list of heads gets the grid too, drawn to the
// bounding box of its heads (from the game's first column and row), in
// the explorer and in play; a click on a head offers exactly the library's
// moves whose south-east-most coin it is, and the grid follows the
// position the move gives, growing or shrinking with its heads.
func TestBrowserCoinGridHeads(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	solved := func(pos string) {
		t.Helper()
		waitJS(t, ctx, "solved "+pos, fmt.Sprintf(`!document.getElementById('explore-result').classList.contains('busy') && document.getElementById('explore-result').dataset.position === %q`, pos))
		run(t, ctx, "settle", chromedp.Sleep(200*time.Millisecond))
	}
	heads := func(scope string) []string {
		return eval[[]string](t, ctx, "heads", fmt.Sprintf(`[...document.querySelectorAll('%s .cgrid .coin.heads')].map(c => c.dataset.x + ',' + c.dataset.y)`, scope))
	}
	offered := func(scope string) []string {
		waitJS(t, ctx, "choices", fmt.Sprintf(`document.querySelectorAll('%s .gridchoices button.move').length > 0`, scope))
		got := eval[[]string](t, ctx, "choices", fmt.Sprintf(`[...document.querySelectorAll('%s .gridchoices button.move')].map(b => b.dataset.to)`, scope))
		slices.Sort(got)
		return got
	}
	library := func(spec, pos string, se coins.Cell) []string {
		var out []string
		for _, o := range solveAll(t, spec, pos, false).Options {
			if seHead(t, spec, pos, o.To) == se {
				out = append(out, o.To)
			}
		}
		slices.Sort(out)
		return out
	}

	// Acrostic Twins with heads (1,1) and (4,4): a 5 × 5 grid, columns and
	// rows labelled 0–4, the two heads where they are.
	const spec, pos = "coins:acrostic-twins", "(1,1) (4,4)"
	run(t, ctx, "open", chromedp.Navigate(url+"/#/explore?"+q("game", spec, "position", pos)))
	solved(pos)
	waitJS(t, ctx, "grid", `document.querySelectorAll('#explore-result .cgrid .coin').length === 25`)
	if got := heads("#explore-result"); !slices.Equal(got, []string{"1,1", "4,4"}) {
		t.Errorf("heads drawn at %v, want 1,1 and 4,4", got)
	}
	if got := eval[[]string](t, ctx, "labels", `[...document.querySelectorAll('#explore-result .cgrid small')].map(s => s.textContent)`); !slices.Equal(got, []string{"0", "1", "2", "3", "4", "0", "1", "2", "3", "4"}) {
		t.Errorf("labels %v, want columns 0–4 and rows 0–4", got)
	}
	if n := eval[int](t, ctx, "legal", `document.querySelectorAll('#explore-result .cgrid .coin.legal').length`); n != 2 {
		t.Errorf("%d coins marked as moves, want the 2 heads", n)
	}
	// The head (4,4) is the south-east coin of eight moves: a coin of its
	// row or of its column with it.
	want := library(spec, pos, coins.Cell{X: 4, Y: 4})
	run(t, ctx, "coin (4,4)", click(`#explore-result .cgrid .coin[data-x="4"][data-y="4"]`))
	if got := offered("#explore-result"); len(want) != 8 || !slices.Equal(got, want) {
		t.Errorf("coin (4,4) offers %v\nthe library's moves %v", got, want)
	}
	// Hovering the move with (4,0) highlights (4,0) and (4,4); choosing it
	// leaves heads (4,0) and (1,1): the grid shrinks to 5 × 2.
	const to = "(4,0) (1,1)"
	eval[chromedp.Void](t, ctx, "hover", fmt.Sprintf(`document.querySelector('#explore-result .gridchoices button.move[data-to=%q]').dispatchEvent(new MouseEvent('mouseenter'))`, to))
	if got := eval[[]string](t, ctx, "turned", `[...document.querySelectorAll('#explore-result .cgrid .coin.turned')].map(c => c.dataset.x + ',' + c.dataset.y)`); !slices.Equal(got, []string{"4,0", "4,4"}) {
		t.Errorf("the move to %s highlights %v, want 4,0 and 4,4", to, got)
	}
	run(t, ctx, "choose", click(fmt.Sprintf(`#explore-result .gridchoices button.move[data-to=%q]`, to)))
	solved(to)
	waitJS(t, ctx, "5 × 2", `document.querySelectorAll('#explore-result .cgrid .coin').length === 10`)
	if got := heads("#explore-result"); !slices.Equal(got, []string{"4,0", "1,1"}) {
		t.Errorf("after the move, heads drawn at %v, want 4,0 and 1,1", got)
	}

	// Play Turning Corners from the single head (2,2): a 3 × 3 grid whose
	// one head offers the four corners it is south-east of.
	run(t, ctx, "play", chromedp.Navigate(url+"/#/play?"+q("game", "coins:turning-corners", "position", "(2,2)", "first", "you", "values", "1")))
	waitJS(t, ctx, "grid", `document.querySelectorAll('#page-play .cgrid .coin').length === 9 && document.querySelectorAll('#page-play .cgrid .coin.legal').length === 1`)
	plays := library("coins:turning-corners", "(2,2)", coins.Cell{X: 2, Y: 2})
	run(t, ctx, "coin (2,2)", click(`#page-play .cgrid .coin[data-x="2"][data-y="2"]`))
	got := offered("#page-play")
	if len(plays) != 4 || !slices.Equal(got, plays) {
		t.Errorf("coin (2,2) offers %v, the library's moves %v", got, plays)
	}
	run(t, ctx, "choose", click(fmt.Sprintf(`#page-play .gridchoices button.move[data-to=%q]`, got[0])))
	waitJS(t, ctx, "your move", `document.querySelectorAll('#play-history li.you').length === 1`)
	if h := textOf(t, ctx, "#play-history li.you code"); h != got[0] {
		t.Errorf("your move went to %q, chosen %q", h, got[0])
	}
}

// Grids past 16 columns or rows get the board too, with smaller coins in a
// frame that scrolls, up to 64 × 64 (rows or heads); past that the page
// says why there is no board, and the moves are still listed.
func TestBrowserCoinGridLarge(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	open := func(spec, pos string) {
		t.Helper()
		run(t, ctx, "open "+pos, chromedp.Navigate(url+"/#/explore?"+q("game", spec, "position", pos)))
		waitJS(t, ctx, "solved", fmt.Sprintf(`!document.getElementById('explore-result').classList.contains('busy') && document.getElementById('explore-result').dataset.position === %q && document.querySelectorAll('#explore-moves button.move').length > 0`, pos))
	}
	count := func(sel string) int {
		return eval[int](t, ctx, "count", fmt.Sprintf(`document.querySelectorAll(%q).length`, sel))
	}

	// Acrostic Twins on 20 columns and 18 rows, heads (3,2) and (19,17):
	// 360 coins in the frame, and the far head, scrolled to, offers the
	// library's 36 moves.
	rows := make([]string, 18)
	for y := range rows {
		r := []byte(strings.Repeat("T", 20))
		if y == 2 {
			r[3] = 'H'
		}
		if y == 17 {
			r[19] = 'H'
		}
		rows[y] = string(r)
	}
	pos := strings.Join(rows, "/")
	open("coins:acrostic-twins", pos)
	waitJS(t, ctx, "grid", `document.querySelectorAll('#explore-result .cgridframe .cgrid.dense .coin').length === 360`)
	var want []string
	for _, o := range solveAll(t, "coins:acrostic-twins", pos, false).Options {
		if seCoin(pos, o.To) == 17*20+19 {
			want = append(want, o.To)
		}
	}
	slices.Sort(want)
	run(t, ctx, "coin (19,17)", click(`#explore-result .cgrid .coin[data-x="19"][data-y="17"]`))
	waitJS(t, ctx, "choices", `document.querySelectorAll('#explore-result .gridchoices button.move').length > 0`)
	got := eval[[]string](t, ctx, "choices", `[...document.querySelectorAll('#explore-result .gridchoices button.move')].map(b => b.dataset.to)`)
	slices.Sort(got)
	if len(want) != 36 || !slices.Equal(got, want) {
		t.Errorf("coin (19,17) offers %d moves, the library %d", len(got), len(want))
	}

	// 64 × 64, written as heads: every coin drawn, the heads where they are.
	open("coins:acrostic-twins", "(1,1) (63,63)")
	waitJS(t, ctx, "grid", `document.querySelectorAll('#explore-result .cgrid.dense.tiny .coin').length === 64 * 64`)
	if got := eval[[]string](t, ctx, "heads", `[...document.querySelectorAll('#explore-result .cgrid .coin.heads')].map(c => c.dataset.x + ',' + c.dataset.y)`); !slices.Equal(got, []string{"1,1", "63,63"}) {
		t.Errorf("heads drawn at %v", got)
	}

	// Past 64: no grid, the reason instead, the moves still listed.
	for _, c := range []struct{ pos, says string }{
		{"(5,9) (100,37)", "This grid reaches column 100 and row 37 (101 × 38 coins): the board draws at most 64 columns and 64 rows"},
		{strings.Repeat("H", 65), "This grid reaches column 64 and row 0 (65 × 1 coins)"},
	} {
		open("coins:acrostic-twins", c.pos)
		waitJS(t, ctx, "cap", `!!document.querySelector('#explore-result .boardcap')`)
		if n := count("#explore-result .cgrid"); n != 0 {
			t.Errorf("%s: %d grids drawn past the cap", c.pos, n)
		}
		if got := textOf(t, ctx, "#explore-result .boardcap"); !strings.Contains(got, c.says) {
			t.Errorf("%s: the page says %q, want %q", c.pos, got, c.says)
		}
	}
}

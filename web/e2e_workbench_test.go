package web

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/grundy/grundy/bridge"
	"github.com/grundy/grundy/cardflip"
	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/games"
)

// The browser tests of the workbench's pages as issue 15 §2 asks for them:
// every option valued, boards, feedback, strength, the value history, the
// sequences page's exports, OEIS links and heat map, the card-flip lab's
// histogram, trace legend and game by hand, multi-bridge's words, round
// table and exact counts, and every page at 1400 and 400 px.

// pages are the workbench's pages at a state that shows what they draw.
var pages = []struct{ name, hash, ready string }{
	{"explore", "#/explore?game=nim&position=3+5+7+4", `document.querySelectorAll('#explore-moves button.move').length > 0`},
	{"explore-kayles", "#/explore?game=kayles&position=7+4", `!!document.querySelector('#explore-result .pins')`},
	{"explore-wythoff", "#/explore?game=wythoff&position=5+9", `!!document.querySelector('#explore-result .queenboard')`},
	{"play", "#/play?game=nim&position=3+4+5&first=computer&strength=random&values=1", `document.querySelectorAll('#play-moves button.move').length > 0 && document.querySelectorAll('#play-vhistory .vcell.r-win, #play-vhistory .vcell.r-lose').length === 2`},
	{"sequence", "#/sequence?game=kayles&to=200", `!!document.querySelector('#seq-summary .pverdict')`},
	{"sequence-wythoff", "#/sequence?game=wythoff&size=64", `!document.getElementById('seq-heat').hidden && document.querySelectorAll('#seq-table td').length > 0`},
	{"cardflip", "#/cardflip?strategy=stacks&m=100&seed=2&players=0&compare=0", `document.querySelectorAll('#cf-row .fc').length === 100 && document.querySelectorAll('#cf-h-row .fc').length > 0`},
	{"bridge", "#/bridge?n=4&seed=7&start=2", `document.querySelectorAll('#br-table .seatg').length === 8`},
	{"nimber", "#/nimber?expr=8*8&size=64", `document.getElementById('nim-value')?.textContent === '13' && document.querySelectorAll('#nim-table td').length === 64 * 64`},
	// issue 31: sums of games, the API page
	{"explore-sum", "#/explore?game=sum&position=kayles+7+%2B+nim+3+4+%2B+wythoff+3+5", `document.querySelectorAll('#explore-boards .sumboard').length === 3 && document.querySelectorAll('#explore-components li').length === 3`},
	{"play-sum", "#/play?game=sum&position=kayles+5+%2B+nim+2+3&first=you&values=1", `document.querySelectorAll('#play-boards .sumboard').length === 2 && document.querySelectorAll('#play-moves button.move').length > 0`},
	{"api", "#/api", `document.querySelectorAll('#api-endpoints tbody tr').length > 10`},
	// issue 29: the grid of coins of the two-dimensional coin games (8 × 8)
	{"explore-coingrid", "#/explore?game=coins:rugs&position=HTHTHTHT/THTHTHTH/HHTTHHTT/TTHHTTHH/HTHTHTHT/THTHTHTH/HHTTHHTT/TTHHTTHH", `document.querySelectorAll('#explore-result .cgrid .coin').length === 64`},
	{"play-coingrid", "#/play?game=coins:turning-corners&position=HTHTHTHT/THTHTHTH/HHTTHHTT/TTHHTTHH/HTHTHTHT/THTHTHTH/HHTTHHTT/TTHHTTHH&first=you&values=1", `document.querySelectorAll('#page-play .cgrid .coin.legal').length > 0`},
	// the largest grid drawn, 64 × 64, in its scrolling frame
	{"explore-coingrid-64", "#/explore?game=coins:acrostic-twins&position=(1,1)+(63,63)", `document.querySelectorAll('#explore-result .cgrid .coin').length === 64 * 64`},
	// the misère page: Kayles' quotient until proved (its 40×40 table in
	// its scrolling box), and the quotient of positions of a game of coins
	// on a grid (the positions asked, the closed set, a 26×26 table)
	{"misere", "#/misere?game=kayles", `document.querySelectorAll('#mis-table tbody td').length === 40 * 40`},
	// issue 46: the partizan explorer, a board 16 cells wide
	{"partizan", "#/partizan?game=domineering&position=....%7C....%7C...%23", `!!document.getElementById('pz-value') && document.querySelectorAll('#pz-left-options button.move').length > 0 && !!document.querySelector('#pz-thermo polyline')`},
	{"partizan-wide", "#/partizan?game=clobber&position=x..............o%7Co..............x", `document.querySelectorAll('#pz-board .pcell').length === 32 && !!document.getElementById('pz-value')`},
	{"misere-positions", "#/misere?game=coins:rugs&positions=%5B%22HTH%2FTHT%22%2C%22HHT%2FTTH%22%5D", `document.querySelectorAll('#mis-asked tbody tr').length === 2 && document.querySelectorAll('#mis-table tbody td').length === 26 * 26`},
}

// overflow says how far the page is wider than the window (0: no
// horizontal scrolling).
const overflow = `document.documentElement.scrollWidth - window.innerWidth`

// Every page fits the window at 1400 px and on a phone at 400 px: no
// horizontal scrolling, and the header's tabs all on screen.
func TestBrowserWidths(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	for _, width := range []int64{1400, 400} {
		run(t, ctx, "viewport", chromedp.EmulateViewport(width, 900))
		for _, p := range pages {
			run(t, ctx, "open "+p.name, chromedp.Navigate(url+"/"+p.hash))
			waitJS(t, ctx, p.name+" drawn", p.ready)
			run(t, ctx, "settle", chromedp.Sleep(300*time.Millisecond))
			if over := eval[int](t, ctx, "overflow", overflow); over > 0 {
				wide := eval[string](t, ctx, "widest", `(() => {
					let out = [];
					for (const el of document.querySelectorAll('body *')) {
						const r = el.getBoundingClientRect();
						if (r.right > window.innerWidth + 1 && r.width > 0) out.push(el.tagName + '#' + el.id + '.' + el.className + ' ' + Math.round(r.right));
					}
					return out.slice(0, 8).join('\n');
				})()`)
				t.Errorf("%s at %d px: the page is %d px wider than the window; elements past the edge:\n%s", p.name, width, over, wide)
			}
			tabs := eval[[]float64](t, ctx, "tabs", `[...document.querySelectorAll('#tabs a')].map(a => a.getBoundingClientRect().right)`)
			if len(tabs) != 8 { // explore, play, sequences, misère, card-flip, bridge, nimbers, partizan
				t.Errorf("%s at %d px: %d tabs", p.name, width, len(tabs))
			}
			for i, r := range tabs {
				if r > float64(width) {
					t.Errorf("%s at %d px: tab %d ends at %.0f px, off screen", p.name, width, i+1, r)
				}
			}
		}
	}
}

// setInput sets an input's value and fires its input event, as typing does.
func setInput(id, value string) string {
	return fmt.Sprintf(`(() => { const el = document.getElementById(%q); el.value = %q; el.dispatchEvent(new Event('input')); })()`, id, value)
}

// The explorer lists every option with the result catalog.Solve gives it
// (AllOptions), in its order; a sum's value is written as the nim-sum of
// the components'; and a click on a board plays the move it stands for:
// a token of Nim, a run of Kayles pins, a square of Wythoff's queen, coins
// to turn, a coin of staircase Nim.
func TestBrowserExploreOptions(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	bg := context.Background()
	options := func(spec, pos string) []string {
		g, _ := families.Parse(spec)
		r, err := g.Solve(bg, pos, catalog.Options{AllOptions: true})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, o := range r.Options {
			out = append(out, o.To+":"+o.Result)
		}
		return out
	}
	shown := func() []string {
		return eval[[]string](t, ctx, "options", `[...document.querySelectorAll('#explore-moves button.move')].map(b => b.dataset.to + ':' + b.dataset.result)`)
	}
	solved := func(pos string) {
		t.Helper()
		waitJS(t, ctx, "solved "+pos, fmt.Sprintf(`document.getElementById('explore-position').value === %q && !document.getElementById('explore-result').classList.contains('busy') && document.getElementById('explore-result').dataset.position === %q`, pos, pos))
		run(t, ctx, "settle", chromedp.Sleep(200*time.Millisecond))
	}

	run(t, ctx, "open", chromedp.Navigate(url+"/#/explore?game=nim&position=3+4+5"))
	want := options("nim", "3 4 5")
	waitJS(t, ctx, "options", fmt.Sprintf(`document.querySelectorAll('#explore-moves button.move').length === %d`, len(want)))
	if got := shown(); !slices.Equal(got, want) {
		t.Errorf("nim 3 4 5: options %v\nthe library's %v", got, want)
	}
	if got := textOf(t, ctx, "#explore-sum"); !strings.Contains(got, "G = 3 ⊕ 4 ⊕ 5 = 2") {
		t.Errorf("sum %q", got)
	}
	// Token 2 of heap 1: take it and the one to its right, 3 4 5 → 1 4 5.
	run(t, ctx, "token", click(`#explore-result .heaps .token[data-heap="0"][data-k="1"]`))
	solved("1 4 5")
	if got := text(t, ctx, "#explore-outcome"); got != "P-position" {
		t.Errorf("after the token: %s", got)
	}

	// Kayles 5: pins 2..3 knocked down leave rows of 1 and 2.
	run(t, ctx, "kayles", chromedp.Navigate(url+"/#/explore?game=kayles&position=5"))
	waitJS(t, ctx, "pins", `document.querySelectorAll('#explore-result .pin').length === 5`)
	if got, want := shown(), options("kayles", "5"); !slices.Equal(got, want) {
		t.Errorf("kayles 5: options %v\nthe library's %v", got, want)
	}
	run(t, ctx, "pin 2", click(`#explore-result .pin[data-k="1"]`))
	run(t, ctx, "pin 3", click(`#explore-result .pin[data-k="2"]`))
	kayles, _ := families.Parse("kayles")
	ks, _ := kayles.Solve(bg, "5", catalog.Options{AllOptions: true})
	leaves := ""
	for _, o := range ks.Options {
		if hs, _ := games.ParseHeaps(o.To); len(hs) == 2 && min(hs[0], hs[1]) == 1 && max(hs[0], hs[1]) == 2 {
			leaves = o.To
		}
	}
	solved(leaves)

	// Wythoff 2 3: the queen to 1 2 (take 1 from both) is a P-position.
	run(t, ctx, "wythoff", chromedp.Navigate(url+"/#/explore?game=wythoff&position=2+3"))
	waitJS(t, ctx, "queen", `!!document.querySelector('#explore-result .queenboard .cell.queen')`)
	if n := eval[int](t, ctx, "targets", `document.querySelectorAll('#explore-result .cell.target').length`); n != len(options("wythoff", "2 3")) {
		t.Errorf("%d target squares, %d options", n, len(options("wythoff", "2 3")))
	}
	run(t, ctx, "square", click(`#explore-result .cell[data-to="1 2"]`))
	solved("1 2")
	if got := text(t, ctx, "#explore-outcome"); got != "P-position" {
		t.Errorf("Wythoff 1 2: %s", got)
	}

	// Mock Turtles HTHH: turning coins 0, 2 and 3 leaves TTTT.
	run(t, ctx, "coins", chromedp.Navigate(url+"/#/explore?game=coins:mock-turtles&position=HTHH"))
	waitJS(t, ctx, "coins", `document.querySelectorAll('#explore-result .coin').length === 4`)
	for _, j := range []string{"0", "2", "3"} {
		run(t, ctx, "mark", click(`#explore-result .coin[data-j="`+j+`"]`))
	}
	waitJS(t, ctx, "turn", `!document.querySelector('#explore-result .coinactions button').disabled`)
	run(t, ctx, "turn", click(`#explore-result .coinactions button`))
	solved("TTTT")

	// Staircase 3 1 2: the top coin of stair 3 down to stair 2.
	run(t, ctx, "stairs", chromedp.Navigate(url+"/#/explore?game=staircase&position=3+1+2"))
	waitJS(t, ctx, "stairs", `document.querySelectorAll('#explore-result .stair').length === 3`)
	run(t, ctx, "coin", click(`#explore-result .token[data-stair="3"][data-c="1"]`))
	solved("3 2 1")

	// A draw: the move that keeps it is yellow, with its loopy value.
	run(t, ctx, "draw", chromedp.Navigate(url+"/#/explore?game=starlark:examples/draw.star&position=4"))
	waitJS(t, ctx, "draw", `!!document.querySelector('#explore-moves button.move.r-draw')`)
	if got := text(t, ctx, "#explore-moves button.move.r-draw"); !strings.Contains(got, "∞(1)") {
		t.Errorf("drawing move %q", got)
	}
}

// After a move the play page says whether it was a mistake, and why, from
// the server's values; the value history marks it; the computer plays at
// the strength chosen (the page asks /api/reply with it); the moves'
// values show on demand.
func TestBrowserPlayFeedback(t *testing.T) {
	s := New(Config{})
	var strengths atomic.Value
	strengths.Store("")
	url := serveHandler(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/reply" {
			strengths.Store(strengths.Load().(string) + r.URL.Query().Get("strength") + " ")
		}
		s.Handler().ServeHTTP(w, r)
	}))
	ctx := browser(t)
	run(t, ctx, "open", chromedp.Navigate(url+"/#/play?game=nim&position=3+4+5&first=you"))
	waitJS(t, ctx, "moves", `document.querySelectorAll('#play-moves button.move').length === 12`)
	run(t, ctx, "a losing move", click(`#play-moves button.move[data-to="2 4 5"]`))
	waitJS(t, ctx, "verdict", `!!document.getElementById('play-verdict')`)
	if got := text(t, ctx, "#play-verdict"); !strings.HasPrefix(got, "That was a mistake: 1 4 5 (take 2 from heap 1) wins, since 3 ⊕ 4 ⊕ 5 = 2 ≠ 0") {
		t.Errorf("verdict %q", got)
	}
	// The value history: the start (a win for you), your mistake (a win for
	// the perfect player), its reply.
	waitJS(t, ctx, "history", `document.querySelectorAll('#play-vhistory .vcell').length === 3 && !document.querySelector('#play-vhistory .vcell.r-unknown')`)
	cells := eval[[]string](t, ctx, "cells", `[...document.querySelectorAll('#play-vhistory .vcell')].map(c => c.className)`)
	if !strings.Contains(cells[0], "r-win") || !strings.Contains(cells[1], "r-win") || !strings.Contains(cells[1], "mistake") || strings.Contains(cells[2], "mistake") {
		t.Errorf("value history %v", cells)
	}
	// A good move is said to be one.
	run(t, ctx, "again", chromedp.Navigate(url+"/#/play?game=nim&position=3+4+6&first=you&values=1"))
	waitJS(t, ctx, "moves", `document.querySelectorAll('#play-moves button.move').length === 13`)
	nim, _ := families.Parse("nim")
	sol, _ := nim.Solve(context.Background(), "3 4 6", catalog.Options{})
	var wins []string
	for _, m := range sol.WinningMoves {
		wins = append(wins, m.To)
	}
	if got := eval[[]string](t, ctx, "green", `[...document.querySelectorAll('#play-moves button.move.r-win')].map(b => b.dataset.to)`); !slices.Equal(got, wins) {
		t.Errorf("moves shown winning %v, the winning moves %v", got, wins)
	}
	run(t, ctx, "a winning move", click(`#play-moves button.move[data-to="`+wins[0]+`"]`))
	waitJS(t, ctx, "verdict", `(document.getElementById('play-verdict')?.textContent ?? '').startsWith('Good move: `+wins[0]+` has value 0')`)

	// The random player: asked for, and named.
	strengths.Store("")
	run(t, ctx, "random", chromedp.Navigate(url+"/#/play?game=nim&position=3+4+5&first=computer&strength=random"))
	waitJS(t, ctx, "its move", `document.querySelectorAll('#play-history li').length === 1 && document.querySelectorAll('#play-history li.computer').length === 1`)
	if got := eval[string](t, ctx, "name", `document.querySelector('#play-history li.computer .who').textContent`); got != "Random player" {
		t.Errorf("the computer is named %q", got)
	}
	if asked := strings.Fields(strengths.Load().(string)); len(asked) == 0 || asked[len(asked)-1] != "random" {
		t.Errorf("/api/reply asked with strengths %q", asked)
	}
}

// The sequences page: the OEIS link of the game, the b-file in the entry's
// numbering (the published terms of A002187 for Dawson's Kayles, shifted),
// the CSV of Wythoff's table and its heat map, the n limit checked before
// any request, a stopped period search said, and the results of another
// game cleared.
func TestBrowserSequenceExtras(t *testing.T) {
	s := New(Config{})
	var values atomic.Int64
	var stopPeriod atomic.Bool
	url := serveHandler(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/api/values":
			values.Add(1)
		case r.URL.Path == "/api/period" && stopPeriod.Load():
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.WriteHeader(http.StatusGatewayTimeout)
			fmt.Fprintln(w, `{"error":"time budget exhausted: the computation ran past the server's 10s per request (grundy serve --timeout); ask a smaller question"}`)
			return
		}
		s.Handler().ServeHTTP(w, r)
	}))
	ctx := browser(t)
	run(t, ctx, "open", chromedp.Navigate(url+"/#/sequence?game=dawson-kayles&to=40"))
	waitJS(t, ctx, "computed", `!!document.querySelector('#seq-summary .pverdict') && !document.getElementById('seq-bfile').hidden`)
	if got := eval[string](t, ctx, "link", `document.getElementById('seq-oeis-link').href`); got != "https://oeis.org/A002187" {
		t.Errorf("OEIS link %q", got)
	}
	// A002187 (Dawson's chess), offset 0; Dawson's Kayles has a(n − 1).
	a002187 := []int{0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3}
	bfile := eval[string](t, ctx, "b-file", `import('/export.js').then(async ({ bfileOf }) => {
		const seq = await (await fetch('/api/values?game=dawson-kayles&to=40')).json();
		return bfileOf(seq, { oeis: 'A002187', shift: 1 });
	})`, chromedp.EvalAwaitPromise)
	lines := strings.Split(strings.TrimSpace(bfile), "\n")
	if len(lines) != 41 || !strings.HasPrefix(lines[0], "# A002187: G(n) of dawson-kayles") {
		t.Fatalf("b-file of %d lines:\n%s", len(lines), bfile)
	}
	for k, line := range lines[1:] {
		if want := fmt.Sprintf("%d %d", k, a002187[k]); line != want {
			t.Errorf("b-file line %q, A002187 gives %q", line, want)
		}
	}
	if got := eval[string](t, ctx, "b-file link", `document.getElementById('seq-bfile').getAttribute('download') + ' ' + document.getElementById('seq-bfile').href.slice(0, 5)`); got != "b002187.txt blob:" {
		t.Errorf("b-file link %q", got)
	}

	// Another game: the results of this one go at once.
	eval[chromedp.Void](t, ctx, "spec", setInput("seq-spec", "nim"))
	waitJS(t, ctx, "cleared", `document.querySelector('#page-sequence .about code')?.textContent === 'nim' && document.getElementById('seq-summary').textContent === '' && document.querySelectorAll('#seq-plot circle, #seq-table td').length === 0 && document.getElementById('seq-bfile').hidden`)

	// n over the server's limit: refused before any request.
	before := values.Load()
	eval[chromedp.Void](t, ctx, "n", `document.getElementById('seq-to').value = '5000000'`)
	run(t, ctx, "compute", click("#seq-go"))
	waitJS(t, ctx, "refused", `(document.getElementById('seq-limit')?.textContent ?? '').startsWith('n = 5,000,000 is more than this server computes: at most n = 1,000,000')`)
	run(t, ctx, "settle", chromedp.Sleep(300*time.Millisecond))
	if n := values.Load() - before; n != 0 {
		t.Errorf("%d requests for values over the limit", n)
	}

	// A period search the server stopped says so.
	stopPeriod.Store(true)
	run(t, ctx, "kayles", chromedp.Navigate(url+"/#/sequence?game=kayles&to=100"))
	waitJS(t, ctx, "stopped", `(document.getElementById('seq-period-stopped')?.textContent ?? '') === "period search stopped at the server's time limit per computation: no verdict"`)
	stopPeriod.Store(false)

	// Wythoff's table: the heat map, the table of numbers and the CSV are
	// the library's G(a, b).
	w, _ := families.Parse("wythoff")
	tab, err := w.ValueTable(context.Background(), 12, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	run(t, ctx, "wythoff", chromedp.Navigate(url+"/#/sequence?game=wythoff&size=12"))
	waitJS(t, ctx, "heat map", `!document.getElementById('seq-heat').hidden && document.querySelectorAll('#seq-table td').length === 144`)
	got := eval[[]int](t, ctx, "table", `[...document.querySelectorAll('#seq-table td')].map(td => Number(td.textContent))`)
	var flat []int
	var csv strings.Builder
	csv.WriteString("a\\b,0,1,2,3,4,5,6,7,8,9,10,11\n")
	for a, row := range tab.Values {
		fmt.Fprintf(&csv, "%d", a)
		for _, v := range row {
			flat = append(flat, int(v))
			fmt.Fprintf(&csv, ",%d", v)
		}
		csv.WriteString("\n")
	}
	if !slices.Equal(got, flat) {
		t.Errorf("table on the page %v\nthe library's %v", got, flat)
	}
	if px := eval[int](t, ctx, "canvas", `document.getElementById('seq-heat').width`); px < 12*4 {
		t.Errorf("heat map %d px wide for 12 columns", px)
	}
	pageCSV := eval[string](t, ctx, "csv", `import('/export.js').then(async ({ csvOfTable }) => csvOfTable(await (await fetch('/api/values?game=wythoff&table=12')).json()))`, chromedp.EvalAwaitPromise)
	if pageCSV != csv.String() {
		t.Errorf("CSV:\n%s\nwant\n%s", pageCSV, csv.String())
	}
}

// The card-flip lab: the histogram of X is the simulation's, the trace
// lists X turns under a legend, cards stay readable at m = 100, a
// measurement goes when m changes, and a person plays the game by hand
// with the engine refusing what the rules forbid.
func TestBrowserCardflipExtras(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	st, _ := cardflip.Lookup("stacks")
	stats, err := cardflip.Simulate(context.Background(), st, 12, 2000, 2, cardflip.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rep := cardflip.NewSimulateReport(st, 12, cardflip.Rules{}, 2, stats)
	run(t, ctx, "open", chromedp.Navigate(url+"/#/cardflip?strategy=stacks&m=12&seed=2&players=0&compare=0"))
	waitJS(t, ctx, "trace", `document.querySelectorAll('#cf-trace li').length > 0`)
	rec, err := cardflip.Record(context.Background(), st, 12, cardflip.Rules{}, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	if n := eval[int](t, ctx, "trace", `document.querySelectorAll('#cf-trace li').length`); n != rec.X {
		t.Errorf("the trace lists %d turns, X = %d", n, rec.X)
	}
	if got := text(t, ctx, "#cf-legend"); !strings.Contains(got, "Positions count from 0") || !strings.Contains(got, "cards from 1") || !strings.Contains(got, "* the card looked at") {
		t.Errorf("legend %q", got)
	}
	run(t, ctx, "measure", click("#cf-measure"))
	waitJS(t, ctx, "histogram", `document.querySelectorAll('#cf-hist .bars rect').length > 0`)
	bars := eval[[][2]int](t, ctx, "bars", `[...document.querySelectorAll('#cf-hist .bars rect')].map(r => [Number(r.dataset.x), Number(r.dataset.games)])`)
	var want [][2]int
	for _, b := range rep.Histogram {
		want = append(want, [2]int{b.X, int(b.Games)})
	}
	if rep.Max-rep.Min+1 <= 60 && !slices.Equal(bars, want) {
		t.Errorf("histogram %v\nsimulate's %v", bars, want)
	}
	eval[chromedp.Void](t, ctx, "m", setInput("cf-m", "13"))
	waitJS(t, ctx, "cleared", `document.getElementById('cf-measure-result').textContent === '' && document.querySelectorAll('#cf-hist rect').length === 0`)

	// m = 100: cards at least 24 px wide.
	run(t, ctx, "m = 100", chromedp.Navigate(url+"/#/cardflip?strategy=stacks&m=100&seed=2&players=0&compare=0"))
	waitJS(t, ctx, "100 cards", `document.querySelectorAll('#cf-row .fc').length === 100`)
	if w := eval[float64](t, ctx, "width", `document.querySelector('#cf-row .fc').getBoundingClientRect().width`); w < 24 {
		t.Errorf("cards %.0f px wide at m = 100", w)
	}

	// By hand: m = 4, seed 1 deals 2 3 1 4.
	eval[chromedp.Void](t, ctx, "deal", `(() => { document.getElementById('cf-h-m').value = '4'; document.getElementById('cf-h-seed').value = '1'; document.getElementById('cf-h-deal').click(); })()`)
	row := func() string {
		return eval[string](t, ctx, "row", `[...document.querySelectorAll('#cf-h-row .fc')].map(c => c.classList.contains('peek') ? '(' + c.textContent + ')' : c.textContent || '·').join(' ')`)
	}
	step := func(what, sel, wantRow string) {
		t.Helper()
		run(t, ctx, what, click(sel))
		waitJS(t, ctx, what, fmt.Sprintf(`[...document.querySelectorAll('#cf-h-row .fc')].map(c => c.classList.contains('peek') ? '(' + c.textContent + ')' : c.textContent || '·').join(' ') === %q`, wantRow))
	}
	waitJS(t, ctx, "dealt", `document.querySelectorAll('#cf-h-row .fc.pick').length === 4`)
	step("look at 2", `#cf-h-row .fc[data-pos="2"]`, "· · (1) ·")
	step("turn it up", "#cf-h-up", "· · 1 ·")
	step("look at 1", `#cf-h-row .fc[data-pos="1"]`, "· (3) 1 ·")
	// 3 is not the next card: the engine refuses, the card stays in hand.
	run(t, ctx, "turn 3 up", click("#cf-h-up"))
	waitJS(t, ctx, "refused", `(document.querySelector('#cf-h-message .error')?.textContent ?? '') === 'cardflip: turn 2: turned face up a card that is not the next one (card 3 at position 1; the next card is 2)'`)
	if got := row(); got != "· (3) 1 ·" {
		t.Errorf("after a refused move the row shows %q", got)
	}
	step("put it back", "#cf-h-down", "· · 1 ·")
	step("look at 0", `#cf-h-row .fc[data-pos="0"]`, "(2) · 1 ·")
	step("turn it up", "#cf-h-up", "2 · 1 ·")
	step("look at 1", `#cf-h-row .fc[data-pos="1"]`, "2 (3) 1 ·")
	step("turn it up", "#cf-h-up", "2 3 1 ·")
	// 4 with 1..3 face up: the look ends the game at once.
	step("look at 3", `#cf-h-row .fc[data-pos="3"]`, "2 3 1 4")
	waitJS(t, ctx, "done", `document.getElementById('cf-h-status').textContent === 'Done: card 4 is face up after X = 5 turns. The deal was 2 3 1 4.'`)
	if n := eval[int](t, ctx, "log", `document.querySelectorAll('#cf-h-log li').length`); n != 5 {
		t.Errorf("the log lists %d turns", n)
	}
	step("undo", "#cf-h-undo", "2 3 1 ·")
}

// Multi-bridge: the sequence in words, the round table, exact counts for
// small n (bridge.ExactCounter) and modular beyond, and typed queries kept
// across deals and reloads.
func TestBrowserBridgeExtras(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	deal := "2\n1 8\n2 7\n3 6\n4 5\n"
	d, err := bridge.ParseDeal(strings.NewReader(deal))
	if err != nil {
		t.Fatal(err)
	}
	points := []string{"no point", "1 point", "2 points"}
	var parts []string
	for i, v := range d.ExhaustiveSequence() {
		parts = append(parts, fmt.Sprintf("%s if player %d starts", points[v], i+1))
	}
	run(t, ctx, "open", chromedp.Navigate(url+"/#/bridge?deal="+strings.ReplaceAll(deal, "\n", "%0A")+"&start=2"))
	waitJS(t, ctx, "table", `document.querySelectorAll('#br-table .seatg').length === 4`)
	if got, want := text(t, ctx, "#br-words"), "Team A scores "+strings.Join(parts, ", ")+"."; got != want {
		t.Errorf("in words %q\nwant %q", got, want)
	}
	if got := eval[string](t, ctx, "leader", `document.querySelector('#br-table .seatg.leader')?.dataset.position`); got != "2" {
		t.Errorf("leader %q", got)
	}
	// The cards at the table are the deal's.
	cards := eval[[]string](t, ctx, "cards", `[...document.querySelectorAll('#br-table .seatg')].map(g => [...g.querySelectorAll('.tcardtext')].map(x => x.textContent).join(' '))`)
	if !slices.Equal(cards, []string{"1 8", "2 7", "3 6", "4 5"}) {
		t.Errorf("cards at the table %v", cards)
	}

	ec := bridge.NewExactCounter()
	c, _ := bridge.NewCounter(bridge.DefaultModulus)
	ones := func(n int) []uint8 {
		s := make([]uint8, 2*n)
		for i := range s {
			s[i] = 1
		}
		return s
	}
	typed := "8\n" + strings.Repeat("1", 16) + "\n101\n" + strings.Repeat("1", 202) + "\n"
	eval[chromedp.Void](t, ctx, "type", setInput("br-queries", typed))
	run(t, ctx, "count", click("#br-count"))
	waitJS(t, ctx, "counted", `document.querySelectorAll('#br-counts li').length === 2`)
	got := eval[[]string](t, ctx, "counts", `[...document.querySelectorAll('#br-counts li')].map(li => li.textContent)`)
	if want := fmt.Sprintf("%s deals exactly (%d mod 1000000007)", ec.Count(ones(8)), c.Count(ones(8))); got[0] != want {
		t.Errorf("count %q, want %q", got[0], want)
	}
	if want := fmt.Sprintf("%d deals mod 1000000007 (the exact count is given for n ≤ 100)", c.Count(ones(101))); got[1] != want {
		t.Errorf("count %q, want %q", got[1], want)
	}
	// Another deal, then a reload: the typed queries are still there.
	run(t, ctx, "another deal", chromedp.Navigate(url+"/#/bridge?n=3&seed=2&start=1"))
	waitJS(t, ctx, "dealt", `document.querySelectorAll('#br-seq .cell').length === 6`)
	run(t, ctx, "reload", chromedp.Reload())
	waitJS(t, ctx, "reloaded", `document.querySelectorAll('#br-seq .cell').length === 6`)
	if q := eval[string](t, ctx, "queries", `document.getElementById('br-queries').value`); q != typed {
		t.Errorf("queries after a reload %q", q)
	}
}

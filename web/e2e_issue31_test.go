package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/catalog/play"
)

// The browser tests of issue 31 (the workbench): remoteness for every game,
// sums of games first-class, draws of loopy games, links and saved files,
// plots as SVG and PNG, and the polish of the pages, each at 1400 and at
// 400 px.

// bypassCSP lets the test read the page's blob: files (the page's policy,
// connect-src 'self', keeps its own scripts from fetching them).
func bypassCSP(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Call(ctx, page.SetBypassCSP, page.SetBypassCSPParams{Enabled: true}); err != nil {
		t.Fatal(err)
	}
}

// textOf reads an element's text at once (the page may redraw it meanwhile).
func textOf(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	return eval[string](t, ctx, "text of "+sel, fmt.Sprintf(`document.querySelector(%q)?.textContent ?? ''`, sel))
}

var widths = []struct {
	w, h int64
}{{1400, 1000}, {400, 800}}

// solveAll is the library's answer with every option, for the page to be
// compared with.
func solveAll(t *testing.T, spec, pos string, misere bool) *catalog.Result {
	t.Helper()
	g, err := families.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	r, err := g.Solve(context.Background(), pos, catalog.Options{AllOptions: true, Misere: misere, MaxListed: 400})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The explorer shows the remoteness of every option of a take-and-break
// game and of a sum (the library's, from the game tree), says how long the
// game lasts, and says "not computed: too large" where the tree is too big.
func TestBrowserRemoteness(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	for _, size := range widths {
		run(t, ctx, "viewport", chromedp.EmulateViewport(size.w, size.h), chromedp.Navigate("about:blank"))
		for _, c := range []struct{ spec, pos string }{{"kayles", "3 5"}, {"dawson-kayles", "9"}, {"grundy", "7"}, {"sum", "kayles 4 + nim 2 3"}} {
			want := solveAll(t, c.spec, c.pos, false)
			run(t, ctx, "open", chromedp.Navigate(url+"/#/explore?"+q("game", c.spec, "position", c.pos)))
			waitJS(t, ctx, c.spec+" solved", fmt.Sprintf(`document.getElementById('explore-result').dataset.position === %q && document.querySelectorAll('#explore-moves button.move').length === %d`, want.Position, len(want.Options)))
			got := eval[[]string](t, ctx, "options", `[...document.querySelectorAll('#explore-moves button.move')].map(b => b.dataset.to + '|' + b.querySelector('.remote')?.textContent)`)
			for i, o := range want.Options {
				// The remoteness of the position the move leads to, as the
				// command line and the JSON give it (issue 44).
				if w := fmt.Sprintf("%s| · remoteness %d", o.To, *o.Remoteness); got[i] != w {
					t.Errorf("%s %s at %d px: option %d %q, want %q", c.spec, c.pos, size.w, i, got[i], w)
				}
			}
			verb := "wins"
			if want.Outcome.String() == "P" {
				verb = "loses"
			}
			if explain := text(t, ctx, "#explore-result .explain"); !strings.Contains(explain, fmt.Sprintf("%s against best play in %d moves", verb, *want.Remoteness)) &&
				!strings.Contains(explain, fmt.Sprintf("%s in %d moves", verb, *want.Remoteness)) {
				t.Errorf("%s %s at %d px: %q does not say the game lasts %d moves", c.spec, c.pos, size.w, explain, *want.Remoteness)
			}
		}
		run(t, ctx, "kayles 60", chromedp.Navigate(url+"/#/explore?game=kayles&position=60"))
		waitJS(t, ctx, "too large", `(document.getElementById('explore-remoteness-note')?.textContent ?? '').startsWith('Remoteness not computed: too large')`)
		if n := eval[int](t, ctx, "unranked", `document.querySelectorAll('#explore-moves button.move').length`); n != 60 {
			t.Errorf("kayles 60 at %d px: %d options listed, want 60", size.w, n)
		}
	}
}

// A sum is a list of components, each with its own game and position:
// components are added, removed and edited; the value is written as the
// nim-sum of the components', each drawn on its own board, where a click
// plays the move of the sum it stands for. The same on the play page.
func TestBrowserSums(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	rows := func() []string {
		return eval[[]string](t, ctx, "rows", `[...document.querySelectorAll('#explore-components li')].map(li => li.querySelector('.sumspec').value + ' | ' + li.querySelector('.sumpos').value)`)
	}
	settled := func(pos string) {
		t.Helper()
		waitJS(t, ctx, "solved "+pos, fmt.Sprintf(`document.getElementById('explore-result').dataset.position === %q && !document.getElementById('explore-result').classList.contains('busy') && document.querySelectorAll('#explore-boards .sumboard').length > 0`, pos))
		run(t, ctx, "settle", chromedp.Sleep(400*time.Millisecond))
	}
	for _, size := range widths {
		run(t, ctx, "viewport", chromedp.EmulateViewport(size.w, size.h), chromedp.Navigate("about:blank"))
		start := "kayles 7 + nim 3 4"
		run(t, ctx, "open", chromedp.Navigate(url+"/#/explore?"+q("game", "sum", "position", start)))
		settled(start)
		if got := rows(); !slices.Equal(got, []string{"kayles | 7", "nim | 3 4"}) {
			t.Errorf("at %d px: components %q", size.w, got)
		}
		if got := textOf(t, ctx, "#explore-breakdown .bxor"); !strings.HasPrefix(got, "G = 2 ⊕ 7 = 5") {
			t.Errorf("at %d px: breakdown %q", size.w, got)
		}
		boards := eval[[]string](t, ctx, "boards", `[...document.querySelectorAll('#explore-boards .sumboard')].map(b => b.querySelector('.board-pins, .board-heaps')?.className ?? '')`)
		if len(boards) != 2 || !strings.Contains(boards[0], "board-pins") || !strings.Contains(boards[1], "board-heaps") {
			t.Errorf("at %d px: boards %q", size.w, boards)
		}
		// Token 2 of heap 2 of the Nim component: 3 4 → 3 1, the library's
		// winning move (7 → 4 makes the nim-sum 2 ⊕ 3 ⊕ 1 = 0).
		run(t, ctx, "nim token", click(`#explore-boards .sumboard[data-component="2"] .token[data-heap="1"][data-k="1"]`))
		settled("kayles 7 + nim 3 1")
		if got := text(t, ctx, "#explore-outcome"); got != "P-position" {
			t.Errorf("at %d px: after the token: %s", size.w, got)
		}
		// Add a component (Nim 3 by default), choose Wythoff for it.
		run(t, ctx, "add", click("#explore-add"))
		settled("kayles 7 + nim 3 1 + nim 3")
		eval[chromedp.Void](t, ctx, "wythoff", `(() => {
			const sel = document.querySelector('#explore-components li[data-i="2"] select');
			sel.value = [...sel.options].find(o => o.textContent === 'wythoff').value;
			sel.dispatchEvent(new Event('change'));
		})()`)
		settled("kayles 7 + nim 3 1 + wythoff 4 7")
		want := solveAll(t, "sum", "kayles 7 + nim 3 1 + wythoff 4 7", false)
		if got := textOf(t, ctx, "#explore-breakdown .bxor"); !strings.HasPrefix(got, fmt.Sprintf("G = 2 ⊕ 2 ⊕ 0 = %d", *want.Value)) {
			t.Errorf("at %d px: breakdown %q, value %d", size.w, got, *want.Value)
		}
		// Edit a component's position; remove one.
		eval[chromedp.Void](t, ctx, "edit", `(() => { const i = document.querySelector('#explore-components li[data-i="0"] .sumpos'); i.value = '5'; i.dispatchEvent(new Event('input')); })()`)
		settled("kayles 5 + nim 3 1 + wythoff 4 7")
		run(t, ctx, "remove", click(`#explore-components li[data-i="1"] .sumremove`))
		settled("kayles 5 + wythoff 4 7")
		if got := rows(); !slices.Equal(got, []string{"kayles | 5", "wythoff | 4 7"}) {
			t.Errorf("at %d px: after the removal: %q", size.w, got)
		}
		// A typo names the game, in the component and in the answer.
		eval[chromedp.Void](t, ctx, "typo", `(() => { const i = document.querySelector('#explore-components li[data-i="0"] .sumspec'); i.value = 'kaylse'; i.dispatchEvent(new Event('input')); })()`)
		waitJS(t, ctx, "typo", `(document.querySelector('#explore-components li[data-i="0"] .sumnote .error')?.textContent ?? '').includes('did you mean "kayles"')`)

		// Play a sum: a board per component, the breakdown, a click plays.
		run(t, ctx, "play", chromedp.Navigate(url+"/#/play?"+q("game", "sum", "position", "kayles 5 + nim 2 3", "first", "you", "values", "1")))
		waitJS(t, ctx, "play boards", `document.querySelectorAll('#play-boards .sumboard').length === 2 && document.querySelectorAll('#play-boards .token.legal').length > 0 && !!document.querySelector('#play-breakdown')`)
		if got := textOf(t, ctx, "#play-breakdown .bxor"); !strings.HasPrefix(got, "G = 4 ⊕ 1 = 5") {
			t.Errorf("at %d px: play breakdown %q", size.w, got)
		}
		if got := eval[int](t, ctx, "components", `document.querySelectorAll('#play-components li').length`); got != 2 {
			t.Errorf("at %d px: the start's components: %d", size.w, got)
		}
		run(t, ctx, "play a token", click(`#play-boards .sumboard[data-component="2"] .token[data-heap="1"][data-k="0"]`))
		waitJS(t, ctx, "moved", `document.querySelectorAll('#play-history li.you').length === 1`)
		if got := textOf(t, ctx, "#play-history li.you code"); got != "kayles 5 + nim 2 0" {
			t.Errorf("at %d px: the move played %q", size.w, got)
		}
	}
}

// A drawn loopy game ends: the computer offers a draw at a drawn position
// (agreeing ends the game), and a position that occurs a third time with
// the same player to move ends it in a draw (play.RepetitionDraw).
func TestBrowserPlayDraws(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	for _, size := range widths {
		run(t, ctx, "viewport", chromedp.EmulateViewport(size.w, size.h), chromedp.Navigate("about:blank"))
		run(t, ctx, "open", chromedp.Navigate(url+"/#/play?"+q("game", "starlark:examples/draw.star", "position", "4", "first", "you")))
		waitJS(t, ctx, "offer", `!!document.getElementById('play-agree-draw')`)
		run(t, ctx, "agree", click("#play-agree-draw"))
		waitJS(t, ctx, "drawn", `document.getElementById('page-play').dataset.result === 'drawn'`)
		if got := text(t, ctx, "#play-status"); !strings.HasPrefix(got, "A draw. You agreed to a draw") {
			t.Errorf("at %d px: status %q", size.w, got)
		}
		run(t, ctx, "again", chromedp.Navigate(url+"/#/play?"+q("game", "starlark:examples/draw.star", "position", "4", "first", "computer", "values", "1")))
		waitJS(t, ctx, "a new game", `!document.getElementById('page-play').dataset.result && document.querySelectorAll('#play-history li').length === 1`)
		for i := range 3 {
			waitJS(t, ctx, "turn", `document.getElementById('page-play').dataset.result === 'drawn' || (!!document.querySelector('#play-moves button.move[data-to="4"]') && !document.getElementById('page-play').classList.contains('thinking'))`)
			if eval[bool](t, ctx, "over", `document.getElementById('page-play').dataset.result === 'drawn'`) {
				break
			}
			if i == 2 {
				t.Fatalf("at %d px: no draw by repetition after three moves to 4", size.w)
			}
			run(t, ctx, "stay", click(`#play-moves button.move[data-to="4"]`))
			run(t, ctx, "settle", chromedp.Sleep(300*time.Millisecond))
		}
		waitJS(t, ctx, "repetition", `(document.getElementById('play-status').textContent ?? '').includes('occurred three times with the same player to move')`)
	}
}

// An analysis and a played game are links (which open the page as it
// was) and JSON files (the analysis as /api/solve gives it; the game as
// play.Record, as grundy play --json prints it).
func TestBrowserShare(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	bypassCSP(t, ctx)
	for _, size := range widths {
		run(t, ctx, "viewport", chromedp.EmulateViewport(size.w, size.h), chromedp.Navigate("about:blank"))
		run(t, ctx, "open", chromedp.Navigate(url+"/#/explore?game=nim&position=3+4+5"))
		waitJS(t, ctx, "solved", `document.getElementById('explore-result').dataset.position === '3 4 5'`)
		run(t, ctx, "follow", click(`#explore-moves button.move[data-to="1 4 5"]`))
		waitJS(t, ctx, "followed", `document.getElementById('explore-result').dataset.position === '1 4 5' && document.getElementById('explore-link').href.includes('position=1+4+5')`)
		link := eval[string](t, ctx, "link", `document.getElementById('explore-link').href`)
		saved := eval[string](t, ctx, "saved", `fetch(document.getElementById('explore-save').href).then(r => r.text())`, chromedp.EvalAwaitPromise)
		var r catalog.Result
		if err := json.Unmarshal([]byte(saved), &r); err != nil || r.Position != "1 4 5" || r.Game != "nim" || len(r.Options) != 10 {
			t.Errorf("at %d px: saved analysis %.200s (%v)", size.w, saved, err)
		}
		run(t, ctx, "away", chromedp.Navigate(url+"/#/sequence"))
		run(t, ctx, "the link", chromedp.Navigate(link))
		waitJS(t, ctx, "the link's position", `document.getElementById('explore-result').dataset.position === '1 4 5'`)

		// A game: two moves of the human, the link replays them.
		run(t, ctx, "play", chromedp.Navigate(url+"/#/play?game=nim&position=3+4+5&first=you&strength=perfect"))
		waitJS(t, ctx, "your turn", `!!document.querySelector('#play-moves button.move[data-to="2 4 5"]')`)
		run(t, ctx, "a mistake", click(`#play-moves button.move[data-to="2 4 5"]`))
		waitJS(t, ctx, "reply", `document.querySelectorAll('#play-history li').length === 2 && document.querySelectorAll('#play-moves button.move').length > 0`)
		link = eval[string](t, ctx, "game link", `document.getElementById('play-link').href`)
		saved = eval[string](t, ctx, "record", `fetch(document.getElementById('play-save').href).then(r => r.text())`, chromedp.EvalAwaitPromise)
		var rec play.Record
		if err := json.Unmarshal([]byte(saved), &rec); err != nil || rec.Game != "nim" || rec.Start != "3 4 5" || rec.First != "human" || len(rec.Moves) != 2 ||
			rec.Moves[0] != (play.RecordMove{By: "human", To: "2 4 5", Move: "take 1 from heap 1", Result: "lose", Mistake: true}) || rec.Moves[1].By != "computer" || rec.End != "abandoned" {
			t.Errorf("at %d px: saved game %s (%v)", size.w, saved, err)
		}
		run(t, ctx, "away", chromedp.Navigate(url+"/#/explore"))
		run(t, ctx, "the game's link", chromedp.Navigate(link))
		waitJS(t, ctx, "replayed", fmt.Sprintf(`document.querySelectorAll('#play-history li').length === 2 && document.getElementById('play-position').textContent === %q`, rec.Moves[1].To))
	}
}

var flagText = regexp.MustCompile(`(^|\s)--[a-z]`)

// The polish of issue 31 §7, at 1400 and 400 px: the answer above the
// fold on a phone; an unknown route says "not found"; the API link opens a
// page listing every endpoint; no command-line flag in the pages' text;
// the b-file named as the OEIS names it; the plots as SVG and PNG; the
// card-flip comparison only when asked; multi-bridge in plain words.
func TestBrowserPolish(t *testing.T) {
	var compares atomic.Int64
	s := New(Config{})
	h := s.Handler()
	url := serveHandler(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/cardflip/compare" {
			compares.Add(1)
		}
		h.ServeHTTP(w, r)
	}))
	ctx := browser(t)
	bypassCSP(t, ctx)
	for _, size := range widths {
		run(t, ctx, "viewport", chromedp.EmulateViewport(size.w, size.h), chromedp.Navigate("about:blank"))
		// The answer above the fold: its top within the window.
		for _, c := range []struct{ hash, ready, answer string }{
			{"#/explore?game=kayles&position=5+7", `!!document.getElementById('explore-outcome')`, "#explore-outcome"},
			{"#/explore?" + q("game", "sum", "position", "kayles 7 + nim 3 4 + wythoff 4 7"), `!!document.getElementById('explore-outcome')`, "#explore-outcome"},
			{"#/play?game=nim&position=3+4+5&first=you", `document.querySelectorAll('#play-moves button.move').length > 0`, "#play-status"},
			{"#/sequence?game=kayles&to=200", `!!document.querySelector('#seq-summary .pverdict')`, "#seq-summary"},
			{"#/bridge?n=4&seed=7&start=2", `!!document.getElementById('br-words')`, "#br-words"},
		} {
			run(t, ctx, "open", chromedp.Navigate(url+"/"+c.hash))
			waitJS(t, ctx, c.hash, c.ready)
			eval[chromedp.Void](t, ctx, "top", `window.scrollTo(0, 0)`)
			if bottom := eval[float64](t, ctx, "answer", fmt.Sprintf(`document.querySelector(%q).getBoundingClientRect().bottom`, c.answer)); bottom > float64(size.h) || bottom <= 0 {
				t.Errorf("%s at %d×%d: the answer %s ends at %.0f px, below the fold", c.hash, size.w, size.h, c.answer, bottom)
			}
			if body := eval[string](t, ctx, "text", `document.querySelector('section.page:not([hidden])').innerText`); flagText.MatchString(body) {
				t.Errorf("%s at %d px: a command-line flag in the page: %q", c.hash, size.w, flagText.FindString(body))
			}
		}
		// Not found.
		run(t, ctx, "unknown", chromedp.Navigate(url+"/#/nowhere?x=1"))
		waitJS(t, ctx, "not found", `(document.getElementById('notfound-text')?.textContent ?? '').startsWith('There is no page #/nowhere?x=1 here.')`)
		if vis := eval[bool](t, ctx, "explorer hidden", `!document.getElementById('page-explore') || document.getElementById('page-explore').hidden`); !vis {
			t.Errorf("at %d px: an unknown route shows the explorer", size.w)
		}
		// The API page from the header's link.
		run(t, ctx, "api link", click("#apilink"))
		waitJS(t, ctx, "api page", `document.querySelectorAll('#api-endpoints tbody tr').length > 0`)
		paths := eval[[]string](t, ctx, "endpoints", `[...document.querySelectorAll('#api-endpoints tbody tr')].map(r => r.dataset.path)`)
		for _, rt := range s.routes() {
			if !slices.Contains(paths, "/api/"+rt.name) {
				t.Errorf("at %d px: the API page lacks /api/%s", size.w, rt.name)
			}
		}
		// The b-file and the plots.
		run(t, ctx, "kayles", chromedp.Navigate(url+"/#/sequence?game=kayles&to=200"))
		waitJS(t, ctx, "downloads", `!document.getElementById('seq-bfile').hidden && !document.getElementById('seq-plot-dl').hidden && !document.getElementById('seq-plot-dl-png').hidden && document.getElementById('seq-plot-dl-svg').href.startsWith('blob:') && !!document.querySelector('#seq-summary .pverdict')`)
		if got := eval[string](t, ctx, "b-file", `document.getElementById('seq-bfile').getAttribute('download')`); got != "b002186.txt" {
			t.Errorf("at %d px: the b-file is named %q, not b002186.txt", size.w, got)
		}
		checkPlotFiles(t, ctx, "kayles", size.w, "circle")
		run(t, ctx, "wythoff", chromedp.Navigate(url+"/#/sequence?game=wythoff&size=32"))
		waitJS(t, ctx, "heat downloads", `!document.getElementById('seq-heat').hidden && !document.getElementById('seq-plot-dl-png').hidden && document.getElementById('seq-plot-dl-png').download.includes('heat') && document.getElementById('seq-plot-dl-svg').download.includes('heat')`)
		checkPlotFiles(t, ctx, "wythoff", size.w, "image")
		// Card-flip: no comparison on a visit; one when asked.
		before := compares.Load()
		run(t, ctx, "cardflip", chromedp.Navigate(url+"/#/cardflip?strategy=stacks&m=8&seed=2"))
		waitJS(t, ctx, "lab", `document.querySelectorAll('#cf-row .fc').length === 8`)
		run(t, ctx, "settle", chromedp.Sleep(time.Second))
		if n := compares.Load() - before; n != 0 {
			t.Errorf("at %d px: a visit to the lab ran %d comparison requests", size.w, n)
		}
		// Multi-bridge in plain words.
		run(t, ctx, "bridge", chromedp.Navigate(url+"/#/bridge?deal="+strings.ReplaceAll("2\n1 8\n2 7\n3 6\n4 5\n", "\n", "%0A")+"&start=2"))
		// The words are written when the deal's solution comes, after the
		// page's first drawing: wait for the sentence itself.
		const words = "Team A scores 1 point if player 1 starts, no point if player 2 starts, 1 point if player 3 starts, 1 point if player 4 starts."
		waitJS(t, ctx, "words", `(document.getElementById('br-words')?.textContent ?? '').trim() === `+strconv.Quote(words))
	}
	if compares.Load() != 0 {
		t.Errorf("%d comparison requests, none asked", compares.Load())
	}
}

// checkPlotFiles fetches the plot's SVG and PNG files: a standalone SVG
// (its own size, the styles inlined) with the marks drawn (mark), and a
// PNG that decodes to twice the SVG's size.
func checkPlotFiles(t *testing.T, ctx context.Context, what string, width int64, mark string) {
	t.Helper()
	svg := eval[string](t, ctx, "svg file", `fetch(document.getElementById('seq-plot-dl-svg').href).then(r => r.text())`, chromedp.EvalAwaitPromise)
	marked := strings.Contains(svg, "<"+mark) || mark == "circle" && strings.Contains(svg, "<path") // a long sequence is drawn as ticks
	if !strings.HasPrefix(svg, `<?xml version="1.0" encoding="UTF-8"?>`) || !strings.Contains(svg, `xmlns="http://www.w3.org/2000/svg"`) || !marked {
		t.Errorf("%s at %d px: the SVG file %.300q…", what, width, svg)
	}
	if mark == "circle" && (!strings.Contains(svg, "fill:") || strings.Contains(svg, `class="`)) {
		t.Errorf("%s at %d px: the SVG file's styles are not inlined", what, width)
	}
	dims := eval[[]float64](t, ctx, "png file", `(async () => {
		const svgText = await fetch(document.getElementById('seq-plot-dl-svg').href).then(r => r.text());
		const doc = new DOMParser().parseFromString(svgText, 'image/svg+xml').documentElement;
		const blob = await fetch(document.getElementById('seq-plot-dl-png').href).then(r => r.blob());
		const bmp = await createImageBitmap(blob);
		return [bmp.width, bmp.height, Number(doc.getAttribute('width')), Number(doc.getAttribute('height')), blob.type === 'image/png' ? 1 : 0];
	})()`, chromedp.EvalAwaitPromise)
	scale := 2.0
	if mark == "image" {
		scale = 1 // a canvas is saved at its own size
	}
	if len(dims) != 5 || dims[4] != 1 || dims[0] != scale*dims[2] || dims[1] != scale*dims[3] || dims[0] < 64 {
		t.Errorf("%s at %d px: PNG %v × %v, SVG %v × %v (png %v)", what, width, dims[0], dims[1], dims[2], dims[3], dims[4])
	}
}

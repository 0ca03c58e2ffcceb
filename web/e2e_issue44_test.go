package web

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
)

// The browser tests of issue 44 §1: answers that do not contradict each
// other, at 1400 and at 400 px.

// solveWinning is the library's plain answer (the winning moves, counted,
// with their classes) under the server's default budget.
func solveWinning(t *testing.T, spec, pos string) *catalog.Result {
	t.Helper()
	g, err := families.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	r, err := g.Solve(context.Background(), pos, catalog.Options{MaxListed: 400, Budget: DefaultBudget})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The explorer on kayles 10^8 says how many moves win (the library's true
// count, 8,333,338), lists them first (all 400 of the page are green),
// and shows their classes (issue 44: "0 moves win" above 400 red options).
// On nim 3 4 5 under misère play the one winning move comes first.
func TestBrowserWinningMovesFirst(t *testing.T) {
	// No deadline to speak of: the machine may be busy (the answer takes
	// about 2 s of CPU).
	url := serve(t, New(Config{Timeout: 10 * time.Minute}))
	ctx := browser(t)
	want := solveWinning(t, "kayles", "100000000")
	if want.MoveCount == nil || *want.MoveCount < 400 {
		t.Fatalf("the library counts %v winning moves of kayles 10^8", want.MoveCount)
	}
	for _, size := range widths {
		run(t, ctx, "viewport", chromedp.EmulateViewport(size.w, size.h), chromedp.Navigate("about:blank"))
		run(t, ctx, "kayles 10^8", chromedp.Navigate(url+"/#/explore?"+q("game", "kayles", "position", "100000000")))
		waitJS(t, ctx, "solved", `document.getElementById('explore-result').dataset.position === '100000000' && document.querySelectorAll('#explore-moves button.move').length > 0`)
		explain := text(t, ctx, "#explore-result .explain")
		count := strconv.FormatInt(*want.MoveCount, 10)
		if !strings.Contains(strings.ReplaceAll(explain, ",", ""), count+" moves win") {
			t.Errorf("at %d px: %q does not say %s moves win", size.w, explain, count)
		}
		results := eval[[]string](t, ctx, "results", `[...document.querySelectorAll('#explore-moves button.move')].map(b => b.dataset.result)`)
		if len(results) != 400 {
			t.Errorf("at %d px: %d options listed, want 400", size.w, len(results))
		}
		for i, r := range results {
			if r != "win" {
				t.Errorf("at %d px: option %d %s, want every option of the page a winning one", size.w, i, r)
				break
			}
		}
		if n := eval[int](t, ctx, "classes", `document.querySelectorAll('#explore-classes li').length`); n != len(want.MoveClasses) || n == 0 {
			t.Errorf("at %d px: %d classes shown, the library has %d", size.w, n, len(want.MoveClasses))
		}

		run(t, ctx, "nim misère", chromedp.Navigate(url+"/#/explore?"+q("game", "nim", "position", "3 4 5", "misere", "1")))
		waitJS(t, ctx, "solved", `document.getElementById('explore-result').dataset.position === '3 4 5' && document.querySelectorAll('#explore-moves button.move').length === 12`)
		first := eval[string](t, ctx, "first", `(() => { const b = document.querySelector('#explore-moves button.move'); return b.dataset.to + '|' + b.dataset.result; })()`)
		if first != "1 4 5|win" {
			t.Errorf("at %d px: misère nim 3 4 5 lists %q first, want its winning move 1 4 5", size.w, first)
		}
		if explain := text(t, ctx, "#explore-result .explain"); !strings.Contains(explain, "one move wins") {
			t.Errorf("at %d px: misère nim 3 4 5: %q", size.w, explain)
		}
	}
}

// One number per fact: the explorer writes the remoteness of the position
// a move leads to, the number the command line and the JSON give
// ("remoteness 11"), not that number plus one (issue 44: "loses in 12").
func TestBrowserRemotenessOneNumber(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	want := solveAll(t, "nim", "3 4 5", false)
	run(t, ctx, "nim 3 4 5", chromedp.Navigate(url+"/#/explore?"+q("game", "nim", "position", "3 4 5")))
	waitJS(t, ctx, "solved", `document.getElementById('explore-result').dataset.position === '3 4 5' && document.querySelectorAll('#explore-moves button.move').length === 12`)
	got := eval[[]string](t, ctx, "options", `[...document.querySelectorAll('#explore-moves button.move')].map(b => b.dataset.to + '|' + b.querySelector('.remote')?.textContent)`)
	for i, o := range want.Options {
		if w := fmt.Sprintf("%s| · remoteness %d", o.To, *o.Remoteness); got[i] != w {
			t.Errorf("option %d %q, want %q", i, got[i], w)
		}
	}
}

// The misère page clears the form and genus of the last game when the
// game changes, and names the game beside each answer (issue 44: 0.75's
// heap-5 form beside Kayles' quotient).
func TestBrowserMisereNoStaleForm(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	run(t, ctx, "0.75", chromedp.Navigate(url+"/#/misere?game=octal:0.75&position=5"))
	waitJS(t, ctx, "form shown", `!!document.getElementById('mis-genus')`)
	if got := textOf(t, ctx, "#mis-form-game"); got != "octal:0.75" {
		t.Errorf("the form names %q, want octal:0.75", got)
	}
	run(t, ctx, "kayles", chromedp.SetValue(chromedp.CSS("#mis-spec"), "kayles"), chromedp.Evaluate[chromedp.Void](`document.getElementById('mis-spec').dispatchEvent(new Event('input'))`))
	waitJS(t, ctx, "kayles picked", `(document.querySelector('#page-misere .gamename code')?.textContent ?? '') === 'kayles'`)
	run(t, ctx, "quotient", click("#mis-quotient-go"))
	waitJS(t, ctx, "kayles quotient", `(document.getElementById('mis-summary')?.textContent ?? '').startsWith('kayles')`)
	// A genus shown beside Kayles' quotient must be Kayles' (named so).
	if stale := eval[string](t, ctx, "form", `(() => {
		if (!document.getElementById('mis-genus')) return '';
		return document.getElementById('mis-form-game')?.textContent ?? 'a form naming no game';
	})()`); stale != "" && stale != "kayles" {
		t.Errorf("beside Kayles' quotient the form and genus of %s are still shown", stale)
	}
	run(t, ctx, "form", click("#mis-form-go"))
	waitJS(t, ctx, "kayles form", `(document.getElementById('mis-form-game')?.textContent ?? '') === 'kayles'`)
}

// The play page says the computer's reply in its status line, where the
// player looks (as grundy play says "I move to …"), and every cell of the
// value history, the computer's turns too, carries its remoteness.
func TestBrowserPlaySaysReply(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	for _, size := range widths {
		run(t, ctx, "viewport", chromedp.EmulateViewport(size.w, size.h), chromedp.Navigate("about:blank"))
		run(t, ctx, "play", chromedp.Navigate(url+"/#/play?game=nim&position=3+4+5&first=computer&values=1"))
		waitJS(t, ctx, "computer moved", `document.querySelectorAll('#play-history li.computer').length === 1 && document.querySelectorAll('#play-moves button.move').length > 0`)
		to := eval[string](t, ctx, "reply", `document.querySelector('#play-history li.computer code').textContent`)
		if got := textOf(t, ctx, "#play-status"); !strings.Contains(got, "moves to "+to+" (") {
			t.Errorf("at %d px: status %q does not say the reply %s", size.w, got, to)
		}
		// Make a move; the computer answers; every cell then says its remoteness.
		run(t, ctx, "move", click("#play-moves button.move"))
		waitJS(t, ctx, "answered", `document.querySelectorAll('#play-history li.computer').length === 2 || !!document.getElementById('page-play').dataset.result`)
		waitJS(t, ctx, "cells", `[...document.querySelectorAll('#play-vhistory .vcell')].every(c => !c.classList.contains('r-unknown'))`)
		cells := eval[[]string](t, ctx, "cells", `[...document.querySelectorAll('#play-vhistory .vcell')].map(c => c.lastElementChild.textContent)`)
		for i, c := range cells {
			if !strings.Contains(c, "·") {
				t.Errorf("at %d px: value-history cell %d %q has no remoteness", size.w, i, c)
			}
		}
		if len(cells) < 3 {
			t.Errorf("at %d px: %d cells, want the start and two moves at least", size.w, len(cells))
		}
	}
}

package web

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// The small things users noticed (issue 44 §4), in the browser.

// On a phone the play page shows the whole move list, not a box of its
// own that scrolls inside the page and hides most of it (issue 44: 7 of
// nim 3 4 5's 12 moves hidden at 400 px); the page itself scrolls.
func TestBrowserPlayWholeMoveList(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	for _, size := range widths {
		run(t, ctx, "viewport", chromedp.EmulateViewport(size.w, size.h), chromedp.Navigate("about:blank"))
		run(t, ctx, "play", chromedp.Navigate(url+"/#/play?game=nim&position=3+4+5&first=you"))
		waitJS(t, ctx, "moves", `document.querySelectorAll('#play-moves button.move').length === 12`)
		type box struct{ Scroll, Client, Width float64 }
		got := eval[box](t, ctx, "box", `(() => { const b = document.getElementById('play-moves');
			return {Scroll: b.scrollHeight, Client: b.clientHeight, Width: b.getBoundingClientRect().width}; })()`)
		if size.w < 900 && got.Scroll > got.Client+1 {
			t.Errorf("at %d px: the move list scrolls inside the page (%v of %v px shown)", size.w, got.Client, got.Scroll)
		}
		if got.Width > float64(size.w) {
			t.Errorf("at %d px: the move list is %v px wide", size.w, got.Width)
		}
	}
}

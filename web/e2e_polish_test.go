package web

import (
	"context"
	"fmt"
	neturl "net/url"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/misere"
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

// The misère page lists every winning move of a sum answered by the
// quotient (misère Kayles 3 4 5 has two; the page showed the first only)
// and says in words what an image is, beside the sum's and above the
// images of given positions (issue 44 §4).
func TestBrowserMisereEveryWinningMove(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	g, err := families.Parse("kayles")
	if err != nil {
		t.Fatal(err)
	}
	want, err := g.SolveMisereSum(context.Background(), "3 4 5", misere.Settings{}, catalog.Options{Misere: true})
	if err != nil || len(want.Moves) != 2 {
		t.Fatalf("the library: %+v, %v", want, err)
	}
	run(t, ctx, "sum", chromedp.Navigate(url+"/#/misere?game=kayles&mode=heaps&heaps=12&sum=3+4+5"))
	waitJS(t, ctx, "solved", `document.querySelectorAll('#mis-solve-moves li').length > 0`)
	got := eval[[]string](t, ctx, "moves", `[...document.querySelectorAll('#mis-solve-moves li')].map(li => li.textContent)`)
	var wantText []string
	for _, m := range want.Moves {
		to := strings.Trim(strings.ReplaceAll(fmt.Sprint(m.To), " ", " + "), "[]")
		wantText = append(wantText, fmt.Sprintf("heap #%d (%d) → %s", m.Index+1, m.Heap, to))
	}
	if !slices.Equal(got, wantText) {
		t.Errorf("winning moves %q, the library's %q", got, wantText)
	}
	if note := text(t, ctx, "#mis-solve-image-note"); !strings.Contains(note, "stands for the sum") {
		t.Errorf("the image is not explained: %q", note)
	}
	run(t, ctx, "positions", chromedp.Navigate(url+"/#/misere?game=wythoff&positions="+neturl.QueryEscape(`["5 3"]`)))
	waitJS(t, ctx, "quotient", `!!document.getElementById('mis-asked')`)
	if note := text(t, ctx, "#mis-image-note"); !strings.Contains(note, "image is the element of the quotient") {
		t.Errorf("the images of positions are not explained: %q", note)
	}
}

// The nimbers page's errors point to its own boxes (issue 44 §4): an
// expression in x typed in the calculator points to the Roots box (the
// server's message names its API, /api/nimber/solve), whose button takes
// it there and solves it; an error of the polynomial shows in the Roots
// box, beside its input, and leaves the calculator alone.
func TestBrowserNimberErrorsInTheirBox(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	run(t, ctx, "x in the calculator", chromedp.Navigate(url+"/#/nimber?expr="+neturl.QueryEscape("x^2+x+1")))
	waitJS(t, ctx, "error", `!!document.querySelector('#nim-out .error')`)
	if got := text(t, ctx, "#nim-out .error"); !strings.Contains(got, "Roots box") || strings.Contains(got, "/api/") {
		t.Errorf("the calculator's error %q does not point to the Roots box", got)
	}
	run(t, ctx, "to roots", click("#nim-to-roots"))
	// The default polynomial is written x^2 + x + 1: the answer to this one
	// starts with it as typed.
	waitJS(t, ctx, "roots", `document.getElementById('nim-poly').value === 'x^2+x+1' && (document.getElementById('nim-roots')?.textContent ?? '').startsWith('x^2+x+1 ')`)
	if got := text(t, ctx, "#nim-roots"); !strings.Contains(got, "for x = ") {
		t.Errorf("the roots of x^2+x+1: %q", got)
	}
	run(t, ctx, "bad polynomial", chromedp.Navigate(url+"/#/nimber?expr=8*8&poly="+neturl.QueryEscape("x^2++")))
	waitJS(t, ctx, "error", `!!document.querySelector('#nim-solve-out .error') && !!document.getElementById('nim-value')`)
	if !eval[bool](t, ctx, "same card", `document.querySelector('#nim-solve-out .error').closest('.card') === document.getElementById('nim-poly').closest('.card')`) {
		t.Error("the polynomial's error is not in the Roots box")
	}
	if got := text(t, ctx, "#nim-solve-out .error"); !strings.Contains(got, "column 5") {
		t.Errorf("the polynomial's error %q does not name its column", got)
	}
}

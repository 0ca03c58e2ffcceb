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

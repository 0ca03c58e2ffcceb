package web

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// The sequences page links an OEIS search for a heap game with no
// A-number where the A-number link would be (issue 44 §4), and the
// A-number itself for one that has it.
func TestBrowserOEISSearchLink(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	run(t, ctx, "open", chromedp.Navigate(url+"/#/sequence?game=subtract:1,3,4"))
	waitJS(t, ctx, "search link", `!!document.getElementById('seq-oeis-search')`)
	want := "https://oeis.org/search?q=0,1,0,1,2,3,2,0,1,0,1,2,3,2,0,1,0,1,2,3" // period 7 of S = {1, 3, 4}
	if got := eval[string](t, ctx, "href", `document.getElementById('seq-oeis-search').getAttribute('href')`); got != want {
		t.Errorf("subtract:1,3,4: search link %q, want %q", got, want)
	}
	run(t, ctx, "blank", chromedp.Navigate("about:blank"))
	run(t, ctx, "open kayles", chromedp.Navigate(url+"/#/sequence?game=kayles"))
	waitJS(t, ctx, "A-number", `!!document.getElementById('seq-oeis-link')`)
	if eval[bool](t, ctx, "no search", `!!document.getElementById('seq-oeis-search')`) {
		t.Errorf("kayles: a search link beside its A-number")
	}
}

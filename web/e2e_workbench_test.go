package web

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// pages are the workbench's pages at a state that shows what they draw.
var pages = []struct{ name, hash, ready string }{
	{"explore", "#/explore?game=nim&position=3+5+7+4", `document.querySelectorAll('#explore-moves button.move').length > 0`},
	{"explore-kayles", "#/explore?game=kayles&position=7+4", `!!document.querySelector('#explore-result .pins')`},
	{"play", "#/play?game=nim&position=3+4+5&first=computer&strength=random&values=1", `document.querySelectorAll('#play-moves button.move').length > 0`},
	{"sequence", "#/sequence?game=kayles&to=200", `!!document.querySelector('#seq-summary .pverdict')`},
	{"sequence-wythoff", "#/sequence?game=wythoff&size=48", `!document.getElementById('seq-heat').hidden && document.querySelectorAll('#seq-table td').length > 0`},
	{"cardflip", "#/cardflip?strategy=stacks&m=100&seed=2&players=0&compare=0", `document.querySelectorAll('#cf-row .fc').length === 100 && document.querySelectorAll('#cf-h-row .fc').length > 0`},
	{"bridge", "#/bridge?n=4&seed=7&start=2", `document.querySelectorAll('#br-table .seatg').length === 8`},
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
			for i, r := range tabs {
				if r > float64(width) {
					t.Errorf("%s at %d px: tab %d ends at %.0f px, off screen", p.name, width, i+1, r)
				}
			}
		}
	}
	_ = fmt.Sprint
}

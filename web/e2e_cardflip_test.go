package web

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/grundy/grundy/cardflip"
)

// The compare plot of the card-flip lab at 1400 and 400 px (issue 44):
// one colour per strategy and the bound, all distinct; the best strategy
// (cardflip.BestName) the lab's default, drawn thicker, named "(best)" in
// the legend and the table; the m axis labels and the legend items apart
// from each other and inside the plot; the least E[X] of a row in bold.
func TestBrowserCardflipCompareColours(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	best := cardflip.BestName
	for _, size := range widths {
		run(t, ctx, "viewport", chromedp.EmulateViewport(size.w, size.h), chromedp.Navigate("about:blank"))
		run(t, ctx, "open lab", chromedp.Navigate(url+"/#/cardflip"))
		waitJS(t, ctx, "strategies", `document.querySelectorAll('#cf-strategy option').length > 5 && document.getElementById('cf-strategy').value !== ''`)
		if got := eval[string](t, ctx, "default", `document.getElementById('cf-strategy').value`); got != best {
			t.Errorf("%d px: the lab starts with %q, want the best, %q", size.w, got, best)
		}
		eval[chromedp.Void](t, ctx, "range", `(() => {
			for (const [id, v] of [['cf-from', 2], ['cf-to', 100], ['cf-every', 7], ['cf-trials', 60]]) document.getElementById(id).value = String(v);
		})()`)
		run(t, ctx, "compare", click("#cf-compare"))
		waitJS(t, ctx, "compared", `document.getElementById('cf-progress-text').textContent.startsWith('done: ')`)

		type series struct {
			Name, Stroke string
			Width        float64
			Best         bool
			Legend       string
		}
		ss := eval[[]series](t, ctx, "series", `[...document.querySelectorAll('#cf-plot g.series')].map(g => {
			const l = g.querySelector('polyline');
			const lg = document.querySelector('#cf-plot g.legend[data-strategy="' + g.dataset.strategy + '"]');
			return {Name: g.dataset.strategy, Stroke: l.getAttribute('stroke'), Width: parseFloat(getComputedStyle(l).strokeWidth),
				Best: g.classList.contains('best'), Legend: lg ? lg.textContent : ''};
		})`)
		if len(ss) != len(cardflip.CompareStrategies())+1 {
			t.Fatalf("%d px: %d series, want %d strategies and the bound", size.w, len(ss), len(cardflip.CompareStrategies()))
		}
		colour := map[string]string{}
		var bestWidth, otherWidth float64
		for _, s := range ss {
			if other, ok := colour[s.Stroke]; ok || s.Stroke == "" {
				t.Errorf("%d px: %s and %s share the colour %q", size.w, s.Name, other, s.Stroke)
			}
			colour[s.Stroke] = s.Name
			switch {
			case s.Name == best:
				bestWidth = s.Width
				if !s.Best || s.Legend != best+" (best)" {
					t.Errorf("%d px: the best strategy %s: marked %v, legend %q", size.w, s.Name, s.Best, s.Legend)
				}
			case s.Best:
				t.Errorf("%d px: %s marked best", size.w, s.Name)
			case s.Name != "lower bound":
				otherWidth = max(otherWidth, s.Width)
			}
		}
		if bestWidth <= otherWidth {
			t.Errorf("%d px: the best strategy's line %.1f px wide, the others' up to %.1f", size.w, bestWidth, otherWidth)
		}

		// Text boxes: the m labels and the legend items, none overlapping
		// another of its kind, all inside the plot, at a readable size.
		type box struct {
			Text                     string
			Left, Right, Top, Bottom float64
		}
		plot := eval[box](t, ctx, "plot box", `(() => { const r = document.getElementById('cf-plot').getBoundingClientRect(); return {Left: r.left, Right: r.right, Top: r.top, Bottom: r.bottom}; })()`)
		for _, sel := range []string{"#cf-plot text.xtick", "#cf-plot g.legend text"} {
			bs := eval[[]box](t, ctx, sel, fmt.Sprintf(`[...document.querySelectorAll(%q)].map(e => { const r = e.getBoundingClientRect(); return {Text: e.textContent, Left: r.left, Right: r.right, Top: r.top, Bottom: r.bottom}; })`, sel))
			if len(bs) < 2 {
				t.Errorf("%d px: %d boxes of %s", size.w, len(bs), sel)
			}
			for i, a := range bs {
				if a.Left < plot.Left-1 || a.Right > plot.Right+1 || a.Bottom > plot.Bottom+1 {
					t.Errorf("%d px: %s %q outside the plot: %+v in %+v", size.w, sel, a.Text, a, plot)
				}
				if a.Bottom-a.Top < 10 {
					t.Errorf("%d px: %s %q is %.1f px high", size.w, sel, a.Text, a.Bottom-a.Top)
				}
				for _, b := range bs[i+1:] {
					if a.Left < b.Right && b.Left < a.Right && a.Top < b.Bottom && b.Top < a.Bottom {
						t.Errorf("%d px: %s %q and %q overlap: %+v %+v", size.w, sel, a.Text, b.Text, a, b)
					}
				}
			}
		}

		// The table: the best strategy's column marked, the least of each
		// row in bold (only measured values compete).
		if h := eval[string](t, ctx, "best column", `document.querySelector('#cf-table th.best')?.dataset.strategy ?? ''`); h != best {
			t.Errorf("%d px: the table marks %q, want %q", size.w, h, best)
		}
		bad := eval[[]string](t, ctx, "least", `[...document.querySelectorAll('#cf-table tbody tr')].flatMap(tr => {
			const tds = [...tr.querySelectorAll('td')].slice(0, -1);
			const measured = tds.filter(td => !td.textContent.endsWith('*'));
			const least = Math.min(...measured.map(td => parseFloat(td.textContent)));
			const bold = tds.filter(td => td.classList.contains('least'));
			return bold.length > 0 && bold.every(td => parseFloat(td.textContent) === least) ? [] : [tr.textContent];
		})`)
		if len(bad) > 0 {
			t.Errorf("%d px: rows without their least E[X] in bold: %q", size.w, bad)
		}
	}
}

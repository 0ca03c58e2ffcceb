package web

import (
	"fmt"
	neturl "net/url"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/grundy/grundy/partizan/games"
)

// bigHackenbush is twenty stalks of alternating colour, of lengths 1 to
// 20 (blue at the ground): 110 options of Left's and 100 of Right's, all
// distinct positions, more than a page (100) for Left.
func bigHackenbush() string {
	var stalks []string
	for k := 1; k <= 20; k++ {
		var b strings.Builder
		for i := range k {
			b.WriteByte("lr"[i%2])
		}
		stalks = append(stalks, b.String())
	}
	return "(" + strings.Join(stalks, ";") + ")"
}

// The partizan page marks each option with its rank among its side's
// options, as the library ranks it (games.Move.Rank, Reversible: best,
// dominated, reversible, tested against the definitions in
// partizan/games), explains the marks in words, and lists a side's
// options a page at a time with "more…" instead of stopping at a fixed
// number; at 1400 and at 400 px, without a horizontal scroll.
func TestBrowserPartizanRanksAndPages(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	marks := func(side string) []string {
		return eval[[]string](t, ctx, side+" marks", `[...document.querySelectorAll('#pz-`+side+`-options button.move')].map(b =>
			b.dataset.position + ' ' + b.dataset.rank + ' ' + b.dataset.reversible + ' ' +
			[...b.querySelectorAll('.chip.prank')].map(c => c.textContent).join('+'))`)
	}
	want := func(ms []games.Move) []string {
		var out []string
		for _, m := range ms {
			chips := m.Rank
			if m.Reversible {
				chips += "+reversible"
			}
			out = append(out, fmt.Sprintf("%s %s %v %s", m.To, m.Rank, m.Reversible, chips))
		}
		return out
	}
	big := bigHackenbush()
	whole := analyzeAll(t, "hackenbush", big)
	if whole.LeftMoves <= 100 || whole.RightMoves != 100 {
		t.Fatalf("the big picture has %d and %d options, want more than 100 and 100", whole.LeftMoves, whole.RightMoves)
	}
	for _, size := range widths {
		run(t, ctx, "viewport", chromedp.EmulateViewport(size.w, size.h), chromedp.Navigate("about:blank"))
		// l(l;r) = {0,1/2|2} = 1: a dominated option and two reversible
		// ones; Domineering 4×4: best options that lose beside best ones
		// that win, confused with each other.
		for _, c := range []struct{ game, pos string }{{"hackenbush", "l(l;r)"}, {"domineering", "....|....|....|...."}} {
			a := analyzeAll(t, c.game, c.pos)
			run(t, ctx, "open", chromedp.Navigate(url+"/#/partizan?game="+c.game+"&position="+neturl.QueryEscape(c.pos)))
			waitJS(t, ctx, "analysis", fmt.Sprintf(`document.getElementById('pz-position').value === %q && document.querySelectorAll('#pz-left-options button.move').length === %d && !document.getElementById('pz-result').classList.contains('busy')`, c.pos, a.LeftMoves))
			if got := marks("left"); !slices.Equal(got, want(a.LeftOptions)) {
				t.Errorf("at %d px, %s %s: Left's marks %q\nthe library's %q", size.w, c.game, c.pos, got, want(a.LeftOptions))
			}
			if got := marks("right"); !slices.Equal(got, want(a.RightOptions)) {
				t.Errorf("at %d px, %s %s: Right's marks %q\nthe library's %q", size.w, c.game, c.pos, got, want(a.RightOptions))
			}
		}
		legend := textOf(t, ctx, "#pz-legend")
		for _, w := range []string{"best — no other option of the same side is better", "dominated — another option of the same side is better", "reversible — the other player has an answer"} {
			if !strings.Contains(legend, w) {
				t.Errorf("at %d px: the legend %q does not say %q", size.w, legend, w)
			}
		}
		// The chips stay inside their option at this width.
		if bad := eval[int](t, ctx, "chips inside", `[...document.querySelectorAll('#pz-left-options button.move')].filter(b => { const r = b.getBoundingClientRect(); return [...b.querySelectorAll('.chip.prank')].some(c => { const q = c.getBoundingClientRect(); return q.left < r.left - 1 || q.right > r.right + 1; }); }).length`); bad != 0 {
			t.Errorf("at %d px: %d options have a mark outside them", size.w, bad)
		}

		// The big picture: a page of 100 of Left's options, "more…", and
		// then all of them, in the library's order; Right's 100 fit.
		run(t, ctx, "big", chromedp.Navigate(url+"/#/partizan?game=hackenbush&position="+neturl.QueryEscape(big)))
		waitJS(t, ctx, "big analysis", `document.querySelectorAll('#pz-left-options button.move').length === 100 && !!document.getElementById('pz-left-more')`)
		if got, w := textOf(t, ctx, "#pz-left-more"), fmt.Sprintf("more… (%d not shown)", whole.LeftMoves-100); got != w {
			t.Errorf("at %d px: the button says %q, want %q", size.w, got, w)
		}
		if n := eval[int](t, ctx, "right more", `document.querySelectorAll('#pz-right-more, #pz-right-note').length`); n != 0 {
			t.Errorf("at %d px: Right's 100 options have a \"more\"", size.w)
		}
		run(t, ctx, "more", click("#pz-left-more"))
		waitJS(t, ctx, "all of Left's", fmt.Sprintf(`document.querySelectorAll('#pz-left-options button.move').length === %d && !document.getElementById('pz-left-more')`, whole.LeftMoves))
		got := eval[[]string](t, ctx, "left positions", `[...document.querySelectorAll('#pz-left-options button.move')].map(b => b.dataset.position + ' ' + b.dataset.value + ' ' + b.dataset.rank)`)
		var all []string
		for _, m := range whole.LeftOptions {
			all = append(all, m.To+" "+m.Value+" "+m.Rank)
		}
		if !slices.Equal(got, all) {
			t.Errorf("at %d px: Left's options after more… differ from the library's (%d and %d)", size.w, len(got), len(all))
		}
		if w := eval[float64](t, ctx, "scroll width", `document.documentElement.scrollWidth - window.innerWidth`); w > 0 {
			t.Errorf("at %d px: the page scrolls sideways by %v px", size.w, w)
		}
	}
}

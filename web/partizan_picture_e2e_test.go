package web

import (
	"context"
	"fmt"
	neturl "net/url"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/games"
)

// The partizan page draws Hackenbush and the graph games from the
// server's picture (games.Picture): an edge per edge of the picture in
// its colour, a vertex per vertex with its label. A click on an edge or a
// vertex is the option the server says changes it (games.Move.Changes):
// in the explorer it goes there (or offers the options of both sides
// when both change it), in play it is the player's move; hovering an
// option marks what it changes. At 1400 and at 400 px.
func TestBrowserPartizanPictures(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	open := func(game, pos string) *games.Analysis {
		t.Helper()
		a := analyzeAll(t, game, pos)
		run(t, ctx, "open", chromedp.Navigate(url+"/#/partizan?game="+game+"&position="+neturl.QueryEscape(pos)))
		waitJS(t, ctx, "picture of "+pos, fmt.Sprintf(`document.getElementById('pz-picture')?.dataset.position === %q && document.getElementById('pz-value')?.textContent === %q && !document.getElementById('pz-result').classList.contains('busy')`, a.Position, a.Value))
		return a
	}
	// optionWith returns the option of ms that changes part i.
	optionWith := func(ms []games.Move, i int) (games.Move, bool) {
		for _, m := range ms {
			if slices.Contains(m.Changes, i) {
				return m, true
			}
		}
		return games.Move{}, false
	}
	for _, size := range widths {
		run(t, ctx, "viewport", chromedp.EmulateViewport(size.w, size.h), chromedp.Navigate("about:blank"))

		// Hackenbush l(l;r) = 1: three edges, blue, blue, red.
		a := open("hackenbush", "l(l;r)")
		var colours []string
		for _, e := range a.Picture.Edges {
			colours = append(colours, e.Color)
		}
		got := eval[[]string](t, ctx, "edges", `[...document.querySelectorAll('#pz-picture .pedge')].map(g => ['l', 'r', 'e'].find(c => g.classList.contains('c-' + c)) ?? '?')`)
		if !slices.Equal(got, colours) {
			t.Errorf("at %d px: edges drawn %q, the picture's %q", size.w, got, colours)
		}
		// Hovering Left's second option marks the edge it cuts.
		m := a.LeftOptions[1]
		eval[chromedp.Void](t, ctx, "hover", fmt.Sprintf(`document.querySelector('#pz-left-options button.move[data-position=%q]').dispatchEvent(new MouseEvent('mouseenter'))`, m.To))
		if marked := eval[[]string](t, ctx, "marked", `[...document.querySelectorAll('#pz-picture .pmove')].map(g => g.dataset.edge)`); !slices.Equal(marked, []string{fmt.Sprint(m.Changes[0])}) {
			t.Errorf("at %d px: hovering %s marks edges %q, it cuts %v", size.w, m.To, marked, m.Changes)
		}
		eval[chromedp.Void](t, ctx, "leave", fmt.Sprintf(`document.querySelector('#pz-left-options button.move[data-position=%q]').dispatchEvent(new MouseEvent('mouseleave'))`, m.To))
		// A click on the red edge goes to Right's option that cuts it.
		red := slices.IndexFunc(a.Picture.Edges, func(e games.PictureEdge) bool { return e.Color == "r" })
		want, ok := optionWith(a.RightOptions, red)
		if !ok {
			t.Fatalf("no option of Right's cuts the red edge %d", red)
		}
		run(t, ctx, "cut", click(fmt.Sprintf(`#pz-picture [data-edge="%d"]`, red)))
		open2 := analyzeAll(t, "hackenbush", want.To)
		waitJS(t, ctx, "went", fmt.Sprintf(`document.getElementById('pz-position').value === %q && document.getElementById('pz-picture')?.dataset.position === %q`, want.To, open2.Position))
		if n := eval[int](t, ctx, "edges after", `document.querySelectorAll('#pz-picture .pedge').length`); n != len(open2.Picture.Edges) {
			t.Errorf("at %d px: %d edges after the cut, the picture has %d", size.w, n, len(open2.Picture.Edges))
		}

		// Col path(3): the middle vertex can be coloured by either side,
		// to two positions: the page offers both; Right's is followed.
		a = open("col", "path(3)")
		mid := 1
		lm, okL := optionWith(a.LeftOptions, mid)
		rm, okR := optionWith(a.RightOptions, mid)
		if !okL || !okR || lm.To == rm.To {
			t.Fatalf("col path(3): vertex 2's options %v %v", lm, rm)
		}
		run(t, ctx, "vertex", click(fmt.Sprintf(`#pz-picture [data-vertex="%d"]`, mid)))
		waitJS(t, ctx, "choice", `document.querySelectorAll('#pz-pick button').length === 2`)
		sides := eval[[]string](t, ctx, "choices", `[...document.querySelectorAll('#pz-pick button')].map(b => b.dataset.side + ' ' + b.dataset.position)`)
		if !slices.Equal(sides, []string{"left " + lm.To, "right " + rm.To}) {
			t.Errorf("at %d px: choices %q, the library's %q and %q", size.w, sides, lm.To, rm.To)
		}
		run(t, ctx, "right's", click(`#pz-pick button[data-side="right"]`))
		waitJS(t, ctx, "went", fmt.Sprintf(`document.getElementById('pz-position').value === %q`, rm.To))
		if w := eval[float64](t, ctx, "scroll width", `document.documentElement.scrollWidth - window.innerWidth`); w > 0 {
			t.Errorf("at %d px: the page scrolls sideways by %v px", size.w, w)
		}
	}

	// Play Hackenbush l(l;r) = 1 (Left wins, whoever moves first) as Left
	// moving first, by clicking the edge of a winning move each turn (the
	// library's); the computer answers with games.Reply's move; Left wins.
	start := "l(l;r)"
	run(t, ctx, "play", chromedp.Navigate(url+"/#/partizan?game=hackenbush&position="+neturl.QueryEscape(start)+"&mode=left&first=left"))
	open2 := analyzeAll(t, "hackenbush", start)
	waitJS(t, ctx, "ready", fmt.Sprintf(`document.getElementById('pz-picture')?.dataset.position === %q`, open2.Position))
	run(t, ctx, "start", click("#pz-start"))
	ended := ""
	for turn := 0; turn < 10 && ended == ""; turn++ {
		st := poll[string](t, ctx, "turn", `(() => { const s = document.getElementById('pz-status'); const t = s.hidden ? '' : s.textContent; return t.startsWith('Your move') && document.getElementById('pz-your-moves') ? 'you' : t.startsWith('You') ? t : ''; })()`)
		if st != "you" {
			ended = st
			break
		}
		pos := eval[string](t, ctx, "position", `document.getElementById('pz-position').value`)
		a := analyzeAll(t, "hackenbush", pos)
		if len(a.LeftWins) == 0 {
			t.Fatalf("Left to move at %s has no winning move", pos)
		}
		m := a.LeftWins[0]
		waitJS(t, ctx, "picture", fmt.Sprintf(`document.getElementById('pz-picture')?.dataset.position === %q`, a.Position))
		run(t, ctx, "cut", click(fmt.Sprintf(`#pz-picture [data-edge="%d"]`, m.Changes[0])))
		waitJS(t, ctx, "moved", fmt.Sprintf(`document.getElementById('pz-history').children.length >= %d`, 2*turn+1))
		if got := eval[string](t, ctx, "my move", fmt.Sprintf(`document.getElementById('pz-history').children[%d].querySelector('code').textContent`, 2*turn)); got != m.To {
			t.Errorf("clicking edge %d played %q, want %q", m.Changes[0], got, m.To)
		}
		r, ok, err := games.Reply(context.Background(), "hackenbush", m.To, partizan.Right, games.Settings{})
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			continue
		}
		waitJS(t, ctx, "reply", fmt.Sprintf(`document.getElementById('pz-history').children.length >= %d`, 2*turn+2))
		if got := eval[string](t, ctx, "reply", fmt.Sprintf(`document.getElementById('pz-history').children[%d].querySelector('code').textContent`, 2*turn+1)); got != r.To {
			t.Errorf("the computer played %q, games.Reply %q", got, r.To)
		}
	}
	if !strings.HasPrefix(ended, "You win") {
		t.Errorf("Hackenbush %s (= 1, Left wins) played as Left: the game ended %q", start, ended)
	}
}

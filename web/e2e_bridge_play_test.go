package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/grundy/grundy/bridge"
)

// The bridge page in plain words and its play panel (issue 44 §4): the
// rules name the deal's n, the legend its marks; playing team A of the
// seed-1 deal from start 3, a mistake shows the optimal card and its cost
// as package bridge's Round judges it (Round is checked against the plain
// game tree in bridge's tests), the hint the values of both choices, undo
// takes the play back, and the end gives the score and the mistakes' cost.
// At 400 px the rules, the legend and the panel fit the width.
func TestBrowserBridgePlay(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	d := bridge.RandomDeal(2, 1)
	seats, _ := bridge.ParseSeats("A", 2)
	r, err := d.NewRound(3)
	if err != nil {
		t.Fatal(err)
	}
	r.Advance(seats)
	ch := r.Choices()
	if ch[0].Value == ch[1].Value {
		t.Fatalf("the deal's first choice for A is no test: %+v", ch)
	}
	best, worse := r.Best(), ch[0]
	if worse == best {
		worse = ch[1]
	}

	run(t, ctx, "open bridge", chromedp.Navigate(url+"/#/bridge?n=2&seed=1&start=3"))
	waitJS(t, ctx, "rules", `(document.getElementById('br-rules')?.textContent ?? '').includes('In this deal n = 2: 4 players, the cards 1 to 8.')`)
	rules := text(t, ctx, "#br-rules")
	for _, want := range []string{"Team P holds the odd positions (1, 3, 5, …) and team A the even ones", "The starting player s goes first", "Put one of your two cards down on the table and keep the other.", "The highest card put down scores one point", "it maximizes A's points", "it minimizes them"} {
		if !strings.Contains(rules, want) {
			t.Errorf("rules lack %q: %s", want, rules)
		}
	}
	// Every mark of the legend says what it means.
	if k := eval[int](t, ctx, "legend", `[...document.querySelectorAll('#br-legend li')].filter(li => li.lastChild.textContent.length > 10).length`); k < 9 {
		t.Errorf("legend has %d explained entries, want 9", k)
	}
	waitJS(t, ctx, "panel follows the start", `document.getElementById('br-play-start').value === '3' && !document.getElementById('br-play').disabled`)
	eval[chromedp.Void](t, ctx, "as A", `document.getElementById('br-as').value = 'A'`)
	run(t, ctx, "play", click("#br-play"))
	waitJS(t, ctx, "first turn", `document.querySelectorAll('#br-play-prompt button.cardbtn').length === 2 && document.querySelectorAll('#br-play-turns li').length === 1`)
	if got := text(t, ctx, "#br-play-turns li"); !strings.Contains(got, "Position 3 (P, computer) puts down") {
		t.Errorf("first turn %q", got)
	}
	if got := eval[string](t, ctx, "to move", `document.querySelector('#br-play-table g.tomove')?.dataset.position`); got != fmt.Sprint(r.ToMove()) {
		t.Errorf("the table marks position %q to move, want %d", got, r.ToMove())
	}
	// The hint: both choices valued.
	run(t, ctx, "hint", click("#br-play-hintbtn"))
	hint := text(t, ctx, "#br-play-hint")
	for _, c := range ch {
		if want := fmt.Sprintf("put down %d and team A scores %d point", c.Played, c.Value); !strings.Contains(hint, want) {
			t.Errorf("hint %q lacks %q", hint, want)
		}
	}
	// A mistake, judged; undone.
	run(t, ctx, "mistake", click(fmt.Sprintf(`#br-play-prompt button[data-card="%d"]`, worse.Played)))
	waitJS(t, ctx, "verdict", `!!document.querySelector('#br-play-turns li.you.mistake')`)
	cost := ch[0].Value - ch[1].Value
	if cost < 0 {
		cost = -cost
	}
	if got, want := text(t, ctx, "#br-play-turns li.you.mistake .verdict"), fmt.Sprintf("putting down %d was optimal", best.Played); !strings.Contains(got, want) || !strings.Contains(got, fmt.Sprintf("It cost team A %d point", cost)) {
		t.Errorf("verdict %q, want %q and a cost of %d", got, want, cost)
	}
	run(t, ctx, "undo", click("#br-play-undo"))
	waitJS(t, ctx, "undone", `document.querySelectorAll('#br-play-turns li').length === 1 && document.querySelectorAll('#br-play-prompt button.cardbtn').length === 2`)
	// The optimal line to the end, always the optimal card (the library's).
	run(t, ctx, "optimal", click(fmt.Sprintf(`#br-play-prompt button[data-card="%d"]`, best.Played)))
	if _, err := r.Play(best.Played); err != nil {
		t.Fatal(err)
	}
	for {
		r.Advance(seats)
		if r.Over() {
			break
		}
		b := r.Best().Played
		waitJS(t, ctx, "next turn", fmt.Sprintf(`!!document.querySelector('#br-play-prompt button[data-card="%d"]') && document.querySelectorAll('#br-play-turns li').length === %d`, b, len(r.Turns())))
		run(t, ctx, "play best", click(fmt.Sprintf(`#br-play-prompt button[data-card="%d"]`, b)))
		r.PlayBest()
	}
	waitJS(t, ctx, "end", `!!document.getElementById('br-play-summary')`)
	if got, want := text(t, ctx, "#br-play-status"), fmt.Sprintf("Team A scores %d points", r.Value()); !strings.HasPrefix(got, want) {
		t.Errorf("status %q, want %q", got, want)
	}
	if got := text(t, ctx, "#br-play-summary"); !strings.HasSuffix(got, "you made no mistake.") {
		t.Errorf("summary %q", got)
	}
	if k := eval[int](t, ctx, "verdicts", `document.querySelectorAll('#br-play-turns li.you.good').length`); k != 2 {
		t.Errorf("%d optimal plays marked, want 2", k)
	}

	// A phone: everything fits the width.
	run(t, ctx, "phone", chromedp.EmulateViewport(400, 1400))
	waitJS(t, ctx, "laid out", `document.documentElement.scrollWidth <= 400`)
	for _, sel := range []string{"#br-rules ol", "#br-legend", "#br-playcard", "#br-play-turns"} {
		if w := eval[float64](t, ctx, "width of "+sel, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return r.height > 0 ? r.right : 999; })()`, sel)); w > 400 {
			t.Errorf("%s reaches %.0f px at a 400 px width (or is hidden)", sel, w)
		}
	}
}

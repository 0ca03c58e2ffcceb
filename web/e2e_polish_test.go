package web

import (
	"context"
	"fmt"
	neturl "net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

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

// Sequence plots stay readable at 1000+ values and at 400 px (issue 44
// §4): Kayles' G(0..1999) with its period is drawn with one scale, the
// one its axis labels show (each value's tick where x(n) and y(G(n)) put
// it, read back from the labels: no stretch of n drawn wider than
// another), the axis labels do not run into each other, and the period's
// labels sit above the plot, off its boundary lines.
func TestBrowserSequencePlotReadable(t *testing.T) {
	url := serve(t, New(Config{Timeout: time.Minute}))
	ctx := browser(t)
	for _, size := range widths {
		run(t, ctx, "viewport", chromedp.EmulateViewport(size.w, size.h), chromedp.Navigate("about:blank"))
		run(t, ctx, "kayles", chromedp.Navigate(url+"/#/sequence?game=kayles&to=1999"))
		waitJS(t, ctx, "period marked", `!!document.querySelector('#seq-plot path.columns') && !!document.querySelector('#seq-plot .period line.boundary') &&
			document.getElementById('seq-progress-text').textContent.startsWith('done: ')`)
		type check struct {
			Ticks, Missing, Extra int
			Overlaps              []string
			Crossed               []string
			Outside               []string
		}
		got := eval[check](t, ctx, "plot", `fetch('/api/values?game=kayles&to=1999').then(r => r.json()).then((seq) => {
			const svg = document.getElementById('seq-plot');
			const labels = (pred) => [...svg.querySelectorAll('.grid text:not(.axis)')].filter(pred);
			const vb = svg.viewBox.baseVal;
			// The axis labels: n along the bottom (text-anchor middle), G down the left (end).
			const xs = labels((t) => t.getAttribute('text-anchor') === 'middle').map((t) => [Number(t.textContent), Number(t.getAttribute('x'))]);
			const ys = labels((t) => t.getAttribute('text-anchor') === 'end').map((t) => [Number(t.textContent), Number(t.getAttribute('y')) - 4]);
			const lin = (pts) => { const [a, b] = [pts[0], pts[pts.length - 1]]; return (v) => a[1] + (v - a[0]) * (b[1] - a[1]) / (b[0] - a[0]); };
			const x = lin(xs), y = lin(ys);
			const want = new Set(seq.values.map((v, i) => Math.round(x(seq.start + i)) + ',' + Math.round(y(v))));
			const have = new Set();
			for (const m of svg.querySelector('path.columns').getAttribute('d').matchAll(/M([-\d.]+) ([-\d.]+)h/g)) {
				have.add(Math.round(Number(m[1]) + 0.6) + ',' + Math.round(Number(m[2])));
			}
			const missing = [...want].filter((k) => !have.has(k)).length;
			const extra = [...have].filter((k) => !want.has(k)).length;
			// Labels along the bottom: at least 4 px apart, inside the drawing.
			const boxes = labels((t) => t.getAttribute('text-anchor') === 'middle').map((t) => t.getBBox());
			const overlaps = [], outside = [];
			boxes.forEach((b, i) => {
				if (i > 0 && b.x < boxes[i - 1].x + boxes[i - 1].width + 4) overlaps.push(xs[i - 1][0] + '/' + xs[i][0]);
				if (b.x < 0 || b.x + b.width > vb.width) outside.push(String(xs[i][0]));
			});
			// The period's labels: above the top of every boundary line, inside the drawing.
			const top = Math.min(...[...svg.querySelectorAll('.period line.boundary')].map((l) => Number(l.getAttribute('y1'))));
			const crossed = [];
			for (const t of svg.querySelectorAll('.period text')) {
				const b = t.getBBox();
				if (b.y + b.height > top) crossed.push(t.textContent);
				if (b.x < 0 || b.x + b.width > vb.width) outside.push(t.textContent);
			}
			return {Ticks: have.size, Missing: missing, Extra: extra, Overlaps: overlaps, Crossed: crossed, Outside: outside};
		})`, chromedp.EvalAwaitPromise)
		if got.Missing > 0 || got.Extra > 0 || got.Ticks == 0 {
			t.Errorf("at %d px: %d ticks, %d values not where the axes put them, %d ticks where no value is", size.w, got.Ticks, got.Missing, got.Extra)
		}
		if len(got.Overlaps) > 0 {
			t.Errorf("at %d px: axis labels run into each other: %v", size.w, got.Overlaps)
		}
		if len(got.Crossed) > 0 {
			t.Errorf("at %d px: period labels on the plot's lines: %q", size.w, got.Crossed)
		}
		if len(got.Outside) > 0 {
			t.Errorf("at %d px: labels cut off at the edge: %q", size.w, got.Outside)
		}
		// Kayles has one P-position, G(0) = 0: one of a thing is singular.
		if sum := text(t, ctx, "#seq-summary"); !strings.Contains(sum, "one P-position (G = 0)") {
			t.Errorf("at %d px: summary %q", size.w, sum)
		}
	}
}

// A long run of values says, while it runs, how many values have come and
// at what rate (issue 44 §4), and its end says the rate too.
// subtract:all-but:2 to 100000 takes minutes (n options at heap n): the
// count and rate are read after the first answers, then the run is
// canceled.
func TestBrowserSequenceRunRate(t *testing.T) {
	url := serve(t, New(Config{Timeout: time.Minute}))
	ctx := browser(t)
	run(t, ctx, "long run", chromedp.Navigate(url+"/#/sequence?game=subtract:all-but:2&to=100000"))
	rate := regexp.MustCompile(`^computing G\(0\.\.\d+\) of 100,001 values… ([\d,]+) done in [\d.]+ s, [\d,]+ values/s$`)
	waitJS(t, ctx, "count and rate", `/ [1-9][\d,]* done in [\d.]+ s, [\d,]+ values\/s$/.test(document.getElementById('seq-progress-text').textContent)`)
	got := text(t, ctx, "#seq-progress-text")
	m := rate.FindStringSubmatch(got)
	if m == nil {
		t.Fatalf("progress %q", got)
	}
	shown := eval[int](t, ctx, "shown", `document.querySelectorAll('#seq-table td').length`)
	if n, _ := strconv.Atoi(strings.ReplaceAll(m[1], ",", "")); n < 1000 || shown == 0 {
		t.Errorf("progress %q counts %d values; the table shows %d cells", got, n, shown)
	}
	run(t, ctx, "cancel", click("#seq-cancel"))
	waitJS(t, ctx, "canceled", `document.getElementById('seq-progress-text').textContent === 'canceled'`)

	run(t, ctx, "short run", chromedp.Navigate(url+"/#/sequence?game=kayles&to=5000"))
	waitJS(t, ctx, "done", `document.getElementById('seq-progress-text').textContent.startsWith('done: ')`)
	if got := text(t, ctx, "#seq-progress-text"); !regexp.MustCompile(`^done: 5,001 values in [\d.]+ s \([\d,]+ values/s\)$`).MatchString(got) {
		t.Errorf("at the end: %q", got)
	}
}

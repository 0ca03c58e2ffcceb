package web

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/grundy/grundy/bridge"
	"github.com/grundy/grundy/cardflip"
	"github.com/grundy/grundy/internal/longtest"
)

// The end-to-end tests drive the page in headless Chromium (Debian's
// /usr/bin/chromium, or $GRUNDY_CHROMIUM) against a real server on
// loopback. They take minutes (a page load and its scripts per step), so
// the default run skips them: they run with GRUNDY_E2E=1 (set by .ci/run:
// a missing browser is then a failure) or with the exhaustive suites
// (GRUNDY_LONG=1, internal/longtest), when a browser is found.

func chromiumPath() string {
	if p := os.Getenv("GRUNDY_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browser returns a tab of headless Chromium in a browser context of its
// own (like a fresh incognito profile: no cookies, storage or cache seen
// by another test), closed when the test ends. The tests share one
// Chromium, started by the first that asks (a start costs about 0.7 s of
// CPU, as much as a short test, and 23 tests ask); a test that needs
// other flags (the extra options) gets a Chromium of its own. A tab in a
// new window shows 1280×713 px of page, the first window of a browser
// 1280×657: the tests that depend on the viewport set it (EmulateViewport).
func browser(t *testing.T, extra ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	e2e := os.Getenv("GRUNDY_E2E") == "1"
	if !e2e && !longtest.Enabled() {
		t.Skip("browser test: set GRUNDY_E2E=1 (or GRUNDY_LONG=1) to run it; .ci/run does")
	}
	path := chromiumPath()
	if path == "" {
		msg := "no chromium found (install Debian's chromium: apt-get install -y chromium, or set GRUNDY_CHROMIUM)"
		if e2e {
			t.Fatal("GRUNDY_E2E=1 but " + msg)
		}
		t.Skip("skipping browser test: " + msg)
	}
	var ctx context.Context
	var cancelTab context.CancelFunc
	if len(extra) == 0 {
		bctx, err := sharedChromium.get(path)
		if err != nil {
			t.Fatalf("starting %s: %v", path, err)
		}
		ctx, cancelTab = chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	} else {
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), chromiumOptions(path, t.TempDir(), extra...)...)
		t.Cleanup(cancelAlloc) // after the tab's cleanup (last in, first out)
		ctx, cancelTab = chromedp.NewContext(actx)
	}
	ctx, cancelTime := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(func() { cancelTime(); cancelTab() })
	if err := chromedp.Do(ctx); err != nil { // open the tab (and start the browser)
		t.Fatalf("starting %s: %v", path, err)
	}
	return ctx
}

func chromiumOptions(path, profile string, extra ...chromedp.ExecAllocatorOption) []chromedp.ExecAllocatorOption {
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1280, 800),
	}
	return append(opts, extra...)
}

// sharedChromium is the browser the tests share (see browser); TestMain
// closes it. One that died (a crash) is started again.
var sharedChromium chromium

type chromium struct {
	mu      sync.Mutex
	ctx     context.Context // its first tab: the parent of every test's tab
	cancel  func()
	profile string
}

func (b *chromium) get(path string) (context.Context, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.ctx != nil && b.ctx.Err() == nil {
		return b.ctx, nil
	}
	b.close()
	profile, err := os.MkdirTemp("", "grundy-chromium")
	if err != nil {
		return nil, err
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), chromiumOptions(path, profile)...)
	ctx, cancelTab := chromedp.NewContext(actx)
	b.ctx, b.profile = ctx, profile
	b.cancel = func() { cancelTab(); cancelAlloc() }
	if err := chromedp.Do(ctx); err != nil { // start the browser
		b.close()
		return nil, err
	}
	return ctx, nil
}

// close ends the browser and removes its profile.
func (b *chromium) close() {
	if b.cancel != nil {
		b.cancel()
		os.RemoveAll(b.profile)
	}
	b.ctx, b.cancel, b.profile = nil, nil, ""
}

func TestMain(m *testing.M) {
	code := m.Run()
	sharedChromium.mu.Lock()
	sharedChromium.close()
	sharedChromium.mu.Unlock()
	os.Exit(code)
}

// serve starts s on loopback; it closes after the browser (cleanups run
// last-in first-out, and browser is called after serve).
func serve(t *testing.T, s *Server) string {
	return serveHandler(t, s.Handler())
}

func serveHandler(t *testing.T, h http.Handler) string {
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

// statusWriter records the status of a response.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

// run runs browser actions, failing the test on error.
func run(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates a JavaScript expression and decodes its value.
func eval[T any](t *testing.T, ctx context.Context, what, expr string, opts ...chromedp.EvaluateOption) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, opts...))
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return v
}

// poll waits until a JavaScript expression is truthy and returns its value.
func poll[T any](t *testing.T, ctx context.Context, what, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Poll[T](expr, chromedp.WithPollingTimeout(60*time.Second)))
	if err != nil {
		// Say what the page shows, to see why.
		page, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector('section.page:not([hidden])')?.innerText ?? '').slice(0, 3000)`))
		t.Fatalf("waiting for %s: %v\nthe page shows:\n%s", what, err, page)
	}
	return v
}

// waitJS waits until a JavaScript expression is true.
func waitJS(t *testing.T, ctx context.Context, what, expr string) {
	t.Helper()
	poll[bool](t, ctx, what, expr)
}

func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
	if err != nil {
		t.Fatalf("read %s: %v", sel, err)
	}
	return s
}

func click(sel string) chromedp.Action[chromedp.Void] { return chromedp.Click(chromedp.CSS(sel)) }

// playOut plays the game shown on the play page to its end, choosing the
// hinted (winning) move whenever the hint shows one and the first legal move
// otherwise, and returns "won" or "lost" and the number of moves made.
func playOut(t *testing.T, ctx context.Context, useHints bool) (string, int) {
	t.Helper()
	moves := 0
	for range 100 {
		state := poll[string](t, ctx, "game state", `(() => {
			const s = document.getElementById('page-play');
			if (s.dataset.result) return 'over:' + s.dataset.result;
			const b = document.querySelector('#play-moves button.move');
			if (b && !b.disabled && !s.classList.contains('thinking')) return 'turn';
			return false;
		})()`)
		if r, ok := strings.CutPrefix(state, "over:"); ok {
			return r, moves
		}
		if useHints {
			// The hint comes from /api/solve and marks the winning moves.
			run(t, ctx, "hint", click("#play-hint"))
			waitJS(t, ctx, "hint shown", `!!document.querySelector('#play-note .hintnote')`)
		}
		clicked := eval[string](t, ctx, "move", `(() => {
			const b = document.querySelector('#play-moves button.move.hint') || document.querySelector('#play-moves button.move');
			b.click();
			return b.dataset.to;
		})()`)
		moves++
		waitJS(t, ctx, "move "+clicked+" played", fmt.Sprintf(`document.querySelectorAll('#play-history li.you').length >= %d || !!document.getElementById('page-play').dataset.result`, moves))
	}
	t.Fatal("game did not end in 100 moves")
	return "", 0
}

func TestBrowserPlay(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)

	// subtract:1,3,4 from 15: G(15) = 1, an N-position, so the player who
	// moves first and follows the hints beats the perfect player.
	run(t, ctx, "open play", chromedp.Navigate(url+"/#/play?game=subtract:1,3,4&position=15&first=you"))
	waitJS(t, ctx, "game started", `document.getElementById('play-position')?.textContent === '15'`)
	result, moves := playOut(t, ctx, true)
	if result != "won" {
		t.Errorf("following the hints from an N-position: %s after %d moves, want won", result, moves)
	}
	if got := text(t, ctx, "#play-status"); !strings.HasPrefix(got, "You win!") {
		t.Errorf("status %q", got)
	}
	if b := eval[[]bool](t, ctx, "buttons", `['play-move', 'play-hint', 'play-undo'].map(id => document.getElementById(id).disabled)`); len(b) != 3 || !b[0] || !b[1] || b[2] {
		t.Errorf("after the game: move, hint, undo disabled = %v, want true, true, false", b)
	}
	plies := eval[int](t, ctx, "history", `document.querySelectorAll('#play-history li').length`)
	if plies != 2*moves-1 && plies != 2*moves {
		t.Errorf("history has %d plies after %d of your moves", plies, moves)
	}
	// Undo takes back your last move (and nothing of the game is lost).
	run(t, ctx, "undo", click("#play-undo"))
	waitJS(t, ctx, "undone", fmt.Sprintf(`!document.getElementById('page-play').dataset.result && document.querySelectorAll('#play-history li').length === %d`, 2*(moves-1)))
	waitJS(t, ctx, "your turn again", `document.querySelectorAll('#play-moves button.move').length > 0`)

	// A typed illegal move is refused by the server (catalog.Game.FindMove).
	run(t, ctx, "type illegal move",
		chromedp.SetValue(chromedp.CSS("#play-to"), "99"),
		click("#play-move"))
	waitJS(t, ctx, "illegal move refused", `(document.querySelector('#play-note .error')?.textContent ?? '').includes('no legal move')`)

	// The perfect player moving first from an N-position (Nim 2 3) wins
	// whatever we do.
	run(t, ctx, "open play", chromedp.Navigate(url+"/#/play?game=nim&position=2+3&first=computer"))
	waitJS(t, ctx, "computer moved", `document.querySelectorAll('#play-history li.computer').length === 1`)
	if result, moves := playOut(t, ctx, false); result != "lost" {
		t.Errorf("against the perfect player moving first from Nim 2 3: %s after %d moves, want lost", result, moves)
	}
}

func TestBrowserExplore(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	run(t, ctx, "open explorer", chromedp.Navigate(url+"/#/explore?game=nim&position=3+4+5"))
	waitJS(t, ctx, "solved", `document.getElementById('explore-outcome')?.textContent === 'N-position'`)
	if got := text(t, ctx, "#explore-moves"); !strings.Contains(got, "1 4 5") || !strings.Contains(got, "take 2 from heap 1") {
		t.Errorf("winning moves %q", got)
	}
	// Typing a position re-solves it: 1 2 3 is a P-position of Nim.
	eval[chromedp.Void](t, ctx, "edit position", `(() => {
		const el = document.getElementById('explore-position');
		el.value = '1 2 3';
		el.dispatchEvent(new Event('input'));
	})()`)
	waitJS(t, ctx, "P-position", `document.getElementById('explore-outcome')?.textContent === 'P-position'`)
	// A typo in the spec shows the catalog's error.
	run(t, ctx, "bad spec", chromedp.SendKeys(chromedp.CSS("#explore-spec"), "x"))
	waitJS(t, ctx, "spec error", `(document.querySelector('#page-explore .about .error')?.textContent ?? '').includes('unknown game "nimx"')`)
}

// A draw is shown as a draw, with its drawing moves, in the explorer and
// in the play page's hint (regression: both said "P-position").
func TestBrowserDraws(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	run(t, ctx, "open explorer", chromedp.Navigate(url+"/#/explore?game=starlark:examples/draw.star&position=4"))
	waitJS(t, ctx, "draw", `document.getElementById('explore-outcome')?.textContent === 'Draw'`)
	if got := text(t, ctx, "#explore-moves"); !strings.Contains(got, "4") {
		t.Errorf("drawing moves %q", got)
	}
	if got := text(t, ctx, "#explore-result .explain"); !strings.Contains(got, "keeps the draw") {
		t.Errorf("explanation %q", got)
	}
	run(t, ctx, "open play", chromedp.Navigate(url+"/#/play?game=starlark:examples/draw.star&position=4&first=you"))
	waitJS(t, ctx, "game started", `document.getElementById('play-position')?.textContent === '4'`)
	run(t, ctx, "hint", click("#play-hint"))
	waitJS(t, ctx, "hint shown", `!!document.getElementById('play-hintnote')`)
	if got := text(t, ctx, "#play-hintnote"); !strings.Contains(got, "draw") || strings.Contains(got, "P-position") {
		t.Errorf("hint on a draw: %q", got)
	}
}

func TestBrowserSequence(t *testing.T) {
	s := New(Config{Timeout: time.Minute})
	// valuesStatus receives the status of every /api/values answer.
	valuesStatus := make(chan int, 64)
	url := serveHandler(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		s.Handler().ServeHTTP(sw, r)
		if r.URL.Path == "/api/values" {
			valuesStatus <- sw.status
		}
	}))
	ctx := browser(t)
	run(t, ctx, "open sequence", chromedp.Navigate(url+"/#/sequence?game=subtract:1,3,4&to=120"))
	// 121 dots, one per value, and the table starts with G(0..7) of
	// subtract:1,3,4: 0 1 0 1 2 3 2 0 (period 7, Winning Ways ch. 4).
	waitJS(t, ctx, "plot drawn", `document.querySelectorAll('#seq-plot circle').length === 121`)
	first := eval[string](t, ctx, "table", `[...document.querySelectorAll('#seq-table td')].slice(0, 8).map(td => td.textContent).join(' ')`)
	if first != "0 1 0 1 2 3 2 0" {
		t.Errorf("table starts %q", first)
	}
	box := eval[struct{ W, H float64 }](t, ctx, "plot size", `(() => { const r = document.getElementById('seq-plot').getBoundingClientRect(); return {W: r.width, H: r.height}; })()`)
	if box.W < 300 || box.H < 150 {
		t.Errorf("plot is %v×%v px", box.W, box.H)
	}

	// The plot marks a period when given one (for the period part): the
	// pre-period shaded and one boundary per period, here 0..2 then 7s.
	marks := eval[[]int](t, ctx, "period marks", `import('/plot.js').then(({plotSequence}) => {
		const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
		plotSequence(svg, {start: 0, values: Array.from({length: 31}, (_, i) => i % 5)}, {width: 600, height: 200, period: {preperiod: 3, period: 7}});
		return [svg.querySelectorAll('.period rect.preperiod').length, svg.querySelectorAll('.period line.boundary').length];
	})`, chromedp.EvalAwaitPromise)
	if len(marks) != 2 || marks[0] != 1 || marks[1] != 4 {
		t.Errorf("period marks %v, want 1 shaded pre-period and 4 boundaries (n = 3, 10, 17, 24)", marks)
	}

	// A long run shows its progress and partial results; Cancel aborts the
	// request, and the server's search stops with it. subtract:all-but:2
	// has n options at heap n, so G(0..100000) takes minutes (subtract:2-3000
	// would not do: its values come from its proved period):
	// cancel as soon as partial results are shown and a request is being
	// computed. Whichever request that is, the server must answer it 503
	// (search canceled), not 200 (search finished).
	eval[chromedp.Void](t, ctx, "start long run", `(() => {
		const spec = document.getElementById('seq-spec');
		spec.value = 'subtract:all-but:2';
		spec.dispatchEvent(new Event('input'));
		document.getElementById('seq-to').value = '100000';
	})()`)
	waitJS(t, ctx, "game checked", `document.querySelector('#page-sequence .about code')?.textContent === 'subtract:all-but:2'`)
	run(t, ctx, "compute", click("#seq-go"))
	waitJS(t, ctx, "partial results", `document.getElementById('seq-summary').textContent.includes('G(0..15999)') &&
		document.getElementById('seq-progress-text').textContent.startsWith('computing G(0..63999) of 100,001 values')`)
	waitJS(t, ctx, "plot of the partial results", `!!document.querySelector('#seq-plot path.columns')`)
	for deadline := time.Now().Add(60 * time.Second); s.computing() != 1; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d computations running during the long run, want 1", s.computing())
		}
	}
	run(t, ctx, "cancel", click("#seq-cancel"))
	waitJS(t, ctx, "canceled", `(document.getElementById('seq-message').textContent ?? '').startsWith('Canceled.')`)
	// The server's answer to the canceled request says its search was
	// canceled (503), not finished (200).
	for {
		select {
		case code := <-valuesStatus:
			if code == http.StatusOK {
				continue // an earlier, finished request
			}
			if code != http.StatusServiceUnavailable {
				t.Errorf("canceled request answered %d, want 503 (search canceled)", code)
			}
		case <-time.After(20 * time.Second):
			t.Fatal("the server's search did not stop within 20 s of Cancel")
		}
		break
	}
	if n := s.computing(); n != 0 {
		t.Errorf("%d computations still running after the page canceled", n)
	}
}

// The sequence view marks the period the server proves: Kayles has period
// 12 from n = 71 (Winning Ways, ch. 4).
func TestBrowserPeriod(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	run(t, ctx, "open sequence", chromedp.Navigate(url+"/#/sequence?game=kayles&to=200"))
	waitJS(t, ctx, "period marked", `!!document.querySelector('#seq-plot .period rect.preperiod') && !!document.querySelector('#seq-summary .pverdict')`)
	if got := text(t, ctx, "#seq-summary .pverdict"); got != "period 12 from n = 71, PROVED" {
		t.Errorf("verdict %q", got)
	}
	// Boundaries at 71, 83, …, 191: 11 of them.
	if n := eval[int](t, ctx, "boundaries", `document.querySelectorAll('#seq-plot .period line.boundary').length`); n != 11 {
		t.Errorf("%d period boundaries, want 11 (n = 71, 83, …, 191)", n)
	}
	// A finite subtraction game's period is proved by state repetition:
	// S = {1, 3, 4} has period 7 from 0 (Winning Ways, ch. 4).
	run(t, ctx, "subtraction game", chromedp.Navigate(url+"/#/sequence?game=subtract:1,3,4&to=60"))
	waitJS(t, ctx, "subtraction period", `(document.querySelector('#seq-summary .pverdict')?.textContent ?? '').includes('period 7')`)
	if got := text(t, ctx, "#seq-summary .pverdict"); got != "period 7 from n = 0, PROVED" {
		t.Errorf("subtract:1,3,4 verdict %q", got)
	}
	// A game without a period search (Nim) marks nothing.
	run(t, ctx, "nim", chromedp.Navigate(url+"/#/sequence?game=nim&to=60"))
	waitJS(t, ctx, "plot drawn", `document.querySelectorAll('#seq-plot circle').length === 61 && document.getElementById('seq-progress-text').textContent.startsWith('done')`)
	run(t, ctx, "settle", chromedp.Sleep(300*time.Millisecond))
	if n := eval[int](t, ctx, "marks", `document.querySelectorAll('#seq-plot .period, #seq-summary .pverdict').length`); n != 0 {
		t.Errorf("%d period marks for a game without a period search", n)
	}
}

func TestBrowserCardflip(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	// The engine's own game for the same seed: its X and first look.
	st, _ := cardflip.Lookup("front-to-back")
	g, _ := cardflip.NewGame(6, cardflip.Rules{})
	deal := make([]int, 6)
	rng := cardflip.Deal(deal, 4, 0)
	var first cardflip.Step
	g.Trace = func(s cardflip.Step) {
		if s.Turn == 1 {
			first = s
		}
	}
	x, err := g.Play(st, slices.Clone(deal), rng)
	if err != nil {
		t.Fatal(err)
	}
	run(t, ctx, "open lab", chromedp.Navigate(url+"/#/cardflip?strategy=front-to-back&m=6&seed=4&players=0&compare=0"))
	waitJS(t, ctx, "trace loaded", `document.querySelectorAll('#cf-row .fc').length === 6 && !document.getElementById('cf-play').disabled`)
	run(t, ctx, "pause and rewind", chromedp.Evaluate[chromedp.Void](`(() => {
		const s = document.getElementById('cf-slider');
		s.value = '0';
		s.dispatchEvent(new Event('input'));
	})()`))
	if got := text(t, ctx, "#cf-status"); !strings.Contains(got, fmt.Sprintf("X = %d turns", x)) {
		t.Errorf("status %q, the engine says X = %d", got, x)
	}
	// Step: the first player looks at a card and sees its number.
	run(t, ctx, "step", click("#cf-step"))
	peek := eval[[]int](t, ctx, "peek", `(() => { const c = document.querySelector('#cf-row .fc.peek'); return c ? [Number(c.dataset.pos), Number(c.textContent)] : []; })()`)
	if len(peek) != 2 || peek[0] != first.Look || peek[1] != first.Value {
		t.Errorf("after one step the page shows %v, the engine looked at position %d and saw %d", peek, first.Look, first.Value)
	}
	// Playing to the end turns every card up.
	run(t, ctx, "speed", chromedp.SetValue(chromedp.CSS("#cf-speed"), "100"))
	run(t, ctx, "play", click("#cf-play"))
	waitJS(t, ctx, "game over", fmt.Sprintf(`document.getElementById('cf-status').textContent === 'Done: card 6 is face up after X = %d turns.'`, x))
	if ups := eval[int](t, ctx, "face up", `document.querySelectorAll('#cf-row .fc.up').length`); ups != 6 {
		t.Errorf("%d cards face up at the end", ups)
	}
	// A bad request shows the server's error.
	eval[chromedp.Void](t, ctx, "bad m", `document.getElementById('cf-m').value = '0'`)
	run(t, ctx, "run", click("#cf-run"))
	waitJS(t, ctx, "error", `(document.querySelector('#cf-run-message .error')?.textContent ?? '').includes('parameter "m" must be a whole number in 1..200')`)

	// Compare m = 2..9: the plot has a curve per strategy and the bound,
	// and the table shows the library's numbers.
	want, err := cardflip.Compare(context.Background(), cardflip.CompareOptions{From: 9, To: 9, Trials: 100, Seed: 1, ExactMax: 7, RandomMax: 30, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	eval[chromedp.Void](t, ctx, "range", `(() => {
		for (const [id, v] of [['cf-from', 2], ['cf-to', 9], ['cf-every', 1], ['cf-trials', 100]]) document.getElementById(id).value = String(v);
	})()`)
	run(t, ctx, "compare", click("#cf-compare"))
	waitJS(t, ctx, "compared", `document.getElementById('cf-progress-text').textContent.startsWith('done: 8 values of m')`)
	if n := eval[int](t, ctx, "curves", `document.querySelectorAll('#cf-plot .series polyline').length`); n != len(cardflip.CompareStrategies())+1 {
		t.Errorf("%d curves, want %d strategies and the lower bound", n, len(cardflip.CompareStrategies()))
	}
	row := eval[[]string](t, ctx, "table", `[...document.querySelectorAll('#cf-table tbody tr:first-child td')].map(td => td.textContent)`)
	for i, c := range want[0].Cells {
		w := fmt.Sprintf("%.1f", c.Mean)
		if !c.Measured {
			w += " *"
		}
		if i >= len(row) || row[i] != w {
			t.Errorf("m = 9, %s: the page shows %v, the library %s", c.Strategy, row, w)
			break
		}
	}
	// A long comparison can be canceled.
	eval[chromedp.Void](t, ctx, "long range", `(() => {
		for (const [id, v] of [['cf-from', 150], ['cf-to', 200], ['cf-every', 1], ['cf-trials', 1000]]) document.getElementById(id).value = String(v);
	})()`)
	run(t, ctx, "compare", click("#cf-compare"))
	waitJS(t, ctx, "running", `!document.getElementById('cf-cancel').hidden`)
	run(t, ctx, "cancel", click("#cf-cancel"))
	waitJS(t, ctx, "canceled", `(document.getElementById('cf-compare-message').textContent ?? '').startsWith('Canceled after')`)
}

func TestBrowserBridge(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	// A random deal by its seed: the page shows the sequence exhaustive
	// minimax gives for the same deal, and an optimal line from start 2.
	_, d, err := randomDeal(3, 5)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprint(d.ExhaustiveSequence())
	run(t, ctx, "open bridge", chromedp.Navigate(url+"/#/bridge?n=3&seed=5&start=2"))
	waitJS(t, ctx, "sequence shown", `document.querySelectorAll('#br-seq .cell').length === 6 && document.querySelectorAll('#br-plays .seat').length === 6`)
	got := eval[string](t, ctx, "sequence", `'[' + [...document.querySelectorAll('#br-seq .cell')].map(c => c.lastChild.textContent).join(' ') + ']'`)
	if got != want {
		t.Errorf("sequence on the page %s, minimax says %s", got, want)
	}
	if first := text(t, ctx, "#br-plays .seat .who"); !strings.HasPrefix(first, "1. #2 A") {
		t.Errorf("the line from start 2 begins %q", first)
	}
	if deal := eval[string](t, ctx, "deal text", `document.getElementById('br-deal').value`); deal != d.String() {
		t.Errorf("deal box %q, want %q", deal, d.String())
	}
	// Clicking a start shows the line from it.
	run(t, ctx, "choose start 5", click(`#br-seq .cell[data-start="5"]`))
	waitJS(t, ctx, "line from 5", `(document.querySelector('#br-analysis .status')?.textContent ?? '').startsWith('Start 5 (team P): A scores ')`)
	if got := eval[string](t, ctx, "chosen", `document.querySelector('#br-seq .cell.chosen')?.dataset.start`); got != "5" {
		t.Errorf("chosen start %q", got)
	}

	// A typed deal, seed 004's example: the page shows the sequence minimax
	// gives, and counting it gives the Counter's number of deals.
	ex, err := bridge.ParseDeal(strings.NewReader(bridgeExample))
	if err != nil {
		t.Fatal(err)
	}
	exSeq := ex.ExhaustiveSequence()
	var word []byte
	var seq8 []uint8
	for _, v := range exSeq {
		word = append(word, byte('0'+v))
		seq8 = append(seq8, uint8(v))
	}
	c, _ := bridge.NewCounter(bridge.DefaultModulus)
	eval[chromedp.Void](t, ctx, "type deal", `document.getElementById('br-deal').value = '2\n1 8\n2 7\n3 6\n4 5\n'`)
	run(t, ctx, "solve", click("#br-solve"))
	waitJS(t, ctx, "typed deal solved", fmt.Sprintf(`[...document.querySelectorAll('#br-seq .cell')].map(c => c.lastChild.textContent).join('') === %q`, word))
	run(t, ctx, "count", click("#br-count-this"))
	// Exactly (the count is small), and the typed queries stay as they were.
	waitJS(t, ctx, "counted", fmt.Sprintf(`(document.getElementById('br-count-this-result').textContent ?? '').startsWith('%d deals exactly (%d mod 1000000007)')`, c.Count(seq8), c.Count(seq8)))
	if q := eval[string](t, ctx, "queries", `document.getElementById('br-queries').value`); q != "3\n212111\n" {
		t.Errorf("counting the shown sequence changed the typed queries to %q", q)
	}
	// Errors name the line of the input.
	eval[chromedp.Void](t, ctx, "bad deal", `document.getElementById('br-deal').value = '2\n1 8\n2 7\n3 6\n4 4\n'`)
	run(t, ctx, "solve bad", click("#br-solve"))
	waitJS(t, ctx, "deal refused", `(document.querySelector('#br-message .error')?.textContent ?? '').includes('line 5: position 4: card 4 appears twice')`)
	eval[chromedp.Void](t, ctx, "bad query", `document.getElementById('br-queries').value = '2\n1 1 3 1'`)
	run(t, ctx, "count bad", click("#br-count"))
	waitJS(t, ctx, "query refused", `(document.querySelector('#br-counts .error')?.textContent ?? '').includes('line 2: column 5')`)

	// A large deal: the first 400 values of the sequence, a link to all of
	// them, no optimal line (n > 10000), and no deal text.
	run(t, ctx, "large deal", chromedp.Navigate(url+"/#/bridge?n=20000&seed=1&start=1"))
	waitJS(t, ctx, "large deal solved", `document.querySelectorAll('#br-seq .cell').length === 400 && (document.getElementById('br-summary').textContent ?? '').startsWith('n = 20000 · 40000 players')`)
	if got := text(t, ctx, "#br-analysis"); !strings.Contains(got, "Optimal lines are shown for n ≤ 10000") {
		t.Errorf("large deal analysis %q", got)
	}

	// Dealing without a seed records the seed the server chose in the URL.
	eval[chromedp.Void](t, ctx, "clear seed", `document.getElementById('br-seed').value = ''; document.getElementById('br-n').value = '6'`)
	run(t, ctx, "deal", click("#br-random"))
	waitJS(t, ctx, "seeded URL", `/^#\/bridge\?n=6&seed=\d+&start=1$/.test(location.hash) && document.querySelectorAll('#br-seq .cell').length === 12`)
}

// TestScreenshots writes docs/screenshots/NAME.png at 1400×1000 and
// NAME-phone.png at 400×1400 for each page of the workbench (pages, in
// e2e_workbench_test.go) when GRUNDY_SCREENSHOTS names the directory:
//
//	GRUNDY_SCREENSHOTS=$PWD/docs/screenshots go test ./web -run Screenshots
func TestScreenshots(t *testing.T) {
	dir := os.Getenv("GRUNDY_SCREENSHOTS")
	if dir == "" {
		t.Skip("set GRUNDY_SCREENSHOTS=dir to write the README's screenshots")
	}
	url := serve(t, New(Config{}))
	ctx := browser(t)
	shot := func(name string) {
		run(t, ctx, "settle", chromedp.Sleep(500*time.Millisecond))
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatalf("screenshot %s: %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// What each page shows beyond its link: a mistake on the play page, a
	// measurement in the card-flip lab.
	extra := map[string]func(){
		"play": func() {
			eval[chromedp.Void](t, ctx, "a move", `(() => { const b = [...document.querySelectorAll('#play-moves button.move')].find(b => !b.classList.contains('r-win')); b.click(); })()`)
			waitJS(t, ctx, "verdict", `!!document.getElementById('play-verdict') && document.querySelectorAll('#play-moves button.move').length > 0`)
		},
		"play-coingrid": func() {
			eval[chromedp.Void](t, ctx, "a coin", `[...document.querySelectorAll('#page-play .cgrid .coin.legal')].pop().click()`)
			waitJS(t, ctx, "choices", `document.querySelectorAll('#page-play .gridchoices button.move').length > 1`)
			eval[chromedp.Void](t, ctx, "a choice", `document.querySelector('#page-play .gridchoices button.move').dispatchEvent(new MouseEvent('mouseenter'))`)
		},
		"cardflip": func() {
			run(t, ctx, "measure", click("#cf-measure"))
			waitJS(t, ctx, "measured", `document.querySelectorAll('#cf-hist .bars rect').length > 0`)
			eval[chromedp.Void](t, ctx, "stop at a turn", `(() => {
				const s = document.getElementById('cf-slider');
				if (!document.getElementById('cf-play').textContent.startsWith('Play')) document.getElementById('cf-play').click();
				s.value = '151';
				s.dispatchEvent(new Event('input'));
				window.scrollTo(0, 0);
			})()`)
		},
	}
	for _, size := range []struct {
		w, h   int64
		suffix string
	}{{1400, 1000, ""}, {400, 1400, "-phone"}} {
		run(t, ctx, "viewport", chromedp.EmulateViewport(size.w, size.h))
		for _, p := range pages {
			run(t, ctx, p.name, chromedp.Navigate(url+"/"+p.hash))
			waitJS(t, ctx, p.name+" drawn", p.ready)
			if f := extra[p.name]; f != nil {
				f()
			}
			eval[chromedp.Void](t, ctx, "top", `window.scrollTo(0, 0)`)
			shot(p.name + size.suffix)
		}
	}
}

// The lab's rules controls: a link chooses the players, the model and the
// variant; the page shows the server's rules string and the engine's X for
// them; choosing a variant with the selects runs under it; a strategy that
// breaks a variant's rules shows the engine's error.
func TestBrowserCardflipRules(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	ctxb := context.Background()
	interval, _ := cardflip.Lookup("interval")
	want, err := cardflip.Record(ctxb, interval, 8, cardflip.Rules{Players: 3, Model: cardflip.TurnNumber, Variant: cardflip.Rearrange}, 5, 0)
	if err != nil {
		t.Fatal(err)
	}
	run(t, ctx, "open lab", chromedp.Navigate(url+"/#/cardflip?strategy=interval&m=8&seed=5&players=3&model=turn&variant=rearrange&compare=0"))
	waitJS(t, ctx, "rules shown", `document.getElementById('cf-rules').textContent === 'Rules: table+turn, n = 3, rearrange'`)
	if got := eval[[]string](t, ctx, "controls", `['cf-players', 'cf-model', 'cf-variant'].map((id) => document.getElementById(id).value)`); !slices.Equal(got, []string{"3", "turn", "rearrange"}) {
		t.Errorf("controls %v after the link", got)
	}
	run(t, ctx, "to the end", click("#cf-end"))
	waitJS(t, ctx, "game over", fmt.Sprintf(`document.getElementById('cf-status').textContent === 'Done: card 8 is face up after X = %d turns.'`, want.X))

	// The selects: random, n = ∞, table-only, free communication (n = 1).
	random, _ := cardflip.Lookup("random")
	want, err = cardflip.Record(ctxb, random, 7, cardflip.Rules{Variant: cardflip.FreeCommunication}, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	eval[chromedp.Void](t, ctx, "choose", `(() => {
		const set = (id, v) => { const el = document.getElementById(id); el.value = v; el.dispatchEvent(new Event('change')); };
		set('cf-strategy', 'random');
		set('cf-model', 'table');
		set('cf-variant', 'free');
		document.getElementById('cf-players').value = '∞';
		document.getElementById('cf-m').value = '7';
		document.getElementById('cf-seed').value = '2';
	})()`)
	if about := text(t, ctx, "#cf-variant-about"); !strings.Contains(about, "one player with full memory") {
		t.Errorf("variant described as %q", about)
	}
	run(t, ctx, "run", click("#cf-run"))
	waitJS(t, ctx, "free rules", `document.getElementById('cf-rules').textContent === 'Rules: table-only, n = 1, free-communication'`)
	if h := eval[string](t, ctx, "link", `decodeURIComponent(location.hash)`); !strings.Contains(h, "variant=free") || !strings.Contains(h, "model=table") || !strings.Contains(h, "players=∞") {
		t.Errorf("the link %q does not keep the rules", h)
	}
	run(t, ctx, "to the end", click("#cf-end"))
	waitJS(t, ctx, "game over", fmt.Sprintf(`document.getElementById('cf-status').textContent === 'Done: card 7 is face up after X = %d turns.'`, want.X))

	// Measure: random flips coins, so 2000 seeded games; interval under
	// fixed-after-look exactly over the 7! deals.
	stats, err := cardflip.Simulate(ctxb, random, 7, 2000, 2, cardflip.Options{Rules: cardflip.Rules{Variant: cardflip.FreeCommunication}})
	if err != nil {
		t.Fatal(err)
	}
	run(t, ctx, "measure", click("#cf-measure"))
	wantText := fmt.Sprintf("random, m = 7 (table-only, n = 1, free-communication): E[X] = %.3f ± %.3f (standard error; 2000 games, seed 2; min %d, max %d)", stats.Mean(), stats.StdErr(), stats.Min, stats.Max)
	waitJS(t, ctx, "measured", fmt.Sprintf(`document.querySelector('#cf-measure-result .cfmeasure')?.textContent === %q`, wantText))
	rules := cardflip.Rules{Players: 2, Model: cardflip.TurnNumber, Variant: cardflip.FixedAfterLook}
	ex, err := cardflip.Exact(ctxb, interval, 7, cardflip.Options{Rules: rules})
	if err != nil {
		t.Fatal(err)
	}
	eval[chromedp.Void](t, ctx, "choose", `(() => {
		const set = (id, v) => { const el = document.getElementById(id); el.value = v; el.dispatchEvent(new Event('change')); };
		set('cf-strategy', 'interval');
		set('cf-model', 'turn');
		set('cf-variant', 'fixed');
		document.getElementById('cf-players').value = '2';
	})()`)
	run(t, ctx, "measure", click("#cf-measure"))
	mean, _ := ex.Expectation.Float64()
	wantText = fmt.Sprintf("interval, m = 7 (table+turn, n = 2, fixed-after-look): E[X] = %s = %.4f exactly, over all 5040 deals (min %d, max %d)", ex.Expectation.RatString(), mean, ex.Min, ex.Max)
	waitJS(t, ctx, "measured exactly", fmt.Sprintf(`document.querySelector('#cf-measure-result .cfmeasure')?.textContent === %q`, wantText))

	// Front-to-back moves the card it looked at, which fixed-after-look
	// forbids: refused before the game starts (cardflip.Compatible).
	ftb, _ := cardflip.Lookup("front-to-back")
	_, rerr := cardflip.Record(ctxb, ftb, 7, cardflip.Rules{Variant: cardflip.FixedAfterLook}, 2, 0)
	if rerr == nil {
		t.Fatal("front-to-back kept the rules of fixed-after-look")
	}
	eval[chromedp.Void](t, ctx, "choose", `(() => {
		const set = (id, v) => { const el = document.getElementById(id); el.value = v; el.dispatchEvent(new Event('change')); };
		set('cf-strategy', 'front-to-back');
		set('cf-model', 'table');
		set('cf-variant', 'fixed');
		document.getElementById('cf-players').value = '∞';
	})()`)
	run(t, ctx, "run", click("#cf-run"))
	waitJS(t, ctx, "error", fmt.Sprintf(`(document.querySelector('#cf-run-message .error')?.textContent ?? '') === %q`, rerr.Error()))
	run(t, ctx, "measure", click("#cf-measure"))
	waitJS(t, ctx, "measure error", `(document.querySelector('#cf-measure-result .error')?.textContent ?? '').includes('moves the card it looked at, which fixed-after-look forbids')`)
	if r := text(t, ctx, "#cf-rules"); r != "" {
		t.Errorf("rules %q still shown after an error", r)
	}
}

package web

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
)

// In Chromium, with evil.example and attacker.example resolving to
// 127.0.0.1 (what a DNS-rebinding attacker arranges): the page served as
// localhost works, POST included; the page under evil.example gets 421 and
// its own API calls too; a page at attacker.example cannot make the browser
// run a computation on the workbench (403).
func TestBrowserHostCheck(t *testing.T) {
	s := New(Config{})
	var mu sync.Mutex
	var solves []string // "METHOD Origin status" of each /api/solve answer
	url := serveHandler(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		s.Handler().ServeHTTP(sw, r)
		if r.URL.Path == "/api/solve" {
			mu.Lock()
			solves = append(solves, fmt.Sprintf("%s %s %d", r.Method, r.Header.Get("Origin"), sw.status))
			mu.Unlock()
		}
	}))
	port := url[strings.LastIndexByte(url, ':')+1:]
	attacker := serveHandler(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, "<!doctype html><title>attacker</title><p>nothing to see</p>")
	}))
	aport := attacker[strings.LastIndexByte(attacker, ':')+1:]
	lastSolve := func() string {
		mu.Lock()
		defer mu.Unlock()
		if len(solves) == 0 {
			return ""
		}
		return solves[len(solves)-1]
	}
	ctx := browser(t,
		chromedp.Flag("host-resolver-rules", "MAP evil.example 127.0.0.1, MAP attacker.example 127.0.0.1"),
		chromedp.Flag("disable-features", "HttpsUpgrades,HttpsFirstBalancedModeAutoEnable"))

	// The page as localhost: a long position goes by POST (api.js), with
	// the page's own Origin, and is answered.
	local := "http://localhost:" + port
	run(t, ctx, "open as localhost", chromedp.Navigate(local+"/#/explore?game=nim&position=3+4+5"))
	waitJS(t, ctx, "explorer answers", `document.getElementById('explore-outcome')?.textContent === 'N-position'`)
	v := eval[float64](t, ctx, "POST from the page", `import('/api.js').then(m => m.api('solve', {game: 'nim', position: '1 '.repeat(1001).trim()})).then(r => r.value)`, chromedp.EvalAwaitPromise)
	if v != 1 || lastSolve() != "POST "+local+" 200" {
		t.Errorf("POST from the page: value %v, server saw %q", v, lastSolve())
	}

	// The page as evil.example: refused, and so are its API calls.
	evil := "http://evil.example:" + port
	run(t, ctx, "open as evil.example", chromedp.Navigate(evil+"/"))
	body := eval[string](t, ctx, "refusal", `document.body.innerText`)
	if want := fmt.Sprintf("misdirected request: Host %q is not allowed", "evil.example:"+port); !strings.HasPrefix(body, want) {
		t.Errorf("evil.example shows %q, want %q…", body, want)
	}
	got := eval[string](t, ctx, "fetch from evil.example", `fetch('/api/solve?game=nim&position=3+4+5').then(r => r.status + ' ' + r.headers.get('Content-Type'))`, chromedp.EvalAwaitPromise)
	if got != "421 text/plain; charset=utf-8" || lastSolve() != "GET  421" {
		t.Errorf("fetch from evil.example: %q, server saw %q", got, lastSolve())
	}

	// A page at attacker.example posts to the workbench (a no-cors form
	// POST needs no preflight): the browser sends its Origin, the server
	// refuses before computing.
	run(t, ctx, "open attacker page", chromedp.Navigate("http://attacker.example:"+aport+"/"))
	sent := eval[string](t, ctx, "cross-site POST", fmt.Sprintf(`fetch('http://127.0.0.1:%s/api/solve', {method: 'POST', mode: 'no-cors', body: new URLSearchParams({game: 'nim', position: '3 4 5'})}).then(() => 'sent', e => 'error: ' + e)`, port), chromedp.EvalAwaitPromise)
	if want := "POST http://attacker.example:" + aport + " 403"; sent != "sent" || lastSolve() != want {
		t.Errorf("cross-site POST: %s, server saw %q, want %q", sent, lastSolve(), want)
	}
}

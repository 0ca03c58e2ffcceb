package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/grundy/grundy/impartial"
)

// The misère page shows the quotient the server computes: for 0.75 the
// order-8 quotient ⟨a, b, c | a² = 1, bc = ab, c² = b², b³ = b⟩ with
// P-portion {a, b²}, proved; its multiplication table is an 8×8 grid whose
// highlighted cells are exactly the products in the P-portion; and the form
// and genus of .312's heap 4 (Plambeck: {2+, 1}, genus 2^1420).
func TestBrowserMisere(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	run(t, ctx, "open misère page", chromedp.Navigate(url+"/#/misere?game=octal:0.75&heaps=30"))
	waitJS(t, ctx, "quotient shown", `!!document.getElementById('mis-table')`)
	if got := text(t, ctx, "#mis-relations"); got != "a^2 = 1, bc = ab, c^2 = b^2, b^3 = b" {
		t.Errorf("relations %q", got)
	}
	if got := text(t, ctx, "#mis-pportion"); got != "{a, b^2}" {
		t.Errorf("P-portion %q", got)
	}
	if got := text(t, ctx, "#mis-summary"); !strings.Contains(got, "8 elements") || !strings.Contains(got, "PROVED") {
		t.Errorf("summary %q", got)
	}
	// 64 cells; the highlighted ones are the products named a or b^2.
	cells := eval[[]string](t, ctx, "cells", `[...document.querySelectorAll('#mis-table tbody td')].map(td => (td.classList.contains('zero') ? 'P:' : '') + td.textContent)`)
	if len(cells) != 64 {
		t.Fatalf("%d cells, want 64", len(cells))
	}
	for _, c := range cells {
		name, hl := strings.CutPrefix(c, "P:")
		if inP := name == "a" || name == "b^2"; inP != hl {
			t.Errorf("cell %q highlighted %v", name, hl)
		}
	}
	// The row of a times the column of a is the identity.
	if got := eval[string](t, ctx, "a·a", `document.querySelector('#mis-table tbody tr:nth-child(2) td:nth-of-type(2)').textContent`); got != "1" {
		t.Errorf("a·a = %q", got)
	}

	// Kayles until proved (no heaps): 40 elements, the table drawn in its
	// scrolling box, the page itself no wider than the window.
	run(t, ctx, "kayles", chromedp.Navigate(url+"/#/misere?game=kayles"))
	waitJS(t, ctx, "kayles shown", `(document.getElementById('mis-summary')?.textContent ?? '').includes('40 elements')`)
	if got := text(t, ctx, "#mis-summary"); !strings.Contains(got, "PROVED for every heap (at heap 167)") {
		t.Errorf("kayles summary %q", got)
	}
	if n := eval[int](t, ctx, "kayles cells", `document.querySelectorAll('#mis-table tbody td').length`); n != 1600 {
		t.Errorf("kayles table: %d cells", n)
	}
	if wide := eval[bool](t, ctx, "page width", `document.documentElement.scrollWidth > window.innerWidth + 1`); wide {
		t.Error("the page is wider than the window (the table overflows)")
	}
	if !eval[bool](t, ctx, "table scrolls", `(() => { const w = document.getElementById('mis-table-wrap'); return w.scrollWidth > w.clientWidth; })()`) {
		t.Error("the 40×40 table does not scroll in its box")
	}
	if href := eval[string](t, ctx, "table link", `document.getElementById('mis-download-table').getAttribute('href')`); href != "/api/misere/table?game=kayles" {
		t.Errorf("table download %q", href)
	}
	// A sum of huge heaps answered by the quotient.
	run(t, ctx, "solve", click("#mis-solve-go"))
	waitJS(t, ctx, "solved", `!!document.getElementById('mis-solve-move')`)
	if got := text(t, ctx, "#mis-solve-move"); got != "heap #1 (1000000) → 999987 + 12" {
		t.Errorf("winning move %q", got)
	}
	// A quotient stopped by the server's limit says where and why, in the
	// page's words (no command-line flags), with its table to download.
	stopped := serve(t, New(Config{Budget: impartial.Budget{MaxMemory: 1 << 20}}))
	run(t, ctx, "0.16", chromedp.Navigate(stopped+"/#/misere?game=octal:0.16"))
	waitJS(t, ctx, "stop shown", `!!document.getElementById('mis-stop')`)
	if got := text(t, ctx, "#mis-stop"); !strings.Contains(got, "at heap ") || !strings.Contains(got, "memory budget exhausted") || strings.Contains(got, "--") {
		t.Errorf("stop %q", got)
	}

	run(t, ctx, "form of .312", chromedp.Navigate(url+"/#/misere?game=octal:0.312&position=4"))
	waitJS(t, ctx, "form shown", `(document.getElementById('mis-form')?.textContent ?? '') === '*(2#,1)'`)
	if got := text(t, ctx, "#mis-genus"); got != "2^1420" {
		t.Errorf("genus %q", got)
	}
	// A game that is not a heap game: the form works, the quotient button
	// shows the server's error.
	run(t, ctx, "wythoff", chromedp.Navigate(url+"/#/misere?game=wythoff&position=2+3"))
	waitJS(t, ctx, "form shown", `(document.getElementById('mis-form')?.textContent ?? '') === '*5'`)
	run(t, ctx, "quotient", click("#mis-quotient-go"))
	waitJS(t, ctx, "error shown", `(document.querySelector('#mis-quotient-out .error')?.textContent ?? '').includes('need a heap game')`)
}

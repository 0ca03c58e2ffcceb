package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
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

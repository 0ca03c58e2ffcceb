package web

import (
	"encoding/json"
	"fmt"
	neturl "net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/misere"
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
	// The memory budget stops 0.16 at heap 17 within a tenth of a second;
	// the deadline is far, so that on a slow machine (or under -race) it is
	// still the memory that stops it.
	stopped := serve(t, New(Config{Budget: impartial.Budget{MaxMemory: 256 << 10}, Timeout: time.Hour}))
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
	// A game that is not a heap game: the form works, and the quotient is
	// that of positions (TestBrowserMiserePositions).
	run(t, ctx, "wythoff", chromedp.Navigate(url+"/#/misere?game=wythoff&position=2+3"))
	waitJS(t, ctx, "form shown", `(document.getElementById('mis-form')?.textContent ?? '') === '*5'`)
}

// misereRows reads a table of positions with their images and outcomes
// (the positions asked, the closed set) as the page shows it.
const misereRows = `(sel) => [...document.querySelectorAll(sel + ' tbody tr')].map(tr => [...tr.cells].map(c => c.textContent))`

// wantRows is what the page shows for positions with their images: the
// image ("—" beyond a quotient that stopped) and the misère outcome.
func wantRows(ims []misere.PositionImage) [][]string {
	var rows [][]string
	for _, im := range ims {
		image, outcome := im.Image, "—"
		if image == "" {
			image = "—"
		}
		if im.Outcome != 0 {
			outcome = im.Outcome.String() + "-position"
		}
		rows = append(rows, []string{im.Position, image, outcome})
	}
	return rows
}

// The misère page's quotient of given positions (MisereSolver's general
// mode): for a game that is not a heap game it is the only quotient
// offered, and the page says why; it shows what /api/misere/quotient
// answers for the same positions (each position with its image and
// outcome, the generators, the closed set's images, the table); an empty
// or unreadable position gets the server's error under its own field; a
// heap game switches between the heaps 0..N and given positions.
func TestBrowserMiserePositions(t *testing.T) {
	s := New(Config{})
	url := serve(t, s)
	ctx := browser(t)
	direct := func(query string) catalog.MiserePositions {
		t.Helper()
		code, body := get(t, s, "/api/misere/quotient?"+query)
		var q catalog.MiserePositions
		if err := json.Unmarshal([]byte(body), &q); code != 200 || err != nil {
			t.Fatalf("%s: %d %s", query, code, body)
		}
		return q
	}
	rows := func(sel string) [][]string {
		return eval[[][]string](t, ctx, sel, "("+misereRows+")("+strconv.Quote(sel)+")")
	}

	// A link with three positions of Wythoff's game.
	asked := `["3 4","2 2","5 1"]`
	run(t, ctx, "wythoff positions", chromedp.Navigate(url+"/#/misere?game=wythoff&positions="+neturl.QueryEscape(asked)))
	waitJS(t, ctx, "quotient shown", `document.querySelectorAll('#mis-asked tbody tr').length === 3 && !!document.getElementById('mis-table')`)
	want := direct("game=wythoff&position=3+4&position=2+2&position=5+1")
	if got := rows("#mis-asked"); !slices.EqualFunc(got, wantRows(want.Positions), slices.Equal) {
		t.Errorf("positions asked: page %q, API %q", got, wantRows(want.Positions))
	}
	if got := rows("#mis-closure"); len(got) != want.Closure || !slices.EqualFunc(got, wantRows(want.Pretending), slices.Equal) {
		t.Errorf("closed set: page %q, API %q (%d positions)", got, wantRows(want.Pretending), want.Closure)
	}
	var gens []string
	for _, g := range want.Generators {
		gens = append(gens, g.Name+" = Φ("+g.Position+")")
	}
	if got := text(t, ctx, "#mis-generators"); got != strings.Join(gens, ", ") {
		t.Errorf("generators %q, API %q", got, gens)
	}
	if got := text(t, ctx, "#mis-relations"); got != strings.Join(want.Relations, ", ") {
		t.Errorf("relations %q, API %q", got, want.Relations)
	}
	if got := text(t, ctx, "#mis-pportion"); got != "{"+strings.Join(want.PPortion, ", ")+"}" {
		t.Errorf("P-portion %q, API %q", got, want.PPortion)
	}
	if got := text(t, ctx, "#mis-summary"); !strings.Contains(got, "3 positions given") || !strings.Contains(got, fmt.Sprintf("(%d in all) · %d elements · P-portion %d", want.Closure, want.Size, want.PSize)) {
		t.Errorf("summary %q", got)
	}
	// The table as for heaps: the API's products, the P-portion's highlighted.
	cells := eval[[]string](t, ctx, "cells", `[...document.querySelectorAll('#mis-table tbody td')].map(td => (td.classList.contains('zero') ? 'P:' : '') + td.textContent)`)
	if len(cells) != want.Size*want.Size {
		t.Fatalf("%d cells, want %d", len(cells), want.Size*want.Size)
	}
	for k, c := range cells {
		name, hl := strings.CutPrefix(c, "P:")
		x := want.Elements[want.Table[k/want.Size][k%want.Size]]
		if name != x || hl != slices.Contains(want.PPortion, x) {
			t.Errorf("cell %d: page %q, API %q (P-portion %q)", k, c, x, want.PPortion)
		}
	}
	// Not a heap game: the page says so, offers no heaps 0..N and no sum of heaps.
	if got := text(t, ctx, "#mis-positions-note"); !strings.Contains(got, "is not a heap game: the quotient of the heaps 0..N does not apply") {
		t.Errorf("note %q", got)
	}
	if !eval[bool](t, ctx, "modes", `document.getElementById('mis-mode').value === 'positions' && document.querySelector('#mis-mode option[value=heaps]').disabled && document.getElementById('mis-heaps-row').hidden && document.getElementById('mis-solve').hidden`) {
		t.Error("wythoff: the heaps 0..N, or the sum of heaps, are offered")
	}
	for id, want := range map[string]string{
		"mis-download":       "/api/misere/quotient?game=wythoff&position=3+4&position=2+2&position=5+1",
		"mis-download-table": "/api/misere/table?game=wythoff&position=3+4&position=2+2&position=5+1",
	} {
		if href := eval[string](t, ctx, id, `document.getElementById('`+id+`').getAttribute('href')`); href != want {
			t.Errorf("%s: %q, want %q", id, href, want)
		}
	}
	if hidden := eval[bool](t, ctx, "downloads", `document.getElementById('mis-download').hidden || document.getElementById('mis-download-table').hidden`); hidden {
		t.Error("the downloads are hidden")
	}

	// Typed positions: the game's example to start with, a field added,
	// an empty position and an unreadable one get the server's error under
	// their own field, and nothing under the others.
	run(t, ctx, "northcott", chromedp.Navigate(url+"/#/misere?game=northcott"))
	waitJS(t, ctx, "northcott's example", `document.getElementById('mis-pos-1')?.value === '1 4; 3 6'`)
	run(t, ctx, "wythoff", chromedp.Navigate(url+"/#/misere?game=wythoff"))
	waitJS(t, ctx, "fields", `document.querySelectorAll('#mis-position-list input').length === 1 && document.getElementById('mis-pos-1').value === '4 7' && document.getElementById('mis-quotient-out').textContent === ''`)
	run(t, ctx, "add", click("#mis-add-position"))
	waitJS(t, ctx, "two fields", `document.querySelectorAll('#mis-position-list input').length === 2`)
	fieldError := func(i int) string {
		return eval[string](t, ctx, "error", fmt.Sprintf(`(document.querySelector('#mis-pos-error-%d .error')?.textContent ?? '') + (document.getElementById('mis-pos-%d').getAttribute('aria-invalid') === 'true' ? ' [invalid]' : '')`, i, i))
	}
	for _, c := range []struct{ text, msg string }{
		{"", `position "" of wythoff: empty`},
		{"3 x", `position "3 x" of wythoff: column 3: heap size "x" is not a whole number`},
	} {
		run(t, ctx, "type", chromedp.Evaluate[chromedp.Void](setInput("mis-pos-2", c.text)))
		run(t, ctx, "quotient", click("#mis-quotient-go"))
		waitJS(t, ctx, "error under position 2", `!!document.querySelector('#mis-pos-error-2 .error')`)
		if got := fieldError(2); !strings.Contains(got, c.msg) || !strings.HasSuffix(got, "[invalid]") {
			t.Errorf("%q: under position 2 %q, want %q", c.text, got, c.msg)
		}
		if got := fieldError(1); got != "" {
			t.Errorf("%q: under position 1 %q", c.text, got)
		}
		if got := text(t, ctx, "#mis-quotient-out"); !strings.Contains(got, "see the error under position 2") || strings.Contains(got, "--") {
			t.Errorf("%q: the quotient says %q", c.text, got)
		}
		if shown := eval[bool](t, ctx, "stale", `!!document.getElementById('mis-table') || !document.getElementById('mis-download').hidden`); shown {
			t.Errorf("%q: an earlier table or download is still offered", c.text)
		}
	}
	// Typing clears the field's error; a good position gives the quotient.
	run(t, ctx, "type", chromedp.Evaluate[chromedp.Void](setInput("mis-pos-2", "2 2")))
	if got := fieldError(2); got != "" {
		t.Errorf("after typing: %q", got)
	}
	run(t, ctx, "quotient", click("#mis-quotient-go"))
	waitJS(t, ctx, "quotient of 4 7, 2 2", `document.querySelectorAll('#mis-asked tbody tr').length === 2`)
	if got, want := rows("#mis-asked"), wantRows(direct("game=wythoff&position=4+7&position=2+2").Positions); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("typed positions: page %q, API %q", got, want)
	}
	// ✕ removes a field.
	run(t, ctx, "remove", click(`#mis-position-list li:first-child button`))
	waitJS(t, ctx, "one field", `document.querySelectorAll('#mis-position-list input').length === 1 && document.getElementById('mis-pos-1').value === '2 2'`)

	// A heap game offers both: the heaps 0..N by default, then positions
	// (the game's example to start with), then heaps again.
	run(t, ctx, "nim", chromedp.Navigate(url+"/#/misere?game=nim&heaps=3"))
	waitJS(t, ctx, "heaps 0..3", `(document.getElementById('mis-summary')?.textContent ?? '').includes('computed for heaps 0..3')`)
	if !eval[bool](t, ctx, "modes", `document.getElementById('mis-mode').value === 'heaps' && !document.querySelector('#mis-mode option[value=heaps]').disabled && document.getElementById('mis-positions').hidden && !document.getElementById('mis-solve').hidden`) {
		t.Error("nim: not in the mode of heaps 0..N")
	}
	mode := func(m string) {
		run(t, ctx, "mode "+m, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById('mis-mode'); s.value = '`+m+`'; s.dispatchEvent(new Event('change')); })()`))
	}
	mode("positions")
	if !eval[bool](t, ctx, "positions mode", `!document.getElementById('mis-positions').hidden && document.getElementById('mis-heaps-row').hidden && document.getElementById('mis-pos-1').value === '3 4 5'`) {
		t.Error("nim: the positions are not offered")
	}
	run(t, ctx, "quotient", click("#mis-quotient-go"))
	waitJS(t, ctx, "nim 3 4 5", `document.querySelectorAll('#mis-asked tbody tr').length === 1`)
	if got, want := rows("#mis-asked"), wantRows(direct("game=nim&position=3+4+5").Positions); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("nim 3 4 5: page %q, API %q", got, want)
	}
	if href := eval[string](t, ctx, "link", `document.getElementById('mis-download').getAttribute('href')`); href != "/api/misere/quotient?game=nim&position=3+4+5" {
		t.Errorf("download %q", href)
	}
	mode("heaps")
	run(t, ctx, "quotient", click("#mis-quotient-go"))
	waitJS(t, ctx, "heaps again", `(document.getElementById('mis-summary')?.textContent ?? '').includes('computed for heaps 0..3') && !document.getElementById('mis-asked')`)
	if href := eval[string](t, ctx, "link", `document.getElementById('mis-download').getAttribute('href')`); href != "/api/misere/quotient?game=nim&heaps=3" {
		t.Errorf("download %q", href)
	}
}

// The misère page keeps its state in the URL: a link with the game, the
// form's position, the quotient's mode, its heaps or positions and its
// size limit opens the page with those fields and their answers (a stop
// by the size limit said in the page's words); a computation asked on the
// page writes the fields to the URL, and a reload, or the URL opened
// afresh, shows the same page.
func TestBrowserMisereURLState(t *testing.T) {
	s := New(Config{})
	url := serve(t, s)
	ctx := browser(t)
	fields := func() string {
		return eval[string](t, ctx, "fields", `['mis-spec', 'mis-position', 'mis-mode', 'mis-heaps', 'mis-max-size'].map(id => document.getElementById(id).value).join(' | ') + ' | ' + JSON.stringify([...document.querySelectorAll('#mis-position-list input')].map(i => i.value))`)
	}
	summary := func() string { return text(t, ctx, "#mis-summary") }

	run(t, ctx, "a link", chromedp.Navigate(url+"/#/misere?game=nim&position=2+2&mode=heaps&heaps=3&max_size=4"))
	waitJS(t, ctx, "form and quotient", `(document.getElementById('mis-form')?.textContent ?? '') === '*(3,2)' && !!document.getElementById('mis-stop')`)
	if got, want := fields(), `nim | 2 2 | heaps | 3 | 4 | ["3 4 5"]`; got != want {
		t.Errorf("fields %q, want %q", got, want)
	}
	if got := summary(); !strings.Contains(got, "stopped at heap 2: exact for heaps 0..1") {
		t.Errorf("summary %q", got)
	}
	if got := text(t, ctx, "#mis-stop"); !strings.Contains(got, "the quotient grows past 4 elements at heap 2") || !strings.Contains(got, "“Stop past” stopped it") || strings.Contains(got, "--") || strings.Contains(got, "max_size") {
		t.Errorf("stop %q", got)
	}
	if href := eval[string](t, ctx, "link", `document.getElementById('mis-download').getAttribute('href')`); href != "/api/misere/quotient?game=nim&heaps=3&max_size=4" {
		t.Errorf("download %q", href)
	}

	// Asked on the page: the URL takes the fields; a reload restores them.
	run(t, ctx, "heaps 5, no limit", chromedp.Evaluate[chromedp.Void](setInput("mis-heaps", "5")), chromedp.Evaluate[chromedp.Void](setInput("mis-max-size", "")))
	run(t, ctx, "quotient", click("#mis-quotient-go"))
	waitJS(t, ctx, "heaps 0..5", `(document.getElementById('mis-summary')?.textContent ?? '').includes('computed for heaps 0..5')`)
	hash := eval[string](t, ctx, "hash", `location.hash`)
	want := "#/misere?" + (neturl.Values{"game": {"nim"}, "position": {"2 2"}, "mode": {"heaps"}, "heaps": {"5"}, "positions": {`["3 4 5"]`}}).Encode()
	if !sameQuery(hash, want) {
		t.Errorf("URL %q, want %q", hash, want)
	}
	run(t, ctx, "reload", chromedp.Reload())
	waitJS(t, ctx, "restored", `(document.getElementById('mis-summary')?.textContent ?? '').includes('computed for heaps 0..5') && (document.getElementById('mis-form')?.textContent ?? '') === '*(3,2)'`)
	if got, want := fields(), `nim | 2 2 | heaps | 5 |  | ["3 4 5"]`; got != want {
		t.Errorf("after a reload: fields %q, want %q", got, want)
	}

	// Positions: the mode and the typed positions, opened afresh.
	run(t, ctx, "positions", chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById('mis-mode'); s.value = 'positions'; s.dispatchEvent(new Event('change')); })()`))
	run(t, ctx, "add", click("#mis-add-position"))
	run(t, ctx, "type", chromedp.Evaluate[chromedp.Void](setInput("mis-pos-1", "3 4")), chromedp.Evaluate[chromedp.Void](setInput("mis-pos-2", "5")))
	run(t, ctx, "quotient", click("#mis-quotient-go"))
	waitJS(t, ctx, "positions shown", `document.querySelectorAll('#mis-asked tbody tr').length === 2`)
	link := eval[string](t, ctx, "link", `location.href`)
	run(t, ctx, "elsewhere", chromedp.Navigate("about:blank"))
	run(t, ctx, "the link", chromedp.Navigate(link))
	waitJS(t, ctx, "positions restored", `document.querySelectorAll('#mis-asked tbody tr').length === 2`)
	if got, want := fields(), `nim | 2 2 | positions | 5 |  | ["3 4","5"]`; got != want {
		t.Errorf("the link %s: fields %q, want %q", link, got, want)
	}
	code, body := get(t, s, "/api/misere/quotient?game=nim&position=3+4&position=5")
	var api catalog.MiserePositions
	if err := json.Unmarshal([]byte(body), &api); code != 200 || err != nil {
		t.Fatalf("API: %d %s", code, body)
	}
	if got := eval[[][]string](t, ctx, "rows", "("+misereRows+")('#mis-asked')"); !slices.EqualFunc(got, wantRows(api.Positions), slices.Equal) {
		t.Errorf("the link: page %q, API %q", got, wantRows(api.Positions))
	}

	// A sum solved by the quotient: the URL keeps it (only once asked), and
	// a link with one solves it again.
	run(t, ctx, "heaps mode", chromedp.Navigate(url+"/#/misere?game=kayles&mode=heaps&heaps=12"))
	waitJS(t, ctx, "kayles", `(document.getElementById('mis-summary')?.textContent ?? '').includes('heaps 0..12')`)
	if h := eval[string](t, ctx, "hash", `location.hash`); strings.Contains(h, "sum=") {
		t.Errorf("a sum never asked is in the URL: %q", h)
	}
	run(t, ctx, "a sum", chromedp.Evaluate[chromedp.Void](setInput("mis-sum", "3 4 7")))
	run(t, ctx, "solve", click("#mis-solve-go"))
	waitJS(t, ctx, "solved", `!!document.getElementById('mis-solve-outcome')`)
	solved := text(t, ctx, "#mis-solve-outcome") + " " + text(t, ctx, "#mis-solve-move")
	if h := eval[string](t, ctx, "hash", `location.hash`); !strings.Contains(h, "sum=3+4+7") {
		t.Errorf("URL after solving %q, want sum=3+4+7", h)
	}
	link = eval[string](t, ctx, "link", `location.href`)
	run(t, ctx, "elsewhere", chromedp.Navigate("about:blank"))
	run(t, ctx, "the sum's link", chromedp.Navigate(link))
	waitJS(t, ctx, "solved again", `!!document.getElementById('mis-solve-outcome') && document.getElementById('mis-sum').value === '3 4 7'`)
	if got := text(t, ctx, "#mis-solve-outcome") + " " + text(t, ctx, "#mis-solve-move"); got != solved {
		t.Errorf("the link solves %q, the page solved %q", got, solved)
	}
}

// sameQuery reports whether two #/page?query addresses have the same page
// and parameters (in any order).
func sameQuery(a, b string) bool {
	pa, qa, _ := strings.Cut(a, "?")
	pb, qb, _ := strings.Cut(b, "?")
	va, err1 := neturl.ParseQuery(qa)
	vb, err2 := neturl.ParseQuery(qb)
	return pa == pb && err1 == nil && err2 == nil && reflect.DeepEqual(va, vb)
}

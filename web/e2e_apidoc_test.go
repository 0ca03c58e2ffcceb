package web

import (
	"io"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/grundy/grundy/docs"
)

// The API page at 1400 and 400 px (issue 44 §4): every endpoint the server
// lists is a row of the table, none hidden in an inner scroll box, each
// row's cells inside the page's width; and the page links to the whole
// reference, which the server serves as docs/api.md is.
func TestBrowserAPIPageWholeTable(t *testing.T) {
	s := New(Config{})
	url := serve(t, s)
	ctx := browser(t)
	want := len(s.routes())
	for _, size := range widths {
		run(t, ctx, "viewport", chromedp.EmulateViewport(size.w, size.h), chromedp.Navigate("about:blank"))
		run(t, ctx, "open api page", chromedp.Navigate(url+"/#/api"))
		waitJS(t, ctx, "table", `document.querySelectorAll('#api-endpoints tbody tr').length > 0`)
		type layout struct {
			Rows, Width     int
			Scrolls         []string
			OutsideCells    []string
			PageScrollWidth int
			Link            string
		}
		got := eval[layout](t, ctx, "layout", `(() => {
			const tb = document.getElementById('api-endpoints');
			const w = document.documentElement.clientWidth;
			const scrolls = [];
			for (let e = tb; e; e = e.parentElement) {
				const cs = getComputedStyle(e);
				if (e !== document.documentElement && e !== document.body && /(auto|scroll|hidden)/.test(cs.overflowY + cs.overflowX) && (e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1)) scrolls.push(e.tagName + '.' + e.className);
			}
			const outside = [...tb.querySelectorAll('td')].filter(td => { const r = td.getBoundingClientRect(); return r.right > w + 1 || r.left < -1 || r.width === 0; }).map(td => td.textContent);
			const a = document.getElementById('api-reference');
			return {Rows: tb.querySelectorAll('tbody tr').length, Width: w, Scrolls: scrolls, OutsideCells: outside,
				PageScrollWidth: document.documentElement.scrollWidth, Link: a ? a.getAttribute('href') : ''};
		})()`)
		if got.Rows != want {
			t.Errorf("%d px: %d rows, want every endpoint (%d)", size.w, got.Rows, want)
		}
		if len(got.Scrolls) > 0 {
			t.Errorf("%d px: the table sits in a scroll box: %v", size.w, got.Scrolls)
		}
		if len(got.OutsideCells) > 0 {
			t.Errorf("%d px: %d cells outside the page's %d px, the first %q", size.w, len(got.OutsideCells), got.Width, got.OutsideCells[0])
		}
		if got.PageScrollWidth > got.Width+1 {
			t.Errorf("%d px: the page scrolls sideways (%d px wide)", size.w, got.PageScrollWidth)
		}
		if got.Link != "/docs/api.md" {
			t.Errorf("%d px: the reference link is %q", size.w, got.Link)
		}
	}
	resp, err := http.Get(url + "/docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	file, err := os.ReadFile("../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || string(body) != string(file) || string(docs.API) != string(file) || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain") {
		t.Errorf("/docs/api.md: status %d, %s, %d bytes; docs/api.md has %d", resp.StatusCode, resp.Header.Get("Content-Type"), len(body), len(file))
	}
}

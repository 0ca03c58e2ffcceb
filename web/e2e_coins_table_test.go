package web

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
)

// The value table of a coin grid on the sequences page (issue 44): rows
// are the board's rows and columns its columns, labelled by the board's
// coordinates — Ruler × Mock Turtles counts its columns from 1 and its
// rows from 0 — in the table of numbers, the CSV and the captions, which
// say g(x, y) of a single head, not Wythoff's G(a, b).
func TestBrowserCoinTable(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	const spec = "coins:ruler*mock-turtles"
	g, _ := families.Parse(spec)
	tab, err := g.ValueTable(context.Background(), 5, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	run(t, ctx, "open", chromedp.Navigate(url+"/#/sequence?game="+spec+"&size=5"))
	waitJS(t, ctx, "table", `!document.getElementById('seq-heat').hidden && document.querySelectorAll('#seq-table td').length === 25`)
	got := eval[[]int](t, ctx, "values", `[...document.querySelectorAll('#seq-table td')].map(td => Number(td.textContent))`)
	var flat []int
	var csv strings.Builder
	csv.WriteString("y\\x,1,2,3,4,5\n")
	for i, row := range tab.Values {
		fmt.Fprintf(&csv, "%d", i)
		for _, v := range row {
			flat = append(flat, int(v))
			fmt.Fprintf(&csv, ",%d", v)
		}
		csv.WriteString("\n")
	}
	if !slices.Equal(got, flat) {
		t.Errorf("table on the page %v\nthe library's %v", got, flat)
	}
	heads := eval[[]string](t, ctx, "headers", `[...document.querySelectorAll('#seq-table th')].map(th => th.textContent)`)
	if want := []string{`y\x`, "1", "2", "3", "4", "5", "0", "1", "2", "3", "4"}; !slices.Equal(heads, want) {
		t.Errorf("headers %q, want %q", heads, want)
	}
	if title := eval[string](t, ctx, "title", `document.querySelector('#seq-table td').title`); title != "g(1, 0) = 1" {
		t.Errorf("first cell's title %q", title)
	}
	text := eval[string](t, ctx, "captions", `document.getElementById('seq-summary').textContent + ' | ' + document.getElementById('seq-heat-note').textContent`)
	if !strings.Contains(text, "g(x, y) of a single head for 1 ≤ x < 6, 0 ≤ y < 5") || strings.Contains(text, "φ") || strings.Contains(text, "G(a, b)") {
		t.Errorf("captions: %q", text)
	}
	pageCSV := eval[string](t, ctx, "csv", `import('/export.js').then(async ({ csvOfTable }) => csvOfTable(await (await fetch('/api/values?game=coins:ruler*mock-turtles&table=5')).json()))`, chromedp.EvalAwaitPromise)
	if pageCSV != csv.String() {
		t.Errorf("CSV:\n%s\nwant\n%s", pageCSV, csv.String())
	}
}

package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"
)

// The Wythoff heat map at 1400 and 400 px (issue 44 §4) has axes and a
// colour scale drawn with it: ticks labelled from 0 across (b) and down
// (a), the scale from 0 (red, the P-positions) to the largest value of
// the table, the cells where the axes say (G(1, 2) = 0 and G(0, 0) = 0
// are red, G(0, 1) = 1 is not; a hover over a cell names it), and the
// whole map inside the page.
func TestBrowserWythoffHeatAxes(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	resp, err := http.Get(url + "/api/values?game=wythoff&table=32")
	if err != nil {
		t.Fatal(err)
	}
	var tab struct{ Values [][]int }
	err = json.NewDecoder(resp.Body).Decode(&tab)
	resp.Body.Close()
	if err != nil || len(tab.Values) != 32 {
		t.Fatalf("the table: %v, %d rows", err, len(tab.Values))
	}
	vmax := 0
	for _, row := range tab.Values {
		for _, v := range row {
			vmax = max(vmax, v)
		}
	}
	for _, size := range widths {
		run(t, ctx, "viewport", chromedp.EmulateViewport(size.w, size.h), chromedp.Navigate("about:blank"))
		run(t, ctx, "open", chromedp.Navigate(url+"/#/sequence?game=wythoff&size=32"))
		waitJS(t, ctx, "heat", `!document.getElementById('seq-heat').hidden && document.getElementById('seq-heat').dataset.scale !== undefined`)
		type heatInfo struct {
			XTicks, YTicks, Scale  string
			Cell00, Cell12, Cell01 []int
			ScaleZero, Margin      []int
			Title                  string
			Right, Page            float64
		}
		got := eval[heatInfo](t, ctx, "heat", `(() => {
			const cv = document.getElementById('seq-heat');
			const c = cv.getContext('2d');
			const px = Number(cv.dataset.px);
			const at = (x, y) => [...c.getImageData(x, y, 1, 1).data.slice(0, 3)];
			const cell = (a, b) => at(40 + b * px + px / 2, 34 + a * px + px / 2);
			const side = px * 32;
			// hover the cell (1, 2)
			const r = cv.getBoundingClientRect();
			const k = r.width / cv.width;
			cv.dispatchEvent(new MouseEvent('mousemove', {clientX: r.left + (40 + 2 * px + px / 2) * k, clientY: r.top + (34 + 1 * px + px / 2) * k}));
			return {XTicks: cv.dataset.xticks, YTicks: cv.dataset.yticks, Scale: cv.dataset.scale,
				Cell00: cell(0, 0), Cell12: cell(1, 2), Cell01: cell(0, 1),
				ScaleZero: at(47, 34 + side + 16), Margin: at(20, 34 + side / 2),
				Title: cv.title, Right: r.right, Page: document.documentElement.clientWidth};
		})()`)
		red := []int{0xc9, 0x2a, 0x2a}
		same := func(a, b []int) bool { return len(a) == 3 && a[0] == b[0] && a[1] == b[1] && a[2] == b[2] }
		if got.XTicks == "" || got.XTicks[:2] != "0 " || got.YTicks == "" || got.YTicks[:2] != "0 " {
			t.Errorf("%d px: axes ticks across %q, down %q, want labels from 0", size.w, got.XTicks, got.YTicks)
		}
		if want := fmt.Sprintf("0 1 %d", vmax); got.Scale != want {
			t.Errorf("%d px: colour scale %q, want %q (the table's largest value)", size.w, got.Scale, want)
		}
		if !same(got.Cell00, red) || !same(got.Cell12, red) || same(got.Cell01, red) {
			t.Errorf("%d px: cells G(0,0) %v, G(1,2) %v (both want red %v), G(0,1) %v (not red)", size.w, got.Cell00, got.Cell12, red, got.Cell01)
		}
		if !same(got.ScaleZero, red) {
			t.Errorf("%d px: the scale's 0 swatch is %v, want red", size.w, got.ScaleZero)
		}
		if got.Title != "G(1, 2) = 0" {
			t.Errorf("%d px: hover over cell (1, 2) says %q", size.w, got.Title)
		}
		if got.Right > got.Page+1 {
			t.Errorf("%d px: the heat map ends at %.0f px, past the page", size.w, got.Right)
		}
	}
}

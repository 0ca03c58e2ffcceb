package chart_test

import (
	"bytes"
	"context"
	"image/png"
	"maps"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/grundy/grundy/cardflip"
	"github.com/grundy/grundy/cardflip/chart"
)

// The compare chart in each format: an SVG naming every strategy, a PNG
// that decodes, a PDF; no rows is an error.
func TestWriteCompare(t *testing.T) {
	rows, err := cardflip.Compare(context.Background(), cardflip.CompareOptions{From: 2, To: 9, Trials: 200, Seed: 1, ExactMax: 5, RandomMax: 9})
	if err != nil {
		t.Fatal(err)
	}
	var svg, pngb, pdf bytes.Buffer
	for _, c := range []struct {
		format string
		b      *bytes.Buffer
	}{{"svg", &svg}, {"png", &pngb}, {"pdf", &pdf}} {
		if err := chart.WriteCompare(c.b, rows, c.format); err != nil {
			t.Fatalf("%s: %v", c.format, err)
		}
	}
	for _, c := range rows[0].Cells {
		if !strings.Contains(svg.String(), c.Strategy) {
			t.Errorf("the SVG does not name %s", c.Strategy)
		}
	}
	if _, err := png.Decode(&pngb); err != nil {
		t.Errorf("PNG: %v", err)
	}
	if !strings.HasPrefix(pdf.String(), "%PDF") {
		t.Error("not a PDF")
	}
	if err := chart.WriteCompare(&svg, nil, "svg"); err == nil {
		t.Error("no rows drawn without an error")
	}
}

// The palette: a colour for every strategy Compare measures and for the
// bound, no two alike, and the same as the web lab's table in
// web/static/cfplot.js (read here), so that a strategy looks the same in
// the CLI's plot and on the page. The best strategy is named so in the
// plot's legend.
func TestPaletteMatchesTheWeb(t *testing.T) {
	p := chart.Palette()
	names := []string{"lower bound"}
	for _, s := range cardflip.CompareStrategies() {
		names = append(names, s.Info().Name)
	}
	seen := map[string]string{}
	for _, n := range names {
		c, ok := p[n]
		if !ok || !regexp.MustCompile(`^#[0-9a-f]{6}$`).MatchString(c) {
			t.Errorf("%s: colour %q", n, c)
		}
		if o, ok := seen[c]; ok {
			t.Errorf("%s and %s share %s", n, o, c)
		}
		seen[c] = n
	}
	if len(p) != len(names) {
		t.Errorf("%d colours for %d series", len(p), len(names))
	}
	js, err := os.ReadFile("../../web/static/cfplot.js")
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(js), "export const strategyColors = {")
	j := strings.Index(string(js)[i:], "};")
	if i < 0 || j < 0 {
		t.Fatal("no strategyColors table in web/static/cfplot.js")
	}
	web := map[string]string{}
	for _, m := range regexp.MustCompile(`'?([a-z -]+)'?: '(#[0-9a-f]{6})'`).FindAllStringSubmatch(string(js)[i:i+j], -1) {
		web[strings.TrimSpace(m[1])] = m[2]
	}
	if !maps.Equal(web, p) {
		t.Errorf("the web's colours %v, the plot's %v", web, p)
	}
	rows, err := cardflip.Compare(context.Background(), cardflip.CompareOptions{From: 2, To: 4, Trials: 10, Seed: 1, ExactMax: 4, RandomMax: 4})
	if err != nil {
		t.Fatal(err)
	}
	var svg bytes.Buffer
	if err := chart.WriteCompare(&svg, rows, "svg"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(svg.String(), cardflip.BestName+" (best)") {
		t.Error("the legend does not mark the best strategy")
	}
	// Every colour is drawn (gonum writes stroke:#RRGGBB), the best
	// strategy's line 2.5 points wide.
	for n, c := range p {
		if !strings.Contains(svg.String(), "stroke:"+strings.ToUpper(c)) {
			t.Errorf("%s's colour %s is not in the SVG", n, c)
		}
	}
	if !strings.Contains(svg.String(), "stroke-width:2.5") {
		t.Error("no line of the best strategy's width")
	}
}

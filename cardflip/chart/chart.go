// Package chart draws the card-flip lab's charts with gonum/plot. It lives
// apart from package cardflip, and is linked only into the grundy-plot
// program, because gonum/plot parses its fonts when the program starts:
// every grundy command would pay for them (4 MB and a few milliseconds),
// for the one command that draws.
package chart

import (
	"fmt"
	"image/color"
	"io"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/grundy/grundy/cardflip"
)

// Palette is the colour of each strategy of cardflip.CompareStrategies,
// and of the bound 2m − H_m ("lower bound"), as "#rrggbb": one distinct
// colour each, the same as the web lab's (web/static/cfplot.js;
// TestPaletteMatchesTheWeb). A fresh map each call.
func Palette() map[string]string {
	return map[string]string{
		"random":         "#868e96",
		"front-to-back":  "#e8590c",
		"partition":      "#2b8a3e",
		"divide-conquer": "#7048e8",
		"halving":        "#c2255c",
		"stacks":         "#1098ad",
		"comb":           "#3b5bdb",
		"ordered":        "#8f5b1d",
		"skewed":         "#e03131",
		"lower bound":    "#212529",
	}
}

// hexColor reads "#rrggbb".
func hexColor(s string) color.RGBA {
	var r, g, b uint8
	fmt.Sscanf(s, "#%02x%02x%02x", &r, &g, &b)
	return color.RGBA{r, g, b, 255}
}

// WriteCompare draws E[X] against m and E[X]/(m·log2 m) against m,
// one line per strategy plus the bound 2m − H_m, in the given format
// ("svg", "png", "pdf", …): each strategy in its colour of Palette, the
// best (cardflip.BestName) thicker and named so in the legend.
func WriteCompare(w io.Writer, rows []cardflip.CompareRow, format string) error {
	if len(rows) == 0 {
		return fmt.Errorf("chart: nothing to plot")
	}
	top := plot.New()
	top.Title.Text = "Card flip: E[X] of table-only strategies (n = ∞)"
	top.X.Label.Text = "m (cards)"
	top.Y.Label.Text = "E[X] (turns)"
	bottom := plot.New()
	bottom.Title.Text = "E[X] / (m · log2 m)"
	bottom.X.Label.Text = "m (cards)"
	bottom.Y.Label.Text = "E[X] / (m log2 m)"
	names := []string{}
	for _, c := range rows[0].Cells {
		names = append(names, c.Strategy)
	}
	names = append(names, "lower bound")
	palette := Palette()
	for i, name := range names {
		var a, b plotter.XYs
		for _, r := range rows {
			y := r.LowerBound
			if i < len(r.Cells) {
				y = r.Cells[i].Mean
			}
			m := float64(r.M)
			a = append(a, plotter.XY{X: m, Y: y})
			if r.M >= 2 {
				b = append(b, plotter.XY{X: m, Y: y / (m * math.Log2(m))})
			}
		}
		for j, pts := range []plotter.XYs{a, b} {
			if len(pts) == 0 {
				continue
			}
			l, err := plotter.NewLine(pts)
			if err != nil {
				return err
			}
			c, ok := palette[name]
			if !ok {
				return fmt.Errorf("chart: no colour for the strategy %q", name)
			}
			l.Color = hexColor(c)
			label := name
			switch name {
			case "lower bound":
				l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
				label = "2m − H_m (lower bound)"
			case cardflip.BestName:
				l.Width = vg.Points(2.5)
				label = name + " (best)"
			}
			p := top
			if j == 1 {
				p = bottom
			}
			p.Add(l)
			p.Legend.Add(label, l)
		}
	}
	top.Legend.Top, top.Legend.Left = true, true
	bottom.Legend.Top = true
	bottom.Y.Min = 0
	c, err := draw.NewFormattedCanvas(18*vg.Centimeter, 24*vg.Centimeter, format)
	if err != nil {
		return fmt.Errorf("chart: plot format %q: %w", format, err)
	}
	tiles := draw.Tiles{Rows: 2, Cols: 1, PadTop: vg.Millimeter * 2, PadBottom: vg.Millimeter * 2,
		PadLeft: vg.Millimeter * 2, PadRight: vg.Millimeter * 2, PadY: vg.Millimeter * 6}
	plots := [][]*plot.Plot{{top}, {bottom}}
	dc := draw.New(c)
	canvases := plot.Align(plots, tiles, dc)
	top.Draw(canvases[0][0])
	bottom.Draw(canvases[1][0])
	_, err = c.WriteTo(w)
	return err
}

package cardflip

import (
	"context"
	"fmt"
	"io"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// CompareOptions choose what Compare measures.
type CompareOptions struct {
	From, To int
	// Trials is the number of Monte Carlo games per strategy and m (when m
	// is above ExactMax); Seed seeds them.
	Trials int64
	Seed   uint64
	// ExactMax: m up to this are enumerated exactly (deterministic strategies).
	ExactMax int
	// RandomMax: the random strategy is simulated only up to this m (it costs
	// m(m+1)/2 turns a game); above, only its closed form is shown.
	RandomMax int
	Workers   int
	// Progress, when set, is called after each m.
	Progress func(done, total int)
}

// CompareStrategies are the table-only strategies Compare measures.
func CompareStrategies() []Strategy {
	return []Strategy{Random(), FrontToBack(), Partition(), DivideConquer(), Halving(), Stacks(), Comb(), Ordered()}
}

// Cell is one strategy's E[X] at one m.
type Cell struct {
	Strategy string  `json:"strategy"`
	Mean     float64 `json:"mean"`
	// StdErr is the Monte Carlo standard error, 0 when exact.
	StdErr float64 `json:"stderr"`
	Exact  bool    `json:"exact"`
	// Measured is false when only the closed form is known (Mean is it).
	Measured bool `json:"measured"`
	// Closed is the closed form's value, when there is one.
	Closed *float64 `json:"closed_form,omitempty"`
}

// CompareRow is every strategy at one m, with the lower bound 2m − H_m.
type CompareRow struct {
	M          int     `json:"m"`
	LowerBound float64 `json:"lower_bound"`
	Cells      []Cell  `json:"strategies"`
}

func ratFloat(r interface{ Float64() (float64, bool) }) float64 {
	f, _ := r.Float64()
	return f
}

// Compare measures every CompareStrategies strategy (table-only, n = ∞)
// for m = From..To.
func Compare(ctx context.Context, o CompareOptions) ([]CompareRow, error) {
	if o.From < 1 || o.To < o.From {
		return nil, fmt.Errorf("cardflip: compare needs 1 ≤ from ≤ to, not %d..%d", o.From, o.To)
	}
	var rows []CompareRow
	for m := o.From; m <= o.To; m++ {
		lb, _ := KnownMean("single", m)
		row := CompareRow{M: m, LowerBound: lb}
		for _, s := range CompareStrategies() {
			name := s.Info().Name
			c := Cell{Strategy: name}
			if f, ok := KnownMean(name, m); ok {
				c.Closed = &f
			}
			switch {
			case name == "random" && m > o.RandomMax:
				c.Mean = *c.Closed
			case m <= o.ExactMax && !s.Info().Randomized:
				r, err := Exact(ctx, s, m, Options{Workers: o.Workers})
				if err != nil {
					return nil, err
				}
				c.Mean, c.Exact, c.Measured = ratFloat(r.Expectation), true, true
			default:
				st, err := Simulate(ctx, s, m, o.Trials, o.Seed, Options{Workers: o.Workers})
				if err != nil {
					return nil, err
				}
				c.Mean, c.StdErr, c.Measured = st.Mean(), st.StdErr(), true
			}
			row.Cells = append(row.Cells, c)
		}
		rows = append(rows, row)
		if o.Progress != nil {
			o.Progress(m-o.From+1, o.To-o.From+1)
		}
	}
	return rows, nil
}

// WriteCompareTable prints the rows as an aligned table: each strategy's
// E[X] with its closed form beside it ("=…"), then the bound 2m − H_m.
func WriteCompareTable(w io.Writer, rows []CompareRow) error {
	if len(rows) == 0 {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%4s", "m")
	for _, c := range rows[0].Cells {
		fmt.Fprintf(&b, "  %16s", c.Strategy)
		if c.Closed != nil {
			fmt.Fprintf(&b, " %9s", "(closed)")
		}
	}
	fmt.Fprintf(&b, "  %9s\n", "2m−H_m")
	for _, r := range rows {
		fmt.Fprintf(&b, "%4d", r.M)
		for _, c := range r.Cells {
			switch {
			case !c.Measured:
				fmt.Fprintf(&b, "  %16s", "—")
			case c.Exact:
				fmt.Fprintf(&b, "  %16.3f", c.Mean)
			default:
				fmt.Fprintf(&b, "  %9.2f ±%5.2f", c.Mean, c.StdErr)
			}
			if c.Closed != nil {
				fmt.Fprintf(&b, " %9.3f", *c.Closed)
			}
		}
		fmt.Fprintf(&b, "  %9.3f\n", r.LowerBound)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteComparePlot draws E[X] against m and E[X]/(m·log2 m) against m,
// one line per strategy plus the bound 2m − H_m, in the given format
// ("svg", "png", "pdf", …).
func WriteComparePlot(w io.Writer, rows []CompareRow, format string) error {
	if len(rows) == 0 {
		return fmt.Errorf("cardflip: nothing to plot")
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
	names = append(names, "2m − H_m (lower bound)")
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
			l.Color = plotutil.Color(i)
			l.Dashes = plotutil.Dashes(0)
			if i == len(names)-1 {
				l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
			}
			p := top
			if j == 1 {
				p = bottom
			}
			p.Add(l)
			p.Legend.Add(name, l)
		}
	}
	top.Legend.Top, top.Legend.Left = true, true
	bottom.Legend.Top = true
	bottom.Y.Min = 0
	c, err := draw.NewFormattedCanvas(18*vg.Centimeter, 24*vg.Centimeter, format)
	if err != nil {
		return fmt.Errorf("cardflip: plot format %q: %w", format, err)
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

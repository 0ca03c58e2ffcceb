package cardflip

import (
	"context"
	"fmt"
	"io"
	"math"
	"strings"
	"unicode/utf8"
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
	return []Strategy{Random(), FrontToBack(), Partition(), DivideConquer(), Halving(), Stacks(), Comb(), Ordered(), Skewed()}
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

// WriteCompareTable prints the rows as a table of at most 100 columns
// (the strategies of CompareStrategies up to m = 1000 at 2000 games a
// strategy; a column is as wide as its widest number): a column of
// E[X] per strategy, BestName's marked "(best)", then the bound 2m − H_m.
// An exact E[X] has three decimals; a Monte Carlo one is the mean with
// its standard error in the units of its last digit, 299.8(8) for
// 299.8 ± 0.8; * marks a closed form shown unmeasured. The closed forms
// are not columns of their own: a last line says whether every
// measurement agrees with its strategy's (exactly, or within 4 standard
// errors) and names those that do not.
func WriteCompareTable(w io.Writer, rows []CompareRow) error {
	if len(rows) == 0 {
		return nil
	}
	// The names in two header lines, cut after a hyphen when longer than
	// 8 characters; every column as wide as its widest line, and a space.
	n := len(rows[0].Cells)
	top, bottom, width := make([]string, n+1), make([]string, n+1), make([]int, n+1)
	var closed []string
	for i, c := range rows[0].Cells {
		a, z := c.Strategy, ""
		if len(a) > 8 {
			if k := strings.LastIndex(a[:8], "-"); k > 0 {
				a, z = a[:k+1], a[k+1:]
			}
		}
		if c.Strategy == BestName {
			z = "(best)"
		}
		top[i], bottom[i] = a, z
		if c.Closed != nil {
			closed = append(closed, c.Strategy)
		}
	}
	top[n] = "2m−H_m"
	cells := make([][]string, len(rows))
	for r, row := range rows {
		cells[r] = make([]string, n+1)
		for i, c := range row.Cells {
			cells[r][i] = formatCell(c)
		}
		cells[r][n] = fmt.Sprintf("%.3f", row.LowerBound)
	}
	for i := range width {
		width[i] = max(8, utf8.RuneCountInString(top[i]), len(bottom[i]))
		for r := range cells {
			width[i] = max(width[i], len(cells[r][i]))
		}
	}
	var b strings.Builder
	line := func(first string, xs []string) {
		fmt.Fprintf(&b, "%4s", first)
		for i, x := range xs {
			fmt.Fprintf(&b, " %*s", width[i], x) // fmt pads by runes
		}
		b.WriteString("\n")
	}
	line("", top[:n])
	line("m", append(bottom[:n], top[n]))
	var off []string
	for r, row := range rows {
		line(fmt.Sprint(row.M), cells[r])
		for i, c := range row.Cells {
			if c.Closed != nil && c.Measured && !agrees(c) {
				off = append(off, fmt.Sprintf("%s at m = %d: %s, closed form %.3f", c.Strategy, row.M, cells[r][i], *c.Closed))
			}
		}
	}
	if len(closed) > 0 {
		if len(off) == 0 {
			fmt.Fprintf(&b, "closed forms (%s): every measurement agrees\n", strings.Join(closed, ", "))
		} else {
			fmt.Fprintf(&b, "closed forms (%s): %d measurements disagree:\n", strings.Join(closed, ", "), len(off))
			for _, o := range off {
				fmt.Fprintf(&b, "  %s\n", o)
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// formatCell is a cell of WriteCompareTable: an exact E[X] to three
// decimals, a Monte Carlo mean with its standard error in the units of the
// mean's last digit (one significant digit, at most three decimals), a
// closed form alone followed by *.
func formatCell(c Cell) string {
	switch {
	case !c.Measured:
		return fmt.Sprintf("%.0f*", c.Mean)
	case c.Exact:
		return fmt.Sprintf("%.3f", c.Mean)
	case !(c.StdErr > 0):
		return fmt.Sprintf("%.1f(0)", c.Mean)
	}
	d := min(3, max(0, -int(math.Floor(math.Log10(c.StdErr)))))
	u := int(math.Round(c.StdErr * math.Pow10(d)))
	if u >= 10 && d > 0 { // 0.096 rounds to 0.1: one decimal less
		d--
		u = int(math.Round(c.StdErr * math.Pow10(d)))
	}
	return fmt.Sprintf("%.*f(%d)", d, c.Mean, u)
}

// agrees says whether a measured cell agrees with its closed form: exactly
// (to the precision of a float64) when exact, else within 4 standard
// errors.
func agrees(c Cell) bool {
	d := math.Abs(c.Mean - *c.Closed)
	if c.Exact {
		return d <= 1e-9*math.Max(1, math.Abs(*c.Closed))
	}
	return d <= 4*c.StdErr
}

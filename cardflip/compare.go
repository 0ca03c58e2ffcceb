package cardflip

import (
	"context"
	"fmt"
	"io"
	"strings"
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

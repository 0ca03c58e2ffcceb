package cardflip

import "fmt"

// ExactReport is an exact evaluation as data: what
// `grundy cardflip exact --json` prints and /api/cardflip/exact answers.
type ExactReport struct {
	Strategy string  `json:"strategy"`
	M        int     `json:"m"`
	Rules    string  `json:"rules"`
	Deals    int64   `json:"deals"`
	Mean     float64 `json:"mean"`
	// Fraction is E[X] in lowest terms, "p/q" (or "p").
	Fraction string `json:"fraction"`
	Min      int    `json:"min"`
	Max      int    `json:"max"`
}

// NewExactReport describes the result of Exact(s, m) under the rules.
func NewExactReport(s Strategy, m int, r Rules, res *ExactResult) ExactReport {
	mean, _ := res.Expectation.Float64()
	return ExactReport{s.Info().Name, m, r.String(), res.Games, mean, res.Expectation.RatString(), res.Min, res.Max}
}

// HistogramBin is the number of games that took X turns.
type HistogramBin struct {
	X     int   `json:"x"`
	Games int64 `json:"games"`
}

// SimulateReport is a Monte Carlo evaluation as data: what
// `grundy cardflip simulate --json` prints and /api/cardflip/simulate
// answers.
type SimulateReport struct {
	Strategy string     `json:"strategy"`
	M        int        `json:"m"`
	Rules    string     `json:"rules"`
	Seed     uint64     `json:"seed"`
	Trials   int64      `json:"trials"`
	Mean     float64    `json:"mean"`
	StdErr   float64    `json:"stderr"`
	CI95     [2]float64 `json:"ci95"`
	Min      int        `json:"min"`
	Max      int        `json:"max"`
	// Histogram lists the X that occurred, in increasing order.
	Histogram []HistogramBin `json:"histogram"`
}

// NewSimulateReport describes the result of Simulate(s, m, …, seed) under
// the rules.
func NewSimulateReport(s Strategy, m int, r Rules, seed uint64, st *Stats) SimulateReport {
	var hist []HistogramBin
	for x, c := range st.Hist {
		if c > 0 {
			hist = append(hist, HistogramBin{x, c})
		}
	}
	return SimulateReport{s.Info().Name, m, r.String(), seed, st.Games, st.Mean(), st.StdErr(), st.CI95(), st.Min, st.Max, hist}
}

// CheckExact says whether Exact can evaluate the strategy with m cards:
// 1 ≤ m ≤ MaxExactM, and a strategy that flips no coins.
func CheckExact(s Strategy, m int) error {
	if m < 1 || m > MaxExactM {
		return fmt.Errorf("cardflip: exact enumeration covers 1 ≤ m ≤ %d (m! deals), not m = %d", MaxExactM, m)
	}
	if s.Info().Randomized {
		return fmt.Errorf("cardflip: strategy %s flips coins, so the deals alone do not determine its games; use simulate", s.Info().Name)
	}
	return nil
}

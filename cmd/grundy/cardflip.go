package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/grundy/grundy/cardflip"
	"github.com/grundy/grundy/cardflip/optimum"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/jsonout"
)

// cardflipFlags are the settings shared by the cardflip subcommands.
type cardflipFlags struct {
	strategy string
	m        int
	players  int
	model    string
	variant  string
	workers  int
	json     bool
}

func (f *cardflipFlags) add(fs *pflag.FlagSet, players bool) {
	fs.StringVar(&f.strategy, "strategy", "best", "the strategy (see 'grundy cardflip strategies'; best = "+cardflip.BestName+")")
	fs.IntVar(&f.m, "m", 0, "the number of cards (required)")
	if players {
		fs.Var((*playersValue)(&f.players), "players", "the number of players n: a whole number, or ∞ (also inf, or 0): unbounded, every turn a new player")
	}
	fs.StringVar(&f.model, "model", "table", "what a player knows: table (the row only) or turn (the row and the turn number)")
	fs.StringVar(&f.variant, "variant", "standard", "rule variant: standard, free (free communication), fixed (a card looked at stays), rearrange")
}

// playersValue is --players, read by cardflip.ParsePlayers (as the web
// lab reads players=).
type playersValue int

func (p *playersValue) String() string { return cardflip.FormatPlayers(int(*p)) }
func (p *playersValue) Type() string   { return "n" }
func (p *playersValue) Set(s string) error {
	n, err := cardflip.ParsePlayers(s)
	if err != nil {
		var oe *cardflip.OptionError
		if errors.As(err, &oe) {
			return errors.New(oe.Message())
		}
		return err
	}
	*p = playersValue(n)
	return nil
}

// flagError names a bad rules option as its flag:
// --model must be table or turn, not "psychic".
func flagError(err error) error {
	var oe *cardflip.OptionError
	if errors.As(err, &oe) {
		return usagef("--%s %s", oe.Option, oe.Message())
	}
	return usageError{Err: err}
}

// setup checks the flags and returns the strategy and rules.
func (f *cardflipFlags) setup(cmd *cobra.Command) (cardflip.Strategy, cardflip.Rules, error) {
	var r cardflip.Rules
	if !cmd.Flags().Changed("m") {
		return nil, r, usagef("%s needs --m M (the number of cards)", cmdName(cmd))
	}
	if f.m < 1 || f.m > cardflip.MaxM {
		return nil, r, usagef("--m must be between 1 and %d, not %d", cardflip.MaxM, f.m)
	}
	r.Players = f.players
	var err error
	if r.Model, err = cardflip.ParseModel(f.model); err != nil {
		return nil, r, flagError(err)
	}
	if r.Variant, err = cardflip.ParseVariant(f.variant); err != nil {
		return nil, r, flagError(err)
	}
	s, err := cardflip.Lookup(f.strategy)
	if err != nil {
		return nil, r, usageError{Err: err}
	}
	if err := cardflip.Compatible(s, r); err != nil {
		return nil, r, usageError{Err: err}
	}
	return s, r, nil
}

// memoName names what optimum.Result.Memo counts: the table-only and
// rearrange searches memoize the deals reaching a level, the turn search
// its states (the sets of deals waiting at each row at one turn).
func memoName(mod cardflip.Model) string {
	if mod == cardflip.TurnNumber {
		return "turn states"
	}
	return "level entries"
}

// cardflipCtxErr turns a canceled context into the CLI's interrupt error.
func cardflipCtxErr(ctx context.Context, err error) error {
	if ctx.Err() != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
		// The context says why: the memory governor's budget error, the
		// time budget, or a signal.
		return impartial.ContextError(ctx)
	}
	if errors.Is(err, context.Canceled) {
		return &impartial.BudgetError{Limit: impartial.LimitCanceled, Err: err}
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return &impartial.BudgetError{Limit: impartial.LimitTime, Err: err}
	}
	return err
}

func newCardflipCmd(io *streams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "cardflip",
		Short: "The card-flip lab: strategies for flipping m cards in order",
		Long: `The card-flip game (seed 000): m cards numbered 1..m lie face down in a row.
Each turn a player looks at one face-down card; if it is the next number it
may be turned face up, and either way it may be put anywhere in the row.
The game ends at once when the card looked at is m with 1..m−1 face up;
X is the number of turns, that one included. With n = ∞ players every turn
is a new player who sees only the row: a strategy is a function of the row.

Subcommands evaluate a strategy exactly over all m! deals, by seeded Monte
Carlo, play one traced game, compare the strategies for a range of m with a
plot, and search for the optimal table-only strategy of tiny m.`,
		Example: `  grundy cardflip strategies
  grundy cardflip exact --strategy front-to-back --m 8
  grundy cardflip simulate --strategy best --m 100 --trials 100000 --seed 1
  grundy cardflip play --strategy divide-conquer --m 6 --seed 3
  grundy cardflip compare --m 2..60 --out plot.svg
  grundy cardflip optimal --m 3`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newCardflipStrategiesCmd(io), newCardflipExactCmd(io), newCardflipSimulateCmd(io),
		newCardflipPlayCmd(io), newCardflipCompareCmd(io), newCardflipOptimalCmd(io))
	return cmd
}

func newCardflipStrategiesCmd(io *streams) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:     "strategies",
		Short:   "List the strategies",
		Example: "  grundy cardflip strategies\n  grundy cardflip strategies --json",
		Args:    exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			type row struct {
				Name    string `json:"name"`
				Model   string `json:"model"`
				Needs   string `json:"needs"`
				Summary string `json:"summary"`
				Best    bool   `json:"best,omitempty"` // --strategy best
			}
			var rows []row
			for _, s := range cardflip.Strategies() {
				in := s.Info()
				rows = append(rows, row{in.Name, in.Model.String(), in.Needs(), in.Summary, in.Name == cardflip.BestName})
			}
			if asJSON {
				return jsonout.Write(io.out, rows)
			}
			w := bufio.NewWriter(io.out)
			for _, r := range rows {
				fmt.Fprintf(w, "%-15s %-11s %-18s %s\n", r.Name, r.Model, r.Needs, r.Summary)
			}
			fmt.Fprintf(w, "best = %s\n", cardflip.BestName)
			return w.Flush()
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the list as JSON")
	return cmd
}

// progress returns a progress callback drawing a bar on stderr when the
// output is a terminal and not JSON, and a function to finish it.
func progress(io *streams, asJSON bool, total int64, what string) (func(int64), func()) {
	if !io.tty || asJSON {
		return nil, func() {}
	}
	bar := progressbar.NewOptions64(total, progressbar.OptionSetWriter(io.err),
		progressbar.OptionSetDescription(what), progressbar.OptionShowCount(),
		progressbar.OptionThrottle(100_000_000), progressbar.OptionClearOnFinish())
	return func(done int64) { _ = bar.Set64(done) }, func() { _ = bar.Finish() }
}

func newCardflipExactCmd(io *streams) *cobra.Command {
	f := &cardflipFlags{}
	cmd := &cobra.Command{
		Use:   "exact --strategy S --m M",
		Short: "E[X] exactly, over all m! deals (in parallel)",
		Long: `Play a deterministic strategy on every one of the m! deals (m ≤ 12) and print
E[X] as a fraction in lowest terms and as a decimal, with the closed form
when the strategy has one.`,
		Example: `  grundy cardflip exact --strategy divide-conquer --m 8
  grundy cardflip exact --strategy single --m 6 --players 1 --json`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			s, r, err := f.setup(cmd)
			if err != nil {
				return err
			}
			if f.m > cardflip.MaxExactM {
				return usagef("exact enumerates m! deals, up to m = %d; use simulate for m = %d", cardflip.MaxExactM, f.m)
			}
			if err := cardflip.CheckExact(s, f.m); err != nil {
				return usageError{Err: err}
			}
			prog, done := progress(io, f.json, cardflip.Factorial(f.m), "deals")
			res, err := cardflip.Exact(cmd.Context(), s, f.m, cardflip.Options{Rules: r, Workers: f.workers, Progress: prog})
			done()
			if err != nil {
				return cardflipCtxErr(cmd.Context(), err)
			}
			mean, _ := res.Expectation.Float64()
			if f.json {
				return jsonout.Write(io.out, cardflip.NewExactReport(s, f.m, r, res))
			}
			deals := fmt.Sprintf("all %d deals", res.Games)
			if res.Games == 1 {
				deals = "its one deal"
			}
			fmt.Fprintf(io.out, "%s, m = %d (%s): E[X] = %s = %.6f over %s (min %d, max %d)\n",
				s.Info().Name, f.m, r, res.Expectation.RatString(), mean, deals, res.Min, res.Max)
			if k := cardflip.Known(s.Info().Name, f.m); k != nil && r.Variant == cardflip.Standard {
				agree := "agrees"
				if k.Cmp(res.Expectation) != 0 {
					agree = "DIFFERS"
				}
				kf, _ := k.Float64()
				fmt.Fprintf(io.out, "closed form: %s = %.6f (%s)\n", k.RatString(), kf, agree)
			}
			return nil
		},
	}
	f.add(cmd.Flags(), true)
	cmd.Flags().IntVar(&f.workers, "workers", 0, "worker goroutines (0: all cores)")
	cmd.Flags().BoolVar(&f.json, "json", false, `print {"mean":…,"fraction":"p/q",…}`)
	return cmd
}

func newCardflipSimulateCmd(io *streams) *cobra.Command {
	f := &cardflipFlags{}
	var trials int64
	var seed uint64
	cmd := &cobra.Command{
		Use:   "simulate --strategy S --m M --trials T --seed X",
		Short: "E[X] by seeded Monte Carlo (reproducible on any number of cores)",
		Long: `Play T games, game i dealt from a generator seeded with (seed, i), on all
cores, and print the mean, its standard error, the 95% interval, min, max and
a histogram. The same seed gives the same numbers whatever the cores.`,
		Example: `  grundy cardflip simulate --strategy best --m 100 --trials 100000 --seed 1
  grundy cardflip simulate --strategy interval --players 4 --m 40 --trials 10000 --seed 7 --json`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			s, r, err := f.setup(cmd)
			if err != nil {
				return err
			}
			if trials < 1 {
				return usagef("--trials must be at least 1, not %d", trials)
			}
			prog, done := progress(io, f.json, trials, "games")
			st, err := cardflip.Simulate(cmd.Context(), s, f.m, trials, seed, cardflip.Options{Rules: r, Workers: f.workers, Progress: prog})
			done()
			if err != nil {
				return cardflipCtxErr(cmd.Context(), err)
			}
			if f.json {
				return jsonout.Write(io.out, cardflip.NewSimulateReport(s, f.m, r, seed, st))
			}
			ci := st.CI95()
			w := bufio.NewWriter(io.out)
			fmt.Fprintf(w, "%s, m = %d (%s), Monte Carlo: %s, seed %d\n", s.Info().Name, f.m, r, plural(int(st.Games), "game"), seed)
			fmt.Fprintf(w, "E[X] = %.4f ± %.4f (standard error), 95%% interval [%.4f, %.4f], min %d, max %d\n",
				st.Mean(), st.StdErr(), ci[0], ci[1], st.Min, st.Max)
			if kf, ok := cardflip.KnownMean(s.Info().Name, f.m); ok && r.Variant == cardflip.Standard {
				fmt.Fprintf(w, "closed form: %.4f (%+.1f standard errors)\n", kf, (st.Mean()-kf)/st.StdErr())
			}
			writeHistogram(w, st)
			return w.Flush()
		},
	}
	f.add(cmd.Flags(), true)
	cmd.Flags().Int64Var(&trials, "trials", 10000, "the number of games")
	cmd.Flags().Uint64Var(&seed, "seed", 1, "the seed of the deals")
	cmd.Flags().IntVar(&f.workers, "workers", 0, "worker goroutines (0: all cores)")
	cmd.Flags().BoolVar(&f.json, "json", false, `print {"mean":…,"stderr":…,"ci95":[…],"trials":…,…}`)
	return cmd
}

// writeHistogram draws X in at most 12 bins of equal width.
func writeHistogram(w io.Writer, st *cardflip.Stats) {
	lo, hi := st.Min, st.Max
	width := max(1, (hi-lo+12)/12)
	var bins []int64
	for x := lo; x <= hi; x++ {
		b := (x - lo) / width
		for len(bins) <= b {
			bins = append(bins, 0)
		}
		bins[b] += st.Hist[x]
	}
	var most int64
	for _, c := range bins {
		most = max(most, c)
	}
	for i, c := range bins {
		a := lo + i*width
		label := strconv.Itoa(a)
		if width > 1 {
			label = fmt.Sprintf("%d–%d", a, a+width-1)
		}
		fmt.Fprintf(w, "%11s %s %d\n", label, strings.Repeat("█", int((40*c+most-1)/most)), c)
	}
}

func newCardflipPlayCmd(io *streams) *cobra.Command {
	f := &cardflipFlags{}
	var seed uint64
	cmd := &cobra.Command{
		Use:   "play --strategy S --m M --seed X",
		Short: "Play one game and show every turn",
		Long: `Deal game 0 of the seed and play it, one line a turn: the row before the
turn ("·" face down, numbers face up, "*" the card looked at), what it was and
where it went, and the row after. --json prints the game as
/api/cardflip/play answers it: the deal, X and every turn (the rows before and
after with 0 for a face-down card, the position looked at, the number seen,
where the card went and whether face up).`,
		Example: `  grundy cardflip play --strategy front-to-back --m 5 --seed 1
  grundy cardflip play --strategy best --m 12 --seed 2
  grundy cardflip play --strategy interval --players 3 --model turn --variant rearrange --m 6 --json`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			s, r, err := f.setup(cmd)
			if err != nil {
				return err
			}
			if f.json {
				rec, err := cardflip.Record(cmd.Context(), s, f.m, r, seed, 0)
				if err != nil {
					return cardflipCtxErr(cmd.Context(), err)
				}
				return jsonout.Write(io.out, rec)
			}
			g, err := cardflip.NewGame(f.m, r)
			if err != nil {
				return err
			}
			deal := make([]int, f.m)
			rng := cardflip.Deal(deal, seed, 0)
			w := bufio.NewWriter(io.out)
			fmt.Fprintf(w, "%s, m = %d (%s), seed %d; the deal (hidden from the players): %s\n",
				s.Info().Name, f.m, r, seed, strings.Trim(fmt.Sprint(deal), "[]"))
			g.Trace = func(st cardflip.Step) {
				act := fmt.Sprintf("%d → down at %d", st.Value, st.Move.To)
				if st.Move.Up {
					act = fmt.Sprintf("%d → UP at %d", st.Value, st.Move.To)
				}
				fmt.Fprintf(w, "%4d  %s  %-16s %s\n", st.Turn, cardflip.FormatRow(st.Before, st.Look), act, cardflip.FormatRow(st.After, -1))
			}
			x, err := g.Play(s, deal, rng)
			if err != nil {
				w.Flush()
				return err
			}
			fmt.Fprintf(w, "X = %s\n", plural(x, "turn"))
			return w.Flush()
		},
	}
	f.add(cmd.Flags(), true)
	cmd.Flags().Uint64Var(&seed, "seed", 1, "the seed of the deal")
	cmd.Flags().BoolVar(&f.json, "json", false, `print {"deal":[…],"x":…,"steps":[{"turn":1,"before":[…],"look":…,…},…],…}`)
	return cmd
}

// parseRange reads "A..B", or "M" for the one m.
func parseRange(s string) (int, int, error) {
	from, to, err := cardflip.ParseMRange(s)
	if err != nil {
		return 0, 0, fmt.Errorf("--m wants a range A..B with 1 ≤ A ≤ B (or one m), not %q", s)
	}
	return from, to, nil
}

func newCardflipCompareCmd(io *streams) *cobra.Command {
	var mRange, out string
	var trials int64
	var seed uint64
	var exactMax, randomMax, workers int
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "compare --m A..B [--out plot.svg]",
		Short: "Table and plot of every table-only strategy for a range of m",
		Long: `Measure the table-only strategies (n = ∞) for each m in the range: exactly
over all deals for m ≤ --exact-max, else by --trials seeded games (the mean
with its standard error in the units of its last digit: 80.0(2) is
80.0 ± 0.2), one column a strategy within 100 columns, the best marked, and
the lower bound 2m − H_m last; a last line checks every measurement against
its strategy's closed form. --out draws E[X] and E[X]/(m·log2 m) against m
(SVG, PNG or PDF, by the file's extension), a colour a strategy.`,
		Example: `  grundy cardflip compare --m 2..20
  grundy cardflip compare --m 2..100 --out plot.svg
  grundy cardflip compare --m 10..12 --json`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !cmd.Flags().Changed("m") {
				return usagef("compare needs --m A..B")
			}
			from, to, err := parseRange(mRange)
			if err != nil {
				return usageError{Err: err}
			}
			format := ""
			if out != "" {
				if _, ok := findProgram(plotProgram); !ok {
					return usagef("--out needs the program %s (the charts, kept out of grundy so that no other command pays for the chart library's start): install it with 'go install ./cmd/grundy-plot', or draw from the rows: grundy cardflip compare … --json | go run ./cmd/grundy-plot cardflip-compare --format svg > plot.svg", plotProgram)
				}
				format = strings.TrimPrefix(strings.ToLower(filepath.Ext(out)), ".")
				switch format {
				case "svg", "png", "pdf", "jpg", "jpeg", "eps", "tif", "tiff":
				default:
					return usagef("--out %s: the extension must be .svg, .png or .pdf (or .jpg, .eps, .tiff)", out)
				}
			}
			if trials < 1 {
				return usagef("--trials must be at least 1, not %d", trials)
			}
			o := cardflip.CompareOptions{From: from, To: to, Trials: trials, Seed: seed, ExactMax: min(exactMax, cardflip.MaxExactM),
				RandomMax: randomMax, Workers: workers}
			prog, done := progress(io, asJSON, int64(to-from+1), "m")
			if prog != nil {
				o.Progress = func(d, _ int) { prog(int64(d)) }
			}
			rows, err := cardflip.Compare(cmd.Context(), o)
			done()
			if err != nil {
				return cardflipCtxErr(cmd.Context(), err)
			}
			if out != "" {
				if err := writePlot(cmd.Context(), io, out, format, rows); err != nil {
					return err
				}
			}
			if asJSON {
				return jsonout.Write(io.out, rows)
			}
			fmt.Fprintf(io.out, "E[X], table-only, n = ∞: exact for m ≤ %d, else the mean of %d games (seed %d) with its\n", o.ExactMax, trials, seed)
			fmt.Fprintln(io.out, "standard error in units of its last digit (80.0(2) is 80.0 ± 0.2); * a closed form, unmeasured")
			if err := cardflip.WriteCompareTable(io.out, rows); err != nil {
				return err
			}
			if out != "" {
				fmt.Fprintf(io.out, "plot written to %s\n", out)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&mRange, "m", "", "the range of m, A..B (required)")
	cmd.Flags().StringVar(&out, "out", "", "write the plot to this file (.svg, .png, .pdf)")
	cmd.Flags().Int64Var(&trials, "trials", 2000, "Monte Carlo games per strategy and m")
	cmd.Flags().Uint64Var(&seed, "seed", 1, "the seed of the deals")
	cmd.Flags().IntVar(&exactMax, "exact-max", 7, "enumerate all deals up to this m")
	cmd.Flags().IntVar(&randomMax, "random-max", 30, "simulate the random strategy up to this m (closed form only above)")
	cmd.Flags().IntVar(&workers, "workers", 0, "worker goroutines (0: all cores)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the rows as JSON")
	return cmd
}

func newCardflipOptimalCmd(io *streams) *cobra.Command {
	var m, maxTurns int
	var model, variant, bound string
	var asJSON, table bool
	var timeout = new(budgetFlags)
	cmd := &cobra.Command{
		Use:   "optimal --m M",
		Short: "The best table-only strategy for tiny m, by exhaustive search",
		Long: `Search every deterministic table-only strategy (a function of the visible
row) for m ≤ 6 cards and print the least E[X] with a strategy reaching it,
then check it: the strategy found is played by the engine on all m! deals.

Branch and bound: a branch is cut when its turns plus what one player with
full memory would still need reaches the best strategy known (--bound best:
the exact value of the best strategy, else the best found so far). m = 4
takes a tenth of a second, m = 5 seconds (about 70,000 nodes; a terminal
shows the progress on stderr). m = 6 takes a few minutes: a relaxed search
(one player with memory from the second level on) gives a lower bound,
7324/720, and budgets of total turns grow from it until a strategy fits
(the optimum, 407/40 = 7326/720, in the second).

With --model turn the strategy also sees the turn number (the search is
limited to strategies that end within --max-turns turns). It plays the
turns in order, the deals waiting at each row at once, bounded by a
relaxation in which such a set of deals never meets others again; the
budget of turns starts at 2m − H_m and grows until a strategy fits, so
every budget that failed is proved out of reach. m = 4 takes a fraction of
a second (145/24 against the table-only 73/12), m = 5 about two minutes
(479/60 = 958/120 against 161/20, games of at most 11 turns; the optimum
over every game length, by optimum.TurnBound).

With --variant rearrange a player may, after looking, permute the face-down
cards (the engine's Move.Order): table-only, m ≤ 5, in well under a second.
In the printed table "x→down@j/1023" means: card x goes to index j, then
cell i of the row gets the card of cell 1, 0, 2, 3 (one digit a cell).
The turn model and rearrange are searched one at a time, not together.`,
		Example: `  grundy cardflip optimal --m 3
  grundy cardflip optimal --m 5 --table
  grundy cardflip optimal --m 5 --bound none --json
  grundy cardflip optimal --m 6
  grundy cardflip optimal --m 4 --model turn --table
  grundy cardflip optimal --m 5 --model turn
  grundy cardflip optimal --m 5 --variant rearrange --table`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !cmd.Flags().Changed("m") {
				return usagef("optimal needs --m M")
			}
			if m < 1 || m > optimum.MaxM {
				return usagef("--m must be between 1 and %d for the exhaustive search, not %d", optimum.MaxM, m)
			}
			mod, err := cardflip.ParseModel(model)
			if err != nil {
				return flagError(err)
			}
			if mod == cardflip.TurnNumber && m > optimum.MaxTurnM {
				return usagef("--m must be between 1 and %d under --model turn, not %d", optimum.MaxTurnM, m)
			}
			if mod == cardflip.TurnNumber && maxTurns < m {
				return usagef("--max-turns must be at least m = %d under the turn model, not %d", m, maxTurns)
			}
			vari, err := cardflip.ParseVariant(variant)
			if err != nil {
				return flagError(err)
			}
			switch {
			case vari != cardflip.Standard && vari != cardflip.Rearrange:
				return usagef("optimal searches --variant standard or rearrange, not %s", vari)
			case vari == cardflip.Rearrange && mod == cardflip.TurnNumber:
				return usagef("optimal searches --variant rearrange table-only: not with --model turn")
			case vari == cardflip.Rearrange && m > optimum.MaxRearrangeM:
				return usagef("--m must be between 1 and %d under --variant rearrange, not %d", optimum.MaxRearrangeM, m)
			}
			ctx, cancel := timeout.context(cmd.Context())
			defer cancel()
			opt := optimum.Options{Model: mod, MaxTurns: maxTurns, Variant: vari}
			var boundName string
			switch bound {
			case "none":
			case "best":
				if mod == cardflip.TableOnly && vari == cardflip.Standard {
					best, _ := cardflip.Lookup("best")
					r, err := cardflip.Exact(ctx, best, m, cardflip.Options{})
					if err != nil {
						return cardflipCtxErr(ctx, err)
					}
					opt.Bound, boundName = r.Expectation, best.Info().Name
				}
			default:
				return usagef("--bound must be best or none, not %q", bound)
			}
			start := time.Now()
			if io.tty && !asJSON {
				opt.Progress = func(p optimum.Progress) {
					best := "none yet"
					if p.Best != nil {
						f, _ := p.Best.Float64()
						best = fmt.Sprintf("%s = %.6f", p.Best.RatString(), f)
					}
					fmt.Fprintf(io.err, "\r%d nodes, %d %s, best %s, %s   ", p.Nodes, p.Memo, memoName(mod), best, time.Since(start).Round(time.Second))
				}
			}
			res, err := optimum.Search(ctx, m, opt)
			if opt.Progress != nil {
				fmt.Fprint(io.err, "\r\033[K")
			}
			if err != nil {
				return cardflipCtxErr(ctx, err)
			}
			elapsed := time.Since(start)
			// The check: the engine plays the strategy found on every deal.
			check, err := cardflip.Exact(ctx, res.Policy, m, cardflip.Options{Rules: cardflip.Rules{Model: mod, Variant: vari}})
			if err != nil {
				return cardflipCtxErr(ctx, err)
			}
			if check.Expectation.Cmp(res.Expectation) != 0 {
				return fmt.Errorf("cardflip: the strategy found plays %s, the search said %s", check.Expectation.RatString(), res.Expectation.RatString())
			}
			mean, _ := res.Expectation.Float64()
			if asJSON {
				return jsonout.Write(io.out, struct {
					M        int      `json:"m"`
					Model    string   `json:"model"`
					Variant  string   `json:"variant"`
					Mean     float64  `json:"mean"`
					Fraction string   `json:"fraction"`
					Nodes    int64    `json:"nodes"`
					Memo     int      `json:"level_entries"`
					Checked  bool     `json:"checked"`
					Policy   []string `json:"policy"`
				}{m, mod.String(), vari.String(), mean, res.Expectation.RatString(), res.Nodes, res.Memo, true, res.Policy.Describe()})
			}
			what := "table-only strategy"
			switch {
			case mod == cardflip.TurnNumber:
				what = fmt.Sprintf("table+turn strategy ending within %d turns", maxTurns)
			case vari == cardflip.Rearrange:
				what = "table-only strategy under rearrange"
			}
			rounds := ""
			switch {
			case res.Rounds == 1:
				rounds = ", 1 budget"
			case res.Rounds > 1:
				rounds = fmt.Sprintf(", %d budgets", res.Rounds)
			}
			fmt.Fprintf(io.out, "m = %d: the best %s has E[X] = %s = %.6f (%d search nodes, %d %s%s, %s)\n",
				m, what, res.Expectation.RatString(), mean, res.Nodes, res.Memo, memoName(mod), rounds, elapsed.Round(time.Millisecond))
			fmt.Fprintf(io.out, "checked: the engine plays the strategy found on all %d deals in %s turns on average\n", check.Games, check.Expectation.RatString())
			fmt.Fprintf(io.out, "2m − H_m = %s, front-to-back %s", cardflip.SingleExpectation(m).RatString(), cardflip.FrontToBackExpectation(m).RatString())
			if opt.Bound != nil {
				fmt.Fprintf(io.out, ", %s %s (the bound)", boundName, opt.Bound.RatString())
			}
			if mod != cardflip.TableOnly || vari != cardflip.Standard {
				// What the turn number or rearranging gains: against the
				// optimum of the plain table-only rules.
				plain, err := optimum.Search(ctx, m, optimum.Options{})
				if err != nil {
					return cardflipCtxErr(ctx, err)
				}
				fmt.Fprintf(io.out, ", table-only optimum %s", plain.Expectation.RatString())
			}
			fmt.Fprintln(io.out)
			if table {
				for _, l := range res.Policy.Describe() {
					fmt.Fprintln(io.out, "  "+l)
				}
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&m, "m", 0, fmt.Sprintf("the number of cards, 1..%d (required)", optimum.MaxM))
	cmd.Flags().StringVar(&model, "model", "table", "table (strategies see the row) or turn (the row and the turn number; slow)")
	cmd.Flags().IntVar(&maxTurns, "max-turns", 12, "under --model turn, search strategies that end every game within this many turns")
	cmd.Flags().StringVar(&variant, "variant", "standard", "standard, or rearrange (after looking, the face-down cards may be permuted)")
	cmd.Flags().StringVar(&bound, "bound", "best", "best: start from the exact E[X] of the best strategy as the bound to beat (table-only); none: from nothing")
	cmd.Flags().BoolVar(&table, "table", false, "also print the strategy: for each visible row, the card looked at and where each number goes")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the result as JSON")
	cmd.Flags().DurationVar(&timeout.timeout, "timeout", 0, "stop after this long (e.g. 30s, 5m; 0: no limit)")
	return cmd
}

// plotProgram draws the charts (gonum/plot parses its fonts when a
// program starts, so it is kept out of grundy: see cardflip/chart).
const plotProgram = "grundy-plot"

// plotMode is the permission of a plot written by --out.
const plotMode = 0o644

// writePlot writes the chart of the compare rows to the file out, drawn by
// grundy-plot from the rows as JSON; the file appears whole or not at all.
func writePlot(ctx context.Context, st *streams, out, format string, rows []cardflip.CompareRow) error {
	path, ok := findProgram(plotProgram)
	if !ok {
		return usagef("--out needs the program %s: install it with 'go install ./cmd/grundy-plot'", plotProgram)
	}
	var in bytes.Buffer
	if err := jsonout.Write(&in, rows); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(out), "."+filepath.Base(out)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	// A plot is a file to share, readable as os.Create would make it (0644),
	// not the 0600 of a temporary file (issue 44 §4).
	if err := tmp.Chmod(plotMode); err != nil {
		tmp.Close()
		return err
	}
	c := exec.CommandContext(ctx, path, "cardflip-compare", "--format", format)
	c.Stdin, c.Stdout, c.Stderr = &in, tmp, st.err
	runErr := c.Run()
	if err := tmp.Close(); err != nil && runErr == nil {
		runErr = err
	}
	if runErr != nil {
		return fmt.Errorf("%s: %w", plotProgram, runErr)
	}
	return os.Rename(tmp.Name(), out)
}

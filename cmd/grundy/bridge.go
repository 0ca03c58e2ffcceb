package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/grundy/grundy/bridge"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/jsonout"
)

func newBridgeCmd(io *streams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "bridge",
		Short: "Multi-bridge: optimal play and counting deals",
		Long: `Multi-bridge: 2n players in a circle (team P at odd positions, team A at
even ones) hold two of the cards 1..4n each. From a starting player on,
everyone puts one card down and keeps the other; the highest played card and
the highest kept card each score a point for their holder's team. A
maximizes A's points, P minimizes them; seq[s] is A's score when player s
starts.

  solve      the sequence of a deal (and an optimal line with --explain)
  count      how many deals have a given sequence, modulo a prime
  enumerate  tally every deal by its sequence (n ≤ 3), the oracle for count
  play       play a deal against the optimal line in the terminal`,
		Example: `  printf '2\n1 8\n2 7\n3 6\n4 5\n' | grundy bridge solve
  printf '2\n1 1 1 1\n' | grundy bridge count
  grundy bridge enumerate --n 2
  grundy bridge play --n 2 --seed 7`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usagef("unknown command %q for \"grundy bridge\" (solve, count, enumerate or play; see 'grundy bridge --help')", args[0])
			}
			return cmd.Help()
		},
	}
	cmd.AddCommand(newBridgeSolveCmd(io), newBridgeCountCmd(io), newBridgeEnumerateCmd(io), newBridgePlayCmd(io))
	return cmd
}

type bridgeSolveOptions struct {
	explain    int
	json       bool
	exhaustive bool
}

func newBridgeSolveCmd(io *streams) *cobra.Command {
	opts := &bridgeSolveOptions{}
	cmd := &cobra.Command{
		Use:   "solve < DEAL",
		Short: "Print A's score for every starting player of a deal",
		Long: `Read a deal on standard input — a line with n, then 2n lines "a b", the two
cards of positions 1..2n — and print its sequence seq[1..2n]: A's points
under optimal play when player s starts.

The sequence comes from a characterization of optimal play, in O(n) time
(n up to millions); --exhaustive computes it by minimax over the game tree
instead (the oracle; n ≤ 64). --explain S shows why: the team W holding 4n,
the chain 4n, 4n−1, …, 4n−k, the taking team, and an optimal line of play.`,
		Example: `  printf '2\n1 8\n2 7\n3 6\n4 5\n' | grundy bridge solve
  printf '2\n1 8\n2 7\n3 6\n4 5\n' | grundy bridge solve --explain 3
  grundy bridge solve --exhaustive --json < deal.txt`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if cmd.Flags().Changed("explain") && opts.explain < 1 {
				return usagef("--explain takes a starting position ≥ 1, not %d", opts.explain)
			}
			return bridgeSolveRun(io, opts)
		},
	}
	cmd.Flags().IntVar(&opts.explain, "explain", 0, "show an optimal line of play and the taking team when position `START` leads")
	cmd.Flags().BoolVar(&opts.json, "json", false, `print {"n":…,"sequence":[…]} (and "explain":{…} with --explain)`)
	cmd.Flags().BoolVar(&opts.exhaustive, "exhaustive", false, fmt.Sprintf("compute the sequence by exhaustive minimax (n ≤ %d)", bridge.MaxExhaustiveN))
	return cmd
}

// bridgeSolveResult is the --json form of bridge solve.
type bridgeSolveResult struct {
	N        int          `json:"n"`
	Sequence []int        `json:"sequence"`
	Method   string       `json:"method"`
	Explain  *bridge.Line `json:"explain,omitempty"`
}

func bridgeSolveRun(io *streams, opts *bridgeSolveOptions) error {
	d, err := bridge.ParseDeal(io.in)
	if err != nil {
		return err
	}
	n := d.N()
	if opts.explain > 2*n {
		return usagef("--explain %d: the deal has positions 1..%d", opts.explain, 2*n)
	}
	res := bridgeSolveResult{N: n, Method: "characterization"}
	if opts.exhaustive {
		if n > bridge.MaxExhaustiveN {
			return usagef("--exhaustive searches deals with n ≤ %d, this one has n = %d", bridge.MaxExhaustiveN, n)
		}
		res.Sequence, res.Method = d.ExhaustiveSequence(), "minimax"
	} else {
		res.Sequence = d.Sequence()
	}
	if opts.explain > 0 {
		l := d.Line(opts.explain)
		res.Explain = &l
	}
	if opts.json {
		return jsonout.Write(io.out, res)
	}
	w := bufio.NewWriterSize(io.out, 1<<16)
	writeInts(w, res.Sequence)
	if res.Explain != nil {
		writeExplain(w, d, res.Explain)
	}
	return w.Flush()
}

func writeInts(w *bufio.Writer, xs []int) {
	for i, x := range xs {
		if i > 0 {
			w.WriteByte(' ')
		}
		w.WriteString(strconv.Itoa(x))
	}
	w.WriteByte('\n')
}

func writeExplain(w *bufio.Writer, d *bridge.Deal, l *bridge.Line) {
	n := d.N()
	top := 4 * n
	a := l.Analysis
	fmt.Fprintf(w, "\nStart %d (team %s). Team %s holds %d (position %d): W = %s scores at least one point.\n",
		a.Start, bridge.TeamOf(a.Start), a.Winner, top, d.Holder(top), a.Winner)
	var chain []string
	for j := 0; j <= a.K; j++ {
		c := top - j
		chain = append(chain, fmt.Sprintf("%d@%d%s", c, d.Holder(c), bridge.TeamOf(d.Holder(c))))
	}
	fmt.Fprintf(w, "Chain (card@position team): %s — k = %d (k* = %d, teams alternate down to %d).\n",
		strings.Join(chain, ", "), a.K, a.KStar, top-a.Alternation)
	next := top - a.K - 1
	if a.Case == bridge.P1 {
		fmt.Fprintf(w, "Case P1: %d is held by team %s, as %d is.\n", next, a.Taker, top-a.K)
	} else {
		fmt.Fprintf(w, "Case P2: %d is held by team %s, whose holder (position %d) plays after that of %d.\n", next, a.Taker, d.Holder(next), top-a.K)
	}
	fmt.Fprintf(w, "Taking team: %s (it holds %d and takes the second point). A scores %d.\n\nAn optimal line:\n", a.Taker, next, a.Points)
	for _, p := range l.Plays {
		fmt.Fprintf(w, "  position %d (%s) plays %d, keeps %d\n", p.Position, p.Team, p.Played, p.Kept)
	}
	fmt.Fprintf(w, "Highest played %d (team %s), highest kept %d (team %s): A scores %d.\n",
		l.HighPlayed, l.PlayedPoint, l.HighKept, l.KeptPoint, a.Points)
}

type bridgeCountOptions struct {
	mod  uint64
	json bool
}

func newBridgeCountCmd(io *streams) *cobra.Command {
	opts := &bridgeCountOptions{}
	cmd := &cobra.Command{
		Use:   "count < QUERIES",
		Short: "Count the deals with a given sequence, modulo a prime",
		Long: `Read queries on standard input to its end — each a line with n, then a line
with the 2n values seq[1..2n], each 0, 1 or 2 (separated by blanks, or as
one word of 2n digits) — and print for each the number of deals (layouts of
the cards 1..4n) whose sequence is exactly that, modulo --mod. An impossible
sequence counts 0. Each query takes O(n) time; n may be 10^6 and more.`,
		Example: `  printf '2\n1 1 1 1\n2\n2 1 2 2\n' | grundy bridge count
  printf '3\n212122\n' | grundy bridge count --mod 998244353`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			return bridgeCountRun(cmd.Context(), io, opts)
		},
	}
	cmd.Flags().Uint64Var(&opts.mod, "mod", bridge.DefaultModulus, "the prime `P` to reduce the counts by")
	cmd.Flags().BoolVar(&opts.json, "json", false, `print {"modulus":P,"counts":[…]} at the end`)
	return cmd
}

func bridgeCountRun(ctx context.Context, st *streams, opts *bridgeCountOptions) error {
	c, err := bridge.NewCounter(opts.mod)
	if err != nil {
		return usagef("--mod: %d is not a prime", opts.mod)
	}
	q := bridge.NewQueryReader(st.in)
	w := bufio.NewWriterSize(st.out, 1<<16)
	var counts []uint64
	for {
		if ctx.Err() != nil {
			return impartial.ContextError(ctx)
		}
		seq, _, err := q.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			w.Flush()
			return err
		}
		k := c.Count(seq)
		if opts.json {
			counts = append(counts, k)
			continue
		}
		w.WriteString(strconv.FormatUint(k, 10))
		w.WriteByte('\n')
	}
	if opts.json {
		if counts == nil {
			counts = []uint64{}
		}
		return jsonout.Write(st.out, struct {
			Modulus uint64   `json:"modulus"`
			Counts  []uint64 `json:"counts"`
		}{opts.mod, counts})
	}
	return w.Flush()
}

type bridgeEnumerateOptions struct {
	n    int
	all  bool
	json bool
}

func newBridgeEnumerateCmd(io *streams) *cobra.Command {
	opts := &bridgeEnumerateOptions{}
	cmd := &cobra.Command{
		Use:   "enumerate --n N",
		Short: "Tally every deal by its sequence (n ≤ 3)",
		Long: fmt.Sprintf(`Play every layout of the cards 1..4n among 2n players — (4n)!/2^(2n) of them:
6, 2520, 7484400 for n = 1, 2, 3 — from every start by exhaustive minimax,
and print one line "<sequence> <count>" per sequence that occurs (all 3^(2n)
with --all), sequences written as 2n digits in lexicographic order. This is
the oracle that bridge count is tested against; n ≤ %d.`, bridge.MaxEnumerateN),
		Example: `  grundy bridge enumerate --n 2
  grundy bridge enumerate --n 3 --all --json`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.n < 1 || opts.n > bridge.MaxEnumerateN {
				return usagef("enumerate needs --n between 1 and %d, not %d", bridge.MaxEnumerateN, opts.n)
			}
			return bridgeEnumerateRun(cmd.Context(), io, opts)
		},
	}
	cmd.Flags().IntVarP(&opts.n, "n", "n", 0, fmt.Sprintf("the number of players per team, 1..%d (required)", bridge.MaxEnumerateN))
	cmd.Flags().BoolVar(&opts.all, "all", false, "also list the impossible sequences (count 0)")
	cmd.Flags().BoolVar(&opts.json, "json", false, `print {"n":…,"layouts":…,"tally":[{"sequence":…,"count":…},…]}`)
	return cmd
}

func bridgeEnumerateRun(ctx context.Context, io *streams, opts *bridgeEnumerateOptions) error {
	t, err := bridge.Enumerate(ctx, opts.n)
	if err != nil {
		if ctx.Err() != nil {
			return impartial.ContextError(ctx)
		}
		return err
	}
	type row struct {
		Sequence string `json:"sequence"`
		Count    uint64 `json:"count"`
	}
	var rows []row
	var total uint64
	for i, c := range t.Counts {
		total += c
		if c == 0 && !opts.all {
			continue
		}
		var sb strings.Builder
		for _, v := range t.Sequence(i) {
			sb.WriteByte(byte('0' + v))
		}
		rows = append(rows, row{sb.String(), c})
	}
	if opts.json {
		return jsonout.Write(io.out, struct {
			N       int    `json:"n"`
			Layouts uint64 `json:"layouts"`
			Tally   []row  `json:"tally"`
		}{opts.n, total, rows})
	}
	w := bufio.NewWriter(io.out)
	for _, r := range rows {
		fmt.Fprintf(w, "%s %d\n", r.Sequence, r.Count)
	}
	return w.Flush()
}

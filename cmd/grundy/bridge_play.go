package main

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/grundy/grundy/bridge"
	"github.com/grundy/grundy/internal/jsonout"
)

type bridgePlayOptions struct {
	deal  string
	n     int
	seed  uint64
	start int
	as    string
	json  bool
}

func newBridgePlayCmd(io *streams) *cobra.Command {
	opts := &bridgePlayOptions{}
	cmd := &cobra.Command{
		Use:   "play [--deal FILE | --n N [--seed S]]",
		Short: "Play a deal against the optimal line in the terminal",
		Long: fmt.Sprintf(`Play a multi-bridge deal in the terminal: you take a team (--as A or P) or
some seats (--as 2 or --as 1,3), and the computer plays every other seat
as well as it can be played (by minimax). On each of your turns you put
one of your two cards down and keep the other: type the card to put down.
After each of your plays you are told whether it was optimal and, if not,
which card was, and the points the mistake cost your team.

The deal is read from --deal FILE (the text bridge solve reads: n, then
the two cards of positions 1..2n), or dealt at random with --n N (from
--seed S; without it a seed is chosen and shown). n ≤ %d.

Commands: hint (the value of both choices), undo (take back your last
play and the computer's replies), quit. With --json the dialogue goes to
standard error and the record of the deal (every play, judged, as
/api/bridge/play answers) is printed on standard output at the end.`, bridge.MaxPlayN),
		Example: `  grundy bridge play --n 2 --seed 7
  grundy bridge play --deal deal.txt --as P --start 3
  grundy bridge play --n 4 --as 1,3 --json > deal.json`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if cmd.Flags().Changed("deal") && (cmd.Flags().Changed("n") || cmd.Flags().Changed("seed")) {
				return usagef("give either --deal FILE or --n N (and --seed S) for a random deal, not both")
			}
			if !cmd.Flags().Changed("seed") {
				opts.seed = rand.Uint64() & (1<<53 - 1)
			}
			return bridgePlayRun(io, opts, cmd.Flags().Changed("deal"))
		},
	}
	cmd.Flags().StringVar(&opts.deal, "deal", "", "read the deal from `FILE`")
	cmd.Flags().IntVarP(&opts.n, "n", "n", 2, fmt.Sprintf("deal at random to 2n players, n in 1..%d", bridge.MaxPlayN))
	cmd.Flags().Uint64Var(&opts.seed, "seed", 0, "the seed of the random deal (default: a random one, shown)")
	cmd.Flags().IntVar(&opts.start, "start", 1, "the position of the player who starts")
	cmd.Flags().StringVar(&opts.as, "as", "A", "the seats you play: A, P or positions such as 2 or 1,3")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the record of the deal as JSON at its end (the dialogue goes to standard error)")
	return cmd
}

func bridgePlayRun(st *streams, opts *bridgePlayOptions, fromFile bool) error {
	var d *bridge.Deal
	var seed *uint64
	if fromFile {
		text, err := os.ReadFile(opts.deal)
		if err != nil {
			return usagef("--deal: %v", err)
		}
		if d, err = bridge.ParseDeal(bytes.NewReader(text)); err != nil {
			return fmt.Errorf("%s: %w", opts.deal, err)
		}
		if d.N() > bridge.MaxPlayN {
			return usagef("--deal %s: a deal is played move by move for n ≤ %d, this one has n = %d", opts.deal, bridge.MaxPlayN, d.N())
		}
	} else {
		if opts.n < 1 || opts.n > bridge.MaxPlayN {
			return usagef("--n: a deal is played move by move for n in 1..%d, not %d", bridge.MaxPlayN, opts.n)
		}
		d, seed = bridge.RandomDeal(opts.n, opts.seed), &opts.seed
	}
	n := d.N()
	if opts.start < 1 || opts.start > 2*n {
		return usagef("--start %d: the deal has positions 1..%d", opts.start, 2*n)
	}
	seats, err := bridge.ParseSeats(opts.as, n)
	if err != nil {
		return usagef("--as: %v", err)
	}
	r, err := d.NewRound(opts.start)
	if err != nil {
		return err
	}
	dialogue := st.out
	if opts.json {
		dialogue = st.err
	}
	p := &bridgePlayer{r: r, seats: seats, out: bufio.NewWriter(dialogue)}
	p.intro(seed)
	err = p.loop(newLineReader(st.in))
	p.out.Flush()
	if opts.json && err == nil {
		rec := r.Record(seats)
		rec.Seed = seed
		return jsonout.Write(st.out, &rec)
	}
	return err
}

// bridgePlayer is the dialogue of bridge play.
type bridgePlayer struct {
	r     *bridge.Round
	seats bridge.Seats
	out   *bufio.Writer
}

func positionList(ps []int) string {
	words := make([]string, len(ps))
	for i, p := range ps {
		words[i] = strconv.Itoa(p)
	}
	return strings.Join(words, ", ")
}

func points(v int) string { return plural(v, "point") }

// intro says the rules in plain words, the seats and the hands.
func (p *bridgePlayer) intro(seed *uint64) {
	d, w := p.r.Deal(), p.out
	n, s := d.N(), p.r.Start()
	fmt.Fprintf(w, "Multi-bridge, n = %d: %d players, cards 1 to %d", n, 2*n, 4*n)
	if seed != nil {
		fmt.Fprintf(w, " (seed %d)", *seed)
	}
	odd, even := []int{}, []int{}
	order := []int{}
	for i := range 2 * n {
		if (i+1)%2 == 1 {
			odd = append(odd, i+1)
		} else {
			even = append(even, i+1)
		}
		order = append(order, (s-1+i)%(2*n)+1)
	}
	fmt.Fprintf(w, ".\nTeam P sits at the odd positions (%s), team A at the even ones (%s).\n", positionList(odd), positionList(even))
	fmt.Fprintf(w, "Position %d starts, then the others in turn: %s. On a turn a player puts one\n", s, positionList(order))
	fmt.Fprintln(w, "of their two cards down and keeps the other. The highest card put down scores a")
	fmt.Fprintln(w, "point for its holder's team, and so does the highest card kept. Team A tries to")
	fmt.Fprintln(w, "score as many of the 2 points as it can, team P as few.")
	if len(p.seats.Positions) == 0 {
		fmt.Fprintln(w, "You play no seat: I play them all.")
	} else {
		who := "position " + positionList(p.seats.Positions)
		if len(p.seats.Positions) > 1 {
			who = "positions " + positionList(p.seats.Positions)
		}
		if p.seats.Text == "A" || p.seats.Text == "P" {
			who = "team " + p.seats.Text + " (" + who + ")"
		}
		fmt.Fprintf(w, "You play %s; I play the others as well as they can be played.\n", who)
	}
	fmt.Fprintf(w, "With best play on both sides team A scores %s.\n\nHands:\n", points(p.r.Value()))
	for i := range 2 * n {
		h := d.Hand(i + 1)
		you := ""
		if p.seats.Has(i + 1) {
			you = ", you"
		}
		fmt.Fprintf(w, "  position %d (%s%s): %d and %d\n", i+1, bridge.TeamOf(i+1), you, h[0], h[1])
	}
}

// loop plays the round to its end, the end of input or quit.
func (p *bridgePlayer) loop(in *lineReader) error {
	w := p.out
	shown := -1 // the number of plays when the table was last shown
	for {
		mine := p.r.Advance(p.seats)
		for i, t := range mine {
			fmt.Fprintf(w, "%d. Position %d (%s, me) puts down %d, keeps %d.\n", len(p.r.Turns())-len(mine)+i+1, t.Position, t.Team, t.Played, t.Kept)
		}
		if p.r.Over() {
			p.end()
			return nil
		}
		pos := p.r.ToMove()
		h := p.r.Deal().Hand(pos)
		if t := len(p.r.Turns()); t > 0 && t != shown {
			fmt.Fprintf(w, "On the table: highest card put down %d, highest kept %d.\n", p.r.HighPlayed(), p.r.HighKept())
		}
		shown = len(p.r.Turns())
		fmt.Fprintf(w, "Your turn, position %d (%s): you hold %d and %d. Put down which (hint, undo, quit)? ", pos, bridge.TeamOf(pos), h[0], h[1])
		w.Flush()
		line, err := in.next()
		switch {
		case isEOF(err):
			fmt.Fprintln(w, "\nEnd of input: deal abandoned.")
			return nil
		case err != nil:
			fmt.Fprintln(w)
			return fmt.Errorf("cannot read your plays from standard input: %w", err)
		}
		text := strings.ToLower(strings.TrimSpace(line))
		switch text {
		case "":
			continue
		case "quit", "q", "exit":
			fmt.Fprintln(w, "Deal abandoned.")
			return nil
		case "hint", "h", "?":
			p.hint()
			continue
		case "undo", "u":
			p.undo()
			continue
		}
		card, err := strconv.Atoi(text)
		if err != nil || (card != h[0] && card != h[1]) {
			fmt.Fprintf(w, "You hold %d and %d: type one of them (or hint, undo, quit).\n", h[0], h[1])
			continue
		}
		t, err := p.r.Play(card)
		if err != nil {
			return err
		}
		p.verdict(t)
	}
}

// verdict says what the user's play t was worth.
func (p *bridgePlayer) verdict(t bridge.Turn) {
	w := p.out
	fmt.Fprintf(w, "%d. You put down %d, keep %d. ", len(p.r.Turns()), t.Played, t.Kept)
	if t.Cost == 0 {
		fmt.Fprintf(w, "Good: with best play team A still scores %s.\n", points(t.Value))
		return
	}
	fmt.Fprintf(w, "A mistake: with %d put down, team A would score %s with best play;\n", t.Best, points(t.Before))
	fmt.Fprintf(w, "   after %d it scores %s. That cost team %s %s.\n", t.Played, points(t.Value), t.Team, points(t.Cost))
}

// hint values both choices of the player to move.
func (p *bridgePlayer) hint() {
	best := p.r.Best()
	ch := p.r.Choices()
	fmt.Fprintf(p.out, "Hint: put down %d (team A then scores %s with best play)", best.Played, points(best.Value))
	for _, c := range ch {
		if c.Played != best.Played {
			if c.Value == best.Value {
				fmt.Fprintf(p.out, "; %d is as good", c.Played)
			} else {
				fmt.Fprintf(p.out, "; after %d, %s", c.Played, points(c.Value))
			}
		}
	}
	fmt.Fprintln(p.out, ".")
}

// undo takes back the user's last play and the computer's plays after it.
func (p *bridgePlayer) undo() {
	turns := p.r.Turns()
	last := -1
	for i, t := range turns {
		if p.seats.Has(t.Position) {
			last = i
		}
	}
	if last < 0 {
		fmt.Fprintln(p.out, "Nothing to undo.")
		return
	}
	for len(p.r.Turns()) > last {
		p.r.Undo()
	}
	fmt.Fprintln(p.out, "Undone.")
}

// end says who took the two points, and what the user's mistakes cost.
func (p *bridgePlayer) end() {
	r, d, w := p.r, p.r.Deal(), p.out
	pp, pk := r.Points()
	rec := r.Record(p.seats)
	fmt.Fprintf(w, "End: the highest card put down is %d (position %d, team %s), the highest kept %d (position %d, team %s).\n",
		r.HighPlayed(), d.Holder(r.HighPlayed()), pp, r.HighKept(), d.Holder(r.HighKept()), pk)
	fmt.Fprintf(w, "Team A scores %s, team P %s. With best play team A scores %s", points(r.Value()), points(2-r.Value()), points(rec.Optimal))
	if len(p.seats.Positions) == 0 {
		fmt.Fprintln(w, ".")
		return
	}
	mistakes := 0
	for _, t := range rec.Turns {
		if t.By == "you" && t.Cost > 0 {
			mistakes++
		}
	}
	if mistakes == 0 {
		fmt.Fprintln(w, "; you made no mistake.")
		return
	}
	if mistakes == 1 {
		fmt.Fprintf(w, "; your mistake cost %s.\n", points(rec.Cost))
		return
	}
	fmt.Fprintf(w, "; your %d mistakes cost %s.\n", mistakes, points(rec.Cost))
}

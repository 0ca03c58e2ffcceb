package main

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/jsonout"
	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/games"
)

// addPartizanPlayFlags adds play's flags for partizan games.
func addPartizanPlayFlags(cmd *cobra.Command) {
	cmd.Flags().String("as", "left", "partizan games: the side you play, left or right (the computer plays the other)")
}

// partizanRecord is the record of a partizan game, what play --json
// prints at its end.
type partizanRecord struct {
	Game     string               `json:"game"`
	Start    string               `json:"start"`
	Human    string               `json:"human"`
	First    string               `json:"first"`
	Moves    []partizanRecordMove `json:"moves"`
	Position string               `json:"position"`
	End      string               `json:"end"`
}

type partizanRecordMove struct {
	By     string `json:"by"`
	Side   string `json:"side"`
	To     string `json:"to"`
	Value  string `json:"value"`
	Result string `json:"result"`
}

// partizanPlay plays a partizan game against the perfect player: the
// user is one side (--as), the computer the other; whoever cannot move
// on their turn loses.
func partizanPlay(cmd *cobra.Command, io *streams, opts *playOptions) error {
	if opts.misere {
		return usagef("--misere is for impartial games: a partizan game is played under normal play (the player unable to move loses)")
	}
	as, _ := cmd.Flags().GetString("as")
	var human partizan.Side
	switch strings.ToLower(strings.TrimSpace(as)) {
	case "left", "l", "blue", "black", "vertical":
		human = partizan.Left
	case "right", "r", "red", "white", "horizontal":
		human = partizan.Right
	default:
		return usagef("--as must be left or right, not %q", as)
	}
	if strings.ToLower(opts.strength) != "perfect" && opts.strength != "" {
		return usagef("--strength: partizan games are played by the perfect player only")
	}
	set, err := opts.budget.partizanSettings(true)
	if err != nil {
		return err
	}
	ctx, stop := opts.budget.context(cmd.Context())
	defer stop()
	a, err := games.Analyze(ctx, opts.game, opts.position, set)
	if err != nil {
		return partizanErr(err)
	}
	dialogue := io.out
	if opts.json {
		dialogue = io.err
	}
	out := bufio.NewWriter(dialogue)
	defer out.Flush()
	game := a.Game
	rec := partizanRecord{Game: game, Start: a.Position, Human: sideName(human), First: "human", Moves: []partizanRecordMove{}}
	if a.Game != "sum" {
		if r, err := games.Lookup(games.Rulesets(), a.Game); err == nil {
			fmt.Fprintf(out, "%s: %s. Left: %s; Right: %s. Whoever cannot move on their turn loses.\n", r.Title, r.Rule, r.Left, r.Right)
		} else { // a rule file's game (starlark:FILE)
			fmt.Fprintf(out, "%s: Left: %s; Right: %s. Whoever cannot move on their turn loses.\n", a.Game, cmp.Or(a.Left, "Left"), cmp.Or(a.Right, "Right"))
		}
	} else {
		fmt.Fprintln(out, "A sum of games: each turn, move in one of them. Whoever cannot move on their turn loses.")
	}
	fmt.Fprintf(out, "You play %s; the computer plays %s.\n", sideName(human), sideName(human.Other()))
	toMove := human
	if opts.computerFirst {
		toMove, rec.First = human.Other(), "computer"
	}
	pos := a.Position
	if a.Game != "sum" {
		game = a.Game
	} else {
		game = "sum"
	}
	in := newLineReader(io.in)
	// undo holds, before each of the user's moves, the position and the
	// length of the record then.
	type undoPoint struct {
		pos   string
		moves int
	}
	var undo []undoPoint
	finish := func(end string) error {
		rec.End, rec.Position = end, pos
		out.Flush()
		if opts.json {
			return jsonout.Write(io.out, &rec)
		}
		return nil
	}
turns:
	for {
		a, err := games.Analyze(ctx, game, pos, set)
		if err != nil {
			return err
		}
		moves, wins := a.LeftOptions, a.LeftWins
		if toMove == partizan.Right {
			moves, wins = a.RightOptions, a.RightWins
		}
		if len(moves) == 0 {
			if toMove == human {
				fmt.Fprintf(out, "\nPosition: %s\nYou (%s) have no move. I win.\n", pos, sideName(human))
				return finish("computer won")
			}
			fmt.Fprintf(out, "I (%s) have no move. You win!\n", sideName(toMove))
			return finish("human won")
		}
		if toMove != human {
			m, _ := games.BestMove(a, toMove)
			fmt.Fprintf(out, "I move to %s.\n", games.Quote(m.To))
			rec.Moves = append(rec.Moves, partizanRecordMove{By: "computer", Side: sideName(toMove), To: m.To, Value: m.Value, Result: m.Result})
			pos, toMove = m.To, human
			continue
		}
		fmt.Fprintf(out, "\nPosition: %s (value %s)\n", pos, a.Value)
		if b := partizanBoard(a); b != "" {
			fmt.Fprintln(out, b)
		}
		fmt.Fprintf(out, "Your moves (%s):\n", sideName(human))
		for i, m := range moves {
			if i == maxListed {
				fmt.Fprintf(out, "  … and %d more (type the position you move to)\n", len(moves)-maxListed)
				break
			}
			if m.Move != "" {
				fmt.Fprintf(out, "  #%d  %s  (%s)\n", i+1, m.To, m.Move)
			} else {
				fmt.Fprintf(out, "  #%d  %s\n", i+1, m.To)
			}
		}
		var m games.Move
		for {
			fmt.Fprint(out, "Your move (a position, or #n for move n; hint, undo, quit): ")
			out.Flush()
			line, err := in.next()
			switch {
			case isEOF(err):
				fmt.Fprintln(out, "\nEnd of input: game abandoned.")
				return finish("abandoned")
			case errors.Is(err, errLineTooLong):
				fmt.Fprintf(out, "That line is longer than %s: ignored.\n", impartial.FormatBytes(maxLine))
				continue
			case err != nil:
				fmt.Fprintln(out)
				return fmt.Errorf("cannot read your moves from standard input: %w", err)
			}
			text := strings.TrimSpace(line)
			switch strings.ToLower(text) {
			case "":
				continue
			case "quit", "q", "exit":
				fmt.Fprintln(out, "Game abandoned.")
				return finish("abandoned")
			case "undo", "u":
				if len(undo) == 0 {
					fmt.Fprintln(out, "Nothing to undo.")
					continue
				}
				u := undo[len(undo)-1]
				undo = undo[:len(undo)-1]
				pos, rec.Moves = u.pos, rec.Moves[:u.moves]
				fmt.Fprintln(out, "Undone.")
				continue turns
			case "hint", "h", "?":
				if len(wins) == 0 {
					fmt.Fprintf(out, "Hint: no move of yours wins here (value %s): every move loses against best play.\n", a.Value)
				} else {
					fmt.Fprintf(out, "Hint: %s:\n", plural(len(wins), "winning move"))
					for _, w := range wins {
						fmt.Fprintf(out, "  %s  (value %s)\n", w.To, w.Value)
					}
				}
				continue
			}
			var ok bool
			if m, ok = pickMove(moves, text); ok {
				break
			}
			fmt.Fprintf(out, "%s is not one of your moves: type a position from the list, or #1 to #%d.\n", strconv.Quote(text), len(moves))
		}
		fmt.Fprintf(out, "You move to %s.\n", games.Quote(m.To))
		switch {
		case m.Result == "win":
			fmt.Fprintf(out, "A good move: it wins (the value is now %s).\n", m.Value)
		case len(wins) > 0:
			fmt.Fprintf(out, "A mistake: %s won (value %s); after yours the value is %s.\n", games.Quote(wins[0].To), wins[0].Value, m.Value)
		default:
			fmt.Fprintf(out, "Every move lost here; after yours the value is %s.\n", m.Value)
		}
		rec.Moves = append(rec.Moves, partizanRecordMove{By: "human", Side: sideName(human), To: m.To, Value: m.Value, Result: m.Result})
		undo = append(undo, undoPoint{pos: pos, moves: len(rec.Moves) - 1})
		pos, toMove = m.To, human.Other()
	}
}

// pickMove reads the user's move: #n, a bare move number, or the position
// moved to (as listed, or written in the ruleset's syntax: compared after
// removing spaces and quotes).
func pickMove(moves []games.Move, text string) (games.Move, bool) {
	if n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(text, "#"))); err == nil && n >= 1 && n <= len(moves) {
		return moves[n-1], true
	}
	norm := func(s string) string {
		return strings.NewReplacer(" ", "", "'", "", `"`, "", ":", "").Replace(s)
	}
	for _, m := range moves {
		if norm(m.To) == norm(text) || m.ComponentTo != "" && norm(m.ComponentTo) == norm(text) {
			return m, true
		}
	}
	return games.Move{}, false
}

func sideName(s partizan.Side) string {
	if s == partizan.Left {
		return "Left"
	}
	return "Right"
}

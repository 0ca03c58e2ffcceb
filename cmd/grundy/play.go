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

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/play"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/jsonout"
	"github.com/grundy/grundy/notation"
)

type playOptions struct {
	game          string
	position      string
	misere        bool
	computerFirst bool
	strength      string
	json          bool
	budget        budgetFlags
}

func newPlayCmd(io *streams) *cobra.Command {
	opts := &playOptions{}
	cmd := &cobra.Command{
		Use:   "play GAME POSITION... | play 'GAME POSITION + GAME POSITION...'",
		Short: "Play a catalog game against the perfect player in the terminal",
		Long: `Play a position of any catalog game (or a sum of different games) against
the perfect player. Each turn shows the position, drawn where the game has a
drawing (heaps as tokens, Kayles pins, coins, stairs, a queen on a grid), and
its numbered legal moves; answer with the position
you move to (in the game's syntax) or #n for move n (a bare number that is
not a position one move away is read as a move number). The computer answers with a
winning move whenever one exists (with --strength random it plays a legal move at
random, with mixed either, at even odds each turn: mistakes a learner can punish). Under normal play it follows the remoteness
rule (Starlark games, and engine games on positions small enough to explore): it
wins as fast as it can, keeps a draw, and when lost makes the loss last as long
as it can.

After each of your moves it says what the analysis makes of it: a good
move, or a mistake, with the move that won and why ("1 4 5 wins, since
3 ⊕ 4 ⊕ 5 = 2 ≠ 0").

Commands: hint (show the winning moves), undo (take back your last move and
the reply), draw (offer a draw), quit. Under --misere the player who makes
the last move loses.

A loopy game may be drawn: when your position is a draw with best play
the computer offers one (type draw to agree), and a position that occurs
for the third time with the same player to move ends the game in a draw
(threefold repetition; docs/loopy.md).

With --json the dialogue goes to standard error and the record of the game
(the game, the start, every move with its result, how it ended) is printed
on standard output as JSON when the game ends: the record the web's play
page saves.

A partizan game (grundy solve's rulesets: domineering, hackenbush, …) is
played as Left or Right (--as): each turn lists your side's moves; the
computer plays the other side perfectly, and whoever cannot move on their
turn loses.`,
		Example: `  grundy play nim 3 4 5
  grundy play wythoff 4 6 --computer-first
  grundy play 'kayles 5 + nim 2 3'
  grundy play subtract:1,3,4 12 --misere
  grundy play kayles 10 --strength mixed
  grundy play starlark:examples/draw.star 4
  grundy play nim 3 4 5 --json > game.json
  grundy play domineering 3x3 --as left
  grundy play "toads-and-frogs 'tt..ff'" --as right --computer-first`,
		Args: minArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.game, opts.position, err = gameAndPosition(cmd, args); err != nil {
				return err
			}
			if isPartizan(&opts.budget, opts.game, opts.position) {
				return partizanPlay(cmd, io, opts)
			}
			return playRun(cmd, io, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.misere, "misere", false, "misère play: whoever makes the last move loses")
	cmd.Flags().BoolVar(&opts.computerFirst, "computer-first", false, "let the computer make the first move")
	cmd.Flags().StringVar(&opts.strength, "strength", "perfect", "how the computer plays: perfect, random (a legal move at random) or mixed (perfect or random, even odds each turn)")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the record of the game as JSON at its end (the dialogue goes to standard error)")
	addPartizanPlayFlags(cmd)
	opts.budget.addPartizan(cmd.Flags())
	return cmd
}

// maxListed is the number of legal moves shown each turn.
const maxListed = 20

type playSession struct {
	ctx  context.Context
	g    *catalog.Game
	opts catalog.Options
	out  *bufio.Writer
	// undo holds, before each of the user's moves, the position and the
	// lengths of the record and the history then.
	undo []undoPoint
	// rec is the game so far; history the positions of the game, the start
	// first (for the repetition rule).
	rec     play.Record
	history []string
	// before is the analysis of the position the user is to move from
	// (every option valued), for judging the move; nil when not known.
	before *catalog.Result
}

type undoPoint struct {
	pos          string
	moves, plies int
}

func playRun(cmd *cobra.Command, io *streams, opts *playOptions) error {
	job, err := opts.budget.open(cmd.Context(), opts.game, opts.misere)
	if err != nil {
		return err
	}
	defer job.stop()
	ctx, g, copts := job.ctx, job.game, job.opts
	pos, err := g.Canonical(ctx, opts.position)
	if err != nil {
		return err
	}
	if copts.Strength, err = catalog.ParseStrength(opts.strength); err != nil {
		return usagef("--strength: %v", err)
	}
	dialogue := io.out
	if opts.json {
		dialogue = io.err
	}
	s := &playSession{ctx: ctx, g: g, opts: copts, out: bufio.NewWriter(dialogue), history: []string{pos},
		rec: play.Record{Game: g.Info().Spec, Start: pos, Misere: opts.misere, Strength: copts.Strength.String(), First: "human", Moves: []play.RecordMove{}}}
	if opts.computerFirst {
		s.rec.First = "computer"
	}
	err = s.play(io, pos, opts.computerFirst)
	s.out.Flush()
	if opts.json && (err == nil || s.rec.End != "") {
		if s.rec.End == "" {
			s.rec.End = "abandoned"
		}
		if jerr := jsonout.Write(io.out, &s.rec); err == nil {
			err = jerr
		}
	}
	return err
}

// play runs the game from pos until it ends.
func (s *playSession) play(io *streams, pos string, computerFirst bool) error {
	convention := "normal play: whoever makes the last move wins"
	if s.opts.Misere {
		convention = "misère play: whoever makes the last move loses"
	}
	fmt.Fprintf(s.out, "%s (%s). %s\n", s.g.Info().Name, convention, s.g.Info().Rule)
	s.rec.Position = pos
	if computerFirst {
		var over bool
		var err error
		if pos, over, err = s.computer(pos); err != nil || over {
			return err
		}
	}
	in := newLineReader(io.in)
	shown := "" // the position last shown: a hint or a mistyped move does not show it again
	for {
		moves, err := s.moves(pos)
		if err != nil {
			return err
		}
		if len(moves) == 0 {
			s.result(false)
			return nil
		}
		if pos != shown {
			s.show(pos, moves)
			shown = pos
			s.analyze(pos)
			if s.before != nil && s.before.Outcome == impartial.Draw {
				fmt.Fprintln(s.out, "With best play this position is a draw: type draw to agree to one, or play on (a position that occurs a third time with the same player to move ends the game in a draw).")
			}
		}
		fmt.Fprint(s.out, "Your move (a position, or #n for move n; hint, undo, draw, quit): ")
		s.out.Flush()
		line, err := in.next()
		switch {
		case isEOF(err):
			fmt.Fprintln(s.out, "\nEnd of input: game abandoned.")
			s.rec.End = "abandoned"
			return nil
		case errors.Is(err, errLineTooLong):
			fmt.Fprintf(s.out, "That line is longer than %s: ignored.\n", impartial.FormatBytes(maxLine))
			continue
		case err != nil:
			fmt.Fprintln(s.out)
			return fmt.Errorf("cannot read your moves from standard input: %w", err)
		}
		text := strings.TrimSpace(line)
		switch strings.ToLower(text) {
		case "":
			continue
		case "quit", "q", "exit":
			fmt.Fprintln(s.out, "Game abandoned.")
			s.rec.End = "abandoned"
			return nil
		case "hint", "h", "?":
			if err := s.hint(pos); err != nil {
				return err
			}
			continue
		case "draw":
			if s.offerDraw() {
				return nil
			}
			continue
		case "undo", "u":
			if len(s.undo) == 0 {
				fmt.Fprintln(s.out, "Nothing to undo.")
				continue
			}
			u := s.undo[len(s.undo)-1]
			s.undo = s.undo[:len(s.undo)-1]
			pos = u.pos
			s.rec.Moves, s.history = s.rec.Moves[:u.moves], s.history[:u.plies]
			s.rec.Position = pos
			fmt.Fprintln(s.out, "Undone.")
			shown = ""
			continue
		}
		m, err := s.pick(pos, moves, text)
		if err != nil {
			if errors.Is(err, context.Canceled) || s.ctx.Err() != nil {
				return err
			}
			fmt.Fprintf(s.out, "%s\n", oneLine(err))
			continue
		}
		s.undo = append(s.undo, undoPoint{pos: pos, moves: len(s.rec.Moves), plies: len(s.history)})
		fmt.Fprintf(s.out, "You move to %s.\n", describe(m))
		rm := play.RecordMove{By: "human", To: m.To, Move: m.Move}
		if s.before != nil {
			if v, ok := play.Judge(s.before, m.To); ok {
				rm.Result, rm.Mistake = v.Chosen.Result, v.Mistake
				fmt.Fprintln(s.out, verdictText(s.before, v))
			}
		}
		s.rec.Moves = append(s.rec.Moves, rm)
		if s.ply(m.To) {
			return nil
		}
		shown = ""
		var over bool
		if pos, over, err = s.computer(m.To); err != nil || over {
			return err
		}
	}
}

// analyze asks for the analysis of pos with every option valued, for the
// verdict on the user's move and the offer of a draw; s.before is nil when
// it is not known (a budget ran out).
func (s *playSession) analyze(pos string) {
	o := s.listOpts()
	o.MaxListed = maxPlayMoves
	s.before, _ = play.Analyze(s.ctx, s.g, pos, o)
}

// ply records that the game reached pos; it ends the game in a draw when
// pos occurs for the third time with the same player to move.
func (s *playSession) ply(pos string) bool {
	s.history = append(s.history, pos)
	s.rec.Position = pos
	if play.RepetitionDraw(s.history) {
		fmt.Fprintf(s.out, "Position %s has occurred three times with the same player to move: the game is a draw (threefold repetition).\n", pos)
		s.rec.End = "draw by repetition"
		return true
	}
	return false
}

// offerDraw answers the user's offer of a draw: the computer accepts when
// it cannot win, that is unless the user's position is lost.
func (s *playSession) offerDraw() bool {
	if s.before == nil || s.before.Outcome == impartial.P {
		if s.before == nil {
			fmt.Fprintln(s.out, "I decline the draw: I cannot tell who wins here, so play on.")
		} else {
			fmt.Fprintln(s.out, "I decline the draw: I win this position with best play.")
		}
		return false
	}
	fmt.Fprintln(s.out, "Draw agreed.")
	s.rec.End = "draw agreed"
	return true
}

// maxPlayMoves bounds the legal moves of a position play lists and checks.
const maxPlayMoves = 100_000

func (s *playSession) listOpts() catalog.Options {
	o := s.opts
	if o.Budget.MaxMoves == 0 || o.Budget.MaxMoves > maxPlayMoves {
		o.Budget.MaxMoves = maxPlayMoves
	}
	return o
}

// moves lists the legal moves from pos, refusing positions with too many.
func (s *playSession) moves(pos string) ([]catalog.Move, error) {
	moves, err := s.g.Moves(s.ctx, pos, s.listOpts())
	var be *impartial.BudgetError
	if errors.As(err, &be) && be.Limit == impartial.LimitMoves {
		return nil, usagef("position %s has more than %d legal moves, too many to play by hand (grundy solve analyzes it; raise --max-moves to play it)", notation.Quote(pos), be.Max)
	}
	if errors.As(err, &be) && be.Limit == impartial.LimitOutput {
		return nil, usagef("position %s has too many legal moves to list (%s)", notation.Quote(pos), be.Error())
	}
	return moves, err
}

// pick reads the user's move: a move number or a position.
func (s *playSession) pick(pos string, moves []catalog.Move, text string) (catalog.Move, error) {
	if num, ok := strings.CutPrefix(text, "#"); ok {
		n, err := strconv.Atoi(strings.TrimSpace(num))
		if err != nil || n < 1 || n > len(moves) {
			return catalog.Move{}, fmt.Errorf("no move %s: the moves are #1 to #%d", text, len(moves))
		}
		return moves[n-1], nil
	}
	m, err := s.g.FindMove(s.ctx, pos, text, s.listOpts())
	if err == nil {
		return m, nil
	}
	// A bare number that is not a position one move away is a move number.
	if n, nerr := strconv.Atoi(text); nerr == nil && n >= 1 && n <= len(moves) {
		return moves[n-1], nil
	}
	return catalog.Move{}, err
}

// computer moves from pos; over reports that the game has ended.
func (s *playSession) computer(pos string) (string, bool, error) {
	m, ok, err := s.g.Reply(s.ctx, pos, s.opts)
	if err != nil {
		return "", false, err
	}
	if !ok {
		s.result(true)
		return pos, true, nil
	}
	fmt.Fprintf(s.out, "I move to %s.\n", describe(m))
	s.rec.Moves = append(s.rec.Moves, play.RecordMove{By: "computer", To: m.To, Move: m.Move})
	if s.ply(m.To) {
		return m.To, true, nil
	}
	more, err := s.moves(m.To)
	if err != nil {
		return "", false, err
	}
	if len(more) == 0 {
		fmt.Fprintf(s.out, "Position: %s — no moves left.\n", m.To)
		s.result(false)
		return m.To, true, nil
	}
	return m.To, false, nil
}

// result announces the end: computerStuck says the computer had no move.
func (s *playSession) result(computerStuck bool) {
	userWins := computerStuck != s.opts.Misere
	switch {
	case computerStuck && userWins:
		fmt.Fprintln(s.out, "I have no move. You win!")
	case computerStuck:
		fmt.Fprintln(s.out, "I have no move, so under misère play I win.")
	case !userWins:
		fmt.Fprintln(s.out, "You have no move. I win.")
	default:
		fmt.Fprintln(s.out, "You have no move, so under misère play you win!")
	}
	if userWins {
		s.rec.End = "human won"
	} else {
		s.rec.End = "computer won"
	}
}

func (s *playSession) show(pos string, moves []catalog.Move) {
	fmt.Fprintf(s.out, "\nPosition: %s\n", pos)
	if board, err := s.g.Board(s.ctx, pos); err == nil && board != "" {
		for _, line := range strings.SplitAfter(board, "\n") {
			if line != "" {
				fmt.Fprint(s.out, "  "+line)
			}
		}
		fmt.Fprintln(s.out, "Moves:")
	}
	for i, m := range moves {
		if i == maxListed {
			fmt.Fprintf(s.out, "  … and %d more (type the position you move to)\n", len(moves)-maxListed)
			break
		}
		fmt.Fprintf(s.out, "  #%d  %s\n", i+1, describe(m))
	}
}

func (s *playSession) hint(pos string) error {
	o := s.opts
	o.MaxListed = maxListed
	res, err := s.g.Solve(s.ctx, pos, o)
	if err != nil {
		return err
	}
	moves, word := res.WinningMoves, "winning move"
	switch {
	case res.Outcome == impartial.Draw && len(res.DrawingMoves) == 0:
		fmt.Fprintln(s.out, "Hint: this position is a draw: neither player can force a win.")
		return nil
	case res.Outcome == impartial.Draw:
		fmt.Fprint(s.out, "Hint: this position is a draw: neither player can force a win. ")
		moves, word = res.DrawingMoves, "move that keeps the draw"
	case res.Outcome == impartial.P:
		fmt.Fprintln(s.out, "Hint: this is a P-position: every move loses against best play.")
		return nil
	case len(moves) == 0:
		fmt.Fprintf(s.out, "Hint: this is an N-position, but its winning moves are not listed (%s).\n", res.MovesNote)
		return nil
	}
	count := len(moves)
	if res.MoveCount != nil && *res.MoveCount > int64(count) {
		count = int(*res.MoveCount)
	}
	fmt.Fprintf(s.out, "Hint: %s", plural(count, word))
	if count > len(moves) {
		fmt.Fprintf(s.out, " (the first %d)", len(moves))
	}
	fmt.Fprintln(s.out, ":")
	for _, m := range moves {
		fmt.Fprintf(s.out, "  %s\n", describe(m))
	}
	return nil
}

// maxLine bounds a line the user types in play.
const maxLine = 1 << 20

var errLineTooLong = errors.New("line too long")

func isEOF(err error) bool { return errors.Is(err, io.EOF) }

// lineReader reads the user's lines, skipping over a line longer than
// maxLine (reported as errLineTooLong) instead of giving up on the input as
// bufio.Scanner does.
type lineReader struct{ r *bufio.Reader }

func newLineReader(r io.Reader) *lineReader { return &lineReader{bufio.NewReaderSize(r, 64<<10)} }

func (l *lineReader) next() (string, error) {
	var buf []byte
	for {
		chunk, err := l.r.ReadSlice('\n')
		if len(buf)+len(chunk) > maxLine {
			// Drop the rest of the line.
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = l.r.ReadSlice('\n')
			}
			if err != nil && !errors.Is(err, io.EOF) {
				return "", err
			}
			return "", errLineTooLong
		}
		buf = append(buf, chunk...)
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && len(buf) > 0:
			return string(buf), nil
		case err != nil:
			return "", err
		}
		return string(buf), nil
	}
}

package catalog

import (
	"context"
	"errors"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/jsonout"
)

// The answer-shaping room: how the moves of an answer that lists every
// option (Options.AllOptions) are ordered, counted and paged, the same on
// every face (grundy solve --all, /api/solve?all=1, the web explorer and
// the play page's judge; issue 44).
//
//   - Winning moves first, always: ranked by the remoteness rule when the
//     position's tree fits the ranking search (the quickest win first,
//     then draws, then the longest loss), otherwise the winning moves, then
//     the other options in the game's order. An option list in the
//     generation order of the engine put ten losing moves of Kayles 1000
//     on a first page whose position wins.
//   - A true count of the winning moves (Result.WinningMoveCount), found
//     by the same question a plain solve asks (its classes included, when
//     a proved period gives them), not counted among the options listed:
//     the explorer said "0 moves win" of kayles 10^8, whose first 400
//     options, in the game's order, all lose.
//   - The winning moves of the page in Result.WinningMoves too, as far as
//     the output budget allows, so that no N-position answers
//     "winning_moves": [].
//   - When the options could not all be counted (the move budget ran out)
//     but the page is full, the answer gives the next page and says why
//     the count is missing (Result.CountNote), instead of "the list stopped
//     early" under a full page.

// shaped is what shapeOptions found beyond the engine's listing of every
// option, for apply to write into the Result.
type shaped struct {
	// winCount is the number of winning moves, -1 when not all were
	// counted; nil when not asked (not every option, or not an N-position).
	winCount *int64
	// countNote says why the options were not all counted.
	countNote string
}

// shapeOptions orders an, the engine's answer to q (every option asked for)
// from the sum ps of g, winning moves first, and counts the winning moves
// by asking g for them as a plain solve does. The page is q.MaxListed moves
// (its offset included, as SumGame.query sets it). A budget (or the
// deadline) that stops that second question leaves the winning moves
// uncounted instead of failing the answer, as a budget that stops a list
// of moves only shortens it: the outcome is already known. An interrupt
// fails it.
func shapeOptions[P comparable](ctx context.Context, g impartial.Game[P], ps []P, q impartial.Query, an *impartial.Analysis[P]) (*shaped, error) {
	sh := &shaped{}
	if !q.AllOptions || an == nil {
		return sh, nil
	}
	switch an.Outcome {
	case impartial.P:
		zero := int64(0)
		sh.winCount = &zero
		return sh, nil
	case impartial.N:
	default:
		return sh, nil // a draw: loopy analysis ranks every option
	}
	wq := q
	wq.AllOptions, wq.Target, wq.ValueOnly = false, nil, false
	win, err := impartial.Analyze(ctx, g, ps, wq)
	var be *impartial.BudgetError
	switch {
	case err == nil:
	case errors.As(err, &be) && be.Limit != impartial.LimitCanceled:
		win = &impartial.Analysis[P]{Count: -1}
	default:
		return nil, err
	}
	if win.Count < 0 && win.Stopped == nil && wq.MaxListed != 0 {
		// Not counted past the page (a misère quotient lists one more move
		// than asked to say there are more): ask for them all, within the
		// same budget, for their number.
		wq.MaxListed = 0
		if all, err := impartial.Analyze(ctx, g, ps, wq); err == nil && all.Count >= 0 {
			win.Count = all.Count
		} else if err != nil && (!errors.As(err, &be) || be.Limit == impartial.LimitCanceled) {
			return nil, err
		}
	}
	ranked := an.Remoteness != nil || an.Loopy != nil
	if !ranked {
		an.Moves = winningFirst(win.Moves, an.Moves, q.MaxListed)
	}
	count := win.Count
	if count < 0 && an.Stopped == nil && an.Count >= 0 && int64(len(an.Moves)) == an.Count {
		// Every option was listed: count the winning ones among them.
		count = 0
		for _, o := range an.Moves {
			if o.After == impartial.P {
				count++
			}
		}
	}
	sh.winCount = &count
	if len(an.Classes) == 0 {
		an.Classes = win.Classes
	}
	if an.Stopped != nil && q.MaxListed > 0 && len(an.Moves) >= q.MaxListed {
		// The page is full: the budget stopped the count of the options,
		// not the page; the answer gives the next page.
		sh.countNote = "not every option was counted: " + an.Stopped.Error()
		an.Stopped = nil
	}
	return sh, nil
}

// countWins counts the winning moves of a plain solve whose page is full
// and whose engine did not count past it (a misère quotient lists one move
// more than asked to say there are more, without their number): the same
// question again without a page, within the same budget, so that "the first
// 10 of its 26 moves" replaces "these 10 moves" followed by "(more: …)". A
// budget that stops the count leaves it unknown (the answer says there are
// more); an interrupt fails the answer.
func countWins[P comparable](ctx context.Context, g impartial.Game[P], ps []P, q impartial.Query, an *impartial.Analysis[P]) error {
	if q.AllOptions || q.Target != nil || an.Outcome != impartial.N || an.Count >= 0 || an.Stopped != nil ||
		q.MaxListed <= 0 || len(an.Moves) < q.MaxListed {
		return nil
	}
	wq := q
	wq.MaxListed = 0
	all, err := impartial.Analyze(ctx, g, ps, wq)
	var be *impartial.BudgetError
	switch {
	case err == nil && all.Count >= 0:
		an.Count = all.Count
	case err == nil && all.Stopped == nil:
		n := int64(len(all.Moves))
		an.Count = n
	case err != nil && (!errors.As(err, &be) || be.Limit == impartial.LimitCanceled):
		return err
	}
	return nil
}

// winningFirst merges the winning moves a plain solve listed (wins) with
// every option the engine listed in the game's order (all): the winning
// moves first (those of wins, then any other winning option of all), then
// the other options, at most limit of them (0: no bound; a negative limit
// lists none, as impartial.Query.MaxListed).
func winningFirst[P comparable](wins, all []impartial.Option[P], limit int) []impartial.Option[P] {
	if limit < 0 {
		return nil
	}
	out := make([]impartial.Option[P], 0, len(wins)+len(all))
	seen := make(map[impartial.Move[P]]bool, len(wins))
	full := func() bool { return limit > 0 && len(out) >= limit }
	for _, o := range wins {
		if full() {
			return out
		}
		if !seen[o.Move] {
			seen[o.Move] = true
			out = append(out, o)
		}
	}
	for _, o := range all {
		if full() {
			return out
		}
		if o.After == impartial.P && !seen[o.Move] {
			seen[o.Move] = true
			out = append(out, o)
		}
	}
	for _, o := range all {
		if full() {
			return out
		}
		if o.After != impartial.P {
			out = append(out, o)
		}
	}
	return out
}

// apply writes what shapeOptions found into res: the count of the winning
// moves, the note on the count, and the winning moves of the page (as many
// as fit the output budget beside the rest of the answer).
func (sh *shaped) apply(res *Result, opts Options) {
	if sh == nil || !opts.AllOptions {
		return
	}
	res.WinningMoveCount = sh.winCount
	res.CountNote = sh.countNote
	room := int64(-1)
	if m := opts.Budget.MaxOutput; m > 0 {
		room = m - jsonSize(res)
	}
	for _, o := range res.Options {
		if o.Result != "win" {
			continue
		}
		m := Move{To: o.To, Move: o.Move}
		if room >= 0 {
			if room -= jsonSize(m); room < 0 {
				break
			}
		}
		res.WinningMoves = append(res.WinningMoves, m)
	}
}

// jsonSize is the size of v as the faces write it (jsonout.Write).
func jsonSize(v any) int64 {
	var n byteCounter
	if err := jsonout.Write(&n, v); err != nil {
		return 0
	}
	return int64(n)
}

type byteCounter int64

func (n *byteCounter) Write(p []byte) (int, error) { *n += byteCounter(len(p)); return len(p), nil }

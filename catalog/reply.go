package catalog

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/grundy/grundy/impartial"
)

// Reply returns the computer's move from position at the strength
// opts.Strength: by default the perfect player's. ok is false when there
// is no legal move: the player to move has lost (normal play) or won
// (misère play). The CLI's play command and the web workbench both answer
// with Reply. The perfect move is impartial.Reply through the game's
// notation: a winning move whenever there is one; under normal play, on
// positions whose graph is small enough to explore, by the remoteness rule
// (the quickest win, a move keeping a draw, the longest loss); otherwise
// the first winning (or drawing) move the analysis lists, and from a lost
// position the first legal move. Random draws from every legal move
// (Game.Moves, bounded by the budget like any list of moves) with
// opts.Rand, or the global source when it is nil; Mixed plays either, with
// even odds, each turn afresh (see Strength).
func (g *Game) Reply(ctx context.Context, position string, opts Options) (m Move, ok bool, err error) {
	perfect := true
	switch opts.Strength {
	case Random:
		perfect = false
	case Mixed:
		perfect = intN(opts.Rand, 2) == 0
	}
	if perfect {
		return g.e.reply(ctx, position, opts)
	}
	moves, err := g.Moves(ctx, position, opts)
	if err != nil || len(moves) == 0 {
		return Move{}, false, err
	}
	return moves[intN(opts.Rand, len(moves))], true, nil
}

// FindMove checks that to (in any accepted spelling, such as a row of coins
// or the list of its heads) is a position one legal move away from
// position, and returns that move.
func (g *Game) FindMove(ctx context.Context, position, to string, opts Options) (Move, error) {
	return g.e.findMove(ctx, position, to, opts)
}

// findMove reads position and to with the same codec and looks for the
// option of one component that makes the position to, compared as the
// codec writes them: the move's (in position's form) is returned. It does
// not list every move (issue 45: a legal move from kayles 10^8 was a 422
// "move budget exhausted"): the components of to that are not in
// position, and those of position that are not in to, name the component
// that moved and what it became; a game that can check one move
// (impartial.OptionFinder) checks it, and otherwise the options of the
// candidate components are listed one at a time until the move is found,
// within the move budget and the context.
func (g *sumGame[P]) findMove(ctx context.Context, position, to string, opts Options) (Move, error) {
	b, ps, err := g.question(ctx, position, opts)
	if err != nil {
		return Move{}, err
	}
	defer b.done()
	from := b.Codec.Format(ps)
	ts, err := g.parse(b, to)
	if err != nil {
		return Move{}, err
	}
	want := b.Codec.Format(ts)
	i, q, found, err := g.locateMove(b.context(ctx), b, ps, ts, want, opts.Budget.MoveLimit())
	if ferr := b.failure(ctx); ferr != nil {
		return Move{}, ferr
	}
	if err != nil {
		return Move{}, g.explainMoves(err, len(ps), from)
	}
	if !found {
		return Move{}, &IllegalMoveError{Game: g.info.Spec, From: from, To: want}
	}
	// The move is written in position's form (a row of coins, or its
	// heads): a codec writes in the form it read last.
	if _, err := g.parse(b, position); err != nil {
		return Move{}, err
	}
	return g.move(b, ps, i, q), nil
}

// locateMove finds the component i of ps and its option q that make the
// sum written want (ts read). With the game's components (Splitter) it
// compares multisets of atomic positions: a move replaces the atoms of one
// component by those of its option, so the atoms of ps missing from ts
// must all be that component's, and the option's atoms are the rest of
// the component's plus those of ts missing from ps.
func (g *sumGame[P]) locateMove(ctx context.Context, b *Binding[P], ps, ts []P, want string, limit int64) (int, P, bool, error) {
	var zero P
	split, _ := b.Game.(impartial.Splitter[P])
	finder, _ := b.Game.(impartial.OptionFinder[P])
	atoms := func(p P) []P {
		if split == nil {
			return []P{p}
		}
		var out []P
		split.Components(p, func(c P) bool { out = append(out, c); return true })
		return out
	}
	count := map[P]int{}
	for _, p := range ps {
		for _, a := range atoms(p) {
			count[a]++
		}
	}
	var added []P
	for _, t := range ts {
		for _, a := range atoms(t) {
			if count[a] > 0 {
				count[a]--
			} else {
				added = append(added, a)
			}
		}
	}
	removed := map[P]int{} // the atoms of ps not in ts
	for a, n := range count {
		if n > 0 {
			removed[a] = n
		}
	}
	next := slices.Clone(ps)
	matches := func(i int, q P) bool {
		next[i] = q
		ok := b.Codec.Format(next) == want
		next[i] = ps[i]
		return ok
	}
	var yielded int64
	var err error
	for i, p := range ps {
		// The option's atoms: p's, less the removed ones, plus the added.
		left := maps.Clone(removed)
		var target []P
		for _, a := range atoms(p) {
			if left[a] > 0 {
				left[a]--
			} else {
				target = append(target, a)
			}
		}
		if slices.ContainsFunc(slices.Collect(maps.Values(left)), func(n int) bool { return n > 0 }) {
			continue // some removed atom is not p's: p did not move
		}
		target = append(target, added...)
		if finder != nil {
			if q, found, known := finder.FindOption(p, target); known {
				if found && matches(i, q) {
					return i, q, true, nil
				}
				continue
			}
		}
		var q P
		found := false
		b.Game.Moves(p, func(o P) bool {
			if yielded++; limit > 0 && yielded > limit {
				err = &impartial.BudgetError{Limit: impartial.LimitMoves, Max: limit}
				return false
			}
			if yielded%4096 == 0 {
				if err = impartial.ContextError(ctx); err != nil {
					return false
				}
			}
			if sameAtoms(atoms(o), target) && matches(i, o) {
				q, found = o, true
				return false
			}
			return true
		})
		if found || err != nil {
			return i, q, found, err
		}
	}
	return 0, zero, false, nil
}

// sameAtoms reports whether a and b hold the same atoms, counted.
func sameAtoms[P comparable](a, b []P) bool {
	if len(a) != len(b) {
		return false
	}
	n := map[P]int{}
	for _, x := range a {
		n[x]++
	}
	for _, x := range b {
		if n[x]--; n[x] < 0 {
			return false
		}
	}
	return true
}

// IllegalMoveError reports a move the rules do not allow.
type IllegalMoveError struct {
	Game, From, To string
}

func (e *IllegalMoveError) Error() string {
	return fmt.Sprintf("%s: no legal move from %s to %s", e.Game, e.From, e.To)
}

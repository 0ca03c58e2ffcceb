package misere

import (
	"context"
	"errors"
	"slices"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/octal"
)

// OctalValued is a take-and-break game as the analysis path
// (impartial.Analyze) sees it, with misère questions answered by the
// game's misère quotient when one covers the heaps asked about: the
// misère outcome of a sum of any number of heaps is then a product in the
// quotient monoid (Plambeck 2005; Plambeck–Siegel 2008), and its winning
// moves follow from the images of the heaps' options. Where no quotient
// covers the question (it grows past QuotientMaxSize, needs more than
// QuotientWork steps, or is not proved for heaps beyond QuotientHeaps), the
// engine searches the sum as for any game. Every bound is a count of work,
// not a time, so whether a question is answered by the quotient or by
// search does not depend on the machine or its load. Normal play is
// octal.Valued's.
//
// An OctalValued holds its computer and quotient: use one per question.
type OctalValued struct {
	*octal.Valued
	rules HeapRules
	q     *Quotient
}

// Bounds on the quotient OctalValued computes for a misère question: the
// heaps it goes to (a proved quotient answers every heap; Kayles' is proved
// at heap 167), its size, and the work it may take (Settings.MaxWork: sums
// enumerated by verifications, products formed) before the question falls
// back to search. Kayles is proved at heap 167 in about 130,000 steps;
// Dawson's Kayles stops by size at heap 30 (a candidate past 256 elements)
// after 3.4 million; QuotientWork bounds codes whose quotients stay small
// but take long to verify. It is a count, the same on every machine.
const (
	QuotientHeaps   = 256
	QuotientMaxSize = 256 // Kayles' is 40
	QuotientWork    = 20_000_000
)

// NewOctalValued returns the game g for the analysis path.
func NewOctalValued(g octal.Game) *OctalValued {
	return &OctalValued{Valued: octal.NewValued(g), rules: Octal(g)}
}

var (
	_ impartial.MisereRule[octal.Parts]  = (*OctalValued)(nil)
	_ impartial.MisereMover[octal.Parts] = (*OctalValued)(nil)
	_ impartial.Preparer[octal.Parts]    = (*OctalValued)(nil)
)

// Prepare readies the values (normal play) or the misère quotient (misère
// play) for the positions ps.
func (v *OctalValued) Prepare(ctx context.Context, ps []octal.Parts, q impartial.Query) error {
	if !q.Misere {
		return v.Valued.Prepare(ctx, ps, q)
	}
	top := 0
	for _, p := range ps {
		top = max(top, int(p[0]))
	}
	quo, err := Compute(ctx, v.rules, min(max(top, 1), QuotientHeaps), Settings{MaxSize: QuotientMaxSize, MaxWork: QuotientWork, Budget: q.Budget})
	switch {
	case err == nil && (top <= quo.Heaps() || quo.Status() == Proved):
		v.q = quo
	case ctx.Err() != nil:
		// The question itself is over (an interrupt, its deadline).
		return impartial.ContextError(ctx)
	}
	// Otherwise (too large, too much work, not proved): the engine searches.
	return nil
}

// heapsOf lists the heaps of ps with the position and slot each came from.
func heapsOf(ps []octal.Parts) (heaps []int, owner []int) {
	for i, p := range ps {
		for _, h := range p {
			if h > 0 {
				heaps = append(heaps, int(h))
				owner = append(owner, i)
			}
		}
	}
	return heaps, owner
}

// MisereOutcome answers the misère outcome of a sum of heaps by the
// quotient, when it covers them.
func (v *OctalValued) MisereOutcome(components []octal.Parts) (impartial.Outcome, bool) {
	if v.q == nil {
		return 0, false
	}
	heaps, _ := heapsOf(components)
	o, err := v.q.Outcome(context.Background(), heaps)
	return o, err == nil
}

// MisereWinningMoves lists the misère winning moves of the sum ps by the
// quotient (Quotient.WinningMoves), when it covers them: at most limit
// (all when 0). ok is false when the quotient does not apply or the moves
// are more than it lists within the budget.
func (v *OctalValued) MisereWinningMoves(ctx context.Context, ps []octal.Parts, limit int) ([]impartial.Move[octal.Parts], int64, bool) {
	if v.q == nil {
		return nil, 0, false
	}
	heaps, owner := heapsOf(ps)
	listMax := 0
	if limit > 0 {
		listMax = limit + 1 // one more than listed: says whether there are more
	}
	ms, err := v.q.WinningMoves(ctx, heaps, listMax)
	// Past listMax the quotient returns the moves found and a move-budget
	// error for listMax; any other error (its own move budget, examining
	// options) lets the engine enumerate within the budget instead.
	var be *impartial.BudgetError
	more := listMax > 0 && errors.As(err, &be) && be.Limit == impartial.LimitMoves && be.Max == int64(listMax)
	if err != nil && !more {
		return nil, 0, false
	}
	out := make([]impartial.Move[octal.Parts], 0, len(ms))
	for _, m := range ms {
		i := owner[m.Index]
		// The heaps of ps[i] other than the one moved, plus what is left.
		rest := ps[i].Sizes()
		if j := slices.Index(rest, m.Heap); j >= 0 {
			rest = slices.Delete(rest, j, j+1)
		}
		to, fits := octal.PartsOf(append(rest, m.To...)...)
		if !fits {
			return nil, 0, false
		}
		out = append(out, impartial.Move[octal.Parts]{Index: i, To: to})
	}
	count := int64(len(out))
	if limit > 0 && len(out) > limit {
		out, count = out[:limit], -1
	}
	if more {
		count = -1
	}
	return out, count, true
}

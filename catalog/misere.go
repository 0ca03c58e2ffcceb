package catalog

import (
	"context"
	"errors"
	"fmt"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/misere"
)

// This file is the glue from catalog games to package misere: the misère
// canonical form and genus of a position, and the misère quotient of a
// heap game.

// MisereForm is the misère canonical form and genus of a position. Its JSON
// form is what `grundy misere form --json` (and genus) prints and
// /api/misere/form returns.
type MisereForm struct {
	Game     string `json:"game"`
	Position string `json:"position"`
	// Form is the canonical form in package misere's notation (*2#, *(3,2)).
	Form string `json:"form"`
	// Genus is g^(g0 g1 …), as misere.Genus writes it.
	Genus       string            `json:"genus"`
	Tame        bool              `json:"tame"`
	Outcome     impartial.Outcome `json:"outcome"`
	MisereValue impartial.Nimber  `json:"misere_value"`
	NormalValue impartial.Nimber  `json:"normal_value"`
	Birthday    int               `json:"birthday"`
}

// MisereQuotient is a misère quotient of a heap game. Its JSON form is what
// `grundy misere quotient --json` prints and /api/misere/quotient returns.
type MisereQuotient struct {
	Game string `json:"game"`
	misere.Summary
}

// misereFormer is implemented by every SumGame: the misère canonical form
// of a position, computed on the game's engine as every question is.
type misereFormer interface {
	misereForm(ctx context.Context, position string, opts Options) (misere.Form, string, error)
}

// SolveMisereForm computes the misère canonical form and genus of a
// position of g (a sum of components: its form is the sum of theirs).
func SolveMisereForm(ctx context.Context, g Game, position string, opts Options) (*MisereForm, error) {
	spec := g.Info().Spec
	x, ok := g.(misereFormer)
	if !ok {
		return nil, &CapabilityError{Game: spec, Msg: "misère forms are not available for this game"}
	}
	f, canon, err := x.misereForm(ctx, position, opts)
	if err != nil {
		return nil, err
	}
	gen := f.Genus()
	return &MisereForm{Game: spec, Position: canon, Form: f.String(), Genus: gen.String(), Tame: gen.Tame(),
		Outcome: f.Outcome(), MisereValue: f.MisereValue(), NormalValue: f.NormalValue(), Birthday: f.Birthday()}, nil
}

func (g *SumGame[P]) misereForm(ctx context.Context, position string, opts Options) (misere.Form, string, error) {
	b, ps, err := g.question(ctx, position, opts)
	if err != nil {
		return misere.Form{}, "", err
	}
	defer b.done()
	ectx := b.context(ctx)
	// A game that refuses some misère questions at once (a coin row too long
	// to search) refuses forms alike.
	if p, ok := b.game.(impartial.Preparer[P]); ok {
		if err := p.Prepare(ectx, ps, impartial.Query{Misere: true, Settings: impartial.Settings{Budget: opts.Budget}}); err != nil {
			return misere.Form{}, "", err
		}
	}
	f, err := misere.NewCalculator[P](b.game, impartial.Settings{Budget: opts.Budget}).Form(ectx, ps...)
	if ferr := b.err(); ferr != nil {
		return misere.Form{}, "", ferr
	}
	var ce *impartial.CycleError
	if errors.As(err, &ce) {
		return misere.Form{}, "", &impartial.UnsupportedError{Msg: fmt.Sprintf("%s: misère forms need an acyclic game: %v", g.info.Spec, err)}
	}
	if err != nil {
		return misere.Form{}, "", g.explain(err, b.codec.Format(ps), Options{Misere: true})
	}
	return f, b.codec.Format(ps), nil
}

// heapRuler is implemented by every SumGame: the rules of its single heaps
// for misère quotients, for heap games.
type heapRuler interface {
	heapRules(ctx context.Context, opts Options) (misere.HeapRules, func(), error)
}

func (g *SumGame[P]) heapRules(ctx context.Context, opts Options) (misere.HeapRules, func(), error) {
	none := func() {}
	if !g.info.Heap {
		return nil, none, &CapabilityError{Game: g.info.Spec, Msg: "misère quotients need a heap game (octal, hex, grundy, subtract, nim, … or a Starlark file with heap = True)"}
	}
	b, err := g.bind(ctx, opts)
	if err != nil {
		return nil, none, err
	}
	if b.heapRules != nil {
		return b.heapRules(), b.done, nil
	}
	if hg, ok := b.game.(impartial.Game[int]); ok {
		return misere.HeapGame(hg), b.done, nil
	}
	b.done()
	return nil, none, &CapabilityError{Game: g.info.Spec, Msg: "misère quotients need the rules of single heaps, which this game does not give"}
}

// MisereHeapRules returns the heap rules of a heap game for misère
// quotients, and a function to call when done with them. Take-and-break
// games and subtraction games with a finite set of at most
// octal.MaxDigits get the periodicity theorem.
func MisereHeapRules(ctx context.Context, g Game, opts Options) (misere.HeapRules, func(), error) {
	if h, ok := g.(heapRuler); ok {
		return h.heapRules(ctx, opts)
	}
	return nil, func() {}, &CapabilityError{Game: g.Info().Spec, Msg: "misère quotients need a heap game"}
}

// MisereQuotientOf computes the misère quotient of the heaps 0..heaps of a
// heap game, at most maxSize elements (0: misere.DefaultMaxSize), for
// answering sums of heaps by products (misere.Quotient's Outcome and
// WinningMoves, which need done not yet called: the rules of a Starlark
// game live in a session that done closes). When the quotient is proved
// (Status() == misere.Proved) it answers heaps of every size.
func MisereQuotientOf(ctx context.Context, g Game, heaps, maxSize int, opts Options) (q *misere.Quotient, done func(), err error) {
	if heaps < 0 {
		return nil, func() {}, fmt.Errorf("the number of heaps must be at least 0, not %d", heaps)
	}
	r, done, err := MisereHeapRules(ctx, g, opts)
	if err != nil {
		return nil, done, err
	}
	q, err = misere.Compute(ctx, r, heaps, misere.Settings{MaxSize: maxSize, Budget: opts.Budget})
	if err != nil {
		done()
		return nil, func() {}, err
	}
	return q, done, nil
}

// SolveMisereQuotient computes the misère quotient of the heaps 0..heaps of
// a heap game (MisereQuotientOf) as data.
func SolveMisereQuotient(ctx context.Context, g Game, heaps, maxSize int, opts Options) (*MisereQuotient, error) {
	q, done, err := MisereQuotientOf(ctx, g, heaps, maxSize, opts)
	defer done()
	if err != nil {
		return nil, err
	}
	return &MisereQuotient{Game: g.Info().Spec, Summary: q.Summary()}, nil
}

package catalog

import (
	"context"
	"errors"
	"fmt"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/misere"
	"github.com/grundy/grundy/notation"
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
	if p, ok := b.Game.(impartial.Preparer[P]); ok {
		if err := p.Prepare(ectx, ps, impartial.Query{Misere: true, Settings: impartial.Settings{Budget: opts.Budget}}); err != nil {
			return misere.Form{}, "", err
		}
	}
	f, err := misere.NewCalculator[P](b.Game, impartial.Settings{Budget: opts.Budget}).Form(ectx, ps...)
	if ferr := b.err(); ferr != nil {
		return misere.Form{}, "", ferr
	}
	var ce *impartial.CycleError
	if errors.As(err, &ce) {
		return misere.Form{}, "", &impartial.UnsupportedError{Msg: fmt.Sprintf("%s: misère forms need an acyclic game: %v", g.info.Spec, err)}
	}
	if err != nil {
		return misere.Form{}, "", g.explain(err, b.Codec.Format(ps), Options{Misere: true})
	}
	return f, b.Codec.Format(ps), nil
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
	b, err := g.Bind(ctx, opts)
	if err != nil {
		return nil, none, err
	}
	if b.HeapRules != nil {
		return b.HeapRules(), b.done, nil
	}
	if hg, ok := b.Game.(impartial.Game[int]); ok {
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

// DefaultMisereHeaps is the largest heap of a quotient computed without
// one given, for rules without a periodicity theorem (Extend cannot prove
// theirs).
const DefaultMisereHeaps = 20

// ComputeMisereQuotient computes the misère quotient of a heap game under
// package misere's settings s (s.Budget is opts.Budget when zero): of the
// heaps 0..heaps, or, when heaps < 0, until the periodicity theorem proves
// it (misere.Extend) for rules that have one and of the heaps
// 0..DefaultMisereHeaps for others. The quotient answers sums of heaps by
// products (misere.Quotient's Outcome and WinningMoves, which need done not
// yet called: the rules of a Starlark game live in a session that done
// closes). A limit that stops the computation is a *misere.StopError
// returned with the quotient reached (and done to call).
func ComputeMisereQuotient(ctx context.Context, g Game, heaps int, s misere.Settings, opts Options) (q *misere.Quotient, done func(), err error) {
	r, done, err := MisereHeapRules(ctx, g, opts)
	if err != nil {
		return nil, done, err
	}
	if s.Budget == (impartial.Budget{}) {
		s.Budget = opts.Budget
	}
	if s.Key == "" {
		s.Key = g.Info().Spec
	}
	switch {
	case heaps >= 0:
		q, err = misere.Compute(ctx, r, heaps, s)
	case misere.Provable(r):
		q, err = misere.Extend(ctx, r, s)
	default:
		q, err = misere.Compute(ctx, r, DefaultMisereHeaps, s)
	}
	if q == nil {
		done()
		return nil, func() {}, err
	}
	return q, done, err
}

// MisereQuotientOf computes the misère quotient of the heaps 0..heaps of a
// heap game (ComputeMisereQuotient; heaps < 0: until proved), at most
// maxSize elements (0: no limit but the memory budget).
func MisereQuotientOf(ctx context.Context, g Game, heaps, maxSize int, opts Options) (q *misere.Quotient, done func(), err error) {
	q, done, err = ComputeMisereQuotient(ctx, g, heaps, misere.Settings{MaxSize: maxSize}, opts)
	if err != nil {
		done()
		return nil, func() {}, err
	}
	return q, done, nil
}

// SolveMisereQuotient computes the misère quotient of the heaps 0..heaps of
// a heap game (heaps < 0: until proved; MisereQuotientOf) as data. A limit
// that stops the computation is a *misere.StopError, returned with the
// quotient reached as data.
func SolveMisereQuotient(ctx context.Context, g Game, heaps, maxSize int, opts Options) (*MisereQuotient, error) {
	q, done, err := ComputeMisereQuotient(ctx, g, heaps, misere.Settings{MaxSize: maxSize}, opts)
	defer done()
	if q == nil {
		return nil, err
	}
	return &MisereQuotient{Game: g.Info().Spec, Summary: q.Summary()}, err
}

// MisereHeaps reads a position of a heap game as its heap sizes (any
// size: a quotient proved for every heap answers heaps far beyond what
// search or a table reaches).
func MisereHeaps(g Game, position string) ([]int, error) {
	xs, _, err := notation.Ints(position, 0, 1<<53, "heap size", `heap sizes such as "3 4 5"`)
	if err != nil {
		se := err.(*notation.SyntaxError)
		return nil, &PositionError{Game: g.Info().Spec, Position: position, Offset: se.Offset, Msg: se.Msg}
	}
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = int(x)
	}
	return out, nil
}

// MisereSolution is a sum of heaps answered by the misère quotient: the
// image of the sum (the product of its heaps' images, by its normal
// form), its misère outcome and a winning move. Its JSON form is what
// `grundy misere solve --json` prints.
type MisereSolution struct {
	Game    string            `json:"game"`
	Heaps   int               `json:"heaps"`
	Image   string            `json:"image"`
	Outcome impartial.Outcome `json:"outcome"`
	// Move is a winning move (nil for a P-position).
	Move *misere.Move `json:"move,omitempty"`
	// Quotient says which quotient answered: its size, status and the
	// heaps it was computed to.
	Quotient struct {
		Size     int    `json:"size"`
		Status   string `json:"status"`
		Heaps    int    `json:"heaps"`
		Computed int    `json:"computed"`
	} `json:"quotient"`
}

// SolveMisereSum answers a sum of heaps of a heap game through its misère
// quotient: computed until proved when the rules have the periodicity
// theorem, else to the largest heap of the sum. A quotient stopped by a
// limit before it covers the heaps is its *misere.StopError.
func SolveMisereSum(ctx context.Context, g Game, position string, s misere.Settings, opts Options) (*MisereSolution, error) {
	heaps, err := MisereHeaps(g, position)
	if err != nil {
		return nil, err
	}
	top := 0
	for _, h := range heaps {
		top = max(top, h)
	}
	r, rdone, err := MisereHeapRules(ctx, g, opts)
	rdone()
	if err != nil {
		return nil, err
	}
	want := -1
	if !misere.Provable(r) {
		want = top
	}
	q, done, err := ComputeMisereQuotient(ctx, g, want, s, opts)
	defer done()
	if err != nil {
		return nil, err
	}
	x, err := q.ProductImage(ctx, heaps)
	if err != nil {
		return nil, err
	}
	res := &MisereSolution{Game: g.Info().Spec, Heaps: len(heaps), Image: q.Name(x), Outcome: impartial.N}
	if q.IsP(x) {
		res.Outcome = impartial.P
	} else {
		m, ok, err := q.WinningMove(ctx, heaps)
		if err != nil {
			return nil, err
		}
		if ok {
			res.Move = &m
		}
	}
	res.Quotient.Size, res.Quotient.Status, res.Quotient.Heaps, res.Quotient.Computed = q.Size(), q.Status(), q.Heaps(), q.Computed()
	return res, nil
}

package catalog

import (
	"context"
	"errors"
	"fmt"
	"strings"

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

// SolveMisereForm computes the misère canonical form and genus of a
// position of g (a sum of components: its form is the sum of theirs),
// computed on the game's engine as every question is.
func (g *Game) SolveMisereForm(ctx context.Context, position string, opts Options) (*MisereForm, error) {
	spec := g.info.Spec
	f, canon, err := g.e.misereForm(ctx, position, opts)
	if err != nil {
		return nil, err
	}
	gen := f.Genus()
	return &MisereForm{Game: spec, Position: canon, Form: f.String(), Genus: gen.String(), Tame: gen.Tame(),
		Outcome: f.Outcome(), MisereValue: f.MisereValue(), NormalValue: f.NormalValue(), Birthday: f.Birthday()}, nil
}

func (g *sumGame[P]) misereForm(ctx context.Context, position string, opts Options) (misere.Form, string, error) {
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
	if ferr := b.failure(ctx); ferr != nil {
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

func (g *sumGame[P]) heapRules(ctx context.Context, opts Options) (misere.HeapRules, func(), error) {
	none := func() {}
	if !g.info.Heap {
		return nil, none, &CapabilityError{Game: g.info.Spec, Msg: "misère quotients need a heap game (octal, hex, grundy, subtract, nim, … or a Starlark file with heap = True)"}
	}
	b, err := g.bind(ctx, opts)
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
func (g *Game) MisereHeapRules(ctx context.Context, opts Options) (misere.HeapRules, func(), error) {
	return g.e.heapRules(ctx, opts)
}

// ComputeMisereQuotient computes the misère quotient of a heap game under
// package misere's settings s (s.Budget is opts.Budget when zero):
// misere.QuotientOf, of the heaps 0..heaps, or, when heaps < 0, until the
// periodicity theorem proves it for rules that have one and of the heaps
// 0..misere.DefaultHeaps for others. The quotient answers sums of heaps by
// products (misere.Quotient's Outcome and WinningMoves, which need done not
// yet called: the rules of a Starlark game live in a session that done
// closes). A limit that stops the computation is a *misere.StopError
// returned with the quotient reached (and done to call).
func (g *Game) ComputeMisereQuotient(ctx context.Context, heaps int, s misere.Settings, opts Options) (q *misere.Quotient, done func(), err error) {
	r, done, err := g.MisereHeapRules(ctx, opts)
	if err != nil {
		return nil, done, err
	}
	return g.quotientOf(ctx, r, done, heaps, s, opts)
}

// quotientOf computes the quotient of the rules r of g (misere.QuotientOf),
// calling done at once when there is none.
func (g *Game) quotientOf(ctx context.Context, r misere.HeapRules, done func(), heaps int, s misere.Settings, opts Options) (*misere.Quotient, func(), error) {
	return g.quotientBy(ctx, r, done, s, opts, func(s misere.Settings) (*misere.Quotient, error) { return misere.QuotientOf(ctx, r, heaps, s) })
}

// quotientBy is quotientOf with the computation given.
func (g *Game) quotientBy(ctx context.Context, r misere.HeapRules, done func(), s misere.Settings, opts Options, compute func(misere.Settings) (*misere.Quotient, error)) (*misere.Quotient, func(), error) {
	s = misereSettings(s, opts)
	if s.Key == "" {
		s.Key, s.Content = g.info.Spec, g.Content()
	}
	q, err := compute(s)
	if q == nil {
		done()
		return nil, func() {}, err
	}
	return q, done, err
}

// SolveMisereQuotient computes the misère quotient of the heaps 0..heaps of
// a heap game (heaps < 0: until proved; ComputeMisereQuotient) as data. A limit
// that stops the computation is a *misere.StopError, returned with the
// quotient reached as data.
func (g *Game) SolveMisereQuotient(ctx context.Context, heaps, maxSize int, opts Options) (*MisereQuotient, error) {
	q, done, err := g.ComputeMisereQuotient(ctx, heaps, misere.Settings{MaxSize: maxSize}, opts)
	defer done()
	if q == nil {
		return nil, err
	}
	return &MisereQuotient{Game: g.info.Spec, Summary: q.Summary()}, err
}

// MisereHeaps reads a position of a heap game as its heap sizes (any
// size: a quotient proved for every heap answers heaps far beyond what
// search or a table reaches).
func (g *Game) MisereHeaps(position string) ([]int, error) {
	xs, _, err := notation.Ints(position, 0, 1<<53, "heap size", `heap sizes such as "3 4 5"`)
	if err != nil {
		se := err.(*notation.SyntaxError)
		return nil, &PositionError{Game: g.info.Spec, Position: position, Offset: se.Offset, Msg: se.Msg}
	}
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = int(x)
	}
	return out, nil
}

// MisereSolution is a sum of heaps answered by the misère quotient: the
// image of the sum (the element of the quotient that stands for it, the
// product of its heaps' images, by its normal form), its misère outcome
// and its winning moves. Its JSON form is what `grundy misere solve
// --json` prints.
type MisereSolution struct {
	Game    string            `json:"game"`
	Heaps   int               `json:"heaps"`
	Image   string            `json:"image"`
	Outcome impartial.Outcome `json:"outcome"`
	// Move is the first winning move (nil for a P-position).
	Move *misere.Move `json:"move,omitempty"`
	// Moves lists every winning move (misere.Quotient.WinningMoves: in
	// heap order, then in the rules' order of options), at most
	// Options.MaxListed of them (0: DefaultMovePage). More says that
	// there are winning moves past the list, or that the move budget
	// stopped the listing before its end (Moves then holds Move alone).
	Moves []misere.Move `json:"moves,omitempty"`
	More  bool          `json:"more,omitempty"`
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
func (g *Game) SolveMisereSum(ctx context.Context, position string, s misere.Settings, opts Options) (*MisereSolution, error) {
	heaps, err := g.MisereHeaps(position)
	if err != nil {
		return nil, err
	}
	top := 0
	for _, h := range heaps {
		top = max(top, h)
	}
	r, done, err := g.MisereHeapRules(ctx, opts)
	if err != nil {
		return nil, err
	}
	// Proved, or computed to the largest heap (misere.Answering).
	q, done, err := g.quotientBy(ctx, r, done, s, opts, func(s misere.Settings) (*misere.Quotient, error) { return misere.Answering(ctx, r, top, s) })
	defer done()
	if err != nil {
		return nil, err
	}
	x, err := q.ProductImage(ctx, heaps)
	if err != nil {
		return nil, err
	}
	res := &MisereSolution{Game: g.info.Spec, Heaps: len(heaps), Image: q.Name(x), Outcome: impartial.N}
	if q.IsP(x) {
		res.Outcome = impartial.P
	} else {
		m, ok, err := q.WinningMove(ctx, heaps)
		if err != nil {
			return nil, err
		}
		if ok {
			res.Move = &m
			if err := res.listMoves(ctx, q, heaps, opts.MaxListed); err != nil {
				return nil, err
			}
		}
	}
	res.Quotient.Size, res.Quotient.Status, res.Quotient.Heaps, res.Quotient.Computed = q.Size(), q.Status(), q.Heaps(), q.Computed()
	return res, nil
}

// listMoves lists the winning moves of the sum, at most listed of them (0:
// DefaultMovePage). A listing the move budget stops (a heap past the
// range whose options are many) gives the one move found first, and More.
func (res *MisereSolution) listMoves(ctx context.Context, q *misere.Quotient, heaps []int, listed int) error {
	if listed <= 0 {
		listed = DefaultMovePage
	}
	ms, err := q.WinningMoves(ctx, heaps, listed)
	var be *impartial.BudgetError
	switch {
	case err == nil:
		res.Moves = ms
	case errors.As(err, &be) && be.Limit == impartial.LimitMoves && len(ms) == listed:
		res.Moves, res.More = ms, true // more winning moves than listed
	case errors.As(err, &be) && be.Limit == impartial.LimitMoves:
		res.Moves, res.More = []misere.Move{*res.Move}, true // the move budget stopped the listing
	default:
		return err
	}
	return nil
}

// The quotient of a finite set of positions of any game (MisereSolver's
// general mode): the positions and their followers, split into
// components, numbered as the "heaps" of misere.Positions.

// MiserePositions is the misère quotient of a finite set of positions of
// a game and their followers: a sum of positions of the closed set is a
// misère P-position exactly when the product of their images is in the
// P-portion. Its JSON form is what `grundy misere quotient GAME --position
// P … --json` prints and /api/misere/quotient?position=… returns.
type MiserePositions struct {
	Game string `json:"game"`
	misere.PositionsSummary
}

// PositionsQuotient is the misère quotient of a set of positions as
// computed: Quotient's heap i is position Closure[i−1] of the closed set,
// and the positions asked are the sums of the heaps Heaps[j].
type PositionsQuotient struct {
	Game     string
	Quotient *misere.Quotient
	Closure  []string
	Asked    []string
	Heaps    [][]int
}

// MaxMiserePositions bounds the closed set of a quotient of positions (as
// misere.DefaultMaxHeaps bounds the heaps of a heap game's), besides the
// budget's positions and memory.
const MaxMiserePositions = misere.DefaultMaxHeaps

// ComputeMiserePositions computes the misère quotient of the positions
// (each in the game's notation, a sum of components) and their followers,
// under package misere's settings s (s.Budget is opts.Budget when zero):
// the closed set is found within opts.Budget (positions, moves of one
// position, memory; at most MaxMiserePositions positions), then its
// quotient (misere.Compute over misere.Positions). Any game whose
// positions end works: heap games, Wythoff, coin-turning games, Starlark
// rule files. A limit that stops the quotient is a *misere.StopError
// naming the position it stopped at, returned with the quotient reached.
func (g *Game) ComputeMiserePositions(ctx context.Context, positions []string, s misere.Settings, opts Options) (*PositionsQuotient, error) {
	if len(positions) == 0 {
		return nil, errNoPositions
	}
	s = misereSettings(s, opts)
	if s.Key == "" {
		s.Content = g.Content() // and the components' (miserePositions)
	}
	return g.e.miserePositions(ctx, positions, s, opts)
}

func (g *sumGame[P]) miserePositions(ctx context.Context, positions []string, s misere.Settings, opts Options) (*PositionsQuotient, error) {
	b, err := g.bind(ctx, opts)
	if err != nil {
		return nil, err
	}
	defer b.done()
	ectx := b.context(ctx)
	res := &PositionsQuotient{Game: g.info.Spec}
	var sums [][]P
	var roots []P
	for _, pos := range positions {
		ps, err := g.parse(b, pos)
		if err = b.finish(ctx, err); err != nil {
			return nil, err
		}
		sums = append(sums, ps)
		roots = append(roots, ps...)
		res.Asked = append(res.Asked, b.Codec.Format(ps))
	}
	// A game that refuses some misère questions at once (a coin row too
	// long to search) refuses its quotients alike.
	if pr, ok := b.Game.(impartial.Preparer[P]); ok {
		if err := pr.Prepare(ectx, roots, impartial.Query{Misere: true, Settings: impartial.Settings{Budget: opts.Budget}}); err != nil {
			return nil, err
		}
	}
	cb := opts.Budget
	if cb.MaxPositions <= 0 || cb.MaxPositions > MaxMiserePositions {
		cb.MaxPositions = MaxMiserePositions
	}
	r, err := misere.Positions(ectx, b.Game, roots, impartial.Settings{Budget: cb, Format: func(p any) string { return b.Codec.Format([]P{p.(P)}) }})
	if ferr := b.failure(ctx); ferr != nil {
		return nil, ferr
	}
	var ce *impartial.CycleError
	if errors.As(err, &ce) {
		return nil, &impartial.UnsupportedError{Msg: fmt.Sprintf("%s: misère quotients need a game that ends: %v", g.info.Spec, err)}
	}
	if err != nil {
		return nil, err
	}
	for i := 1; i <= r.Len(); i++ {
		res.Closure = append(res.Closure, r.Name(i))
	}
	for _, ps := range sums {
		hs, _ := r.Heaps(ps...) // every component is in the closed set
		res.Heaps = append(res.Heaps, hs)
	}
	if s.Key == "" {
		s.Key = g.info.Spec + " positions " + strings.Join(res.Asked, " | ")
		if b.content != nil {
			if c := b.content(); c != "" {
				s.Content = strings.TrimPrefix(s.Content+"; "+c, "; ")
			}
		}
	}
	q, err := misere.Compute(ectx, r, r.Len(), s)
	if ferr := b.failure(ctx); ferr != nil {
		return nil, ferr
	}
	if q == nil {
		return nil, err
	}
	res.Quotient = q
	return res, err
}

// Result returns the quotient as data.
func (p *PositionsQuotient) Result(ctx context.Context) *MiserePositions {
	return &MiserePositions{Game: p.Game, PositionsSummary: p.Quotient.PositionsSummary(ctx, p.Asked, p.Heaps)}
}

// SolveMiserePositions computes the misère quotient of positions of a
// game and their followers (ComputeMiserePositions), at most maxSize
// elements (0: no limit but the memory budget), as data. A limit that
// stops the quotient is a *misere.StopError, returned with the quotient
// reached as data.
func (g *Game) SolveMiserePositions(ctx context.Context, positions []string, maxSize int, opts Options) (*MiserePositions, error) {
	p, err := g.ComputeMiserePositions(ctx, positions, misere.Settings{MaxSize: maxSize}, opts)
	if p == nil {
		return nil, err
	}
	return p.Result(ctx), err
}

// misereSettings are package misere's settings s of a question asked
// with opts: s.Budget is opts.Budget when zero.
func misereSettings(s misere.Settings, opts Options) misere.Settings {
	if s.Budget == (impartial.Budget{}) {
		s.Budget = opts.Budget
	}
	return s
}

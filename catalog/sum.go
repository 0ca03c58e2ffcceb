package catalog

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/grundy/grundy/impartial"
)

// Codec reads and writes the positions of a sum game.
type Codec[P comparable] struct {
	// Parse reads a position as the list of its components. Errors should be
	// *PositionError values (the adapter fills in Game and Position).
	Parse func(s string) ([]P, error)
	// Format writes a list of components in the canonical position syntax.
	Format func(ps []P) string
	// Describe names the move of component i of ps to the option to, such as
	// "take 2 from heap 1". It may be nil.
	Describe func(ps []P, i int, to P) string
}

// SumGame adapts an engine game to a catalog Game: a position is a sum of
// components, each a position of the engine game.
type SumGame[P comparable] struct {
	info  Info
	game  impartial.Game[P]
	codec Codec[P]
}

// NewSumGame returns the catalog game for g with the given description and
// position codec.
func NewSumGame[P comparable](info Info, g impartial.Game[P], codec Codec[P]) *SumGame[P] {
	return &SumGame[P]{info: info, game: g, codec: codec}
}

// Info describes the game.
func (g *SumGame[P]) Info() Info { return g.info }

// Engine returns the engine game the catalog game adapts.
func (g *SumGame[P]) Engine() impartial.Game[P] { return g.game }

// ParsePosition reads a position as the list of its components.
func (g *SumGame[P]) ParsePosition(position string) ([]P, error) {
	ps, err := g.codec.Parse(position)
	if pe, ok := err.(*PositionError); ok {
		pe.Game, pe.Position = g.info.Spec, position
	}
	return ps, err
}

// Canonical checks a position and writes it in canonical syntax.
func (g *SumGame[P]) Canonical(position string) (string, error) {
	ps, err := g.ParsePosition(position)
	if err != nil {
		return "", err
	}
	return g.codec.Format(ps), nil
}

func (g *SumGame[P]) settings(opts Options) impartial.Settings {
	return impartial.Settings{
		Budget: opts.Budget,
		Format: func(p any) string { return g.codec.Format([]P{p.(P)}) },
	}
}

// Solve analyzes a position: under normal play with the Sprague–Grundy
// engine, under misère play by search of the sum.
func (g *SumGame[P]) Solve(ctx context.Context, position string, opts Options) (*Result, error) {
	ps, err := g.ParsePosition(position)
	if err != nil {
		return nil, err
	}
	res := &Result{Game: g.info.Spec, Position: g.codec.Format(ps), Misere: opts.Misere, WinningMoves: []Move{}}
	var moves []impartial.Move[P]
	if opts.Misere {
		s := impartial.NewMisereSolver(g.game, g.settings(opts))
		if res.Outcome, err = s.Outcome(ctx, ps...); err != nil {
			return nil, err
		}
		if moves, err = s.WinningMoves(ctx, ps...); err != nil {
			return nil, err
		}
	} else {
		s := impartial.NewSolver(g.game, g.settings(opts))
		v, err := s.Value(ctx, ps...)
		if err != nil {
			return nil, err
		}
		res.Value, res.Outcome = &v, impartial.OutcomeOf(v)
		if moves, err = s.WinningMoves(ctx, ps...); err != nil {
			return nil, err
		}
	}
	for _, m := range moves {
		res.WinningMoves = append(res.WinningMoves, g.move(ps, m.Index, m.To))
	}
	return res, nil
}

// Moves lists every move from the position, component by component.
func (g *SumGame[P]) Moves(ctx context.Context, position string, opts Options) ([]Move, error) {
	ps, err := g.ParsePosition(position)
	if err != nil {
		return nil, err
	}
	s := impartial.NewSolver(g.game, g.settings(opts))
	var out []Move
	for i, p := range ps {
		opts, err := s.Options(ctx, p)
		if err != nil {
			return nil, err
		}
		for _, q := range opts {
			out = append(out, g.move(ps, i, q))
		}
	}
	return out, nil
}

// rankedReply ranks the moves of a position by remoteness
// (impartial.LoopySolver.RankedMoves, which takes acyclic games too) and
// returns the best, when the position's graph is small enough to explore.
func (g *SumGame[P]) rankedReply(ctx context.Context, position string, opts Options) (m Move, ok, fallback bool, err error) {
	if _, split := g.game.(impartial.Splitter[P]); split {
		return Move{}, false, true, nil // a move's target would be one part of a component
	}
	ps, err := g.ParsePosition(position)
	if err != nil {
		return Move{}, false, false, err
	}
	ls := impartial.NewLoopySolver(g.game, rankedSettings(g.settings(opts)))
	ls.SumGraphMoveLimit = replySumGraphMoves
	moves, _, err := ls.RankedMoves(ctx, ps...)
	if err != nil {
		return Move{}, false, rankedFallback(ctx, err), err
	}
	if len(moves) == 0 {
		return Move{}, false, false, nil
	}
	return g.move(ps, moves[0].Index, moves[0].To), true, false, nil
}

func (g *SumGame[P]) move(ps []P, i int, to P) Move {
	next := append([]P(nil), ps...)
	next[i] = to
	m := Move{To: g.codec.Format(next)}
	if g.codec.Describe != nil {
		m.Move = g.codec.Describe(ps, i, to)
	}
	return m
}

// HeapSumGame is a SumGame on heaps of tokens: a position is a list of heap
// sizes, and Values lists the nim-sequence.
type HeapSumGame struct {
	*SumGame[int]
}

// NewHeapGame returns the catalog game for an engine game on single heaps,
// with positions written as heap sizes separated by spaces.
func NewHeapGame(info Info, g impartial.Game[int]) HeapSumGame {
	info.Heap = true
	if info.Position == "" {
		info.Position = "heap sizes separated by spaces, e.g. \"3 4 5\""
	}
	return HeapSumGame{NewSumGame(info, g, Codec[int]{Parse: ParseHeaps, Format: FormatHeaps, Describe: describeHeapMove})}
}

// Values returns G(0..to), solving heaps in increasing order so that the
// search never goes deep.
func (g HeapSumGame) Values(ctx context.Context, to int, opts Options) (*Sequence, error) {
	if err := CheckSequenceBudget(to, opts.Budget); err != nil {
		return nil, err
	}
	s := impartial.NewSolver(g.game, g.settings(opts))
	seq := &Sequence{Game: g.info.Spec, Values: make([]impartial.Nimber, 0, to+1)}
	for n := 0; n <= to; n++ {
		v, err := s.Value(ctx, n)
		if err != nil {
			return nil, err
		}
		seq.Values = append(seq.Values, v)
	}
	return seq, nil
}

// CheckSequenceBudget refuses, before any work, a sequence of to+1 values
// that the budget could not hold.
func CheckSequenceBudget(to int, b impartial.Budget) error { return checkSequenceBudget(to, 8, b) }

// checkSequenceBudget is CheckSequenceBudget for values of the given size.
func checkSequenceBudget(to int, bytesPerValue int64, b impartial.Budget) error {
	if to < 0 {
		return fmt.Errorf("catalog: --to must be at least 0, not %d", to)
	}
	n := int64(to) + 1
	if b.MaxPositions > 0 && n > b.MaxPositions {
		return &impartial.BudgetError{Limit: impartial.LimitPositions, Max: b.MaxPositions}
	}
	if b.MaxMemory > 0 && n*bytesPerValue > b.MaxMemory {
		return &impartial.BudgetError{Limit: impartial.LimitMemory, Max: b.MaxMemory}
	}
	return nil
}

// MaxHeap is the largest heap size ParseHeaps accepts.
const MaxHeap = 1<<62 - 1

// ParseHeaps reads heap sizes separated by spaces or commas.
func ParseHeaps(s string) ([]int, error) {
	fields := Fields(s)
	if len(fields) == 0 {
		return nil, &PositionError{Offset: -1, Msg: "no heaps given (want heap sizes such as \"3 4 5\")"}
	}
	hs := make([]int, len(fields))
	for i, f := range fields {
		n, err := strconv.ParseInt(f.Text, 10, 64)
		switch {
		case f.Text[0] != '-' && (errors.Is(err, strconv.ErrRange) || err == nil && n > MaxHeap):
			return nil, &PositionError{Offset: f.Offset, Msg: fmt.Sprintf("heap size %s is too large (at most %d)", f.Text, int64(MaxHeap))}
		case err != nil || n < 0:
			return nil, &PositionError{Offset: f.Offset, Msg: fmt.Sprintf("heap size %q is not a whole number ≥ 0", f.Text)}
		}
		hs[i] = int(n)
	}
	return hs, nil
}

// FormatHeaps writes heap sizes separated by single spaces.
func FormatHeaps(hs []int) string {
	parts := make([]string, len(hs))
	for i, h := range hs {
		parts[i] = strconv.Itoa(h)
	}
	return strings.Join(parts, " ")
}

func describeHeapMove(hs []int, i, to int) string {
	if to < hs[i] {
		return fmt.Sprintf("take %d from heap %d", hs[i]-to, i+1)
	}
	return fmt.Sprintf("heap %d: %d → %d", i+1, hs[i], to)
}

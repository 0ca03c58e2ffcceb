package catalog

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/notation"
)

// Codec reads and writes the positions of a sum game: the notation of the
// domain type (games.ParseHeaps, coins.Game.ParsePosition, …).
type Codec[P comparable] struct {
	// Parse reads a position as the list of its components. Errors should be
	// *notation.SyntaxError values (the adapter names the game).
	Parse func(s string) ([]P, error)
	// Format writes a list of components in the canonical position syntax.
	Format func(ps []P) string
	// Describe names the move of component i of ps to the option to, such as
	// "take 2 from heap 1". It may be nil.
	Describe func(ps []P, i int, to P) string
	// Board draws a position as plain text for the terminal (the domain
	// package's drawing: games.DrawHeaps, coins.Game.Draw, …), or "" when it
	// is too large to draw. It may be nil.
	Board func(ps []P) string

	// spans gives, for a sum of different games, the components as they
	// were written, each over a range of ps (Result.Components).
	spans func(ps []P) []span
}

// span is a component of a sum of different games written by the user:
// ps[from:to] are its parts.
type span struct {
	game     string
	from, to int
	loopy    bool // its game may be loopy: its value is shown as a loopy value
	format   func() string
	// after writes the component once its part i (an index of ps, within
	// the span) has moved to the part to.
	after func(i int, to any) string
}

// sumGame is the engine of every Game (the one implementation of engine):
// a position is a sum of components, each a position of the spec's engine
// game, written in the codec's notation, and every question goes through
// impartial.Analyze. It holds no solving policy of its own.
type sumGame[P comparable] struct {
	info *Info // its Game's
	spec Spec[P]
}

// NewSumGame returns the catalog game for g with the given description and
// position codec.
func NewSumGame[P comparable](info Info, g impartial.Game[P], codec Codec[P]) *Game {
	return New(Spec[P]{Info: info, Bind: func(context.Context, Options) (*Binding[P], error) {
		return &Binding[P]{Game: g, Codec: codec}, nil
	}})
}

// bind builds the engine game for one question.
func (g *sumGame[P]) bind(ctx context.Context, opts Options) (*Binding[P], error) {
	b, err := g.spec.Bind(ctx, opts)
	if err != nil {
		return nil, err
	}
	b.g = g
	return b, nil
}

func (g *sumGame[P]) content() string {
	if g.spec.Content == nil {
		return ""
	}
	return g.spec.Content()
}

// parse reads a position with the binding's codec, naming the game in
// errors.
func (g *sumGame[P]) parse(b *Binding[P], position string) ([]P, error) {
	ps, err := b.Codec.Parse(position)
	if err != nil {
		return nil, positionError(g.info.Spec, position, err)
	}
	return ps, nil
}

// question opens a binding and reads a position: what every question
// starts with. The caller calls b.done.
func (g *sumGame[P]) question(ctx context.Context, position string, opts Options) (*Binding[P], []P, error) {
	b, err := g.bind(ctx, opts)
	if err != nil {
		return nil, nil, err
	}
	ps, err := g.parse(b, position)
	if err = b.finish(ctx, err); err != nil {
		b.done()
		return nil, nil, err
	}
	return b, ps, nil
}

// board draws a position as plain text.
func (g *sumGame[P]) board(ctx context.Context, position string) (string, error) {
	b, ps, err := g.question(ctx, position, Options{})
	if err != nil {
		return "", err
	}
	defer b.done()
	if b.Codec.Board == nil {
		return "", nil
	}
	d := b.Codec.Board(ps)
	return d, b.finish(ctx, nil)
}

// canonical checks a position and writes it in canonical syntax.
func (g *sumGame[P]) canonical(ctx context.Context, position string) (string, error) {
	b, ps, err := g.question(ctx, position, Options{})
	if err != nil {
		return "", err
	}
	defer b.done()
	c := b.Codec.Format(ps)
	return c, b.finish(ctx, nil)
}

// query returns the engine's question for opts: the moves of the page
// asked for and those before it (Offset).
func (g *sumGame[P]) query(b *Binding[P], opts Options, canon string) impartial.Query {
	limit := listLimit(opts, canon)
	if limit > 0 {
		limit += opts.Offset
	}
	return impartial.Query{
		Misere:     opts.Misere,
		Settings:   impartial.Settings{Budget: opts.Budget, Format: func(p any) string { return b.Codec.Format([]P{p.(P)}) }},
		AllOptions: opts.AllOptions,
		Target:     opts.Target,
		MaxListed:  limit,
	}
}

// checkOffset refuses an offset the move budget cannot reach: the moves
// before a page are found to reach it.
func checkOffset(opts Options) error {
	if m := opts.Budget.MoveLimit(); m > 0 && int64(opts.Offset) > m {
		return &impartial.BudgetError{Limit: impartial.LimitMoves, Max: m, What: fmt.Sprintf("the moves before offset %d", opts.Offset)}
	}
	return nil
}

// moveBytes estimates the bytes one listed move adds to an answer beyond
// its position: the move's description, JSON keys and punctuation.
const moveBytes = 96

// listLimit bounds the moves an answer lists so that it fits the output
// budget: the answer states the position once, and each move repeats the
// whole position (its "to").
func listLimit(opts Options, canon string) int {
	limit := opts.MaxListed
	if m := opts.Budget.MaxOutput; m > 0 {
		room := max(m-int64(len(canon))-4*moveBytes, 0)
		fit := int(min(room/int64(len(canon)+moveBytes), 1<<30))
		if limit == 0 || fit < limit {
			limit = max(fit, -1)
			if limit == 0 {
				limit = -1 // not even one move fits: count only
			}
		}
	}
	return limit
}

// valuesFit says whether the component values fit the output budget
// beside the answer's position and its listed moves (estimated as
// listLimit does): they are left out rather than pass it.
func valuesFit(vals []impartial.Nimber, listed int, canon string, opts Options) bool {
	m := opts.Budget.MaxOutput
	if m <= 0 {
		return true
	}
	size := int64(len(`,"component_values":[]`))
	for _, v := range vals {
		size += int64(len(strconv.FormatUint(uint64(v), 10))) + 1
	}
	used := int64(len(canon)) + 4*moveBytes + int64(listed)*int64(len(canon)+moveBytes)
	return used+size <= m
}

// solve analyzes a position through impartial.Analyze: its outcome, its
// value where known, and the moves asked for.
func (g *sumGame[P]) solve(ctx context.Context, position string, opts Options) (*Result, error) {
	b, ps, err := g.question(ctx, position, opts)
	if err != nil {
		return nil, err
	}
	defer b.done()
	canon := b.Codec.Format(ps)
	if err := checkOutput(canon, opts); err != nil {
		return nil, err
	}
	if err := checkOffset(opts); err != nil {
		return nil, err
	}
	ectx := b.context(ctx)
	q := g.query(b, opts, canon)
	an, err := impartial.Analyze(ectx, b.Game, ps, q)
	var sh *shaped
	if err == nil {
		sh, err = shapeOptions(ectx, b.Game, ps, q, an)
	}
	if err == nil {
		err = countWins(ectx, b.Game, ps, q, an)
	}
	if ferr := b.failure(ctx); ferr != nil {
		return nil, ferr
	}
	if err != nil {
		return nil, g.explain(err, canon, opts)
	}
	res := g.result(ectx, b, ps, canon, an, opts)
	sh.apply(res, opts)
	return res, b.finish(ctx, nil)
}

// checkOutput refuses a position whose answer could not fit the output
// budget even without a single move.
func checkOutput(canon string, opts Options) error {
	if m := opts.Budget.MaxOutput; m > 0 && int64(len(canon)) > m {
		return &impartial.BudgetError{Limit: impartial.LimitOutput, Max: m, What: fmt.Sprintf("the position (%d bytes)", len(canon))}
	}
	return nil
}

// explain adds to an engine error what the question was.
func (g *sumGame[P]) explain(err error, canon string, opts Options) error {
	var be *impartial.BudgetError
	if errors.As(err, &be) && be.What == "" && (be.Limit == impartial.LimitPositions || be.Limit == impartial.LimitMemory || be.Limit == impartial.LimitMoves || be.Limit == impartial.LimitWork) {
		what := "search of " + g.info.Spec + " " + notation.Quote(canon)
		if g.info.Spec == sumSpec {
			what = "search of the sum " + notation.Quote(canon)
		}
		if opts.Misere {
			what = "misère " + what
		}
		be.What = what
	}
	return err
}

// result turns the engine's analysis into the catalog's Result: the value
// and components, the page of moves as it fits the output budget, and the
// notes on what is not listed.
func (g *sumGame[P]) result(ctx context.Context, b *Binding[P], ps []P, canon string, an *impartial.Analysis[P], opts Options) *Result {
	res := &Result{Game: g.info.Spec, Position: canon, Misere: opts.Misere, Outcome: an.Outcome, Value: an.Value, WinningMoves: []Move{}}
	if an.Loopy != nil {
		res.LoopyValue = an.Loopy.String()
	}
	res.Remoteness = an.Remoteness
	if an.Remoteness == nil && an.RemotenessStopped != nil && opts.AllOptions && an.Outcome != impartial.Draw {
		res.RemotenessNote = remotenessNote(an.RemotenessStopped)
	}
	var spans []span
	if b.Codec.spans != nil {
		spans = b.Codec.spans(ps)
		if opts.Misere {
			res.Components = components(spans, nil, nil)
		} else {
			res.Components = components(spans, an.Values, an.LoopyValues)
		}
	} else if len(an.Values) > 1 && valuesFit(an.Values, len(an.Moves), canon, opts) {
		res.ComponentValues = an.Values
	}
	pg := g.page(ctx, b, ps, canon, an, opts, spans, res)
	g.pageNotes(b, ps, an, opts, res, pg)
	return res
}

// listedPage is what page listed: the answer's size so far, whether the
// output budget cut the list, the moves listed, what stopped the listing
// and the length of the page it listed from.
type listedPage struct {
	size    int64
	cut     bool
	listed  int
	stopped error
	len     int
}

// page lists the moves of the page asked (from opts.Offset) into res.
// listLimit estimated the moves' size; here each is measured as it is
// formatted (a move's text may repeat long part sizes), and the list ends
// where the answer would pass the output budget. Formatting a long list
// takes time too: past the deadline (or Ctrl-C) the list ends where it is,
// and the note says so.
func (g *sumGame[P]) page(ctx context.Context, b *Binding[P], ps []P, canon string, an *impartial.Analysis[P], opts Options, spans []span, res *Result) listedPage {
	pg := listedPage{size: int64(len(canon)) + int64(len(res.Game)) + 256}
	page := an.Moves
	if opts.Offset > 0 {
		page = page[min(opts.Offset, len(page)):]
	}
	pg.len = len(page)
	for i, o := range page {
		if i%64 == 63 && ctx.Err() != nil {
			pg.stopped = impartial.ContextError(ctx)
			break
		}
		m := g.move(b, ps, o.Index, o.To)
		if mo := opts.Budget.MaxOutput; mo > 0 {
			pg.size += int64(len(m.To) + len(m.Move) + 32)
			if opts.AllOptions {
				pg.size += 64
			}
			if pg.size > mo {
				pg.cut = true
				break
			}
		}
		pg.listed++
		switch {
		case opts.AllOptions:
			opt := Option{To: m.To, Move: m.Move, Result: resultWord(o.After), Value: o.Value, Remoteness: remoteness(o.Remoteness)}
			if an.Loopy != nil && o.Loopy != nil {
				opt.LoopyValue = o.Loopy.String()
			}
			for k, sp := range spans {
				if sp.from <= o.Index && o.Index < sp.to {
					opt.Component, opt.ComponentTo = k+1, sp.after(o.Index, o.To)
				}
			}
			res.Options = append(res.Options, opt)
		case opts.Target != nil || an.Outcome != impartial.Draw:
			res.WinningMoves = append(res.WinningMoves, m)
		default:
			res.DrawingMoves = append(res.DrawingMoves, m)
		}
	}
	return pg
}

// pageNotes gives res the move count, the next page, the move classes that
// fit what the output budget leaves, and the note on what is not listed.
func (g *sumGame[P]) pageNotes(b *Binding[P], ps []P, an *impartial.Analysis[P], opts Options, res *Result, pg listedPage) {
	listed, stopped, cut := pg.listed, pg.stopped, pg.cut
	if an.Count != int64(listed) {
		n := an.Count
		res.MoveCount = &n
	}
	shown := int64(opts.Offset + listed)
	if stopped == nil && !cut && an.Stopped != nil {
		stopped = an.Stopped
	}
	// A next page starts past this one: when no move could be listed (each
	// too large for the answer), asking again at the same offset would
	// give the same answer.
	if listed > 0 && (an.Count > shown || (an.Count < 0 && stopped == nil && pg.len > listed) ||
		(an.Count < 0 && stopped == nil && !cut && opts.MaxListed > 0 && listed == opts.MaxListed)) {
		next := int(shown)
		res.NextOffset = &next
	}
	room := int64(-1) // no output budget: every class
	if mo := opts.Budget.MaxOutput; mo > 0 {
		room = max(mo-pg.size, 0)
	}
	res.MoveClasses, res.MoveClassCount = g.classes(b, ps, an.Classes, room)
	more := "more"
	if an.Count > shown {
		more = fmt.Sprintf("%d more", an.Count-shown)
	}
	switch {
	case stopped != nil:
		res.MovesNote = "the list stopped early: " + stopped.Error()
	case an.Count >= 0 && an.Count <= shown:
	case !cut && opts.MaxListed > 0 && listed == opts.MaxListed:
		res.MovesNote = fmt.Sprintf("%s not listed (%d asked for)", more, opts.MaxListed)
	default:
		res.MovesNote = fmt.Sprintf("%s not listed: the answer would pass the output budget of %s", more, impartial.FormatBytes(opts.Budget.MaxOutput))
	}
}

// classes gives the engine's move classes as the catalog writes them, each
// with the component it is in (counted from 1: the heap, or the component
// of a sum as written), as many as fit in room bytes (all when room is
// negative), and their number when not all fit.
func (g *sumGame[P]) classes(b *Binding[P], ps []P, cs []impartial.MoveClass, room int64) ([]MoveClass, int) {
	if len(cs) == 0 {
		return nil, 0
	}
	component := func(i int) int { return i + 1 }
	if b.Codec.spans != nil {
		spans := b.Codec.spans(ps)
		component = func(i int) int {
			for k, sp := range spans {
				if sp.from <= i && i < sp.to {
					return k + 1
				}
			}
			return i + 1
		}
	}
	out := make([]MoveClass, 0, len(cs))
	used := int64(0)
	for _, c := range cs {
		if used += int64(len(c.Text)) + 128; room >= 0 && used > room {
			return out, len(cs)
		}
		out = append(out, MoveClass{Component: component(c.Index), Moves: c.Text, From: c.From, To: c.To, Mod: c.Mod, Residue: c.Residue, Count: c.Count})
	}
	return out, 0
}

// components gives the value of each component of a sum of different
// games, as written: the XOR (or Smith's sum) of its parts' values.
func components(spans []span, values []impartial.Nimber, loopies []impartial.LoopyValue) []Component {
	out := make([]Component, len(spans))
	for i, sp := range spans {
		c := Component{Game: sp.game, Position: sp.format()}
		v := impartial.FiniteValue(0)
		known := true
		for j := sp.from; j < sp.to; j++ {
			switch {
			case loopies != nil:
				v = v.Add(loopies[j])
			case values != nil:
				v = v.Add(impartial.FiniteValue(values[j]))
			default:
				known = false
			}
		}
		if known {
			if !v.Inf {
				n := v.N
				c.Value = &n
			}
			if sp.loopy {
				c.LoopyValue = v.String()
			}
		}
		out[i] = c
	}
	return out
}

// remotenessNote says why a position has no remoteness: its game tree
// passed a bound of the ranking search (impartial.Remoteness).
func remotenessNote(be *impartial.BudgetError) string {
	switch be.Limit {
	case impartial.LimitPositions:
		return fmt.Sprintf("not computed: too large (the game tree from this position has more than %d positions)", be.Max)
	case impartial.LimitMoves:
		return fmt.Sprintf("not computed: too large (the game tree from this position has more than %d moves)", be.Max)
	case impartial.LimitMemory:
		return fmt.Sprintf("not computed: too large (the game tree from this position needs more than %s)", impartial.FormatBytes(be.Max))
	}
	return "not computed: " + be.Error()
}

func remoteness(r int) *int {
	if r < 0 {
		return nil
	}
	return &r
}

// resultWord says what a move whose result has outcome after means for the
// player making it.
func resultWord(after impartial.Outcome) string {
	switch after {
	case impartial.P:
		return "win"
	case impartial.N:
		return "lose"
	case impartial.Draw:
		return "draw"
	}
	return ""
}

// moves lists every move from the position, component by component. It
// counts them first and refuses, before formatting any, a list that would
// not fit the output budget.
func (g *sumGame[P]) moves(ctx context.Context, position string, opts Options) ([]Move, error) {
	b, ps, err := g.question(ctx, position, opts)
	if err != nil {
		return nil, err
	}
	defer b.done()
	ectx := b.context(ctx)
	canon := b.Codec.Format(ps)
	limit := opts.Budget.MoveLimit()
	s := impartial.NewSolver(b.Game, impartial.Settings{Budget: opts.Budget})
	opt := make([][]P, len(ps))
	var total int64
	for i, p := range ps {
		qs, err := s.Options(ectx, p)
		if ferr := b.failure(ctx); ferr != nil {
			return nil, ferr
		}
		if err != nil {
			return nil, g.explainMoves(err, len(ps), canon)
		}
		opt[i] = qs
		if total += int64(len(qs)); limit > 0 && total > limit {
			return nil, g.explainMoves(&impartial.BudgetError{Limit: impartial.LimitMoves, Max: limit}, len(ps), canon)
		}
	}
	if m := opts.Budget.MaxOutput; m > 0 && total*int64(len(canon)+moveBytes) > m {
		return nil, g.explainMoves(&impartial.BudgetError{Limit: impartial.LimitOutput, Max: m}, len(ps), canon)
	}
	out := make([]Move, 0, total)
	for i, qs := range opt {
		for _, q := range qs {
			out = append(out, g.move(b, ps, i, q))
		}
	}
	return out, b.finish(ctx, nil)
}

// explainMoves names the list of moves that ran out of budget and how to
// narrow the question.
func (g *sumGame[P]) explainMoves(err error, parts int, canon string) error {
	var be *impartial.BudgetError
	if !errors.As(err, &be) || be.What != "" || be.Limit == impartial.LimitTime || be.Limit == impartial.LimitCanceled {
		return err
	}
	switch {
	case g.info.Spec == sumSpec:
		be.What = "the moves of the sum " + notation.Quote(canon)
	case parts > 1:
		be.What = fmt.Sprintf("the moves of %s %s (%d components)", g.info.Spec, notation.Quote(canon), parts)
	default:
		be.What = fmt.Sprintf("the moves of %s %s", g.info.Spec, notation.Quote(canon))
	}
	be.Hint = "ask for the value and the winning moves instead, or for a smaller position"
	return err
}

// reply returns the perfect player's move (impartial.Reply).
func (g *sumGame[P]) reply(ctx context.Context, position string, opts Options) (Move, bool, error) {
	b, ps, err := g.question(ctx, position, opts)
	if err != nil {
		return Move{}, false, err
	}
	defer b.done()
	canon := b.Codec.Format(ps)
	m, ok, err := impartial.Reply(b.context(ctx), b.Game, ps, g.query(b, opts, canon))
	if ferr := b.failure(ctx); ferr != nil {
		return Move{}, false, ferr
	}
	if err != nil || !ok {
		return Move{}, false, g.explain(err, canon, opts)
	}
	mv := g.move(b, ps, m.Index, m.To)
	return mv, true, b.finish(ctx, nil)
}

func (g *sumGame[P]) move(b *Binding[P], ps []P, i int, to P) Move {
	next := append([]P(nil), ps...)
	next[i] = to
	m := Move{To: b.Codec.Format(next)}
	if b.Codec.Describe != nil {
		m.Move = b.Codec.Describe(ps, i, to)
	}
	return m
}

// heapCodec is the notation of heap games: heap sizes separated by spaces.
var heapCodec = Codec[int]{Parse: games.ParseHeaps, Format: games.FormatHeaps, Describe: describeHeapMove, Board: games.DrawHeaps}

// HeapSpec is the spec of an engine game on single heaps, with positions
// written as heap sizes separated by spaces: a family adds what else it
// knows (a period search, the rules of its heaps) before New.
func HeapSpec(info Info, g impartial.Game[int]) Spec[int] {
	if info.Position == "" {
		info.Position = "heap sizes separated by spaces, e.g. \"3 4 5\""
	}
	return Spec[int]{
		Info: info,
		Bind: func(context.Context, Options) (*Binding[int], error) {
			return &Binding[int]{Game: g, Codec: heapCodec}, nil
		},
		Heap: func(_ impartial.Game[int], n int) (int, error) { return n, nil },
	}
}

// NewHeapGame returns the catalog game for an engine game on single heaps
// (HeapSpec).
func NewHeapGame(info Info, g impartial.Game[int]) *Game { return New(HeapSpec(info, g)) }

// MaxHeap is the largest heap size ParseHeaps accepts.
const MaxHeap = games.MaxHeap

func describeHeapMove(hs []int, i, to int) string {
	if to < hs[i] {
		return fmt.Sprintf("take %d from heap %d", hs[i]-to, i+1)
	}
	return fmt.Sprintf("heap %d: %d → %d", i+1, hs[i], to)
}

package catalog

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

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
}

// binding is an engine game ready for one question: games whose engine
// holds per-question state (a Starlark session, an octal computer, a
// coin-turning table) build one per call.
type binding[P comparable] struct {
	game  impartial.Game[P]
	codec Codec[P]
	// ctx is the context to search under (a Starlark session's, which ends
	// when a rule fails); nil means the caller's.
	ctx context.Context
	// fail reports an error the game recorded while the engine ran (a rule
	// file's); it takes precedence over the engine's own error. May be nil.
	fail func() error
	// close releases the binding. May be nil.
	close func()
}

func (b *binding[P]) err() error {
	if b.fail == nil {
		return nil
	}
	return b.fail()
}

func (b *binding[P]) done() {
	if b.close != nil {
		b.close()
	}
}

// SumGame is the one adapter from an engine game (package impartial) to a
// catalog Game: a position is a sum of components, each a position of the
// engine game, written in the codec's notation, and every question goes
// through impartial.Analyze. It holds no solving policy of its own.
type SumGame[P comparable] struct {
	info  Info
	game  impartial.Game[P]
	codec Codec[P]
	// bind, when set, builds the engine game for each question instead.
	bind func(ctx context.Context, opts Options) (*binding[P], error)
}

// NewSumGame returns the catalog game for g with the given description and
// position codec.
func NewSumGame[P comparable](info Info, g impartial.Game[P], codec Codec[P]) *SumGame[P] {
	return &SumGame[P]{info: present(info), game: g, codec: codec}
}

// newBoundGame returns a catalog game whose engine game is built for each
// question by bind.
func newBoundGame[P comparable](info Info, bind func(ctx context.Context, opts Options) (*binding[P], error)) *SumGame[P] {
	return &SumGame[P]{info: present(info), bind: bind}
}

// Info describes the game.
func (g *SumGame[P]) Info() Info { return g.info }

// Engine returns the engine game the catalog game adapts (nil for games
// whose engine is built per question).
func (g *SumGame[P]) Engine() impartial.Game[P] { return g.game }

func (g *SumGame[P]) open(ctx context.Context, opts Options) (*binding[P], error) {
	if g.bind != nil {
		return g.bind(ctx, opts)
	}
	return &binding[P]{game: g.game, codec: g.codec}, nil
}

// parse reads a position with the binding's codec, naming the game in
// errors.
func (g *SumGame[P]) parse(b *binding[P], position string) ([]P, error) {
	ps, err := b.codec.Parse(position)
	if err != nil {
		return nil, positionError(g.info.Spec, position, err)
	}
	return ps, nil
}

// ParsePosition reads a position as the list of its components.
func (g *SumGame[P]) ParsePosition(position string) ([]P, error) {
	b, err := g.open(context.Background(), Options{})
	if err != nil {
		return nil, err
	}
	defer b.done()
	return g.parse(b, position)
}

// Board draws a position as plain text (Boarder).
func (g *SumGame[P]) Board(position string) (string, error) {
	b, err := g.open(context.Background(), Options{})
	if err != nil {
		return "", err
	}
	defer b.done()
	ps, err := g.parse(b, position)
	if err != nil || b.codec.Board == nil {
		return "", err
	}
	return b.codec.Board(ps), b.err()
}

// Canonical checks a position and writes it in canonical syntax.
func (g *SumGame[P]) Canonical(position string) (string, error) {
	b, err := g.open(context.Background(), Options{})
	if err != nil {
		return "", err
	}
	defer b.done()
	ps, err := g.parse(b, position)
	if err != nil {
		return "", err
	}
	return b.codec.Format(ps), b.err()
}

// query returns the engine's question for opts.
func (g *SumGame[P]) query(b *binding[P], opts Options, canon string) impartial.Query {
	return impartial.Query{
		Misere:     opts.Misere,
		Settings:   impartial.Settings{Budget: opts.Budget, Format: func(p any) string { return b.codec.Format([]P{p.(P)}) }},
		AllOptions: opts.AllOptions,
		Target:     opts.Target,
		MaxListed:  listLimit(opts, canon),
		ValueOnly:  opts.valueOnly,
	}
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

// Solve analyzes a position through impartial.Analyze: its outcome, its
// value where known, and the moves asked for.
func (g *SumGame[P]) Solve(ctx context.Context, position string, opts Options) (*Result, error) {
	b, err := g.open(ctx, opts)
	if err != nil {
		return nil, err
	}
	defer b.done()
	ps, err := g.parse(b, position)
	if err != nil {
		return nil, err
	}
	canon := b.codec.Format(ps)
	if err := checkOutput(canon, opts); err != nil {
		return nil, err
	}
	ectx := ctx
	if b.ctx != nil {
		ectx = b.ctx
	}
	an, err := impartial.Analyze(ectx, b.game, ps, g.query(b, opts, canon))
	if ferr := b.err(); ferr != nil {
		return nil, ferr
	}
	if err != nil {
		return nil, g.explain(err, canon, opts)
	}
	return g.result(ectx, b, ps, canon, an, opts), b.err()
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
func (g *SumGame[P]) explain(err error, canon string, opts Options) error {
	var be *impartial.BudgetError
	if errors.As(err, &be) && be.What == "" && (be.Limit == impartial.LimitPositions || be.Limit == impartial.LimitMemory || be.Limit == impartial.LimitMoves) {
		what := "search of " + g.info.Spec + " " + notation.Quote(canon)
		if opts.Misere {
			what = "misère " + what
		}
		be.What = what
	}
	return err
}

// result turns the engine's analysis into the catalog's Result.
func (g *SumGame[P]) result(ctx context.Context, b *binding[P], ps []P, canon string, an *impartial.Analysis[P], opts Options) *Result {
	res := &Result{Game: g.info.Spec, Position: canon, Misere: opts.Misere, Outcome: an.Outcome, Value: an.Value, WinningMoves: []Move{}}
	if len(an.Values) > 1 && valuesFit(an.Values, len(an.Moves), canon, opts) {
		res.ComponentValues = an.Values
	}
	if an.Loopy != nil {
		res.LoopyValue = an.Loopy.String()
		res.Remoteness = an.Remoteness
		res.loopy = an.Loopy
	}
	// listLimit estimated the moves' size; here each is measured as it is
	// formatted (a move's text may repeat long part sizes), and the list
	// ends where the answer would pass the output budget.
	// Formatting a long list takes time too: past the deadline (or Ctrl-C)
	// the list ends where it is, and the note says so.
	size, cut := int64(len(canon))+int64(len(res.Game))+256, false
	listed := 0
	var stopped error
	for i, o := range an.Moves {
		if i%64 == 63 && ctx.Err() != nil {
			stopped = impartial.ContextError(ctx)
			break
		}
		m := g.move(b, ps, o.Index, o.To)
		if mo := opts.Budget.MaxOutput; mo > 0 {
			size += int64(len(m.To) + len(m.Move) + 32)
			if opts.AllOptions {
				size += 64
			}
			if size > mo {
				cut = true
				break
			}
		}
		listed++
		switch {
		case opts.AllOptions:
			opt := Option{To: m.To, Move: m.Move, Result: resultWord(o.After), Value: o.Value, Remoteness: remoteness(o.Remoteness), loopy: o.Loopy}
			if an.Loopy != nil && o.Loopy != nil {
				opt.LoopyValue = o.Loopy.String()
			}
			res.Options = append(res.Options, opt)
		case opts.Target != nil || an.Outcome != impartial.Draw:
			res.WinningMoves = append(res.WinningMoves, m)
		default:
			res.DrawingMoves = append(res.DrawingMoves, m)
		}
	}
	if an.Count != int64(listed) {
		n := an.Count
		res.MoveCount = &n
	}
	res.MoveClasses = an.Classes
	if mo := opts.Budget.MaxOutput; mo > 0 {
		res.MoveClasses = fitClasses(an.Classes, mo-size)
	}
	more := "more"
	if an.Count > int64(listed) {
		more = fmt.Sprintf("%d more", an.Count-int64(listed))
	}
	if stopped == nil && !cut && an.Stopped != nil {
		stopped = an.Stopped
	}
	switch {
	case stopped != nil:
		res.MovesNote = "the list stopped early: " + stopped.Error()
	case an.Count >= 0 && an.Count <= int64(listed):
	case !cut && opts.MaxListed > 0 && listed == opts.MaxListed:
		res.MovesNote = fmt.Sprintf("%s not listed (at most %d are)", more, opts.MaxListed)
	default:
		res.MovesNote = fmt.Sprintf("%s not listed: the answer would pass the output budget of %s", more, impartial.FormatBytes(opts.Budget.MaxOutput))
	}
	return res
}

// fitClasses shortens a description of move classes ("…; …") to the
// classes that fit in room bytes, saying how many are left out: a heap of
// 2^31 in 0.16 has over 10^5 classes.
func fitClasses(classes string, room int64) string {
	if int64(len(classes)) <= room {
		return classes
	}
	parts := strings.Split(classes, "; ")
	n, used := 0, int64(0)
	for _, p := range parts {
		if used+int64(len(p))+2+64 > room {
			break
		}
		used += int64(len(p)) + 2
		n++
	}
	if n == 0 {
		return fmt.Sprintf("%d classes, too many to describe within the output budget", len(parts))
	}
	return fmt.Sprintf("%s; and %d more classes, not described within the output budget", strings.Join(parts[:n], "; "), len(parts)-n)
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

// Moves lists every move from the position, component by component. It
// counts them first and refuses, before formatting any, a list that would
// not fit the output budget.
func (g *SumGame[P]) Moves(ctx context.Context, position string, opts Options) ([]Move, error) {
	b, err := g.open(ctx, opts)
	if err != nil {
		return nil, err
	}
	defer b.done()
	ps, err := g.parse(b, position)
	if err != nil {
		return nil, err
	}
	ectx := ctx
	if b.ctx != nil {
		ectx = b.ctx
	}
	canon := b.codec.Format(ps)
	limit := opts.Budget.MoveLimit()
	s := impartial.NewSolver(b.game, impartial.Settings{Budget: opts.Budget})
	opt := make([][]P, len(ps))
	var total int64
	for i, p := range ps {
		qs, err := s.Options(ectx, p)
		if ferr := b.err(); ferr != nil {
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
	return out, b.err()
}

// explainMoves names the list of moves that ran out of budget and how to
// narrow the question.
func (g *SumGame[P]) explainMoves(err error, parts int, canon string) error {
	var be *impartial.BudgetError
	if !errors.As(err, &be) || be.What != "" || be.Limit == impartial.LimitTime || be.Limit == impartial.LimitCanceled {
		return err
	}
	be.What = fmt.Sprintf("the moves of %s %s", g.info.Spec, notation.Quote(canon))
	if parts > 1 {
		be.What = fmt.Sprintf("the moves of %s %s (%d components)", g.info.Spec, notation.Quote(canon), parts)
	}
	be.Hint = "ask for the value and the winning moves instead (solve), or for a smaller position"
	return err
}

// Reply returns the perfect player's move (impartial.Reply).
func (g *SumGame[P]) Reply(ctx context.Context, position string, opts Options) (Move, bool, error) {
	b, err := g.open(ctx, opts)
	if err != nil {
		return Move{}, false, err
	}
	defer b.done()
	ps, err := g.parse(b, position)
	if err != nil {
		return Move{}, false, err
	}
	ectx := ctx
	if b.ctx != nil {
		ectx = b.ctx
	}
	canon := b.codec.Format(ps)
	m, ok, err := impartial.Reply(ectx, b.game, ps, g.query(b, opts, canon))
	if ferr := b.err(); ferr != nil {
		return Move{}, false, ferr
	}
	if err != nil || !ok {
		return Move{}, false, g.explain(err, canon, opts)
	}
	return g.move(b, ps, m.Index, m.To), true, b.err()
}

func (g *SumGame[P]) move(b *binding[P], ps []P, i int, to P) Move {
	next := append([]P(nil), ps...)
	next[i] = to
	m := Move{To: b.codec.Format(next)}
	if b.codec.Describe != nil {
		m.Move = b.codec.Describe(ps, i, to)
	}
	return m
}

// HeapSumGame is a SumGame on heaps of tokens: a position is a list of heap
// sizes, and Values lists the nim-sequence.
type HeapSumGame struct {
	*SumGame[int]
}

// heapCodec is the notation of heap games: heap sizes separated by spaces.
var heapCodec = Codec[int]{Parse: games.ParseHeaps, Format: games.FormatHeaps, Describe: describeHeapMove, Board: games.DrawHeaps}

// NewHeapGame returns the catalog game for an engine game on single heaps,
// with positions written as heap sizes separated by spaces.
func NewHeapGame(info Info, g impartial.Game[int]) HeapSumGame {
	info.Heap = true
	if info.Position == "" {
		info.Position = "heap sizes separated by spaces, e.g. \"3 4 5\""
	}
	return HeapSumGame{NewSumGame(info, g, heapCodec)}
}

// Values returns G(0..to), solving heaps in increasing order so that the
// search never goes deep.
func (g HeapSumGame) Values(ctx context.Context, to int, opts Options) (*Sequence, error) {
	if err := CheckSequenceBudget(to, opts.Budget); err != nil {
		return nil, err
	}
	s := impartial.NewSolver(g.game, impartial.Settings{Budget: opts.Budget})
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
		return fmt.Errorf("--to must be at least 0, not %d", to)
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
const MaxHeap = games.MaxHeap

// ParseHeaps reads heap sizes separated by spaces or commas
// (games.ParseHeaps).
func ParseHeaps(s string) ([]int, error) { return games.ParseHeaps(s) }

// FormatHeaps writes heap sizes separated by single spaces.
func FormatHeaps(hs []int) string { return games.FormatHeaps(hs) }

func describeHeapMove(hs []int, i, to int) string {
	if to < hs[i] {
		return fmt.Sprintf("take %d from heap %d", hs[i]-to, i+1)
	}
	return fmt.Sprintf("heap %d: %d → %d", i+1, hs[i], to)
}

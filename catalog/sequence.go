package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/grundy/grundy/checkpoint"
	"github.com/grundy/grundy/impartial"
)

// This file is the one path of every nim-sequence question, the same for
// the CLI (grundy values, period) and the web (/api/values, /api/period):
// StreamValues and Values for G(from..to), ValueTable for the table of a
// two-heap game, Period for a proved period. A game's fast path (an octal
// kernel, a coin-turning table) is used where it has one; otherwise its
// engine game is solved heap by heap under the engine's loop policy
// (impartial.Values).

// Period statuses.
const (
	PeriodProved   = "proved"   // certified forever by the criterion stated
	PeriodObserved = "observed" // seen in the values computed, not proved
	PeriodNone     = "none"     // no period seen
)

// Periodicity says that G(n + Period) = G(n) for every n ≥ Preperiod, with
// Status PeriodProved, PeriodObserved or PeriodNone (then Period and
// Preperiod are 0). ComputedTo is the last heap size computed; Criterion
// states the test applied with its numbers, so that anyone can re-check the
// claim. Its JSON form is what `grundy period --json` prints.
type Periodicity struct {
	// Game is the canonical spec of the game whose sequence it is.
	Game       string `json:"game"`
	Preperiod  int    `json:"preperiod"`
	Period     int    `json:"period"`
	Status     string `json:"status"`
	ComputedTo int    `json:"computed_to"`
	Criterion  string `json:"criterion"`
	// Needs is, for a period observed but not proved, the last heap whose
	// value the proof needs (0 when none applies): a longer search to
	// there may prove it.
	Needs int `json:"needs,omitempty"`
}

// SequenceStats describe how a nim-sequence was computed.
type SequenceStats struct {
	// Kernel names the algorithm used last ("plain", "sparse", "period").
	Kernel string `json:"kernel"`
	// Rare is the number of rare heaps of the sparse-space kernel.
	Rare int `json:"rare,omitempty"`
	// Bytes estimates the memory held by the computation.
	Bytes int64 `json:"bytes"`
}

// ValueRange asks StreamValues for G(From..To).
type ValueRange struct {
	From, To int
	// Known replays, in order, the values G(Start..Start+KnownCount−1)
	// computed earlier (say, read back from a checkpoint) by calling each
	// with every one of them; nil if none. They are emitted like computed
	// values (those from From on).
	KnownCount int
	Known      func(each func(v uint64) error) error
	// Tail, if positive, bounds memory for record runs: the game keeps its
	// first Tail values and a window of the last Tail only (take-and-break
	// games, Info.Periodic; see docs/octal.md). Output is the same.
	Tail int
}

// RangeError reports a bound of a nim-sequence question out of its range:
// What is the bound ("the last heap", "the first heap", "the table size").
type RangeError struct {
	Game     string
	What     string
	Got      int
	Min, Max int
}

func (e *RangeError) Error() string {
	if e.Got < e.Min {
		return fmt.Sprintf("%s: %s must be at least %d, not %d", e.Game, e.What, e.Min, e.Got)
	}
	return fmt.Sprintf("%s: %s must be at most %d, not %d", e.Game, e.What, e.Max, e.Got)
}

// StreamValues emits G(r.From..r.To) of a heap game in order, in chunks
// (the slice is reused after emit returns), and says how they were
// computed (nil when by the engine's search). emit may run on a goroutine
// other than the caller's, one chunk at a time, never after StreamValues
// returns, and never again once it has returned an error. If the run stops
// early (the context, a budget), the values computed so far are emitted
// before the error is returned.
func (g *Game) StreamValues(ctx context.Context, r ValueRange, opts Options, emit func([]impartial.Nimber) error) (*SequenceStats, error) {
	if !g.info.Heap {
		return nil, g.capability("not a heap game: a nim-sequence lists G(n) for games played on heaps or rows")
	}
	return g.e.streamValues(ctx, r, opts, emit)
}

// Values returns G(from..to) of a heap game, with its checksum.
func (g *Game) Values(ctx context.Context, from, to int, opts Options) (*Sequence, error) {
	seq := &Sequence{Game: g.info.Spec, Start: from, Values: []impartial.Nimber{}}
	_, err := g.StreamValues(ctx, ValueRange{From: from, To: to}, opts, func(vs []impartial.Nimber) error {
		seq.Values = append(seq.Values, vs...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	seq.SetChecksum()
	return seq, nil
}

func (g *sumGame[P]) streamValues(ctx context.Context, r ValueRange, opts Options, emit func([]impartial.Nimber) error) (*SequenceStats, error) {
	start, spec := g.info.Start, g.info.Spec
	switch {
	case r.To < start:
		return nil, &RangeError{Game: spec, What: "the last heap", Got: r.To, Min: start, Max: MaxHeap}
	case r.From < start || r.From > r.To:
		return nil, &RangeError{Game: spec, What: "the first heap", Got: r.From, Min: start, Max: r.To}
	case r.To > MaxHeap:
		return nil, &RangeError{Game: spec, What: "the last heap", Got: r.To, Min: start, Max: MaxHeap}
	case r.Tail < 0 || (r.Tail > 0 && !g.info.Periodic):
		return nil, &CapabilityError{Game: spec, Msg: "a tail window is for take-and-break games"}
	}
	if g.spec.Stream != nil {
		return g.spec.Stream(ctx, r, opts, emit)
	}
	b, err := g.bind(ctx, opts)
	if err != nil {
		return nil, err
	}
	defer b.done()
	heap := func(n int) (P, error) { return g.spec.Heap(b.Game, n) }
	out := newChunker(emit)
	known := 0
	if r.Known != nil {
		// Values known from a checkpoint are emitted as they were; the
		// engine recomputes what it needs of them.
		err := r.Known(func(v uint64) error {
			known++
			if start+known-1 < r.From {
				return nil
			}
			return out.put(impartial.Nimber(v))
		})
		if err == nil {
			err = out.flush()
		}
		if err != nil {
			return nil, err
		}
	}
	// The engine holds every value it solves: the budget bounds them all.
	if err := checkSequenceBudget(r.To-start, 8, opts.Budget); err != nil {
		var be *impartial.BudgetError
		if errors.As(err, &be) {
			be.What = fmt.Sprintf("the values G(%d..%d)", start, r.To)
		}
		return nil, err
	}
	from := max(r.From, start+known)
	err = impartial.Values(b.context(ctx), b.Game, heap, start, r.To, impartial.Settings{Budget: opts.Budget}, func(n int, v impartial.Nimber) error {
		if n < from {
			return nil
		}
		return out.put(v)
	})
	if ferr := out.flush(); err == nil {
		err = ferr
	}
	if ferr := b.failure(ctx); ferr != nil {
		return nil, ferr
	}
	var le *impartial.LoopyValueError
	if errors.As(err, &le) {
		return nil, &LoopyHeapError{Game: spec, Heap: le.Index, Value: le.Value}
	}
	return nil, err
}

// LoopyHeapError reports a heap of infinite loopy value in a nim-sequence,
// which lists finite values only.
type LoopyHeapError struct {
	Game  string
	Heap  int
	Value impartial.LoopyValue
}

func (e *LoopyHeapError) Error() string {
	return fmt.Sprintf("%s: heap %d has the loopy value %s (%s), and a nim-sequence lists finite values only", e.Game, e.Heap, e.Value, outcomeWord(e.Value.Outcome()))
}

// checkSequenceBudget refuses, before any work, a sequence of n+1 values
// of the given size that the budget could not hold.
func checkSequenceBudget(n int, bytesPerValue int64, b impartial.Budget) error {
	count := int64(n) + 1
	if b.MaxPositions > 0 && count > b.MaxPositions {
		return &impartial.BudgetError{Limit: impartial.LimitPositions, Max: b.MaxPositions, What: fmt.Sprintf("%d values", count)}
	}
	if b.MaxMemory > 0 && count*bytesPerValue > b.MaxMemory {
		return &impartial.BudgetError{Limit: impartial.LimitMemory, Max: b.MaxMemory, What: fmt.Sprintf("%d values", count)}
	}
	return nil
}

// chunker hands values to emit in chunks.
type chunker struct {
	emit func([]impartial.Nimber) error
	buf  []impartial.Nimber
}

func newChunker(emit func([]impartial.Nimber) error) *chunker {
	return &chunker{emit: emit, buf: make([]impartial.Nimber, 0, 1<<12)}
}

func (c *chunker) put(v impartial.Nimber) error {
	c.buf = append(c.buf, v)
	if len(c.buf) < cap(c.buf) {
		return nil
	}
	return c.flush()
}

func (c *chunker) flush() error {
	if len(c.buf) == 0 {
		return nil
	}
	err := c.emit(c.buf)
	c.buf = c.buf[:0]
	return err
}

// EmitChunks emits vals in chunks, for a Stream that has them all at once.
func EmitChunks(vals []impartial.Nimber, emit func([]impartial.Nimber) error) error {
	for len(vals) > 0 {
		n := min(len(vals), 1<<12)
		if err := emit(vals[:n]); err != nil {
			return err
		}
		vals = vals[n:]
	}
	return nil
}

// Table is a 2-D nim-value table. For a two-heap game Values[a][b] =
// G(a, b); for a game played on a grid of coins (Origin set) Values[i][j]
// is the value of a single head at column Origin[0]+j, row Origin[1]+i:
// rows as the board draws them, labelled by the board's coordinates. Its
// JSON form is what `grundy values GAME --table N --json` prints.
type Table struct {
	Game string `json:"game"`
	Size int    `json:"size"`
	// Origin is, for a grid's table, the column and the row of
	// Values[0][0] (Info.Origin: [1, 0] for ruler*mock-turtles).
	Origin []int                `json:"origin,omitempty"`
	Values [][]impartial.Nimber `json:"values"`
}

// MaxTable is the largest size of a value table.
const MaxTable = 4096

// ValueTable returns the n×n value table of a two-heap game (Info.Table):
// G(a, b) for 0 ≤ a, b < n, solved in increasing order by the engine, or
// by the game's own fast path (a coin grid's, from its factors' sequences
// by the Tartan theorem).
func (g *Game) ValueTable(ctx context.Context, n int, opts Options) (*Table, error) {
	if !g.info.Table {
		return nil, g.capability("no value table: a table is for two-heap games such as wythoff")
	}
	return g.e.valueTable(ctx, n, opts)
}

func (g *sumGame[P]) valueTable(ctx context.Context, n int, opts Options) (*Table, error) {
	if n < 1 || n > MaxTable {
		return nil, &RangeError{Game: g.info.Spec, What: "the table size", Got: n, Min: 1, Max: MaxTable}
	}
	if err := checkSequenceBudget(n*n-1, 8, opts.Budget); err != nil {
		return nil, err
	}
	t := &Table{Game: g.info.Spec, Size: n, Origin: slices.Clone(g.info.Origin)}
	if g.spec.Tabulate != nil {
		vals, err := g.spec.Tabulate(ctx, n, opts)
		if err != nil {
			return nil, err
		}
		t.Values = vals
		return t, nil
	}
	b, err := g.bind(ctx, opts)
	if err != nil {
		return nil, err
	}
	defer b.done()
	t.Values = make([][]impartial.Nimber, n)
	at := func(i int) (P, error) { return g.spec.Cell(i/n, i%n), nil }
	err = impartial.Values(b.context(ctx), b.Game, at, 0, n*n-1, impartial.Settings{Budget: opts.Budget}, func(i int, v impartial.Nimber) error {
		t.Values[i/n] = append(t.Values[i/n], v)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return t, nil
}

// Period searches for the period of the nim-sequence of a heap game up to
// at most heap max, stopping as soon as one is proved, and reports what is
// known (Info.Periodic games).
func (g *Game) Period(ctx context.Context, max int, opts Options) (*Periodicity, error) {
	if !g.info.Periodic {
		return nil, g.capability("no period search: periods are searched and proved for take-and-break games (kayles, octal:0.137, …) and subtraction games")
	}
	p, err := g.e.findPeriod(ctx, max, opts)
	if p != nil {
		p.Game = g.info.Spec
	}
	return p, err
}

func (g *sumGame[P]) findPeriod(ctx context.Context, max int, opts Options) (*Periodicity, error) {
	if max < 1 {
		return nil, &RangeError{Game: g.info.Spec, What: "the last heap", Got: max, Min: 1, Max: MaxHeap}
	}
	return g.spec.Period(ctx, max, opts)
}

// Sequence is a nim-sequence: Values[i] = G(Start + i). Its JSON form is what
// `grundy values --json` prints and /api/values returns.
type Sequence struct {
	Game   string             `json:"game"`
	Start  int                `json:"start"`
	Values []impartial.Nimber `json:"values"`
	// Checksum identifies the values ("sha256:…", see package checkpoint),
	// so that two runs can be compared; set by SetChecksum.
	Checksum string `json:"checksum,omitempty"`
	// Error is set, and Checksum left empty, when a run stopped before
	// G(to): `grundy values --json` then prints the values it had (G(Start)
	// onwards, in order) and the one-line error message, so that its output
	// stays one JSON document and cannot pass for a complete run. (/api/values
	// answers a failed run with an error status and {"error": message}.)
	Error string `json:"error,omitempty"`
}

// SetChecksum sets s.Checksum from s.Values: the SHA-256 of the values as
// 8-byte little-endian words, the checksum `grundy values` prints.
func (s *Sequence) SetChecksum() {
	sum := checkpoint.NewSum()
	for _, v := range s.Values {
		sum.Add(uint64(v))
	}
	s.Checksum = sum.String()
}

// outcomeWord names an outcome in words.
func outcomeWord(o impartial.Outcome) string {
	switch o {
	case impartial.Draw:
		return "a draw"
	case impartial.P:
		return "a P-position"
	}
	return "an N-position"
}

package catalog

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/misere"
	"github.com/grundy/grundy/octal"
)

// namedOctal lists the take-and-break games the catalog names.
var namedOctal = []struct {
	name, code, title, rule string
}{
	{"kayles", "0.77", "Kayles", "knock down one pin or two adjacent pins from a row"},
	{"dawson-kayles", "0.07", "Dawson's Kayles", "knock down two adjacent pins from a row"},
	{"dawson-chess", "0.137", "Dawson's chess", "Dawson's chess on a 3×n board, as the octal game 0.137"},
	{"officers", "0.6", "Officers", "take one token from a heap of at least two, leaving one or two heaps"},
	{"treblecross", "0.007", "Treblecross", "one-dimensional tic-tac-toe with crosses, as the octal game 0.007"},
	{"double-kayles", "0.7777", "Double Kayles", "knock down one to four adjacent pins from a row"},
}

func octalFamily() Family {
	return Family{
		Name:    "octal",
		Syntax:  "octal:CODE",
		Rule:    "take-and-break game of an octal code d0.d1d2… (kayles = octal:0.77)",
		Example: "octal:0.137",
		New: func(args string) (Game, error) {
			c, err := octal.ParseCode(args)
			if err != nil {
				return nil, codeError(err)
			}
			return newOctalGame("octal:"+c.String(), "octal game "+c.String(), octal.New(c), ""), nil
		},
	}
}

func hexFamily() Family {
	return Family{
		Name:    "hex",
		Syntax:  "hex:CODE",
		Rule:    "take-and-break game of a hexadecimal code (bit 8: leave three heaps)",
		Example: "hex:0.8",
		New: func(args string) (Game, error) {
			c, err := octal.ParseHexCode(args)
			if err != nil {
				return nil, codeError(err)
			}
			return newOctalGame("hex:"+c.String(), "hexadecimal game "+c.String(), octal.New(c), ""), nil
		},
	}
}

// namedOctalFamily returns the family of the i-th game of namedOctal.
func namedOctalFamily(i int) Family {
	n := namedOctal[i]
	return Family{
		Name:    n.name,
		Syntax:  n.name,
		Rule:    n.rule + " (octal " + n.code + ")",
		Example: n.name,
		New: func(args string) (Game, error) {
			if err := noArgs(n.name, args); err != nil {
				return nil, err
			}
			c, err := octal.ParseCode(n.code)
			if err != nil {
				panic(err) // the table above is wrong
			}
			return newOctalGame(n.name, n.title+" (octal "+n.code+")", octal.New(c), n.rule+"; whoever cannot move loses."), nil
		},
	}
}

func grundyFamily() Family {
	return Family{
		Name:    "grundy",
		Syntax:  "grundy",
		Rule:    "Grundy's game: split one heap into two unequal heaps",
		Example: "grundy",
		New: func(args string) (Game, error) {
			if err := noArgs("grundy", args); err != nil {
				return nil, err
			}
			return newOctalGame("grundy", "Grundy's game", octal.GrundysGame(),
				"A move splits one heap into two non-empty heaps of different sizes; whoever cannot move loses."), nil
		},
	}
}

// codeError turns a code syntax error into a spec error at the same column.
func codeError(err error) error {
	var se *octal.SyntaxError
	if errors.As(err, &se) {
		return &SpecError{Offset: se.Offset, Msg: se.Msg}
	}
	return &SpecError{Offset: -1, Msg: err.Error()}
}

// OctalGame is the catalog game of a take-and-break game: positions are
// lists of heap sizes; questions go through the analysis path with the
// game's values from the octal package's kernels (octal.Valued: the value of
// a position is the XOR of the heaps' values, huge heaps answered by a
// proved period), misère play by the game's misère quotient where one
// covers the heaps (misere.OctalValued) and otherwise by the engine's search
// of the real game.
type OctalGame struct {
	*SumGame[octal.Parts]
	game octal.Game
}

var (
	_ HeapGame      = (*OctalGame)(nil)
	_ Periodic      = (*OctalGame)(nil)
	_ RangeStreamer = (*OctalGame)(nil)
)

func newOctalGame(spec, name string, g octal.Game, rule string) *OctalGame {
	if rule == "" {
		rule = describeCode(g)
	}
	info := Info{
		Spec:     spec,
		Name:     name,
		Rule:     rule,
		Position: "heap sizes separated by spaces, e.g. \"5 7\"",
		Example:  "5 7",
		Heap:     true,
	}
	codec := octalCodec
	if spec == "kayles" || spec == "dawson-kayles" {
		// Played on rows of pins: a heap is a row.
		codec.Board = func(ps []octal.Parts) string { return games.DrawPins(octalSizes(ps)) }
	}
	return &OctalGame{game: g, SumGame: newBoundGame(info, func(context.Context, Options) (*binding[octal.Parts], error) {
		return &binding[octal.Parts]{game: misere.NewOctalValued(g), codec: codec}, nil
	})}
}

// octalSizes lists the non-empty heaps of a position.
func octalSizes(ps []octal.Parts) []int {
	var nz []int
	for _, p := range ps {
		nz = append(nz, p.Sizes()...)
	}
	return nz
}

// octalCodec writes take-and-break positions as heap sizes, empty heaps
// left out ("0" when none is left).
var octalCodec = Codec[octal.Parts]{
	Parse: func(s string) ([]octal.Parts, error) {
		hs, err := games.ParseHeaps(s)
		if err != nil {
			return nil, err
		}
		ps := make([]octal.Parts, len(hs))
		for i, h := range hs {
			ps[i], _ = octal.PartsOf(h)
		}
		return ps, nil
	},
	Format: func(ps []octal.Parts) string {
		nz := octalSizes(ps)
		if len(nz) == 0 {
			return "0"
		}
		return games.FormatHeaps(nz)
	},
	Board: func(ps []octal.Parts) string { return games.DrawHeaps(octalSizes(ps)) },
	Describe: func(ps []octal.Parts, i int, to octal.Parts) string {
		h := int(ps[i][0])
		parts := to.Sizes()
		k := h
		for _, p := range parts {
			k -= p
		}
		desc := octal.DescribeMove(h, k, parts)
		if len(ps) > 1 {
			desc = fmt.Sprintf("heap %d: %s", i+1, desc)
		}
		return desc
	},
}

// describeCode states the moves of a code in words.
func describeCode(g octal.Game) string {
	c, ok := g.Code()
	if !ok {
		return g.String()
	}
	var parts []string
	for k, d := range c.Digits {
		var what []string
		if d&1 != 0 && k > 0 {
			what = append(what, "a whole heap")
		}
		if d&2 != 0 && k > 0 {
			what = append(what, "from a larger heap, leaving one heap")
		}
		if d&4 != 0 {
			what = append(what, "leaving two heaps")
		}
		if d&8 != 0 {
			what = append(what, "leaving three heaps")
		}
		if len(what) > 0 {
			parts = append(parts, fmt.Sprintf("remove %d (%s)", k, strings.Join(what, "; ")))
		}
	}
	if len(parts) == 0 {
		return "No move is possible."
	}
	return "A move may " + strings.Join(parts, ", or ") + "; heaps left are non-empty; whoever cannot move loses."
}

// Octal returns the take-and-break game.
func (g *OctalGame) Octal() octal.Game { return g.game }

// checkOctalBudget refuses a sequence of to+1 values the budget cannot hold
// (two bytes a value: octal kernels store uint16).
func checkOctalBudget(to int, b impartial.Budget) error { return checkSequenceBudget(to, 2, b) }

func budgetErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, context.DeadlineExceeded):
		return &impartial.BudgetError{Limit: impartial.LimitTime, Err: err}
	case errors.Is(err, context.Canceled):
		return &impartial.BudgetError{Limit: impartial.LimitCanceled, Err: err}
	}
	return err
}

// Values returns G(0..to).
func (g *OctalGame) Values(ctx context.Context, to int, opts Options) (*Sequence, error) {
	seq := &Sequence{Game: g.info.Spec}
	_, err := g.StreamValues(ctx, to, nil, opts, func(vs []impartial.Nimber) error {
		seq.Values = append(seq.Values, vs...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return seq, nil
}

// StreamValues computes G(len(known)..to) and emits them in chunks.
func (g *OctalGame) StreamValues(ctx context.Context, to int, known []impartial.Nimber, opts Options, emit func([]impartial.Nimber) error) (*SequenceStats, error) {
	r := ValueRange{From: len(known), To: to, KnownCount: len(known)}
	if len(known) > 0 {
		r.Known = func(each func(uint64) error) error {
			for _, v := range known {
				if err := each(uint64(v)); err != nil {
					return err
				}
			}
			return nil
		}
	}
	return g.StreamRange(ctx, r, opts, emit)
}

// octalChunk is how many values StreamRange emits at a time.
const octalChunk = 1 << 14

// StreamRange emits G(r.From..r.To) in order, in chunks. Values the proved
// period gives (see octal.Computer.ProvedPeriod) are not computed: once a
// period is proved, any heap up to catalog.MaxHeap is valued from it, and
// the heaps before r.From are skipped. The values are held two bytes each
// (the budget's memory limit bounds them; its position limit does not
// apply, --to is the explicit request), or in tail mode (r.Tail) the first
// r.Tail values and a window of the last r.Tail only. If the run stops
// (context, budget), the values computed so far are emitted before the
// error is returned.
func (g *OctalGame) StreamRange(ctx context.Context, r ValueRange, opts Options, emit func([]impartial.Nimber) error) (*SequenceStats, error) {
	if r.From < 0 || r.To < r.From-1 {
		return nil, fmt.Errorf("%s: bad range %d..%d", g.info.Spec, r.From, r.To)
	}
	if r.To > MaxHeap {
		return nil, fmt.Errorf("%s: --to %d is too large (at most %d)", g.info.Spec, r.To, MaxHeap)
	}
	c := octal.NewComputer(g.game, octal.Auto)
	c.SetParallel(runtime.GOMAXPROCS(0) > 1)
	chunk := octalChunk
	if r.Tail > 0 {
		if err := checkSequenceBudget(4*r.Tail, 1, impartial.Budget{MaxMemory: opts.Budget.MaxMemory}); err != nil {
			return nil, err
		}
		if err := c.SetTail(r.Tail, r.Tail); err != nil {
			return nil, err
		}
		chunk = min(chunk, max(r.Tail/2, 512))
	}
	// Printing overlaps computing (emitter); wait makes sure its goroutine
	// is over whatever way this returns.
	em := newEmitter(emit, chunk)
	defer em.wait()
	flush := em.flush
	put := func(n int, v uint32) error {
		if n < r.From || n > r.To {
			return nil
		}
		return em.put(impartial.Nimber(v))
	}
	// Values known from a checkpoint: load them as if computed, and emit.
	if r.Known != nil {
		load := make([]uint32, 0, chunk)
		n := 1 // G(0) is known to the computer
		first := true
		err := r.Known(func(v uint64) error {
			if first { // G(0) = 0 for every game: the computer has it
				first = false
				return put(0, 0)
			}
			if v >= 1<<30 {
				return fmt.Errorf("%s: known value %d out of range", g.info.Spec, v)
			}
			load = append(load, uint32(v))
			if err := put(n, uint32(v)); err != nil {
				return err
			}
			n++
			if len(load) == cap(load) {
				err := c.Load(load)
				load = load[:0]
				return err
			}
			return nil
		})
		if err == nil {
			err = c.Load(load)
		}
		if err != nil {
			return nil, err
		}
	}
	next := 0 // the next heap to emit or skip
	if r.Known != nil {
		next = c.Len()
	}
	checked := false
	for next <= r.To {
		if _, _, ok := c.ProvedPeriod(); ok {
			// Everything from here on comes from the period.
			if next < r.From {
				next = r.From
			}
			for ; next <= r.To; next++ {
				v, ok := c.ValueAt(next)
				if !ok {
					return nil, fmt.Errorf("%s: G(%d) is not held (the period is longer than the tail window)", g.info.Spec, next)
				}
				if err := put(next, v); err != nil {
					return nil, err
				}
				if next&(1<<16-1) == 0 {
					if err := ctx.Err(); err != nil {
						flush()
						return nil, budgetErr(err)
					}
				}
			}
			break
		}
		end := min(r.To, c.Len()+chunk-1)
		if r.Tail == 0 {
			// The values held count against the budget; those a period
			// gives do not. Once the first chunk shows no period, the
			// whole range is checked at once.
			need := end
			if checked = checked || c.Len() > 1; checked {
				need = r.To
			}
			if need > octal.MaxHeap {
				if err := flush(); err != nil {
					return nil, err
				}
				return nil, fmt.Errorf("%s: heap %d is too large: no period proved up to %d, and values are held up to %d only (--tail bounds memory)", g.info.Spec, need, c.Len()-1, octal.MaxHeap)
			}
			if err := checkOctalBudget(need, opts.Budget); err != nil {
				if ferr := flush(); ferr != nil {
					return nil, ferr
				}
				return nil, err
			}
			if checked {
				c.Reserve(need + 1)
			}
		}
		err := c.Extend(ctx, end)
		// Emit what was computed, even if the run stopped.
		for ; next < c.Len(); next++ {
			if perr := put(next, c.At(next)); perr != nil {
				return nil, perr
			}
		}
		if err != nil {
			if ferr := flush(); ferr != nil {
				return nil, ferr
			}
			var te *octal.TailError
			if errors.As(err, &te) {
				return nil, fmt.Errorf("%w (--tail %d is too small for this run)", err, r.Tail)
			}
			return nil, budgetErr(err)
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	st := c.Stats()
	return &SequenceStats{Kernel: st.Kernel, Rare: st.Rare, Bytes: st.Bytes}, nil
}

// Period searches for the period of the nim-sequence up to max.
//
// --max is the explicit request: the position budget does not apply, the
// memory budget does (two bytes a value).
func (g *OctalGame) Period(ctx context.Context, max int, opts Options) (*Periodicity, error) {
	if err := checkSequenceBudget(max, 2, impartial.Budget{MaxMemory: opts.Budget.MaxMemory}); err != nil {
		return nil, fmt.Errorf("%s: a period search to %d holds %d values, more than --max-memory allows (2 bytes a value): %w", g.info.Spec, max, max+1, err)
	}
	if max > octal.MaxHeap {
		return nil, fmt.Errorf("%s: --to %d is too large (at most %d)", g.info.Spec, max, octal.MaxHeap)
	}
	c := octal.NewComputer(g.game, octal.Auto)
	c.SetParallel(runtime.GOMAXPROCS(0) > 1)
	res, err := c.FindPeriod(ctx, max)
	if err != nil {
		return nil, budgetErr(err)
	}
	return &Periodicity{Preperiod: res.Preperiod, Period: res.Period, Status: string(res.Status), ComputedTo: res.ComputedTo, Criterion: res.Criterion}, nil
}

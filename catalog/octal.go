package catalog

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"

	"github.com/grundy/grundy/impartial"
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
// lists of heap sizes; values come from the octal package's kernels (the
// value of a position is the XOR of the heaps' values), misère play from
// the engine's exhaustive search.
type OctalGame struct {
	info Info
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
	return &OctalGame{info: Info{
		Spec:     spec,
		Name:     name,
		Rule:     rule,
		Position: "heap sizes separated by spaces, e.g. \"5 7\"",
		Example:  "5 7",
		Heap:     true,
	}, game: g}
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

// Info describes the game.
func (g *OctalGame) Info() Info { return g.info }

// Octal returns the take-and-break game.
func (g *OctalGame) Octal() octal.Game { return g.game }

func (g *OctalGame) parse(position string) ([]int, error) {
	hs, err := ParseHeaps(position)
	if pe, ok := err.(*PositionError); ok {
		pe.Game, pe.Position = g.info.Spec, position
	}
	if err != nil {
		return nil, err
	}
	return hs, nil
}

// Canonical checks a position and writes it in canonical syntax.
func (g *OctalGame) Canonical(position string) (string, error) {
	hs, err := g.parse(position)
	if err != nil {
		return "", err
	}
	return formatOctal(hs), nil
}

func formatOctal(hs []int) string {
	var nz []int
	for _, h := range hs {
		if h > 0 {
			nz = append(nz, h)
		}
	}
	if len(nz) == 0 {
		return "0"
	}
	return FormatHeaps(nz)
}

// values returns a computer holding G(0..max(hs)), or able to give them by
// a proved period, within the budget.
func (g *OctalGame) values(ctx context.Context, hs []int, b impartial.Budget) (*octal.Computer, error) {
	top := 0
	for _, h := range hs {
		top = max(top, h)
	}
	c := octal.NewComputer(g.game, octal.Auto)
	if err := c.Extend(ctx, min(top, 1<<14)); err != nil {
		return nil, budgetErr(err)
	}
	if _, _, ok := c.ProvedPeriod(); ok || top < c.Len() {
		return c, nil
	}
	if top > octal.MaxHeap {
		return nil, fmt.Errorf("catalog: %s: heap %d is too large: no proved period, and values are computed up to %d only", g.info.Spec, top, octal.MaxHeap)
	}
	if err := checkOctalBudget(top, b); err != nil {
		return nil, err
	}
	return c, budgetErr(c.Extend(ctx, top))
}

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

// Solve analyzes a position. Under normal play its value is the XOR of the
// heaps' values and a winning move changes one heap h to an option of value
// G(h) XOR total. Misère play is searched exhaustively by the engine, within
// the budget.
func (g *OctalGame) Solve(ctx context.Context, position string, opts Options) (*Result, error) {
	hs, err := g.parse(position)
	if err != nil {
		return nil, err
	}
	if opts.Misere {
		return g.solveMisere(ctx, hs, opts)
	}
	c, err := g.values(ctx, hs, opts.Budget)
	if err != nil {
		return nil, err
	}
	res := &Result{Game: g.info.Spec, Position: formatOctal(hs), WinningMoves: []Move{}}
	var total uint32
	for _, h := range hs {
		v, _ := c.ValueAt(h)
		total ^= v
	}
	val := impartial.Nimber(total)
	res.Value, res.Outcome = &val, impartial.OutcomeOf(val)
	if total == 0 {
		return res, nil
	}
	count := int64(0)
	for i, h := range hs {
		if i > 0 && slices.Contains(hs[:i], h) {
			// Same heap size as an earlier heap: the same moves, listed
			// again for this heap.
		}
		vh, _ := c.ValueAt(h)
		want := vh ^ total
		var stop error
		g.game.Options(h, func(k int, parts []int) bool {
			if count++; opts.Budget.MaxPositions > 0 && count > opts.Budget.MaxPositions {
				stop = &impartial.BudgetError{Limit: impartial.LimitPositions, Max: opts.Budget.MaxPositions, Counted: "moves"}
				return false
			}
			if count%4096 == 0 && ctx.Err() != nil {
				stop = budgetErr(ctx.Err())
				return false
			}
			var v uint32
			for _, p := range parts {
				x, _ := c.ValueAt(p)
				v ^= x
			}
			if v == want {
				res.WinningMoves = append(res.WinningMoves, g.move(hs, i, k, parts))
			}
			return true
		})
		if stop != nil {
			return nil, stop
		}
	}
	return res, nil
}

func (g *OctalGame) move(hs []int, i, k int, parts []int) Move {
	next := slices.Concat(hs[:i], parts, hs[i+1:])
	desc := octal.DescribeMove(hs[i], k, parts)
	if len(hs) > 1 {
		desc = fmt.Sprintf("heap %d: %s", i+1, desc)
	}
	return Move{To: formatOctal(next), Move: desc}
}

// maxMisereHeap bounds the heaps of a misère search (the budget bounds
// the search itself).
const maxMisereHeap = 1 << 16

func (g *OctalGame) solveMisere(ctx context.Context, hs []int, opts Options) (*Result, error) {
	eng := octal.Engine{Game: g.game}
	ps := make([]octal.Heaps, len(hs))
	for i, h := range hs {
		if h > maxMisereHeap {
			return nil, fmt.Errorf("catalog: misère %s has no closed form here and heap %d is too large for exact search (at most %d)", g.info.Spec, h, maxMisereHeap)
		}
		ps[i], _ = octal.HeapsOf(h)
	}
	s := impartial.NewMisereSolver[octal.Heaps](eng, impartial.Settings{Budget: opts.Budget})
	res := &Result{Game: g.info.Spec, Position: formatOctal(hs), Misere: true, WinningMoves: []Move{}}
	tooLarge := func(err error) error {
		var be *impartial.BudgetError
		if errors.As(err, &be) && (be.Limit == impartial.LimitPositions || be.Limit == impartial.LimitMemory) {
			return fmt.Errorf("catalog: misère %s has no closed form here and position %s is too large for exact search: %w", g.info.Spec, res.Position, err)
		}
		return err
	}
	o, err := s.Outcome(ctx, ps...)
	if err != nil {
		return nil, tooLarge(err)
	}
	res.Outcome = o
	moves, err := s.WinningMoves(ctx, ps...)
	if err != nil {
		return nil, tooLarge(err)
	}
	for _, m := range moves {
		parts := m.To.Sizes()
		k := hs[m.Index]
		for _, p := range parts {
			k -= p
		}
		res.WinningMoves = append(res.WinningMoves, g.move(hs, m.Index, k, parts))
	}
	return res, nil
}

// Moves lists every move from the position, heap by heap, within the
// position budget.
func (g *OctalGame) Moves(ctx context.Context, position string, opts Options) ([]Move, error) {
	hs, err := g.parse(position)
	if err != nil {
		return nil, err
	}
	var out []Move
	var stop error
	for i, h := range hs {
		g.game.Options(h, func(k int, parts []int) bool {
			if opts.Budget.MaxPositions > 0 && int64(len(out)) >= opts.Budget.MaxPositions {
				stop = &impartial.BudgetError{Limit: impartial.LimitPositions, Max: opts.Budget.MaxPositions, Counted: "moves"}
				return false
			}
			if len(out)%4096 == 4095 && ctx.Err() != nil {
				stop = budgetErr(ctx.Err())
				return false
			}
			out = append(out, g.move(hs, i, k, parts))
			return true
		})
		if stop != nil {
			return nil, stop
		}
	}
	return out, nil
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
		return nil, fmt.Errorf("catalog: %s: bad range %d..%d", g.info.Spec, r.From, r.To)
	}
	if r.To > MaxHeap {
		return nil, fmt.Errorf("catalog: %s: --to %d is too large (at most %d)", g.info.Spec, r.To, MaxHeap)
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
	buf := make([]impartial.Nimber, 0, chunk)
	flush := func() error {
		if len(buf) == 0 {
			return nil
		}
		err := emit(buf)
		buf = buf[:0]
		return err
	}
	put := func(n int, v uint32) error {
		if n < r.From || n > r.To {
			return nil
		}
		buf = append(buf, impartial.Nimber(v))
		if len(buf) == cap(buf) {
			return flush()
		}
		return nil
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
				return fmt.Errorf("catalog: %s: known value %d out of range", g.info.Spec, v)
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
					return nil, fmt.Errorf("catalog: %s: G(%d) is not held (the period is longer than the tail window)", g.info.Spec, next)
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
				return nil, fmt.Errorf("catalog: %s: heap %d is too large: no period proved up to %d, and values are held up to %d only (--tail bounds memory)", g.info.Spec, need, c.Len()-1, octal.MaxHeap)
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
		return nil, fmt.Errorf("catalog: %s: a period search to %d holds %d values, more than --max-memory allows (2 bytes a value): %w", g.info.Spec, max, max+1, err)
	}
	if max > octal.MaxHeap {
		return nil, fmt.Errorf("catalog: %s: --max %d is too large (at most %d)", g.info.Spec, max, octal.MaxHeap)
	}
	c := octal.NewComputer(g.game, octal.Auto)
	c.SetParallel(runtime.GOMAXPROCS(0) > 1)
	res, err := c.FindPeriod(ctx, max)
	if err != nil {
		return nil, budgetErr(err)
	}
	return &Periodicity{Preperiod: res.Preperiod, Period: res.Period, Status: string(res.Status), ComputedTo: res.ComputedTo, Criterion: res.Criterion}, nil
}

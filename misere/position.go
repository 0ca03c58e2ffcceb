package misere

import (
	"context"
	"fmt"
	"strings"
	"unsafe"

	"github.com/grundy/grundy/impartial"
)

// Calculator computes the misère canonical forms of the positions of one
// game: a position's form is built from its options' forms, a sum's as the
// sum of its components' forms (when the game is an impartial.Splitter).
// Forms and positions are memoized across calls.
//
// A Calculator is not safe for concurrent use.
type Calculator[P comparable] struct {
	game     impartial.Game[P]
	split    impartial.Splitter[P]
	settings impartial.Settings
	store    *Store
	format   func(P) string
	memo     map[P]int32 // atomic position → form id; onStack while open
	steps    int
	held     int64 // options listed, for the budget
	ctx      context.Context
}

const onStack int32 = -1

// NewCalculator returns a calculator for g. Only g's Moves method is used,
// and its Components method if it has one; settings.Budget bounds the
// positions memoized plus the forms built, and the memory they hold.
func NewCalculator[P comparable](g impartial.Game[P], settings impartial.Settings) *Calculator[P] {
	c := &Calculator[P]{game: g, settings: settings, format: formatter[P](settings), memo: map[P]int32{}}
	c.split, _ = g.(impartial.Splitter[P])
	c.store = NewStore(int(min(settings.Budget.MaxPositions, 1<<40)))
	c.store.poll = c.poll
	return c
}

// Store returns the store holding the forms the calculator builds.
func (c *Calculator[P]) Store() *Store { return c.store }

// Form returns the misère canonical form of the sum of the given positions.
func (c *Calculator[P]) Form(ctx context.Context, ps ...P) (Form, error) {
	c.ctx = ctx
	sum := int32(0)
	for _, p := range ps {
		id, err := c.form(ctx, p)
		if err != nil {
			return Form{}, err
		}
		if sum, err = c.store.add(sum, id); err != nil {
			return Form{}, err
		}
	}
	return Form{c.store, sum}, nil
}

// Genus returns the genus of the sum of the given positions.
func (c *Calculator[P]) Genus(ctx context.Context, ps ...P) (Genus, error) {
	f, err := c.Form(ctx, ps...)
	if err != nil {
		return Genus{}, err
	}
	return f.Genus(), nil
}

// form returns the form of p, split into components when the game splits.
func (c *Calculator[P]) form(ctx context.Context, p P) (int32, error) {
	if c.split == nil {
		return c.atom(ctx, p)
	}
	sum := int32(0)
	for _, q := range components(c.split, p, nil) {
		id, err := c.atom(ctx, q)
		if err != nil {
			return 0, err
		}
		if sum, err = c.store.add(sum, id); err != nil {
			return 0, err
		}
	}
	return sum, nil
}

type cframe[P comparable] struct {
	p    P
	opts []P
	k    int
	ids  []int32
}

// atom computes the form of an atomic position depth first with an
// explicit stack, so that long chains of moves do not exhaust the Go stack.
func (c *Calculator[P]) atom(ctx context.Context, root P) (int32, error) {
	if id, ok := c.memo[root]; ok && id != onStack {
		return id, nil
	}
	var stack []cframe[P]
	push := func(p P) error {
		if err := c.step(ctx); err != nil {
			return err
		}
		var opts []P
		c.game.Moves(p, func(q P) bool { opts = append(opts, q); return true })
		c.held += int64(len(opts))
		c.memo[p] = onStack
		stack = append(stack, cframe[P]{p: p, opts: opts, ids: make([]int32, 0, len(opts))})
		return nil
	}
	fail := func(err error) (int32, error) {
		for _, f := range stack {
			delete(c.memo, f.p)
		}
		return 0, err
	}
	c.ctx = ctx
	if err := push(root); err != nil {
		return fail(err)
	}
	for {
		f := &stack[len(stack)-1]
		if f.k == len(f.opts) {
			id, err := c.store.make(normalize(f.ids))
			if err != nil {
				return fail(err)
			}
			c.memo[f.p] = id
			c.held -= int64(len(f.opts))
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return id, nil
			}
			continue // the parent looks at its option again, now known
		}
		q := f.opts[f.k]
		// An option is a sum of components: the atoms not yet known are
		// solved first, then the option's form is their sum.
		parts := components(c.split, q, nil)
		pending := false
		for _, x := range parts {
			id, ok := c.memo[x]
			if ok && id == onStack {
				return fail(cycleError(stack, func(f cframe[P]) P { return f.p }, x, c.format))
			}
			if !ok {
				if err := push(x); err != nil {
					return fail(err)
				}
				pending = true
				break
			}
		}
		if pending {
			continue
		}
		sum := int32(0)
		for _, x := range parts {
			var err error
			if sum, err = c.store.add(sum, c.memo[x]); err != nil {
				return fail(err)
			}
		}
		f.ids = append(f.ids, sum)
		f.k++
	}
}

func (c *Calculator[P]) step(ctx context.Context) error {
	c.steps++
	if c.steps%1024 == 0 {
		if err := ctxError(ctx); err != nil {
			return err
		}
	}
	b := c.settings.Budget
	if b.MaxPositions > 0 && int64(len(c.memo)+c.store.Len())+c.held >= b.MaxPositions {
		return &impartial.BudgetError{Limit: impartial.LimitPositions, Max: b.MaxPositions}
	}
	if b.MaxMemory > 0 && c.memory() > b.MaxMemory {
		return &impartial.BudgetError{Limit: impartial.LimitMemory, Max: b.MaxMemory}
	}
	return nil
}

// memory estimates the bytes held: memoized positions, forms with their
// options, memoized sums, options listed on the stack.
func (c *Calculator[P]) memory() int64 {
	var zero P
	return int64(len(c.memo))*int64(unsafe.Sizeof(zero)+16) + c.store.Bytes() + c.held*int64(unsafe.Sizeof(zero)+8)
}

// poll is called by the store every so many forms built (a sum of two large
// forms builds many): it checks the context and the memory budget.
func (c *Calculator[P]) poll() error {
	if c.ctx != nil {
		if err := ctxError(c.ctx); err != nil {
			return err
		}
	}
	if b := c.settings.Budget; b.MaxMemory > 0 && c.memory() > b.MaxMemory {
		return &impartial.BudgetError{Limit: impartial.LimitMemory, Max: b.MaxMemory}
	}
	return nil
}

// ctxError returns the budget error for a done context (its cause: a
// deadline, the memory governor, an interrupt), nil otherwise.
func ctxError(ctx context.Context) error { return impartial.ContextError(ctx) }

// components appends the components of p to buf: p split by s, or p
// itself when the game does not split (s nil).
func components[P comparable](s impartial.Splitter[P], p P, buf []P) []P {
	if s == nil {
		return append(buf, p)
	}
	s.Components(p, func(c P) bool { buf = append(buf, c); return true })
	return buf
}

// cycleError is the *impartial.CycleError of a move into to, which is
// open on the stack of a depth-first search (at(f) is the position of
// frame f, the root first): the cycle runs from to's place on the stack
// to its top, each position written by format.
func cycleError[F any, P comparable](stack []F, at func(F) P, to P, format func(P) string) error {
	start := 0
	for i, f := range stack {
		if at(f) == to {
			start = i
		}
	}
	e := &impartial.CycleError{}
	for _, f := range stack[start:] {
		e.Cycle = append(e.Cycle, format(at(f)))
	}
	return e
}

// formatter writes positions in error messages: settings.Format, or
// fmt.Sprint trimmed.
func formatter[P any](settings impartial.Settings) func(P) string {
	return func(p P) string {
		if settings.Format != nil {
			return settings.Format(p)
		}
		return strings.TrimSpace(fmt.Sprint(p))
	}
}

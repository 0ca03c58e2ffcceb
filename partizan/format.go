package partizan

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy/grundy/impartial"
)

// Format writes g in CGSuite's plain-text notation, as CGSuite prints it:
// numbers 3, -1/2; nimbers *, *2; up multiples ^, v, ^^, vv, ^3, v3;
// Conway's powers of up ^<n>, v<n> and their sums ^[n], v[n]; a number and
// an infinitesimal written together (3/4v[3]*, -1^^); switches +-1,
// +-{3|1}, +-(1*); Tiny(x) = {0||0|-x} and Miny(x) with their numbers
// (2Tiny(2)); and otherwise braces with CGSuite's slashes ({3||2|1}),
// options in CGSuite's order (numbers, nimbers, uptimals, then the rest).
// Parse reads all of it back.
func Format(g Game) string {
	s, _ := FormatMax(g, 0)
	return s
}

// FormatMax is Format with the output bounded to max bytes (0: no bound):
// ok = false and a cut string when g's form is longer (a canonical form can
// be exponentially longer than the store's record of it).
func FormatMax(g Game, max int) (string, bool) {
	s, ok, _ := FormatContext(context.Background(), g, max)
	return s, ok
}

// FormatContext is FormatMax under ctx: a form whose writing outlasts ctx
// (a canonical form of exponential size, ordered for printing) stops with
// ctx's error (a *impartial.BudgetError of the time limit or the
// cancellation) instead of running on.
func FormatContext(ctx context.Context, g Game, max int) (string, bool, error) {
	s, ok, _, err := formatWork(ctx, g, max, 0)
	return s, ok, err
}

// Format is FormatContext under c's context and c's work budget: the
// formatter's work counts in c's (Work), and a form whose ordering for
// printing passes what is left of MaxWork stops with c's work limit, so
// that a question and the writing of its answer stop at one budget.
func (c *Calc) Format(g Game, max int) (string, bool, error) {
	var left int64
	if m := c.b.MaxWork; m > 0 {
		if err := c.workLeft(); err != nil {
			return "", false, err
		}
		if left = m - int64(c.work); left == 0 {
			// not a unit left (and 0 would be no bound)
			c.work++
			return "", false, c.workLeft()
		}
	}
	s, ok, work, err := formatWork(c.ctx, g, max, left)
	c.work += work
	if impartial.LimitOf(err) == impartial.LimitWork {
		err = c.workLeft()
	}
	return s, ok, err
}

// formatWork is FormatContext within maxWork units of work (0: no bound),
// with the work it took.
func formatWork(ctx context.Context, g Game, max int, maxWork int64) (string, bool, uint64, error) {
	if g.s == nil {
		// an immediate needs no store
		x, k, m, _ := g.NUSParts()
		u := Uptimal{X: x, Nim: m}
		if k != 0 {
			u.Coef = []int64{k}
		}
		f := &formatter{b: &strings.Builder{}}
		f.writeUptimal(u, false)
		return f.b.String(), true, 0, nil
	}
	f := newFormatter(max, false)
	c := g.s.Calc(ctx, impartial.Budget{MaxPositions: 1 << 20, MaxMemory: 256 << 20, MaxWork: maxWork})
	f.c = c
	// stopped is the stop of the context or the work budget, if any
	stopped := func() error {
		if err := c.workLeft(); err != nil {
			return err
		}
		return c.canceled()
	}
	err := c.run(func() { f.write(g.id, true, false) })
	if err != nil {
		if errors.Is(err, errTooLong) {
			return f.b.String(), false, c.work, nil
		}
		if err := stopped(); err != nil {
			return "", false, c.work, err
		}
		// the store refused to make what the notation needed: plain braces
		f2 := newFormatter(max, true)
		f2.c = c
		if err := c.run(func() { f2.write(g.id, true, false) }); err != nil {
			if err := stopped(); err != nil {
				return "", false, c.work, err
			}
			return f2.b.String(), false, c.work, nil
		}
		return f2.b.String(), true, c.work, nil
	}
	return f.b.String(), true, c.work, nil
}

func newFormatter(max int, plain bool) *formatter {
	return &formatter{max: max, plain: plain, upt: map[gid]*Uptimal{}, b: &strings.Builder{},
		sortMemo: map[sideID][]gid{}, orderMemo: map[[2]gid]int{}}
}

// sideID names one side's options of a game.
type sideID struct {
	id   gid
	side Side
}

var errTooLong = errors.New("too long")

type formatter struct {
	c     *Calc
	b     *strings.Builder
	max   int
	plain bool // braces only (when the store is full)
	upt   map[gid]*Uptimal
	n     int // bytes written, sub-builders included
	// sortMemo and orderMemo remember the options sorted and the games
	// ordered: without them, ordering a form whose options share
	// followers (a Hackenbush string's) re-sorts each follower once per
	// path to it, exponentially often.
	sortMemo  map[sideID][]gid
	orderMemo map[[2]gid]int
}

func (f *formatter) str(s string) {
	f.b.WriteString(s)
	f.n += len(s)
	if f.max > 0 && f.n > f.max {
		panic(abort{errTooLong})
	}
}

const maxSlashes = 4

// copied counts the bytes of the options' text copied into their game's
// as work (a unit per 256 bytes): a form megabytes long copies megabytes
// per node near its root, and the context is polled by the work done.
func (f *formatter) copied(n int) {
	for range n >> 8 {
		f.c.step()
	}
}

// write appends id and returns the slashes it used unbracketed (CGSuite's
// appendTo).
func (f *formatter) write(id gid, brackets, parens bool) int {
	f.c.step()
	if u, ok := f.uptimalForm(id); ok {
		f.writeUptimal(u, parens)
		return 0
	}
	lo, ro := f.sorted(id, Left), f.sorted(id, Right)
	if !f.plain && f.c.neg(id) == id {
		f.str("+-")
		if len(lo) == 1 {
			f.write(lo[0], true, true)
		} else {
			f.str("{")
			for i, o := range lo {
				if i > 0 {
					f.str(",")
				}
				f.write(o, true, false)
			}
			f.str("}")
		}
		return 0
	}
	if !f.plain {
		if kind, x, sub, ok := f.numberTiny(id, lo, ro); ok {
			if parens {
				f.str("(")
			}
			if !c0(x) {
				f.write(x, false, false)
			}
			f.str(kind + "(")
			f.write(sub, true, false)
			f.str(")")
			if parens {
				f.str(")")
			}
			return 0
		}
	}
	var left, right strings.Builder
	slashes := 0
	for _, side := range [2]struct {
		opts []gid
		out  *strings.Builder
	}{{lo, &left}, {ro, &right}} {
		saved := f.b
		f.b = side.out
		for i, o := range side.opts {
			if i > 0 {
				f.str(",")
			}
			slashes = max(slashes, f.write(o, len(side.opts) > 1, false)+1)
		}
		f.b = saved
	}
	brace := brackets || slashes == maxSlashes
	if brace {
		f.str("{")
	}
	f.b.WriteString(left.String())
	f.str(strings.Repeat("|", slashes))
	f.b.WriteString(right.String())
	f.copied(left.Len() + right.Len())
	if brace {
		f.str("}")
		return 0
	}
	return slashes
}

func c0(id gid) bool { return id == 0 }

// uptimalForm returns the expansion when id is written as an uptimal: a
// number-up-star, or a number plus ±↑ⁿ or ±↑^[n] plus a nimber.
func (f *formatter) uptimalForm(id gid) (Uptimal, bool) {
	if f.c.isNUS(id) {
		u, _ := f.c.uptimal(id, f.upt)
		return u, true
	}
	if f.plain {
		return Uptimal{}, false
	}
	u, ok := f.c.uptimal(id, f.upt)
	if !ok || len(u.Coef) > 1 && !u.isUnit() && !u.isUnitSum() {
		return Uptimal{}, false
	}
	return u, true
}

func (f *formatter) writeUptimal(u Uptimal, parens bool) {
	n := len(u.Coef)
	isNumber := n == 0 && u.Nim == 0
	isNimber := n == 0 && u.X.IsZero()
	compact := isNumber || isNimber || u.X.IsZero() && u.Nim == 0
	if parens && !compact {
		f.str("(")
	}
	if !u.X.IsZero() || u.Nim == 0 && n == 0 {
		f.str(u.X.String())
	}
	switch {
	case n == 1:
		d := u.Coef[0]
		switch {
		case d == 2:
			f.str("^^")
		case d == -2:
			f.str("vv")
		case d > 0:
			f.str("^")
		default:
			f.str("v")
		}
		if d > 2 || d < -2 {
			f.str(strconv.FormatInt(abs64(d), 10))
		}
	case n > 1:
		sym := "^"
		if u.Coef[n-1] < 0 {
			sym = "v"
		}
		if u.isUnit() {
			f.str(sym + "<" + strconv.Itoa(n) + ">")
		} else {
			f.str(sym + "[" + strconv.Itoa(n) + "]")
		}
	}
	if u.Nim == 1 {
		f.str("*")
	} else if u.Nim > 1 {
		f.str("*" + strconv.FormatUint(u.Nim, 10))
	}
	if parens && !compact {
		f.str(")")
	}
}

// numberTiny recognizes x + Tiny(y) = {x || x | x - y} and x + Miny(y) =
// {x + y | x || x}: a Left option x, a Right option {x | z} with the mean of z
// below x (CGSuite's IsNumberTiny), and the mirror image.
func (f *formatter) numberTiny(id gid, lo, ro []gid) (kind string, x, sub gid, ok bool) {
	if len(lo) != 1 || len(ro) != 1 {
		return
	}
	c := f.c
	if c.isNumber(lo[0]) && !c.isNUS(ro[0]) {
		rl, rr := c.opts(ro[0], Left), c.opts(ro[0], Right)
		if len(rl) == 1 && len(rr) == 1 && rl[0] == lo[0] && c.mean(rr[0]).Less(c.number(lo[0])) {
			return "Tiny", lo[0], c.add(lo[0], c.neg(rr[0])), true
		}
	}
	if c.isNumber(ro[0]) && !c.isNUS(lo[0]) {
		ll, lr := c.opts(lo[0], Left), c.opts(lo[0], Right)
		if len(ll) == 1 && len(lr) == 1 && lr[0] == ro[0] && c.number(ro[0]).Less(c.mean(ll[0])) {
			return "Miny", ro[0], c.add(ll[0], c.neg(ro[0])), true
		}
	}
	return
}

// sorted returns id's options in CGSuite's order.
func (f *formatter) sorted(id gid, side Side) []gid {
	if opts, ok := f.sortMemo[sideID{id, side}]; ok {
		return opts
	}
	mark := len(f.c.stk)
	opts := slices.Clone(f.c.options(id, side))
	f.c.stk = f.c.stk[:mark]
	slices.SortStableFunc(opts, f.order)
	if f.sortMemo != nil {
		f.sortMemo[sideID{id, side}] = opts
	}
	return opts
}

// kind ranks games as CGSuite's DeterministicOrdering does: numbers,
// nimbers, uptimals, the rest.
func (f *formatter) kind(id gid) (int, Uptimal) {
	if x, k, m, ok := f.c.nus(id); ok {
		switch {
		case k == 0 && m == 0:
			return 0, Uptimal{X: x}
		case k == 0 && x.IsZero():
			return 1, Uptimal{Nim: m}
		}
	}
	if f.plain {
		return 3, Uptimal{}
	}
	if u, ok := f.c.uptimal(id, f.upt); ok {
		return 2, u
	}
	return 3, Uptimal{}
}

func (f *formatter) order(a, b gid) int {
	if a == b {
		return 0
	}
	ka, ua := f.kind(a)
	kb, ub := f.kind(b)
	if ka != kb {
		return ka - kb
	}
	switch ka {
	case 0:
		return ua.X.Cmp(ub.X)
	case 1:
		if ua.Nim < ub.Nim {
			return -1
		}
		return 1
	case 2:
		return ua.cmp(ub)
	}
	f.c.step() // polls the context: ordering is the formatter's real work
	if c, ok := f.orderMemo[[2]gid{a, b}]; ok {
		return c
	}
	c := f.orderLists(f.sorted(a, Left), f.sorted(b, Left))
	if c == 0 {
		c = f.orderLists(f.sorted(a, Right), f.sorted(b, Right))
	}
	if f.orderMemo != nil {
		f.orderMemo[[2]gid{a, b}] = c
	}
	return c
}

func (f *formatter) orderLists(a, b []gid) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if c := f.order(a[i], b[i]); c != 0 {
			return c
		}
	}
	return len(a) - len(b)
}

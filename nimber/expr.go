package nimber

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"unicode/utf8"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/notation"
)

// Bounds of an expression.
const (
	// MaxBits is the default bound on the size of a nimber in an
	// expression: 4096 bits, a field GF(2^4096).
	MaxBits = 4096
	// MaxExprLen bounds the length of an expression, in bytes.
	MaxExprLen = 16384
	// MaxDepth bounds the nesting of parentheses, sqrt and powers.
	MaxDepth = 200
	// DefaultWork is the default work budget of an evaluation, counted in
	// 64-bit products (about 0.1 µs each on the development machine, see
	// BENCHMARKS.md: a second or two of work at most).
	DefaultWork = 1 << 24
)

// Settings bound an evaluation. The zero value means the defaults.
type Settings struct {
	// MaxBits bounds the nimbers written in the expression (0: MaxBits).
	MaxBits int
	// MaxWork bounds the 64-bit products an evaluation may cost (0:
	// DefaultWork); past it Eval fails with an *impartial.BudgetError of LimitWork.
	MaxWork int64
}

func (s Settings) maxBits() int {
	if s.MaxBits <= 0 {
		return MaxBits
	}
	return s.MaxBits
}

func (s Settings) maxWork() int64 {
	if s.MaxWork <= 0 {
		return DefaultWork
	}
	return s.MaxWork
}

// Evaluation is the value of an expression, as grundy nimber --json and
// /api/nimber write it: {"expr":"8*8","value":13} (value exact, however
// large).
type Evaluation struct {
	Expr  string   `json:"expr"`
	Value *big.Int `json:"value"`
}

// Eval evaluates an expression over the finite nimbers:
//
//	a + b, a - b    nim-sum (XOR; subtraction is the same as addition)
//	a * b           nim-product (also written ⊗; ⊕ for +)
//	a / b           a ⊗ b⁻¹
//	a ^ k           a power; k an ordinary integer, negative for 1/a^|k|
//	sqrt(a)         the nim-square root (also √(a))
//	*n, ∗n          the nimber n, as games write it (*3 * *5)
//	( … )           grouping
//
// Numbers are decimal, or hexadecimal with 0x, binary with 0b. Errors are
// *notation.SyntaxError values naming the column (bad syntax, a division
// by 0, a number past s.MaxBits), or an *impartial.BudgetError (LimitWork) past the work budget.
func Eval(expr string, s Settings) (*big.Int, error) {
	return EvalContext(context.Background(), expr, s)
}

// EvalContext is Eval under ctx: the evaluation checks it between steps
// of at most about a millisecond of work (pollWork 64-bit products; one
// inverse or square root of a 4096-bit nimber is a single step of a few
// milliseconds) and stops with impartial.ContextError(ctx) once it ends.
func EvalContext(ctx context.Context, expr string, s Settings) (*big.Int, error) {
	n, err := parse(expr, s, false)
	if err != nil {
		return nil, err
	}
	ev := &evaluator{ctx: ctx, expr: expr, work: s.maxWork(), t: tabs()}
	w, err := ev.eval(n)
	if err != nil {
		return nil, err
	}
	return w.big(), nil
}

// Polynomial reads a polynomial in x written as an expression (Eval's
// syntax plus the variable x; division only by expressions without x,
// powers of x only with k ≥ 0), with coefficients in GF(2^64): p[i] is the
// coefficient of x^i. It fails past MaxDegree.
func Polynomial(expr string, s Settings) ([]uint64, error) {
	return polynomial(context.Background(), expr, s)
}

func polynomial(ctx context.Context, expr string, s Settings) ([]uint64, error) {
	if s.MaxBits <= 0 || s.MaxBits > 64 {
		s.MaxBits = 64
	}
	n, err := parse(expr, s, true)
	if err != nil {
		return nil, err
	}
	ev := &evaluator{ctx: ctx, expr: expr, work: s.maxWork(), t: tabs()}
	return ev.poly(n)
}

// Solution is the roots of a polynomial in GF(2^64), as grundy nimber
// --solve --json writes it.
type Solution struct {
	Poly  string   `json:"poly"`
	Roots []uint64 `json:"roots"`
}

// Solve returns the roots in GF(2^64) of the polynomial expr (Polynomial's
// syntax) = 0.
func Solve(expr string, s Settings) (Solution, error) {
	return SolveContext(context.Background(), expr, s)
}

// SolveContext is Solve under ctx, as EvalContext is Eval.
func SolveContext(ctx context.Context, expr string, s Settings) (Solution, error) {
	p, err := polynomial(ctx, expr, s)
	if err != nil {
		return Solution{}, err
	}
	if err := impartial.ContextError(ctx); err != nil {
		return Solution{}, err
	}
	roots, err := Roots(p)
	if err != nil {
		return Solution{}, &notation.SyntaxError{What: "polynomial", Input: expr, Offset: -1, Msg: err.Error()}
	}
	if roots == nil {
		roots = []uint64{}
	}
	return Solution{Poly: expr, Roots: roots}, nil
}

// MaxTable is the largest multiplication table Table makes.
const MaxTable = 256

// TableResult is a multiplication table as grundy nimber --table --json
// and /api/nimber/table write it: {"size":4,"table":[[0,0,0,0],…]}.
type TableResult struct {
	Size  int        `json:"size"`
	Table [][]uint64 `json:"table"`
}

// Table returns the nim-multiplication table of 0..n−1: t[a][b] = a ⊗ b.
func Table(n int) ([][]uint64, error) {
	if n < 1 || n > MaxTable {
		return nil, fmt.Errorf("table size %d is out of range (1 to %d)", n, MaxTable)
	}
	t := make([][]uint64, n)
	for a := range t {
		t[a] = make([]uint64, n)
		for b := range t[a] {
			t[a][b] = Mul(uint64(a), uint64(b))
		}
	}
	return t, nil
}

// node is a parsed expression.
type node struct {
	op   byte // 'n' number, 'x' the variable, '+', '*', '/', '^', 's' sqrt
	off  int  // byte offset of the operator or the operand, for errors
	val  words
	exp  *big.Int
	l, r *node
}

type parser struct {
	in      string
	pos     int
	depth   int
	maxBits int
	poly    bool
}

func parse(expr string, s Settings, poly bool) (*node, error) {
	what := "expression"
	if poly {
		what = "polynomial"
	}
	if len(expr) > MaxExprLen {
		return nil, &notation.SyntaxError{What: what, Input: expr, Offset: -1, Msg: fmt.Sprintf("too long (%d bytes, at most %d)", len(expr), MaxExprLen)}
	}
	if strings.TrimSpace(expr) == "" {
		return nil, &notation.SyntaxError{What: what, Input: expr, Offset: -1, Msg: "empty (want an expression such as 8*8 or sqrt(2)+3)"}
	}
	p := &parser{in: expr, maxBits: s.maxBits(), poly: poly}
	n, err := p.sum()
	if err != nil {
		return nil, p.wrap(err, what)
	}
	p.space()
	if p.pos < len(p.in) {
		r, _ := utf8.DecodeRuneInString(p.in[p.pos:])
		msg := fmt.Sprintf("unexpected %q (want an operator + * / ^ or the end)", r)
		if r == ')' {
			msg = "unmatched )"
		}
		return nil, &notation.SyntaxError{What: what, Input: expr, Offset: p.pos, Msg: msg}
	}
	return n, nil
}

// perr is a parse error at an offset; wrap makes it a SyntaxError.
type perr struct {
	off int
	msg string
	err error // the kind, for SyntaxError.Err
}

func (e *perr) Error() string { return e.msg }

func (p *parser) wrap(err error, what string) error {
	if e, ok := err.(*perr); ok {
		return &notation.SyntaxError{What: what, Input: p.in, Offset: e.off, Msg: e.msg, Err: e.err}
	}
	return err
}

func (p *parser) fail(off int, format string, args ...any) error {
	return &perr{off: off, msg: fmt.Sprintf(format, args...)}
}

func (p *parser) space() {
	for p.pos < len(p.in) && strings.IndexByte(" \t\r\n", p.in[p.pos]) >= 0 {
		p.pos++
	}
}

// peek returns the next operator at the current position (after spaces),
// mapping the Unicode forms to ASCII, and its length in bytes.
func (p *parser) peek() (byte, int) {
	p.space()
	if p.pos >= len(p.in) {
		return 0, 0
	}
	for _, alt := range [...]struct {
		s string
		b byte
	}{{"⊕", '+'}, {"⊗", '*'}, {"∗", '*'}, {"√", 'v'}, {"×", '*'}} {
		if strings.HasPrefix(p.in[p.pos:], alt.s) {
			return alt.b, len(alt.s)
		}
	}
	return p.in[p.pos], 1
}

func (p *parser) enter(off int) error {
	if p.depth++; p.depth > MaxDepth {
		return p.fail(off, "nested too deeply (at most %d levels)", MaxDepth)
	}
	return nil
}

func (p *parser) sum() (*node, error) {
	l, err := p.product()
	if err != nil {
		return nil, err
	}
	for {
		c, n := p.peek()
		if c != '+' && c != '-' {
			return l, nil
		}
		off := p.pos
		p.pos += n
		r, err := p.product()
		if err != nil {
			return nil, err
		}
		l = &node{op: '+', off: off, l: l, r: r}
	}
}

func (p *parser) product() (*node, error) {
	l, err := p.unary()
	if err != nil {
		return nil, err
	}
	for {
		c, n := p.peek()
		if c != '*' && c != '/' {
			return l, nil
		}
		off := p.pos
		p.pos += n
		r, err := p.unary()
		if err != nil {
			return nil, err
		}
		l = &node{op: c, off: off, l: l, r: r}
	}
}

// unary reads a power, or *n / ∗n: the nimber n as games write it.
func (p *parser) unary() (*node, error) {
	c, n := p.peek()
	if c == '*' {
		if err := p.enter(p.pos); err != nil {
			return nil, err
		}
		p.pos += n
		x, err := p.unary()
		p.depth--
		return x, err
	}
	return p.power()
}

func (p *parser) power() (*node, error) {
	base, err := p.atom()
	if err != nil {
		return nil, err
	}
	c, n := p.peek()
	if c != '^' {
		return base, nil
	}
	off := p.pos
	p.pos += n
	p.space()
	start := p.pos
	if p.pos < len(p.in) && (p.in[p.pos] == '-' || p.in[p.pos] == '+') {
		p.pos++
	}
	digits := p.pos
	for p.pos < len(p.in) && p.in[p.pos] >= '0' && p.in[p.pos] <= '9' {
		p.pos++
	}
	if p.pos == digits {
		return nil, p.fail(start, "the exponent after ^ must be a whole number such as 3 or -1")
	}
	k, _ := new(big.Int).SetString(p.in[start:p.pos], 10)
	if c2, _ := p.peek(); c2 == '^' {
		return nil, p.fail(p.pos, "a second ^: write (a^b)^c")
	}
	if p.poly && k.Sign() < 0 {
		return nil, p.fail(start, "a negative power is not a polynomial")
	}
	return &node{op: '^', off: off, l: base, exp: k}, nil
}

func (p *parser) atom() (*node, error) {
	c, n := p.peek()
	off := p.pos
	switch {
	case c == 0:
		return nil, p.fail(len(p.in), "unexpected end (want a number, ( or sqrt(…))")
	case c == '(':
		if err := p.enter(off); err != nil {
			return nil, err
		}
		p.pos += n
		x, err := p.sum()
		if err != nil {
			return nil, err
		}
		if c, n := p.peek(); c != ')' {
			return nil, p.fail(p.pos, "missing ) for the ( in column %d", off+1)
		} else {
			p.pos += n
		}
		p.depth--
		return x, nil
	case c == 'v': // √
		p.pos += n
		return p.call(off, "√")
	case c >= '0' && c <= '9':
		return p.number()
	case isLetter(c):
		start := p.pos
		for p.pos < len(p.in) && (isLetter(p.in[p.pos]) || p.in[p.pos] >= '0' && p.in[p.pos] <= '9') {
			p.pos++
		}
		name := strings.ToLower(p.in[start:p.pos])
		switch {
		case name == "sqrt":
			return p.call(start, "sqrt")
		case name == "x" && p.poly:
			return &node{op: 'x', off: start}, nil
		case name == "x":
			return nil, &perr{off: start, msg: "x is a variable: a polynomial has roots, not a value", err: ErrVariable}
		}
		if p.poly {
			return nil, p.fail(start, "unknown name %q (the variable is x; the function is sqrt)", p.in[start:p.pos])
		}
		return nil, p.fail(start, "unknown name %q (the function is sqrt)", p.in[start:p.pos])
	}
	r, _ := utf8.DecodeRuneInString(p.in[p.pos:])
	if c == ')' {
		return nil, p.fail(off, "unexpected ) (want a number, ( or sqrt(…))")
	}
	return nil, p.fail(off, "unexpected %q (want a number, ( or sqrt(…))", r)
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }

// call reads the parenthesized argument of sqrt.
func (p *parser) call(off int, name string) (*node, error) {
	if c, n := p.peek(); c != '(' {
		return nil, p.fail(p.pos, "%s needs an argument in parentheses, as in %s(2)", name, name)
	} else {
		p.pos += n
	}
	if err := p.enter(off); err != nil {
		return nil, err
	}
	x, err := p.sum()
	if err != nil {
		return nil, err
	}
	if c, n := p.peek(); c != ')' {
		return nil, p.fail(p.pos, "missing ) for %s( in column %d", name, off+1)
	} else {
		p.pos += n
	}
	p.depth--
	return &node{op: 's', off: off, l: x}, nil
}

// number reads a decimal, 0x hexadecimal or 0b binary number.
func (p *parser) number() (*node, error) {
	start := p.pos
	base, from := 10, p.pos
	if strings.HasPrefix(p.in[p.pos:], "0x") || strings.HasPrefix(p.in[p.pos:], "0X") {
		base, from = 16, p.pos+2
	} else if strings.HasPrefix(p.in[p.pos:], "0b") || strings.HasPrefix(p.in[p.pos:], "0B") {
		base, from = 2, p.pos+2
	}
	p.pos = from
	for p.pos < len(p.in) && digitValue(p.in[p.pos]) < base {
		p.pos++
	}
	if p.pos == from {
		return nil, p.fail(start, "%q needs digits", p.in[start:from])
	}
	if p.pos < len(p.in) && (isLetter(p.in[p.pos]) || p.in[p.pos] >= '0' && p.in[p.pos] <= '9') {
		return nil, p.fail(p.pos, "%q is not a digit of a base-%d number", p.in[p.pos:p.pos+1], base)
	}
	text := p.in[from:p.pos]
	if base == 10 && len(text) > p.maxBits/3+2 || base == 16 && len(strings.TrimLeft(text, "0"))*4 > p.maxBits+4 || base == 2 && len(strings.TrimLeft(text, "0")) > p.maxBits {
		return nil, p.fail(start, "%s is too large (nimbers here have at most %d bits)", notation.Quote(p.in[start:p.pos]), p.maxBits)
	}
	v, _ := new(big.Int).SetString(text, base)
	if v.BitLen() > p.maxBits {
		return nil, p.fail(start, "%s is too large (nimbers here have at most %d bits)", notation.Quote(p.in[start:p.pos]), p.maxBits)
	}
	return &node{op: 'n', off: start, val: toWords(v, 1)}, nil
}

func digitValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return 99
}

// evaluator evaluates a parsed expression under a work budget and a
// context.
type evaluator struct {
	ctx  context.Context
	expr string
	work int64 // 64-bit products left
	max  int64
	t    *tables
	// since counts the products (and nodes) since the context was last
	// checked.
	since int64
}

// pollWork is the work between two checks of the context: 64-bit products
// of about 0.1 µs each (BENCHMARKS.md), well under a millisecond.
const pollWork = 4096

// poll checks the context once units more work is done since the last
// check (the work itself is charged separately, before it starts).
func (ev *evaluator) poll(units int64) error {
	if ev.since += units; ev.since < pollWork {
		return nil
	}
	ev.since = 0
	return impartial.ContextError(ev.ctx)
}

// cost is about the number of 64-bit products (and products by F/2, of
// similar cost) of a product of L = 2^k words: three products of L/2 words
// and a product by F/2 at each of the k levels, 3^k·(k+1).
func cost(L int) int64 {
	c, k := int64(1), int64(1)
	for ; L > 1; L /= 2 {
		c *= 3
		k++
	}
	return c * k
}

// charge takes units of work from the budget before a step that costs
// them, and checks the context when enough work has passed.
func (ev *evaluator) charge(units int64) error {
	if ev.max == 0 {
		ev.max = ev.work
	}
	if ev.work -= units; ev.work < 0 {
		return workError(ev.max)
	}
	return ev.poll(units)
}

// pow is powWords (square and multiply from the top bit of k, the same
// products in the same order), checking the context between products: a
// power of a 4096-bit nimber is thousands of them. Its work is charged by
// the caller.
func (ev *evaluator) pow(a words, k *big.Int) (words, error) {
	step := cost(len(a))
	r := make(words, len(a))
	r[0] = 1
	for i := k.BitLen() - 1; i >= 0; i-- {
		r = squareWords(ev.t, r)
		if k.Bit(i) != 0 {
			r = mulWords(ev.t, r, a)
		}
		if err := ev.poll(2 * step); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// workError is the stop of an evaluation that needs more work than its
// budget (Settings.MaxWork, in 64-bit products): an *impartial.BudgetError
// of LimitWork, so that the CLI exits 2 and the web answers 422 as for any
// budget.
func workError(max int64) error {
	return &impartial.BudgetError{Limit: impartial.LimitWork, Max: max,
		Words: fmt.Sprintf("work budget exhausted: the expression needs more than %d products of 64-bit nimbers", max)}
}

func (ev *evaluator) errAt(off int, format string, args ...any) error {
	return &notation.SyntaxError{What: "expression", Input: ev.expr, Offset: off, Msg: fmt.Sprintf(format, args...)}
}

func (ev *evaluator) eval(n *node) (words, error) {
	if err := ev.poll(1); err != nil { // a node costs a little too (a sum: an XOR of words)
		return nil, err
	}
	switch n.op {
	case 'n':
		return n.val, nil
	case 's':
		x, err := ev.eval(n.l)
		if err != nil {
			return nil, err
		}
		levels := int64(1)
		for L := len(x); L > 1; L /= 2 {
			levels++
		}
		if err := ev.charge(2 * levels * cost(len(x))); err != nil {
			return nil, err
		}
		return sqrtWords(ev.t, x).shrink(), nil
	case '^':
		x, err := ev.eval(n.l)
		if err != nil {
			return nil, err
		}
		k := n.exp
		if k.Sign() < 0 {
			if x.isZero() {
				return nil, ev.errAt(n.off, "0 has no inverse (0^%s)", k)
			}
			if err := ev.charge(4 * cost(len(x))); err != nil {
				return nil, err
			}
			x = invWords(ev.t, x)
			k = new(big.Int).Neg(k)
		}
		switch {
		case k.Sign() == 0:
			one := make(words, 1)
			one[0] = 1
			return one, nil
		case x.isZero():
			return x, nil
		}
		order := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(64*len(x))), big.NewInt(1))
		k = new(big.Int).Mod(k, order)
		if err := ev.charge(2 * int64(k.BitLen()) * cost(len(x))); err != nil {
			return nil, err
		}
		r, err := ev.pow(x, k)
		if err != nil {
			return nil, err
		}
		return r.shrink(), nil
	}
	a, err := ev.eval(n.l)
	if err != nil {
		return nil, err
	}
	b, err := ev.eval(n.r)
	if err != nil {
		return nil, err
	}
	L := max(len(a), len(b))
	a, b = a.widen(L), b.widen(L)
	switch n.op {
	case '+':
		return xorWords(a, b).shrink(), nil
	case '*':
		if err := ev.charge(cost(L)); err != nil {
			return nil, err
		}
		return mulWords(ev.t, a, b).shrink(), nil
	case '/':
		if b.isZero() {
			return nil, ev.errAt(n.off, "division by 0")
		}
		if err := ev.charge(5 * cost(L)); err != nil {
			return nil, err
		}
		return mulWords(ev.t, a, invWords(ev.t, b)).shrink(), nil
	}
	panic("nimber: unknown operator " + string(n.op))
}

// poly evaluates a parsed polynomial: coefficient slices over GF(2^64).
func (ev *evaluator) poly(n *node) ([]uint64, error) {
	perr := func(off int, format string, args ...any) error {
		return &notation.SyntaxError{What: "polynomial", Input: ev.expr, Offset: off, Msg: fmt.Sprintf(format, args...)}
	}
	if err := ev.poll(1); err != nil {
		return nil, err
	}
	switch n.op {
	case 'n':
		return trim([]uint64{n.val[0]}), nil
	case 'x':
		return []uint64{0, 1}, nil
	case 's':
		x, err := ev.poly(n.l)
		if err != nil {
			return nil, err
		}
		if len(x) > 1 {
			return nil, perr(n.off, "sqrt of a polynomial in x is not a polynomial (write sqrt of numbers only)")
		}
		if len(x) == 0 {
			return nil, nil
		}
		return []uint64{Sqrt(x[0])}, nil
	case '^':
		x, err := ev.poly(n.l)
		if err != nil {
			return nil, err
		}
		k := n.exp
		if k.Sign() == 0 {
			return []uint64{1}, nil
		}
		if len(x) == 0 {
			return nil, nil
		}
		if len(x) == 1 {
			kk := new(big.Int).Mod(k, new(big.Int).SetUint64(1<<64-1)).Uint64()
			return []uint64{Pow(x[0], kk)}, nil
		}
		d := len(x) - 1
		// k·d > MaxDegree, without the product (it overflows: (x^2)^(2^62)
		// passed the check as a negative degree).
		if !k.IsInt64() || k.Int64() > MaxDegree/int64(d) {
			return nil, perr(n.off, "degree past %d", MaxDegree)
		}
		r := []uint64{1}
		for range k.Int64() {
			if r, err = ev.polyMul(r, x); err != nil {
				return nil, err
			}
		}
		return r, nil
	}
	a, err := ev.poly(n.l)
	if err != nil {
		return nil, err
	}
	b, err := ev.poly(n.r)
	if err != nil {
		return nil, err
	}
	switch n.op {
	case '+':
		return polyAdd(a, b), nil
	case '*':
		if len(a)+len(b)-2 > MaxDegree {
			return nil, perr(n.off, "degree past %d", MaxDegree)
		}
		return ev.polyMul(a, b)
	case '/':
		switch {
		case len(b) == 0:
			return nil, perr(n.off, "division by 0")
		case len(b) > 1:
			return nil, perr(n.off, "division by a polynomial in x is not a polynomial (divide by numbers only)")
		}
		bi, _ := Inv(b[0])
		return ev.polyMul(a, []uint64{bi})
	}
	panic("nimber: unknown operator " + string(n.op))
}

func (ev *evaluator) polyMul(a, b []uint64) ([]uint64, error) {
	if len(a) == 0 || len(b) == 0 {
		return nil, nil
	}
	if err := ev.charge(int64(len(a) * len(b))); err != nil {
		return nil, err
	}
	out := make([]uint64, len(a)+len(b)-1)
	for i, x := range a {
		for j, y := range b {
			out[i+j] ^= Mul(x, y)
		}
	}
	return trim(out), nil
}

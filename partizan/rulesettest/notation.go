package rulesettest

import (
	"fmt"
	"strconv"
	"strings"
)

// Parse reads a short game in CGSuite's notation, as its test suites write
// the expected values, and returns its canonical form computed from the
// definitions:
//
//	3  -2  3/4  *  *3  ^  v  ^^  v4  ^<2>  v[3]  Tiny(2)  Miny(1/32)
//	+-1  +-{3|2}  +-{0,{1|0}}  {1|*}  {3||2|1}  3/4v[3]*  2Tiny(2)  1+*
//
// Juxtaposition is a sum (3/4v[3]* = 3/4 + v[3] + *); ^<n> is up-nth and
// ^[n] = ^ + ^<2> + … + ^<n> (Siegel, CGT II.6: ↑^n and ↑^→n); ±G is
// {G|-G} and ±{A,B} is {A,B|-A,-B}; bars split at the longest run.
// It is the oracle's own reader, independent of the algebra's.
func Parse(s string) (*Game, error) {
	p := &parser{s: s}
	g, err := p.expr()
	if err != nil {
		return nil, err
	}
	if p.i != len(p.s) {
		return nil, p.errorf("unexpected %q", p.s[p.i:])
	}
	return Canonical(g), nil
}

// MustParse is Parse that panics, for tables of known values.
func MustParse(s string) *Game {
	g, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return g
}

type parser struct {
	s string
	i int
}

func (p *parser) errorf(format string, args ...any) error {
	return fmt.Errorf("game %q: column %d: %s", p.s, p.i+1, fmt.Sprintf(format, args...))
}

func (p *parser) peek(t string) bool { return strings.HasPrefix(p.s[p.i:], t) }

func (p *parser) skipSpace() {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
}

// expr := term {('+'|'-') term}, where "+-" starts a switch, not an operator.
func (p *parser) expr() (*Game, error) {
	p.skipSpace()
	g, err := p.juxt()
	if err != nil {
		return nil, err
	}
	for {
		p.skipSpace()
		switch {
		case p.peek("+-"):
			h, err := p.juxt()
			if err != nil {
				return nil, err
			}
			g = Sum(g, h)
		case p.peek("+"):
			p.i++
			h, err := p.juxt()
			if err != nil {
				return nil, err
			}
			g = Sum(g, h)
		case p.peek("-"):
			p.i++
			h, err := p.juxt()
			if err != nil {
				return nil, err
			}
			g = Sum(g, Neg(h))
		default:
			return g, nil
		}
	}
}

// juxt := ['-'] atom {atom}: juxtaposed atoms are summed, and a leading
// minus negates the first atom only, as CGSuite writes -1^* for -1 + ^*.
func (p *parser) juxt() (*Game, error) {
	p.skipSpace()
	neg := p.peek("-")
	if neg {
		p.i++
	}
	g, err := p.atom()
	if err != nil {
		return nil, err
	}
	if neg {
		g = Neg(g)
	}
	for p.startsAtom() {
		h, err := p.atom()
		if err != nil {
			return nil, err
		}
		g = Sum(g, h)
	}
	return g, nil
}

// startsAtom reports whether an atom starts at p.i (so that it is summed
// with the one before).
func (p *parser) startsAtom() bool {
	if p.i >= len(p.s) {
		return false
	}
	return strings.IndexByte("0123456789*^v{(", p.s[p.i]) >= 0 ||
		p.peek("Tiny(") || p.peek("Miny(") || p.peek("+-") || p.peek("±")
}

func (p *parser) digits() (int, bool) {
	j := p.i
	for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
		j++
	}
	if j == p.i {
		return 0, false
	}
	n, err := strconv.Atoi(p.s[p.i:j])
	if err != nil {
		return 0, false
	}
	p.i = j
	return n, true
}

func (p *parser) atom() (*Game, error) {
	p.skipSpace()
	if p.i >= len(p.s) {
		return nil, p.errorf("missing game")
	}
	switch c := p.s[p.i]; {
	case c >= '0' && c <= '9':
		n, _ := p.digits()
		if !p.peek("/") {
			return Number(Dyadic{int64(n), 0}), nil
		}
		p.i++
		d, ok := p.digits()
		if !ok || d <= 0 || d&(d-1) != 0 {
			return nil, p.errorf("denominator must be a power of 2")
		}
		e := uint(0)
		for 1<<e < d {
			e++
		}
		return Number(Dyadic{int64(n), e}), nil
	case c == '*':
		p.i++
		n, ok := p.digits()
		if !ok {
			n = 1
		}
		return Nimber(n), nil
	case c == '^' || c == 'v':
		return p.ups()
	case p.peek("Tiny(") || p.peek("Miny("):
		tiny := p.peek("Tiny(")
		p.i += 5
		x, err := p.expr()
		if err != nil {
			return nil, err
		}
		if !p.peek(")") {
			return nil, p.errorf("missing )")
		}
		p.i++
		if tiny { // {0||0|-x}
			return &Game{L: []*Game{Zero}, R: []*Game{{L: []*Game{Zero}, R: []*Game{Neg(x)}}}}, nil
		}
		return &Game{L: []*Game{{L: []*Game{x}, R: []*Game{Zero}}}, R: []*Game{Zero}}, nil
	case p.peek("+-") || p.peek("±"):
		if p.peek("+-") {
			p.i += 2
		} else {
			p.i += len("±")
		}
		if p.peek("{") {
			if opts, ok, err := p.braceList(); err != nil {
				return nil, err
			} else if ok {
				g := &Game{L: opts}
				for _, o := range opts {
					g.R = append(g.R, Neg(o))
				}
				return g, nil
			}
		}
		x, err := p.atom()
		if err != nil {
			return nil, err
		}
		return &Game{L: []*Game{x}, R: []*Game{Neg(x)}}, nil
	case c == '(':
		p.i++
		g, err := p.expr()
		if err != nil {
			return nil, err
		}
		if !p.peek(")") {
			return nil, p.errorf("missing )")
		}
		p.i++
		return g, nil
	case c == '{':
		end, err := p.matching()
		if err != nil {
			return nil, err
		}
		inner := &parser{s: p.s[:end], i: p.i + 1}
		g, err := inner.bars(p.i+1, end)
		if err != nil {
			return nil, err
		}
		p.i = end + 1
		return g, nil
	}
	return nil, p.errorf("unexpected %q", p.s[p.i:p.i+1])
}

// braceList reads "{A,B,…}" without bars as a list of options (after ±),
// and reports ok = false, reading nothing, when the braces hold bars.
func (p *parser) braceList() ([]*Game, bool, error) {
	end, err := p.matching()
	if err != nil {
		return nil, false, err
	}
	if _, n := longestBars(p.s, p.i+1, end); n > 0 {
		return nil, false, nil
	}
	opts, err := p.list(p.i+1, end)
	if err != nil {
		return nil, false, err
	}
	p.i = end + 1
	return opts, true, nil
}

// matching returns the index of the brace closing the one at p.i.
func (p *parser) matching() (int, error) {
	depth := 0
	for j := p.i; j < len(p.s); j++ {
		switch p.s[j] {
		case '{', '(':
			depth++
		case '}', ')':
			depth--
			if depth == 0 {
				return j, nil
			}
		}
	}
	return 0, p.errorf("unbalanced {")
}

// longestBars finds the longest run of '|' at depth 0 in s[lo:hi].
func longestBars(s string, lo, hi int) (at, n int) {
	depth := 0
	for j := lo; j < hi; j++ {
		switch s[j] {
		case '{', '(':
			depth++
		case '}', ')':
			depth--
		case '|':
			if depth != 0 || (j > lo && s[j-1] == '|') {
				continue
			}
			k := j
			for k < hi && s[k] == '|' {
				k++
			}
			if k-j > n {
				at, n = j, k-j
			} else if k-j == n {
				at = -1 // ambiguous
			}
		}
	}
	return at, n
}

// bars reads s[lo:hi] as a game written with bars: the longest run splits
// Left from Right; a side with bars of its own is one option.
func (p *parser) bars(lo, hi int) (*Game, error) {
	at, n := longestBars(p.s, lo, hi)
	if n == 0 {
		p.i = lo
		return nil, p.errorf("missing |")
	}
	if at < 0 {
		p.i = lo
		return nil, p.errorf("ambiguous bars")
	}
	side := func(a, b int) ([]*Game, error) {
		if _, m := longestBars(p.s, a, b); m > 0 {
			g, err := p.bars(a, b)
			if err != nil {
				return nil, err
			}
			return []*Game{g}, nil
		}
		return p.list(a, b)
	}
	l, err := side(lo, at)
	if err != nil {
		return nil, err
	}
	r, err := side(at+n, hi)
	if err != nil {
		return nil, err
	}
	return &Game{L: l, R: r}, nil
}

// list reads comma-separated games in s[lo:hi] (none when blank).
func (p *parser) list(lo, hi int) ([]*Game, error) {
	if strings.TrimSpace(p.s[lo:hi]) == "" {
		return nil, nil
	}
	var out []*Game
	sub := &parser{s: p.s[:hi], i: lo}
	for {
		g, err := sub.expr()
		if err != nil {
			return nil, err
		}
		out = append(out, g)
		sub.skipSpace()
		if sub.i == hi {
			return out, nil
		}
		if sub.s[sub.i] != ',' {
			return nil, sub.errorf("expected , or |")
		}
		sub.i++
	}
}

// ups reads ^, ^^, ^n, v, vv, vn, ^<n>, v<n>, ^[n], v[n].
func (p *parser) ups() (*Game, error) {
	c := p.s[p.i]
	k := 0
	for p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		k++
	}
	var g *Game
	switch {
	case k == 1 && (p.peek("<") || p.peek("[")):
		unit := p.peek("<")
		p.i++
		n, ok := p.digits()
		if !ok || n < 1 || !(unit && p.peek(">") || !unit && p.peek("]")) {
			return nil, p.errorf("bad up exponent")
		}
		p.i++
		if unit {
			g = UpNth(n)
		} else {
			g = upTo(n)
		}
	default:
		if n, ok := p.digits(); ok {
			if k > 1 {
				return nil, p.errorf("bad up multiple")
			}
			k = n
		}
		g = Zero
		for range k {
			g = Sum(g, upTo(1))
		}
	}
	if c == 'v' {
		g = Neg(g)
	}
	return g, nil
}

// UpNth returns ↑^n, up-nth: ↑^1 = ↑ = {0|*}, ↑^n = {0 | * − ↑^→(n−1)}
// (CGSuite's pow of {0|*}; Siegel, CGT II.6).
func UpNth(n int) *Game {
	return Canonical(&Game{L: []*Game{Zero}, R: []*Game{Sum(Nimber(1), Neg(upTo(n-1)))}})
}

// upTo returns ↑^→n: ↑^→0 = 0, ↑^→n = {↑^→(n−1) | *}.
func upTo(n int) *Game {
	if n == 0 {
		return Zero
	}
	return Canonical(&Game{L: []*Game{upTo(n - 1)}, R: []*Game{Nimber(1)}})
}

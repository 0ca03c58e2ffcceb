package partizan

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/grundy/grundy/notation"
)

// Parse reads a game in CGSuite's notation (everything Format writes, and
// what CGSuite prints) and returns its canonical form:
//
//	3  -1/2  25/16           numbers (dyadic)
//	*  *2  ^  v  ^^  vvv     nimbers and up multiples (also ↑ ↓ ⇑ ⇓)
//	^3  v3*2  ^<2>  v[3]     k·↑, Conway's ↑ⁿ (^<n>) and ↑^[n] = ↑+…+↑ⁿ
//	3/4v[3]*  -1^^  2Tiny(2) a number written before an infinitesimal adds
//	{1|*}  {3||2|1}  {|}     games, with CGSuite's slashes
//	+-1  ±{3|1}  +-{1,2}     switches ±G = {G | -G} ({a,b | -a,-b})
//	Tiny(2)  Miny(x)         {0||0|-x} and {x|0||0}
//	g + h  g - h  -g  (g)    sums, differences, negatives; a +- b = a + ±b
//	G.Cool(1)  G.Freeze      CGSuite's methods that give a game (MethodNames):
//	(G).AtomicWeight         Cool, Heat, Overheat, Freeze, Mean, Temperature,
//	                         LeftStop, RightStop, ReducedCanonicalForm,
//	                         AtomicWeight, OrdinalSum, NortonMultiply, Birthday
//
// Bad input returns a *notation.SyntaxError with the column.
func (c *Calc) Parse(s string) (Game, error) {
	p := &parser{c: c, s: s}
	var r gid
	err := c.run(func() {
		p.skip()
		r = p.expr()
		p.skip()
		if p.i < len(p.s) {
			p.fail(p.i, fmt.Sprintf("unexpected %s", p.show()))
		}
	})
	return c.game(r), err
}

// maxUpPower bounds n in ^<n> and ^[n].
const maxUpPower = 100

// maxDepth bounds the nesting of braces and parentheses.
const maxDepth = 500

type parser struct {
	c     *Calc
	s     string
	i     int
	depth int
	call  int // where the method being applied starts (its errors' column)
}

func (p *parser) fail(off int, msg string) {
	p.c.fail(&notation.SyntaxError{What: "game", Input: p.s, Offset: off, Msg: msg})
}

func (p *parser) show() string {
	if p.i >= len(p.s) {
		return "end of input"
	}
	r, _ := utf8.DecodeRuneInString(p.s[p.i:])
	return strconv.QuoteRune(r)
}

func (p *parser) skip() {
	for p.i < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.i]) >= 0 {
		p.i++
	}
}

// eat consumes tok when it comes next.
func (p *parser) eat(tok string) bool {
	if strings.HasPrefix(p.s[p.i:], tok) {
		p.i += len(tok)
		return true
	}
	return false
}

func (p *parser) enter() {
	p.depth++
	if p.depth > maxDepth {
		p.fail(p.i, fmt.Sprintf("nested more than %d deep", maxDepth))
	}
}

// expr := term { ("+" | "-" | "+-" | "±") term }
func (p *parser) expr() gid {
	g := p.term()
	for {
		p.c.step() // a sum of a million numbers does no other work to count
		p.skip()
		switch {
		case p.eat("+-") || p.eat("±"):
			p.skip()
			g = p.c.add(g, p.switchOf(p.term()))
		case p.eat("+"):
			p.skip()
			g = p.c.add(g, p.term())
		case p.i < len(p.s) && p.s[p.i] == '-':
			p.i++
			p.skip()
			g = p.c.add(g, p.c.neg(p.term()))
		default:
			return g
		}
	}
}

func (p *parser) switchOf(g gid) gid {
	return p.c.construct([]gid{g}, []gid{p.c.neg(g)})
}

// term := "-" term | ("+-" | "±") term | "+" term | value
// A prefix nests like a brace (it recurses), so it counts against maxDepth:
// "------…1" must not run the goroutine's stack out.
func (p *parser) term() gid {
	p.skip()
	switch {
	case p.eat("+-") || p.eat("±"):
		p.skip()
		if p.i < len(p.s) && p.s[p.i] == '{' {
			return p.switchBraces()
		}
		p.enter()
		g := p.switchOf(p.term())
		p.depth--
		return g
	case p.i+1 < len(p.s) && p.s[p.i] == '-' && isDigit(p.s[p.i+1]):
		return p.value() // a negative number, to which a suffix may attach
	case p.eat("-"):
		p.enter()
		g := p.c.neg(p.term())
		p.depth--
		return g
	case p.eat("+"):
		p.enter()
		g := p.term()
		p.depth--
		return g
	}
	return p.value()
}

// switchBraces reads ±{a,b} = {a,b | -a,-b} or ±{a|b} = ±({a|b}).
func (p *parser) switchBraces() gid {
	start := p.i
	p.enter()
	p.i++ // {
	left, right, slashes := p.braceBody(start)
	p.depth--
	if slashes {
		g := p.c.construct(left, right)
		return p.switchOf(g)
	}
	neg := make([]gid, len(left))
	for i, o := range left {
		neg[i] = p.c.neg(o)
	}
	return p.c.construct(left, neg)
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// value := atom { "." Method [ "(" args ")" ] }   (methods.go)
func (p *parser) value() gid { return p.calls(p.atom()) }

// atom := number [infinitesimal] | infinitesimal | "{" … "}" | "(" expr ")"
// | "Tiny(" expr ")" | "Miny(" expr ")"
func (p *parser) atom() gid {
	p.skip()
	start := p.i
	if p.i >= len(p.s) {
		p.fail(p.i, "missing a game at the end")
	}
	switch ch := p.s[p.i]; {
	case ch == '{':
		p.enter()
		p.i++
		left, right, slashes := p.braceBody(start)
		p.depth--
		if !slashes {
			p.fail(start, "a game needs a | between its Left and Right options")
		}
		return p.c.construct(left, right)
	case ch == '(':
		p.enter()
		p.i++
		g := p.expr()
		p.skip()
		if !p.eat(")") {
			p.fail(p.i, fmt.Sprintf("unexpected %s (want \")\" to close the one at column %d)", p.show(), start+1))
		}
		p.depth--
		return g
	case ch == '-' || isDigit(ch):
		x := p.number()
		return p.c.add(p.c.s.numberID(p.c, x), p.suffix(false))
	}
	if g, ok := p.infinitesimal(); ok {
		return g
	}
	p.fail(start, fmt.Sprintf("unexpected %s (want a game)", p.show()))
	return 0
}

// suffix reads what may follow a number: ups and stars, or Tiny/Miny.
func (p *parser) suffix(must bool) gid {
	g, ok := p.infinitesimal()
	if !ok && must {
		p.fail(p.i, fmt.Sprintf("unexpected %s (want a game)", p.show()))
	}
	return g
}

// infinitesimal := ups [stars] | stars | "Tiny(" expr ")" | "Miny(" expr ")"
func (p *parser) infinitesimal() (gid, bool) {
	start := p.i
	for _, w := range [...]string{"Tiny(", "Miny(", "tiny(", "miny("} {
		if p.eat(w) {
			p.enter()
			x := p.expr()
			p.skip()
			if !p.eat(")") {
				p.fail(p.i, fmt.Sprintf("unexpected %s (want \")\" to close the one at column %d)", p.show(), start+5))
			}
			p.depth--
			if w[0] == 'T' || w[0] == 't' {
				// Tiny(x) = {0 || 0 | -x}
				inner := p.c.construct([]gid{0}, []gid{p.c.neg(x)})
				return p.c.construct([]gid{0}, []gid{inner}), true
			}
			inner := p.c.construct([]gid{x}, []gid{0})
			return p.c.construct([]gid{inner}, []gid{0}), true
		}
	}
	g, ups := p.ups()
	if p.eat("*") || p.eat("∗") {
		m := uint64(1)
		if p.i < len(p.s) && isDigit(p.s[p.i]) {
			m = p.count(1<<63, "nimber")
		}
		g = p.c.add(g, p.c.s.nusID(p.c, Dyadic{}, 0, m))
		return g, true
	}
	return g, ups
}

// ups reads ^ ^^ ^3 ^<n> ^[n] and the downs; ↑ ⇑ ↓ ⇓ count as one or two.
func (p *parser) ups() (gid, bool) {
	var k int64
	sign := int64(0)
	n := 0
	for p.i < len(p.s) {
		switch {
		case p.eat("^") || p.eat("↑"):
			sign, k, n = p.upSign(sign, 1), k+1, n+1
		case p.eat("⇑"):
			sign, k, n = p.upSign(sign, 1), k+2, n+2
		case p.eat("↓"):
			sign, k, n = p.upSign(sign, -1), k-1, n+1
		case p.eat("⇓"):
			sign, k, n = p.upSign(sign, -1), k-2, n+2
		case p.s[p.i] == 'v' && (sign <= 0):
			p.i++
			sign, k, n = -1, k-1, n+1
		default:
			goto done
		}
	}
done:
	if n == 0 {
		return 0, false
	}
	if n == 1 && p.i < len(p.s) {
		switch ch := p.s[p.i]; {
		case isDigit(ch):
			k *= int64(p.count(1<<31, "up multiple"))
		case ch == '<' || ch == '[':
			close := map[byte]string{'<': ">", '[': "]"}[ch]
			at := p.i
			p.i++
			e := int(p.count(maxUpPower, "power of up"))
			if !p.eat(close) {
				p.fail(p.i, fmt.Sprintf("unexpected %s (want %q)", p.show(), close))
			}
			if e == 0 {
				p.fail(at+1, "the power of up must be at least 1")
			}
			var g gid
			if ch == '<' {
				g = p.c.upPower(e)
			} else {
				g = p.c.upSum(e)
			}
			if k < 0 {
				g = p.c.neg(g)
			}
			return g, true
		}
	}
	return p.c.s.nusID(p.c, Dyadic{}, k, 0), true
}

func (p *parser) upSign(sign, s int64) int64 {
	if sign != 0 && sign != s {
		p.fail(p.i-1, "ups and downs mixed in one symbol")
	}
	return s
}

// count reads a whole number in 0..max.
func (p *parser) count(max uint64, what string) uint64 {
	start := p.i
	for p.i < len(p.s) && isDigit(p.s[p.i]) {
		p.i++
	}
	n, err := strconv.ParseUint(p.s[start:p.i], 10, 64)
	if err != nil || n > max {
		p.fail(start, fmt.Sprintf("%s %s is too large (at most %d)", what, p.s[start:p.i], max))
	}
	return n
}

// number reads an integer or m/n with n a power of two.
func (p *parser) number() Dyadic {
	start := p.i
	if p.s[p.i] == '-' {
		p.i++
	}
	for p.i < len(p.s) && isDigit(p.s[p.i]) {
		p.i++
	}
	if p.i-start > 10000 {
		p.fail(start, "number too long")
	}
	m, _ := new(big.Int).SetString(p.s[start:p.i], 10)
	var e uint32
	if p.i+1 < len(p.s) && p.s[p.i] == '/' && isDigit(p.s[p.i+1]) {
		p.i++
		ds := p.i
		for p.i < len(p.s) && isDigit(p.s[p.i]) {
			p.i++
		}
		q, _ := new(big.Int).SetString(p.s[ds:p.i], 10)
		b := q.BitLen() - 1
		if q.Sign() == 0 || q.TrailingZeroBits() != uint(b) {
			p.fail(ds, fmt.Sprintf("denominator %s is not a power of two (short games have dyadic numbers only)", p.s[ds:p.i]))
		}
		if b > maxExp {
			p.fail(ds, "denominator too large")
		}
		e = uint32(b)
	}
	return bigDyadic(m, e)
}

// braceBody reads the inside of { … } up to its "}": option lists
// separated by runs of slashes. The longest run splits Left from Right
// and must be unique ({a|b|c} is ambiguous); each side with slashes of its
// own is one game ({3||2|1} = {3 | {2|1}}).
func (p *parser) braceBody(open int) (left, right []gid, slashes bool) {
	var lists [][]gid
	var seps []int // run lengths
	var sepAt []int
	cur := []gid{}
	for {
		p.skip()
		if p.i >= len(p.s) {
			p.fail(open, "unclosed {")
		}
		switch p.s[p.i] {
		case '}':
			p.i++
			lists = append(lists, cur)
			if len(seps) == 0 {
				return lists[0], nil, false
			}
			l, r := p.split(lists, seps, sepAt)
			return l, r, true
		case '|':
			at := p.i
			for p.i < len(p.s) && p.s[p.i] == '|' {
				p.i++
			}
			lists = append(lists, cur)
			cur = []gid{}
			seps = append(seps, p.i-at)
			sepAt = append(sepAt, at)
			continue
		case ',':
			p.fail(p.i, "an option is missing before \",\"")
		}
		p.c.step()
		cur = append(cur, p.expr())
		p.skip()
		if p.i < len(p.s) && p.s[p.i] == ',' {
			p.i++
			p.skip()
			if p.i < len(p.s) && (p.s[p.i] == '|' || p.s[p.i] == '}') {
				p.fail(p.i, "an option is missing after \",\"")
			}
		} else if p.i < len(p.s) && p.s[p.i] != '|' && p.s[p.i] != '}' {
			p.fail(p.i, fmt.Sprintf("unexpected %s (want \",\", \"|\" or \"}\")", p.show()))
		}
	}
}

// split builds the two sides from lists[0] sep[0] lists[1] … .
func (p *parser) split(lists [][]gid, seps, sepAt []int) (left, right []gid) {
	top, at := 0, -1
	for i, n := range seps {
		switch {
		case n > top:
			top, at = n, i
		case n == top:
			p.fail(sepAt[i], fmt.Sprintf("ambiguous slashes: two runs of %d (write braces, or more slashes)", n))
		}
	}
	side := func(ls [][]gid, ss, sa []int) []gid {
		if len(ss) == 0 {
			return ls[0]
		}
		l, r := p.split(ls, ss, sa)
		return []gid{p.c.construct(l, r)}
	}
	return side(lists[:at+1], seps[:at], sepAt[:at]), side(lists[at+1:], seps[at+1:], sepAt[at+1:])
}

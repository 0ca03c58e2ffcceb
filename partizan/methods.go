package partizan

import (
	"fmt"
	"strings"

	"github.com/grundy/grundy/notation"
)

// A method is one of CGSuite's methods of a canonical short game that
// gives a game, written after a value as CGSuite writes it: G.Cool(1),
// G.Freeze, G.AtomicWeight (CanonicalShortGame's members). Parse reads
// them after any value ({3||2|1}.Cool(1/2), (^ + *).AtomicWeight), binding
// tighter than a sign (-G.Mean is -(G.Mean)), and Apply after a game
// already made.
type method struct {
	name string // CGSuite's spelling; matched without regard to case
	args []string
	// apply computes the result from g and the arguments (checked by
	// argument: at is where each one starts, for an error's column).
	apply func(p *parser, g gid, args []gid, at []int) gid
}

// methods lists them in the order their help names them.
var methods = []method{
	{name: "Cool", args: []string{"t"}, apply: func(p *parser, g gid, a []gid, at []int) gid {
		t := p.numberArg(a[0], at[0], "the temperature of Cool")
		if t.Cmp(Int(-1)) <= 0 {
			p.fail(at[0], fmt.Sprintf("the temperature of Cool must be greater than -1 (not %s)", t))
		}
		return p.c.cool(g, t, a[0], map[gid]gid{})
	}},
	{name: "Heat", args: []string{"t"}, apply: func(p *parser, g gid, a []gid, _ []int) gid {
		return p.c.heat(g, a[0], map[gid]gid{})
	}},
	{name: "Overheat", args: []string{"s", "t"}, apply: func(p *parser, g gid, a []gid, _ []int) gid {
		return p.c.overheat(g, a[0], a[1], map[gid]gid{})
	}},
	{name: "Freeze", apply: func(p *parser, g gid, _ []gid, _ []int) gid { return p.c.freeze(g) }},
	{name: "Mean", apply: func(p *parser, g gid, _ []gid, _ []int) gid { return p.c.s.numberID(p.c, p.c.mean(g)) }},
	{name: "Temperature", apply: func(p *parser, g gid, _ []gid, _ []int) gid {
		return p.c.s.numberID(p.c, p.c.temperature(g))
	}},
	{name: "LeftStop", apply: func(p *parser, g gid, _ []gid, _ []int) gid {
		l, _ := p.c.game(g).Stops()
		return p.c.s.numberID(p.c, l)
	}},
	{name: "RightStop", apply: func(p *parser, g gid, _ []gid, _ []int) gid {
		_, r := p.c.game(g).Stops()
		return p.c.s.numberID(p.c, r)
	}},
	{name: "ReducedCanonicalForm", apply: func(p *parser, g gid, _ []gid, _ []int) gid { return p.c.rcf(g) }},
	{name: "AtomicWeight", apply: func(p *parser, g gid, _ []gid, _ []int) gid {
		aw, ok := p.c.atomicWeight(g)
		if !ok {
			p.c.fail(&notation.SyntaxError{What: "game", Input: p.s, Offset: p.call, Msg: "this game has no atomic weight (it is not infinitesimal, or not atomic)", Err: ErrNotAtomic})
		}
		return aw
	}},
	{name: "OrdinalSum", args: []string{"h"}, apply: func(p *parser, g gid, a []gid, _ []int) gid {
		return p.c.ordinalSum(g, a[0], map[gid]gid{})
	}},
	{name: "NortonMultiply", args: []string{"u"}, apply: func(p *parser, g gid, a []gid, _ []int) gid {
		return p.c.norton(g, a[0], map[gid]gid{})
	}},
	{name: "Birthday", apply: func(p *parser, g gid, _ []gid, _ []int) gid {
		return p.c.s.numberID(p.c, NewDyadic(int64(p.c.game(g).Birthday()), 0))
	}},
}

// MethodNames lists the methods Parse reads after a value, as CGSuite
// writes them: "Cool(t)", "Freeze", …
func MethodNames() []string {
	out := make([]string, len(methods))
	for i, m := range methods {
		out[i] = m.name
		if len(m.args) > 0 {
			out[i] += "(" + strings.Join(m.args, ", ") + ")"
		}
	}
	return out
}

func findMethod(name string) *method {
	for i := range methods {
		if strings.EqualFold(methods[i].name, name) {
			return &methods[i]
		}
	}
	return nil
}

// calls reads the methods after g: { "." Name [ "(" expr { "," expr } ")" ] }.
// A "." not followed by a letter is left for the caller to refuse.
func (p *parser) calls(g gid) gid {
	for p.i+1 < len(p.s) && p.s[p.i] == '.' && isLetter(p.s[p.i+1]) {
		start := p.i
		p.i++
		j := p.i
		for j < len(p.s) && isLetter(p.s[j]) {
			j++
		}
		name := p.s[p.i:j]
		m := findMethod(name)
		if m == nil {
			p.fail(p.i, fmt.Sprintf("unknown method %s (methods: %s)", notation.Quote(name), strings.Join(MethodNames(), ", ")))
		}
		p.i = j
		var args []gid
		var at []int
		if p.eat("(") {
			p.enter()
			open := p.i - 1
			for len(args) < len(m.args) {
				if len(args) > 0 && !p.eat(",") {
					break
				}
				p.skip()
				at = append(at, p.i)
				args = append(args, p.expr())
				p.skip()
			}
			if !p.eat(")") {
				p.fail(p.i, fmt.Sprintf("unexpected %s (want \")\" to close the one at column %d: %s takes %s)", p.show(), open+1, m.name, argCount(m.args)))
			}
			p.depth--
		}
		if len(args) != len(m.args) {
			p.fail(start+1, fmt.Sprintf("%s takes %s, written %s", m.name, argCount(m.args), methodUsage(m)))
		}
		p.c.step()
		p.call = start
		g = m.apply(p, g, args, at)
	}
	return g
}

func argCount(args []string) string {
	switch len(args) {
	case 0:
		return "no argument"
	case 1:
		return "one argument"
	}
	return fmt.Sprintf("%d arguments", len(args))
}

func methodUsage(m *method) string {
	if len(m.args) == 0 {
		return "G." + m.name
	}
	return "G." + m.name + "(" + strings.Join(m.args, ", ") + ")"
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// numberArg returns a method's argument as a number, or fails at its column.
func (p *parser) numberArg(g gid, at int, what string) Dyadic {
	x, ok := p.c.game(g).AsNumber()
	if !ok {
		p.fail(at, what+" must be a number")
	}
	return x
}

// Apply applies methods, written as after a value in Parse (".Cool(1)",
// ".Freeze.Mean"), to g. A syntax error's offset is into methods.
func (c *Calc) Apply(g Game, methods string) (Game, error) {
	p := &parser{c: c, s: methods}
	var r gid
	err := c.run(func() {
		r = p.calls(c.own(g))
		p.skip()
		if p.i < len(p.s) {
			p.fail(p.i, fmt.Sprintf("unexpected %s (want .Method)", p.show()))
		}
	})
	return c.game(r), err
}

// freeze is Freeze on an id: g cooled by its temperature.
func (c *Calc) freeze(id gid) gid {
	if _, _, _, ok := c.nus(id); ok {
		return id
	}
	t := c.temperature(id)
	if t.Cmp(Int(-1)) <= 0 {
		return id
	}
	return c.cool(id, t, c.s.numberID(c, t), map[gid]gid{})
}

// atomicWeight is AtomicWeight on an id; ok is false for a game that has
// none.
func (c *Calc) atomicWeight(id gid) (aw gid, ok bool) {
	if !c.infinitesimal(id) {
		return 0, false
	}
	aw = c.naiveAtomicWeight(id, map[gid]gid{})
	if !c.allSmall(id, map[gid]bool{}) && !c.atomic(id, aw) {
		return 0, false
	}
	return aw, true
}

package games

import (
	"context"
	"fmt"
	"strings"

	"github.com/grundy/grundy/partizan"
)

// Thermograph is a value's thermograph (Winning Ways ch. 6; Siegel II.5),
// its walls as points (t, x) from the bottom (t = -1, CGSuite's
// convention) up to where each wall meets the mast: piecewise linear
// between the points, the mast vertical at x = Mast above Temperature.
// CGSuite is the thermograph as CGSuite prints it.
type Thermograph struct {
	Mast        string  `json:"mast"`
	Temperature string  `json:"temperature"`
	Left        []Point `json:"left"`
	Right       []Point `json:"right"`
	CGSuite     string  `json:"cgsuite"`
}

// Point is a point of a wall: at temperature T the wall is at X. T and X
// are exact (dyadic, as CGSuite writes numbers); TF and XF the same as
// floating point numbers, for drawing.
type Point struct {
	T  string  `json:"t"`
	X  string  `json:"x"`
	TF float64 `json:"tf"`
	XF float64 `json:"xf"`
}

func thermographOf(th partizan.Thermograph) *Thermograph {
	return &Thermograph{Mast: th.Mast().String(), Temperature: th.Temperature().String(),
		Left: wall(th.Left), Right: wall(th.Right), CGSuite: th.String()}
}

// wall lists a trajectory's points, bottom first: at t = -1, at each
// breakpoint (Crit, which decreases), and where the top piece is vertical
// from, that is the last breakpoint (a wall without one is vertical from
// t = -1).
func wall(tr partizan.Trajectory) []Point {
	pt := func(t partizan.Dyadic) Point {
		x := tr.At(t)
		tf, _ := t.Rat().Float64()
		xf, _ := x.Rat().Float64()
		return Point{T: t.String(), X: x.String(), TF: tf, XF: xf}
	}
	out := []Point{pt(partizan.Int(-1))}
	for i := len(tr.Crit) - 1; i >= 0; i-- {
		out = append(out, pt(tr.Crit[i]))
	}
	return out
}

func (th *Thermograph) size() int {
	if th == nil {
		return 0
	}
	return len(th.CGSuite) + 48*(len(th.Left)+len(th.Right))
}

// Calculation is the answer of the value calculator: an expression's
// value with its facts, and, for a comparison, the other side and how the
// two compare.
type Calculation struct {
	// Expression is the expression as given (without its outer spaces).
	Expression string `json:"expression"`
	Values
	// Components are the terms of the sum, when it has several.
	Components []Component `json:"components,omitempty"`
	// Relation, for a comparison G OP H, is the operator; Other is H's
	// values, Compare how G compares with H ("equal", "less",
	// "greater", "confused") and Holds whether OP holds.
	Relation string  `json:"relation,omitempty"`
	Other    *Values `json:"other,omitempty"`
	Compare  string  `json:"compare,omitempty"`
	Holds    *bool   `json:"holds,omitempty"`
}

// Calculate evaluates an expression: a sum of games in CGSuite's notation
// ("{1|*} + ^ + *3"), positions of rulesets ("domineering '..|..'") and,
// with a Resolver, impartial catalog games ("kayles 7", each the nimber of
// its value), optionally compared with another ("G <= H", ">=", "==",
// "<", ">", "<>" for confused): its canonical form, outcome, temperature,
// mean, stops and thermograph.
func Calculate(ctx context.Context, expr string, set Settings) (*Calculation, error) {
	s := newSession(ctx, set)
	defer s.close()
	lhs, rel, rhs, rhsOff, relOff, err := splitRelation(expr)
	if err != nil {
		return nil, err
	}
	ks, err := s.parseSum(expr, 0, lhs)
	if err != nil {
		return nil, err
	}
	g, err := s.total(ks)
	if err != nil {
		return nil, err
	}
	out := &Calculation{Expression: strings.TrimSpace(lhs)}
	if out.Values, err = s.values(g); err != nil {
		return nil, err
	}
	if len(ks) > 1 {
		for _, k := range ks {
			v, err := s.format(k.g)
			if err != nil {
				return nil, err
			}
			out.Components = append(out.Components, Component{Kind: k.kind, Game: k.gameName(), Position: k.text, Negated: k.neg, Value: v})
		}
	}
	if rel == "" {
		return out, nil
	}
	hs, err := s.parseSum(expr, rhsOff, rhs)
	if err != nil {
		if _, ok := err.(interface{ Unwrap() error }); !ok && rhs == "" {
			return nil, syntaxErr(expr, relOff, fmt.Sprintf("nothing to compare with after %q", rel))
		}
		return nil, err
	}
	h, err := s.total(hs)
	if err != nil {
		return nil, err
	}
	other, err := s.values(h)
	if err != nil {
		return nil, err
	}
	cmp, err := s.c.Compare(g, h)
	if err != nil {
		return nil, err
	}
	holds := relationHolds(rel, cmp)
	out.Relation, out.Other, out.Compare, out.Holds = rel, &other, relationWord(cmp), &holds
	out.Expression = strings.TrimSpace(expr)
	return out, nil
}

func (k *component) gameName() string {
	switch k.kind {
	case KindRuleset:
		return k.r.Name
	case KindImpartial:
		return k.spec
	}
	return ""
}

func relationWord(r partizan.Relation) string {
	switch r {
	case partizan.Equal:
		return "equal"
	case partizan.Less:
		return "less"
	case partizan.Greater:
		return "greater"
	}
	return "confused"
}

// relationHolds says whether G op H holds when G compares with H as r.
func relationHolds(op string, r partizan.Relation) bool {
	switch op {
	case "<=":
		return r == partizan.Less || r == partizan.Equal
	case ">=":
		return r == partizan.Greater || r == partizan.Equal
	case "==", "=":
		return r == partizan.Equal
	case "<":
		return r == partizan.Less
	case ">":
		return r == partizan.Greater
	}
	return r == partizan.Confused // "<>"
}

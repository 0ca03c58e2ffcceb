package coins

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// RuleError reports a rule name that does not name a coin-turning game.
type RuleError struct {
	Rule   string
	Offset int // byte offset in Rule, or -1
	Msg    string
}

func (e *RuleError) Error() string {
	if e.Offset < 0 {
		return fmt.Sprintf("coin-turning rule %q: %s", e.Rule, e.Msg)
	}
	return fmt.Sprintf("coin-turning rule %q: column %d: %s", e.Rule, e.Offset+1, e.Msg)
}

// rules is the registry of one-dimensional rules, in the order RuleNames
// lists them: a rule's name, and the constructors ParseRule calls for it
// bare (no parameter), with a set of distances (":S") or with a number of
// coins (":K", from 1 to max). A new rule is one line here.
var rules = []ruleSyntax{
	{name: "one", bare: One},
	{name: "turning-turtles", bare: TurningTurtles},
	{name: "mock-turtles", bare: MockTurtles},
	{name: "twins", bare: Twins, set: TwinsAt},
	{name: "subtraction", set: Subtraction},
	{name: "consecutive", count: Consecutive, max: maxParam},
	{name: "ruler", bare: Ruler},
	{name: "grunt", bare: Grunt},
	{name: "moebius", bare: Moebius},
	{name: "mogul", bare: Mogul},
	{name: "up-to", count: UpTo, max: maxUpTo},
}

// ruleSyntax is one entry of rules.
type ruleSyntax struct {
	name  string
	bare  func() *Game
	set   func([]int) (*Game, error)
	count func(int) *Game
	max   int // the largest count
}

// syntaxes are the forms of r ParseRule accepts: "twins", "twins:S".
func (r ruleSyntax) syntaxes() []string {
	var out []string
	if r.bare != nil {
		out = append(out, r.name)
	}
	if r.set != nil {
		out = append(out, r.name+":S")
	}
	if r.count != nil {
		out = append(out, r.name+":K")
	}
	return out
}

// ruleNames lists the rule syntaxes ParseRule accepts.
var ruleNames = func() []string {
	var out []string
	for _, r := range rules {
		out = append(out, r.syntaxes()...)
	}
	return out
}()

// RuleNames returns the rule syntaxes ParseRule accepts, such as
// "mock-turtles" and "up-to:K".
func RuleNames() []string { return append([]string(nil), ruleNames...) }

// ParseRule returns the game a rule name describes (case-insensitive):
//
//	one, turning-turtles, mock-turtles, twins, ruler, grunt, moebius, mogul
//	twins:S, subtraction:S   S a set of distances such as 1,2,3 or 1-3
//	consecutive:K, up-to:K   K a positive whole number
//
// The game's Spec is the canonical rule name. Errors are *RuleError values.
func ParseRule(rule string) (*Game, error) {
	name, args, hasArgs := strings.Cut(rule, ":")
	key := strings.ToLower(strings.TrimSpace(name))
	argOff := len(name) + 1
	i := slices.IndexFunc(rules, func(r ruleSyntax) bool { return r.name == key })
	if i < 0 {
		return nil, &RuleError{Rule: rule, Offset: 0, Msg: fmt.Sprintf("unknown coin-turning rule %q (rules: %s)", name, strings.Join(ruleNames, ", "))}
	}
	r := rules[i]
	switch {
	case !hasArgs && r.bare != nil:
		return r.bare(), nil
	case hasArgs && r.set != nil:
		set, err := parseSet(rule, args, argOff)
		if err != nil {
			return nil, err
		}
		return r.set(set)
	case hasArgs && r.count != nil:
		k, err := parseCount(rule, args, argOff, r.max)
		if err != nil {
			return nil, err
		}
		return r.count(k), nil
	case hasArgs:
		return nil, &RuleError{Rule: rule, Offset: argOff, Msg: key + " takes no parameter"}
	case r.set != nil:
		return nil, &RuleError{Rule: rule, Offset: -1, Msg: key + " needs a set of distances, as in " + key + ":1,2,3"}
	}
	return nil, &RuleError{Rule: rule, Offset: -1, Msg: key + " needs a number of coins, as in " + key + ":3"}
}

func parseCount(rule, s string, off, limit int) (int, error) {
	t := strings.TrimSpace(s)
	at := off + strings.Index(s, t)
	k, err := strconv.Atoi(t)
	if err != nil || k < 1 || k > limit || t[0] == '+' {
		return 0, &RuleError{Rule: rule, Offset: at, Msg: fmt.Sprintf("%q is not a whole number from 1 to %d", t, limit)}
	}
	return k, nil
}

// parseSet reads distances "1,2,3" or ranges "1-3".
func parseSet(rule, s string, off int) ([]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, &RuleError{Rule: rule, Offset: off, Msg: "empty set of distances (want e.g. 1,2,3 or 1-3)"}
	}
	var out []int
	for _, item := range strings.Split(s, ",") {
		t := strings.TrimSpace(item)
		at := off + strings.Index(item, t)
		lo, hi, isRange := strings.Cut(t, "-")
		a, err := parseCount(rule, lo, at, maxSetElem)
		if err != nil {
			return nil, err
		}
		b := a
		if isRange {
			if b, err = parseCount(rule, hi, at+len(lo)+1, maxSetElem); err != nil {
				return nil, err
			}
			if b < a {
				return nil, &RuleError{Rule: rule, Offset: at, Msg: fmt.Sprintf("range %s is empty", t)}
			}
		}
		if len(out)+b-a+1 > maxSetLen {
			return nil, &RuleError{Rule: rule, Offset: at, Msg: fmt.Sprintf("at most %d distances", maxSetLen)}
		}
		for d := a; d <= b; d++ {
			out = append(out, d)
		}
		off += len(item) + 1
	}
	return out, nil
}

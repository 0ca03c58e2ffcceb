package coins

import (
	"fmt"
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

// ruleNames lists the rule syntaxes ParseRule accepts.
var ruleNames = []string{"one", "turning-turtles", "mock-turtles", "twins", "twins:S", "subtraction:S",
	"consecutive:K", "ruler", "grunt", "moebius", "mogul", "up-to:K"}

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
	noArgs := func(g *Game) (*Game, error) {
		if hasArgs {
			return nil, &RuleError{Rule: rule, Offset: argOff, Msg: key + " takes no parameter"}
		}
		return g, nil
	}
	switch key {
	case "one":
		return noArgs(One())
	case "turning-turtles":
		return noArgs(TurningTurtles())
	case "mock-turtles":
		return noArgs(MockTurtles())
	case "ruler":
		return noArgs(Ruler())
	case "grunt":
		return noArgs(Grunt())
	case "moebius":
		return noArgs(Moebius())
	case "mogul":
		return noArgs(Mogul())
	case "twins":
		if !hasArgs {
			return Twins(), nil
		}
		set, err := parseSet(rule, args, argOff)
		if err != nil {
			return nil, err
		}
		return TwinsAt(set)
	case "subtraction":
		if !hasArgs {
			return nil, &RuleError{Rule: rule, Offset: -1, Msg: "subtraction needs a set of distances, as in subtraction:1,2,3"}
		}
		set, err := parseSet(rule, args, argOff)
		if err != nil {
			return nil, err
		}
		return Subtraction(set)
	case "consecutive", "up-to":
		if !hasArgs {
			return nil, &RuleError{Rule: rule, Offset: -1, Msg: key + " needs a number of coins, as in " + key + ":3"}
		}
		limit := maxParam
		if key == "up-to" {
			limit = maxUpTo
		}
		k, err := parseCount(rule, args, argOff, limit)
		if err != nil {
			return nil, err
		}
		if key == "up-to" {
			return UpTo(k), nil
		}
		return Consecutive(k), nil
	}
	return nil, &RuleError{Rule: rule, Offset: 0, Msg: fmt.Sprintf("unknown coin-turning rule %q (rules: %s)", name, strings.Join(ruleNames, ", "))}
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

package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy/grundy/rules"
)

// Family is a kind of game in the catalog, named by the part of a spec string
// before the colon; New builds the game from the part after it.
type Family struct {
	Name    string   `json:"name"`
	Aliases []string `json:"aliases,omitempty"`
	// Syntax shows the spec form, such as "subtract:S".
	Syntax string `json:"syntax"`
	// Rule states the rule in one line.
	Rule string `json:"rule"`
	// Example is a complete spec string.
	Example string `json:"example"`
	// New builds the game from the arguments after "name:" ("" if none).
	// Errors are *SpecError values with offsets into args.
	New func(args string) (Game, error) `json:"-"`
	// NewContext, if set, is New for a family whose construction runs the
	// user's code (starlark:FILE runs the file's top level): it stops when
	// ctx ends and runs the code under lim. ParseContext uses it.
	NewContext func(ctx context.Context, args string, lim rules.Limits) (Game, error) `json:"-"`
}

// Families returns the catalog, one entry per family, in display order.
func Families() []Family {
	return []Family{
		nimFamily(),
		subtractFamily(),
		takeRangeFamily(), multiplyFamily(), northcottFamily(), nimbleFamily(), staircaseFamily(), climbingFamily(), mooreFamily(), wythoffFamily(), fibonacciFamily(),
		octalFamily(), hexFamily(), grundyFamily(), namedOctalFamily(0), namedOctalFamily(1), namedOctalFamily(2), namedOctalFamily(3), namedOctalFamily(4), namedOctalFamily(5),
		coinsFamily(),
		starlarkFamily(),
		sumFamily(),
	}
}

// Parse returns the game a spec string names, such as "nim",
// "subtract:1,3,4" or "subtract:1-3". Names are case-insensitive.
// A malformed spec gives a *SpecError. It is ParseContext with no deadline
// and the default limits of rule files.
func Parse(spec string) (Game, error) {
	return ParseContext(context.Background(), spec, rules.Limits{})
}

// ParseContext is Parse for a computation: a rule file named by the spec
// (starlark:FILE) is loaded under ctx (its deadline, cancellation) and lim,
// the limits of the computation's Starlark code. A rule file that stops on
// a limit gives an error that unwraps to an *impartial.BudgetError (not a
// *SpecError).
func ParseContext(ctx context.Context, spec string, lim rules.Limits) (Game, error) {
	s := strings.TrimSpace(spec)
	lead := strings.Index(spec, s)
	name, args, _ := strings.Cut(s, ":")
	key := strings.ToLower(name)
	if s == "" {
		return nil, &SpecError{Spec: spec, Offset: -1, Msg: "no game named (run `grundy games` for the list)"}
	}
	fams := Families()
	for _, f := range fams {
		if f.Name != key && !slices.Contains(f.Aliases, key) {
			continue
		}
		var g Game
		var err error
		if f.NewContext != nil {
			g, err = f.NewContext(ctx, args, lim)
		} else {
			g, err = f.New(args)
		}
		var se *SpecError
		if errors.As(err, &se) {
			se.Spec = spec
			if se.Offset >= 0 {
				se.Offset += lead + len(name) + 1
			}
		}
		return g, err
	}
	msg := fmt.Sprintf("unknown game %q", name)
	if near := nearest(key, fams); near != "" {
		msg += fmt.Sprintf("; did you mean %q?", near)
	}
	return nil, &SpecError{Spec: spec, Offset: lead, Msg: msg + " (run `grundy games` for the list)"}
}

// LookupFamily returns the family a spec's name (the part before ":")
// names, or ok = false.
func LookupFamily(spec string) (Family, bool) {
	name, _, _ := strings.Cut(strings.TrimSpace(spec), ":")
	key := strings.ToLower(name)
	for _, f := range Families() {
		if f.Name == key || slices.Contains(f.Aliases, key) {
			return f, true
		}
	}
	return Family{}, false
}

// nearest returns the family name or alias closest to name, if close enough
// to be a likely typo.
func nearest(name string, fams []Family) string {
	best, bestD := "", 3
	for _, f := range fams {
		for _, n := range append([]string{f.Name}, f.Aliases...) {
			if d := editDistance(name, n); d < bestD {
				best, bestD = n, d
			}
		}
	}
	return best
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// noArgs rejects arguments for a family that takes none.
func noArgs(name, args string) error {
	if args != "" {
		return &SpecError{Offset: -1, Msg: fmt.Sprintf("%s takes no arguments (got %q)", name, args)}
	}
	return nil
}

// ParseIntSet reads a set of positive integers written as a comma list of
// numbers and ranges, such as "1,3,4" or "1-3,7". Errors are *SpecError
// values with offsets into s.
func ParseIntSet(s string) ([]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, &SpecError{Offset: -1, Msg: "empty set (want sizes such as 1,3,4 or a range 1-3)"}
	}
	var out []int
	off := 0
	for _, item := range strings.Split(s, ",") {
		text := strings.TrimSpace(item)
		at := off + strings.Index(item, text)
		lo, hi, isRange := strings.Cut(text, "-")
		a, err := parsePositive(lo, at)
		if err != nil {
			return nil, err
		}
		b := a
		if isRange {
			if b, err = parsePositive(hi, at+len(lo)+1); err != nil {
				return nil, err
			}
			if b < a {
				return nil, &SpecError{Offset: at, Msg: fmt.Sprintf("range %s is empty (%d > %d)", text, a, b)}
			}
			if b-a > 1<<20 {
				return nil, &SpecError{Offset: at, Msg: fmt.Sprintf("range %s is too long (at most %d sizes)", text, 1<<20)}
			}
		}
		for x := a; x <= b; x++ {
			out = append(out, x)
		}
		off += len(item) + 1
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

func parsePositive(s string, at int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 || n > 1<<40 {
		if s == "" {
			return 0, &SpecError{Offset: at, Msg: "missing number"}
		}
		return 0, &SpecError{Offset: at, Msg: fmt.Sprintf("%q is not a positive whole number", s)}
	}
	return n, nil
}

// FormatIntSet writes an ascending set of integers as ParseIntSet reads it,
// with runs of three or more written as ranges.
func FormatIntSet(set []int) string {
	var parts []string
	for i := 0; i < len(set); {
		j := i
		for j+1 < len(set) && set[j+1] == set[j]+1 {
			j++
		}
		if j-i >= 2 {
			parts = append(parts, fmt.Sprintf("%d-%d", set[i], set[j]))
		} else {
			for k := i; k <= j; k++ {
				parts = append(parts, strconv.Itoa(set[k]))
			}
		}
		i = j + 1
	}
	return strings.Join(parts, ",")
}

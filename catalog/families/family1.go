package families

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/notation"
)

// argInt reads the single whole-number argument of a family such as moore:2.
func argInt(args, what string, lo int) (int, error) {
	t := strings.TrimSpace(args)
	n, err := strconv.Atoi(t)
	if err != nil || n < lo || n > 1<<30 {
		if t == "" {
			return 0, &catalog.SpecError{Offset: -1, Msg: "missing " + what}
		}
		return 0, &catalog.SpecError{Offset: strings.Index(args, t), Msg: fmt.Sprintf("%s %q is not a whole number ≥ %d", what, t, lo)}
	}
	return n, nil
}

func takeRangeFamily() catalog.Family {
	return catalog.Family{
		Name:       "take-range",
		Syntax:     "take-range:p,q",
		Rule:       "take p..q tokens from one heap, all of them if fewer than p remain (HDU 2897: the last taker loses, misère play)",
		Example:    "take-range:2,3",
		Board:      "heaps",
		ClosedForm: "r = n mod (p+q): G = ⌈r/p⌉ for r ≤ q, else 0; misère single heap: P iff r ∈ 1..p (HDU 2897)",
		New: func(args string) (*catalog.Game, error) {
			a, b, ok := strings.Cut(args, ",")
			if !ok {
				return nil, &catalog.SpecError{Offset: -1, Msg: "want two numbers p,q with 1 ≤ p ≤ q (take-range:2,3)"}
			}
			p, err := argInt(a, "p", 1)
			if err != nil {
				return nil, err
			}
			q, err := argInt(b, "q", 1)
			if err != nil {
				if se, ok := err.(*catalog.SpecError); ok && se.Offset >= 0 {
					se.Offset += len(a) + 1
				}
				return nil, err
			}
			g, err := games.NewTakeRange(p, q)
			if err != nil {
				return nil, &catalog.SpecError{Offset: -1, Msg: err.Error()}
			}
			return catalog.NewHeapGame(catalog.Info{
				Spec:    fmt.Sprintf("take-range:%d,%d", p, q),
				Name:    fmt.Sprintf("take %d to %d", p, q),
				Rule:    fmt.Sprintf("A move takes %d to %d tokens from one heap, or all of them when fewer than %d remain. Normal play: the last taker wins; under misère play the last taker loses (HDU 2897).", p, q, p),
				Example: "7",
			}, g), nil
		},
	}
}

func multiplyFamily() catalog.Family {
	return catalog.Family{
		Name:       "multiply",
		Syntax:     "multiply:K,n",
		Rule:       "start at 1, multiply by a factor in K (e.g. 2-9); the first to reach n or more wins (HDU 1517)",
		Example:    "multiply:2-9,162",
		ClosedForm: "G is constant on runs of ⌈n/p⌉, a table of a few dozen runs; K = 2..9: P-runs (9·18^j, 18^(j+1)] (HDU 1517)",
		New: func(args string) (*catalog.Game, error) {
			i := strings.LastIndex(args, ",")
			if i < 0 {
				return nil, &catalog.SpecError{Offset: -1, Msg: "want factors and a target, as in multiply:2-9,162"}
			}
			ks, err := parseIntSet(args[:i])
			if err != nil {
				return nil, err
			}
			t := strings.TrimSpace(args[i+1:])
			n, err := strconv.ParseUint(t, 10, 64)
			if err != nil || n < 1 {
				return nil, &catalog.SpecError{Offset: i + 1, Msg: fmt.Sprintf("target %q is not a whole number in 1..%d", t, uint64(1<<64-1))}
			}
			rule, err := games.NewMultiplyRule(ks)
			if err != nil {
				return nil, &catalog.SpecError{Offset: -1, Msg: err.Error()}
			}
			g := rule.Game(n)
			spec := fmt.Sprintf("multiply:%s,%d", notation.FormatIntSet(ks), n)
			return catalog.NewSumGame[uint64](catalog.Info{
				Spec:     spec,
				Name:     fmt.Sprintf("multiplication game to %d", n),
				Rule:     fmt.Sprintf("A number starts at 1; a move multiplies it by a factor in {%s}; whoever first makes it %d or more wins.", notation.FormatIntSet(ks), n),
				Position: fmt.Sprintf("the current number p (1 ≤ p ≤ %d; %d means the game is over)", n, n),
				Example:  "1",
			}, g, catalog.Codec[uint64]{
				Parse:    g.ParsePosition,
				Format:   g.FormatPosition,
				Describe: func(ps []uint64, i int, to uint64) string { return g.DescribeMove(ps[i], to) },
			}), nil
		},
	}
}

func northcottFamily() catalog.Family {
	return catalog.Family{
		Name:       "northcott",
		Syntax:     "northcott",
		Rule:       "rows of two pieces; slide one piece toward the other without jumping (each row is a Nim heap of its gap; HDU 1730)",
		Example:    "northcott",
		ClosedForm: "G = the gap between the two pieces of a row (Winning Ways ch. 2; HDU 1730)",
		New: func(args string) (*catalog.Game, error) {
			if err := catalog.NoArgs("northcott", args); err != nil {
				return nil, err
			}
			return catalog.NewSumGame[games.Row](catalog.Info{
				Spec:     "northcott",
				Name:     "Northcott's game",
				Rule:     "Each row holds two pieces; a move slides one piece along its row toward the other, any distance, without jumping over or onto it. (Moves away are reversible and never change the outcome.)",
				Position: `rows "a b" (the two pieces' columns) separated by ";", e.g. "1 4; 3 6"`,
				Example:  "1 4; 3 6",
			}, games.Northcott{}, catalog.Codec[games.Row]{
				Parse:    games.ParseRows,
				Format:   games.FormatRows,
				Describe: games.Northcott{}.DescribeMove,
			}), nil
		},
	}
}

func nimbleFamily() catalog.Family {
	return catalog.Family{
		Name:       "nimble",
		Syntax:     "nimble",
		Rule:       "coins on a strip; slide one coin any distance left, passing or joining others (HDU 1849)",
		Example:    "nimble",
		Board:      "strip",
		ClosedForm: "G = the square of each coin (Winning Ways ch. 15; HDU 1849)",
		New: func(args string) (*catalog.Game, error) {
			if err := catalog.NoArgs("nimble", args); err != nil {
				return nil, err
			}
			return catalog.NewSumGame[int](catalog.Info{
				Spec:     "nimble",
				Name:     "Nimble",
				Rule:     "Coins lie on squares 0, 1, 2, … of a strip; a move slides one coin any number of squares to the left, passing or joining other coins; whoever cannot move loses.",
				Position: `the coins' squares separated by spaces, e.g. "3 5 6"`,
				Example:  "3 5 6",
			}, games.Nimble{}, catalog.Codec[int]{
				Parse:    func(s string) ([]int, error) { return games.ParseInts(s, "square", `squares such as "3 5 6"`) },
				Format:   games.FormatHeaps,
				Describe: games.Nimble{}.DescribeMove,
			}), nil
		},
	}
}

// withBoard gives a list codec its drawing (one list: the whole position).
func withBoard(c catalog.Codec[games.List], draw func([]int) string) catalog.Codec[games.List] {
	c.Board = func(ls []games.List) string {
		if len(ls) != 1 {
			return ""
		}
		return draw(ls[0].Ints())
	}
	return c
}

// listCodec reads a one-component position written as a list of numbers
// (games.ParseList); a sum of several is written with "+".
func listCodec(what string, check func([]int) error, describe func(from, to []int) string) catalog.Codec[games.List] {
	return catalog.Codec[games.List]{
		Parse: func(s string) ([]games.List, error) {
			l, err := games.ParseList(s, what, what+` such as "3 1 4"`, check)
			if err != nil {
				return nil, err
			}
			return []games.List{l}, nil
		},
		Format:   func(ps []games.List) string { return joinStrings(ps, " + ") },
		Describe: func(ps []games.List, i int, to games.List) string { return describe(ps[i].Ints(), to.Ints()) },
	}
}

// joinStrings writes components with their String methods.
func joinStrings[T fmt.Stringer](ps []T, sep string) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.String()
	}
	return strings.Join(parts, sep)
}

func staircaseFamily() catalog.Family {
	return catalog.Family{
		Name:       "staircase",
		Syntax:     "staircase",
		Rule:       "coins on stairs 1, 2, …; move any number of coins from one stair to the stair below (from stair 1 they leave)",
		Example:    "staircase",
		Board:      "stairs",
		ClosedForm: "G = XOR of the coins on the odd stairs",
		New: func(args string) (*catalog.Game, error) {
			if err := catalog.NoArgs("staircase", args); err != nil {
				return nil, err
			}
			return catalog.NewSumGame[games.List](catalog.Info{
				Spec:     "staircase",
				Name:     "staircase Nim",
				Rule:     "Coins lie on the stairs 1, 2, …, k; a move takes any positive number of coins from one stair down to the stair below (coins moved from stair 1 leave the game); whoever cannot move loses. Value: XOR of the odd stairs.",
				Position: `the number of coins on each stair, lowest first, e.g. "3 1 4"`,
				Example:  "3 1 4",
			}, games.Staircase{}, withBoard(listCodec("coin count", nil, games.Staircase{}.DescribeMove), games.DrawStaircase)), nil
		},
	}
}

func climbingFamily() catalog.Family {
	return catalog.Family{
		Name:       "climbing-hill",
		Syntax:     "climbing-hill:k",
		Rule:       "people below a hilltop move up without passing; the k-th is the king; who brings him to the top wins (HDU 4315)",
		Example:    "climbing-hill:3",
		ClosedForm: "outcome only: the pairing rule (HDU 4315, corrected)",
		New: func(args string) (*catalog.Game, error) {
			k, err := argInt(args, "king", 1)
			if err != nil {
				return nil, err
			}
			g, _ := games.NewClimbingHill(k)
			return catalog.NewSumGame[games.List](catalog.Info{
				Spec:     fmt.Sprintf("climbing-hill:%d", k),
				Name:     fmt.Sprintf("Climbing the Hill, king %d", k),
				Rule:     fmt.Sprintf("People stand on cells below the top of a hill (cell 0); a move takes one person up any number of cells, never onto or past another, except that the top holds anyone. Person %d is the king: whoever brings him to the top wins.", k),
				Position: `the people's cells from the top down, e.g. "1 2 4" (0 = at the top)`,
				Example:  "1 2 4",
			}, g, listCodec("cell", g.Valid, g.DescribeMove)), nil
		},
	}
}

func mooreFamily() catalog.Family {
	return catalog.Family{
		Name:       "moore",
		Syntax:     "moore:k",
		Rule:       "Moore's Nim_k: take from up to k heaps at once",
		Example:    "moore:2",
		Board:      "heaps",
		ClosedForm: "outcome only: P iff every binary digit's count is ≡ 0 mod k+1 (Moore 1910)",
		New: func(args string) (*catalog.Game, error) {
			k, err := argInt(args, "k", 1)
			if err != nil {
				return nil, err
			}
			g, _ := games.NewMoore(k)
			return catalog.NewSumGame[games.List](catalog.Info{
				Spec:     fmt.Sprintf("moore:%d", k),
				Name:     fmt.Sprintf("Moore's Nim_%d", k),
				Rule:     fmt.Sprintf("A move removes tokens from at least one and at most %d heaps, any positive number from each; whoever cannot move loses.", k),
				Position: `heap sizes separated by spaces, e.g. "3 4 5" (one game, not a sum)`,
				Example:  "3 4 5",
			}, g, listCodec("heap size", nil, g.DescribeMove)), nil
		},
	}
}

func wythoffFamily() catalog.Family {
	return catalog.Family{
		Name:       "wythoff",
		Syntax:     "wythoff",
		Rule:       "two heaps; take any number from one heap, or the same number from both",
		Example:    "wythoff",
		Board:      "queen",
		OEIS:       "A004481", // the table of G(a, b), read by antidiagonals
		ClosedForm: "outcome: P-positions (⌊kφ⌋, ⌊kφ²⌋) (Wythoff 1907; OEIS A000201, A001950); values searched",
		New: func(args string) (*catalog.Game, error) {
			if err := catalog.NoArgs("wythoff", args); err != nil {
				return nil, err
			}
			codec := catalog.Codec[games.Pair]{
				Parse: func(s string) ([]games.Pair, error) {
					p, err := games.ParsePair(s)
					return []games.Pair{p}, err
				},
				Format: func(ps []games.Pair) string { return joinStrings(ps, " + ") },
				Board: func(ps []games.Pair) string {
					var boards []string
					for _, p := range ps {
						d := games.DrawQueen(p)
						if d == "" {
							return ""
						}
						boards = append(boards, d)
					}
					return strings.Join(boards, "+\n")
				},
				Describe: func(ps []games.Pair, i int, to games.Pair) string { return games.Wythoff{}.DescribeMove(ps[i], to) },
			}
			return catalog.New(catalog.Spec[games.Pair]{
				Info: catalog.Info{
					Spec:     "wythoff",
					Name:     "Wythoff's game",
					Rule:     "Two heaps; a move takes any positive number of tokens from one heap, or the same positive number from both; whoever cannot move loses. P-positions: (⌊kφ⌋, ⌊kφ²⌋).",
					Position: `the two heap sizes, e.g. "3 5"`,
					Example:  "4 7",
				},
				Bind: func(context.Context, catalog.Options) (*catalog.Binding[games.Pair], error) {
					return &catalog.Binding[games.Pair]{Game: games.Wythoff{}, Codec: codec}, nil
				},
				Cell: func(a, b int) games.Pair { return games.Pair{A: a, B: b} },
				Tabulate: func(ctx context.Context, n int, _ catalog.Options) ([][]impartial.Nimber, error) {
					return games.WythoffTable(ctx, n)
				},
			}), nil
		},
	}
}

func fibonacciFamily() catalog.Family {
	return catalog.Family{
		Name:       "fibonacci-nim",
		Aliases:    []string{"fibonacci"},
		Syntax:     "fibonacci-nim",
		Rule:       "one heap; the first move takes any number but not all, later moves at most twice the previous one (HDU 2516)",
		Example:    "fibonacci-nim",
		ClosedForm: "outcome: the smallest Zeckendorf term of n within the limit wins (Whinihan 1963; HDU 2516)",
		New: func(args string) (*catalog.Game, error) {
			if err := catalog.NoArgs("fibonacci-nim", args); err != nil {
				return nil, err
			}
			return catalog.NewSumGame[games.FibPos](catalog.Info{
				Spec:     "fibonacci-nim",
				Name:     "Fibonacci Nim",
				Rule:     "One heap; the first move takes any number of tokens but not all, every later move takes 1 to twice the previous move; whoever takes the last token wins. The first player loses exactly when the heap is a Fibonacci number.",
				Position: `"n" before the first move, or "n m": n tokens left after a move that took m`,
				Example:  "20",
			}, games.FibonacciNim{}, catalog.Codec[games.FibPos]{
				Parse: func(s string) ([]games.FibPos, error) {
					p, err := games.ParseFibPos(s)
					return []games.FibPos{p}, err
				},
				Format:   func(ps []games.FibPos) string { return joinStrings(ps, " + ") },
				Describe: func(_ []games.FibPos, _ int, to games.FibPos) string { return games.FibonacciNim{}.DescribeMove(to) },
			}), nil
		},
	}
}

var (
	_ impartial.Game[games.List]        = games.Staircase{}
	_ impartial.OutcomeRule[games.Pair] = games.Wythoff{}
)

package catalog

import (
	"strings"

	"github.com/grundy/grundy/games"
)

func subtractFamily() Family {
	return Family{
		Name:    "subtract",
		Syntax:  "subtract:S",
		Rule:    "remove s tokens from one heap, s in the set S (1,3,4 or a range 1-3; also subtract:pow2 and subtract:all-but:E)",
		Example: "subtract:1,3,4",
		New: func(args string) (Game, error) {
			switch low := strings.ToLower(strings.TrimSpace(args)); {
			case low == "pow2":
				return pow2Game(), nil
			case strings.HasPrefix(low, "all-but:") || low == "all-but":
				return allButGame(args)
			}
			set, err := ParseIntSet(args)
			if err != nil {
				return nil, err
			}
			g, err := games.NewSubtraction(set)
			if err != nil {
				return nil, &SpecError{Offset: -1, Msg: err.Error()}
			}
			return NewHeapGame(Info{
				Spec:    "subtract:" + FormatIntSet(set),
				Name:    "subtraction game {" + setWords(set) + "}",
				Rule:    "A move removes s tokens from one heap, for some s in {" + setWords(set) + "}; whoever cannot move loses.",
				Example: "7",
			}, g), nil
		},
	}
}

func pow2Game() Game {
	return NewHeapGame(Info{
		Spec:    "subtract:pow2",
		Name:    "subtraction game {1, 2, 4, 8, …}",
		Rule:    "A move removes a power of two (1, 2, 4, 8, …) tokens from one heap; whoever cannot move loses. G(n) = n mod 3 (HDU 1847).",
		Example: "7",
	}, games.PowerSubtraction{})
}

func allButGame(args string) (Game, error) {
	_, list, _ := strings.Cut(args, ":")
	off := strings.Index(args, ":") + 1
	var except []int
	if strings.TrimSpace(list) != "" {
		var err error
		if except, err = ParseIntSet(list); err != nil {
			if se, ok := err.(*SpecError); ok && se.Offset >= 0 {
				se.Offset += off
			}
			return nil, err
		}
	}
	g, err := games.NewAllBut(except)
	if err != nil {
		return nil, &SpecError{Offset: -1, Msg: err.Error()}
	}
	return NewHeapGame(Info{
		Spec:    "subtract:all-but:" + FormatIntSet(except),
		Name:    "all-but subtraction game, all but {" + setWords(except) + "}",
		Rule:    "A move removes any positive number of tokens from one heap except the sizes {" + setWords(except) + "}; whoever cannot move loses.",
		Example: "7",
	}, g), nil
}

// setWords writes a set for people: "1, 3, 4", with runs as ranges ("2-3000")
// so that a long range does not make a name kilobytes long.
func setWords(set []int) string { return strings.ReplaceAll(FormatIntSet(set), ",", ", ") }

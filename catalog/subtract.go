package catalog

import (
	"fmt"
	"strings"

	"github.com/grundy/grundy/games"
)

func subtractFamily() Family {
	return Family{
		Name:    "subtract",
		Syntax:  "subtract:S",
		Rule:    "remove s tokens from one heap, s in the set S (a list such as 1,3,4 or a range 1-3)",
		Example: "subtract:1,3,4",
		New: func(args string) (Game, error) {
			set, err := ParseIntSet(args)
			if err != nil {
				return nil, err
			}
			g, err := games.NewSubtraction(set)
			if err != nil {
				return nil, &SpecError{Offset: -1, Msg: err.Error()}
			}
			spec := FormatIntSet(set)
			words := make([]string, len(set))
			for i, s := range set {
				words[i] = fmt.Sprint(s)
			}
			return NewHeapGame(Info{
				Spec:    "subtract:" + spec,
				Name:    "subtraction game {" + strings.Join(words, ", ") + "}",
				Rule:    "A move removes s tokens from one heap, for some s in {" + strings.Join(words, ", ") + "}; whoever cannot move loses.",
				Example: "7",
			}, g), nil
		},
	}
}

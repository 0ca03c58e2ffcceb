package catalog

import "github.com/grundy/grundy/games"

func nimFamily() Family {
	return Family{
		Name:       "nim",
		Syntax:     "nim",
		Rule:       "remove any number of tokens from one heap",
		Example:    "nim",
		Board:      "heaps",
		ClosedForm: "G(n) = n (Bouton 1901); misère: Bouton's rule",
		New: func(args string) (Game, error) {
			if err := NoArgs("nim", args); err != nil {
				return nil, err
			}
			return NewHeapGame(Info{
				Spec:    "nim",
				Name:    "Nim",
				Rule:    "A move removes any positive number of tokens from one heap; under normal play whoever takes the last token wins.",
				Example: "3 4 5",
			}, games.Nim{}), nil
		},
	}
}

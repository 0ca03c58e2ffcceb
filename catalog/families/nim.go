package families

import (
	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/games"
)

func nimFamily() catalog.Family {
	return catalog.Family{
		Name:       "nim",
		Syntax:     "nim",
		Rule:       "remove any number of tokens from one heap",
		Example:    "nim",
		Board:      "heaps",
		ClosedForm: "G(n) = n (Bouton 1901); misère: Bouton's rule",
		New: func(args string) (*catalog.Game, error) {
			if err := catalog.NoArgs("nim", args); err != nil {
				return nil, err
			}
			return catalog.NewHeapGame(catalog.Info{
				Spec:    "nim",
				Name:    "Nim",
				Rule:    "A move removes any positive number of tokens from one heap; under normal play whoever takes the last token wins.",
				Example: "3 4 5",
			}, games.Nim{}), nil
		},
	}
}

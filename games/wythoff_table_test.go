package games

import (
	"context"
	"testing"

	"github.com/grundy/grundy/impartial"
)

// WythoffTable is the search of Wythoff's game cell by cell: the engine's
// values of every (a, b) below 48, with the closed forms hidden
// (impartial.Plain).
func TestWythoffTableAgainstSearch(t *testing.T) {
	const n = 48
	tab, err := WythoffTable(context.Background(), n)
	if err != nil {
		t.Fatal(err)
	}
	s := impartial.NewSolver(impartial.Plain[Pair](Wythoff{}), impartial.Settings{})
	for a := range n {
		for b := range n {
			v, err := s.Value(context.Background(), Pair{a, b})
			if err != nil {
				t.Fatal(err)
			}
			if tab[a][b] != v {
				t.Fatalf("G(%d, %d): table %d, search %d", a, b, tab[a][b], v)
			}
		}
	}
	// Its zeros are the P-positions of the closed form, far past the search.
	big, err := WythoffTable(context.Background(), 500)
	if err != nil {
		t.Fatal(err)
	}
	for a := range 500 {
		for b := range 500 {
			if o, _ := (Wythoff{}).ClosedOutcome(Pair{a, b}); (big[a][b] == 0) != (o == impartial.P) {
				t.Fatalf("G(%d, %d) = %d, but the closed form says %v", a, b, big[a][b], o)
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := WythoffTable(ctx, 10); err == nil {
		t.Error("an ended context: no error")
	}
}

package play_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/catalog/play"
	"github.com/grundy/grundy/games"
)

// CheckHistory accepts the games played (random legal games of Nim, each
// move one of Moves') and refuses a history with one position changed at
// the first position that no longer follows: the truth is Nim's rule, a
// move lowers exactly one heap.
func TestCheckHistory(t *testing.T) {
	ctx := context.Background()
	g, _ := families.Parse("nim")
	r := rand.New(rand.NewPCG(45, 2))
	legal := func(a, b []int) bool { // one heap lowered, the others kept
		if len(a) != len(b) {
			return false
		}
		lowered := 0
		for i := range a {
			switch {
			case b[i] < a[i]:
				lowered++
			case b[i] > a[i]:
				return false
			}
		}
		return lowered == 1
	}
	for range 200 {
		game := []string{games.FormatHeaps([]int{r.IntN(6), r.IntN(6), r.IntN(6)})}
		for {
			ms, err := g.Moves(ctx, game[len(game)-1], catalog.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(ms) == 0 || len(game) > 1 && r.IntN(6) == 0 {
				break
			}
			game = append(game, ms[r.IntN(len(ms))].To)
		}
		if len(game) < 2 {
			continue
		}
		history, position := game[:len(game)-1], game[len(game)-1]
		if _, err := play.CheckHistory(ctx, g, history, position, catalog.Options{}); err != nil {
			t.Fatalf("%v then %s: %v", history, position, err)
		}
		// Change one position of the history at random.
		bad := append([]string(nil), history...)
		j := r.IntN(len(bad))
		bad[j] = games.FormatHeaps([]int{r.IntN(6), r.IntN(6), r.IntN(6)})
		seq := append(append([]string(nil), bad...), position)
		first := -1 // the first position (index into seq) that does not follow
		for i := 1; i < len(seq); i++ {
			a, _ := games.ParseHeaps(seq[i-1])
			b, _ := games.ParseHeaps(seq[i])
			if !legal(a, b) {
				first = i
				break
			}
		}
		_, err := play.CheckHistory(ctx, g, bad, position, catalog.Options{})
		var he *play.HistoryError
		switch {
		case first < 0 && err != nil:
			t.Errorf("%v then %s: %v, but it is a game", bad, position, err)
		case first >= 0 && !errors.As(err, &he):
			t.Errorf("%v then %s: %v, want a HistoryError", bad, position, err)
		case first >= 0 && (first == len(bad) && he.Index != 0 || first < len(bad) && he.Index != first+1):
			t.Errorf("%v then %s: the error names %d, want position %d of the history (0: the position)", bad, position, he.Index, first+1)
		}
	}
}

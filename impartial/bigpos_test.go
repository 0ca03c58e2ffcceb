package impartial_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy/grundy/impartial"
)

// bigOptions is a game of string positions whose root has 64 options of
// 1 MiB each (a coin-turning position far out holds millions of heads),
// none of which has a move: values 0, so the root has value 1. Its
// TargetCounter counts the root's moves to value 0 and lists none, as a
// coin game does when each is too large to write.
type bigOptions struct{}

func (bigOptions) Moves(p string, yield func(string) bool) {
	if p != "root" {
		return
	}
	for i := range 64 {
		if !yield(strconv.Itoa(i) + strings.Repeat("x", 1<<20)) {
			return
		}
	}
}

func (bigOptions) ClosedValue(p string) (impartial.Nimber, bool) {
	if p == "root" {
		return 1, true
	}
	return 0, true
}

func (bigOptions) CountMovesToValue(_ context.Context, p string, v impartial.Nimber, _ int, _ impartial.Budget) ([]string, int64, []impartial.MoveClass, bool, error) {
	if p == "root" && v == 0 {
		return nil, 64, nil, true, nil
	}
	return nil, 0, nil, true, nil
}

// TestRankingCountsStringBytes: the remoteness ranking holds every option
// it meets; 64 MiB of string positions pass its 32 MiB bound, which it
// counted as 40 bytes a position before.
func TestRankingCountsStringBytes(t *testing.T) {
	res, err := impartial.Analyze(context.Background(), impartial.Game[string](bigOptions{}), []string{"root"},
		impartial.Query{AllOptions: true, Settings: impartial.Settings{Budget: impartial.DefaultBudget}})
	if err != nil {
		t.Fatal(err)
	}
	if be := res.RemotenessStopped; be == nil || be.Limit != impartial.LimitMemory {
		t.Errorf("ranking stopped by %v, want the memory bound", res.RemotenessStopped)
	}
	if res.Remoteness != nil {
		t.Errorf("remoteness %d, want none", *res.Remoteness)
	}
	// The same options as parts of a sum.
	c := impartial.NewCompound()
	c.Add(impartial.NewTerm[string](bigOptions{}))
	cres, err := impartial.Analyze(context.Background(), impartial.Game[impartial.Part](c), []impartial.Part{{Term: 0, Pos: "root"}},
		impartial.Query{AllOptions: true, Settings: impartial.Settings{Budget: impartial.DefaultBudget}})
	if err != nil {
		t.Fatal(err)
	}
	if be := cres.RemotenessStopped; be == nil || be.Limit != impartial.LimitMemory {
		t.Errorf("sum: ranking stopped by %v, want the memory bound", cres.RemotenessStopped)
	}
}

// TestReplyRefusesUnlistedWin: when the winning moves are counted but none
// could be listed, Reply refuses rather than play the first legal move,
// which would throw the game away.
func TestReplyRefusesUnlistedWin(t *testing.T) {
	_, ok, err := impartial.Reply(context.Background(), impartial.Game[string](bigOptions{}), []string{"root"},
		impartial.Query{Settings: impartial.Settings{Budget: impartial.Budget{MaxOutput: 1 << 20, MaxMemory: 1 << 26}}})
	var be *impartial.BudgetError
	if ok || !errors.As(err, &be) || be.Limit != impartial.LimitOutput {
		t.Errorf("Reply = %v, %v; want an output budget error", ok, err)
	}
}

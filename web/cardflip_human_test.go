package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy/cardflip"
)

// A person who clicks what a strategy would do sees, after every action,
// the row the engine recorded for that strategy's game of the same deal
// (cardflip.Record), the number on each card looked at, and at the end
// X and the deal: the look at m with 1..m−1 face up ends the game at once.
func TestCardflipHumanReplaysRecord(t *testing.T) {
	s := New(Config{})
	for _, name := range []string{"front-to-back", "single", "best"} {
		st, _ := cardflip.Lookup(name)
		rec, err := cardflip.Record(context.Background(), st, 7, cardflip.Rules{Players: 1}, 3, 0)
		if err != nil {
			t.Fatal(err)
		}
		var actions []string
		for k, step := range rec.Steps {
			// The look alone: the card's number is shown, nothing moves yet.
			var got CardflipHuman
			target := "/api/cardflip/human?" + q("m", "7", "seed", "3", "actions", strings.Join(append(slices.Clone(actions), fmt.Sprint(step.Look)), " "))
			code, body := get(t, s, target)
			if code != 200 || json.Unmarshal([]byte(body), &got) != nil {
				t.Fatalf("%s: %s = %d %s", name, target, code, body)
			}
			if step.End {
				// The look at m with 1..m−1 face up ends the game at once.
				if got.Peek != nil || !got.Done || got.Turns != rec.X || k+1 != rec.X || !slices.Equal(got.Row, step.After) || !slices.Equal(got.Deal, rec.Deal) {
					t.Fatalf("%s, last turn %d, look %d: %s; the engine's game ends with %v, X = %d", name, k+1, step.Look, body, step.After, rec.X)
				}
				break
			}
			if got.Peek == nil || got.Peek.Look != step.Look || got.Peek.Value != step.Value || !slices.Equal(got.Row, step.Before) || got.Turns != k {
				t.Fatalf("%s, turn %d, look %d: %s; the engine's game shows %v and the card %d", name, k+1, step.Look, body, step.Before, step.Value)
			}
			up := ""
			if step.Up {
				up = "u"
			}
			actions = append(actions, fmt.Sprintf("%d>%d%s", step.Look, step.To, up))
			target = "/api/cardflip/human?" + q("m", "7", "seed", "3", "actions", strings.Join(actions, ","))
			code, body = get(t, s, target)
			got = CardflipHuman{}
			if code != 200 || json.Unmarshal([]byte(body), &got) != nil {
				t.Fatalf("%s: %s = %d %s", name, target, code, body)
			}
			if !slices.Equal(got.Row, step.After) || got.Turns != k+1 || got.Done || got.Peek != nil {
				t.Fatalf("%s, turn %d: %s; the engine's game shows %v (end %v)", name, k+1, body, step.After, step.End)
			}
			if got.Deal != nil {
				t.Errorf("%s, turn %d: the deal is shown before the end", name, k+1)
			}
		}
	}
}

// The engine refuses what the rules forbid (422, its words), and bad
// requests are 400 naming the action.
func TestCardflipHumanErrors(t *testing.T) {
	s := New(Config{})
	// Seed 1, m = 4: the deal is 2 3 1 4 (cardflip.Deal), so card 2 at
	// position 0 cannot go face up first.
	deal := make([]int, 4)
	cardflip.Deal(deal, 1, 0)
	if !slices.Equal(deal, []int{2, 3, 1, 4}) {
		t.Fatalf("deal %v", deal)
	}
	for _, c := range []struct {
		params []string
		code   int
		msg    string
	}{
		{[]string{"m", "4", "actions", "0>3u"}, http.StatusUnprocessableEntity, "cardflip: turn 1: turned face up a card that is not the next one (card 2 at position 0; the next card is 1)"},
		{[]string{"m", "4", "actions", "2>2u 2"}, http.StatusUnprocessableEntity, "cardflip: turn 2: looked at a face-up card (position 2 shows 1)"},
		{[]string{"m", "4", "actions", "0>4"}, http.StatusUnprocessableEntity, "cardflip: turn 1: insert index outside the row (card 2 from position 0 to index 4)"},
		{[]string{"m", "4", "variant", "fixed", "actions", "0>3"}, http.StatusUnprocessableEntity, "cardflip: turn 1: moved a card that must stay where it was (fixed-after-look) (card 2 from position 0 to index 3)"},
		{[]string{"m", "4", "actions", "0 1>1"}, http.StatusBadRequest, `parameter "actions": action 1 "0" is not L>T, L>Tu (look at position L, put the card at index T, u: face up) or, last, L`},
		{[]string{"m", "4", "actions", "0>x"}, http.StatusBadRequest, `parameter "actions": action 1 "0>x" is not L>T, L>Tu (look at position L, put the card at index T, u: face up) or, last, L`},
		{[]string{"m", "4", "variant", "rearrange"}, http.StatusBadRequest, `parameter "variant": the game by hand is played under standard, free or fixed rules, not rearrange`},
		{[]string{"m", "101"}, http.StatusBadRequest, `parameter "m" must be a whole number in 1..100, not "101"`},
		{[]string{"m", "1", "actions", "0>0u 0>0"}, http.StatusBadRequest, `parameter "actions": the game ended at turn 1, but 2 actions were given`},
	} {
		target := "/api/cardflip/human?" + q(c.params...)
		if code, body := get(t, s, target); code != c.code || body != encode(t, ErrorBody{Error: c.msg}) {
			t.Errorf("GET %s = %d %s\nwant %d %s", target, code, body, c.code, c.msg)
		}
	}
}

package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy/grundy/bridge"
)

// playRecord asks /api/bridge/play and decodes the record.
func playRecord(t *testing.T, s *Server, kv ...string) bridge.Record {
	t.Helper()
	code, body := get(t, s, "/api/bridge/play?"+q(kv...))
	var rec bridge.Record
	if code != http.StatusOK || json.Unmarshal([]byte(body), &rec) != nil {
		t.Fatalf("GET /api/bridge/play %v = %d %s", kv, code, body)
	}
	return rec
}

// Seed 004's example deal (its sequence is 1 0 1 1) played as team A from
// start 1, always putting down the higher card, one request per turn: the
// computer moves first for P, each answer stops at A's next turn, and at
// the end the score, counted here from the cards, is the optimal score
// less the cost of A's plays.
func TestBridgePlayAsTeam(t *testing.T) {
	s := New(Config{})
	hands := [][2]int{{1, 8}, {2, 7}, {3, 6}, {4, 5}}
	var plays []string
	rec := playRecord(t, s, "deal", bridgeExample, "as", "A")
	if rec.Optimal != 1 || rec.ToMove != 2 || len(rec.Turns) != 1 || rec.Turns[0].By != "computer" || rec.Turns[0].Position != 1 {
		t.Fatalf("first answer %+v", rec)
	}
	for !rec.Over {
		if rec.ToMove%2 != 0 || len(rec.Choices) != 2 {
			t.Fatalf("answer stops at position %d with choices %v", rec.ToMove, rec.Choices)
		}
		plays = append(plays, strconv.Itoa(rec.Choices[1].Played))
		rec = playRecord(t, s, "deal", bridgeExample, "as", "A", "plays", strings.Join(plays, ","))
	}
	if len(rec.Turns) != 4 || rec.ToMove != 0 || rec.PlayedPoint == nil || rec.KeptPoint == nil {
		t.Fatalf("final answer %+v", rec)
	}
	score, hp, hk := 0, 0, 0
	for i, tu := range rec.Turns {
		h := hands[tu.Position-1]
		if tu.Position != i+1 || tu.Played+tu.Kept != h[0]+h[1] || (tu.Played != h[0] && tu.Played != h[1]) {
			t.Fatalf("turn %d %+v is not a play of hand %v", i+1, tu, h)
		}
		if want := map[bool]string{true: "you", false: "computer"}[tu.Position%2 == 0]; tu.By != want {
			t.Errorf("turn %d by %q, want %q", i+1, tu.By, want)
		}
		if tu.By == "you" && tu.Played != h[1] {
			t.Errorf("turn %d: you put down %d, not the higher card %d", i+1, tu.Played, h[1])
		}
		hp, hk = max(hp, tu.Played), max(hk, tu.Kept)
	}
	for _, c := range []int{hp, hk} {
		for p, h := range hands {
			if (h[0] == c || h[1] == c) && p%2 == 1 {
				score++
			}
		}
	}
	if rec.Value != score || score != rec.Optimal-rec.Cost || rec.HighPlayed != hp || rec.HighKept != hk {
		t.Errorf("scored %d (played %d, kept %d), record %+v", score, hp, hk, rec)
	}
}

// A random deal by seed and a seat: the answer names the seed, the hands
// are the deal's, and the seat's turns are the only ones left to the person.
func TestBridgePlaySeatAndSeed(t *testing.T) {
	s := New(Config{})
	rec := playRecord(t, s, "n", "3", "seed", "5", "as", "4", "start", "2")
	d := bridge.RandomDeal(3, 5)
	if rec.Seed == nil || *rec.Seed != 5 || rec.N != 3 || rec.Start != 2 || rec.ToMove != 4 || len(rec.Turns) != 2 || rec.Optimal != d.Sequence()[1] {
		t.Fatalf("record %+v", rec)
	}
	for i, h := range rec.Hands {
		if h != d.Hand(i+1) {
			t.Errorf("hand %d = %v, the deal has %v", i+1, h, d.Hand(i+1))
		}
	}
	rec = playRecord(t, s, "n", "3", "seed", "5", "as", "4", "start", "2", "plays", strconv.Itoa(d.Hand(4)[0]))
	if !rec.Over || len(rec.Turns) != 6 || rec.Turns[2].By != "you" {
		t.Errorf("after the seat's play: %+v", rec)
	}
}

func TestBridgePlayErrors(t *testing.T) {
	s := New(Config{})
	big := bridge.RandomDeal(bridge.MaxPlayN+1, 1).String()
	for _, c := range []struct {
		kv   []string
		code int
		msg  string
	}{
		{[]string{"deal", bridgeExample, "as", "B"}, 400, `parameter \"as\": seat \"B\" is not A, P or a position in 1..4`},
		{[]string{"deal", bridgeExample, "plays", "x"}, 400, `parameter \"plays\": play 1, \"x\", is not a card`},
		{[]string{"deal", bridgeExample, "plays", "6"}, 400, `parameter \"plays\": play 1 (card 6): position 2 holds 2 and 7, not 6`},
		{[]string{"deal", bridgeExample, "plays", "2,4,1"}, 400, `play 3 (card 1): the deal is over`},
		{[]string{"deal", bridgeExample, "start", "5"}, 400, `parameter \"start\" must be a whole number in 1..4`},
		{[]string{"deal", "2\n1 8\n1 7\n3 6\n4 5\n"}, 400, `input line 3`},
		{[]string{"deal", big}, 413, `n ≤ 64, this one has n = 65`},
		{[]string{"n", "65", "seed", "1"}, 413, `n ≤ 64`},
	} {
		code, body := get(t, s, "/api/bridge/play?"+q(c.kv...))
		if code != c.code || !strings.Contains(body, c.msg) {
			t.Errorf("%v = %d %s, want %d …%s…", c.kv, code, body, c.code, c.msg)
		}
	}
}

// Any parameters: a documented status, and an answer whose every turn is
// a play of the hand of the position that made it, in the order of play.
func FuzzBridgePlay(f *testing.F) {
	f.Add(bridgeExample, "", "", "1", "A", "7")
	f.Add("", "3", "5", "2", "4", "8,1")
	f.Add("", "2", "1", "3", "P,1", "x")
	f.Add("2\n1 8\n2 7\n3 6\n4 5\n", "", "", "9", "1,2,3,4", "1 2 3 4 5")
	f.Add("", "65", "1", "", "", "")
	s := New(Config{})
	f.Fuzz(func(t *testing.T, deal, n, seed, start, as, plays string) {
		v := url.Values{"deal": {deal}, "start": {start}, "as": {as}, "plays": {plays}}
		if n != "" {
			v["n"], v["seed"] = []string{n}, []string{seed}
		}
		code, body := get(t, s, "/api/bridge/play?"+v.Encode())
		if code != 200 {
			if code != 400 && code != 413 {
				t.Fatalf("%v: status %d %s", v, code, body)
			}
			return
		}
		var rec bridge.Record
		if err := json.Unmarshal([]byte(body), &rec); err != nil {
			t.Fatalf("%v: %v in %s", v, err, body)
		}
		for i, tu := range rec.Turns {
			h := rec.Hands[tu.Position-1]
			if tu.Position != (rec.Start-1+i)%(2*rec.N)+1 || tu.Played+tu.Kept != h[0]+h[1] || (tu.Played != h[0] && tu.Played != h[1]) {
				t.Fatalf("%v: turn %d %+v is not a play of hand %v", v, i+1, tu, h)
			}
		}
	})
}

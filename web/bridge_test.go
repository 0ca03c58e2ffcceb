package web

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy/bridge"
)

// The deal of seed 004's first example (n = 2; `grundy bridge solve`
// prints 1 0 1 1 for it).
const bridgeExample = "2\n1 8\n2 7\n3 6\n4 5\n"

func TestBridgeSolve(t *testing.T) {
	s := New(Config{})
	d, err := bridge.ParseDeal(strings.NewReader(bridgeExample))
	if err != nil {
		t.Fatal(err)
	}
	l := d.Line(3)
	for _, c := range []struct{ target, want string }{
		{"/api/bridge/solve?" + q("deal", bridgeExample), encode(t, BridgeSolveResult{N: 2, Sequence: d.Sequence(), Method: "characterization"})},
		{"/api/bridge/solve?" + q("deal", bridgeExample, "explain", "3"), encode(t, BridgeSolveResult{N: 2, Sequence: d.Sequence(), Method: "characterization", Explain: &l})},
		{"/api/bridge/count?" + q("queries", "2\n1 1 1 1\n3\n212111\n"), `{"modulus":1000000007,"counts":[720,11160]}` + "\n"},
		{"/api/bridge/count?" + q("queries", "2\n1111", "mod", "7"), `{"modulus":7,"counts":[6]}` + "\n"},
	} {
		code, body := get(t, s, c.target)
		if code != http.StatusOK || body != c.want {
			t.Errorf("GET %s = %d %s\nwant 200 %s", c.target, code, body, c.want)
		}
	}
}

// A random deal deals every card 1..4n once, the same seed gives the same
// deal, and solving the deal by n and seed gives the sequence exhaustive
// minimax gives for its hands.
func TestBridgeRandomDeal(t *testing.T) {
	s := New(Config{})
	for _, c := range []struct{ n, seed string }{{"1", "0"}, {"3", "1"}, {"5", "42"}, {"7", "9007199254740991"}} {
		var a, b BridgeDeal
		for _, v := range []*BridgeDeal{&a, &b} {
			code, body := get(t, s, "/api/bridge/deal?"+q("n", c.n, "seed", c.seed))
			if code != 200 || json.Unmarshal([]byte(body), v) != nil {
				t.Fatalf("deal n=%s seed=%s: %d %s", c.n, c.seed, code, body)
			}
		}
		if !slices.Equal(a.Hands, b.Hands) {
			t.Errorf("seed %s dealt twice: %v then %v", c.seed, a.Hands, b.Hands)
		}
		var cards []int
		for _, h := range a.Hands {
			cards = append(cards, h[0], h[1])
		}
		slices.Sort(cards)
		for i, x := range cards {
			if x != i+1 || len(cards) != 4*a.N {
				t.Fatalf("n=%s seed=%s dealt cards %v, want 1..4n once each", c.n, c.seed, cards)
			}
		}
		d, err := bridge.NewDeal(a.Hands)
		if err != nil {
			t.Fatal(err)
		}
		var res BridgeSolveResult
		code, body := get(t, s, "/api/bridge/solve?"+q("n", c.n, "seed", c.seed))
		if code != 200 || json.Unmarshal([]byte(body), &res) != nil {
			t.Fatalf("solve n=%s seed=%s: %d %s", c.n, c.seed, code, body)
		}
		if want := d.ExhaustiveSequence(); !slices.Equal(res.Sequence, want) {
			t.Errorf("n=%s seed=%s: sequence %v, minimax says %v", c.n, c.seed, res.Sequence, want)
		}
	}
	// Without a seed the server picks one and says which.
	var a BridgeDeal
	code, body := get(t, s, "/api/bridge/deal?n=4")
	if code != 200 || json.Unmarshal([]byte(body), &a) != nil || a.N != 4 || len(a.Hands) != 8 || a.Seed > maxSeed {
		t.Errorf("deal without seed: %d %s", code, body)
	}
}

func TestBridgeLimit(t *testing.T) {
	s := New(Config{MaxBridgeN: 1})
	code, body := get(t, s, "/api/bridge/solve?"+q("deal", bridgeExample))
	if code != 413 || !strings.Contains(body, "the deal has n = 2, more than the server solves (at most 1)") {
		t.Errorf("deal over MaxBridgeN: %d %s", code, body)
	}
}

package web

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy/grundy/bridge"
	"github.com/grundy/grundy/catalog"
)

// The workbench's additions to the API for the explorer, the play page and
// the sequences page answer the library's results in the CLI's encoding.

// /api/reply?strength= plays at catalog.Reply's strengths: a seed gives
// the move catalog.Reply draws with the same source; perfect is the
// answer without the parameter, byte for byte.
func TestReplyStrength(t *testing.T) {
	s := New(Config{})
	ctx := context.Background()
	nim, _ := catalog.Parse("nim")
	for _, st := range []catalog.Strength{catalog.Random, catalog.Mixed} {
		for seed := range uint64(8) {
			m, ok, err := catalog.Reply(ctx, nim, "3 4 5 6", catalog.Options{Strength: st, Rand: seededRand(seed)})
			if err != nil || !ok {
				t.Fatal(ok, err)
			}
			want := encode(t, &ReplyResult{Game: "nim", Position: "3 4 5 6", Move: &m, Strength: st.String()})
			target := "/api/reply?" + q("game", "nim", "position", "3 4 5 6", "strength", st.String(), "seed", strconv.FormatUint(seed, 10))
			if code, body := get(t, s, target); code != http.StatusOK || body != want {
				t.Errorf("GET %s = %d %s\nwant 200 %s", target, code, body, want)
			}
		}
	}
	_, plain := get(t, s, "/api/reply?"+q("game", "nim", "position", "3 4 5"))
	if code, body := get(t, s, "/api/reply?"+q("game", "nim", "position", "3 4 5", "strength", "perfect")); code != 200 || body != plain {
		t.Errorf("strength=perfect: %d %s, want %s", code, body, plain)
	}
	// Without a seed the move is still a legal one.
	for range 10 {
		code, body := get(t, s, "/api/reply?"+q("game", "subtract:1,3,4", "position", "9", "strength", "random"))
		if code != 200 || !(strings.Contains(body, `"to":"8"`) || strings.Contains(body, `"to":"6"`) || strings.Contains(body, `"to":"5"`)) {
			t.Errorf("random reply from 9: %d %s", code, body)
		}
	}
	for target, want := range map[string]string{
		"/api/reply?" + q("game", "nim", "position", "3", "strength", "strong"):               `parameter "strength" must be perfect, random or mixed, not "strong"`,
		"/api/reply?" + q("game", "nim", "position", "3", "strength", "random", "seed", "-1"): `parameter "seed" must be a whole number in 0..9007199254740991, not "-1"`,
	} {
		if code, body := get(t, s, target); code != http.StatusBadRequest || body != encode(t, ErrorBody{want}) {
			t.Errorf("GET %s = %d %s, want 400 %s", target, code, body, want)
		}
	}
}

// /api/values?table=N is `grundy values G --table N --json`: the library's
// table; games without one, both to and table, and N out of range are
// refused.
func TestValuesTable(t *testing.T) {
	s := New(Config{})
	w, _ := catalog.Parse("wythoff")
	tab, err := w.(catalog.TableGame).Table(context.Background(), 12, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if code, body := get(t, s, "/api/values?"+q("game", "wythoff", "table", "12")); code != 200 || body != encode(t, tab) {
		t.Errorf("wythoff table 12: %d %s", code, body)
	}
	for target, want := range map[string]struct {
		code int
		msg  string
	}{
		"/api/values?" + q("game", "nim", "table", "4"):                {400, "nim has no value table: table= is for two-heap games such as wythoff"},
		"/api/values?" + q("game", "wythoff", "table", "4", "to", "3"): {400, "give either to (a sequence) or table (a table), not both"},
		"/api/values?" + q("game", "wythoff", "table", "0"):            {400, `parameter "table" must be a whole number in 1..256, not "0"`},
		"/api/values?" + q("game", "wythoff", "table", "257"):          {400, `parameter "table" must be a whole number in 1..256, not "257"`},
		"/api/values?" + q("game", "wythoff"):                          {400, "wythoff is not a heap game: values lists G(n) for games played on heaps or rows"},
	} {
		if code, body := get(t, s, target); code != want.code || body != encode(t, ErrorBody{want.msg}) {
			t.Errorf("GET %s = %d %s, want %d %s", target, code, body, want.code, want.msg)
		}
	}
	if code, body := get(t, s, "/api/limits"); code != 200 || body != `{"max_to":1000000,"max_table":256,"max_bridge_n":100000,"max_cardflip_m":200}`+"\n" {
		t.Errorf("limits: %d %s", code, body)
	}
}

// /api/bridge/count?exact=1 adds each count exactly (bridge.ExactCounter),
// "" for a query with n over maxExactCountN; the modular counts stay.
func TestBridgeCountExact(t *testing.T) {
	s := New(Config{})
	big := "101\n" + strings.Repeat("1", 202) + "\n"
	queries := "3\n212111\n8\n1111111111111111\n" + big
	ec := bridge.NewExactCounter()
	c, _ := bridge.NewCounter(bridge.DefaultModulus)
	ones := func(n int) []uint8 { return bytesOf(1, 2*n) }
	want := &BridgeCountResult{Modulus: bridge.DefaultModulus,
		Counts: []uint64{c.Count([]uint8{2, 1, 2, 1, 1, 1}), c.Count(ones(8)), c.Count(ones(101))},
		Exact:  []string{ec.Count([]uint8{2, 1, 2, 1, 1, 1}).String(), ec.Count(ones(8)).String(), ""}}
	if code, body := get(t, s, "/api/bridge/count?"+q("queries", queries, "exact", "1")); code != 200 || body != encode(t, want) {
		t.Errorf("exact counts: %d %s\nwant %s", code, body, encode(t, want))
	}
}

func bytesOf(v uint8, n int) []uint8 {
	b := make([]uint8, n)
	for i := range b {
		b[i] = v
	}
	return b
}

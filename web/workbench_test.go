package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy/bridge"
	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/impartial"
)

// The workbench's additions to the API for the explorer, the play page and
// the sequences page answer the library's results in the CLI's encoding.

// /api/reply?strength= plays at catalog.Game.Reply's strengths: a seed gives
// the move catalog.Game.Reply draws with the same source; perfect is the
// answer without the parameter, byte for byte.
func TestReplyStrength(t *testing.T) {
	s := New(Config{})
	ctx := context.Background()
	nim, _ := families.Parse("nim")
	for _, st := range []catalog.Strength{catalog.Random, catalog.Mixed} {
		for seed := range uint64(8) {
			m, ok, err := nim.Reply(ctx, "3 4 5 6", catalog.Options{Strength: st, Rand: seededRand(seed)})
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
		if code, body := get(t, s, target); code != http.StatusBadRequest || body != encode(t, ErrorBody{Error: want}) {
			t.Errorf("GET %s = %d %s, want 400 %s", target, code, body, want)
		}
	}
}

// /api/values?table=N is `grundy values G --table N --json`: the library's
// table; games without one, both to and table, and N out of range are
// refused.
func TestValuesTable(t *testing.T) {
	s := New(Config{})
	w, _ := families.Parse("wythoff")
	tab, err := w.ValueTable(context.Background(), 12, catalog.Options{})
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
		if code, body := get(t, s, target); code != want.code || body != encode(t, ErrorBody{Error: want.msg}) {
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

// FuzzWorkbenchAPI sends arbitrary values of the workbench's new
// parameters (strength, seed, table, exact, the actions of a game by hand)
// to their endpoints: the answer is JSON with a documented status, never a
// 500, and every error has its message.
func FuzzWorkbenchAPI(f *testing.F) {
	f.Add(uint8(0), "nim", "3 4 5", "random", "7")
	f.Add(uint8(0), "subtract:1,3,4", "9", "mixed", "")
	f.Add(uint8(0), "nim", "0", "strong", "-1")
	f.Add(uint8(1), "wythoff", "", "12", "")
	f.Add(uint8(1), "wythoff", "", "100000", "3")
	f.Add(uint8(1), "nim", "", "4", "")
	f.Add(uint8(2), "", "3\n212111\n", "1", "")
	f.Add(uint8(2), "", "101\n"+strings.Repeat("1", 202), "yes", "")
	f.Add(uint8(3), "standard", "2>2u 0>0u 1>1u 3", "4", "1")
	f.Add(uint8(3), "fixed", "0>3", "4", "1")
	f.Add(uint8(3), "rearrange", "0", "200", "x")
	f.Add(uint8(3), "", "0>0u,0>0", "1", "9007199254740991")
	f.Add(uint8(4), "", "", "", "")
	s := New(Config{Budget: impartial.Budget{MaxPositions: 20000, MaxMemory: 4 << 20}, Timeout: 200 * time.Millisecond, MaxTo: 20000, MaxInput: 1000})
	documented := map[int]bool{200: true, 400: true, 413: true, 422: true, 503: true, 504: true}
	f.Fuzz(func(t *testing.T, e uint8, a, b, c, d string) {
		var ep string
		v := url.Values{}
		switch e % 5 {
		case 0:
			ep, v = "reply", url.Values{"game": {a}, "position": {b}, "strength": {c}, "seed": {d}}
		case 1:
			ep, v = "values", url.Values{"game": {a}, "table": {c}}
			if d != "" {
				v["to"] = []string{d}
			}
		case 2:
			ep, v = "bridge/count", url.Values{"queries": {b}, "exact": {c}}
		case 3:
			ep, v = "cardflip/human", url.Values{"variant": {a}, "actions": {b}, "m": {c}, "seed": {d}}
		default:
			ep = "limits"
		}
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, newRequest(http.MethodGet, "/api/"+ep+"?"+v.Encode(), nil))
		if !documented[rec.Code] {
			t.Fatalf("/api/%s %v: status %d %s", ep, v, rec.Code, rec.Body)
		}
		var body map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Fatalf("/api/%s %v: not JSON: %q", ep, v, rec.Body)
		}
		if msg, _ := body["error"].(string); rec.Code != 200 && msg == "" {
			t.Fatalf("/api/%s %v: %d without an error message: %s", ep, v, rec.Code, rec.Body)
		}
	})
}

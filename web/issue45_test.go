package web

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
)

// Issue 45, finding 7: history= was taken on trust: Nim, which cannot
// repeat a position, answered "repetition": true after the made-up history
// 2, 5, 2. A history is checked now: each position one legal move from the
// one before, the last one move before position; otherwise a 400 naming
// the parameter and the first position that does not follow.
func TestHistoryChecked(t *testing.T) {
	s := New(Config{})
	for _, c := range []struct {
		target, want string
	}{
		// A real game of Nim: 7, 5, 4, then 3 → 2.
		{"/api/move?" + q("game", "nim", "position", "3", "to", "2", "history", "7", "history", "5", "history", "4"),
			`{"game":"nim","position":"3","move":{"to":"2","move":"take 1 from heap 1"}}`},
		// The loopy game of docs/api.md: 4 → 4 thrice, a draw.
		{"/api/move?" + q("game", "starlark:examples/draw.star", "position", "4", "to", "4", "history", "4", "history", "4", "history", "4"),
			`{"game":"starlark:examples/draw.star","position":"4","move":{"to":"4"},"repetition":true}`},
		// Spellings are the game's: " 7" and "7" are one position.
		{"/api/reply?" + q("game", "nim", "position", "1 1", "history", " 7 1", "history", "3 1"),
			`{"game":"nim","position":"1 1","misere":false,"move":{"to":"0 1","move":"take 1 from heap 1"},"over":false}`},
	} {
		code, body := get(t, s, c.target)
		if code != 200 || strings.TrimSpace(body) != c.want {
			t.Errorf("GET %s = %d %s\nwant 200 %s", c.target, code, body, c.want)
		}
	}
	for _, c := range []struct {
		target string
		index  int
		msg    string
	}{
		{"/api/move?" + q("game", "nim", "position", "3", "to", "2", "history", "2", "history", "5", "history", "2"), 2,
			`history=: position 2 of the history, "5", is not one move after the one before it: nim: no legal move from 2 to 5`},
		{"/api/move?" + q("game", "nim", "position", "3", "to", "2", "history", "2"), 1,
			`history=: the position, "3", is not one move after the one before it: nim: no legal move from 2 to 3`},
		{"/api/reply?" + q("game", "nim", "position", "3", "history", "9", "history", "x"), 2,
			`history=: position 2 of the history: position "x" of nim: column 1`},
	} {
		code, body := get(t, s, c.target)
		var e ErrorBody
		if code != 400 || json.Unmarshal([]byte(body), &e) != nil || e.Parameter != "history" || e.Index != c.index || !strings.HasPrefix(e.Error, c.msg) {
			t.Errorf("GET %s = %d %s\nwant 400, history index %d, %q", c.target, code, body, c.index, c.msg)
		}
	}
	long := "/api/move?" + q("game", "nim", "position", "3", "to", "2") + strings.Repeat("&history=4", maxHistory+1)
	if code, body := get(t, s, long); code != 413 || !strings.Contains(body, "at most 4096 positions") {
		t.Errorf("%d history positions: %d %s", maxHistory+1, code, body)
	}
}

// Issue 45, finding 7: the largest table the docs allow,
// /api/values?game=wythoff&table=256, always ran past the deadline (each
// cell a search of its game); it is answered, its zeros the P-positions of
// the closed form.
func TestWythoffTable256(t *testing.T) {
	s := New(Config{})
	code, body := get(t, s, "/api/values?"+q("game", "wythoff", "table", "256"))
	var tab struct {
		Size   int       `json:"size"`
		Values [][]int64 `json:"values"`
	}
	if code != 200 || json.Unmarshal([]byte(body), &tab) != nil || tab.Size != 256 || len(tab.Values) != 256 || len(tab.Values[255]) != 256 {
		t.Fatalf("%d %.200s", code, body)
	}
	for a := range 256 {
		for b := range 256 {
			o, _ := games.Wythoff{}.ClosedOutcome(games.Pair{A: a, B: b})
			if (tab.Values[a][b] == 0) != (o == impartial.P) {
				t.Fatalf("G(%d, %d) = %d against the closed form's %v", a, b, tab.Values[a][b], o)
			}
		}
	}
}

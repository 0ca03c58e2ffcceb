package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy/impartial"
)

// FuzzAPI sends arbitrary parameters to every endpoint: the answer is always
// JSON with a documented status, never a 500 or a panic, and every error has
// its message.
func FuzzAPI(f *testing.F) {
	f.Add(uint8(2), "nim", "3 4 5", "1", "1 4 5")
	f.Add(uint8(6), "subtract:1,3,4", "", "", "20")
	f.Add(uint8(4), "nim", "3", "0", "5")
	f.Add(uint8(5), "subtract:1-3", "0", "yes", "")
	f.Add(uint8(3), "subtract:2,x", "-1", "2", "")
	f.Add(uint8(1), " NIM ", "1,,2", "", "")
	f.Add(uint8(6), "nim", "", "", "-99999999999999999999")
	f.Add(uint8(2), "subtract:1,3,4", "99999999", "1", "")
	f.Add(uint8(1), "starlark:/etc/passwd", "", "", "")
	f.Add(uint8(1), "star:examples/../x.star", "", "", "")
	// Issue 27: a rule's fail() about a position is a 400, a step limit a
	// 422 (both were 500s); a sum's components go through the same door.
	f.Add(uint8(2), "starlark:examples/draw.star", "99", "", "")
	f.Add(uint8(2), "sum", "starlark:examples/draw.star 99 + nim 1", "", "")
	f.Add(uint8(3), "starlark:examples/nim.star", "1000000000", "", "")
	f.Add(uint8(2), "sum", "starlark:/etc/passwd 4 + nim 1", "", "")
	f.Add(uint8(2), "sum", "kayles 7 + nmi 3", "", "")
	f.Add(uint8(10), "", "2\n1 8\n2 7\n3 6\n4 5\n", "3", "")
	f.Add(uint8(9), "", "", "", "5")
	f.Add(uint8(11), "", "3\n212111\n", "7", "")
	f.Add(uint8(11), "", "2\n1 1 1", "8", "")
	f.Add(uint8(12), "kayles", "", "", "300")
	f.Add(uint8(13), "", "best", "0", "12")
	f.Add(uint8(13), "", "single", "1", "9")
	f.Add(uint8(14), "", "", "100", "2..9")
	f.Add(uint8(14), "", "", "5000", "1..200")
	f.Add(uint8(16), "fixed", "interval", "2", "8")
	f.Add(uint8(17), "rearrange", "stacks", "turn", "40")
	f.Add(uint8(35), "free", "single", "table", "200")
	s := New(Config{Budget: impartial.Budget{MaxPositions: 20000, MaxMemory: 4 << 20}, Timeout: 200 * time.Millisecond, MaxTo: 20000, MaxInput: 1000})
	endpoints := []string{"games", "info", "solve", "moves", "move", "reply", "values", "nope", "bridge/deal", "bridge/solve", "bridge/solve", "bridge/count",
		"period", "cardflip/play", "cardflip/compare", "cardflip/strategies", "cardflip/exact", "cardflip/simulate"}
	documented := map[int]bool{200: true, 400: true, 404: true, 413: true, 422: true, 503: true, 504: true}
	f.Fuzz(func(t *testing.T, e uint8, game, position, misere, extra string) {
		ep := endpoints[int(e)%len(endpoints)]
		v := url.Values{"game": {game}, "position": {position}, "misere": {misere}, "to": {extra},
			"deal": {position}, "queries": {position}, "explain": {misere}, "mod": {misere},
			"strategy": {position}, "trials": {misere}, "players": {misere}}
		if e%2 == 1 {
			v["n"], v["seed"] = []string{extra}, []string{game}
		}
		if strings.HasPrefix(ep, "cardflip/") {
			v["m"] = []string{extra}
			delete(v, "to")
			if e%3 == 2 {
				v["model"], v["variant"] = []string{misere}, []string{game}
			}
		}
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, newRequest(http.MethodGet, "/api/"+ep+"?"+v.Encode(), nil))
		if !documented[rec.Code] {
			t.Fatalf("/api/%s %v: status %d %s", ep, v, rec.Code, rec.Body)
		}
		var body map[string]any
		var list []any
		if json.Unmarshal(rec.Body.Bytes(), &body) != nil && json.Unmarshal(rec.Body.Bytes(), &list) != nil {
			t.Fatalf("/api/%s %v: not JSON: %q", ep, v, rec.Body)
		}
		if msg, _ := body["error"].(string); rec.Code != 200 && msg == "" {
			t.Fatalf("/api/%s %v: %d without an error message: %s", ep, v, rec.Code, rec.Body)
		}
	})
}

// FuzzForm sends an arbitrary raw query string and form body (bad
// %-escapes, semicolons, repeated or empty names, invalid UTF-8) to an
// endpoint: the form is parsed or refused with a documented status (400 for
// a malformed one, never a 500), and the answer is JSON with its message.
func FuzzForm(f *testing.F) {
	f.Add(uint8(0), "x=%zz", "")
	f.Add(uint8(2), "game=nim;position=3", "")
	f.Add(uint8(2), "game=nim", "position=3%")
	f.Add(uint8(2), "", "game=nim&position=3+4+5")
	f.Add(uint8(3), "game=nim&game=nim&position=1", "")
	f.Add(uint8(6), "game=subtract%3A1%2C3%2C4&to=%2B20", "")
	f.Add(uint8(2), "game=nim&position=%FF%FE", "=&&=")
	f.Add(uint8(5), "game&position", "misere=%")
	f.Add(uint8(1), "game=%", "game=nim")
	s := New(Config{Budget: impartial.Budget{MaxPositions: 20000, MaxMemory: 4 << 20}, Timeout: 200 * time.Millisecond, MaxTo: 20000, MaxInput: 1000, MaxBodyBytes: 4096})
	endpoints := []string{"games", "info", "solve", "moves", "move", "reply", "values", "period", "bridge/solve", "cardflip/play"}
	documented := map[int]bool{200: true, 400: true, 404: true, 413: true, 422: true, 503: true, 504: true}
	f.Fuzz(func(t *testing.T, e uint8, query, body string) {
		ep := endpoints[int(e)%len(endpoints)]
		method := http.MethodGet
		if body != "" {
			method = http.MethodPost
		}
		r := newRequest(method, "/api/"+ep, strings.NewReader(body))
		r.URL.RawQuery = query
		if body != "" {
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, r)
		if !documented[rec.Code] {
			t.Fatalf("%s /api/%s?%q body %q: status %d %s", method, ep, query, body, rec.Code, rec.Body)
		}
		var v any
		if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
			t.Fatalf("%s /api/%s?%q body %q: not JSON: %q", method, ep, query, body, rec.Body)
		}
		if m, _ := v.(map[string]any); rec.Code != 200 && (m == nil || m["error"] == "") {
			t.Fatalf("%s /api/%s?%q body %q: %d without an error message: %s", method, ep, query, body, rec.Code, rec.Body)
		}
	})
}

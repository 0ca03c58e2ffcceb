package web

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy/grundy/catalog"
)

// /api/solve answers a page of moves (limit=, offset=, default
// catalog.DefaultMovePage) and refuses a bad limit or offset with a 400
// naming it; the pages together are the whole list.
func TestSolvePage(t *testing.T) {
	s := New(Config{})
	decode := func(body string) *catalog.Result {
		t.Helper()
		var r catalog.Result
		if err := json.Unmarshal([]byte(body), &r); err != nil {
			t.Fatalf("%v: %s", err, body)
		}
		return &r
	}
	code, body := get(t, s, "/api/solve?"+q("game", "kayles", "position", "100000000"))
	r := decode(body)
	if code != 200 || len(r.WinningMoves) != catalog.DefaultMovePage || r.NextOffset == nil || *r.NextOffset != catalog.DefaultMovePage || len(r.MoveClasses) == 0 {
		t.Errorf("default page: %d, %d moves, next %v, %d classes", code, len(r.WinningMoves), r.NextOffset, len(r.MoveClasses))
	}
	var all []string
	for off := "0"; off != ""; {
		code, body := get(t, s, "/api/solve?"+q("game", "sum", "position", "kayles 6 + nim 2 3", "all", "1", "limit", "4", "offset", off))
		if code != 200 {
			t.Fatalf("offset %s: %d %s", off, code, body)
		}
		r := decode(body)
		for _, o := range r.Options {
			all = append(all, o.To)
			if o.Component < 1 || o.ComponentTo == "" || o.Remoteness == nil {
				t.Errorf("option %+v: no component or remoteness", o)
			}
		}
		off = ""
		if r.NextOffset != nil {
			off = strconv.Itoa(*r.NextOffset)
		}
	}
	code, body = get(t, s, "/api/solve?"+q("game", "sum", "position", "kayles 6 + nim 2 3", "all", "1", "limit", "all"))
	whole := decode(body)
	if code != 200 || len(whole.Options) != len(all) || whole.NextOffset != nil {
		t.Fatalf("limit=all: %d, %d options, pages %d", code, len(whole.Options), len(all))
	}
	for i, o := range whole.Options {
		if o.To != all[i] {
			t.Errorf("option %d: %q on the pages, %q in the whole list", i, all[i], o.To)
		}
	}
	for _, c := range []struct{ k, v, msg string }{
		{"limit", "0", `parameter "limit" must be a number of moves (at least 1) or all, not "0"`},
		{"limit", "many", `parameter "limit" must be a number of moves (at least 1) or all, not "many"`},
		{"offset", "-3", `parameter "offset" must be a whole number, not "-3"`},
		{"offset", "x", `parameter "offset" must be a whole number, not "x"`},
	} {
		code, body := get(t, s, "/api/solve?"+q("game", "nim", "position", "3 4 5", c.k, c.v))
		if code != 400 || body != `{"error":`+strconv.Quote(c.msg)+"}\n" {
			t.Errorf("%s=%s: %d %s", c.k, c.v, code, body)
		}
	}
	// An offset past what the move budget reaches is a budget error.
	code, body = get(t, s, "/api/solve?"+q("game", "kayles", "position", "100000000", "offset", "5000000"))
	if code != 422 || !strings.Contains(body, "the moves before offset 5000000: move budget exhausted") {
		t.Errorf("a far offset: %d %s", code, body)
	}
}

// GET /api/ lists every route, each with what it answers.
func TestAPIIndex(t *testing.T) {
	s := New(Config{})
	code, body := get(t, s, "/api/")
	var idx APIIndex
	if err := json.Unmarshal([]byte(body), &idx); err != nil || code != 200 {
		t.Fatalf("%d %s %v", code, body, err)
	}
	routes := s.routes()
	if len(idx.Endpoints) != len(routes) {
		t.Errorf("%d endpoints listed, %d routes", len(idx.Endpoints), len(routes))
	}
	for i, rt := range routes {
		if i < len(idx.Endpoints) && (idx.Endpoints[i].Path != "/api/"+rt.name || idx.Endpoints[i].About == "") {
			t.Errorf("endpoint %d: %+v, route %s (describe it in endpointDocs, web/apidoc.go)", i, idx.Endpoints[i], rt.name)
		}
	}
	for _, e := range idx.Endpoints {
		if e.Example == "" {
			continue
		}
		if code, body := get(t, s, e.Example); code != 200 {
			t.Errorf("the example of %s, %s: %d %.200s", e.Path, e.Example, code, body)
		}
	}
	if code, _ := get(t, s, "/api/nowhere"); code != 404 {
		t.Errorf("/api/nowhere: %d", code)
	}
}

package web

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/misere"
	"github.com/grundy/grundy/octal"
)

func getJSON(t *testing.T, s *Server, url string) (int, map[string]any, string) {
	t.Helper()
	code, body := get(t, s, url)
	var v map[string]any
	json.Unmarshal([]byte(body), &v)
	return code, v, body
}

// The API answers what the library computes, byte for byte as the CLI's
// --json (one encoder, internal/jsonout).
func TestMisereAPI(t *testing.T) {
	s := New(Config{})
	code, v, body := getJSON(t, s, "/api/misere/quotient?game=octal:0.75&heaps=30")
	if code != 200 || v["size"] != 8.0 || v["status"] != "proved" {
		t.Fatalf("quotient: %d %s", code, body)
	}
	g, _ := families.Parse("octal:0.75")
	want, err := g.SolveMisereQuotient(t.Context(), 30, 0, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if lib := encode(t, want); body != lib {
		t.Errorf("API %s\nlibrary %s", body, lib)
	}
	// A quotient stopped by a limit is answered with what was reached, its
	// status and the reason, as the CLI prints it before its error line.
	code, v, body = getJSON(t, s, "/api/misere/quotient?game=octal:0.6&max_size=50")
	if stop, _ := v["stop"].(map[string]any); code != 200 || v["status"] != "stopped" || v["heaps"] != 14.0 || stop["heap"] != 15.0 ||
		!strings.Contains(stop["reason"].(string), "the quotient grows past 50 elements at heap 15") {
		t.Errorf("0.6 past 50 elements: %d %s", code, body)
	}
	// Without heaps=, until proved.
	code, v, body = getJSON(t, s, "/api/misere/quotient?game=octal:0.115")
	if code != 200 || v["status"] != "proved" || v["size"] != 42.0 {
		t.Errorf("0.115 until proved: %d %.300s", code, body)
	}
	for _, ep := range []string{"form", "genus"} {
		code, v, body := getJSON(t, s, "/api/misere/"+ep+"?game=octal:0.312&position=4")
		if code != 200 || v["form"] != "*(2#,1)" || v["genus"] != "2^1420" {
			t.Errorf("%s: %d %s", ep, code, body)
		}
	}
	for _, c := range []struct {
		url  string
		code int
		msg  string
	}{
		{"/api/misere/quotient?game=wythoff", 400, "need a heap game"},
		{"/api/misere/quotient?game=kayles&heaps=5000", 400, `"heaps" must be a whole number in 0..1000`},
		{"/api/misere/quotient?game=kayles&max_size=0", 400, `"max_size"`},
		{"/api/misere/quotient?game=kayles&heaps=-1", 400, `"heaps" must be a whole number in 0..1000`},
		{"/api/misere/form?game=nim", 400, `missing parameter "position"`},
		{"/api/misere/form?game=coins:mock-turtles&position=3+70", 422, "first 64 coins"},
		{"/api/misere/form?game=nim&position=x", 400, "heap size"},
	} {
		code, v, body := getJSON(t, s, c.url)
		msg, _ := v["error"].(string)
		if code != c.code || !strings.Contains(msg, c.msg) {
			t.Errorf("%s: %d %s, want %d and %q", c.url, code, body, c.code, c.msg)
		}
	}
}

// TestMiserePositionsAPI: position= (repeated) asks the quotient of those
// positions of any game and their followers, the library's answer byte for
// byte; its limits are the server's, a limit hit a 4xx.
func TestMiserePositionsAPI(t *testing.T) {
	s := New(Config{Budget: impartial.Budget{MaxPositions: 2000, MaxMoves: 1000, MaxOutput: 1 << 20, MaxMemory: 64 << 20}, MaxInput: 4000})
	code, v, body := getJSON(t, s, "/api/misere/quotient?game=wythoff&position=3+4&position=2+2")
	if code != 200 || v["size"] != 10.0 || v["closure"] != 20.0 || v["status"] != "computed" {
		t.Fatalf("wythoff: %d %s", code, body)
	}
	g, _ := families.Parse("wythoff")
	want, err := g.SolveMiserePositions(t.Context(), []string{"3 4", "2 2"}, 0, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if lib := encode(t, want); body != lib {
		t.Errorf("API %s\nlibrary %s", body, lib)
	}
	if ps := v["positions"].([]any); len(ps) != 2 || ps[1].(map[string]any)["outcome"] != "P" {
		t.Errorf("wythoff 2 2 is a misère P-position: %s", body)
	}
	code, v, body = getJSON(t, s, "/api/misere/table?game=coins:mock-turtles&position=HHTH")
	if tab, _ := v["table"].([]any); code != 200 || len(tab) != int(v["size"].(float64)) || len(tab) == 0 {
		t.Errorf("table: %d %s", code, body)
	}
	// A quotient stopped by a limit is data, as for heaps.
	code, v, body = getJSON(t, s, "/api/misere/quotient?game=wythoff&position=9+11&max_size=20")
	if stop, _ := v["stop"].(map[string]any); code != 200 || v["status"] != "stopped" || stop["position"] == "" ||
		!strings.Contains(stop["reason"].(string), "the quotient grows past 20 elements at position") {
		t.Errorf("wythoff past 20 elements: %d %s", code, body)
	}
	for _, c := range []struct {
		url  string
		code int
		msg  string
	}{
		{"/api/misere/quotient?game=wythoff", 400, "position= (repeated) gives the quotient of some of its positions"},
		{"/api/misere/quotient?game=wythoff&heaps=3&position=3+4", 400, `"heaps" and "position" exclude each other`},
		{"/api/misere/quotient?game=wythoff&position=3+4&position=3+x", 400, "position \"3 x\""},
		{"/api/misere/quotient?game=wythoff&position=60+60", 422, "more than 2000 positions"},
		{"/api/misere/quotient?game=starlark:examples/draw.star&position=2", 422, "need a game that ends"},
		{"/api/misere/table?game=wythoff&position=3+4&heaps=2", 400, "exclude each other"},
		{"/api/misere/quotient?game=wythoff&position=1+2" + strings.Repeat("&position=3+4", 2000), 413, `"position" too long`},
	} {
		code, v, body := getJSON(t, s, c.url)
		msg, _ := v["error"].(string)
		if code != c.code || !strings.Contains(msg, c.msg) {
			t.Errorf("%.200s: %d %.300s, want %d and %q", c.url, code, body, c.code, c.msg)
		}
	}
}

// TestMiserePositionError: an error about one of the positions asked names
// it, as "parameter": "position" and its "index" from 1, so that the page
// shows it next to that position's field; other errors name none.
func TestMiserePositionError(t *testing.T) {
	s := New(Config{Budget: impartial.Budget{MaxPositions: 2000}})
	for _, c := range []struct {
		query string
		index int    // 0: no index
		msg   string // in the message
	}{
		{"game=wythoff&position=3+4&position=3+x", 2, `position "3 x" of wythoff: column 3`},
		{"game=wythoff&position=&position=2+2", 1, `position "" of wythoff: empty`},
		{"game=wythoff&position=3+4&position=2+2&position=", 3, `position "" of wythoff: empty`},
		// The same bad position twice: the first is the one read first.
		{"game=wythoff&position=1+1&position=x&position=x", 2, `position "x"`},
		{"game=northcott&position=1+4%3B+3+6&position=1+4%3B+3", 2, `position "1 4; 3" of northcott`},
		{"game=coins:mock-turtles&position=HTH&position=HQ", 2, `position "HQ"`},
		// Not about one position: a limit, the game, the parameters.
		{"game=wythoff&position=60+60", 0, "more than 2000 positions"},
		{"game=wythoff&heaps=3&position=x", 0, "exclude each other"},
		{"game=wythoof&position=x", 0, "unknown game"},
	} {
		for _, ep := range []string{"quotient", "table"} {
			code, body := get(t, s, "/api/misere/"+ep+"?"+c.query)
			var e ErrorBody
			if err := json.Unmarshal([]byte(body), &e); err != nil || code < 400 || !strings.Contains(e.Error, c.msg) {
				t.Errorf("%s %s: %d %s, want an error with %q", ep, c.query, code, body, c.msg)
				continue
			}
			want := ErrorBody{Error: e.Error}
			if c.index > 0 {
				want.Parameter, want.Index = "position", c.index
			}
			if e != want {
				t.Errorf("%s %s: %s, want parameter %q index %d", ep, c.query, body, want.Parameter, want.Index)
			}
		}
	}
}

// TestMiserePositionsStopIsDeterministic: a quotient of positions stopped
// by a limit of work (the server's budget of positions; max_size) is the
// same answer on every run: the library's data, whose stop's reason says
// what was exceeded in the library's words, with "hint" naming the limit
// in the API's (the command line adds its flags instead).
func TestMiserePositionsStopIsDeterministic(t *testing.T) {
	budget := impartial.Budget{MaxPositions: 300, MaxMoves: 1000, MaxOutput: 1 << 20, MaxMemory: 64 << 20}
	s := New(Config{Budget: budget})
	g, _ := families.Parse("wythoff")
	for _, c := range []struct {
		query    string
		maxSize  int
		exceeded string // the library's reason
		hint     string
	}{
		{"", 0, "one verification of a candidate quotient: position budget exhausted: more than 300 positions needed", "the server's work budget per computation"},
		{"&max_size=16", 16, "the quotient grows past 16 elements at position 9 (it has 18 there)", "raise max_size"},
	} {
		url := "/api/misere/quotient?game=wythoff&position=9+11&position=5+3" + c.query
		code, body := get(t, s, url)
		code2, body2 := get(t, s, url)
		if code != 200 || code2 != code || body2 != body {
			t.Fatalf("%s: two runs differ:\n%d %s\n%d %s", url, code, body, code2, body2)
		}
		res, err := g.SolveMiserePositions(t.Context(), []string{"9 11", "5 3"}, c.maxSize, misereOptions(catalog.Options{Budget: budget}))
		var stop *misere.StopError
		if !errors.As(err, &stop) || res == nil || res.Stop == nil || res.Stop.Reason != c.exceeded {
			t.Fatalf("%s: library %v, want a stop saying %q", url, err, c.exceeded)
		}
		if want := encode(t, stoppedPositions{res, c.hint}); body != want {
			t.Errorf("%s:\nAPI %s\nwant %s", url, body, want)
		}
		var v struct {
			Status string
			Stop   misere.PositionStop
			Hint   string
		}
		json.Unmarshal([]byte(body), &v)
		if v.Status != "stopped" || v.Stop.Index < 2 || v.Stop.Reason != c.exceeded || v.Hint != c.hint || strings.Contains(body, "--") {
			t.Errorf("%s: %.300s", url, body)
		}
	}
}

// TestMisereTimeBudget: a quotient stopped by the server's deadline says
// "time budget exhausted" (the deadline has passed before the request
// runs: Timeout 1ns), never Go's "context deadline exceeded" nor
// "canceled"; called with a context whose deadline has passed, the
// handler itself says so with the API's words for the limit.
func TestMisereTimeBudget(t *testing.T) {
	s := New(Config{Timeout: time.Nanosecond})
	for _, url := range []string{
		"/api/misere/quotient?game=kayles",
		"/api/misere/quotient?game=wythoff&position=9+11&position=5+3",
		"/api/misere/table?game=kayles&heaps=10",
		"/api/misere/solve?game=kayles&position=1000+999",
	} {
		code, body := get(t, s, url)
		if code != 504 || !strings.Contains(body, "time budget exhausted") || strings.Contains(body, "canceled") || strings.Contains(body, "context deadline") {
			t.Errorf("%s: %d %s", url, code, body)
		}
	}
	s = New(Config{})
	ctx, cancel := context.WithDeadlineCause(t.Context(), time.Unix(0, 0), &deadlineError{time.Second})
	defer cancel()
	for _, url := range []string{
		"/api/misere/quotient?game=kayles",
		"/api/misere/quotient?game=kayles&heaps=30",
		"/api/misere/quotient?game=wythoff&position=9+11&position=5+3",
	} {
		r := newRequest("GET", url, nil).WithContext(ctx)
		r.ParseForm()
		_, err := s.misereQuotient(r)
		code, msg := errorStatus(err)
		if code != 504 || !strings.Contains(msg, "time budget exhausted (deadline exceeded)") || !strings.HasSuffix(msg, " (the server's time limit per computation)") ||
			strings.Contains(msg, "canceled") || strings.Contains(msg, "context deadline") {
			t.Errorf("%s: %d %q", url, code, msg)
		}
	}
}

// pollDeadline is a context whose deadline passes at its n-th poll (a call
// of Err or Done): a deadline in the middle of a computation, at the same
// point of the work on every run, with no clock.
type pollDeadline struct {
	context.Context
	n     atomic.Int64
	once  sync.Once
	done  chan struct{}
	after int64
}

func newPollDeadline(after int64) *pollDeadline {
	return &pollDeadline{Context: context.Background(), done: make(chan struct{}), after: after}
}

func (c *pollDeadline) passed() bool {
	if c.n.Add(1) >= c.after {
		c.once.Do(func() { close(c.done) })
		return true
	}
	return false
}

func (c *pollDeadline) Done() <-chan struct{} { c.passed(); return c.done }

func (c *pollDeadline) Err() error {
	if c.passed() {
		return context.DeadlineExceeded
	}
	return nil
}

// TestMisereDeadlineMidway: a quotient whose deadline passes after some
// heaps are done is answered as data (200), the heaps it reached with
// their quotient, its stop naming the time limit and the hint the
// server's limit per computation, as a stop by a work budget is.
func TestMisereDeadlineMidway(t *testing.T) {
	s := New(Config{})
	for _, after := range []int64{12, 40} {
		r := newRequest("GET", "/api/misere/quotient?game=kayles&heaps=30", nil).WithContext(newPollDeadline(after))
		r.ParseForm()
		res, err := s.misereQuotient(r)
		if err != nil {
			t.Fatalf("polls %d: %v, want the heaps reached", after, err)
		}
		sq, ok := res.(stoppedQuotient)
		if !ok {
			t.Fatalf("polls %d: %T, want a stopped quotient", after, res)
		}
		q := sq.MisereQuotient
		if sq.Hint != "the server's time limit per computation" || q.Stop == nil || !strings.Contains(q.Stop.Reason, "time budget exhausted") {
			t.Errorf("polls %d: hint %q, stop %+v", after, sq.Hint, q.Stop)
		}
		if q.Computed < 1 || q.Computed >= 30 || q.Status == "proved" || len(q.Pretending) != q.Computed+1 {
			t.Errorf("polls %d: computed %d, status %s, %d pretending names", after, q.Computed, q.Status, len(q.Pretending))
		}
		// The quotient of the heaps reached is that of a run asked for them.
		code, _ := octal.ParseCode("0.77") // Kayles
		want, err := misere.Compute(context.Background(), misere.Octal(octal.New(code)), q.Computed, misere.Settings{})
		if err != nil {
			t.Fatal(err)
		}
		if q.Size != want.Size() || q.PSize != want.PSize() {
			t.Errorf("polls %d: to heap %d size %d (P %d), a run to it %d (P %d)", after, q.Computed, q.Size, q.PSize, want.Size(), want.PSize())
		}
		t.Logf("polls %d: stopped after heap %d, size %d", after, q.Computed, q.Size)
	}
}

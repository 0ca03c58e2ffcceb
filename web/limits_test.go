package web

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy/internal/memguard"
)

// The page and its assets answer GET and HEAD only; any other method is a
// 405 naming the methods allowed (before: PUT, TRACE and DELETE answered 200
// with the page).
func TestPageMethods(t *testing.T) {
	s := New(Config{})
	for _, path := range []string{"/", "/app.js", "/index.html", "/nope"} {
		for _, m := range []string{"PUT", "TRACE", "DELETE", "POST", "OPTIONS", "PATCH"} {
			rec := httptest.NewRecorder()
			s.Handler().ServeHTTP(rec, newRequest(m, path, nil))
			if rec.Code != 405 || rec.Header().Get("Allow") != "GET, HEAD" || !strings.Contains(rec.Body.String(), "method "+m+" not allowed") {
				t.Errorf("%s %s = %d, Allow %q, %q", m, path, rec.Code, rec.Header().Get("Allow"), rec.Body)
			}
		}
	}
	for _, m := range []string{"GET", "HEAD"} {
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, newRequest(m, "/", nil))
		if rec.Code != 200 {
			t.Errorf("%s / = %d", m, rec.Code)
		}
	}
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, newRequest("DELETE", "/api/solve", nil))
	if rec.Code != 405 || rec.Header().Get("Allow") != "GET, HEAD, POST" {
		t.Errorf("DELETE /api/solve = %d, Allow %q", rec.Code, rec.Header().Get("Allow"))
	}
}

// A query or form that does not parse is a 400 naming the problem (it was a
// 500).
func TestMalformedForm(t *testing.T) {
	s := New(Config{})
	for _, c := range []struct{ method, target, body, want string }{
		{"GET", "/api/games?x=%zz", "", `invalid URL escape \"%zz\"`},
		{"GET", "/api/games?game=nim;position=3", "", "invalid semicolon separator in query"},
		{"GET", "/api/solve?game=nim&position=%", "", `invalid URL escape \"%\"`},
		{"POST", "/api/solve?game=nim", "position=3%", `invalid URL escape \"%\"`},
		{"POST", "/api/info", "game=nim&%zz", `invalid URL escape \"%zz\"`},
	} {
		rec := httptest.NewRecorder()
		req := newRequest(c.method, c.target, strings.NewReader(c.body))
		if c.method == "POST" {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		s.Handler().ServeHTTP(rec, req)
		if rec.Code != 400 || !strings.Contains(rec.Body.String(), `"error":"malformed query or form: `+c.want) {
			t.Errorf("%s %s %q = %d %s", c.method, c.target, c.body, rec.Code, rec.Body)
		}
	}
}

// capabilityError stands for an engine error that knows its status.
type capabilityError struct{ status int }

func (e capabilityError) Error() string   { return fmt.Sprintf("cannot (%d)", e.status) }
func (e capabilityError) HTTPStatus() int { return e.status }

func TestErrorStatusHTTPStatus(t *testing.T) {
	for _, c := range []struct {
		err  error
		code int
	}{
		{capabilityError{400}, 400},
		{fmt.Errorf("catalog: %w", capabilityError{422}), 422},
		{capabilityError{200}, 500}, // not an error status: ignored
		{&tooLargeError{"moves", 10 << 20}, 422},
		{&deadlineError{time.Second}, 504},
		{&memoryLimitError{1 << 20}, 422},
	} {
		if code, msg := errorStatus(c.err); code != c.code || msg == "" {
			t.Errorf("errorStatus(%v) = %d %q, want %d", c.err, code, msg, c.code)
		}
	}
}

// handle runs route name's handler on a GET of query, as the server would
// (parsed form, no slot), and returns its value.
func handle(t *testing.T, s *Server, name, query string) any {
	t.Helper()
	for _, rt := range s.routes() {
		if rt.name != name {
			continue
		}
		r := newRequest("GET", "/api/"+name+"?"+query, nil)
		if err := r.ParseForm(); err != nil {
			t.Fatal(err)
		}
		v, err := rt.handle(r)
		if err != nil {
			t.Fatalf("/api/%s?%s: %v", name, query, err)
		}
		return v
	}
	t.Fatalf("no route %s", name)
	return nil
}

// jsonSize is a lower bound on the length of the JSON encoding/json writes,
// checked on real answers of every kind, and not a loose one: at least a
// quarter of it on the large answers that MaxResponseBytes is for.
func TestJSONSizeLowerBound(t *testing.T) {
	s := New(Config{})
	heaps := strings.TrimSpace(strings.Repeat("100 ", 100)) // 10,000 moves, under the output budget
	for _, c := range []struct {
		name, query string
		large       bool
	}{
		{"games", "", true},
		{"info", q("game", "subtract:1,3,4"), false},
		{"solve", q("game", "nim", "position", "3 4 5"), false},
		{"solve", q("game", "nim", "position", heaps+" 1"), true},
		{"solve", q("game", "nim", "position", "1 1 1", "misere", "1"), false},
		{"moves", q("game", "nim", "position", heaps), true},
		{"moves", q("game", "nim", "position", "0"), false},
		{"move", q("game", "nim", "position", "3 4 5", "to", "1 4 5"), false},
		{"reply", q("game", "nim", "position", "0"), false},
		{"values", q("game", "subtract:1,3,4", "to", "100000"), true},
		{"values", q("game", "kayles", "to", "500"), false},
		{"period", q("game", "kayles", "to", "300"), false},
		{"bridge/deal", q("n", "3", "seed", "1"), false},
		{"bridge/solve", q("n", "2000", "seed", "1"), true},
		{"bridge/solve", q("n", "5", "seed", "1", "explain", "1"), false},
		{"bridge/play", q("n", "64", "seed", "1", "as", "1"), true},
		{"cardflip/strategies", "", false},
		{"cardflip/play", q("strategy", "best", "m", "8", "seed", "3"), false},
		{"cardflip/compare", q("m", "2..6", "trials", "50"), false},
	} {
		v := handle(t, s, c.name, c.query)
		b := []byte(encode(t, v))
		n := int64(len(b))
		lb := jsonSize(v, math.MaxInt64)
		if lb > n {
			t.Errorf("/api/%s?%.60s: bound %d > %d bytes of JSON", c.name, c.query, lb, n)
		}
		if c.large && lb < n/4 {
			t.Errorf("/api/%s?%.60s: bound %d, under a quarter of %d bytes", c.name, c.query, lb, n)
		}
		// Early exit: past the limit it stops, with a number over it.
		if limit := lb / 2; jsonSize(v, limit) <= limit {
			t.Errorf("/api/%s: jsonSize(limit %d) = %d", c.name, limit, jsonSize(v, limit))
		}
		t.Logf("/api/%s?%.40s: bound %d of %d bytes", c.name, c.query, lb, n)
	}
	// Values of every shape, against encoding/json itself.
	type inner struct {
		A string `json:"a"`
	}
	type Embedded struct{ E int }
	type weird struct {
		Embedded
		*inner
		Skip  string         `json:"-"`
		Omit  string         `json:"omit,omitempty"`
		Zero  time.Time      `json:"zero,omitzero"`
		Empty []int          `json:"empty,omitempty"`
		M     map[string]any `json:"m"`
		B     []byte         `json:"b"`
		T     time.Time      `json:"t"`
		P     *int           `json:"p"`
		I     any            `json:"i"`
		Arr   [3]bool        `json:"arr"`
		F     float64        `json:"f,string"`
		hide  int
	}
	for _, v := range []any{
		nil, 0, "", "\x00<>&\u2028", []int(nil), []int{}, map[string]int(nil),
		weird{}, &weird{inner: &inner{"x"}, M: map[string]any{"k": []string{"v"}}, B: []byte("hello, world"), I: 3.5, hide: 1},
		[]any{nil, true, json.Number("12"), map[int]string{1: "a"}},
	} {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if lb := jsonSize(v, math.MaxInt64); lb > int64(len(b)) {
			t.Errorf("%#v: bound %d > len(%s) = %d", v, lb, b, len(b))
		}
	}
}

// An answer whose JSON would pass MaxResponseBytes is a 422 naming the
// limit and how to narrow the question, whether the lower bound refuses it
// before encoding or the buffer after.
func TestResponseLimit(t *testing.T) {
	s := New(Config{MaxResponseBytes: 2000})
	heaps := strings.TrimSpace(strings.Repeat("10 ", 60))
	for _, c := range []struct{ target, hint string }{
		{"/api/moves?" + q("game", "nim", "position", heaps), "ask /api/solve for the value and the winning moves, or give fewer or smaller heaps"},
		{"/api/values?" + q("game", "subtract:1,3,4", "to", "5000"), "ask for a smaller to, or for the range in pieces"},
		{"/api/games", "ask a narrower question"},
	} {
		code, body := get(t, s, c.target)
		want := "answer too large: its JSON is more than the 2.0 KiB the server sends per answer (web.Config.MaxResponseBytes); " + c.hint
		if code != 422 || !strings.Contains(body, want) {
			t.Errorf("GET %.50s = %d %s", c.target, code, body)
		}
	}
	// Just over the limit: the bound lets it through, the buffer refuses.
	v := handle(t, s, "values", q("game", "subtract:1,3,4", "to", "700"))
	n := int64(len(encode(t, v)))
	if lb := jsonSize(v, math.MaxInt64); lb >= n {
		t.Fatalf("bound %d, JSON %d", lb, n)
	}
	s = New(Config{MaxResponseBytes: n - 1})
	if code, body := get(t, s, "/api/values?"+q("game", "subtract:1,3,4", "to", "700")); code != 422 || !strings.Contains(body, "answer too large") {
		t.Errorf("one byte over: %d %s", code, body)
	}
	s = New(Config{MaxResponseBytes: n})
	if code, _ := get(t, s, "/api/values?"+q("game", "subtract:1,3,4", "to", "700")); code != 200 {
		t.Errorf("exactly the limit: %d", code)
	}
}

// A request that looks cheap but outlasts FastTimeout in the fast lane is
// moved to a general slot and answered there, with the same answer.
func TestFastLanePromotion(t *testing.T) {
	// subtract:all-but:2 has n options at heap n: G(0..5000) is 12.5
	// million options, more than one poll of the context (every 4,096
	// positions) apart, so a slice of 1 ns is always over. In the general
	// slot it has all the time it needs (Timeout is not under test here).
	s := New(Config{FastTimeout: time.Nanosecond, Timeout: 10 * time.Minute})
	target := "/api/values?" + q("game", "subtract:all-but:2", "to", "5000")
	if !s.looksCheap("values", newFormRequest(t, target)) {
		t.Fatal("values to 5000 does not look cheap")
	}
	code, body := get(t, s, target)
	if code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	if s.promoted.Load() != 1 {
		t.Errorf("promoted %d times, want 1", s.promoted.Load())
	}
	if want := encode(t, handle(t, New(Config{}), "values", q("game", "subtract:all-but:2", "to", "5000"))); body != want {
		t.Errorf("promoted answer differs from the direct one")
	}
	// Requests that do not look cheap.
	for _, target := range []string{
		"/api/values?" + q("game", "grundy", "to", "10001"),
		"/api/period?" + q("game", "kayles"),
		"/api/solve?" + q("game", "nim", "position", strings.Repeat("7 ", 200)),
		"/api/cardflip/exact?" + q("m", "3"),
		"/api/bridge/count?" + q("queries", "1"),
	} {
		name := strings.TrimPrefix(strings.Split(target, "?")[0], "/api/")
		if s.looksCheap(name, newFormRequest(t, target)) {
			t.Errorf("%.60s looks cheap", target)
		}
	}
}

// TestFastLanePartialAnswerPromoted: a list of moves stops early, without
// an error, when its context ends ("the list stopped early: time budget
// exhausted"). Stopped by the fast lane's slice, such an answer depended on
// the machine's load (63 of the 100 moves of Kayles 10^8's first page under
// go test -race), so it is computed again in a general slot. The handler
// here answers "partial" when its context ends and "whole" when it has
// time (a deadline minutes away: the general slot), whatever the machine.
func TestFastLanePartialAnswerPromoted(t *testing.T) {
	s := New(Config{FastTimeout: time.Millisecond, Timeout: 10 * time.Minute})
	rt := route{name: "solve", compute: true, handle: func(r *http.Request) (any, error) {
		if dl, ok := r.Context().Deadline(); ok && time.Until(dl) > time.Minute {
			return "whole", nil
		}
		<-r.Context().Done()
		return "partial", nil
	}}
	rec := httptest.NewRecorder()
	s.api(rt).ServeHTTP(rec, newRequest("GET", "/api/solve?game=nim&position=1", nil))
	if rec.Code != 200 || strings.TrimSpace(rec.Body.String()) != `"whole"` {
		t.Errorf("%d %s, want the answer of a general slot", rec.Code, rec.Body)
	}
	if s.promoted.Load() != 1 {
		t.Errorf("promoted %d times, want 1", s.promoted.Load())
	}
}

func newFormRequest(t *testing.T, target string) *http.Request {
	r := newRequest("GET", target, nil)
	if err := r.ParseForm(); err != nil {
		t.Fatal(err)
	}
	return r
}

// The memory governor stops a computation whose heap passes MemoryLimit
// (here 32 MiB over the heap at the start, far under the 256 MiB budget the
// search would stop at by its own estimate) with a 422 that names the
// limit. A Starlark rule's search to 3,000,000 reaches 900 MB in 54 s
// without the governor. (Its Timeout is far above the time the search
// takes to pass the limit on a loaded machine: the clock is not under test.)
func TestMemoryLimit(t *testing.T) {
	limit := memguard.Usage() + 32<<20
	s := New(Config{MemoryLimit: limit, FastLane: -1, Timeout: 10 * time.Minute})
	code, body := get(t, s, "/api/solve?"+q("game", "starlark:examples/subtract.star", "position", "3000000"))
	if code != 422 || !strings.Contains(body, "memory limit reached: the server's heap passed") {
		t.Errorf("%d %s", code, body)
	}
	if s.guard.Trips() != 1 {
		t.Errorf("%d trips", s.guard.Trips())
	}
	if n := s.computing(); n != 0 {
		t.Errorf("%d computations still running", n)
	}
}

// slowRoute's handler ignores its context until release is closed (an
// engine loop that does not poll), or panics.
func slowRoute(release <-chan struct{}, panics bool) route {
	return route{name: "slow", compute: true, handle: func(r *http.Request) (any, error) {
		if panics {
			panic("boom")
		}
		<-release
		return "done", nil
	}}
}

// A handler that does not stop at its deadline is answered 504 soon after
// it anyway; its slot stays taken until it really returns. The handler
// returns only when the test lets it, so the 504 can only be the
// watchdog's, on any machine; how soon after the deadline it came is
// logged (the grace is stopGrace).
func TestWatchdog(t *testing.T) {
	s := New(Config{Timeout: 50 * time.Millisecond, MaxConcurrent: 1, FastLane: -1})
	release := make(chan struct{})
	defer func() {
		select {
		case <-release:
		default:
			close(release)
		}
	}()
	rec := httptest.NewRecorder()
	start := time.Now()
	answered := make(chan struct{})
	go func() {
		defer close(answered)
		s.api(slowRoute(release, false)).ServeHTTP(rec, newRequest("GET", "/api/slow", nil))
	}()
	select {
	case <-answered:
	case <-time.After(time.Minute): // a failsafe
		t.Fatal("no answer while the handler runs on")
	}
	t.Logf("answered after %v", time.Since(start))
	if rec.Code != 504 || !strings.Contains(rec.Body.String(), "time budget exhausted") {
		t.Errorf("%d %s", rec.Code, rec.Body)
	}
	if n := s.computing(); n != 1 {
		t.Errorf("%d computations holding a slot while the handler runs, want 1", n)
	}
	close(release)
	for start := time.Now(); s.computing() != 0; time.Sleep(time.Millisecond) {
		if time.Since(start) > time.Minute { // a failsafe
			t.Fatal("the slot was not released when the handler returned")
		}
	}
}

// A handler that panics is a 500; the slot is released and the server
// answers the next request.
func TestHandlerPanic(t *testing.T) {
	s := New(Config{})
	rec := httptest.NewRecorder()
	s.api(slowRoute(nil, true)).ServeHTTP(rec, newRequest("GET", "/api/slow", nil))
	if rec.Code != 500 || !strings.Contains(rec.Body.String(), "internal error in /api/slow: boom") {
		t.Errorf("%d %s", rec.Code, rec.Body)
	}
	if n := s.computing(); n != 0 {
		t.Errorf("%d computations after the panic", n)
	}
	if code, _ := get(t, s, "/api/solve?"+q("game", "nim", "position", "1")); code != 200 {
		t.Errorf("next request: %d", code)
	}
}

// A client that disconnects in the middle of a computation cancels it: its
// slot is free again soon after, well before the computation's deadline
// (an hour; the failsafe of a minute is far below it, and how soon the slot
// freed is logged).
func TestDisconnectCancels(t *testing.T) {
	s := New(Config{Timeout: time.Hour})
	ln := listen(t)
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	defer func() { stop(); <-served }()

	// Grundy's game to 1,000,000 takes minutes.
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(conn, "GET /api/values?%s HTTP/1.1\r\nHost: localhost\r\n\r\n", q("game", "grundy", "to", "1000000"))
	for start := time.Now(); s.computing() != 1; time.Sleep(time.Millisecond) {
		if time.Since(start) > time.Minute { // a failsafe
			t.Fatal("the computation did not start")
		}
	}
	conn.Close()
	start := time.Now()
	for s.computing() != 0 {
		if time.Since(start) > time.Minute {
			t.Fatal("the slot is still taken a minute after the client left")
		}
		time.Sleep(time.Millisecond)
	}
	t.Logf("slot freed %v after the client disconnected", time.Since(start))
	// And the server still answers.
	conn, err = net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "GET /api/solve?%s HTTP/1.1\r\nHost: localhost\r\n\r\n", q("game", "nim", "position", "1 2"))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("next request: %v %v", resp, err)
	}
	resp.Body.Close()
}

// /api/move and /api/reply apply the repetition rule (play.RepetitionDraw)
// to the game's earlier positions (history=, the start first): the play
// page asks them instead of keeping a copy of the rule. On draw.star the
// token stays on 4: after 4 → 4 twice from the start 4, the position 4
// has occurred three times with the same player to move.
func TestRepetitionByHistory(t *testing.T) {
	s := New(Config{})
	game := "starlark:examples/draw.star"
	for _, c := range []struct {
		route   string
		history []string
		want    bool
	}{
		{"move", nil, false},
		{"move", []string{"4"}, false},
		{"move", []string{"4", "4"}, false}, // 4 with the other player to move
		{"move", []string{"4", "4", "4"}, true},
		{"reply", []string{"4", "4", "4"}, true},
		{"reply", []string{"4"}, false},
	} {
		v := url.Values{"game": {game}, "position": {"4"}}
		if c.route == "move" {
			v.Set("to", "4")
		}
		for _, h := range c.history {
			v.Add("history", h)
		}
		code, body := get(t, s, "/api/"+c.route+"?"+v.Encode())
		var r struct {
			Move *struct {
				To string `json:"to"`
			} `json:"move"`
			Repetition bool `json:"repetition"`
		}
		if err := json.Unmarshal([]byte(body), &r); code != 200 || err != nil {
			t.Fatalf("%s %v: %d %s", c.route, c.history, code, body)
		}
		if r.Move == nil || r.Move.To != "4" {
			t.Fatalf("%s %v: %s, want the move to 4 (the only one that keeps the draw)", c.route, c.history, body)
		}
		if r.Repetition != c.want {
			t.Errorf("%s from 4 after %v: repetition %v, want %v", c.route, c.history, r.Repetition, c.want)
		}
	}
}

package web

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/jsonout"
)

// get sends a request to the server's handler and returns the status and body.
func get(t *testing.T, s *Server, target string) (int, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, newRequest(http.MethodGet, target, nil))
	if ct := rec.Header().Get("Content-Type"); strings.HasPrefix(target, "/api/") && ct != "application/json; charset=utf-8" {
		t.Errorf("GET %s: Content-Type %q", target, ct)
	}
	return rec.Code, rec.Body.String()
}

// encode is what jsonout writes for v: the CLI's --json bytes.
func encode(t *testing.T, v any) string {
	t.Helper()
	var b bytes.Buffer
	if err := jsonout.Write(&b, v); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// checksum is the SHA-256 of values as 8-byte little-endian integers, as
// docs/values.md defines the checksum of a sequence.
func checksum(values []impartial.Nimber) string {
	h := sha256.New()
	for _, v := range values {
		h.Write(binary.LittleEndian.AppendUint64(nil, uint64(v)))
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

func q(kv ...string) string {
	v := url.Values{}
	for i := 0; i < len(kv); i += 2 {
		v.Add(kv[i], kv[i+1])
	}
	return v.Encode()
}

// The answers are the catalog's results in the CLI's encoding, byte for byte.
func TestEndpointsOK(t *testing.T) {
	s := New(Config{})
	ctx := context.Background()
	nim, _ := families.Parse("nim")
	sub, _ := families.Parse("subtract:1,3,4")
	// The info names no OEIS entry, so it links a search for G(0..19):
	// period 7 of S = {1, 3, 4}, 0 1 0 1 2 3 2 (Winning Ways ch. 4).
	subInfo := sub.Info()
	subInfo.OEISSearch = "https://oeis.org/search?q=0,1,0,1,2,3,2,0,1,0,1,2,3,2,0,1,0,1,2,3"
	solved, _ := nim.Solve(ctx, "3 4 5", catalog.Options{})
	misere, _ := nim.Solve(ctx, "1 1 1", catalog.Options{Misere: true})
	seq, _ := sub.Values(ctx, 0, 20, catalog.Options{})
	seq.SetChecksum()
	moves, _ := nim.Moves(ctx, "2 1", catalog.Options{})
	for _, c := range []struct{ target, want string }{
		{"/api/games", encode(t, families.All())},
		{"/api/info?game=subtract:3,1,4", encode(t, subInfo)},
		{"/api/solve?" + q("game", "nim", "position", "3 4 5"), encode(t, solved)},
		// The README's line for `grundy solve nim 3 4 5 --json`.
		{"/api/solve?" + q("game", "nim", "position", "3,4,5"), `{"game":"nim","position":"3 4 5","misere":false,"value":2,"component_values":[3,4,5],"outcome":"N","winning_moves":[{"to":"1 4 5","move":"take 2 from heap 1"}]}` + "\n"},
		{"/api/solve?" + q("game", "nim", "position", "1 1 1", "misere", "1"), encode(t, misere)},
		{"/api/solve?" + q("game", "nim", "position", "1 1 1", "misere", "true"), encode(t, misere)},
		{"/api/values?" + q("game", "subtract:1,3,4", "to", "20"), encode(t, seq)},
		{"/api/values?" + q("game", "subtract:1,3,4", "to", "8"), `{"game":"subtract:1,3,4","start":0,"values":[0,1,0,1,2,3,2,0,1],"checksum":"sha256:7830d341053c111dd5145a3412fa536ac4eec329a213e87039ac2c60020a7062"}` + "\n"},
		{"/api/moves?" + q("game", "nim", "position", "2  1"), encode(t, MovesResult{"nim", "2 1", moves})},
		{"/api/moves?" + q("game", "nim", "position", "0 0"), `{"game":"nim","position":"0 0","moves":[]}` + "\n"},
		{"/api/move?" + q("game", "nim", "position", "3 4 5", "to", "1,4,5"), `{"game":"nim","position":"3 4 5","move":{"to":"1 4 5","move":"take 2 from heap 1"}}` + "\n"},
		// judge=1: play.Judge's verdict, as grundy play says it: 3 4 4 gave
		// away the win that 1 4 5 (value 0) kept; from 1 1 every move loses.
		{"/api/move?" + q("game", "nim", "position", "3 4 5", "to", "3 4 4", "judge", "1"), `{"game":"nim","position":"3 4 5","move":{"to":"3 4 4","move":"take 1 from heap 3"},"verdict":{"chosen":{"to":"3 4 4","move":"take 1 from heap 3","result":"lose","value":3,"remoteness":9},"mistake":true,"better":{"to":"1 4 5","move":"take 2 from heap 1","result":"win","value":0,"remoteness":10}}}` + "\n"},
		{"/api/move?" + q("game", "nim", "position", "1 1", "to", "0 1", "judge", "1"), `{"game":"nim","position":"1 1","move":{"to":"0 1","move":"take 1 from heap 1"},"verdict":{"chosen":{"to":"0 1","move":"take 1 from heap 1","result":"lose","value":1,"remoteness":1},"lost":true}}` + "\n"},
		{"/api/move?" + q("game", "nim", "position", "1 1", "to", "0 1", "judge", "1", "misere", "1"), `{"game":"nim","position":"1 1","move":{"to":"0 1","move":"take 1 from heap 1"},"verdict":{"chosen":{"to":"0 1","move":"take 1 from heap 1","result":"win"}}}` + "\n"},
		{"/api/reply?" + q("game", "nim", "position", "3 4 5"), `{"game":"nim","position":"3 4 5","misere":false,"move":{"to":"1 4 5","move":"take 2 from heap 1"},"over":false}` + "\n"},
		// A lost position is still played on: the longest loss, 7 → 6 (in 4 moves; 7 → 3 loses in 2).
		{"/api/reply?" + q("game", "subtract:1,3,4", "position", "7"), `{"game":"subtract:1,3,4","position":"7","misere":false,"move":{"to":"6","move":"take 1 from heap 1"},"over":false}` + "\n"},
		{"/api/reply?" + q("game", "nim", "position", "0"), `{"game":"nim","position":"0","misere":false,"over":true}` + "\n"},
		// Misère Nim 1 1: the winning move takes a heap, leaving one token.
		{"/api/reply?" + q("game", "nim", "position", "1 1", "misere", "1"), `{"game":"nim","position":"1 1","misere":true,"move":{"to":"0 1","move":"take 1 from heap 1"},"over":false}` + "\n"},
	} {
		code, body := get(t, s, c.target)
		if code != http.StatusOK || body != c.want {
			t.Errorf("GET %s = %d %s\nwant 200 %s", c.target, code, body, c.want)
		}
	}
}

// The perfect player's reply from every N-position of small Nim sums is a
// move to a P-position, as the brute-force oracle says.
func TestReplyIsWinning(t *testing.T) {
	s := New(Config{})
	for a := 0; a <= 4; a++ {
		for b := 0; b <= 4; b++ {
			pos := []int{a, b, 3}
			code, body := get(t, s, "/api/reply?"+q("game", "nim", "position", games.FormatHeaps(pos)))
			var r ReplyResult
			if code != 200 || json.Unmarshal([]byte(body), &r) != nil {
				t.Fatalf("reply %v: %d %s", pos, code, body)
			}
			after, _ := games.ParseHeaps(r.Move.To)
			if (a^b^3 != 0) != (impartial.OutcomeOf(impartial.Nimber(after[0]^after[1]^after[2])) == impartial.P) {
				t.Errorf("reply from %v = %s: a winning move exists iff the position is N", pos, r.Move.To)
			}
		}
	}
}

// notHeap is a catalog game that is not a HeapGame, and cyclic a game whose
// moves go round in a circle (a bug the engine reports as a CycleError).
type cyclic struct{}

func (cyclic) Moves(p int, yield func(int) bool) { yield((p + 1) % 3) }

func fakeParse(_ context.Context, spec string) (*catalog.Game, error) {
	codec := catalog.Codec[int]{Parse: games.ParseHeaps, Format: games.FormatHeaps}
	switch spec {
	case "notheap":
		return catalog.NewSumGame(catalog.Info{Spec: "notheap", Example: "1"}, games.Nim{}, codec), nil
	case "cyclic":
		return catalog.NewSumGame(catalog.Info{Spec: "cyclic", Example: "1"}, impartial.Game[int](cyclic{}), codec), nil
	}
	return families.Parse(spec)
}

// Every error is JSON {"error": "..."} with its documented 4xx/5xx status.
func TestErrors(t *testing.T) {
	s := New(Config{Budget: impartial.Budget{MaxPositions: 1000, MaxMemory: 1 << 20}, MaxInput: 100, MaxTo: 500, MaxBridgeN: 100_000})
	s.resolve = fakeParse
	long := strings.Repeat("1 ", 60)
	for _, c := range []struct {
		target string
		code   int
		msg    string
	}{
		{"/api/nope", 404, "no API endpoint /api/nope"},
		{"/api/info", 400, `missing parameter "game"`},
		{"/api/info?game=nmi", 400, `game "nmi": column 1: unknown game "nmi"; did you mean "nim"?`},
		{"/api/info?game=nim&game=nim", 400, `parameter "game" given 2 times`},
		{"/api/info?" + q("game", strings.Repeat("x", 101)), 413, `parameter "game" too long: 101 bytes (at most 100)`},
		{"/api/solve?game=nim", 400, `missing parameter "position"`},
		{"/api/solve?" + q("game", "nim", "position", "3 x"), 400, `position "3 x" of nim: column 3: heap size "x" is not a whole number ≥ 0`},
		{"/api/solve?" + q("game", "subtract:1,x", "position", "3"), 400, `column 12: "x" is not a positive whole number`},
		{"/api/solve?" + q("game", "nim", "position", "3", "misere", "maybe"), 400, `parameter "misere" must be 1 or 0, not "maybe"`},
		{"/api/solve?" + q("game", "nim", "position", long), 413, `parameter "position" too long: 120 bytes (at most 100)`},
		{"/api/solve?" + q("game", "subtract:all-but:2", "position", "100000"), 422, `search of subtract:all-but:2 "100000": move budget exhausted: more than 1000 moves to examine (the server's work budget per computation)`},
		{"/api/solve?" + q("game", "cyclic", "position", "0"), 422, "the game has a cycle of 3 moves"},
		{"/api/moves?game=nim", 400, `missing parameter "position"`},
		{"/api/moves?" + q("game", "nim", "position", "-1"), 400, `heap size "-1" is not a whole number ≥ 0`},
		{"/api/moves?" + q("game", "nim", "position", "5000"), 422, `the moves of nim "5000": move budget exhausted: more than 1000 moves to examine; ask for the value and the winning moves instead, or for a smaller position`},
		{"/api/moves?" + q("game", "nmi", "position", "1"), 400, `unknown game "nmi"`},
		{"/api/move?" + q("game", "nim", "position", "3"), 400, `missing parameter "to"`},
		{"/api/move?" + q("game", "nim", "position", "3", "to", "5"), 422, "nim: no legal move from 3 to 5"},
		{"/api/move?" + q("game", "nim", "position", "3 4", "to", "3 4"), 422, "nim: no legal move from 3 4 to 3 4"},
		{"/api/move?" + q("game", "nim", "position", "3", "to", "y"), 400, `position "y" of nim: column 1`},
		{"/api/move?" + q("game", "nim", "position", "z", "to", "1"), 400, `position "z" of nim`},
		{"/api/move?" + q("game", "nim", "position", "5000", "to", "1"), 422, "move budget exhausted"},
		{"/api/reply?" + q("game", "nim", "position", ""), 400, `empty (want heap sizes such as "3 4 5")`},
		{"/api/reply?" + q("game", "nim", "position", "1", "misere", "2"), 400, `parameter "misere" must be 1 or 0`},
		{"/api/reply?" + q("game", "subtract:all-but:2", "position", "100000"), 422, "move budget exhausted"},
		{"/api/reply?" + q("game", "subtract:all-but:2", "position", "100000", "misere", "1"), 422, "budget exhausted"},
		{"/api/values?game=nim", 400, `missing parameter "to"`},
		{"/api/values?" + q("game", "notheap", "to", "5"), 400, "notheap is not a heap game"},
		{"/api/values?" + q("game", "nim", "to", "ten"), 400, `parameter "to" must be a whole number, not "ten"`},
		{"/api/values?" + q("game", "nim", "to", "-3"), 400, `parameter "to" must be at least 0 for nim, not -3`},
		{"/api/values?" + q("game", "nim", "to", "-99999999999999999999"), 400, `must be a whole number`},
		{"/api/values?" + q("game", "nim", "to", "501"), 413, `parameter "to" too large: 501 (at most 500)`},
		{"/api/values?" + q("game", "nim", "to", "99999999999999999999"), 413, `parameter "to" too large`},
		{"/api/values?" + q("game", "subtract:1,3,4", "to", "500"), 200, ""},
		{"/api/values?" + q("game", "nmi", "to", "5"), 400, `unknown game`},
		{"/api/bridge/deal", 400, `missing parameter "n"`},
		{"/api/bridge/deal?n=0", 400, `parameter "n" must be a whole number in 1..100000, not "0"`},
		{"/api/bridge/deal?n=100001", 400, `parameter "n" must be a whole number in 1..100000`},
		{"/api/bridge/deal?n=3&seed=-1", 400, `parameter "seed" must be a whole number in 0..9007199254740991`},
		{"/api/bridge/solve", 400, `missing parameter "n" (or give a deal)`},
		{"/api/bridge/solve?" + q("deal", "2\n1 8\n2 7\n3 6\n4 4\n"), 400, `input line 5: position 4: card 4 appears twice in the same hand`},
		{"/api/bridge/solve?" + q("deal", "2\n1 8\n2 7\n3 6\n"), 400, `input line 5: unexpected end of input: want 2n = 4 hands (positions 1..4), got 3`},
		{"/api/bridge/solve?" + q("deal", "1\n1 2\n3 4\n", "n", "1"), 400, `give either a deal or n`},
		{"/api/bridge/solve?" + q("deal", "1\n1 2\n3 4\n", "explain", "3"), 400, `parameter "explain" must be a whole number in 1..2, not "3"`},
		{"/api/bridge/solve?" + q("deal", strings.Repeat("1", 101)), 413, `parameter "deal" too long`},
		{"/api/bridge/solve?" + q("n", "10001", "explain", "1"), 413, `explain needs n ≤ 10000, this deal has n = 10001`},
		{"/api/bridge/count", 400, `missing parameter "queries"`},
		{"/api/bridge/count?" + q("queries", ""), 400, `no query`},
		{"/api/bridge/count?" + q("queries", "2\n1 1 3 1"), 400, `input line 2: column 5: value "3" is not 0, 1 or 2`},
		{"/api/bridge/count?" + q("queries", "2\n1 1 1 1", "mod", "8"), 400, `parameter "mod": 8 is not a prime`},
		{"/api/bridge/count?" + q("queries", "2\n1 1 1 1", "mod", "x"), 400, `parameter "mod" must be a prime`},
	} {
		code, body := get(t, s, c.target)
		if code != c.code {
			t.Errorf("GET %s = %d %s, want %d", c.target, code, body, c.code)
			continue
		}
		if c.code == 200 {
			continue
		}
		var e ErrorBody
		if err := json.Unmarshal([]byte(body), &e); err != nil || !strings.Contains(e.Error, c.msg) {
			t.Errorf("GET %s = %d %s, want error containing %q", c.target, code, body, c.msg)
		}
	}
}

func TestMethodAndBody(t *testing.T) {
	s := New(Config{MaxBodyBytes: 64})
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, newRequest(http.MethodDelete, "/api/games", nil))
	if rec.Code != 405 || rec.Header().Get("Allow") != "GET, HEAD, POST" || !strings.Contains(rec.Body.String(), "method DELETE not allowed") {
		t.Errorf("DELETE = %d %v %s", rec.Code, rec.Header(), rec.Body)
	}
	post := func(body string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		r := newRequest(http.MethodPost, "/api/solve", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		s.Handler().ServeHTTP(rec, r)
		return rec
	}
	if rec := post(q("game", "nim", "position", "3 4 5")); rec.Code != 200 || !strings.Contains(rec.Body.String(), `"value":2`) {
		t.Errorf("POST form = %d %s", rec.Code, rec.Body)
	}
	if rec := post(q("game", "nim", "position", strings.Repeat("1 ", 40))); rec.Code != 413 || !strings.Contains(rec.Body.String(), `"error":"request body too large (at most 64 bytes)"`) {
		t.Errorf("POST large = %d %s", rec.Code, rec.Body)
	}
	rec = httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, newRequest(http.MethodPost, "/api/solve?game=nim", strings.NewReader("%zz")))
	if rec.Code != 400 {
		t.Errorf("bad query = %d %s", rec.Code, rec.Body)
	}
}

// A full server answers 503 with Retry-After: at once when the queue is
// full, after Config.QueueWait otherwise.
func TestBusy(t *testing.T) {
	s := New(Config{MaxConcurrent: 1, FastLane: -1, MaxQueue: 1, QueueWait: 20 * time.Millisecond})
	bg := context.Background()
	far := time.Now().Add(time.Hour)
	const other = "203.0.113.9" // another client than httptest's 192.0.2.1
	// A computation of another client is running.
	l, err := s.sched.acquire(bg, other, false, far)
	if err != nil {
		t.Fatal(err)
	}
	// waitQueued waits until a request is in the queue (false after a
	// minute: a failsafe).
	waitQueued := func() bool {
		for start := time.Now(); time.Since(start) < time.Minute; time.Sleep(time.Millisecond) {
			if _, _, w := s.sched.stats(); w == 1 {
				return true
			}
		}
		return false
	}
	target := "/api/solve?" + q("game", "nim", "position", "1")
	for _, waiting := range []int{0, 1} {
		var queued chan error
		var stop context.CancelFunc
		if waiting == 1 { // another request of the other client fills the queue
			queued = make(chan error, 1)
			ctx, cancel := context.WithCancel(bg)
			defer cancel()
			go func() { _, err := s.sched.acquire(ctx, other, false, far); queued <- err }()
			if !waitQueued() {
				t.Fatal("the other client's request was not queued")
			}
			stop = cancel
			// "At once" is that the request does not wait: with QueueWait
			// an hour it would answer only after the failsafe below.
			s.cfg.QueueWait = time.Hour
		}
		rec := httptest.NewRecorder()
		start := time.Now()
		answered := make(chan struct{})
		go func() {
			defer close(answered)
			s.Handler().ServeHTTP(rec, newRequest(http.MethodGet, target, nil))
		}()
		select {
		case <-answered:
		case <-time.After(time.Minute):
			t.Fatalf("waiting %d: no answer in a minute", waiting)
		}
		waited := time.Since(start)
		if rec.Code != 503 || rec.Header().Get("Retry-After") != "1" || !strings.Contains(rec.Body.String(), "server busy") {
			t.Errorf("waiting %d: %d %v %s", waiting, rec.Code, rec.Header(), rec.Body)
		}
		// A timer never fires early: a queued request waits QueueWait at
		// least, however fast the machine.
		if waiting == 0 && waited < 20*time.Millisecond {
			t.Errorf("queued request answered after %v, before QueueWait", waited)
		}
		t.Logf("waiting %d: answered after %v", waiting, waited)
		if queued != nil {
			stop()
			if err := <-queued; err != context.Canceled {
				t.Errorf("the waiting request: %v", err)
			}
		}
	}
	// The slot frees while a request waits: it is served (released once
	// the request is in the queue; QueueWait is an hour).
	go func() {
		if !waitQueued() {
			t.Error("the request was not queued")
		}
		s.sched.release(other, l)
	}()
	if code, body := get(t, s, target); code != 200 {
		t.Errorf("after the slot freed: %d %s", code, body)
	}
	// A request whose client went away while queued.
	if _, err := s.sched.acquire(bg, other, false, far); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(bg)
	cancel()
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, newRequest(http.MethodGet, target, nil).WithContext(ctx))
	if rec.Code != 503 || !strings.Contains(rec.Body.String(), "request canceled") {
		t.Errorf("canceled while queued: %d %s", rec.Code, rec.Body)
	}
}

// Past Config.Timeout the search stops with 504; a client that goes away
// cancels its search (503, never read).
func TestTimeoutAndCancel(t *testing.T) {
	s := New(Config{Timeout: time.Nanosecond})
	code, body := get(t, s, "/api/values?"+q("game", "subtract:1,3,4", "to", "900000"))
	if code != 504 || !strings.Contains(body, "time budget exhausted: the computation ran past the server's 1ns per request") {
		t.Errorf("timeout: %d %s", code, body)
	}
	s = New(Config{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, newRequest(http.MethodGet, "/api/values?"+q("game", "subtract:1,3,4", "to", "900000"), nil).WithContext(ctx))
	if rec.Code != 503 || !strings.Contains(rec.Body.String(), "canceled") {
		t.Errorf("canceled: %d %s", rec.Code, rec.Body)
	}
}

func TestErrorStatus(t *testing.T) {
	for _, c := range []struct {
		err  error
		code int
	}{
		{errors.New("something broke"), 500},
		{context.DeadlineExceeded, 504},
		{&impartial.BudgetError{Limit: impartial.LimitMemory, Max: 1 << 20}, 422},
		{&impartial.BudgetError{Limit: impartial.LimitTime}, 504},
		{&impartial.CycleError{Cycle: []string{"1", "2"}}, 422},
	} {
		if code, _ := errorStatus(c.err); code != c.code {
			t.Errorf("errorStatus(%v) = %d, want %d", c.err, code, c.code)
		}
	}
}

func TestStatic(t *testing.T) {
	s := New(Config{})
	for _, c := range []struct{ path, ctype, contains string }{
		{"/", "text/html; charset=utf-8", `<script type="module" src="app.js">`},
		{"/app.js", "text/javascript; charset=utf-8", "const parts = ["},
		{"/app.css", "text/css; charset=utf-8", "--accent"},
	} {
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, newRequest(http.MethodGet, c.path, nil))
		if rec.Code != 200 || rec.Header().Get("Content-Type") != c.ctype || !strings.Contains(rec.Body.String(), c.contains) {
			t.Errorf("GET %s = %d %q", c.path, rec.Code, rec.Header().Get("Content-Type"))
		}
		if !strings.Contains(rec.Header().Get("Content-Security-Policy"), "default-src 'self'") {
			t.Errorf("GET %s: no CSP", c.path)
		}
	}
	if code, _ := get(t, s, "/missing.js"); code != 404 {
		t.Errorf("missing asset: %d", code)
	}
}

// Serve answers until its context ends, then shuts down; a computation still
// running after ShutdownTimeout is canceled, so shutdown never hangs.
func TestServeShutdown(t *testing.T) {
	s := New(Config{ShutdownTimeout: 200 * time.Millisecond, Timeout: 10 * time.Minute})
	ctx, cancel := context.WithCancel(context.Background())
	ln := listen(t)
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	base := "http://" + ln.Addr().String()
	resp, err := http.Get(base + "/api/games")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("games: %d", resp.StatusCode)
	}
	// A long computation in flight: n options for each heap n up to 10^6
	// (it would run to its Timeout).
	long := make(chan int, 1)
	go func() {
		resp, err := http.Get(base + "/api/values?" + q("game", "subtract:all-but:2", "to", "1000000"))
		if err != nil {
			long <- -1
			return
		}
		resp.Body.Close()
		long <- resp.StatusCode
	}()
	for start := time.Now(); s.computing() != 1; time.Sleep(time.Millisecond) {
		if time.Since(start) > time.Minute { // a failsafe
			t.Fatal("the long computation did not start")
		}
	}
	start := time.Now()
	cancel()
	// Shutdown waits ShutdownTimeout (200 ms) for the computation, then
	// cancels it; the failsafe is far above that and far below its
	// Timeout.
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Serve = %v, want nil after shutdown", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("Serve did not return after shutdown")
	}
	t.Logf("Serve returned %v after the shutdown began", time.Since(start))
	if code := <-long; code == 200 {
		t.Errorf("long computation finished with 200; want it canceled")
	}
	if _, err := http.Get(base + "/api/games"); err == nil {
		t.Error("server still answers after shutdown")
	}
}

package web

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// stalledWriter is a ResponseWriter whose client does not read: the first
// Write of the body blocks until resume is closed.
type stalledWriter struct {
	*httptest.ResponseRecorder
	started chan struct{} // closed when the first Write begins
	resume  chan struct{}
	once    sync.Once
}

func newStalledWriter() *stalledWriter {
	return &stalledWriter{ResponseRecorder: httptest.NewRecorder(), started: make(chan struct{}), resume: make(chan struct{})}
}

func (w *stalledWriter) Write(p []byte) (int, error) {
	w.once.Do(func() { close(w.started) })
	<-w.resume
	return w.ResponseRecorder.Write(p)
}

// requestFrom is a GET of target from the client at the IP address ip.
func requestFrom(ip, target string) *http.Request {
	r := newRequest("GET", target, nil)
	r.RemoteAddr = ip + ":40000"
	return r
}

// Issue 27, finding 1, without timing: an answer is sent outside its
// computation slot. With one slot and a client that does not read its
// answer, the slot is free while the answer waits (another client's heavy
// request runs in it), the bytes waiting are counted for the client, and
// the client, with less than MaxResponseBytes of its MaxPendingPerClient
// left, gets 429 for its next requests, long or short; once the first
// answer is read, it is served again.
func TestAnswerSentOutsideSlot(t *testing.T) {
	values := "/api/values?" + q("game", "nim", "to", "100000") // 588,907 bytes of JSON
	s := New(Config{MaxConcurrent: 1, FastLane: -1, MaxPerClient: 1, MaxResponseBytes: 1 << 20, MaxPendingPerClient: 3 << 19})
	w := newStalledWriter()
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		s.Handler().ServeHTTP(w, requestFrom("192.0.2.1", values))
	}()
	<-w.started
	if n := s.computing(); n != 0 {
		t.Errorf("%d slots taken while the answer is being sent, want 0", n)
	}
	mine, all := s.outbox.waiting("192.0.2.1")
	if mine < 500_000 || all != mine {
		t.Errorf("bytes waiting: %d for the client, %d in all; want the answer's", mine, all)
	}
	// Another client's heavy request gets the only slot.
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, requestFrom("192.0.2.2", values))
	if rec.Code != 200 || rec.Body.Len() != int(mine) {
		t.Errorf("another client, while the first does not read: %d, %d bytes", rec.Code, rec.Body.Len())
	}
	// The same client: 588,907 + 1 MiB would pass its 1.5 MiB.
	for _, target := range []string{values, "/api/solve?" + q("game", "nim", "position", "3 4 5")} {
		rec = httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, requestFrom("192.0.2.1", target))
		if rec.Code != 429 || rec.Header().Get("Retry-After") != "1" || !strings.Contains(rec.Body.String(), "too many answers waiting to be sent to your address: 575.2 KiB not yet read, and another answer may take up to 1.0 MiB, of at most 1.5 MiB per client") {
			t.Errorf("the same client's next request %.40s: %d %q %.200s", target, rec.Code, rec.Header().Get("Retry-After"), rec.Body)
		}
	}
	close(w.resume)
	<-finished
	if w.Code != 200 || w.Body.Len() != int(mine) {
		t.Errorf("the stalled answer: %d, %d bytes, want 200 and %d", w.Code, w.Body.Len(), mine)
	}
	if mine, all := s.outbox.waiting("192.0.2.1"); mine != 0 || all != 0 {
		t.Errorf("after the answer was read: %d bytes waiting for the client, %d in all", mine, all)
	}
	rec = httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, requestFrom("192.0.2.1", values))
	if rec.Code != 200 {
		t.Errorf("the client once it read: %d", rec.Code)
	}
}

// A client whose unread answers already fill MaxPendingPerClient is refused
// before its request computes: a request that would be a 400 is a 429.
func TestPendingRefusedBeforeComputing(t *testing.T) {
	s := New(Config{MaxPendingPerClient: 100 << 10})
	w := newStalledWriter()
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		s.Handler().ServeHTTP(w, requestFrom("192.0.2.1", "/api/values?"+q("game", "nim", "to", "100000")))
	}()
	<-w.started
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, requestFrom("192.0.2.1", "/api/solve?"+q("game", "nmi", "position", "3")))
	if rec.Code != 429 {
		t.Errorf("a request of a client with %d bytes unread: %d %.200s, want 429", 100<<10, rec.Code, rec.Body)
	}
	rec = httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, requestFrom("192.0.2.2", "/api/solve?"+q("game", "nmi", "position", "3")))
	if rec.Code != 400 {
		t.Errorf("another client: %d, want 400", rec.Code)
	}
	close(w.resume)
	<-finished
}

// The outbox's rules: a client with nothing waiting always gets one answer;
// a client is admitted while the longest answer still fits in its share;
// an answer past its share is refused; the total refuses only answers
// longer than one piece.
func TestOutboxRules(t *testing.T) {
	o := newOutbox(Config{MaxPendingPerClient: 1000, MaxPendingBytes: 3000, MaxResponseBytes: 400})
	if err := o.reserve("a", 2500); err != nil {
		t.Fatalf("first answer of a: %v", err)
	}
	if err := o.admit("a"); err == nil {
		t.Error("a has 2500 bytes waiting, its share is 1000: admitted")
	}
	if err := o.reserve("d", 600); err != nil || o.admit("d") != nil {
		t.Errorf("d, 600 waiting, 400 more fit in 1000: %v, %v", err, o.admit("d"))
	}
	if err := o.reserve("d", 1); err != nil || o.admit("d") == nil {
		t.Errorf("d, 601 waiting, 400 more do not fit: %v, %v", err, o.admit("d"))
	}
	o.done("d", 601)
	if err := o.reserve("a", 1); err == nil {
		t.Error("a second answer of a fits")
	}
	if err := o.reserve("b", 600); err != nil {
		t.Errorf("b: %v", err)
	}
	if err := o.reserve("c", sendChunk+1); err == nil || err.(*pendingError).HTTPStatus() != 503 {
		t.Errorf("a long answer past the total: %v", err)
	}
	if err := o.reserve("c", 900); err != nil {
		t.Errorf("a short answer past the total: %v", err)
	}
	o.done("a", 2500)
	o.done("b", 600)
	o.done("c", 900)
	if mine, all := o.waiting("a"); mine != 0 || all != 0 || len(o.pending) != 0 {
		t.Errorf("after done: %d, %d, %v", mine, all, o.pending)
	}
}

// smallSendBuffers is a listener whose connections have a send buffer of
// 16 KiB, so that the kernel does not take a whole answer off the server's
// hands and the write deadline is what frees it.
type smallSendBuffers struct{ net.Listener }

func (l smallSendBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		tc.SetWriteBuffer(16 << 10)
	}
	return c, err
}

// A client that never reads loses its connection within SendTimeout of
// its last progress: its answer's buffer is freed, while another client is
// answered throughout. The bound waited for is generous; nothing is timed.
func TestSendTimeoutDropsNonReader(t *testing.T) {
	s := New(Config{SendTimeout: 300 * time.Millisecond})
	ln := listen(t)
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, smallSendBuffers{ln}) }()
	defer func() { stop(); <-served }()

	// The reader that is not: its own address (127.0.0.2 is loopback on
	// Linux), a receive buffer of 4 KiB, and 6.9 MB asked for.
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 2)}}
	conn, err := d.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Skipf("no second loopback address: %v", err)
	}
	defer conn.Close()
	conn.(*net.TCPConn).SetReadBuffer(4 << 10)
	fmt.Fprintf(conn, "GET /api/values?%s HTTP/1.1\r\nHost: localhost\r\n\r\n", q("game", "nim", "to", "1000000"))
	waitFor := func(what string, ok func() bool) {
		t.Helper()
		for deadline := time.Now().Add(60 * time.Second); !ok(); time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("waited a minute for %s", what)
			}
		}
	}
	waitFor("the answer to be sent", func() bool { mine, _ := s.outbox.waiting("127.0.0.2"); return mine > 0 })
	if n := s.computing(); n != 0 {
		t.Errorf("%d slots taken while the answer is being sent", n)
	}
	// Another client is answered meanwhile.
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	resp, err := client.Get("http://" + ln.Addr().String() + "/api/values?" + q("game", "nim", "to", "1000000"))
	if err != nil {
		t.Fatal(err)
	}
	n, _ := io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || n < 6_000_000 {
		t.Errorf("another client: %d, %d bytes", resp.StatusCode, n)
	}
	waitFor("the non-reader's buffer to be freed", func() bool { mine, _ := s.outbox.waiting("127.0.0.2"); return mine == 0 })
	// What the non-reader can still read is what the kernels held: far
	// from the 6.9 MB of the answer.
	conn.SetReadDeadline(time.Now().Add(2 * time.Second))
	got, _ := io.Copy(io.Discard, conn)
	if got >= 2_000_000 {
		t.Errorf("the non-reader got %d bytes: its answer was sent after all", got)
	}
}

// A request that looks cheap but whose answer is long (the moves of nim
// 80000: 3.7 MB, issue 27) is not encoded in the fast lane: it goes to a
// general slot, and the answer is the same.
func TestFastLaneLongAnswer(t *testing.T) {
	s := New(Config{})
	target := "/api/moves?" + q("game", "nim", "position", "80000")
	if !s.looksCheap("moves", newFormRequest(t, target)) {
		t.Fatal("the moves of nim 80000 do not look cheap")
	}
	code, body := get(t, s, target)
	if code != 200 || len(body) < 3_000_000 {
		t.Fatalf("%d, %d bytes", code, len(body))
	}
	if s.promoted.Load() != 1 {
		t.Errorf("promoted %d times, want 1", s.promoted.Load())
	}
	if want := encode(t, handle(t, New(Config{}), "moves", q("game", "nim", "position", "80000"))); body != want {
		t.Errorf("the promoted answer differs from the direct one")
	}
	// A short answer stays in the fast lane.
	s = New(Config{})
	if code, _ := get(t, s, "/api/moves?"+q("game", "nim", "position", "800")); code != 200 || s.promoted.Load() != 0 {
		t.Errorf("moves of nim 800: %d, promoted %d times", code, s.promoted.Load())
	}
}

package web

import (
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/memguard"
)

// hogRoute's handler allocates mib MiB and holds them, ignoring its
// context, until release is closed: a computation that passed the memory
// limit and does not stop when told (issue 45, finding 2's coin runs). It
// reports on held once the memory is live.
func hogRoute(mib int, held chan<- struct{}, release <-chan struct{}) route {
	return route{name: "hog", compute: true, handle: func(r *http.Request) (any, error) {
		blocks := make([][]byte, mib)
		for i := range blocks {
			blocks[i] = make([]byte, 1<<20)
			for j := range blocks[i] {
				blocks[i][j] = byte(j)
			}
		}
		close(held)
		<-release
		runtime.KeepAlive(blocks)
		// What the engines report once the governor stopped them: the
		// context's cause, the governor's own error.
		return nil, impartial.ContextError(r.Context())
	}}
}

// lightRoute is a cheap-looking route (its name is a position question's,
// so it takes the fast lane) whose handler allocates a little and runs
// while the governor takes samples samples: it answers whether its context
// is still live then.
func lightRoute(g *memguard.Guard, samples int64) route {
	return route{name: "solve", compute: true, handle: func(r *http.Request) (any, error) {
		b := make([]byte, 2<<20)
		for i := range b {
			b[i] = byte(i)
		}
		want := g.Samples() + samples
		for g.Samples() < want && r.Context().Err() == nil {
			time.Sleep(time.Millisecond)
		}
		runtime.KeepAlive(b)
		return "light", r.Context().Err()
	}}
}

// Issue 45, finding 3: while one computation holds the heap over the
// memory limit, other clients' requests are answered in full, as on an
// idle server: a cheap one at once (it is not stopped for memory it did
// not take), heavy ones once the memory is back under the limit (they
// wait rather than start into a full heap). Before, the governor stopped
// every computation running while the heap was over: wythoff 300 500 with
// all=1 was a 422 "memory limit reached", a list of options came back cut
// short.
func TestMemoryVictims(t *testing.T) {
	victims := []string{
		"/api/solve?" + q("game", "wythoff", "position", "300 500", "all", "1"),
		"/api/values?" + q("game", "kayles", "to", "20000"),
	}
	idle := New(Config{})
	var want []string
	for _, v := range victims {
		code, body := get(t, idle, v)
		if code != 200 {
			t.Fatalf("idle: %s: %d %.200s", v, code, body)
		}
		want = append(want, body)
	}

	runtime.GC()
	s := New(Config{MemoryLimit: memguard.Usage() + 32<<20, MaxConcurrent: 3, MaxPerClient: 3, Timeout: time.Hour, FastTimeout: time.Hour})
	held, release := make(chan struct{}), make(chan struct{})
	hogDone := make(chan string, 1)
	go func() {
		rec := httptest.NewRecorder()
		s.api(hogRoute(48, held, release)).ServeHTTP(rec, newRequest("GET", "/api/hog", nil))
		hogDone <- http.StatusText(rec.Code) + " " + rec.Body.String()
	}()
	<-held
	for start := time.Now(); s.guard.Stopping() == 0; time.Sleep(time.Millisecond) {
		if time.Since(start) > time.Minute { // a failsafe
			t.Fatal("the governor did not stop the hog")
		}
	}
	// The hog is stopped but holds its 48 MiB: the heap stays over. The
	// victims start; the light request runs through 20 of the governor's
	// samples meanwhile.
	got := make([]chan string, len(victims))
	for i, v := range victims {
		got[i] = make(chan string, 1)
		go func() {
			code, body := get(t, s, v)
			got[i] <- http.StatusText(code) + " " + body
		}()
	}
	rec := httptest.NewRecorder()
	s.api(lightRoute(s.guard, 20)).ServeHTTP(rec, newRequest("GET", "/api/solve?game=nim&position=1", nil))
	if rec.Code != 200 || strings.TrimSpace(rec.Body.String()) != `"light"` {
		t.Errorf("a light request beside the hog: %d %s", rec.Code, rec.Body)
	}
	close(release)
	for i, v := range victims {
		if g := <-got[i]; g != "OK "+want[i] {
			t.Errorf("%s beside the hog: %.300s\nwant 200 %.300s", v, g, want[i])
		}
	}
	if got := <-hogDone; !strings.HasPrefix(got, "Unprocessable Entity {\"error\":\"memory limit reached: the server's heap passed") {
		t.Errorf("the hog: %s, want 422 memory limit reached", got)
	}
	if n := s.guard.Trips(); n != 1 {
		t.Errorf("%d computations stopped for memory, want 1 (the hog)", n)
	}
}

package web

import (
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestAbuseCoins attacks a real `grundy serve` with the coin-turning
// requests of issue 45 (findings 1 and 2) and checks it holds. At 57e0944
// each request of finding 1 killed the server ("fatal error: out of
// memory": a Rugs head at (131072,131072) has winning moves of 1.4·10^9
// coins, consecutive:1000000 squared one move of 10^12), and finding 2's
// 12 KB POST of 1500 heads of consecutive:1048576 answered 504 after 10 s
// and computed 90 s more, holding a slot. Now every such request is
// answered or refused with a 4xx within 2 s (the sizes are computed before
// anything is built), the server's peak RSS stays under 512 MiB, a cheap
// request sent every 100 ms throughout is answered within 2 s, and no
// computation outlives its answer: the server's CPU time stays still once
// the attacks are answered. It runs when GRUNDY_ABUSE=1 (set by .ci/run),
// for about 20 s.
func TestAbuseCoins(t *testing.T) {
	if os.Getenv("GRUNDY_ABUSE") != "1" {
		t.Skip("set GRUNDY_ABUSE=1 to run the abuse suite against a grundy serve subprocess")
	}
	const (
		maxAnswer = 2 * time.Second
		maxCheap  = 2 * time.Second
		maxRSS    = 512 << 20
	)
	srv := startGrundyServeArgs(t)
	client := &http.Client{Timeout: 60 * time.Second}
	probe := startProbe(srv.base + "/api/solve?" + url.Values{"game": {"nim"}, "position": {"3 4 5"}}.Encode())

	// ask sends a request (a POST form when post is set) and checks its
	// status, that its body holds each of want, and that it came within
	// maxAnswer.
	ask := func(t *testing.T, endpoint string, params url.Values, post bool, code int, want ...string) {
		t.Helper()
		var resp *http.Response
		var err error
		start := time.Now()
		if post {
			resp, err = client.PostForm(srv.base+endpoint, params)
		} else {
			resp, err = client.Get(srv.base + endpoint + "?" + params.Encode())
		}
		if err != nil {
			t.Fatalf("%s %.80s: %v (did the server die?)", endpoint, params.Encode(), err)
		}
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
		resp.Body.Close()
		elapsed := time.Since(start)
		t.Logf("%s %.70s: %d, %d bytes in %v", endpoint, params.Encode(), resp.StatusCode, len(b), elapsed.Round(time.Millisecond))
		if resp.StatusCode != code {
			t.Errorf("%s %.100s = %d %.300s, want %d", endpoint, params.Encode(), resp.StatusCode, b, code)
		}
		for _, w := range want {
			if !strings.Contains(string(b), w) {
				t.Errorf("%s %.100s: %.300s\nwant %q", endpoint, params.Encode(), b, w)
			}
		}
		if elapsed > maxAnswer {
			t.Errorf("%s %.100s answered after %v, want within %v", endpoint, params.Encode(), elapsed, maxAnswer)
		}
	}
	const square = "coins:consecutive:1000000*consecutive:1000000"
	rugs := url.Values{"game": {"coins:rugs"}, "position": {"(131072,131072)"}}
	sq := url.Values{"game": {square}, "position": {"(2000000,2000000)"}}
	sum := url.Values{"game": {"sum"}, "position": {square + " (2000000,2000000) + nim 3"}}
	with := func(v url.Values, k, s string) url.Values {
		w := url.Values{}
		for key, vs := range v {
			w[key] = vs
		}
		w.Set(k, s)
		return w
	}

	// Finding 1: the winning moves are counted from their runs; those too
	// large to write are not built.
	t.Run("solve", func(t *testing.T) {
		ask(t, "/api/solve", rugs, false, 200, `"value":212992`, `"move_count":5`, `"to":"none"`)
		ask(t, "/api/solve", sq, false, 200, `"value":1`, `"move_count":1`)
		ask(t, "/api/solve", sum, false, 200, `"value":2`, `nim 1`)
		ask(t, "/api/solve", with(sq, "all", "1"), false, 422, "turning 1000000000000 coins", "memory budget exhausted")
	})
	t.Run("moves", func(t *testing.T) {
		ask(t, "/api/moves", rugs, false, 422, "memory budget exhausted")
		ask(t, "/api/moves", sq, false, 422, "memory budget exhausted")
		ask(t, "/api/moves", sum, false, 422, "memory budget exhausted")
	})
	t.Run("reply", func(t *testing.T) {
		ask(t, "/api/reply", rugs, false, 200, "turn coin (131072,131072)")
		ask(t, "/api/reply", sq, false, 422, "memory budget exhausted")
	})
	t.Run("move", func(t *testing.T) {
		ask(t, "/api/move", with(sq, "to", "none"), false, 422, "memory budget exhausted")
		// Turning the one Rugs coin is a legal move, checked on its own
		// (the move is not looked for among every option).
		ask(t, "/api/move", with(rugs, "to", "none"), false, 200, "turn coin (131072,131072)")
	})

	// Finding 2: 1500 heads of consecutive:1048576, 1499 of them with one
	// move of 2^20 coins, from two clients at once: the moves are counted
	// in closed form (one XOR each), never written out; the winning move
	// the reply would play is too large for the answer.
	var heads strings.Builder
	for i := 1; i < 1500; i++ {
		heads.WriteString(strconv.Itoa(i<<20) + " ")
	}
	heads.WriteString("7")
	many := url.Values{"game": {"coins:consecutive:1048576"}, "position": {heads.String()}}
	t.Run("1500-heads", func(t *testing.T) {
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() { ask(t, "/api/solve", many, true, 200, `"move_count":1499`) })
		}
		wg.Wait()
		ask(t, "/api/reply", many, true, 422, "output budget exhausted")
		ask(t, "/api/solve", with(many, "all", "1"), true, 422, "memory budget exhausted")
	})

	// No computation outlives its answer: the CPU the server uses once
	// every attack is answered is the probe's alone.
	cpu := srv.cpuTime(t)
	time.Sleep(2 * time.Second)
	if used := srv.cpuTime(t) - cpu; used > 500*time.Millisecond {
		t.Errorf("the server used %v of CPU in the 2 s after the attacks were answered, want under 500 ms", used)
	}

	worst, failures := probe.stop()
	t.Logf("cheap request: %d sent, slowest %v", probe.sent, worst.Round(time.Millisecond))
	for _, f := range failures {
		t.Errorf("cheap request: %s", f)
	}
	if worst > maxCheap {
		t.Errorf("cheap request took %v, want within %v", worst, maxCheap)
	}
	hwm := srv.peakRSS(t)
	t.Logf("server peak RSS (VmHWM): %.1f MiB", float64(hwm)/(1<<20))
	if hwm > maxRSS {
		t.Errorf("server peak RSS %d MiB, want under %d MiB", hwm>>20, maxRSS>>20)
	}
	srv.stop(t)
}

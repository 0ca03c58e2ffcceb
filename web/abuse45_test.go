package web

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestAbuseSlotsAndMemory attacks a real `grundy serve` (default settings
// but --max-concurrent 2, as TestAbuse) the ways issue 45 found it could be
// hurt through its slots, its memory and its smaller checks, with
// attackers on other loopback addresses (127.0.0.2, 127.0.0.3: other
// clients to the scheduler), and checks:
//
//   - finding 7: the smaller ones answer at once, right (a nimber power's
//     degree, a move from kayles 10^8, a made-up history, Wythoff's table
//     of 256, card-flip exact m = 10);
//   - the enumerations a request reaches (take-and-break splits, misère
//     closures) stop at the deadline: under --timeout 2s each is answered
//     within a second of it and stops within maxLate;
//   - finding 3: while two clients' computations push the heap past the
//     memory limit, another client's answers are the idle server's, byte
//     for byte (Wythoff 300 500 and a Turning Corners analysis, each with
//     100 options);
//   - finding 2, the mixed run: two attacking clients keep two heavy
//     requests each in flight for 45 s, while a cheap probe every 0.5 s is
//     answered within 1 s and a legitimate heavy request every 5 s (from a
//     third client) is answered, and right; no 500, the server alive.
//
// Throughout, the server's resident memory (VmRSS, sampled every 200 ms)
// stays under the memory limit (384 MiB; 96 MiB in the memory case) plus
// a margin of 128 MiB for what the Go heap does not count (the runtime,
// stacks, the binary, freed pages not yet returned), and a computation
// that runs past its deadline stops within maxLate of it. The coin cases (coins.Solver's runs, finding 2
// as reported) are in abuse_coins_test.go. It runs when GRUNDY_ABUSE=1
// (.ci/run), alone, for about three minutes.
func TestAbuseSlotsAndMemory(t *testing.T) {
	if os.Getenv("GRUNDY_ABUSE") != "1" {
		t.Skip("set GRUNDY_ABUSE=1 to run the abuse suite against a grundy serve subprocess")
	}
	const (
		memoryLimit = 384 << 20 // the server's default --memory-limit
		rssMargin   = 128 << 20
	)
	rssOK := func(t *testing.T, rss *rssSampler) {
		t.Helper()
		peak := rss.stop()
		t.Logf("server RSS: at most %.1f MiB (sampled every 200 ms)", float64(peak)/(1<<20))
		if peak > memoryLimit+rssMargin {
			t.Errorf("server RSS reached %d MiB, want under %d MiB (the memory limit plus %d MiB)", peak>>20, (memoryLimit+rssMargin)>>20, rssMargin>>20)
		}
	}

	t.Run("smaller", func(t *testing.T) {
		srv := startGrundyServeArgs(t)
		rss := startRSS(t, srv)
		c := newAbuseClient(srv.base, "127.0.0.1")
		for _, k := range []struct {
			target string
			code   int
			want   string
		}{
			// (x^2)^(2^62): the degree check overflowed (a 422 of the work budget).
			{"/api/nimber/solve?" + url.Values{"poly": {"(x^2)^4611686018427387904"}}.Encode(), 400, "degree past 32"},
			// A legal move from kayles 10^8: a 422 "move budget exhausted".
			{"/api/move?" + url.Values{"game": {"kayles"}, "position": {"100000000"}, "to": {"99999997 1"}}.Encode(), 200, `"move":{"to":"99999997 1","move":"take 2 and split the rest into 99999997 + 1"}`},
			// A made-up history of Nim: "repetition": true.
			{"/api/move?" + url.Values{"game": {"nim"}, "position": {"3"}, "to": {"2"}, "history": {"2", "5", "2"}}.Encode(), 400, `"parameter":"history","index":2`},
			// Sizes the docs allowed and that always timed out.
			{"/api/values?" + url.Values{"game": {"wythoff"}, "table": {"256"}}.Encode(), 200, `"size":256`},
			{"/api/cardflip/exact?" + url.Values{"m": {"10"}, "model": {"turn"}, "variant": {"rearrange"}}.Encode(), 413, "at most m = 9"},
		} {
			code, text, elapsed := c.must(t, "GET", k.target, "")
			t.Logf("%.70s: %d in %v", k.target, code, elapsed.Round(time.Millisecond))
			if code != k.code || !strings.Contains(text, k.want) || elapsed > 2*time.Second {
				t.Errorf("GET %.90s = %d after %v: %.300s\nwant %d with %q within 2 s", k.target, code, elapsed, text, k.code, k.want)
			}
		}
		rssOK(t, rss)
		srv.stop(t)
	})

	t.Run("deadlines", func(t *testing.T) {
		const timeout = 2 * time.Second
		srv := startGrundyServeArgs(t, "--timeout", timeout.String())
		rss := startRSS(t, srv)
		c := newAbuseClient(srv.base, "127.0.0.1")
		for _, target := range []string{
			// Take-and-break splits: "=" on any number of heaps, n²/2
			// counts a heap; every partition of many parts.
			"/api/values?" + url.Values{"game": {"tb:0.[*=]"}, "to": {"100000"}}.Encode(),
			"/api/values?" + url.Values{"game": {"tb:0.{2+}"}, "to": {"200"}}.Encode(),
			"/api/moves?" + url.Values{"game": {"tb:0.[*]"}, "position": {"60"}}.Encode(),
			// Misère closures of positions with 10^5 options each.
			"/api/misere/quotient?" + url.Values{"game": {"nim"}, "position": {"100000"}}.Encode(),
			"/api/misere/quotient?" + url.Values{"game": {"kayles"}, "position": {"100000"}}.Encode(),
			"/api/misere/quotient?" + url.Values{"game": {"subtract:all-but:2"}, "position": {"100000"}}.Encode(),
		} {
			code, text, elapsed := c.must(t, "GET", target, "")
			t.Logf("%.70s: %d in %v", target, code, elapsed.Round(time.Millisecond))
			if code != 504 && code/100 != 4 || elapsed > timeout+time.Second {
				t.Errorf("GET %.90s = %d after %v: %.200s\nwant a 4xx or the deadline's 504 within %v", target, code, elapsed, text, timeout+time.Second)
			}
		}
		time.Sleep(time.Second) // a straggler's late line
		stoppedInTime(t, srv)
		rssOK(t, rss)
		srv.stop(t)
	})

	victims := []string{
		"/api/solve?" + url.Values{"game": {"wythoff"}, "position": {"300 500"}, "all": {"1"}}.Encode(),
		"/api/solve?" + url.Values{"game": {"coins:turning-corners"}, "position": {"(10,10)"}, "all": {"1"}}.Encode(),
	}
	hog := "/api/misere/quotient?" + url.Values{"game": {"nim"}, "position": {"100000"}}.Encode() // ~40 MB/s

	t.Run("memory", func(t *testing.T) {
		// A lower limit than the default, so that two hogs pass it within
		// their deadlines on a loaded machine too.
		const limit = 96 << 20
		srv := startGrundyServeArgs(t, "--memory-limit", "96MiB")
		c := newAbuseClient(srv.base, "127.0.0.1")
		idle := map[string]string{}
		for _, v := range victims {
			code, text, _ := c.must(t, "GET", v, "")
			if code != 200 || !strings.Contains(text, `"options":[`) {
				t.Fatalf("idle: GET %s = %d %.200s", v, code, text)
			}
			idle[v] = text
		}
		rss := startRSS(t, srv)
		ctx, stop := context.WithTimeout(context.Background(), 25*time.Second)
		defer stop()
		hogs := &statusTally{}
		var wg sync.WaitGroup
		for _, ip := range []string{"127.0.0.2", "127.0.0.3"} {
			a := newAbuseClient(srv.base, ip)
			wg.Go(func() { a.loop(ctx, []string{hog}, hogs) })
		}
		answered := 0
		for ctx.Err() == nil {
			for _, v := range victims {
				code, text, elapsed := c.must(t, "GET", v, "")
				answered++
				if code != 200 || text != idle[v] {
					t.Errorf("GET %s beside the hogs: %d after %v: %.300s\nwant the idle server's 200 %.300s", v, code, elapsed, text, idle[v])
				}
			}
		}
		wg.Wait()
		t.Logf("%d victim answers; the hogs: %s", answered, hogs)
		if hogs.count(422, "memory limit reached") == 0 {
			t.Errorf("the hogs never passed the memory limit (%s): the case tested nothing", hogs)
		}
		if n := hogs.count(500, ""); n > 0 {
			t.Errorf("%d answers 500", n)
		}
		peak := rss.stop()
		t.Logf("server RSS: at most %.1f MiB (sampled every 200 ms)", float64(peak)/(1<<20))
		if peak > limit+rssMargin {
			t.Errorf("server RSS reached %d MiB, want under %d MiB (the memory limit plus %d MiB)", peak>>20, (limit+rssMargin)>>20, rssMargin>>20)
		}
		srv.stop(t)
	})

	t.Run("mixed", func(t *testing.T) {
		srv := startGrundyServeArgs(t)
		legitTarget := "/api/values?" + url.Values{"game": {"kayles"}, "to": {"20000"}}.Encode()
		legit := newAbuseClient(srv.base, "127.0.0.4")
		_, idleLegit, _ := legit.must(t, "GET", legitTarget, "")
		rss := startRSS(t, srv)
		// Heavy requests of a few hundred bytes each, every one running to
		// its deadline or its budget: a search of minutes, the misère
		// closure that fills the heap, take-and-break splits, Grundy's game,
		// a nimber expression at its work budget.
		attacks := []string{
			"/api/values?" + url.Values{"game": {"subtract:all-but:2"}, "to": {"1000000"}}.Encode(),
			hog,
			"/api/values?" + url.Values{"game": {"tb:0.[*=]"}, "to": {"100000"}}.Encode(),
			"/api/values?" + url.Values{"game": {"grundy"}, "to": {"1000000"}}.Encode(),
			"/api/moves?" + url.Values{"game": {"tb:0.[*]"}, "position": {"60"}}.Encode(),
			"/api/nimber?" + url.Values{"expr": {"0x" + strings.Repeat("9", 1024) + "^" + strings.Repeat("7", 480)}}.Encode(),
			// finding 2's coin runs: every option of 300 heads of 2^20 coins
			"/api/solve?" + url.Values{"game": {"coins:consecutive:1048576"}, "position": {coinHeads(300)}, "all": {"1"}}.Encode(),
		}
		ctx, stop := context.WithTimeout(context.Background(), 45*time.Second)
		defer stop()
		attackers := &statusTally{}
		var wg sync.WaitGroup
		for i, ip := range []string{"127.0.0.2", "127.0.0.3", "127.0.0.2", "127.0.0.3"} {
			a := newAbuseClient(srv.base, ip)
			mine := append(append([]string(nil), attacks[i%len(attacks):]...), attacks[:i%len(attacks)]...)
			wg.Go(func() { a.loop(ctx, mine, attackers) })
		}
		probe := startProbeEvery(newAbuseClient(srv.base, "127.0.0.1").c, srv.base+"/api/solve?"+url.Values{"game": {"nim"}, "position": {"3 4 5"}}.Encode(), 500*time.Millisecond)
		var legitTimes []time.Duration
		var lwg sync.WaitGroup
		var lmu sync.Mutex
		tick := time.NewTicker(5 * time.Second)
		for ctx.Err() == nil {
			lwg.Go(func() {
				code, text, elapsed, err := legit.do("GET", legitTarget, "")
				lmu.Lock()
				defer lmu.Unlock()
				legitTimes = append(legitTimes, elapsed)
				if err != nil || code != 200 || text != idleLegit {
					t.Errorf("the legitimate heavy request: %d after %v, %v: %.200s", code, elapsed, err, text)
				}
			})
			select {
			case <-tick.C:
			case <-ctx.Done():
			}
		}
		tick.Stop()
		lwg.Wait()
		wg.Wait()
		worst, failures := probe.stop()
		sort.Slice(legitTimes, func(i, j int) bool { return legitTimes[i] < legitTimes[j] })
		t.Logf("attackers: %s", attackers)
		t.Logf("legitimate heavy request: %d answered, slowest %v", len(legitTimes), legitTimes[len(legitTimes)-1].Round(time.Millisecond))
		t.Logf("cheap probe: %d sent, slowest %v", probe.sent, worst.Round(time.Millisecond))
		for _, f := range failures {
			t.Errorf("cheap probe: %s", f)
		}
		if worst > time.Second {
			t.Errorf("the cheap probe took %v, want under 1 s", worst)
		}
		if n := attackers.count(500, ""); n > 0 {
			t.Errorf("%d answers 500 to the attackers", n)
		}
		stoppedInTime(t, srv)
		if code, _, _, err := legit.do("GET", "/api/games", ""); err != nil || code != 200 {
			t.Errorf("after the run: /api/games = %d, %v", code, err)
		}
		rssOK(t, rss)
		srv.stop(t)
	})
}

// maxLate is how long past its deadline the suite lets a computation take
// to stop. The server's own grace is 50 ms (stopGrace: it answers 504 then
// and logs one that runs on); the suite allows 250 ms for a 2-core machine
// running the attackers' other computations, a collection of a heap of
// hundreds of megabytes, and the test itself.
const maxLate = 250 * time.Millisecond

// stoppedInTime checks the server's log: every computation it saw run past
// its deadline stopped within maxLate of it.
func stoppedInTime(t *testing.T, srv *grundyServe) {
	t.Helper()
	log := srv.log.String()
	over := regexp.MustCompile(`(?m)^.*did not stop within.*$`).FindAllString(log, -1)
	stopped := regexp.MustCompile(`(?m)^.*web: (\S+) stopped (\S+) after its deadline.*$`).FindAllStringSubmatch(log, -1)
	var worst time.Duration
	for _, m := range stopped {
		late, err := time.ParseDuration(m[2])
		if err != nil {
			t.Errorf("log line %q: %v", m[0], err)
			continue
		}
		worst = max(worst, late)
		if late > maxLate {
			t.Errorf("%s stopped %v after its deadline, want within %v", m[1], late, maxLate)
		}
	}
	t.Logf("%d computations ran past the 50 ms grace, the latest stopped %v after its deadline", len(over), worst)
	if len(over) > len(stopped) {
		t.Errorf("%d computations ran past their deadline and had not stopped by the end:\n%s", len(over)-len(stopped), strings.Join(over, "\n"))
	}
}

// abuseClient sends requests to a server from one loopback address (a
// client of its own to the scheduler).
type abuseClient struct {
	c    *http.Client
	base string
}

func newAbuseClient(base, ip string) abuseClient {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 10 * time.Second}
	tr := &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 8}
	return abuseClient{c: &http.Client{Timeout: 90 * time.Second, Transport: tr}, base: base}
}

// do sends method target (body: a form for POST) and returns the status,
// the body and the time taken.
func (a abuseClient) do(method, target, body string) (int, string, time.Duration, error) {
	return a.doCtx(context.Background(), method, target, body)
}

func (a abuseClient) doCtx(ctx context.Context, method, target, body string) (int, string, time.Duration, error) {
	req, err := http.NewRequestWithContext(ctx, method, a.base+target, strings.NewReader(body))
	if err != nil {
		return 0, "", 0, err
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	start := time.Now()
	resp, err := a.c.Do(req)
	if err != nil {
		return 0, "", time.Since(start), err
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	resp.Body.Close()
	return resp.StatusCode, string(b), time.Since(start), err
}

// must is do, failing the test on a transport error.
func (a abuseClient) must(t *testing.T, method, target, body string) (int, string, time.Duration) {
	t.Helper()
	code, text, elapsed, err := a.do(method, target, body)
	if err != nil {
		t.Fatalf("%s %.80s: %v", method, target, err)
	}
	return code, text, elapsed
}

// loop sends targets in turn, back to back, until ctx ends, tallying the
// answers (a request cut by ctx's end is not counted).
func (a abuseClient) loop(ctx context.Context, targets []string, tally *statusTally) {
	for i := 0; ctx.Err() == nil; i++ {
		code, text, _, err := a.doCtx(ctx, "GET", targets[i%len(targets)], "")
		if ctx.Err() != nil {
			return
		}
		tally.add(code, text, err)
	}
}

// statusTally counts answers by status (0: a transport error), keeping a
// sample of each status's messages.
type statusTally struct {
	mu     sync.Mutex
	counts map[int]int
	texts  map[int][]string
}

func (s *statusTally) add(code int, text string, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.counts == nil {
		s.counts, s.texts = map[int]int{}, map[int][]string{}
	}
	if err != nil {
		code, text = 0, err.Error()
	}
	s.counts[code]++
	s.texts[code] = append(s.texts[code], text)
}

// count returns the answers of status code whose body holds substr.
func (s *statusTally) count(code int, substr string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, text := range s.texts[code] {
		if strings.Contains(text, substr) {
			n++
		}
	}
	return n
}

func (s *statusTally) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var codes []int
	for c := range s.counts {
		codes = append(codes, c)
	}
	sort.Ints(codes)
	var parts []string
	for _, c := range codes {
		parts = append(parts, fmt.Sprintf("%d×%d (%.100s)", s.counts[c], c, s.texts[c][0]))
	}
	return strings.Join(parts, ", ")
}

// rssSampler reads the server's resident set size (VmRSS) every 200 ms.
type rssSampler struct {
	peak atomic.Int64
	done chan struct{}
	wg   sync.WaitGroup
}

func startRSS(t *testing.T, srv *grundyServe) *rssSampler {
	r := &rssSampler{done: make(chan struct{})}
	path := fmt.Sprintf("/proc/%d/status", srv.cmd.Process.Pid)
	re := regexp.MustCompile(`VmRSS:\s+(\d+) kB`)
	r.wg.Go(func() {
		for {
			if b, err := os.ReadFile(path); err == nil {
				if m := re.FindSubmatch(b); m != nil {
					kb, _ := strconv.ParseInt(string(m[1]), 10, 64)
					if kb<<10 > r.peak.Load() {
						r.peak.Store(kb << 10)
					}
				}
			}
			select {
			case <-r.done:
				return
			case <-time.After(200 * time.Millisecond):
			}
		}
	})
	return r
}

// stop ends the sampling and returns the largest RSS seen.
func (r *rssSampler) stop() int64 {
	close(r.done)
	r.wg.Wait()
	return r.peak.Load()
}

// coinHeads writes n heads of coins:consecutive:1048576 far apart (1·2^20,
// 2·2^20, …): each has a move of 2^20 coins.
func coinHeads(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		if i > 1 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(i << 20))
	}
	return b.String()
}

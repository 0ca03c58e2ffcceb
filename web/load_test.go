package web

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestLoad runs 200 concurrent clients against a real server on loopback for
// 30 s (GRUNDY_LOAD_DURATION to change) with a mix of page and API requests,
// and checks that none fails and that the heap stays bounded. It runs when
// GRUNDY_LOAD=1 (set by .ci/run); results go to BENCHMARKS.md.
func TestLoad(t *testing.T) {
	if os.Getenv("GRUNDY_LOAD") != "1" {
		t.Skip("set GRUNDY_LOAD=1 to run the 30 s load test")
	}
	duration := 30 * time.Second
	if d, err := time.ParseDuration(os.Getenv("GRUNDY_LOAD_DURATION")); err == nil {
		duration = d
	}
	const clients = 200
	const heapLimit = 512 << 20

	runtime.GC() // start from this test's own heap
	s := New(Config{})
	ln := listen(t)
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	base := "http://" + ln.Addr().String()
	goroutines := runtime.NumGoroutine()

	// The request mix: the page, and every endpoint with valid input.
	targets := func(r *rand.Rand) string {
		heaps := fmt.Sprintf("%d %d %d", r.IntN(100), r.IntN(100), r.IntN(100))
		switch r.IntN(12) {
		case 0:
			return "/"
		case 1:
			return "/app.js"
		case 2:
			return "/api/games"
		case 3:
			return "/api/solve?" + url.Values{"game": {"nim"}, "position": {heaps}, "misere": {fmt.Sprint(r.IntN(2))}}.Encode()
		case 4:
			return "/api/solve?" + url.Values{"game": {"subtract:1,3,4"}, "position": {fmt.Sprint(r.IntN(5000))}}.Encode()
		case 5:
			return "/api/values?" + url.Values{"game": {"subtract:1,3,4"}, "to": {fmt.Sprint(r.IntN(5000))}}.Encode()
		case 6:
			return "/api/moves?" + url.Values{"game": {"nim"}, "position": {heaps}}.Encode()
		case 7:
			return "/api/reply?" + url.Values{"game": {"subtract:1-3"}, "position": {heaps}}.Encode()
		case 9:
			return "/api/bridge/solve?" + url.Values{"n": {fmt.Sprint(1 + r.IntN(50))}, "seed": {fmt.Sprint(r.IntN(1000))}, "explain": {"1"}}.Encode()
		case 10:
			return "/api/cardflip/play?" + url.Values{"strategy": {"best"}, "m": {fmt.Sprint(1 + r.IntN(30))}, "seed": {fmt.Sprint(r.IntN(1000))}}.Encode()
		case 11:
			return "/api/period?" + url.Values{"game": {"kayles"}, "to": {"1000"}}.Encode()
		default:
			return "/api/move?" + url.Values{"game": {"nim"}, "position": {"3 4 5"}, "to": {"1 4 5"}}.Encode()
		}
	}

	var maxHeap atomic.Uint64
	sampleDone := make(chan struct{})
	go func() {
		defer close(sampleDone)
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > maxHeap.Load() {
				maxHeap.Store(ms.HeapInuse)
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(200 * time.Millisecond):
			}
		}
	}()

	tr := &http.Transport{MaxIdleConnsPerHost: clients}
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	var wg sync.WaitGroup
	var errs atomic.Int64
	var firstErr atomic.Value
	latencies := make([][]time.Duration, clients)
	end := time.Now().Add(duration)
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(c), 1))
			for time.Now().Before(end) {
				target := targets(r)
				start := time.Now()
				resp, err := client.Get(base + target)
				if err == nil {
					_, err = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					if err == nil && resp.StatusCode != http.StatusOK {
						err = fmt.Errorf("status %d", resp.StatusCode)
					}
				}
				latencies[c] = append(latencies[c], time.Since(start))
				if err != nil {
					errs.Add(1)
					firstErr.CompareAndSwap(nil, fmt.Sprintf("GET %s: %v", target, err))
				}
			}
		}()
	}
	wg.Wait()
	all := slices.Concat(latencies...)
	slices.Sort(all)
	n := len(all)
	tr.CloseIdleConnections()
	stop()
	<-sampleDone
	if err := <-served; err != nil {
		t.Errorf("Serve: %v", err)
	}
	pct := func(p float64) time.Duration { return all[min(n-1, int(p*float64(n)))] }
	t.Logf("%d clients, %v: %d requests (%.0f/s), %d errors; latency p50 %v, p99 %v, max %v; max heap in use %.1f MiB; GOMAXPROCS %d; %d requests moved out of the fast lane",
		clients, duration, n, float64(n)/duration.Seconds(), errs.Load(), pct(0.50), pct(0.99), all[n-1],
		float64(maxHeap.Load())/(1<<20), runtime.GOMAXPROCS(0), s.promoted.Load())
	if e := errs.Load(); e != 0 {
		t.Errorf("%d of %d requests failed; first: %v", e, n, firstErr.Load())
	}
	if h := maxHeap.Load(); h > heapLimit {
		t.Errorf("heap in use reached %d MiB, over %d MiB", h>>20, heapLimit>>20)
	}
	// Every connection and handler goroutine is gone after shutdown.
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > goroutines+5 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if g := runtime.NumGoroutine(); g > goroutines+5 {
		t.Errorf("%d goroutines after shutdown, %d before", g, goroutines)
	}
}

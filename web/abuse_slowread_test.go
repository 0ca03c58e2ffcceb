package web

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// attackNonReaders is issue 27's finding 1 against a real server at base
// (http://127.0.0.1:PORT): two client addresses (127.0.0.2 and 127.0.0.3)
// ask for a million nim-values (6.9 MB of JSON), one also for the moves of
// nim 80000 (3.7 MB, and it looks cheap: the fast lane), each on a
// connection whose receive buffer is 4 KiB and which is never read; they
// open the same three connections again every second for the given time.
// Before the fix every slot was held by the writes until the write timeout
// (~50 s) and a cheap request of another client waited 30 s for a 503.
// During the attack another client's heavy request must be answered within
// 5 s, not the 30 s of a queue that never moves (the cheap one is the
// suite's probe, within 2 s throughout). A request from an attacking address
// is logged: 429 while its unread answers fill its share
// (MaxPendingPerClient), 200 once the write deadline freed them (which of
// the two depends on timing; web/outbox_test.go checks the 429 without).
func attackNonReaders(t *testing.T, base string, hold time.Duration) {
	addr := strings.TrimPrefix(base, "http://")
	values := "/api/values?" + url.Values{"game": {"nim"}, "to": {"1000000"}}.Encode()
	moves := "/api/moves?" + url.Values{"game": {"nim"}, "position": {"80000"}}.Encode()
	var mu sync.Mutex
	var conns []net.Conn
	defer func() {
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	}()
	// open sends target from the local address ip and never reads.
	open := func(ip, target string) error {
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
		c, err := d.Dial("tcp", addr)
		if err != nil {
			return err
		}
		c.(*net.TCPConn).SetReadBuffer(4 << 10)
		mu.Lock()
		conns = append(conns, c)
		mu.Unlock()
		_, err = fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: %s\r\n\r\n", target, addr)
		return err
	}
	stop := make(chan struct{})
	attacking := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		first := true
		for {
			for _, a := range []struct{ ip, target string }{
				{"127.0.0.2", values}, {"127.0.0.3", values}, {"127.0.0.3", moves},
			} {
				if err := open(a.ip, a.target); err != nil {
					t.Errorf("attacker %s: %v", a.ip, err)
					close(attacking)
					return
				}
			}
			if first {
				close(attacking)
				first = false
			}
			select {
			case <-stop:
				return
			case <-time.After(time.Second):
			}
		}
	})
	<-attacking
	time.Sleep(2 * time.Second) // the answers are computed and stuck
	client := &http.Client{Timeout: 30 * time.Second}
	get := func(ip, target string) (int, string, time.Duration) {
		tr := &http.Transport{DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}).DialContext}
		defer tr.CloseIdleConnections()
		c := *client
		c.Transport = tr
		start := time.Now()
		resp, err := c.Get(base + target)
		if err != nil {
			t.Errorf("GET %s from %s: %v", target, ip, err)
			return 0, "", time.Since(start)
		}
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
		resp.Body.Close()
		return resp.StatusCode, string(b), time.Since(start)
	}
	// Another client's heavy request, during the attack.
	code, text, elapsed := get("127.0.0.1", "/api/values?"+url.Values{"game": {"kayles"}, "to": {"20000"}}.Encode())
	t.Logf("another client's heavy request during the attack: %d in %v", code, elapsed.Round(time.Millisecond))
	if code != 200 || elapsed > 5*time.Second {
		t.Errorf("another client's heavy request during the attack: %d in %v: %.200s", code, elapsed, text)
	}
	// An attacking address asking again.
	code, text, elapsed = get("127.0.0.3", values)
	t.Logf("the attacker 127.0.0.3 asking again: %d in %v", code, elapsed.Round(time.Millisecond))
	if code != 429 && code != 200 || code == 429 && !strings.Contains(text, "too many answers waiting") {
		t.Errorf("the attacker asking again: %d in %v: %.200s, want 429 or 200", code, elapsed, text)
	}
	time.Sleep(hold)
	close(stop)
	wg.Wait()
}

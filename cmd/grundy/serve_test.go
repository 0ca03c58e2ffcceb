package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the server goroutine and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// The server's API answers with the bytes the CLI's --json prints, and the
// command stops cleanly when its context ends (SIGINT/SIGTERM in main).
func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errb syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0"}, &streams{in: strings.NewReader(""), out: &out, err: &errb})
	}()
	addr := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`)
	var base string
	for deadline := time.Now().Add(10 * time.Second); base == "" && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		base = addr.FindString(out.String())
	}
	if base == "" {
		t.Fatalf("no address printed: %q %q", out.String(), errb.String())
	}
	deal := "3\n1 12\n2 11\n3 10\n4 9\n5 8\n6 7\n"
	for _, c := range []struct {
		path  string
		cli   []string
		stdin string
	}{
		{"api/solve?" + url.Values{"game": {"nim"}, "position": {"3 4 5"}}.Encode(), []string{"solve", "nim", "3", "4", "5", "--json"}, ""},
		{"api/solve?" + url.Values{"game": {"nim"}, "position": {"1 1 1"}, "misere": {"1"}}.Encode(), []string{"solve", "nim", "1", "1", "1", "--misere", "--json"}, ""},
		{"api/solve?" + url.Values{"game": {"subtract:1,3,4"}, "position": {"7 8"}}.Encode(), []string{"solve", "subtract:1,3,4", "7", "8", "--json"}, ""},
		{"api/values?" + url.Values{"game": {"subtract:1,3,4"}, "to": {"50"}}.Encode(), []string{"values", "subtract:1,3,4", "--to", "50", "--json"}, ""},
		{"api/games", []string{"games", "--json"}, ""},
		{"api/bridge/solve?" + url.Values{"deal": {deal}}.Encode(), []string{"bridge", "solve", "--json"}, deal},
		{"api/bridge/solve?" + url.Values{"deal": {deal}, "explain": {"4"}}.Encode(), []string{"bridge", "solve", "--json", "--explain", "4"}, deal},
		{"api/period?" + url.Values{"game": {"kayles"}, "to": {"2000"}}.Encode(), []string{"period", "kayles", "--max", "2000", "--json"}, ""},
		{"api/cardflip/strategies", []string{"cardflip", "strategies", "--json"}, ""},
		{"api/cardflip/compare?" + url.Values{"m": {"2..9"}, "trials": {"100"}, "seed": {"3"}}.Encode(), []string{"cardflip", "compare", "--m", "2..9", "--trials", "100", "--seed", "3", "--json"}, ""},
		{"api/bridge/count?" + url.Values{"queries": {"3\n212111\n2\n1 1 1 1\n"}}.Encode(), []string{"bridge", "count", "--json"}, "3\n212111\n2\n1 1 1 1\n"},
	} {
		resp, err := http.Get(base + c.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		want, _, code := grundy(t, c.stdin, c.cli...)
		if resp.StatusCode != 200 || code != 0 || string(body) != want {
			t.Errorf("GET /%s = %d %q\ngrundy %v = %d %q", c.path, resp.StatusCode, body, c.cli, code, want)
		}
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 || !strings.Contains(out.String(), "grundy workbench stopped") || errb.String() != "" {
			t.Errorf("after shutdown: exit %d, out %q, err %q", code, out.String(), errb.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop")
	}
}

func TestServeErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"serve", "--timeout", "0s"}, 2, "grundy: --timeout must be positive, not 0s\n"},
		{[]string{"serve", "--max-memory", "lots"}, 2, `grundy: --max-memory: "lots" is not a size (want e.g. 512MiB or 4GiB)` + "\n"},
		{[]string{"serve", "--max-positions", "0"}, 2, "grundy: --max-positions must be positive, not 0\n"},
		{[]string{"serve", "--max-concurrent", "-1"}, 2, "grundy: --max-concurrent must be at least 0, not -1\n"},
		{[]string{"serve", "--rules-dir", "/nonexistent/rules"}, 2, "grundy: --rules-dir: \"/nonexistent/rules\" is not a directory\n"},
		{[]string{"serve", "extra"}, 2, "grundy: serve takes 0 arguments, got 1 (see 'grundy serve --help')\n"},
		{[]string{"serve", "--addr", "127.0.0.1:99999"}, 1, "grundy: serve: listen tcp: address 99999: invalid port\n"},
	} {
		out, errs, code := grundy(t, "", c.args...)
		if code != c.code || out != "" || errs != c.msg {
			t.Errorf("grundy %v = %d %q %q\nwant %d %q", c.args, code, out, errs, c.code, c.msg)
		}
	}
}

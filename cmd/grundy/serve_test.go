package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
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
		// The answers are under test, not the clock: a deadline no loaded
		// machine reaches (the default is 10 s per computation).
		done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--timeout", "1h"}, &streams{in: strings.NewReader(""), out: &out, err: &errb})
	}()
	addr := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`)
	var base string
	for deadline := time.Now().Add(time.Minute); base == "" && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		base = addr.FindString(out.String())
	}
	if base == "" {
		t.Fatalf("no address printed: %q %q", out.String(), errb.String())
	}
	deal := "3\n1 12\n2 11\n3 10\n4 9\n5 8\n6 7\n"
	dealFile := filepath.Join(t.TempDir(), "deal.txt")
	if err := os.WriteFile(dealFile, []byte(deal), 0o644); err != nil {
		t.Fatal(err)
	}
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
		{"api/partizan/rulesets", []string{"games", "--partizan", "--json"}, ""},
		// Partizan games (issue 46): one library entry behind both faces.
		{"api/partizan/solve?" + url.Values{"game": {"domineering"}, "position": {"..|..|.."}, "all": {"1"}}.Encode(), []string{"solve", "domineering", "..|..|..", "--all", "--json"}, ""},
		{"api/partizan/solve?" + url.Values{"game": {"clobber"}, "position": {"xox|ox."}}.Encode(), []string{"solve", "clobber", "xox|ox.", "--json"}, ""},
		{"api/partizan/value?" + url.Values{"expr": {"{3||2|1} + ^ <> *"}}.Encode(), []string{"value", "{3||2|1} + ^ <> *", "--json"}, ""},
		{"api/bridge/solve?" + url.Values{"deal": {deal}}.Encode(), []string{"bridge", "solve", "--json"}, deal},
		{"api/bridge/solve?" + url.Values{"deal": {deal}, "explain": {"4"}}.Encode(), []string{"bridge", "solve", "--json", "--explain", "4"}, deal},
		// A deal played against the optimal line: the record after the same plays.
		{"api/bridge/play?" + url.Values{"n": {"2"}, "seed": {"1"}, "start": {"3"}, "plays": {"8"}}.Encode(), []string{"bridge", "play", "--n", "2", "--seed", "1", "--start", "3", "--json"}, "8\n"},
		{"api/bridge/play?" + url.Values{"deal": {deal}, "as": {"1,4"}, "plays": {"12 4"}}.Encode(), []string{"bridge", "play", "--deal", dealFile, "--as", "1,4", "--json"}, "12\n4\n"},
		{"api/period?" + url.Values{"game": {"kayles"}, "to": {"2000"}}.Encode(), []string{"period", "kayles", "--max", "2000", "--json"}, ""},
		{"api/cardflip/strategies", []string{"cardflip", "strategies", "--json"}, ""},
		{"api/cardflip/compare?" + url.Values{"m": {"2..9"}, "trials": {"100"}, "seed": {"3"}}.Encode(), []string{"cardflip", "compare", "--m", "2..9", "--trials", "100", "--seed", "3", "--json"}, ""},
		{"api/bridge/count?" + url.Values{"queries": {"3\n212111\n2\n1 1 1 1\n"}}.Encode(), []string{"bridge", "count", "--json"}, "3\n212111\n2\n1 1 1 1\n"},
		// The card-flip lab's rules options: the same names and words as the flags.
		{"api/cardflip/play?" + url.Values{"strategy": {"best"}, "m": {"12"}, "seed": {"2"}}.Encode(), []string{"cardflip", "play", "--strategy", "best", "--m", "12", "--seed", "2", "--json"}, ""},
		{"api/cardflip/play?" + url.Values{"strategy": {"interval"}, "m": {"8"}, "seed": {"5"}, "players": {"3"}, "model": {"turn"}, "variant": {"rearrange"}}.Encode(),
			[]string{"cardflip", "play", "--strategy", "interval", "--m", "8", "--seed", "5", "--players", "3", "--model", "turn", "--variant", "rearrange", "--json"}, ""},
		{"api/cardflip/play?" + url.Values{"strategy": {"single"}, "m": {"6"}, "seed": {"1"}, "variant": {"free"}}.Encode(),
			[]string{"cardflip", "play", "--strategy", "single", "--m", "6", "--variant", "free", "--json"}, ""},
		{"api/cardflip/play?" + url.Values{"strategy": {"random"}, "m": {"20"}, "seed": {"9"}, "players": {"∞"}, "model": {"table+turn"}, "variant": {"fixed-after-look"}}.Encode(),
			[]string{"cardflip", "play", "--strategy", "random", "--m", "20", "--seed", "9", "--players", "∞", "--model", "table+turn", "--variant", "fixed-after-look", "--json"}, ""},
		{"api/cardflip/play?" + url.Values{"strategy": {"random"}, "m": {"9"}, "seed": {"4"}, "players": {"2"}, "variant": {"fixed"}}.Encode(),
			[]string{"cardflip", "play", "--strategy", "random", "--m", "9", "--seed", "4", "--players", "2", "--variant", "fixed", "--json"}, ""},
		{"api/cardflip/exact?" + url.Values{"strategy": {"divide-conquer"}, "m": {"8"}}.Encode(), []string{"cardflip", "exact", "--strategy", "divide-conquer", "--m", "8", "--json"}, ""},
		{"api/cardflip/exact?" + url.Values{"strategy": {"interval"}, "m": {"7"}, "players": {"3"}, "model": {"turn"}, "variant": {"fixed"}}.Encode(),
			[]string{"cardflip", "exact", "--strategy", "interval", "--m", "7", "--players", "3", "--model", "turn", "--variant", "fixed", "--json"}, ""},
		{"api/cardflip/exact?" + url.Values{"strategy": {"single"}, "m": {"6"}, "variant": {"free-communication"}}.Encode(),
			[]string{"cardflip", "exact", "--strategy", "single", "--m", "6", "--variant", "free-communication", "--json"}, ""},
		{"api/cardflip/simulate?" + url.Values{"strategy": {"random"}, "m": {"10"}, "trials": {"3000"}, "seed": {"5"}, "players": {"4"}, "variant": {"rearrange"}}.Encode(),
			[]string{"cardflip", "simulate", "--strategy", "random", "--m", "10", "--trials", "3000", "--seed", "5", "--players", "4", "--variant", "rearrange", "--json"}, ""},
		{"api/cardflip/simulate?" + url.Values{"m": {"30"}, "players": {"inf"}, "model": {"table+turn"}}.Encode(),
			[]string{"cardflip", "simulate", "--m", "30", "--players", "inf", "--model", "table+turn", "--json"}, ""},
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
	// Options the rules do not allow: the API's one-line error is the
	// CLI's (after "grundy: "); a bad word is refused with the same words,
	// naming the parameter or the flag.
	for _, c := range []struct {
		query url.Values
		cli   []string
		same  bool   // the whole line, or only its end from "must be"
		cmd   string // play when empty
	}{
		{url.Values{"strategy": {"random"}}, []string{"--strategy", "random"}, true, "exact"},
		{url.Values{"strategy": {"single"}, "players": {"∞"}}, []string{"--strategy", "single", "--players", "∞"}, true, "exact"},
		{url.Values{"strategy": {"interval"}, "model": {"turn"}}, []string{"--strategy", "interval", "--model", "turn"}, true, "simulate"},
		{url.Values{"variant": {"swap"}}, []string{"--variant", "swap"}, false, "simulate"},
		// A strategy that moves the card it looked at, under
		// fixed-after-look: refused before the game (cardflip.Compatible).
		{url.Values{"strategy": {"front-to-back"}, "variant": {"fixed"}}, []string{"--strategy", "front-to-back", "--variant", "fixed"}, true, ""},
		{url.Values{"strategy": {"single"}, "players": {"3"}}, []string{"--strategy", "single", "--players", "3"}, true, ""},
		{url.Values{"strategy": {"interval"}}, []string{"--strategy", "interval"}, true, ""},
		{url.Values{"strategy": {"interval"}, "players": {"inf"}, "model": {"turn"}, "variant": {"rearrange"}}, []string{"--strategy", "interval", "--players", "inf", "--model", "turn", "--variant", "rearrange"}, true, ""},
		{url.Values{"strategy": {"single"}, "players": {"2"}, "variant": {"fixed"}}, []string{"--strategy", "single", "--players", "2", "--variant", "fixed"}, true, ""},
		{url.Values{"strategy": {"bogo"}}, []string{"--strategy", "bogo"}, true, ""},
		{url.Values{"model": {"psychic"}}, []string{"--model", "psychic"}, false, ""},
		{url.Values{"variant": {"cheat"}}, []string{"--variant", "cheat"}, false, ""},
		{url.Values{"players": {"-2"}}, []string{"--players=-2"}, false, ""},
	} {
		c.query.Set("m", "5")
		if c.cmd == "" {
			c.cmd = "play"
		}
		resp, err := http.Get(base + "api/cardflip/" + c.cmd + "?" + c.query.Encode())
		if err != nil {
			t.Fatal(err)
		}
		var body struct{ Error string }
		derr := json.NewDecoder(resp.Body).Decode(&body)
		resp.Body.Close()
		_, errs, code := grundy(t, "", append([]string{"cardflip", c.cmd, "--m", "5", "--json"}, c.cli...)...)
		line, ok := strings.CutPrefix(strings.TrimSuffix(errs, "\n"), "grundy: ")
		api := body.Error
		if !c.same {
			_, line, _ = strings.Cut(line, " must be ")
			_, api, _ = strings.Cut(api, " must be ")
			line = strings.TrimSuffix(line, " (see 'grundy cardflip "+c.cmd+" --help')")
		}
		status, exit := 400, exitUsage
		if resp.StatusCode != status || derr != nil || code != exit || !ok || strings.Contains(line, "\n") || api != line || line == "" {
			t.Errorf("GET %s?%s = %d %q (%v)\ngrundy cardflip %s %v = %d %q", c.cmd, c.query.Encode(), resp.StatusCode, body.Error, derr, c.cmd, c.cli, code, errs)
		}
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 || !strings.Contains(out.String(), "grundy workbench stopped") || errb.String() != "" {
			t.Errorf("after shutdown: exit %d, out %q, err %q", code, out.String(), errb.String())
		}
	case <-time.After(time.Minute): // a failsafe
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
		{[]string{"serve", "--max-per-client", "-1"}, 2, "grundy: --max-per-client must be at least 0, not -1\n"},
		{[]string{"serve", "--memory-limit", "lots"}, 2, `grundy: --memory-limit: "lots" is not a size (want e.g. 512MiB or 4GiB)` + "\n"},
		{[]string{"serve", "--memory-limit", "0"}, 2, `grundy: --memory-limit must be positive, not "0"` + "\n"},
		{[]string{"serve", "--rules-dir", "/nonexistent/rules"}, 2, "grundy: --rules-dir: \"/nonexistent/rules\" is not a directory\n"},
		{[]string{"serve", "extra"}, 2, "grundy: serve takes 0 arguments, got 1 (see 'grundy serve --help')\n"},
		{[]string{"serve", "--addr", "127.0.0.1:99999"}, 1, "grundy: serve: listen tcp: address 99999: invalid port\n"},
		{[]string{"serve", "--allow-host", "http://grundy.example.com"}, 2, `grundy: --allow-host "http://grundy.example.com": not a host name or IP address (want e.g. grundy.example.com, 192.168.1.20 or [fe80::1])` + "\n"},
		{[]string{"serve", "--allow-host", "a.example,,b.example"}, 2, `grundy: --allow-host "": empty name` + "\n"},
		{[]string{"serve", "--allow-host", "*.example.com"}, 2, `grundy: --allow-host "*.example.com": a wildcard must be "*" alone (allow every host)` + "\n"},
	} {
		out, errs, code := grundy(t, "", c.args...)
		if code != c.code || out != "" || errs != c.msg {
			t.Errorf("grundy %v = %d %q %q\nwant %d %q", c.args, code, out, errs, c.code, c.msg)
		}
	}
}

// startServe runs grundy serve with args in the background and returns the
// address it printed, its stderr, and a function that stops it and checks
// it stopped cleanly.
func startServe(t *testing.T, args ...string) (base string, errb *syncBuffer, stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var out syncBuffer
	errb = &syncBuffer{}
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, append([]string{"serve"}, args...), &streams{in: strings.NewReader(""), out: &out, err: errb})
	}()
	addr := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`)
	for deadline := time.Now().Add(time.Minute); base == "" && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		base = addr.FindString(out.String())
	}
	if base == "" {
		cancel()
		t.Fatalf("no address printed: %q %q", out.String(), errb.String())
	}
	return base, errb, func() {
		cancel()
		select {
		case code := <-done:
			if code != 0 {
				t.Errorf("grundy serve %v: exit %d, err %q", args, code, errb.String())
			}
		case <-time.After(time.Minute): // a failsafe
			t.Fatal("serve did not stop")
		}
	}
}

// hostGet sends GET base+path with the Host header host (the URL's if "")
// and the Origin header origin (none if "").
func hostGet(t *testing.T, base, path, host, origin string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if host != "" {
		req.Host = host
	}
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// The server refuses a foreign Host (421) or Origin (403) and answers the
// names of --allow-host (repeated or comma-separated); '*' turns the check
// off, with a warning.
func TestServeAllowHost(t *testing.T) {
	base, errb, stop := startServe(t, "--addr", "127.0.0.1:0", "--allow-host", "grundy.example.com,LAN-Box", "--allow-host", "other.example:9000")
	for _, c := range []struct {
		host, origin string
		status       int
		body         string
	}{
		{"", "", 200, ""},
		{"localhost:8080", "", 200, ""},
		{"[::1]:8080", "http://[::1]:8080", 200, ""},
		{"grundy.example.com", "https://grundy.example.com", 200, ""},
		{"lan-box:8080", "", 200, ""},
		{"other.example", "", 200, ""},
		{"evil.example", "", 421, `misdirected request: Host "evil.example" is not allowed: the server answers to localhost, its IP addresses and the names given with --allow-host (web.Config.AllowedHosts); this protects it against DNS rebinding` + "\n"},
		{"attacker.com:8080", "", 421, `misdirected request: Host "attacker.com:8080" is not allowed: the server answers to localhost, its IP addresses and the names given with --allow-host (web.Config.AllowedHosts); this protects it against DNS rebinding` + "\n"},
		{"localhost:8080", "http://evil.example", 403, `forbidden: a request from origin "http://evil.example" is not allowed: the server answers pages from localhost, its IP addresses and the names given with --allow-host (web.Config.AllowedHosts)` + "\n"},
	} {
		status, body := hostGet(t, base, "api/games", c.host, c.origin)
		if status != c.status || c.body != "" && body != c.body {
			t.Errorf("Host %q, Origin %q: %d %.100q\nwant %d %q", c.host, c.origin, status, body, c.status, c.body)
		}
	}
	stop()
	if errb.String() != "" {
		t.Errorf("stderr %q", errb.String())
	}

	base, errb, stop = startServe(t, "--addr", "127.0.0.1:0", "--allow-host", "*")
	if status, body := hostGet(t, base, "api/games", "evil.example", "http://evil.example"); status != 200 {
		t.Errorf("with --allow-host '*': %d %.100q", status, body)
	}
	stop()
	if want := "grundy: warning: --allow-host '*': the Host check is off; any web page opened on this machine can use the workbench through DNS rebinding\n"; errb.String() != want {
		t.Errorf("stderr %q, want %q", errb.String(), want)
	}
}

func TestServeAllowedHostsFromAddr(t *testing.T) {
	for _, c := range []struct {
		addr  string
		flags []string
		want  []string
	}{
		{"mybox.lan:8080", nil, []string{"mybox.lan"}},
		{"mybox.lan:8080", []string{"a.example"}, []string{"a.example", "mybox.lan"}},
		{"0.0.0.0:8080", []string{"a.example"}, []string{"a.example"}},
		{":8080", nil, nil},
		{"[::1]:8080", nil, nil},
		{"192.168.1.5:0", []string{"*"}, []string{"*"}},
		{"no-port", nil, nil},
	} {
		if got := allowedHosts(c.addr, c.flags); !slices.Equal(got, c.want) {
			t.Errorf("allowedHosts(%q, %q) = %q, want %q", c.addr, c.flags, got, c.want)
		}
	}
}

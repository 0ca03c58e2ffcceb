package web

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"testing"
)

// newRequest is httptest.NewRequest for the host localhost (httptest's
// default, example.com, is not a host the server answers to).
func newRequest(method, target string, body io.Reader) *http.Request {
	r := httptest.NewRequest(method, target, body)
	r.Host = "localhost"
	return r
}

// hostStatus sends GET /api/games with the given Host and Origin (none if
// "") and, when local is not nil, as if it arrived on a connection whose
// local address is local. It returns the status and the body.
func hostStatus(t *testing.T, s *Server, method, host, origin string, local net.Addr) (int, string) {
	t.Helper()
	target, body := "/api/games", io.Reader(nil)
	if method == http.MethodPost {
		target, body = "/api/solve", strings.NewReader(q("game", "nim", "position", "3 4 5"))
	}
	r := httptest.NewRequest(method, target, body)
	if method == http.MethodPost {
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	r.Host = host
	if origin != "" {
		r.Header.Set("Origin", origin)
	}
	if local != nil {
		r = r.WithContext(context.WithValue(r.Context(), http.LocalAddrContextKey, local))
	}
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, r)
	return rec.Code, rec.Body.String()
}

// checkRefusal checks a refusal: the status, plain text, one line that
// quotes the offending value.
func checkRefusal(t *testing.T, what string, status int, body string, wantStatus int, prefix, value string) {
	t.Helper()
	want := prefix + " " + strconv.Quote(value) + " is not allowed: "
	if status != wantStatus || !strings.HasPrefix(body, want) || strings.Count(body, "\n") != 1 || !strings.HasSuffix(body, "\n") {
		t.Errorf("%s = %d %q, want %d and one line starting %q", what, status, body, wantStatus, want)
	}
}

var (
	// hostsAllowed are Host headers a default server answers to.
	hostsAllowed = []string{
		"localhost", "localhost:8080", "LOCALHOST:8080", "LocalHost", "localhost.", "localhost.:8080", "localhost:",
		"127.0.0.1", "127.0.0.1:8080", "127.0.0.2:8080", "[::1]", "[::1]:8080", "[0:0:0:0:0:0:0:1]:80",
		"[::ffff:127.0.0.1]:8080", "0.0.0.0:8080", "[::]:8080",
	}
	// hostsRefused are Host headers a default server refuses.
	hostsRefused = []string{
		"evil.example", "attacker.com:8080", "EVIL.example:80", "", "localhost.evil.example", "evillocalhost",
		"127.0.0.1.evil.example", "127.0.0.1.nip.io:8080", "localhost:abc", "localhost:8080:80", "localhost:1234567",
		"evil.example:80@localhost", "[::1]evil", "[::1]:x", "[127.0.0.1]", "[::1", "192.168.1.5:8080",
		"10.0.0.1", "[2001:db8::1]:8080", "local host", "localhost/",
	}
)

// A default server answers to localhost and loopback addresses, with or
// without port, in any case, and refuses any other name with 421 and a
// plain-text line naming the Host.
func TestHostCheck(t *testing.T) {
	s := New(Config{})
	for _, h := range hostsAllowed {
		if status, body := hostStatus(t, s, http.MethodGet, h, "", nil); status != http.StatusOK || !strings.HasPrefix(body, `[{"name":`) {
			t.Errorf("Host %q: %d %.80q", h, status, body)
		}
	}
	for _, h := range hostsRefused {
		status, body := hostStatus(t, s, http.MethodGet, h, "", nil)
		checkRefusal(t, "Host "+strconv.Quote(h), status, body, http.StatusMisdirectedRequest, "misdirected request: Host", h)
	}
	// The refusal is plain text and keeps the security headers.
	r := httptest.NewRequest(http.MethodGet, "/", nil) // Host example.com
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, r)
	if ct, nosniff := rec.Header().Get("Content-Type"), rec.Header().Get("X-Content-Type-Options"); rec.Code != http.StatusMisdirectedRequest || ct != "text/plain; charset=utf-8" || nosniff != "nosniff" {
		t.Errorf("GET / for example.com: %d, Content-Type %q, X-Content-Type-Options %q", rec.Code, ct, nosniff)
	}
}

// Over a real connection: the address the client connected to passes, a
// foreign Host gets 421 before any handler runs.
func TestHostCheckServer(t *testing.T) {
	s := New(Config{})
	ln := listen(t)
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	defer func() {
		stop()
		if err := <-served; err != nil {
			t.Error(err)
		}
	}()
	port := ln.Addr().(*net.TCPAddr).Port
	for _, c := range []struct {
		host   string
		status int
	}{
		{"", http.StatusOK}, // the client's own: 127.0.0.1:port
		{"localhost:" + strconv.Itoa(port), http.StatusOK},
		{"[::1]:" + strconv.Itoa(port), http.StatusOK},
		{"evil.example", http.StatusMisdirectedRequest},
		{"attacker.com:8080", http.StatusMisdirectedRequest},
	} {
		req, err := http.NewRequest(http.MethodGet, "http://"+ln.Addr().String()+"/", nil)
		if err != nil {
			t.Fatal(err)
		}
		if c.host != "" {
			req.Host = c.host
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status {
			t.Errorf("GET / with Host %q: %d %.100q, want %d", c.host, resp.StatusCode, body, c.status)
		}
		if c.status != http.StatusOK {
			checkRefusal(t, "Host "+c.host, resp.StatusCode, string(body), c.status, "misdirected request: Host", c.host)
		}
	}
}

// The IP address of the local end of the connection is allowed: the
// address the server is bound to, or the one the client reached when it is
// bound to every interface. Other addresses and names are not.
func TestHostCheckLocalAddr(t *testing.T) {
	s := New(Config{})
	for _, c := range []struct {
		local  string
		host   string
		origin string
		status int
	}{
		{"192.168.1.5", "192.168.1.5:8080", "", http.StatusOK},
		{"192.168.1.5", "192.168.1.5", "http://192.168.1.5:8080", http.StatusOK},
		{"192.168.1.5", "192.168.1.6:8080", "", http.StatusMisdirectedRequest},
		{"192.168.1.5", "mybox.lan:8080", "", http.StatusMisdirectedRequest},
		{"192.168.1.5", "192.168.1.5:8080", "http://evil.example", http.StatusForbidden},
		{"2001:db8::5", "[2001:db8::5]:8080", "", http.StatusOK},
		{"2001:db8::5", "[2001:db8::6]:8080", "", http.StatusMisdirectedRequest},
		{"::ffff:10.1.2.3", "10.1.2.3:8080", "", http.StatusOK},
	} {
		local := &net.TCPAddr{IP: net.ParseIP(c.local), Port: 8080}
		if status, body := hostStatus(t, s, http.MethodGet, c.host, c.origin, local); status != c.status {
			t.Errorf("local %s, Host %q, Origin %q: %d %.100q, want %d", c.local, c.host, c.origin, status, body, c.status)
		}
	}
}

// Config.AllowedHosts (grundy serve --allow-host) adds names; "*" turns the
// check off.
func TestAllowedHosts(t *testing.T) {
	s := New(Config{AllowedHosts: []string{"grundy.example.com", "LAN-Box:9000", "[fe80::1]", "192.168.1.20", "not a host"}})
	for _, c := range []struct {
		host, origin string
		status       int
	}{
		{"grundy.example.com", "", http.StatusOK},
		{"GRUNDY.example.com:443", "https://grundy.example.com", http.StatusOK},
		{"localhost:8080", "https://grundy.example.com", http.StatusOK}, // a proxy that rewrites the Host
		{"lan-box", "http://lan-box:8080", http.StatusOK},
		{"[fe80::1]:8080", "", http.StatusOK},
		{"192.168.1.20:8080", "", http.StatusOK},
		{"localhost", "", http.StatusOK},
		{"evil.example", "", http.StatusMisdirectedRequest},
		{"sub.grundy.example.com", "", http.StatusMisdirectedRequest},
		{"example.com", "", http.StatusMisdirectedRequest},
		{"not a host", "", http.StatusMisdirectedRequest},
		{"grundy.example.com", "https://evil.example", http.StatusForbidden},
	} {
		if status, body := hostStatus(t, s, http.MethodGet, c.host, c.origin, nil); status != c.status {
			t.Errorf("Host %q, Origin %q: %d %.100q, want %d", c.host, c.origin, status, body, c.status)
		}
	}
	if got := s.Config().AllowedHosts; len(got) != 5 || got[0] != "grundy.example.com" {
		t.Errorf("Config().AllowedHosts = %q", got)
	}

	any := New(Config{AllowedHosts: []string{"localhost", "*"}})
	for _, h := range hostsRefused {
		if status, body := hostStatus(t, any, http.MethodPost, h, "http://evil.example", nil); status != http.StatusOK {
			t.Errorf("with *: POST Host %q from evil.example: %d %.100q", h, status, body)
		}
	}
}

// A request that carries an Origin must come from an allowed host: the
// page's own requests pass, another site's page is refused with 403.
func TestOriginCheck(t *testing.T) {
	s := New(Config{})
	for _, method := range []string{http.MethodPost, http.MethodGet} {
		for _, c := range []struct {
			host, origin string
			status       int
		}{
			{"localhost:8080", "", http.StatusOK},
			{"localhost:8080", "http://localhost:8080", http.StatusOK},
			{"127.0.0.1:8080", "http://127.0.0.1:8080", http.StatusOK},
			{"[::1]:8443", "https://[::1]:8443", http.StatusOK},
			{"localhost:8080", "http://LOCALHOST:3000", http.StatusOK}, // ports are not compared
			{"localhost:8080", "http://evil.example", http.StatusForbidden},
			{"127.0.0.1:8080", "http://attacker.com:8080", http.StatusForbidden},
			{"localhost:8080", "http://localhost.evil.example", http.StatusForbidden},
			{"localhost:8080", "null", http.StatusForbidden},
			{"localhost:8080", "file://", http.StatusForbidden},
			{"localhost:8080", "ftp://localhost", http.StatusForbidden},
			{"localhost:8080", "localhost", http.StatusForbidden},
			{"localhost:8080", "http://%zz", http.StatusForbidden},
			{"evil.example", "http://localhost:8080", http.StatusMisdirectedRequest},
		} {
			status, body := hostStatus(t, s, method, c.host, c.origin, nil)
			if status != c.status {
				t.Errorf("%s Host %q, Origin %q: %d %.100q, want %d", method, c.host, c.origin, status, body, c.status)
			} else if status == http.StatusForbidden {
				checkRefusal(t, method+" from "+c.origin, status, body, c.status, "forbidden: a request from origin", c.origin)
			}
		}
	}
}

func TestCheckAllowedHosts(t *testing.T) {
	for _, ok := range [][]string{nil, {"*"}, {"grundy.example.com", "lan-box:9000", "[::1]:80", "::1", "10.0.0.1", "my_host."}} {
		if err := CheckAllowedHosts(ok); err != nil {
			t.Errorf("CheckAllowedHosts(%q) = %v", ok, err)
		}
	}
	for _, c := range []struct {
		hosts []string
		msg   string
	}{
		{[]string{"a.example", ""}, `web: allowed host "": empty name`},
		{[]string{" "}, `web: allowed host " ": empty name`},
		{[]string{"*.example.com"}, `web: allowed host "*.example.com": a wildcard must be "*" alone (allow every host)`},
		{[]string{"http://grundy.example.com"}, `web: allowed host "http://grundy.example.com": not a host name or IP address (want e.g. grundy.example.com, 192.168.1.20 or [fe80::1])`},
		{[]string{"grundy.example.com/"}, `web: allowed host "grundy.example.com/": not a host name or IP address (want e.g. grundy.example.com, 192.168.1.20 or [fe80::1])`},
		{[]string{"a b"}, `web: allowed host "a b": not a host name or IP address (want e.g. grundy.example.com, 192.168.1.20 or [fe80::1])`},
		{[]string{"host:port"}, `web: allowed host "host:port": not a host name or IP address (want e.g. grundy.example.com, 192.168.1.20 or [fe80::1])`},
	} {
		if err := CheckAllowedHosts(c.hosts); err == nil || err.Error() != c.msg {
			t.Errorf("CheckAllowedHosts(%q) = %v, want %s", c.hosts, err, c.msg)
		}
	}
}

// Any Host header: the check never panics, a host it allows is localhost,
// a loopback or unspecified IP address or an allowed name, and a name
// under a foreign domain is never allowed.
func FuzzHostCheck(f *testing.F) {
	for _, h := range append(append([]string{}, hostsAllowed...), hostsRefused...) {
		f.Add(h)
	}
	f.Add("lan-box.:9000")
	f.Add("[fe80::1%25eth0]:80")
	p := newHostPolicy([]string{"lan-box"})
	f.Fuzz(func(t *testing.T, host string) {
		h := canonicalHost(host)
		if p.allows(host, nil) {
			a, err := netip.ParseAddr(h)
			if !(h == "localhost" || h == "lan-box" || err == nil && (a.IsLoopback() || a.IsUnspecified())) {
				t.Errorf("Host %q (%q) allowed", host, h)
			}
		}
		if p.allows(host+".evil.example", nil) || p.allows("evil.example"+host, nil) {
			t.Errorf("Host %q under evil.example allowed", host)
		}
		if isASCII(host) && p.allows(host, nil) != p.allows(strings.ToUpper(host), nil) {
			t.Errorf("Host %q: allowed depends on case", host)
		}
	})
}

func isASCII(s string) bool {
	for _, c := range []byte(s) {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

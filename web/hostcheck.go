package web

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
)

// The Host check defends the workbench against DNS rebinding: a web page at
// http://evil.example:8080/ whose name the attacker then points at 127.0.0.1
// could otherwise read the workbench's answers (and, with RulesDir, its rule
// files) from the user's browser, since to the browser it is still the
// attacker's origin. Such requests carry the attacker's name in their Host
// header, so the server answers only to names it knows:
//
//   - localhost, and any IP address that is loopback (127.0.0.1, ::1, …) or
//     unspecified (0.0.0.0, ::, the address printed when bound to every
//     interface);
//   - the IP address of the local end of the connection: the address the
//     server is bound to, or, when bound to every interface, the address the
//     client connected to;
//   - the names of Config.AllowedHosts (`grundy serve --allow-host`).
//
// An IP address in the Host header is safe to accept: the page that sent
// the request then has that address as its origin, which the attacker does
// not serve. The port is ignored (a reverse proxy may change it), as is the
// case of the name, a final dot and the brackets of an IPv6 address.
//
// A request that carries an Origin header (browsers send one with every
// POST and every cross-origin fetch) must come from an origin whose host
// passes the same check, so another site's page cannot make the user's
// browser run computations here (cross-site request forgery); the page's
// own requests come from the server's origin and pass.
//
// AllowedHosts containing "*" turns both checks off.

// hostPolicy decides which Host headers and origins the server answers.
type hostPolicy struct {
	any   bool            // "*" was allowed: no check
	names map[string]bool // canonical hosts of Config.AllowedHosts
}

func newHostPolicy(allowed []string) hostPolicy {
	p := hostPolicy{names: make(map[string]bool)}
	for _, a := range allowed {
		if strings.TrimSpace(a) == "*" {
			p.any = true
		} else if h := canonicalHost(a); h != "" {
			p.names[h] = true
		}
	}
	return p
}

// CheckAllowedHosts reports the first entry of hosts that is not "*", a
// host name or an IP address (a port is allowed and ignored). New ignores
// such entries of Config.AllowedHosts; call this to report them.
func CheckAllowedHosts(hosts []string) error {
	for _, a := range hosts {
		switch {
		case strings.TrimSpace(a) == "*":
		case strings.TrimSpace(a) == "":
			return fmt.Errorf("web: allowed host %q: empty name", a)
		case strings.Contains(a, "*"):
			return fmt.Errorf("web: allowed host %q: a wildcard must be \"*\" alone (allow every host)", a)
		case canonicalHost(a) == "":
			return fmt.Errorf("web: allowed host %q: not a host name or IP address (want e.g. grundy.example.com, 192.168.1.20 or [fe80::1])", a)
		}
	}
	return nil
}

// canonicalHost returns the host of a Host header value (or of an allowed
// host): lower case, without port, IPv6 brackets or final dot, IP addresses
// in their canonical form (IPv4-mapped IPv6 addresses as IPv4). It returns
// "" for a value that is not a host name or IP address (IPv6 zones
// included), with an optional numeric port.
func canonicalHost(h string) string {
	h = strings.ToLower(strings.TrimSpace(h))
	if strings.HasPrefix(h, "[") {
		end := strings.IndexByte(h, ']')
		if end < 0 || !isPort(h[end+1:]) {
			return ""
		}
		a, err := netip.ParseAddr(h[1:end])
		if err != nil || !a.Is6() || a.Zone() != "" {
			return ""
		}
		return a.Unmap().String()
	}
	if i := strings.IndexByte(h, ':'); i >= 0 && i == strings.LastIndexByte(h, ':') {
		if !isPort(h[i:]) {
			return ""
		}
		h = h[:i]
	}
	if a, err := netip.ParseAddr(h); err == nil { // IPv4, or IPv6 without brackets (allowed hosts)
		if a.Zone() != "" {
			return ""
		}
		return a.Unmap().String()
	}
	h = strings.TrimSuffix(h, ".")
	if h == "" {
		return ""
	}
	for _, c := range []byte(h) {
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_') {
			return ""
		}
	}
	return h
}

// isPort reports whether s is "" or ":" followed by at most five digits
// (none included: "localhost:" is a valid Host header).
func isPort(s string) bool {
	if s == "" {
		return true
	}
	if s[0] != ':' || len(s) > 6 {
		return false
	}
	for _, c := range []byte(s[1:]) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// allows reports whether host (a Host header value, or the host of an
// Origin) names this server, for a request that arrived on the connection
// whose local address is local (nil when unknown).
func (p hostPolicy) allows(host string, local net.Addr) bool {
	if p.any {
		return true
	}
	h := canonicalHost(host)
	switch {
	case h == "":
		return false
	case h == "localhost" || p.names[h]:
		return true
	}
	a, err := netip.ParseAddr(h)
	if err != nil {
		return false
	}
	if a.IsLoopback() || a.IsUnspecified() {
		return true
	}
	if tcp, ok := local.(*net.TCPAddr); ok {
		if l, ok := netip.AddrFromSlice(tcp.IP); ok && l.Unmap() == a {
			return true
		}
	}
	return false
}

// allowsOrigin reports whether an Origin header value names an allowed
// host: "null" (an opaque origin: a sandboxed frame, a file, a redirect) and
// anything but an http or https origin do not.
func (p hostPolicy) allowsOrigin(origin string, local net.Addr) bool {
	if p.any {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return false
	}
	return p.allows(u.Host, local)
}

// checkHost refuses requests for a Host that is not allowed (421
// Misdirected Request) and requests from a foreign Origin (403), each with
// a one-line plain-text reason.
func (p hostPolicy) checkHost(h http.Handler) http.Handler {
	if p.any {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		local, _ := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
		if !p.allows(r.Host, local) {
			refuse(w, http.StatusMisdirectedRequest, fmt.Sprintf("misdirected request: Host %q is not allowed: the server answers to localhost, its IP addresses and the names given with --allow-host (web.Config.AllowedHosts); this protects it against DNS rebinding", clip(r.Host)))
			return
		}
		if o := r.Header.Get("Origin"); o != "" && !p.allowsOrigin(o, local) {
			refuse(w, http.StatusForbidden, fmt.Sprintf("forbidden: a request from origin %q is not allowed: the server answers pages from localhost, its IP addresses and the names given with --allow-host (web.Config.AllowedHosts)", clip(o)))
			return
		}
		h.ServeHTTP(w, r)
	})
}

// clip shortens a header value quoted in an error message.
func clip(s string) string {
	const max = 200
	if len(s) > max {
		return s[:max] + "…"
	}
	return s
}

func refuse(w http.ResponseWriter, status int, msg string) {
	hd := w.Header()
	hd.Set("Content-Type", "text/plain; charset=utf-8")
	hd.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	fmt.Fprintln(w, msg)
}

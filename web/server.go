package web

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"slices"
	"sync/atomic"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/docs"
	"github.com/grundy/grundy/internal/memguard"
)

//go:embed static
var staticFiles embed.FS

// Server is the web workbench: the JSON API and the embedded page. It is
// safe for concurrent use; create it with New.
type Server struct {
	cfg   Config
	sched *scheduler // computation slots and their queue
	// outbox counts the answers encoded and not yet sent (outbox.go).
	outbox *outbox
	guard  *memguard.Guard // Config.MemoryLimit over all computations
	// promoted counts requests that looked cheap but outlasted FastTimeout.
	promoted atomic.Int64
	// overdue counts the computations running past their deadline (run's
	// watchdog answered them 504; they still hold their slots).
	overdue atomic.Int64
	handler http.Handler
	// resolver names every game of a request (newResolver).
	resolver *catalog.Resolver
	// resolve is resolveSpec, except in tests.
	resolve func(ctx context.Context, spec string) (*catalog.Game, error)
}

// New returns a server with the limits of cfg (zero fields take their
// documented defaults).
func New(cfg Config) *Server {
	s := &Server{cfg: cfg.withDefaults()}
	s.cfg.AllowedHosts = slices.Clone(cfg.AllowedHosts)
	s.resolver = newResolver(s.cfg)
	s.resolve = s.resolveSpec
	s.sched = newScheduler(s.cfg)
	s.outbox = newOutbox(s.cfg)
	s.guard = memguard.New(memguard.Options{Limit: s.cfg.MemoryLimit})
	mux := http.NewServeMux()
	for _, rt := range s.routes() {
		mux.Handle("/api/"+rt.name, s.api(rt))
	}
	mux.Handle("/api/{$}", s.api(route{name: "", handle: s.apiIndex}))
	mux.Handle("/api/", s.api(route{name: "", handle: func(r *http.Request) (any, error) {
		return nil, &httpError{http.StatusNotFound, "no API endpoint " + r.URL.Path + " (see docs/api.md)"}
	}}))
	sub, err := fs.Sub(staticFiles, "static")
	if err != nil {
		panic(err) // the embedded directory exists at build time
	}
	mux.Handle("/", pagesOnly(http.FileServerFS(sub)))
	// The API page links to the whole reference, served as it is in the
	// repository (package docs embeds it).
	mux.Handle("/docs/api.md", pagesOnly(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Write(docs.API)
	})))
	s.handler = secure(newHostPolicy(s.cfg.AllowedHosts).checkHost(mux))
	return s
}

// Config returns the server's settings, defaults filled in.
func (s *Server) Config() Config { return s.cfg }

// Handler returns the HTTP handler serving the API and the page. It refuses
// requests whose Host or Origin names a host that is not allowed (see
// Config.AllowedHosts), so mounted in another server it keeps its defence
// against DNS rebinding; a request built for a test must name an allowed
// host, e.g. httptest.NewRequest("GET", "http://localhost/api/games", nil).
func (s *Server) Handler() http.Handler { return s.handler }

// ListenAndServe listens on the TCP address addr and serves until ctx ends,
// then shuts down gracefully (see Serve).
func (s *Server) ListenAndServe(ctx context.Context, addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return s.Serve(ctx, ln)
}

// Serve serves connections from ln until ctx ends. It then stops accepting
// connections and waits up to Config.ShutdownTimeout for the requests in
// flight; computations still running after that are canceled. Serve returns
// nil after a shutdown and the listener's error otherwise. While it runs,
// the runtime's soft memory limit is 7/8 of Config.MemoryLimit (or lower,
// if GOMEMLIMIT says so).
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	defer memguard.SetGCLimit(s.cfg.MemoryLimit)()
	base, cancelBase := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelBase()
	hs := &http.Server{
		Handler:           s.handler,
		ReadTimeout:       s.cfg.ReadTimeout,
		ReadHeaderTimeout: s.cfg.ReadHeaderTimeout,
		WriteTimeout:      s.cfg.WriteTimeout,
		IdleTimeout:       s.cfg.IdleTimeout,
		MaxHeaderBytes:    s.cfg.MaxHeaderBytes,
		BaseContext:       func(net.Listener) context.Context { return base },
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), s.cfg.ShutdownTimeout)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		cancelBase() // stop the computations still running, then drop their connections
		hs.Close()
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// errBusy is the answer when every computation slot is taken and the queue
// is full or the wait is over.
var errBusy = &httpError{http.StatusServiceUnavailable, "server busy: too many computations running; retry in a moment"}

// pagesOnly serves the embedded page and its assets: GET and HEAD only.
func pagesOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, fmt.Sprintf("method %s not allowed (the page answers GET and HEAD)", r.Method), http.StatusMethodNotAllowed)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// secure adds headers that keep the page self-contained: no script, style
// or connection from anywhere but this server.
func secure(h http.Handler) http.Handler {
	const csp = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'"
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", csp)
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Referrer-Policy", "no-referrer")
		h.ServeHTTP(w, r)
	})
}

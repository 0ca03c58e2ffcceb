// Package web is grundy's web workbench: the HTTP handlers behind
// `grundy serve`, a JSON API under /api/ and the embedded page that uses it.
//
// Every answer about a game comes from the catalog package (the server's
// catalog.Resolver with every family of package families, Game.Solve,
// Game.Moves, catalog.Game.StreamValues, catalog.Game.Reply, catalog.Game.FindMove), so a
// game added to the catalog appears on the page and
// in the API without a change here, and the page itself holds no game logic.
// The API's JSON is written by internal/jsonout, the encoder behind the CLI's
// --json, so `grundy solve nim 3 4 5 --json` and
// GET /api/solve?game=nim&position=3+4+5 print the same bytes.
//
// The server is built to stay up under load, bad input and hostile clients:
// request bodies and input fields are bounded (413); every computation runs
// under a work budget (impartial.Budget), a deadline and the request's
// context (422, 504, or canceled when the client leaves); the Go heap of
// all computations together is bounded by a governor (internal/memguard,
// Config.MemoryLimit); an answer is encoded into a buffer bounded by
// Config.MaxResponseBytes while its slot is held, then sent outside it,
// under a write deadline per 64 KiB (Config.SendTimeout) and with the bytes
// waiting per client and in all bounded (429/503; see outbox.go); at most
// Config.MaxConcurrent computations run at once, at most
// Config.MaxPerClient heavy ones per client, with a fast lane for requests
// that look cheap and a fair, bounded wait queue (503 when full; see
// sched.go); connections have read and write timeouts, and Serve shuts down
// gracefully when its context ends. The endpoints, their keys, status codes
// and limits are documented in docs/api.md.
//
// Against DNS rebinding the handler answers only requests whose Host header
// names localhost, a loopback address, the IP address the request arrived on
// or a name of Config.AllowedHosts (421 Misdirected Request otherwise), and
// refuses a request whose Origin header names another host (403), so a page
// from another site cannot use the workbench through the user's browser.
//
// A minimal server:
//
//	srv := web.New(web.Config{})   // zero Config: documented defaults
//	err := srv.ListenAndServe(ctx, "127.0.0.1:8080")
//
// or mount the handler elsewhere:
//
//	http.Handle("/", web.New(web.Config{}).Handler())
//
// # Library API beyond the CLI
//
// grundy serve runs Serve. ListenAndServe (the minimal server above),
// Handler (the handler, to mount in another server) and Config (the
// settings with the defaults filled in) are for programs embedding the
// workbench and for the tests.
package web

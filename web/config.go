package web

import (
	"runtime"
	"time"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/rules"
)

// Config holds the server's limits. A zero field means its default, listed
// with each field; New fills them in.
type Config struct {
	// Budget bounds every computation: positions, moves, the bytes of the
	// answer, memory and the work of a partizan question (Timeout bounds
	// its time).
	// Default: 5,000,000 positions, 1,000,000 moves, 8 MiB of output, 256 MiB,
	// 10,000,000 units of partizan work (impartial.Budget.MaxWork): on a
	// loaded 2-core machine 0.4 s of Hackenbush's number search, 2 s of
	// Domineering 6×6, 7 s of Amazons 6×6 (the slowest units measured), so
	// that a runaway partizan question stops by its work, the same stop on
	// any machine, before the deadline does.
	Budget impartial.Budget
	// Timeout is the deadline of one computation; past it the search stops
	// and the API answers 504. Default: 10s.
	Timeout time.Duration
	// MaxConcurrent is the number of computations that may run at once.
	// Default: max(2, GOMAXPROCS). FastLane slots come on top for cheap
	// requests.
	MaxConcurrent int
	// MaxPerClient is how many of the MaxConcurrent slots one client (one
	// remote IP address) may hold with requests that do not look cheap, so
	// one client's heavy requests leave slots to the others; its further
	// requests wait. Behind a reverse proxy every request comes from the
	// proxy's address: raise it to MaxConcurrent there. Default:
	// max(1, MaxConcurrent-1).
	MaxPerClient int
	// FastLane is the number of extra slots reserved for requests that look
	// cheap (a position question of at most 256 bytes, a sequence up to
	// 10,000; see docs/api.md), so they are answered while heavy work fills
	// the other slots. Default: 1; negative: none.
	FastLane int
	// FastTimeout is how long a request may compute in a fast-lane slot. A
	// request that only looked cheap is stopped then and queued again for a
	// general slot, where it starts over with the rest of its Timeout.
	// Default: 250ms.
	FastTimeout time.Duration
	// MaxQueue is how many requests may wait for a free computation slot;
	// beyond that the API answers 503 at once (a client with fewer requests
	// waiting takes the place of the newest request of the client with the
	// most). Default: 512.
	MaxQueue int
	// QueueWait is how long a request waits for a slot before the API
	// answers 503. Default: 30s (a page waits rather than fails; the queue
	// length is bounded by MaxQueue).
	QueueWait time.Duration
	// MaxResponseBytes bounds the JSON of one answer. An answer that would
	// be longer is refused with 422 and a message that says how to narrow
	// the question. The answer is encoded into a buffer while its slot is
	// held; the slot is then released and the buffer sent (see
	// SendTimeout, MaxPendingPerClient). Default: 10 MiB.
	MaxResponseBytes int64
	// SendTimeout bounds the sending of each 64 KiB of an answer: a client
	// that does not take them within it (one that reads slowly, or not at
	// all) loses its connection, and the answer's buffer is freed. No
	// computation slot is held while an answer is sent. Default: 5s.
	SendTimeout time.Duration
	// MaxPendingPerClient bounds the bytes of answers waiting to be sent to
	// one client (one remote IP address). A request of a client with
	// answers waiting is refused (429) before it computes unless
	// MaxResponseBytes more would still fit (with the defaults: while more
	// than 10 MiB wait unread); a client with nothing waiting always gets
	// its answer. Default: 2 × MaxResponseBytes.
	MaxPendingPerClient int64
	// MaxPendingBytes bounds the bytes of answers waiting to be sent to all
	// clients together; an answer longer than 64 KiB that would pass it is
	// refused (503), shorter ones always go. Default: a quarter of
	// MemoryLimit, at least 2 × MaxPendingPerClient.
	MaxPendingBytes int64
	// MemoryLimit bounds the Go heap of the whole server, all computations
	// together: a governor (internal/memguard) samples the heap every 5 ms
	// while computations run and, past the limit, stops the computation
	// that grew it most with a memory error (422), and no other until that
	// one has ended; heavy requests wait in the queue while the heap is
	// over. Serve also sets the runtime's soft memory limit to 7/8 of it,
	// so garbage is collected before. Budget bounds one search by its own
	// estimate; this bounds the process.
	// Default: max(384 MiB, 3/2 × Budget.MaxMemory); negative: no governor.
	MemoryLimit int64
	// MaxBodyBytes bounds a request body (POST forms). Default: 64 KiB.
	MaxBodyBytes int64
	// MaxInput bounds the length in bytes of the game and position fields.
	// Default: 16 KiB.
	MaxInput int
	// MaxTo bounds the to parameter of /api/values, so a nim-sequence has
	// at most MaxTo+1 values. Default: 1,000,000.
	MaxTo int
	// RulesDir, when set, is a directory whose .star rule files starlark:FILE
	// specs may name (FILE relative to it; paths leaving it are refused).
	// Default: "" — only the rule files built into the binary
	// (starlark:examples/NAME.star) are allowed, so the server reads no file
	// from its disk.
	RulesDir string
	// Starlark bounds the code of rule files, at their loading and at every
	// call of a rule function: steps and bytes allocated (rules.Limits).
	// Default: the rules package's step limit, and a quarter of
	// Budget.MaxMemory for what one call may allocate.
	Starlark rules.Limits
	// MaxBridgeN bounds n (2n players, 4n cards) of a multi-bridge deal that
	// /api/bridge/solve solves or /api/bridge/deal deals. Default: 100,000.
	MaxBridgeN int
	// ReadTimeout bounds reading a whole request; ReadHeaderTimeout its
	// headers. Defaults: 15s and 5s.
	ReadTimeout, ReadHeaderTimeout time.Duration
	// WriteTimeout bounds the time from the end of the request headers to
	// the start of the answer, and then the sending of the whole answer
	// (each 64 KiB of which SendTimeout bounds too). Default: Timeout +
	// FastTimeout + QueueWait + 10s.
	WriteTimeout time.Duration
	// IdleTimeout bounds keep-alive connections. Default: 60s.
	IdleTimeout time.Duration
	// MaxHeaderBytes bounds the request line and headers. Default: 64 KiB.
	MaxHeaderBytes int
	// ShutdownTimeout is how long a graceful shutdown waits for requests in
	// flight before it cancels their computations. Default: 10s.
	ShutdownTimeout time.Duration
	// AllowedHosts are the host names (or IP addresses; a port is ignored)
	// that requests may name in their Host header and Origin besides the
	// defaults: localhost, loopback and unspecified IP addresses, and the IP
	// address the connection arrived at. Other requests are refused (421 for
	// the Host, 403 for the Origin) to defend against DNS rebinding and
	// cross-site requests; see docs/serve.md. List the names a reverse proxy
	// or a LAN uses for the server. "*" turns the check off: any web page the
	// user visits can then read the workbench. Entries that are not host
	// names are ignored (CheckAllowedHosts reports them). Default: none.
	AllowedHosts []string
}

// DefaultBudget is the server's default work budget for one computation.
var DefaultBudget = impartial.Budget{MaxPositions: 5_000_000, MaxMoves: 1_000_000, MaxOutput: 8 << 20, MaxMemory: 256 << 20, MaxWork: 10_000_000}

// withDefaults returns c with every zero field set to its default.
func (c Config) withDefaults() Config {
	if c.Budget == (impartial.Budget{}) {
		c.Budget = DefaultBudget
	}
	if c.Timeout <= 0 {
		c.Timeout = 10 * time.Second
	}
	if c.MaxConcurrent <= 0 {
		c.MaxConcurrent = max(2, runtime.GOMAXPROCS(0))
	}
	if c.MaxPerClient <= 0 {
		c.MaxPerClient = max(1, c.MaxConcurrent-1)
	}
	if c.FastLane == 0 {
		c.FastLane = 1
	}
	if c.FastTimeout <= 0 {
		c.FastTimeout = 250 * time.Millisecond
	}
	if c.MaxResponseBytes <= 0 {
		c.MaxResponseBytes = 10 << 20
	}
	if c.MemoryLimit == 0 {
		c.MemoryLimit = max(384<<20, c.Budget.MaxMemory/2*3)
	}
	if c.SendTimeout <= 0 {
		c.SendTimeout = 5 * time.Second
	}
	if c.MaxPendingPerClient <= 0 {
		c.MaxPendingPerClient = 2 * c.MaxResponseBytes
	}
	if c.MaxPendingBytes <= 0 {
		c.MaxPendingBytes = max(c.MemoryLimit/4, 2*c.MaxPendingPerClient)
	}
	if c.MaxQueue <= 0 {
		c.MaxQueue = 512
	}
	if c.QueueWait <= 0 {
		c.QueueWait = 30 * time.Second
	}
	if c.MaxBodyBytes <= 0 {
		c.MaxBodyBytes = 64 << 10
	}
	if c.MaxInput <= 0 {
		c.MaxInput = 16 << 10
	}
	if c.MaxTo <= 0 {
		c.MaxTo = 1_000_000
	}
	if c.MaxBridgeN <= 0 {
		c.MaxBridgeN = 100_000
	}
	if c.ReadTimeout <= 0 {
		c.ReadTimeout = 15 * time.Second
	}
	if c.ReadHeaderTimeout <= 0 {
		c.ReadHeaderTimeout = 5 * time.Second
	}
	if c.WriteTimeout <= 0 {
		c.WriteTimeout = c.Timeout + c.FastTimeout + c.QueueWait + 10*time.Second
	}
	if c.IdleTimeout <= 0 {
		c.IdleTimeout = 60 * time.Second
	}
	if c.MaxHeaderBytes <= 0 {
		c.MaxHeaderBytes = 64 << 10
	}
	if c.ShutdownTimeout <= 0 {
		c.ShutdownTimeout = 10 * time.Second
	}
	c.Starlark = starlarkLimits(c)
	return c
}

package partizan

import (
	"context"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/grundy/grundy/impartial"
)

// Config bounds a store as a whole (a zero field: no bound). A Calc's own
// budget bounds each computation; these bound what all of them together may
// leave in a store that is shared, say by the requests of a server.
type Config struct {
	// MaxGames bounds the games (records) the store holds.
	MaxGames int64
	// MaxMemory bounds the store's estimate of its own size in bytes: its
	// records, options, index and caches.
	MaxMemory int64
}

// Store holds canonical games, hash-consed: each game is one record, made
// once, and never changes or goes away. It caches sums, negatives and
// comparisons. A Store is safe for concurrent use: computations (Calc) take
// its lock while they work and let it go every few thousand steps, so many
// goroutines may share one store (their work is serialized; one store per
// goroutine runs in parallel). Reading a game (its options, Format) takes no
// lock.
type Store struct {
	cfg Config
	mu  sync.Mutex

	// records, in chunks that never move; the directory is replaced (not
	// changed) when it grows, so readers load it without the lock.
	dir   atomic.Pointer[[]*recChunk]
	nrecs uint64

	// options of records, in chunks that never move (a record points
	// into one, which keeps it alive)
	arTop  []gid // the chunk being filled
	arUsed int

	index []gid // open addressing over record ids; 0 is empty
	used  int

	sums []sumEnt
	leqs []leqEnt
	// evictions counts the cache entries overwritten since the caches last
	// grew (evicted).
	evictions int

	thermos map[gid]Thermograph
	upSums  []gid // ↑^[n], made as asked for
	bytes   int64
}

type recChunk [recChunkSize]rec

// The first record chunk and the first tables are small, so that a fresh
// store costs a few kilobytes (a cold start: a new store per request or per
// benchmark workload); what grows does so geometrically.
const (
	recChunkBits = 7 // 128 records, 9 KB a chunk
	recChunkSize = 1 << recChunkBits
	arenaChunk0  = 1 << 8  // the first chunk of options
	arenaChunk   = 1 << 14 // the largest
	cache0       = 1 << 6  // the first sum and comparison caches
	index0       = 1 << 6
)

// rec is a game of a store.
type rec struct {
	hash     uint64
	birthday uint64
	ls, rs   gid // the stops, as numbers
	neg      gid // the negative, once known (0: not yet)
	nus      *nusRec
	opt      *gid // the first of its nl + nr options (Left's, then Right's)
	nl, nr   uint32
}

// nusRec is a number-up-star too large to be immediate.
type nusRec struct {
	x   Dyadic
	up  int64
	nim uint64
}

type sumEnt struct{ a, b, r gid }

type leqEnt struct {
	a, b gid
	v    bool
}

const recBytes = int64(unsafe.Sizeof(rec{})) + 16 // a record and its index slot

// NewStore returns an empty store.
func NewStore(cfg Config) *Store {
	s := &Store{cfg: cfg}
	d := []*recChunk{}
	s.dir.Store(&d)
	s.index = make([]gid, index0)
	s.sums = make([]sumEnt, cache0)
	s.leqs = make([]leqEnt, cache0)
	s.bytes = int64(len(s.index))*8 + int64(len(s.sums))*24 + int64(len(s.leqs))*24
	return s
}

// Len returns the number of games the store holds as records (immediate
// number-up-stars are not counted).
func (s *Store) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return int(s.nrecs)
}

// Bytes returns the store's estimate of its size.
func (s *Store) Bytes() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.bytes
}

func (s *Store) rec(id gid) *rec {
	i := id.index()
	d := *s.dir.Load()
	return &d[i>>recChunkBits][i&(recChunkSize-1)]
}

// opts returns the options of record id for side.
func (s *Store) opts(id gid, side Side) []gid {
	r := s.rec(id)
	if r.nl+r.nr == 0 {
		return nil
	}
	all := unsafe.Slice(r.opt, r.nl+r.nr)
	if side == Left {
		return all[:r.nl:r.nl]
	}
	return all[r.nl:]
}

// newRec appends a record with the given options (called with the lock);
// flags are the id's (nusRecBit, numRecBit).
func (s *Store) newRec(c *Calc, h uint64, left, right []gid, flags gid) gid {
	c.charge(recBytes + 8*int64(len(left)+len(right)))
	i := s.nrecs
	d := *s.dir.Load()
	if i>>recChunkBits >= uint64(len(d)) {
		// Appending within the capacity is safe for readers: they hold the
		// old length and never read past it.
		nd := append(d, new(recChunk))
		s.dir.Store(&nd)
		d = nd
		c.dir = nd
		s.bytes += int64(unsafe.Sizeof(recChunk{}))
	}
	r := &d[i>>recChunkBits][i&(recChunkSize-1)]
	r.hash = h
	n := len(left) + len(right)
	if n > 0 {
		if s.arTop == nil || s.arUsed+n > len(s.arTop) {
			size := max(min(2*len(s.arTop), arenaChunk), arenaChunk0, n)
			s.arTop, s.arUsed = make([]gid, size), 0
			s.bytes += int64(size) * 8
		}
		r.opt = &s.arTop[s.arUsed]
		copy(s.arTop[s.arUsed:], left)
		copy(s.arTop[s.arUsed+len(left):], right)
		s.arUsed += n
	}
	r.nl, r.nr = uint32(len(left)), uint32(len(right))
	s.nrecs++
	s.bytes += recBytes
	id := recBit | flags | gid(i)
	s.insert(id, h)
	s.growCaches()
	return id
}

// insert adds id to the index.
func (s *Store) insert(id gid, h uint64) {
	if 2*(s.used+1) > len(s.index) {
		old := s.index
		s.index = make([]gid, 2*len(old))
		s.bytes += int64(len(old)) * 8
		mask := uint64(len(s.index) - 1)
		for _, o := range old {
			if o != 0 {
				j := s.rec(o).hash & mask
				for s.index[j] != 0 {
					j = (j + 1) & mask
				}
				s.index[j] = o
			}
		}
	}
	mask := uint64(len(s.index) - 1)
	j := h & mask
	for s.index[j] != 0 {
		j = (j + 1) & mask
	}
	s.index[j] = id
	s.used++
}

// growCaches keeps the operation caches 2 to 8 slots a record (up to 2^21
// slots); what they hold moves to the larger tables. (Direct-mapped, they
// lose entries to collisions; at 8 to 32 slots a record the construction of
// day-4 games took 5 % fewer instructions but 40 % more CPU time, the
// larger tables missing the processor's caches.)
func (s *Store) growCaches() {
	if uint64(len(s.sums)) >= 2*s.nrecs {
		return
	}
	s.resizeCaches()
}

// evicted notes that a cache entry overwrote another one. Slots a record
// are not enough where few games are compared in many pairs (a comparison
// of two games recurses through pairs of their followers, and its cost
// grows exponentially when those results are lost: Hackenbush stalks
// with green edges, "elr" × 20, took 17 s at 2 slots a record and 0.15 s
// with a cache of 1024), so a cache overwritten 64 times as often as it
// has slots since it last grew grows too. (At once as often, the day-4
// construction and the day-2 × day-3 comparisons, which meet most pairs
// once, grew their caches and took 40–48 % more CPU time; at 16 times
// the comparisons 9 % more; at 64 no change beyond the noise.)
func (s *Store) evicted() {
	s.evictions++
	if s.evictions > 64*len(s.sums) {
		s.resizeCaches()
	}
}

// resizeCaches makes the caches four times larger (up to 2^21 slots).
func (s *Store) resizeCaches() {
	const maxCache = 1 << 21
	n := len(s.sums)
	if n >= maxCache {
		return
	}
	s.evictions = 0
	s.bytes += int64(n) * 3 * 24
	sums, leqs := s.sums, s.leqs
	s.sums = make([]sumEnt, 4*n)
	s.leqs = make([]leqEnt, 4*n)
	mask := uint64(4*n - 1)
	for _, e := range sums {
		if e.a != 0 || e.b != 0 {
			s.sums[sumHash(e.a, e.b)&mask] = e
		}
	}
	for _, e := range leqs {
		if e.a != 0 || e.b != 0 {
			s.leqs[leqHash(e.a, e.b)&mask] = e
		}
	}
}

// lookup finds the record with these canonical (sorted) options, through
// the directory c holds (with the store's lock), reading each candidate's
// options once.
func (c *Calc) lookup(h uint64, left, right []gid) (gid, bool) {
	s := c.s
	mask := uint64(len(s.index) - 1)
	nl, nr := uint32(len(left)), uint32(len(right))
	for j := h & mask; s.index[j] != 0; j = (j + 1) & mask {
		id := s.index[j]
		r := c.rec(id)
		if r.hash != h || r.nl != nl || r.nr != nr || id.isNUS() {
			continue
		}
		all := unsafe.Slice(r.opt, nl+nr)
		if equalIDs(all[:nl], left) && equalIDs(all[nl:], right) {
			return id, true
		}
	}
	return 0, false
}

func equalIDs(a, b []gid) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func mix(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

// hashOptions hashes a canonical option list: one multiply and shift an
// option, mixed once at the end (the lengths fix where Right's begin).
func hashOptions(left, right []gid) uint64 {
	h := uint64(len(left))*0x9e3779b97f4a7c15 + uint64(len(right))
	for _, o := range left {
		h = (h ^ uint64(o)) * 0xff51afd7ed558ccd
		h ^= h >> 32
	}
	for _, o := range right {
		h = (h ^ uint64(o)) * 0xc4ceb9fe1a85ec53
		h ^= h >> 32
	}
	return mix(h)
}

// bigNUS returns the record of a number-up-star too large to be immediate.
func (s *Store) bigNUS(x Dyadic, k int64, m uint64) gid {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.bigNUSLocked(nil, x, k, m)
}

func nusHash(x Dyadic, k int64, m uint64) uint64 {
	h := mix(uint64(x.e) ^ uint64(k)*0x9e3779b97f4a7c15 ^ m<<1 ^ 0x7777)
	if x.b != nil {
		for _, w := range x.b.Bits() {
			h = mix(h ^ uint64(w))
		}
		h ^= uint64(x.b.Sign() + 1)
	} else {
		h = mix(h ^ uint64(x.n))
	}
	return h
}

func (s *Store) bigNUSLocked(c *Calc, x Dyadic, k int64, m uint64) gid {
	h := nusHash(x, k, m)
	mask := uint64(len(s.index) - 1)
	for j := h & mask; s.index[j] != 0; j = (j + 1) & mask {
		id := s.index[j]
		r := s.rec(id)
		if r.hash == h && id.isNUS() && r.nus.up == k && r.nus.nim == m && r.nus.x.Equal(x) {
			return id
		}
	}
	if c == nil {
		c = &Calc{s: s, ctx: context.Background()}
	}
	flags := nusRecBit
	if k == 0 && m == 0 {
		flags |= numRecBit
	}
	id := s.newRec(c, h, nil, nil, flags)
	r := s.rec(id)
	r.nus = &nusRec{x: x, up: k, nim: m}
	r.birthday = nusBirthday(x, k, m)
	num := id
	if k != 0 || m != 0 {
		num = s.numberID(c, x)
	}
	r.ls, r.rs = num, num
	return id
}

// numberID returns the id of the number x (called with the lock).
func (s *Store) numberID(c *Calc, x Dyadic) gid {
	if id, ok := immediate(x, 0, 0); ok {
		return id
	}
	return s.bigNUSLocked(c, x, 0, 0)
}

// nusID returns the id of x + k↑ + *m (called with the lock).
func (s *Store) nusID(c *Calc, x Dyadic, k int64, m uint64) gid {
	if id, ok := immediate(x, k, m); ok {
		return id
	}
	return s.bigNUSLocked(c, x, k, m)
}

// nusBirthday is the birthday of x + k↑ + *m: that of x (an integer n is born
// on day |n|, a fraction m/2^e on day ⌊|m/2^e|⌋ + 1 + e), plus that of k↑ + *m:
// |k| + 1 when m = 0 and k ≠ 0, |k| + (m⊕1) when k is odd and m ≠ 1,
// |k| + m otherwise.
func nusBirthday(x Dyadic, k int64, m uint64) uint64 {
	var b uint64
	a := x
	if a.Sign() < 0 {
		a = a.Neg()
	}
	if x.e == 0 {
		b = satUint(a)
	} else {
		b = satUint(a.Floor()) + 1 + uint64(x.e)
	}
	u := uint64(abs64(k))
	switch {
	case u > 0 && m == 0:
		b += u + 1
	case u&1 == 1 && m != 1:
		b += u + (m ^ 1)
	default:
		b += u + m
	}
	return b
}

func satUint(d Dyadic) uint64 {
	if n, ok := d.Int64(); ok {
		return uint64(n)
	}
	return 1<<64 - 1
}

// Calc is one computation on a store under one budget and context: every
// game it makes counts against the budget (MaxPositions: games added to the
// store; MaxMemory: their bytes; MaxMoves: the options of one game before
// simplification), every unit of its work too (MaxWork: the units Work
// counts), and it polls the context every few thousand units. A limit hit
// returns a *impartial.BudgetError naming it (Limit LimitWork for MaxWork,
// at the same unit on any machine). The games and results a store already
// holds cost no work: in a store shared by several computations, one may
// need less than it would alone. A Calc is for one
// goroutine at a time; the store behind it may be shared.
type Calc struct {
	s    *Store
	ctx  context.Context
	done <-chan struct{}
	// the store's directory, read once per hold of its lock (it
	// changes only under it)
	dir   []*recChunk
	b     impartial.Budget
	work  uint64
	poll  uint64
	made  int64
	bytes int64
	// stk holds the options of number-up-stars made on demand and the
	// options of games being summed: each function pops what it pushed.
	stk []gid
	// the comparisons with the game under construction (construct.go)
	vtab []vslot
	vgen uint32
	vn   int
}

// Calc starts a computation on s under budget b and context ctx.
func (s *Store) Calc(ctx context.Context, b impartial.Budget) *Calc {
	c := &Calc{s: s, ctx: ctx, b: b}
	c.poll = c.nextPoll()
	if ctx != nil {
		c.done = ctx.Done() // nil for a context that is never done
	}
	return c
}

// canceled reports the context's error, cheaply when it is not done (a
// context without a Done channel never is).
func (c *Calc) canceled() error {
	if c.done == nil {
		return nil
	}
	select {
	case <-c.done:
		return impartial.ContextError(c.ctx)
	default:
		return nil
	}
}

// Store returns the store c works on.
func (c *Calc) Store() *Store { return c.s }

const pollEvery = 1 << 12

// abort carries a budget error out of a computation's recursion to the
// method the caller called (a panic that never leaves the package).
type abort struct{ err error }

func (c *Calc) fail(err error) { panic(abort{err}) }

// step counts one unit of work, polling the context (and letting other
// computations on the store run) every pollEvery units.
func (c *Calc) step() { c.stepBy(1) }

// stepBy is step for n units at once (a large position's option, Coster).
func (c *Calc) stepBy(n uint64) {
	c.work += n
	if c.work >= c.poll {
		c.pollNow()
	}
}

func (c *Calc) pollNow() {
	if err := c.workLeft(); err != nil {
		c.fail(err)
	}
	c.poll = c.nextPoll()
	if err := c.canceled(); err != nil {
		c.fail(err)
	}
	c.s.mu.Unlock()
	c.lock()
}

// Charge counts n units of work a ruleset does outside the algebra (a
// search of its own, such as Hackenbush's number search, or a rule file's
// calls) against c's budget, and polls c's context when it is due. It
// returns the stop once there is one: the *impartial.BudgetError of
// MaxWork, or the context's. A ruleset calls it from its Options or its
// Valuer's Value (it takes no lock, so either may), in units of about the
// cost of one of the algebra's (Work).
func (c *Calc) Charge(n uint64) error {
	c.work += n
	if c.work < c.poll {
		return nil
	}
	if err := c.workLeft(); err != nil {
		return err
	}
	c.poll = c.nextPoll()
	return c.canceled()
}

// workLeft is the stop at MaxWork, once the work has passed it.
func (c *Calc) workLeft() error {
	if m := c.b.MaxWork; m > 0 && c.work > uint64(m) {
		return &impartial.BudgetError{Limit: impartial.LimitWork, Max: m, What: "the canonical forms"}
	}
	return nil
}

// nextPoll is the work at which step next polls: pollEvery units on, or
// the unit past MaxWork if that comes first, so that the work budget
// costs step nothing and stops every computation at the same unit (the
// work is counted, not timed: the same stop on any machine, at any load).
func (c *Calc) nextPoll() uint64 {
	next := c.work + pollEvery
	if m := c.b.MaxWork; m > 0 && uint64(m) < next {
		next = max(uint64(m)+1, c.work+1)
	}
	return next
}

// charge counts the bytes of a new record against the budgets.
func (c *Calc) charge(bytes int64) {
	c.made++
	c.bytes += bytes
	if c.b.MaxPositions > 0 && c.made > c.b.MaxPositions {
		c.fail(&impartial.BudgetError{Limit: impartial.LimitPositions, Max: c.b.MaxPositions, What: "the canonical forms"})
	}
	if c.b.MaxMemory > 0 && c.bytes > c.b.MaxMemory {
		c.fail(&impartial.BudgetError{Limit: impartial.LimitMemory, Max: c.b.MaxMemory, What: "the canonical forms"})
	}
	cfg := c.s.cfg
	if cfg.MaxGames > 0 && int64(c.s.nrecs) >= cfg.MaxGames {
		c.fail(&impartial.BudgetError{Limit: impartial.LimitPositions, Max: cfg.MaxGames, What: "the game store"})
	}
	if cfg.MaxMemory > 0 && c.s.bytes+bytes > cfg.MaxMemory {
		c.fail(&impartial.BudgetError{Limit: impartial.LimitMemory, Max: cfg.MaxMemory, What: "the game store"})
	}
}

// checkMoves bounds the options of one game under construction.
func (c *Calc) checkMoves(n int) {
	if lim := c.b.MoveLimit(); lim > 0 && int64(n) > lim {
		c.fail(&impartial.BudgetError{Limit: impartial.LimitMoves, Max: lim, What: "the options of one game"})
	}
}

// Work returns the units of work c has done (comparisons, sums and
// constructions, the positions a Solver searches and the options a
// ruleset yields), a load-independent measure for benchmarks and what
// Budget.MaxWork bounds. A unit's time depends on the question: from 1.5
// million units a second (Amazons 6×6, whose options are dear to list;
// Konane past 64 cells, with its units per 8 cells, Coster) to
// 27 million (Hackenbush's number search), 5 million in Domineering 6×6,
// whose store of 2 million games misses the processor's caches (CPU time
// on a loaded two-core machine, 2026).
func (c *Calc) Work() uint64 { return c.work }

// lock takes the store's lock and reads its directory.
func (c *Calc) lock() {
	c.s.mu.Lock()
	c.dir = *c.s.dir.Load()
}

// rec is Store.rec through the directory c holds.
func (c *Calc) rec(id gid) *rec {
	i := id.index()
	return &c.dir[i>>recChunkBits][i&(recChunkSize-1)]
}

// opts is Store.opts through the directory c holds.
func (c *Calc) opts(id gid, side Side) []gid {
	r := c.rec(id)
	if r.nl+r.nr == 0 {
		return nil
	}
	all := unsafe.Slice(r.opt, r.nl+r.nr)
	if side == Left {
		return all[:r.nl:r.nl]
	}
	return all[r.nl:]
}

// run runs f with the store's lock, turning an abort into its error.
func (c *Calc) run(f func()) (err error) {
	c.lock()
	// run may nest (a Valuer calling the Calc): the stack is left as found
	done := false
	defer c.exit(len(c.stk), &err, &done)
	if err := c.canceled(); err != nil {
		return err
	}
	f()
	done = true
	return nil
}

// exit ends a run (deferred, so that recover sees its panic): it pops the
// stack to mark, turns an abort into *err, and lets the store go. A run
// that got to its end (*done) has no panic to recover (recover's call
// cost the census about 0.6 %).
func (c *Calc) exit(mark int, err *error, done *bool) {
	c.stk = c.stk[:mark]
	if *done {
		c.s.mu.Unlock()
		return
	}
	r := recover()
	c.s.mu.Unlock()
	if r != nil {
		a, ok := r.(abort)
		if !ok {
			panic(r)
		}
		*err = a.err
	}
}

// game wraps an id of c's store.
func (c *Calc) game(id gid) Game { return c.s.wrap(id) }

// own returns g's id, checking that g belongs to c's store.
func (c *Calc) own(g Game) gid {
	if g.s != nil && g.s != c.s {
		c.fail(errForeign)
	}
	return g.id
}

type foreignError struct{}

func (foreignError) Error() string { return "partizan: a game of another store" }

var errForeign error = foreignError{}

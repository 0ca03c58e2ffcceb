package web

import (
	"context"
	"math"
	"net"
	"net/http"
	"sync"
	"time"
)

// The scheduler decides which computation runs when, so that one client's
// heavy requests cannot starve another's cheap ones:
//
//   - MaxConcurrent general slots run any computation; one client (one
//     remote IP address) holds at most MaxPerClient of them with requests
//     that are not cheap, so a client with many heavy requests leaves slots
//     for the others.
//   - FastLane slots run only requests that look cheap (route.cheap: a
//     position question of a few hundred bytes, a short sequence). Such a
//     request takes a fast slot, or a general slot when none is free, so a
//     queue of heavy work never stands in front of it. Looking cheap is a
//     guess: in a fast slot the request computes for at most FastTimeout;
//     past that it is stopped and queued again as a heavy request (starting
//     over in a general slot), so a request that only looked cheap holds the
//     fast lane for FastTimeout at most.
//   - Waiting requests are served by fair share: when a slot frees, the
//     waiting request whose client holds the fewest slots gets it; among
//     clients holding as many, the one that has held general slots the
//     least lately (slot-seconds, decaying with a half-life of usageHalfLife;
//     a computation running past its deadline is charged until it stops),
//     then arrival order. So a client that sends heavy requests back to back,
//     or queues several, from one address or several, cannot keep the
//     general slots: as each of its computations ends, a waiting request of
//     a client that has used them less goes first (issue 45). When the
//     queue is full (MaxQueue), a newcomer takes the place of the newest
//     waiting request of the client with the most requests waiting, if that
//     client has more than the newcomer's client; otherwise it is refused
//     (503).
type scheduler struct {
	maxQueue  int
	perClient int
	slots     int // general slots in all
	fastSlots int // fast-lane slots in all

	mu      sync.Mutex
	general int            // free general slots
	fast    int            // free fast-lane slots
	running map[string]int // general slots held per client
	heavy   map[string]int // of which by requests that do not look cheap
	queue   []*waiter      // in arrival order
	waiting map[string]int // queued requests per client
	// spent is the general-slot time of each client lately (usage).
	spent     map[string]*usage
	pruneSize int // len(spent) after the last prune
	now       func() time.Time
}

// usageHalfLife is how fast a client's past use of the general slots is
// forgotten: a minute, several of the server's 10 s computations.
const usageHalfLife = time.Minute

// usage is a client's general-slot time: slot-seconds, each weighted by
// 2^(−age/usageHalfLife), as of at.
type usage struct {
	seconds float64
	at      time.Time
}

// lane is the kind of slot a computation holds.
type lane int

const (
	laneGeneral lane = iota + 1 // a general slot, for a heavy request
	laneShared                  // a general slot, for a cheap request
	laneFast                    // a fast-lane slot
)

// waiter is a request waiting for a slot. ready receives the lane granted,
// or is closed if the request is evicted from a full queue.
type waiter struct {
	client string
	cheap  bool
	ready  chan lane
}

func newScheduler(cfg Config) *scheduler {
	return &scheduler{
		maxQueue:  cfg.MaxQueue,
		perClient: cfg.MaxPerClient,
		slots:     cfg.MaxConcurrent,
		fastSlots: max(0, cfg.FastLane),
		general:   cfg.MaxConcurrent,
		fast:      max(0, cfg.FastLane),
		running:   make(map[string]int),
		heavy:     make(map[string]int),
		waiting:   make(map[string]int),
		spent:     make(map[string]*usage),
		now:       time.Now,
	}
}

// accrueLocked brings client's usage up to now: the old seconds decay, and
// the slots it has held since at (running, unchanged since: every change
// accrues first) are added, each second weighted by its age.
func (s *scheduler) accrueLocked(client string, now time.Time) *usage {
	u := s.spent[client]
	if u == nil {
		u = &usage{at: now}
		s.spent[client] = u
		return u
	}
	dt := now.Sub(u.at).Seconds()
	if dt <= 0 {
		return u
	}
	h := usageHalfLife.Seconds()
	keep := math.Exp2(-dt / h)
	// ∫ held·2^(−(now−τ)/h) dτ over [at, now].
	u.seconds = u.seconds*keep + float64(s.running[client])*h/math.Ln2*(1-keep)
	u.at = now
	return u
}

// pruneLocked forgets the clients holding nothing whose use has decayed
// below a millisecond, once the table has doubled since the last prune (so
// its size stays bounded by the clients of the last few minutes).
func (s *scheduler) pruneLocked(now time.Time) {
	if len(s.spent) < 2*max(s.pruneSize, 64) {
		return
	}
	for c := range s.spent {
		if s.running[c] == 0 && s.waiting[c] == 0 && s.accrueLocked(c, now).seconds < 1e-3 {
			delete(s.spent, c)
		}
	}
	s.pruneSize = len(s.spent)
}

// clientOf names the client of a request: the IP address of the remote end
// of its connection. Behind a reverse proxy every request comes from the
// proxy's address, so all clients count as one (see docs/serve.md).
func clientOf(r *http.Request) string {
	if host, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		return host
	}
	return r.RemoteAddr
}

// tryLocked takes a slot for the request if one is free to it.
func (s *scheduler) tryLocked(client string, cheap bool) (lane, bool) {
	if cheap && s.fast > 0 {
		s.fast--
		return laneFast, true
	}
	if s.general > 0 && cheap {
		s.accrueLocked(client, s.now())
		s.general--
		s.running[client]++
		return laneShared, true
	}
	if s.general > 0 && s.heavy[client] < s.perClient {
		s.accrueLocked(client, s.now())
		s.general--
		s.running[client]++
		s.heavy[client]++
		return laneGeneral, true
	}
	return 0, false
}

// acquire takes a slot for a request of client, waiting until deadline in
// the queue if none is free. It returns the lane of the slot; give it back
// with release.
func (s *scheduler) acquire(ctx context.Context, client string, cheap bool, deadline time.Time) (lane, error) {
	s.mu.Lock()
	if l, ok := s.tryLocked(client, cheap); ok {
		s.mu.Unlock()
		return l, nil
	}
	if len(s.queue) >= s.maxQueue && !s.evictLocked(client) {
		s.mu.Unlock()
		return 0, errBusy
	}
	w := &waiter{client: client, cheap: cheap, ready: make(chan lane, 1)}
	s.queue = append(s.queue, w)
	s.waiting[client]++
	s.mu.Unlock()

	t := time.NewTimer(time.Until(deadline))
	defer t.Stop()
	var err error
	select {
	case l, ok := <-w.ready:
		if !ok {
			return 0, errBusy // evicted to make room for another client
		}
		return l, nil
	case <-t.C:
		err = errBusy
	case <-ctx.Done():
		err = ctx.Err()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.removeLocked(w) {
		return 0, err
	}
	// Granted (or evicted) while we gave up: hand a granted slot on.
	if l, ok := <-w.ready; ok {
		s.releaseLocked(client, l)
	}
	return 0, err
}

// release gives back a slot taken by acquire.
func (s *scheduler) release(client string, l lane) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.releaseLocked(client, l)
}

func (s *scheduler) releaseLocked(client string, l lane) {
	switch l {
	case laneFast:
		s.fast++
	case laneGeneral, laneShared:
		s.accrueLocked(client, s.now())
		s.general++
		if s.running[client]--; s.running[client] == 0 {
			delete(s.running, client)
		}
		if l == laneGeneral {
			if s.heavy[client]--; s.heavy[client] == 0 {
				delete(s.heavy, client)
			}
		}
	}
	s.grantLocked()
}

// grantLocked hands free slots to waiting requests: fewest slots held by
// the client first, then least general-slot time lately, then in arrival
// order.
func (s *scheduler) grantLocked() {
	now := s.now()
	s.pruneLocked(now)
	for {
		best := -1
		var bestUse float64
		for i, w := range s.queue {
			if !s.fitsLocked(w) {
				continue
			}
			// Uses within a quarter of a second are equal: a page's cheap
			// requests do not reorder the queue.
			use := math.Floor(s.accrueLocked(w.client, now).seconds / 0.25)
			if best < 0 {
				best, bestUse = i, use
				continue
			}
			held, bestHeld := s.running[w.client], s.running[s.queue[best].client]
			if held < bestHeld || held == bestHeld && use < bestUse {
				best, bestUse = i, use
			}
		}
		if best < 0 {
			return
		}
		w := s.queue[best]
		l, _ := s.tryLocked(w.client, w.cheap)
		s.removeLocked(w)
		w.ready <- l
	}
}

// fitsLocked reports whether a slot is free to w.
func (s *scheduler) fitsLocked(w *waiter) bool {
	return w.cheap && s.fast > 0 || s.general > 0 && (w.cheap || s.heavy[w.client] < s.perClient)
}

// removeLocked takes w out of the queue; false if it was not there.
func (s *scheduler) removeLocked(w *waiter) bool {
	for i, x := range s.queue {
		if x == w {
			s.queue = append(s.queue[:i], s.queue[i+1:]...)
			if s.waiting[w.client]--; s.waiting[w.client] == 0 {
				delete(s.waiting, w.client)
			}
			return true
		}
	}
	return false
}

// evictLocked makes room in a full queue for a request of client: the
// newest waiting request of the client with the most requests waiting loses
// its place, if that client has more waiting than client would with the
// newcomer. It reports whether a place was freed.
func (s *scheduler) evictLocked(client string) bool {
	top := ""
	for c, n := range s.waiting {
		if n > s.waiting[top] || n == s.waiting[top] && c < top {
			top = c
		}
	}
	if top == "" || s.waiting[top] <= s.waiting[client]+1 {
		return false
	}
	for i := len(s.queue) - 1; i >= 0; i-- {
		if w := s.queue[i]; w.client == top {
			s.removeLocked(w)
			close(w.ready)
			return true
		}
	}
	return false
}

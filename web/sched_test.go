package web

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"
)

func testScheduler(slots, perClient, fast, queue int) *scheduler {
	return newScheduler(Config{MaxConcurrent: slots, MaxPerClient: perClient, FastLane: fast, MaxQueue: queue})
}

var far = time.Now().Add(time.Hour)

// pendingReq is a request started by pending: got receives its lane, or is
// closed if it gave up or was evicted; w is its place in the queue.
type pendingReq struct {
	got chan lane
	w   *waiter
}

// pending starts acquire in a goroutine and waits until it is queued.
func pending(t *testing.T, s *scheduler, ctx context.Context, client string, cheap bool) pendingReq {
	t.Helper()
	queued := func() int {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.waiting[client]
	}
	before := queued()
	got := make(chan lane, 1)
	go func() {
		l, err := s.acquire(ctx, client, cheap, far)
		if err != nil {
			close(got)
			return
		}
		got <- l
	}()
	for start := time.Now(); queued() == before; time.Sleep(time.Millisecond) {
		if time.Since(start) > time.Minute { // a failsafe
			t.Fatalf("the request of %s was not queued", client)
		}
	}
	// The newest request of client in the queue is this one: the test
	// starts one request at a time, and only release and acquire, which
	// the test calls after this, take requests out.
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := len(s.queue) - 1; i >= 0; i-- {
		if s.queue[i].client == client {
			return pendingReq{got, s.queue[i]}
		}
	}
	t.Fatalf("the request of %s left the queue at once", client)
	return pendingReq{}
}

func mustAcquire(t *testing.T, s *scheduler, client string, cheap bool, want lane) {
	t.Helper()
	l, err := s.acquire(context.Background(), client, cheap, time.Now())
	if err != nil || l != want {
		t.Fatalf("acquire(%s, cheap %v) = %v, %v; want lane %v", client, cheap, l, err, want)
	}
}

// expectNone checks that a request is still waiting in the queue. Slots are
// handed out under the scheduler's lock by release (grantLocked), so once
// release has returned the queue says whether the request got one; no
// wait for its goroutine is needed.
func expectNone(t *testing.T, s *scheduler, r pendingReq) {
	t.Helper()
	s.mu.Lock()
	queued := slices.Contains(s.queue, r.w)
	s.mu.Unlock()
	if !queued {
		select {
		case l, ok := <-r.got:
			t.Fatalf("granted lane %v (%v), want still waiting", l, ok)
		default:
			t.Fatal("left the queue, want still waiting")
		}
	}
}

// One client holds at most perClient general slots with heavy requests;
// another client gets the slot left.
func TestSchedulerPerClient(t *testing.T) {
	s := testScheduler(2, 1, 1, 10)
	mustAcquire(t, s, "A", false, laneGeneral)
	a2 := pending(t, s, context.Background(), "A", false)
	mustAcquire(t, s, "B", false, laneGeneral) // past A's queued request
	expectNone(t, s, a2)
	// A cheap request of A takes the fast lane, then (cheap requests are
	// not capped) nothing: both general slots are held.
	mustAcquire(t, s, "A", true, laneFast)
	// B's slot frees: A's queued request still waits (A holds its one);
	// a cheap request is not capped and takes the free slot.
	s.release("B", laneGeneral)
	expectNone(t, s, a2)
	mustAcquire(t, s, "A", true, laneShared)
	s.release("A", laneShared) // the cheap one
	expectNone(t, s, a2)
	s.release("A", laneGeneral) // the first heavy one
	if l := <-a2.got; l != laneGeneral {
		t.Fatalf("A's second request got %v", l)
	}
	if g, f, w := s.stats(); g != 1 || f != 1 || w != 0 {
		t.Errorf("stats %d %d %d", g, f, w)
	}
}

// The cap counts only heavy requests: a client whose cheap requests fill
// general slots still starts a heavy one (with a stream of cheap requests
// from one address, its heavy ones would otherwise wait for a moment when
// none runs).
func TestSchedulerCapCountsHeavy(t *testing.T) {
	s := testScheduler(2, 1, 1, 10)
	mustAcquire(t, s, "A", true, laneFast)
	mustAcquire(t, s, "A", true, laneShared)
	mustAcquire(t, s, "A", true, laneShared)
	heavy := pending(t, s, context.Background(), "A", false)
	s.release("A", laneShared)
	if l := <-heavy.got; l != laneGeneral {
		t.Fatalf("heavy request got %v", l)
	}
	// A free general slot, but A holds its one heavy slot: the cap refuses.
	s.release("A", laneShared)
	if _, err := s.acquire(context.Background(), "A", false, time.Now()); err != errBusy {
		t.Fatalf("second heavy request: %v, want busy (cap 1)", err)
	}
	mustAcquire(t, s, "B", false, laneGeneral)
}

// A freed slot goes to the waiting client holding the fewest slots, not to
// the first in line.
func TestSchedulerFairShare(t *testing.T) {
	s := testScheduler(2, 2, 0, 10)
	s.fast = 0
	mustAcquire(t, s, "A", false, laneGeneral)
	mustAcquire(t, s, "A", false, laneGeneral)
	a := pending(t, s, context.Background(), "A", false)
	b := pending(t, s, context.Background(), "B", false)
	s.release("A", laneGeneral)
	if l := <-b.got; l != laneGeneral {
		t.Fatalf("B got %v", l)
	}
	expectNone(t, s, a)
	s.release("B", laneGeneral)
	if l := <-a.got; l != laneGeneral {
		t.Fatalf("A got %v", l)
	}
}

// Issue 45, finding 2: two clients that send heavy requests back to back,
// each queuing the next before its last is answered, kept both general
// slots: every freed slot went to the request of the client that had just
// released it (fewest held, then arrival). A client that has held the
// slots less lately goes first now, and a client's use decays with time.
func TestSchedulerUsage(t *testing.T) {
	s := testScheduler(2, 1, 0, 10)
	s.fast = 0
	clock := time.Unix(1e9, 0)
	s.now = func() time.Time { return clock }
	mustAcquire(t, s, "A", false, laneGeneral)
	mustAcquire(t, s, "B", false, laneGeneral)
	a2 := pending(t, s, context.Background(), "A", false)
	b2 := pending(t, s, context.Background(), "B", false)
	c := pending(t, s, context.Background(), "C", false)
	clock = clock.Add(10 * time.Second)
	s.release("A", laneGeneral)
	if l := <-c.got; l != laneGeneral {
		t.Fatalf("C got %v", l)
	}
	expectNone(t, s, a2)
	clock = clock.Add(time.Second)
	s.release("B", laneGeneral) // B has held a slot for 11 s, A for 10 s
	if l := <-a2.got; l != laneGeneral {
		t.Fatalf("A got %v", l)
	}
	expectNone(t, s, b2)
	// C's slot frees after 5 s: B (11 s used, decayed) waits alone.
	clock = clock.Add(5 * time.Second)
	s.release("C", laneGeneral)
	if l := <-b2.got; l != laneGeneral {
		t.Fatalf("B got %v", l)
	}
	s.mu.Lock()
	a := s.accrueLocked("A", clock).seconds
	s.mu.Unlock()
	// A: 10 s held, then 5 s from 1 s later, each second weighted by its
	// age (2^(−age/half-life)).
	h := usageHalfLife.Seconds()
	held := func(d float64) float64 { return h / math.Ln2 * (1 - math.Exp2(-d/h)) }
	want := held(10)*math.Exp2(-6/h) + held(5)
	if math.Abs(a-want) > 1e-9 {
		t.Errorf("A's use %v s, want %v s", a, want)
	}
	// Old use is forgotten: an hour later, with nothing held, a waiting
	// client of no use and A are equal (arrival order).
	s.release("A", laneGeneral)
	s.release("B", laneGeneral)
	clock = clock.Add(time.Hour)
	mustAcquire(t, s, "D", false, laneGeneral)
	mustAcquire(t, s, "E", false, laneGeneral)
	a3 := pending(t, s, context.Background(), "A", false)
	f := pending(t, s, context.Background(), "F", false)
	s.release("D", laneGeneral)
	if l := <-a3.got; l != laneGeneral {
		t.Fatalf("A an hour later got %v", l)
	}
	expectNone(t, s, f)
}

// The table of clients' use is pruned: clients that hold nothing and whose
// use has decayed are forgotten once it has doubled.
func TestSchedulerUsagePruned(t *testing.T) {
	s := testScheduler(1, 1, 0, 10)
	s.fast = 0
	clock := time.Unix(1e9, 0)
	s.now = func() time.Time { return clock }
	for i := range 1000 {
		client := fmt.Sprint("10.0.", i/256, ".", i%256)
		mustAcquire(t, s, client, false, laneGeneral)
		clock = clock.Add(time.Second)
		s.release(client, laneGeneral)
	}
	clock = clock.Add(time.Hour)
	for i := range 200 {
		client := fmt.Sprint("10.1.", i/256, ".", i%256)
		mustAcquire(t, s, client, false, laneGeneral)
		s.release(client, laneGeneral)
	}
	s.mu.Lock()
	n := len(s.spent)
	s.mu.Unlock()
	if n > 400 {
		t.Errorf("%d clients remembered, want the recent ones only", n)
	}
}

// Cheap requests take the fast lane first, a free general slot next, and
// wait only when both are taken; a heavy request never takes the fast lane.
func TestSchedulerFastLane(t *testing.T) {
	s := testScheduler(1, 1, 1, 10)
	mustAcquire(t, s, "A", false, laneGeneral)
	heavy := pending(t, s, context.Background(), "B", false)
	mustAcquire(t, s, "B", true, laneFast) // while B's heavy request waits
	cheap := pending(t, s, context.Background(), "C", true)
	s.release("B", laneFast)
	if l := <-cheap.got; l != laneFast {
		t.Fatalf("cheap request got %v", l)
	}
	expectNone(t, s, heavy)
	s.release("A", laneGeneral)
	if l := <-heavy.got; l != laneGeneral {
		t.Fatalf("heavy request got %v", l)
	}
}

// A full queue makes room for a client with fewer requests waiting by
// evicting the newest request of the client with the most; otherwise it
// refuses the newcomer.
func TestSchedulerEviction(t *testing.T) {
	s := testScheduler(2, 2, 0, 3)
	mustAcquire(t, s, "A", false, laneGeneral)
	mustAcquire(t, s, "A", false, laneGeneral)
	a1 := pending(t, s, context.Background(), "A", false)
	a2 := pending(t, s, context.Background(), "A", false)
	a3 := pending(t, s, context.Background(), "A", false)
	if _, err := s.acquire(context.Background(), "A", false, far); err != errBusy {
		t.Fatalf("A's fourth: %v, want busy", err)
	}
	b := pending(t, s, context.Background(), "B", false)
	if _, ok := <-a3.got; ok {
		t.Fatal("A's newest request was not evicted")
	}
	// Now A has 2 waiting, B 1: a second request of B is refused (B would
	// have as many as A).
	if _, err := s.acquire(context.Background(), "B", false, far); err != errBusy {
		t.Fatalf("B's second: %v, want busy", err)
	}
	// A slot frees: A holds one, B none, so B is served before a1.
	s.release("A", laneGeneral)
	if l := <-b.got; l != laneGeneral {
		t.Fatalf("b got %v", l)
	}
	expectNone(t, s, a1)
	// Another: A holds none, B one: A's requests in arrival order.
	s.release("A", laneGeneral)
	if l := <-a1.got; l != laneGeneral {
		t.Fatalf("a1 got %v", l)
	}
	expectNone(t, s, a2)
	s.release("B", laneGeneral)
	if l := <-a2.got; l != laneGeneral {
		t.Fatalf("a2 got %v", l)
	}
}

// A request that gives up (deadline, canceled context) leaves the queue; if
// it was granted a slot at that moment, the slot is passed on.
func TestSchedulerGiveUp(t *testing.T) {
	s := testScheduler(1, 1, 0, 10)
	s.fast = 0
	mustAcquire(t, s, "A", false, laneGeneral)
	if _, err := s.acquire(context.Background(), "B", false, time.Now().Add(5*time.Millisecond)); err != errBusy {
		t.Fatalf("timed out: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	gone := pending(t, s, ctx, "B", false)
	cancel()
	if _, ok := <-gone.got; ok {
		t.Fatal("canceled request was granted")
	}
	if _, _, w := s.stats(); w != 0 {
		t.Fatalf("%d waiting after cancel", w)
	}
	s.release("A", laneGeneral)
	if g, _, _ := s.stats(); g != 0 {
		t.Fatalf("%d general slots held, want 0", g)
	}
}

// Many goroutines acquiring and releasing at random: the slots held never
// exceed the limits (heavy requests per client too), and everything is
// handed back.
func TestSchedulerConcurrent(t *testing.T) {
	const slots, perClient, fast = 3, 2, 1
	s := testScheduler(slots, perClient, fast, 1000)
	var mu sync.Mutex
	heavy := map[string]int{}
	var generalHeld, fastHeld int
	var wg sync.WaitGroup
	for g := range 40 {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(g), 7))
			for range 50 {
				client := []string{"A", "B", "C"}[r.IntN(3)]
				cheap := r.IntN(3) == 0
				ctx, cancel := context.WithTimeout(context.Background(), time.Duration(r.IntN(3))*time.Millisecond)
				l, err := s.acquire(ctx, client, cheap, far)
				cancel()
				if err != nil {
					continue
				}
				mu.Lock()
				if l == laneFast {
					fastHeld++
				} else {
					generalHeld++
					if l == laneGeneral {
						heavy[client]++
					}
				}
				if (l == laneGeneral) == cheap {
					t.Errorf("cheap %v request got lane %v", cheap, l)
				}
				if generalHeld > slots || fastHeld > fast || heavy[client] > perClient {
					t.Errorf("%d general, %d fast slots held, %d heavy by %s", generalHeld, fastHeld, heavy[client], client)
				}
				mu.Unlock()
				time.Sleep(time.Duration(r.IntN(200)) * time.Microsecond)
				mu.Lock()
				if l == laneFast {
					fastHeld--
				} else {
					generalHeld--
					if l == laneGeneral {
						heavy[client]--
					}
				}
				mu.Unlock()
				s.release(client, l)
			}
		})
	}
	wg.Wait()
	if g, f, w := s.stats(); g != 0 || f != 0 || w != 0 {
		t.Errorf("after the run: %d general, %d fast held, %d waiting", g, f, w)
	}
}

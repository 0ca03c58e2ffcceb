package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/jsonout"
	"github.com/grundy/grundy/internal/memguard"
)

// A request to the API goes through these steps, each bounded:
//
//  1. method check (GET, HEAD, POST; 405 otherwise) and the form, read under
//     MaxBodyBytes (413) and parsed (400 when malformed);
//  2. for a route that computes, a slot from the scheduler (sched.go), in a
//     queue bounded in length (MaxQueue) and time (QueueWait; 503);
//  3. the handler, under the deadline (Timeout, or FastTimeout in the fast
//     lane), the request's context (a client that disconnects cancels it)
//     and the memory governor (MemoryLimit);
//  4. the answer encoded into a buffer of at most MaxResponseBytes (422
//     past it), still in the slot, which is then released;
//  5. the status and the buffer written outside any slot (outbox.go): each
//     64 KiB under a write deadline (SendTimeout), the bytes waiting for one
//     client bounded by MaxPendingPerClient (429) and for all by
//     MaxPendingBytes (503), so a client that does not read holds no slot
//     and a bounded amount of memory for a bounded time.

// api wraps an endpoint in the steps above.
func (s *Server) api(rt route) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Type", "application/json; charset=utf-8")
		hd.Set("Cache-Control", "no-store")
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodPost:
		default:
			hd.Set("Allow", "GET, HEAD, POST")
			s.writeError(w, r, &httpError{http.StatusMethodNotAllowed, fmt.Sprintf("method %s not allowed (use GET or POST)", r.Method)})
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxBodyBytes)
		if err := r.ParseForm(); err != nil {
			s.writeError(w, r, formError(err))
			return
		}
		if !rt.compute {
			v, err := rt.handle(r)
			s.send(w, r, s.encodeAnswer(rt, v, err))
			return
		}
		s.compute(w, r, rt)
	})
}

// formError is the error of a query or form that does not parse: 413 for a
// body over the limit, 400 for the rest (a bad %-escape, a semicolon
// separator).
func formError(err error) error {
	var mb *http.MaxBytesError
	if errors.As(err, &mb) {
		return err
	}
	return badRequest("malformed query or form: %v (encode parameters as application/x-www-form-urlencoded: name=value pairs joined by &, with %%XX escapes)", err)
}

// errFastSlice is the cause of a fast-lane computation stopped after
// FastTimeout: it goes back to the queue as a heavy request.
var errFastSlice = errors.New("web: fast-lane time slice over")

// compute runs a computing route: a slot, the handler, the answer encoded,
// the slot released, the answer sent. A request that looks cheap and gets a
// fast-lane slot but outlasts FastTimeout there, or whose answer's JSON
// passes cheapAnswer, is queued again for a general slot with the rest of
// its Timeout.
func (s *Server) compute(w http.ResponseWriter, r *http.Request, rt route) {
	client := clientOf(r)
	if err := s.outbox.admit(client); err != nil {
		s.writeError(w, r, err) // its earlier answers are still unread
		return
	}
	cheap := s.looksCheap(rt.name, r)
	queueDeadline := time.Now().Add(s.cfg.QueueWait)
	left := s.cfg.Timeout
	for {
		l, err := s.sched.acquire(r.Context(), client, cheap, queueDeadline)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		release := func() { s.sched.release(client, l) }
		if err := s.outbox.admit(client); err != nil {
			// Its answers filled up while it waited in the queue.
			release()
			s.writeError(w, r, err)
			return
		}
		if l == laneGeneral {
			if err := s.admitMemory(r.Context(), queueDeadline); err != nil {
				release()
				s.writeError(w, r, err)
				return
			}
		}
		limit := left
		if l == laneFast {
			limit = min(left, s.cfg.FastTimeout)
		}
		start := time.Now()
		v, err, detached := s.run(r, rt, l, limit, left, release)
		if detached {
			s.writeError(w, r, err) // the handler holds the slot until it returns
			return
		}
		if errors.Is(err, errFastSlice) || l == laneFast && err == nil && jsonSize(v, cheapAnswer) > cheapAnswer {
			s.promoted.Add(1)
			release()
			left -= time.Since(start)
			cheap = false
			continue
		}
		a := s.encodeAnswer(rt, v, err)
		release()
		s.send(w, r, a)
		return
	}
}

// admitMemory waits, until the queue deadline, while the heap is over the
// memory limit or a computation the governor stopped is still running: a
// heavy computation started then would be stopped (or get another one
// stopped) for memory it did not take. Cheap requests are not held: they
// are small (and in the fast lane short), and are not stopped for others'
// memory (they are watched as light).
func (s *Server) admitMemory(ctx context.Context, deadline time.Time) error {
	ctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	if err := s.guard.Admit(ctx); err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return errMemoryBusy
		}
		return err
	}
	return nil
}

// errMemoryBusy is the answer when the heap stayed over the memory limit
// for the whole wait in the queue.
var errMemoryBusy = &httpError{http.StatusServiceUnavailable, "server busy: its memory is over the limit while other computations finish; retry in a moment"}

// stopGrace is how long past its deadline a computation may take to stop
// before it is answered 504 anyway (issue 45: a request past its deadline
// stops within about 50 ms). The engines poll their context by a count of
// work well under a millisecond of it; one that does not is logged, and
// keeps its slot until it returns.
const stopGrace = 50 * time.Millisecond

// run calls the handler under a deadline limit from now, the request's
// context and the memory governor (a cheap request watched as light: of
// several that grew the heap alike, it is stopped last). If
// limit < left (the time the request has left), the deadline is a
// fast-lane slice: reaching it returns errFastSlice. A handler that does
// not return within stopGrace after left (an engine loop that does not
// check its context) is left running: run answers 504 with detached set,
// and release is called when the handler returns, so its slot stays taken
// while it works (the scheduler charges its client for that time).
func (s *Server) run(r *http.Request, rt route, l lane, limit, left time.Duration, release func()) (v any, err error, detached bool) {
	var cause error = &deadlineError{s.cfg.Timeout}
	if limit < left {
		cause = errFastSlice
	}
	ctx, cancelTimeout := context.WithTimeoutCause(r.Context(), limit, cause)
	watch := s.guard.Watch
	if l != laneGeneral {
		watch = s.guard.WatchLight
	}
	ctx, cancelWatch := watch(ctx)
	cancel := func() { cancelWatch(); cancelTimeout() }
	done := make(chan result, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				log.Printf("web: panic in /api/%s: %v\n%s", rt.name, p, debug.Stack())
				done <- result{err: fmt.Errorf("internal error in /api/%s: %v", rt.name, p)}
			}
		}()
		v, err := rt.handle(r.WithContext(ctx))
		done <- result{v, err}
	}()
	deadline := time.Now().Add(left)
	t := time.NewTimer(left + stopGrace)
	defer t.Stop()
	var res result
	select {
	case res = <-done:
	case <-t.C:
		// A result that came at the same moment is taken (select picks
		// at random among ready cases).
		select {
		case res = <-done:
		default:
			return s.detach(requestName(rt, r), deadline, done, cancel, release)
		}
	}
	// An answer that came back without an error after the fast-lane
	// slice ran out may be partial (a list of moves "stopped early:
	// time budget exhausted"): it depends on the machine's load, so
	// it is computed again in a general slot, like one that failed.
	sliceOver := res.err == nil && ctx.Err() != nil && errors.Is(context.Cause(ctx), errFastSlice)
	// One the memory governor stopped is answered as stopped, not with
	// the part it had (a list "stopped early"): whether the heap was
	// over the limit depends on the server's load.
	memStop := res.err == nil && ctx.Err() != nil && memguard.Cause(ctx, ctx.Err()) != ctx.Err()
	err = s.explain(ctx, res.err)
	cancel()
	switch {
	case sliceOver:
		return nil, errFastSlice, false
	case memStop:
		return nil, &memoryLimitError{limit: s.guard.Limit()}, false
	}
	return res.v, err, false
}

// detach answers 504 for a handler that did not stop within stopGrace of
// its deadline and leaves it running: when it returns (done), its context
// is released and then its slot, and how late it stopped is logged.
func (s *Server) detach(name string, deadline time.Time, done <-chan result, cancel, release func()) (any, error, bool) {
	s.overdue.Add(1)
	go func() {
		<-done
		late := time.Since(deadline)
		cancel()
		release()
		s.overdue.Add(-1)
		log.Printf("web: %s stopped %v after its deadline (its slot was held until then)", name, late.Round(time.Millisecond))
	}()
	log.Printf("web: %s did not stop within %v of its deadline; its slot stays taken until it does", name, stopGrace)
	return nil, &deadlineError{s.cfg.Timeout}, true
}

// requestName names a request in the log: its route and parameters,
// URL-encoded (no spaces) and cut at 120 bytes.
func requestName(rt route, r *http.Request) string {
	name := "/api/" + rt.name
	if q := r.Form.Encode(); q != "" {
		name += "?" + q
	}
	if len(name) > 120 {
		name = name[:120] + "…"
	}
	return name
}

// result is what a handler returned.
type result struct {
	v   any
	err error
}

// explain names the reason a computation stopped when its context did:
// the memory governor, the deadline, the fast-lane slice. Engines report
// any of these as a canceled search.
func (s *Server) explain(ctx context.Context, err error) error {
	if err == nil || ctx.Err() == nil || !stoppedByContext(err) {
		return err
	}
	// The governor's stop, whether the engine reports a canceled search
	// (Cause turns it into the governor's error) or the governor's error
	// itself (impartial.ContextError returns the context's cause).
	byGuard := memguard.Cause(ctx, ctx.Err()) != ctx.Err()
	if merr := memguard.Cause(ctx, err); merr != err || byGuard && merr == context.Cause(ctx) {
		return &memoryLimitError{limit: s.guard.Limit()}
	}
	switch c := context.Cause(ctx); {
	case errors.Is(c, errFastSlice):
		return errFastSlice
	case errors.As(c, new(*deadlineError)):
		return c
	}
	return err
}

// stoppedByContext reports whether err says a computation stopped because
// its context ended (and not, say, a bad position found just before).
func stoppedByContext(err error) bool {
	var be *impartial.BudgetError
	// A memory budget error may be the context's cause (the governor's),
	// which the engines now report as such (impartial.ContextError).
	if errors.As(err, &be) && (be.Limit == impartial.LimitTime || be.Limit == impartial.LimitCanceled || be.Limit == impartial.LimitMemory) {
		return true
	}
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// deadlineError is the answer when a computation ran past Config.Timeout.
type deadlineError struct{ timeout time.Duration }

func (e *deadlineError) Error() string {
	return fmt.Sprintf("time budget exhausted: the computation ran past the server's %v per request (grundy serve --timeout); ask a smaller question", e.timeout)
}

func (e *deadlineError) HTTPStatus() int { return http.StatusGatewayTimeout }

// Unwrap makes a deadline error a context.DeadlineExceeded.
func (e *deadlineError) Unwrap() error { return context.DeadlineExceeded }

// memoryLimitError is the answer when the memory governor stopped the
// computation: the heap was over the limit and this computation had grown
// it most (memguard); computations that started into a full heap are not
// stopped for it, and heavy ones wait until it is under the limit.
type memoryLimitError struct{ limit int64 }

func (e *memoryLimitError) Error() string {
	return fmt.Sprintf("memory limit reached: the server's heap passed %s (grundy serve --memory-limit) and this computation had grown it the most, so it was stopped; ask a smaller question",
		impartial.FormatBytes(e.limit))
}

func (e *memoryLimitError) HTTPStatus() int { return http.StatusUnprocessableEntity }

// writeError sends err's status and message (docs/api.md).
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	s.send(w, r, errorAnswer(err))
}

// tooLargeError is the answer when the JSON of an answer would pass
// Config.MaxResponseBytes.
type tooLargeError struct {
	route string
	limit int64
}

func (e *tooLargeError) Error() string {
	hint := "ask a narrower question"
	switch e.route {
	case "moves":
		hint = "ask /api/solve for the value and the winning moves, or give fewer or smaller heaps"
	case "solve", "reply", "move", "info":
		hint = "give fewer or smaller heaps"
	case "values", "period":
		hint = "ask for a smaller to, or for the range in pieces"
	}
	return fmt.Sprintf("answer too large: its JSON is more than the %s the server sends per answer (web.Config.MaxResponseBytes); %s",
		impartial.FormatBytes(e.limit), hint)
}

func (e *tooLargeError) HTTPStatus() int { return http.StatusUnprocessableEntity }

// encode returns the JSON of v if it fits in MaxResponseBytes. A value whose
// JSON surely does not fit (jsonSize's lower bound) is refused before it is
// encoded, so encoding never builds more than a few times the limit.
func (s *Server) encode(rt route, v any) ([]byte, error) {
	limit := s.cfg.MaxResponseBytes
	if jsonSize(v, limit) > limit {
		return nil, &tooLargeError{rt.name, limit}
	}
	var b bytes.Buffer
	if err := jsonout.Write(&b, v); err != nil {
		return nil, fmt.Errorf("web: encoding the answer of /api/%s: %w", rt.name, err)
	}
	if int64(b.Len()) > limit {
		return nil, &tooLargeError{rt.name, limit}
	}
	return b.Bytes(), nil
}

// Requests that look cheap (see Config.FastLane): every field together at
// most cheapInput bytes, and for the sequence routes to ≤ cheapTo, for the
// bridge routes n ≤ cheapBridgeN; partizan/format always (a picture is
// written in time linear in its size, bounded). Position questions on short input are
// usually answered in microseconds; the ones that are not (a short spec
// with a huge heap) are found out by FastTimeout, and the ones whose answer
// is long (the moves of nim 80000: 3.7 MB) by cheapAnswer.
const (
	cheapInput   = 256
	cheapTo      = 10_000
	cheapBridgeN = 1_000
	// cheapAnswer bounds the JSON of an answer encoded in the fast lane: a
	// longer one is work for a general slot (encoding 3.7 MB took the fast
	// lane for 0.2 to 0.5 s, issue 27), where the request computes again.
	cheapAnswer = sendChunk
)

// looksCheap classifies a request of route name before it runs.
func (s *Server) looksCheap(name string, r *http.Request) bool {
	size := 0
	for k, vs := range r.Form {
		for _, v := range vs {
			size += len(k) + len(v) + 2
		}
	}
	if name == "partizan/format" {
		// a picture bounded by its ruleset (at most 1024 edges, under
		// 64 KiB of JSON), written in linear time
		return true
	}
	if size > cheapInput {
		return false
	}
	small := func(field string, bound int) bool {
		n, err := strconv.Atoi(strings.TrimSpace(r.Form.Get(field)))
		return err == nil && n <= bound
	}
	switch name {
	case "info", "solve", "moves", "move", "reply", "partizan/solve", "partizan/reply", "partizan/value":
		return true
	case "values", "period":
		return small("to", cheapTo)
	case "bridge/deal", "bridge/solve", "bridge/play":
		return small("n", cheapBridgeN)
	}
	return false
}

package octal

import (
	"sync/atomic"

	"github.com/grundy/grundy/impartial"
)

// emitter hands chunks of values to emit on a goroutine of its own, so
// that printing a chunk (formatting, the checksum, a checkpoint) overlaps
// computing the next one instead of leaving the cores idle meanwhile: at
// 2^24 values of Grundy's game, printing alone takes about half a second.
// emit is still called for one chunk at a time, in order; it runs at most
// one chunk behind the computation (two buffers), and a failed emit stops
// the run at the next chunk.
type emitter struct {
	emit   func([]impartial.Nimber) error
	cur    []impartial.Nimber
	todo   chan []impartial.Nimber // chunks to emit
	free   chan []impartial.Nimber // chunks emitted, to refill
	done   chan struct{}           // closed when the goroutine is over
	failed atomic.Bool             // err is set
	err    error                   // read by others after done only
	closed bool
}

func newEmitter(emit func([]impartial.Nimber) error, chunk int) *emitter {
	e := &emitter{
		emit: emit,
		cur:  make([]impartial.Nimber, 0, chunk),
		todo: make(chan []impartial.Nimber, 1),
		free: make(chan []impartial.Nimber, 2),
		done: make(chan struct{}),
	}
	e.free <- make([]impartial.Nimber, 0, chunk)
	go e.loop()
	return e
}

func (e *emitter) loop() {
	defer close(e.done)
	for b := range e.todo {
		if e.err == nil {
			if err := e.emit(b); err != nil {
				e.err = err
				e.failed.Store(true)
			}
		}
		e.free <- b[:0]
	}
}

// put adds a value; a full chunk goes to the goroutine. It returns the
// error of an earlier emit, once the goroutine is over.
func (e *emitter) put(v impartial.Nimber) error {
	e.cur = append(e.cur, v)
	if len(e.cur) < cap(e.cur) {
		return nil
	}
	if e.failed.Load() {
		return e.wait()
	}
	e.todo <- e.cur
	e.cur = <-e.free
	return nil
}

// flush emits the values put so far and waits until every chunk is
// emitted; nothing may be put after it. It returns the first emit error.
func (e *emitter) flush() error {
	if len(e.cur) > 0 && !e.failed.Load() && !e.closed {
		e.todo <- e.cur
		e.cur = nil
	}
	return e.wait()
}

// wait ends the goroutine once the chunks handed to it are emitted.
func (e *emitter) wait() error {
	if !e.closed {
		e.closed = true
		close(e.todo)
	}
	<-e.done
	return e.err
}

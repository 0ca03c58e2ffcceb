package web

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/jsonout"
)

// Sending an answer is not computing it: once an answer is encoded, its
// computation slot is released and the bytes are sent outside any slot, so
// a client that reads slowly, or never (issue 27: three connections with a
// 4 KiB receive buffer held every slot until the write timeout), holds no
// slot. What it can still hold is memory, the encoded answers waiting to be
// sent, and that is bounded here:
//
//   - each piece of sendChunk bytes must be taken by the client within
//     SendTimeout (http.ResponseController.SetWriteDeadline before every
//     piece), and the whole answer within WriteTimeout, so a client that
//     stops reading loses its connection and its answer's buffer within
//     SendTimeout, and one that reads a trickle within WriteTimeout;
//   - the bytes waiting to be sent to one client (one IP address) are at
//     most MaxPendingPerClient. A request of a client with answers waiting
//     is refused (429) before it computes, when it arrives and again when it
//     gets its slot, unless the longest answer (MaxResponseBytes) would
//     still fit beside them: so a client that does not read gets a couple of
//     answers computed per SendTimeout, not one a request. An answer that
//     would pass the bound all the same (requests admitted together) is
//     refused once encoded; the one answer of a client with nothing waiting
//     always goes;
//   - the bytes waiting for all clients together are at most
//     MaxPendingBytes, which refuses (503) only answers longer than
//     sendChunk, so short answers, the cheap questions among them, always
//     go out at once.

// sendChunk is the piece of an answer each write deadline covers.
const sendChunk = 64 << 10

// outbox counts the bytes of encoded answers waiting to be sent, per client
// and in all.
type outbox struct {
	perClient, total int64 // the limits
	longest          int64 // MaxResponseBytes

	mu      sync.Mutex
	pending map[string]int64
	all     int64
}

func newOutbox(cfg Config) *outbox {
	return &outbox{perClient: cfg.MaxPendingPerClient, total: cfg.MaxPendingBytes, longest: cfg.MaxResponseBytes, pending: make(map[string]int64)}
}

// admit refuses a request of client before it computes when the answers
// already waiting for it leave no room for the longest answer in its share.
func (o *outbox) admit(client string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if p := o.pending[client]; p > 0 && p+o.longest > o.perClient {
		return &pendingError{client: true, pending: p, limit: o.perClient, longest: o.longest}
	}
	return nil
}

// reserve counts n bytes about to be sent to client, or refuses them. The
// caller gives them back with done once they are sent (or the send failed).
func (o *outbox) reserve(client string, n int64) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	p := o.pending[client]
	if p > 0 && p+n > o.perClient {
		return &pendingError{client: true, pending: p, limit: o.perClient}
	}
	if n > sendChunk && o.all+n > o.total {
		return &pendingError{pending: o.all, limit: o.total}
	}
	o.pending[client] = p + n
	o.all += n
	return nil
}

// done gives back n bytes reserved for client.
func (o *outbox) done(client string, n int64) {
	if n == 0 {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.pending[client] -= n; o.pending[client] <= 0 {
		delete(o.pending, client)
	}
	o.all -= n
}

// pendingError refuses an answer because too many bytes already wait to be
// sent: to this client (429) or to all of them (503).
type pendingError struct {
	client         bool
	pending, limit int64
	longest        int64 // refused before computing: the longest answer would not fit
}

func (e *pendingError) Error() string {
	if e.client {
		more := ""
		if e.longest > 0 {
			more = fmt.Sprintf(", and another answer may take up to %s", impartial.FormatBytes(e.longest))
		}
		return fmt.Sprintf("too many answers waiting to be sent to your address: %s not yet read%s, of at most %s per client (web.Config.MaxPendingPerClient); read the answers you asked for before asking more",
			impartial.FormatBytes(e.pending), more, impartial.FormatBytes(e.limit))
	}
	return fmt.Sprintf("server busy: %s of answers waiting to be sent to slow clients, at most %s (web.Config.MaxPendingBytes); retry in a moment",
		impartial.FormatBytes(e.pending), impartial.FormatBytes(e.limit))
}

func (e *pendingError) HTTPStatus() int {
	if e.client {
		return http.StatusTooManyRequests
	}
	return http.StatusServiceUnavailable
}

// answer is an encoded answer: its status and JSON body.
type answer struct {
	status int
	body   []byte
}

// encodeAnswer turns a handler's result into the bytes to send: v's JSON
// (if it fits in MaxResponseBytes) or err's message.
func (s *Server) encodeAnswer(rt route, v any, err error) answer {
	if err == nil {
		var body []byte
		if body, err = s.encode(rt, v); err == nil {
			return answer{http.StatusOK, body}
		}
	}
	return errorAnswer(err)
}

// errorAnswer is err's status and its JSON body (docs/api.md).
func errorAnswer(err error) answer {
	status, msg := errorStatus(err)
	body := ErrorBody{Error: msg}
	var pe *paramError
	if errors.As(err, &pe) {
		body.Parameter, body.Index = pe.Param, pe.Index
	}
	var ue *useError
	if errors.As(err, &ue) {
		body.Use = ue.Use
	}
	var b bytes.Buffer
	jsonout.Write(&b, body)
	return answer{status, b.Bytes()}
}

// send writes a: the status once the whole body exists, then the body in
// pieces, each under a write deadline of SendTimeout, with its bytes counted
// in the outbox while they wait. No computation slot is held.
func (s *Server) send(w http.ResponseWriter, r *http.Request, a answer) {
	client := clientOf(r)
	n := int64(len(a.body))
	if err := s.outbox.reserve(client, n); err != nil {
		// The refusal is a line of text, sent (and not counted) instead.
		a, n = errorAnswer(err), 0
	}
	defer s.outbox.done(client, n)
	hd := w.Header()
	if a.status == http.StatusServiceUnavailable || a.status == http.StatusTooManyRequests {
		hd.Set("Retry-After", "1")
	}
	hd.Set("Content-Length", strconv.Itoa(len(a.body)))
	rc := http.NewResponseController(w)
	end := time.Now().Add(s.cfg.WriteTimeout)
	deadline := func() bool {
		d := time.Now().Add(s.cfg.SendTimeout)
		if d.After(end) {
			d = end
		}
		err := rc.SetWriteDeadline(d)
		return err == nil || errors.Is(err, http.ErrNotSupported)
	}
	if !deadline() {
		return
	}
	w.WriteHeader(a.status)
	if r.Method == http.MethodHead {
		return
	}
	for body := a.body; len(body) > 0; {
		k := min(len(body), sendChunk)
		if !deadline() {
			return
		}
		if _, err := w.Write(body[:k]); err != nil {
			return // the client is gone or too slow: its connection is closed
		}
		body = body[k:]
	}
	// The last piece may still sit in the connection's buffer: push it out
	// under the deadline too.
	if err := rc.Flush(); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return
	}
}

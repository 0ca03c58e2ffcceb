package rules

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/rules/internal/starmeter"
)

// Pos is a position of a rule file's game within one Session: an index into
// the session's table of the Starlark values it has met. Two positions are
// equal exactly when their Starlark values are equal.
type Pos = int32

// Session runs a rule file's functions for one computation, on its own
// Starlark thread and with its own table of positions. It is the engine game
// (impartial.Game[Pos], and impartial.Splitter[Pos] when the file defines
// components) given by Game. A Session is not safe for concurrent use: give
// each goroutine its own.
//
// A rule function that fails (a Starlark error, a limit exceeded, a result
// of the wrong kind) stops the session: Moves yields nothing any more, and
// the session's context is canceled with the error as its cause
// (context.Cause), so that a search in progress stops promptly and its
// caller learns why. The end of the computation's context (a deadline, the
// memory governor, an interrupt) ends the session's context too: with the
// error of the rule function it stopped, when one was running, so that the
// error names the file, line and call; else with the stop itself.
type Session struct {
	r      *Rules
	limits Limits
	thread *starlark.Thread
	parent context.Context // the computation's
	ctx    context.Context // ends with the session's failure as its cause
	cancel context.CancelCauseFunc
	// mu is held while a rule function runs and its failure is recorded:
	// watch, at the end of the computation's context, waits for the call
	// it stopped to record its own error first.
	mu sync.Mutex

	meter *starmeter.Meter
	vals  []starlark.Value
	ids   map[string]Pos
	small []Pos // ids of the ints 0..len(small)-1, or -1
	mem   int64 // bytes the position table holds (an estimate)
	err   error
	steps uint64 // the Starlark steps of the calls so far (Steps)
	// calls counts the starts and ends of rule calls: odd while a call
	// runs. The watchdog times a call by how long calls stays the same,
	// so that a call costs no clock reading.
	calls atomic.Uint64
	done  chan struct{}
}

// NewSession starts a session. Its context ends with ctx, or when a rule
// function fails, with the failure as its cause: pass Context() to the
// engine. Close the session when done.
func (r *Rules) NewSession(ctx context.Context, limits Limits) *Session {
	limits = limits.withDefaults()
	s := &Session{r: r, limits: limits, ids: make(map[string]Pos), done: make(chan struct{}), parent: ctx}
	s.ctx, s.cancel = context.WithCancelCause(context.WithoutCancel(ctx))
	s.meter = starmeter.NewMeter(ctx, starmeter.Limits(limits))
	s.thread = newThread(r.file, s.meter)
	go s.watch()
	return s
}

// watch cancels the Starlark thread when the context ends or a call runs
// past the wall-clock limit, if one was set (detected within a tick of it).
func (s *Session) watch() {
	var ticks <-chan time.Time
	if s.limits.CallTimeout > 0 {
		tick := time.NewTicker(max(min(s.limits.CallTimeout/4, 100*time.Millisecond), time.Millisecond))
		defer tick.Stop()
		ticks = tick.C
	}
	var last uint64
	var since time.Time
	for {
		select {
		case <-s.done:
			return
		case <-s.parent.Done():
			s.thread.Cancel(s.parent.Err().Error())
			s.mu.Lock()
			if s.err == nil {
				s.cancel(impartial.ContextError(s.parent))
			}
			s.mu.Unlock()
			return
		case now := <-ticks:
			switch c := s.calls.Load(); {
			case c != last:
				last, since = c, now
			case c%2 == 1 && now.Sub(since) > s.limits.CallTimeout:
				s.meter.TimeOut()
				s.thread.Cancel(fmt.Sprintf("a call ran longer than the wall-clock limit of %s; the limit is Limits.CallTimeout", s.limits.CallTimeout))
			}
		}
	}
}

// Close stops the session.
func (s *Session) Close() {
	select {
	case <-s.done:
	default:
		close(s.done)
	}
	s.cancel(nil)
}

// Context returns the session's context: it ends with the one given to
// NewSession, or when a rule function fails, with the failure as its
// cause.
func (s *Session) Context() context.Context { return s.ctx }

// Steps returns the Starlark steps all the session's calls of rule
// functions have taken together (Limits.MaxSteps bounds each call's): a
// count of their work, the same on any machine, that a caller may bound.
func (s *Session) Steps() uint64 { return s.steps }

// Err returns the error that stopped the session, or nil.
func (s *Session) Err() error { return s.err }

// Rules returns the session's rule file.
func (s *Session) Rules() *Rules { return s.r }

// Len returns the number of positions the session has met.
func (s *Session) Len() int { return len(s.vals) }

// Value returns the Starlark value of p.
func (s *Session) Value(p Pos) starlark.Value { return s.vals[p] }

func (s *Session) fail(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failLocked(err)
}

func (s *Session) failLocked(err error) {
	if s.err == nil {
		s.err = err
		s.cancel(err)
	}
}

// call runs one rule function under the limits; an error stops the session.
func (s *Session) call(fn starlark.Callable, name string, arg starlark.Value) (starlark.Value, error) {
	return s.runRecorded(fn, name, arg, func(error) bool { return true })
}

// runRecorded runs one rule function under the limits and, with the
// session's lock held, records its error as the session's failure when
// fails says it is one.
func (s *Session) runRecorded(fn starlark.Callable, name string, arg starlark.Value, fails func(error) bool) (starlark.Value, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, err := s.run(fn, name, arg)
	if err != nil && fails(err) {
		s.failLocked(err)
	}
	return v, err
}

// run runs one rule function under the limits.
func (s *Session) run(fn starlark.Callable, name string, arg starlark.Value) (starlark.Value, error) {
	if s.err != nil {
		return nil, s.err
	}
	s.meter.Start(s.thread)
	s.calls.Add(1)
	v, err := starlark.Call(s.thread, fn, starlark.Tuple{arg}, nil)
	s.calls.Add(1)
	s.steps += s.thread.Steps
	if err == nil {
		return v, nil
	}
	if ee, ok := err.(*starlark.EvalError); ok {
		return nil, newRuleError(s.r.file, name, DefaultFormat(arg), ee, s.meter, s.parent)
	}
	return nil, &RuleError{File: s.r.file, Func: name, Arg: DefaultFormat(arg), Msg: clip(err.Error(), 1000)}
}

func (s *Session) resultError(name string, arg starlark.Value, msg string) error {
	err := &RuleError{File: s.r.file, Func: name, Arg: DefaultFormat(arg), Msg: msg}
	if fn, ok := s.fnOf(name).(*starlark.Function); ok {
		err.Line, err.Col = fn.Position().Line, fn.Position().Col
	}
	s.fail(err)
	return err
}

func (s *Session) fnOf(name string) starlark.Callable {
	switch name {
	case "moves":
		return s.r.moves
	case "left_moves":
		return s.r.leftMoves
	case "right_moves":
		return s.r.rightMoves
	case "components":
		return s.r.components
	case "parse":
		return s.r.parse
	case "format":
		return s.r.format
	}
	return nil
}

// maxDepth bounds the nesting of tuples in a position.
const maxDepth = 32

// MaxPositionBytes bounds the text of a position (its default form, which
// is also its key in the session's table).
const MaxPositionBytes = 1 << 20

// checkPosition says what is wrong with v as a position, or "", and
// returns the length of its default form (at most MaxPositionBytes+1:
// the walk stops there, so that a tuple shared many times over cannot make
// it walk an exponential tree).
func checkPosition(v starlark.Value) (int, string) {
	size := 0
	var check func(v starlark.Value, depth int) string
	check = func(v starlark.Value, depth int) string {
		if size > MaxPositionBytes {
			return ""
		}
		switch v := v.(type) {
		case starlark.Int:
			size += starmeter.BitLen(v)*3/10 + 2
			return ""
		case starlark.String:
			size += 4*len(v) + 2
			return ""
		case starlark.Tuple:
			if depth >= maxDepth {
				return fmt.Sprintf("tuples nested more than %d deep", maxDepth)
			}
			size += 2 + 2*len(v)
			for _, e := range v {
				if msg := check(e, depth+1); msg != "" {
					return msg
				}
				if size > MaxPositionBytes {
					break
				}
			}
			return ""
		case *starlark.List:
			return fmt.Sprintf("%s is a list; a position is an int, a string or a tuple (lists are mutable: use a tuple)", starmeter.ShortRepr(v, 60))
		}
		return fmt.Sprintf("%s is a %s; a position is an int, a string or a tuple of these", starmeter.ShortRepr(v, 60), v.Type())
	}
	if msg := check(v, 0); msg != "" {
		return size, msg
	}
	if size > MaxPositionBytes {
		return size, fmt.Sprintf("a position whose text is longer than %d bytes", MaxPositionBytes)
	}
	return size, ""
}

// smallInts is how many small ints get a fast id lookup.
const smallInts = 1 << 16

// bytesPerPosition is the table's cost of a position besides its key and
// value: a slot of vals, the map entry and its share of the map's buckets.
const bytesPerPosition = 96

// Intern returns the position of a Starlark value, or an error saying why
// the value is not a position. The positions a session holds count against
// Limits.MaxMemory: past it, Intern fails the session with an
// *impartial.BudgetError.
func (s *Session) Intern(v starlark.Value) (Pos, error) {
	p, err := s.intern(v)
	var be *impartial.BudgetError
	if errors.As(err, &be) {
		s.fail(err)
	}
	return p, err
}

// intern is Intern without failing the session when the table of
// positions is full: the caller says which call met the position.
func (s *Session) intern(v starlark.Value) (Pos, error) {
	var size int
	if i, ok := v.(starlark.Int); ok {
		if n, ok := i.Int64(); ok && n >= 0 && n < smallInts {
			if int(n) < len(s.small) && s.small[n] >= 0 {
				return s.small[n], nil
			}
		}
	} else {
		var msg string
		if size, msg = checkPosition(v); msg != "" {
			return 0, errors.New(msg)
		}
	}
	key := v.String()
	if id, ok := s.ids[key]; ok {
		return id, nil
	}
	if s.err != nil {
		return 0, s.err
	}
	if len(s.vals) >= math.MaxInt32 {
		return 0, errors.New("too many positions")
	}
	s.mem += int64(bytesPerPosition + 2*len(key) + size)
	if s.mem > s.limits.MaxMemory {
		return 0, &impartial.BudgetError{Limit: impartial.LimitMemory, Max: s.limits.MaxMemory}
	}
	id := Pos(len(s.vals))
	v.Freeze()
	s.vals = append(s.vals, v)
	s.ids[key] = id
	if i, ok := v.(starlark.Int); ok {
		if n, ok := i.Int64(); ok && n >= 0 && n < smallInts {
			for int(n) >= len(s.small) {
				s.small = append(s.small, -1)
			}
			s.small[n] = id
		}
	}
	return id, nil
}

// MemoryEstimate returns the session's estimate, in bytes, of the memory
// its table of positions holds (the values, their keys, the index). A
// search's own memo tables come on top of it.
func (s *Session) MemoryEstimate() int64 { return s.mem + int64(cap(s.small))*4 }

// Moves yields the options of p: moves(position), each option interned.
// After an error it yields nothing (see Err).
func (s *Session) Moves(p Pos, yield func(Pos) bool) {
	if s.r.moves == nil {
		s.fail(&RuleError{File: s.r.file, Func: "moves", Msg: "the rule file is a partizan game (left_moves, right_moves), which has no moves(position) for an impartial engine"})
		return
	}
	v, err := s.call(s.r.moves, "moves", s.vals[p])
	if err != nil {
		return
	}
	s.each("moves", s.vals[p], v, yield)
}

// Options yields the options of p for one player of a partizan rule file
// (Rules.Partizan): left_moves(position) when left is set, else
// right_moves(position), each option interned. After an error it yields
// nothing (see Err).
func (s *Session) Options(p Pos, left bool, yield func(Pos) bool) {
	fn, name := s.r.rightMoves, "right_moves"
	if left {
		fn, name = s.r.leftMoves, "left_moves"
	}
	if fn == nil {
		s.fail(&RuleError{File: s.r.file, Func: name, Msg: "the rule file is not a partizan game (it defines moves, not left_moves and right_moves)"})
		return
	}
	v, err := s.call(fn, name, s.vals[p])
	if err != nil {
		return
	}
	s.each(name, s.vals[p], v, yield)
}

// each interns the positions of a list or tuple returned by a rule function
// and yields them.
func (s *Session) each(name string, arg, list starlark.Value, yield func(Pos) bool) {
	var it starlark.Iterator
	switch l := list.(type) {
	case *starlark.List, starlark.Tuple:
		it = l.(starlark.Iterable).Iterate()
	default:
		s.resultError(name, arg, fmt.Sprintf("returned %s, a %s; %s must return a list of positions", starmeter.ShortRepr(list, 60), list.Type(), name))
		return
	}
	defer it.Done()
	// In a heap game every atomic position is a heap size: the options
	// moves returns when there is no components function, and the
	// components otherwise. Checking here, where every position of the
	// engine passes, makes solve and values check positions alike.
	heaps := s.r.heap && (name == "components" || s.r.components == nil)
	var x starlark.Value
	for it.Next(&x) {
		if heaps {
			if n, ok := x.(starlark.Int); !ok || n.Sign() < 0 {
				s.resultError(name, arg, fmt.Sprintf("returned %s, which is not a heap size (an int ≥ 0), in a heap game (heap = True); define components(position) to split positions into heaps", starmeter.ShortRepr(x, 60)))
				return
			}
		}
		q, err := s.intern(x)
		if err != nil {
			var be *impartial.BudgetError
			if errors.As(err, &be) {
				// The table of positions is full: say which call met
				// the position it could not hold.
				re := &RuleError{File: s.r.file, Func: name, Arg: DefaultFormat(arg), limit: true, err: be,
					Msg: fmt.Sprintf("the %d positions met so far take more than the memory limit of %s", len(s.vals), impartial.FormatBytes(be.Max))}
				if fn, ok := s.fnOf(name).(*starlark.Function); ok {
					re.Line, re.Col = fn.Position().Line, fn.Position().Col
				}
				s.fail(re)
				return
			}
			s.resultError(name, arg, "returned a bad position: "+err.Error())
			return
		}
		if !yield(q) {
			return
		}
	}
}

// Components yields the components of p: components(position), or p itself
// when the file defines no components function.
func (s *Session) Components(p Pos, yield func(Pos) bool) {
	if s.r.components == nil {
		yield(p)
		return
	}
	v, err := s.call(s.r.components, "components", s.vals[p])
	if err != nil {
		return
	}
	s.each("components", s.vals[p], v, yield)
}

// Game returns the session as an engine game: an impartial.Splitter when
// the file defines components, an impartial.Game otherwise. Positions are
// dense small integers, so the game is an impartial.Indexer too.
func (s *Session) Game() impartial.Game[Pos] {
	if s.r.components != nil {
		return splitter{s}
	}
	return game{s}
}

type game struct{ s *Session }

// Loopiness maps the file's loopy setting onto the analysis path's.
func (s *Session) Loopiness() impartial.Loopiness {
	switch s.r.loopy {
	case LoopyYes:
		return impartial.Loopy
	case LoopyNo:
		return impartial.Acyclic
	}
	return impartial.MayLoop
}

func (g game) Loopiness() impartial.Loopiness     { return g.s.Loopiness() }
func (g splitter) Loopiness() impartial.Loopiness { return g.s.Loopiness() }

func (g game) Moves(p Pos, yield func(Pos) bool) { g.s.Moves(p, yield) }
func (g game) Index(p Pos) (int, bool)           { return int(p), true }
func (g game) IndexLimit() int                   { return math.MaxInt32 }

type splitter struct{ s *Session }

func (g splitter) Moves(p Pos, yield func(Pos) bool)      { g.s.Moves(p, yield) }
func (g splitter) Components(p Pos, yield func(Pos) bool) { g.s.Components(p, yield) }
func (g splitter) Index(p Pos) (int, bool)                { return int(p), true }
func (g splitter) IndexLimit() int                        { return math.MaxInt32 }

// SplitAll returns the components of p as a list (p alone without a
// components function).
func (s *Session) SplitAll(p Pos) ([]Pos, error) {
	var out []Pos
	s.Components(p, func(c Pos) bool {
		out = append(out, c)
		return true
	})
	return out, s.err
}

// Format writes p: format(position) when the file defines it, otherwise
// DefaultFormat.
func (s *Session) Format(p Pos) string {
	if s.r.format == nil {
		return DefaultFormat(s.vals[p])
	}
	v, err := s.call(s.r.format, "format", s.vals[p])
	if err != nil {
		return DefaultFormat(s.vals[p])
	}
	str, ok := starlark.AsString(v)
	if !ok {
		s.resultError("format", s.vals[p], fmt.Sprintf("returned %s, a %s; format must return a string", starmeter.ShortRepr(v, 60), v.Type()))
		return DefaultFormat(s.vals[p])
	}
	return str
}

// Parse reads one position (a summand, without "+") with parse(text) when
// the file defines it, otherwise with ParseDefault. A parse function that
// fails (with fail("…"), say) or returns something that is not a position
// gives a *ParseError; other errors (limits) stop the session.
func (s *Session) Parse(text string) (Pos, error) {
	if s.r.parse == nil {
		v, off, err := ParseDefault(text)
		if err != nil {
			return 0, &ParseError{Offset: off, Msg: err.Error()}
		}
		return s.Intern(v)
	}
	arg := starlark.String(text)
	rejected := func(err error) bool {
		// parse rejected the text: a position error, not a rule failure.
		var re *RuleError
		return errors.As(err, &re) && !re.limit
	}
	v, err := s.runRecorded(s.r.parse, "parse", arg, func(err error) bool { return !rejected(err) })
	if err != nil {
		var re *RuleError
		if rejected(err) && errors.As(err, &re) {
			return 0, &ParseError{Offset: -1, Msg: strings.TrimPrefix(re.Msg, "fail: ")}
		}
		return 0, err
	}
	p, err := s.Intern(v)
	if err != nil {
		return 0, &ParseError{Offset: -1, Msg: "parse returned a bad position: " + err.Error()}
	}
	return p, nil
}

// ParseError reports text that is not a position.
type ParseError struct {
	Offset int // byte offset in the text, or -1
	Msg    string
}

func (e *ParseError) Error() string { return e.Msg }

var keywords = map[string]bool{
	"and": true, "break": true, "continue": true, "def": true, "elif": true, "else": true, "for": true,
	"if": true, "in": true, "lambda": true, "load": true, "not": true, "or": true, "pass": true,
	"return": true, "while": true,
}

// bareWord reports whether s can be written without quotes: an identifier
// that is not a keyword.
func bareWord(s string) bool {
	if s == "" || keywords[s] {
		return false
	}
	for i, c := range s {
		switch {
		case c == '_', 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case i > 0 && '0' <= c && c <= '9':
		default:
			return false
		}
	}
	return true
}

// DefaultFormat writes a position as ParseDefault reads it: ints in decimal,
// strings bare when they are identifiers (a, node_3) and quoted otherwise,
// tuples in parentheses.
func DefaultFormat(v starlark.Value) string {
	var b strings.Builder
	formatTo(&b, v)
	return b.String()
}

func formatTo(b *strings.Builder, v starlark.Value) {
	switch v := v.(type) {
	case starlark.String:
		if bareWord(string(v)) {
			b.WriteString(string(v))
		} else {
			b.WriteString(v.String())
		}
	case starlark.Tuple:
		b.WriteByte('(')
		for i, e := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			formatTo(b, e)
		}
		if len(v) == 1 {
			b.WriteByte(',')
		}
		b.WriteByte(')')
	default:
		b.WriteString(v.String())
	}
}

// ParseDefault reads a position written as DefaultFormat writes it: an int
// (possibly negative), a bare word or quoted string, or a tuple of these in
// parentheses. On error it returns the byte offset of the problem.
func ParseDefault(text string) (starlark.Value, int, error) {
	if strings.TrimSpace(text) == "" {
		return nil, -1, errors.New("empty position")
	}
	expr, err := syntax.ParseExpr("position", text, 0)
	if err != nil {
		var se syntax.Error
		if errors.As(err, &se) {
			return nil, offsetOf(text, se.Pos), errors.New(se.Msg)
		}
		return nil, -1, err
	}
	v, bad, msg := literal(expr, 0)
	if bad != nil {
		start, _ := bad.Span()
		return nil, offsetOf(text, start), errors.New(msg)
	}
	return v, -1, nil
}

// offsetOf converts a 1-based line and column into a byte offset of text.
func offsetOf(text string, p syntax.Position) int {
	off := 0
	for line := int32(1); line < p.Line; line++ {
		i := strings.IndexByte(text[off:], '\n')
		if i < 0 {
			return -1
		}
		off += i + 1
	}
	off += int(p.Col) - 1
	if off < 0 || off > len(text) {
		return -1
	}
	return off
}

func literal(e syntax.Expr, depth int) (starlark.Value, syntax.Node, string) {
	if depth >= maxDepth {
		return nil, e, fmt.Sprintf("tuples nested more than %d deep", maxDepth)
	}
	switch e := e.(type) {
	case *syntax.Ident:
		return starlark.String(e.Name), nil, ""
	case *syntax.Literal:
		switch e.Token {
		case syntax.INT:
			if n, ok := e.Value.(int64); ok {
				return starlark.MakeInt64(n), nil, ""
			}
			return starlark.MakeBigInt(e.Value.(*big.Int)), nil, ""
		case syntax.STRING:
			return starlark.String(e.Value.(string)), nil, ""
		}
		return nil, e, fmt.Sprintf("%s is not a position: a position is an int, a string or a tuple", e.Raw)
	case *syntax.ParenExpr:
		return literal(e.X, depth)
	case *syntax.TupleExpr:
		t := make(starlark.Tuple, len(e.List))
		for i, x := range e.List {
			v, bad, msg := literal(x, depth+1)
			if bad != nil {
				return nil, bad, msg
			}
			t[i] = v
		}
		return t, nil, ""
	case *syntax.UnaryExpr:
		if lit, ok := e.X.(*syntax.Literal); ok && e.Op == syntax.MINUS && lit.Token == syntax.INT {
			v, _, _ := literal(lit, depth)
			neg, err := starlark.Binary(syntax.MINUS, starlark.MakeInt(0), v)
			if err == nil {
				return neg, nil, ""
			}
		}
	}
	return nil, e, "not a position: write an int, a word, a quoted string or a tuple such as (1, 2)"
}

// HeapOf returns the position of a single heap of size n in the session
// whose engine game g is (Session.Game), for heap games (heap = True): what
// the catalog's nim-sequence and misère quotients read.
func HeapOf(g impartial.Game[Pos], n int) (Pos, error) {
	switch g := g.(type) {
	case game:
		return g.s.Heap(n)
	case splitter:
		return g.s.Heap(n)
	}
	return 0, fmt.Errorf("not a rule file's game: %T", g)
}

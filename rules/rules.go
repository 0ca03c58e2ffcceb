package rules

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/rules/internal/starmeter"
)

// Limits bound the Starlark code of a rule file.
type Limits struct {
	// MaxSteps bounds the Starlark steps (roughly, bytecode instructions) of
	// one call of a rule function, and of loading the file. 0 means
	// DefaultMaxSteps.
	MaxSteps uint64
	// CallTimeout, if positive, bounds the wall-clock time of one call of a
	// rule function, and of loading the file: a time budget the caller sets
	// explicitly. 0 means none: MaxSteps and MaxMemory bound the work of a
	// call, so the same rule file gives the same answer on any machine
	// however loaded. The context of a session (or of Load) bounds the
	// computation as a whole.
	CallTimeout time.Duration
	// MaxMemory bounds, in bytes, what one call of a rule function (or the
	// top level of the file) may allocate, counted as the sandbox counts
	// (see the package documentation: every operation that allocates is
	// charged before it allocates, and every step is charged 64 bytes);
	// and, separately, the positions a session holds. 0 means
	// DefaultMaxMemory.
	MaxMemory int64
}

// Default limits: ample for any sensible rule (a call that lists the moves
// of a position takes thousands of steps and kilobytes, not millions),
// small enough that an endless loop stops within a second or so. They are
// work, not time: no default limit is a clock.
const (
	DefaultMaxSteps  = 10_000_000
	DefaultMaxMemory = 1 << 30
	// MaxFileSize is the largest rule file Load accepts.
	MaxFileSize = 1 << 20
)

func (l Limits) withDefaults() Limits {
	if l.MaxSteps == 0 {
		l.MaxSteps = DefaultMaxSteps
	}
	if l.MaxMemory <= 0 {
		l.MaxMemory = DefaultMaxMemory
	}
	return l
}

// Rules is a loaded rule file: its frozen globals and the functions it
// defines. It is safe for concurrent use; every computation runs in its own
// Session.
type Rules struct {
	file    string
	globals starlark.StringDict

	moves, components, parse, format starlark.Callable
	// leftMoves and rightMoves are a partizan rule file's (both or neither)
	leftMoves, rightMoves starlark.Callable

	heap  bool
	loopy Loopiness

	name, rule, example string
	left, right         string // a partizan file's players, in words

	defined map[string]syntax.Position // where each global is first bound

	hash string // Hash
}

// Version is the version of what a rule file means to grundy: raised when
// a change of this package (or of go.starlark.net) can make the same file
// define other moves, so that results saved under the old meaning (a
// checkpoint of its values or its misère quotient) are refused rather
// than continued under the new one.
const Version = 1

// Hash returns the SHA-256 of the rule file's source as loaded,
// "sha256:<64 hex digits>". The source is the whole of the game (a rule
// file loads no other file: load() is refused), so with Version it
// identifies the game a checkpoint was computed for.
func (r *Rules) Hash() string { return r.hash }

// Loopiness is what a rule file declares about cycles.
type Loopiness int8

const (
	// LoopyAuto: the file does not say. The game is solved as acyclic,
	// and analyzed as loopy when a cycle turns up.
	LoopyAuto Loopiness = iota
	// LoopyYes: `loopy = True`. The game is always analyzed as loopy
	// (which also gives remoteness and drawing moves).
	LoopyYes
	// LoopyNo: `loopy = False`. A cycle is an error.
	LoopyNo
)

// File returns the rule file's name as given to Load.
func (r *Rules) File() string { return r.file }

// Heap reports whether the file declares `heap = True`: positions are heap
// sizes (non-negative ints) and a position is written as heap sizes.
func (r *Rules) Heap() bool { return r.heap }

// Loopy returns what the file declares about cycles.
func (r *Rules) Loopy() Loopiness { return r.loopy }

// Partizan reports whether the file is a partizan game: it defines
// left_moves(position) and right_moves(position), the options of each
// player, instead of moves(position). Such a file is played by the
// partizan solver (Session.Options), not by the impartial engine.
func (r *Rules) Partizan() bool { return r.leftMoves != nil }

// HasComponents reports whether the file defines components(position).
func (r *Rules) HasComponents() bool { return r.components != nil }

// HasParse reports whether the file defines parse(text).
func (r *Rules) HasParse() bool { return r.parse != nil }

// Name, Rule and Example return the file's optional `name`, `rule` and
// `example` strings ("" when not set).
func (r *Rules) Name() string    { return r.name }
func (r *Rules) Rule() string    { return r.rule }
func (r *Rules) Example() string { return r.example }

// Left and Right return a partizan file's optional `left` and `right`
// strings, who the players are in words ("vertical dominoes").
func (r *Rules) Left() string  { return r.left }
func (r *Rules) Right() string { return r.right }

// LoadError reports a rule file that does not load: a syntax error, an
// undefined name, an error while running its top level (a limit included),
// or a missing or ill-typed definition. Error() starts with file:line:col
// when the problem has a place in the file. A limit (the computation's
// context, Limits.MaxMemory, Limits.MaxSteps) unwraps to an
// *impartial.BudgetError.
type LoadError struct {
	File string
	Line int32 // 0 when the problem has no place in the file
	Col  int32
	Msg  string

	err   error // the budget error, if a budget stopped the top level
	steps bool  // the step limit stopped it
}

// StepLimit reports whether the step limit (Limits.MaxSteps) stopped the
// file's top level.
func (e *LoadError) StepLimit() bool { return e.steps }

func (e *LoadError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

func (e *LoadError) Unwrap() error { return e.err }

// fileOptions allow while loops (the step limit stops endless ones) and
// top-level control flow, and keep Starlark's ban on recursion, so that
// runaway recursion is an immediate error rather than a deep Go stack.
var fileOptions = syntax.FileOptions{While: true, TopLevelControl: true, Set: true}

// newThread returns a thread for a rule file's code: load() refused,
// print() discarded (the sandbox's print does not even build its text),
// and m installed as its meter.
func newThread(name string, m *starmeter.Meter) *starlark.Thread {
	th := &starlark.Thread{
		Name:  name,
		Print: func(*starlark.Thread, string) {},
		Load: func(_ *starlark.Thread, module string) (starlark.StringDict, error) {
			return nil, fmt.Errorf("load(%q): rule files cannot load other files", module)
		},
	}
	m.Install(th)
	return th
}

// Load loads a rule file from its source text. Its top level runs in the
// sandbox under the limits, and stops when ctx ends (a deadline, a
// cancellation); load() statements are refused and print() output is
// discarded.
func Load(ctx context.Context, filename string, src []byte, limits Limits) (*Rules, error) {
	limits = limits.withDefaults()
	if len(src) > MaxFileSize {
		return nil, &LoadError{File: filename, Msg: fmt.Sprintf("the rule file is larger than %d bytes", MaxFileSize)}
	}
	if line, col, ok := checkNesting(src); !ok {
		return nil, &LoadError{File: filename, Line: line, Col: col, Msg: fmt.Sprintf("brackets nested more than %d deep", maxNesting)}
	}
	f, err := fileOptions.Parse(filename, src, 0)
	if err != nil {
		return nil, loadError(filename, err, nil, ctx)
	}
	starmeter.Rewrite(f)
	prog, err := starlark.FileProgram(f, starmeter.Predeclared.Has)
	if err != nil {
		return nil, loadError(filename, err, nil, ctx)
	}
	m := starmeter.NewMeter(ctx, starmeter.Limits(limits))
	thread := newThread("load "+filename, m)
	m.Start(thread)
	if limits.CallTimeout > 0 {
		timer := time.AfterFunc(limits.CallTimeout, func() {
			m.TimeOut()
			thread.Cancel(fmt.Sprintf("loading ran longer than the wall-clock limit of %s; the limit is Limits.CallTimeout", limits.CallTimeout))
		})
		defer timer.Stop()
	}
	stop := context.AfterFunc(ctx, func() { thread.Cancel(ctx.Err().Error()) })
	globals, err := prog.Init(thread, starmeter.Predeclared)
	stop()
	if err != nil {
		return nil, loadError(filename, err, m, ctx)
	}
	sum := sha256.Sum256(src)
	r := &Rules{file: filename, globals: globals, defined: make(map[string]syntax.Position), hash: "sha256:" + hex.EncodeToString(sum[:])}
	for _, b := range f.Module.(*resolve.Module).Globals {
		if b.First != nil {
			r.defined[b.First.Name] = b.First.NamePos
		}
	}
	for name, v := range globals {
		if strings.HasPrefix(name, "$") { // the rewriter's temporaries
			delete(globals, name)
			continue
		}
		if err := starmeter.CheckDepth(v); err != nil {
			return nil, r.errorAt(name, fmt.Sprintf("the global %s holds %v", name, err))
		}
	}
	globals.Freeze()
	return r, r.bind()
}

// errorAt returns a LoadError at the first binding of the global name (or
// of the function name).
func (r *Rules) errorAt(name, msg string) *LoadError {
	e := &LoadError{File: r.file, Msg: msg}
	if fn, ok := r.globals[name].(*starlark.Function); ok {
		e.Line, e.Col = fn.Position().Line, fn.Position().Col
	} else if pos, ok := r.defined[name]; ok {
		e.Line, e.Col = pos.Line, pos.Col
	}
	return e
}

// maxNesting bounds how deeply brackets nest in a rule file: the parser,
// resolver, rewriter and compiler recurse on nested expressions.
const maxNesting = 1000

// checkNesting finds brackets nested more than maxNesting deep outside
// strings and comments, and returns their position.
func checkNesting(src []byte) (line, col int32, ok bool) {
	depth := 0
	line, col = 1, 0
	var quote byte
	triple := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		col++
		if c == '\n' {
			line, col = line+1, 0
		}
		switch {
		case quote != 0:
			switch {
			case c == '\\':
				i++
				col++
			case c == quote && !triple:
				quote = 0
			case c == quote && i+2 < len(src) && src[i+1] == quote && src[i+2] == quote:
				quote, triple = 0, false
				i += 2
				col += 2
			case c == '\n' && !triple:
				quote = 0 // an unterminated string: the parser reports it
			}
		case c == '#':
			for i+1 < len(src) && src[i+1] != '\n' {
				i++
			}
		case c == '"' || c == '\'':
			quote = c
			if i+2 < len(src) && src[i+1] == c && src[i+2] == c {
				triple = true
				i += 2
				col += 2
			}
		case c == '(' || c == '[' || c == '{':
			depth++
			if depth > maxNesting {
				return line, col, false
			}
		case c == ')' || c == ']' || c == '}':
			depth--
		}
	}
	return 0, 0, true
}

// loadError converts an error while loading to a LoadError.
func loadError(file string, err error, m *starmeter.Meter, ctx context.Context) *LoadError {
	var se syntax.Error
	var el resolve.ErrorList
	var ee *starlark.EvalError
	switch {
	case errors.As(err, &se):
		return &LoadError{File: file, Line: se.Pos.Line, Col: se.Pos.Col, Msg: se.Msg}
	case errors.As(err, &el) && len(el) > 0:
		msg := el[0].Msg
		if len(el) > 1 {
			msg += fmt.Sprintf(" (and %d more errors)", len(el)-1)
		}
		return &LoadError{File: file, Line: el[0].Pos.Line, Col: el[0].Pos.Col, Msg: msg}
	case errors.As(err, &ee):
		re := newRuleError(file, "the top level", "", ee, m, ctx)
		return &LoadError{File: file, Line: re.Line, Col: re.Col, Msg: re.detail(), err: re.err, steps: re.steps}
	}
	return &LoadError{File: file, Msg: err.Error()}
}

// bind checks the file's definitions.
func (r *Rules) bind() error {
	fail := func(name, msg string) error { return r.errorAt(name, msg) }
	fn := func(name string, params int, required bool) (starlark.Callable, error) {
		v, ok := r.globals[name]
		if !ok {
			if required {
				return nil, fail(name, fmt.Sprintf("the rule file defines no %s(position) function (it must define moves(position), returning a list of positions; or, for a partizan game, left_moves(position) and right_moves(position))", name))
			}
			return nil, nil
		}
		f, ok := v.(*starlark.Function)
		if !ok {
			return nil, fail(name, fmt.Sprintf("%s is a %s, not a function", name, v.Type()))
		}
		if f.NumParams() != params {
			return nil, fail(name, fmt.Sprintf("%s must take exactly %d parameter, not %d", name, params, f.NumParams()))
		}
		return f, nil
	}
	var err error
	if r.leftMoves, err = fn("left_moves", 1, false); err != nil {
		return err
	}
	if r.rightMoves, err = fn("right_moves", 1, false); err != nil {
		return err
	}
	switch {
	case r.leftMoves != nil && r.rightMoves == nil:
		return fail("left_moves", "the rule file defines left_moves(position) but no right_moves(position): a partizan game needs both")
	case r.rightMoves != nil && r.leftMoves == nil:
		return fail("right_moves", "the rule file defines right_moves(position) but no left_moves(position): a partizan game needs both")
	case r.leftMoves != nil:
		if _, ok := r.globals["moves"]; ok {
			return fail("moves", "a partizan rule file defines left_moves and right_moves, not moves")
		}
	default:
		if r.moves, err = fn("moves", 1, true); err != nil {
			return err
		}
	}
	if r.components, err = fn("components", 1, false); err != nil {
		return err
	}
	if r.parse, err = fn("parse", 1, false); err != nil {
		return err
	}
	if r.format, err = fn("format", 1, false); err != nil {
		return err
	}
	flag := func(name string) (bool, bool, error) {
		v, ok := r.globals[name]
		if !ok {
			return false, false, nil
		}
		b, isBool := v.(starlark.Bool)
		if !isBool {
			return false, false, r.errorAt(name, fmt.Sprintf("%s must be True or False, not a %s", name, v.Type()))
		}
		return bool(b), true, nil
	}
	if r.heap, _, err = flag("heap"); err != nil {
		return err
	}
	if r.heap && r.leftMoves != nil {
		return fail("heap", "a heap game (heap = True) is impartial; a partizan rule file (left_moves, right_moves) cannot set heap")
	}
	if r.heap && (r.parse != nil || r.format != nil) {
		name := "parse"
		if r.parse == nil {
			name = "format"
		}
		return fail(name, "a heap game (heap = True) writes positions as heap sizes; it cannot define parse or format")
	}
	loopy, set, err := flag("loopy")
	if err != nil {
		return err
	}
	if set && loopy && r.leftMoves != nil {
		return fail("loopy", "a partizan rule file is a short game, which ends: it cannot set loopy = True")
	}
	switch {
	case set && loopy:
		r.loopy = LoopyYes
	case set:
		r.loopy = LoopyNo
	}
	for _, s := range []struct {
		name string
		dst  *string
	}{{"name", &r.name}, {"rule", &r.rule}, {"example", &r.example}, {"left", &r.left}, {"right", &r.right}} {
		v, ok := r.globals[s.name]
		if !ok {
			continue
		}
		str, ok := starlark.AsString(v)
		if !ok {
			return r.errorAt(s.name, fmt.Sprintf("%s must be a string, not a %s", s.name, v.Type()))
		}
		*s.dst = strings.TrimSpace(str)
	}
	return nil
}

// RuleError reports an error in a rule function while it ran: a Starlark
// error (with its backtrace), a limit exceeded, or a result of the wrong kind.
// A limit (the computation's context, Limits.MaxMemory, the memory of the
// positions, Limits.MaxSteps: LimitSteps) unwraps to an
// *impartial.BudgetError.
type RuleError struct {
	File string
	// Line and Col locate the innermost frame of the rule file (0 if none).
	Line, Col int32
	// Func names the rule function called ("moves"), Arg its argument.
	Func, Arg string
	Msg       string
	// Backtrace lists the calls, outermost first, as "file:line:col in fn".
	Backtrace []string

	limit bool  // a limit stopped the call
	steps bool  // the step limit stopped it
	err   error // the budget error, if a budget stopped the call
}

// StepLimit reports whether the step limit (Limits.MaxSteps) stopped the
// call: a range longer than it, or more steps than it allows.
func (e *RuleError) StepLimit() bool { return e.steps }

func (e *RuleError) Unwrap() error { return e.err }

// Limited reports whether a limit stopped the call (steps, memory, time,
// the end of the computation) rather than an error of the rule file's own
// (fail(), a Starlark error, a result of the wrong kind).
func (e *RuleError) Limited() bool { return e.limit }

func (e *RuleError) detail() string {
	msg := e.Msg
	if len(e.Backtrace) > 1 {
		msg += " (backtrace: " + strings.Join(e.Backtrace, " → ") + ")"
	}
	return msg
}

func (e *RuleError) Error() string {
	call := e.Func
	if e.Arg != "" {
		call = fmt.Sprintf("%s(%s)", e.Func, clip(e.Arg, 100))
	}
	where := e.File
	if e.Line > 0 {
		where = fmt.Sprintf("%s:%d:%d", e.File, e.Line, e.Col)
	}
	return fmt.Sprintf("%s: in %s: %s", where, call, e.detail())
}

// clip shortens s to about n bytes for a message.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return fmt.Sprintf("%s… (%d bytes)", s[:n], len(s))
}

const cancelPrefix = "Starlark computation cancelled: "

// newRuleError converts a Starlark error in file. m is the meter of the
// call (nil if none), ctx the computation's context: a cancellation is a
// limit, and the limits of the computation unwrap to budget errors.
func newRuleError(file, fn, arg string, ee *starlark.EvalError, m *starmeter.Meter, ctx context.Context) *RuleError {
	e := &RuleError{File: file, Func: fn, Arg: arg, Msg: clip(ee.Msg, 1000)}
	var le *starmeter.LimitError
	reason, cancelled := strings.CutPrefix(ee.Msg, cancelPrefix)
	switch {
	case errors.As(ee, &le):
		e.limit = true
		e.steps = le.Steps
		e.err = budgetError(le.Limit, m, ctx)
	case cancelled && ctx != nil && ctx.Err() != nil && (m == nil || m.Limit() == "" && !m.Steps()):
		// The computation's context ended while the rule ran: its cause
		// says why (a deadline, the memory governor, an interrupt).
		e.limit, e.err = true, impartial.ContextError(ctx)
		e.Msg = "stopped: " + e.err.Error()
	case cancelled:
		e.limit, e.Msg = true, clip(reason, 1000)
		e.steps = m != nil && m.Steps()
		if m != nil {
			e.err = budgetError(m.Limit(), m, ctx)
		}
	}
	if e.steps && e.err == nil && m != nil {
		// The step limit is a limit as every other: a budget error.
		e.err = &impartial.BudgetError{Limit: impartial.LimitSteps, Max: int64(min(m.Limits().MaxSteps, 1<<62))}
	}
	for _, fr := range ee.CallStack {
		if fr.Pos.Filename() == "<builtin>" {
			if !strings.HasPrefix(fr.Name, "$") { // the sandbox's wrappers
				e.Backtrace = append(e.Backtrace, "in "+fr.Name)
			}
			continue
		}
		e.Backtrace = append(e.Backtrace, fmt.Sprintf("%s:%d:%d in %s", fr.Pos.Filename(), fr.Pos.Line, fr.Pos.Col, fr.Name))
		if fr.Pos.Filename() == file {
			e.Line, e.Col = fr.Pos.Line, fr.Pos.Col
		}
	}
	return e
}

// budgetError returns the budget error of a limit of the computation, or
// nil for a limit of the rule file's own (steps, the wall clock of a call).
func budgetError(limit impartial.Limit, m *starmeter.Meter, ctx context.Context) error {
	switch limit {
	case impartial.LimitMemory:
		return &impartial.BudgetError{Limit: limit, Max: m.Limits().MaxMemory}
	case impartial.LimitTime, impartial.LimitCanceled:
		if ctx != nil && ctx.Err() != nil {
			return impartial.ContextError(ctx)
		}
		return &impartial.BudgetError{Limit: limit}
	}
	return nil
}

// DefinesPartizan reports whether the source of a rule file defines
// left_moves at its top level: a partizan game (Rules.Partizan), asked
// of the partizan solver rather than the impartial engine. It only parses
// the file (nothing of it runs), so that a face can choose its path
// before loading the file under the question's budget; a file that does
// not parse is not one.
func DefinesPartizan(filename string, src []byte) bool {
	if len(src) > MaxFileSize {
		return false
	}
	if _, _, ok := checkNesting(src); !ok {
		return false
	}
	f, err := fileOptions.Parse(filename, src, 0)
	if err != nil {
		return false
	}
	for _, st := range f.Stmts {
		if d, ok := st.(*syntax.DefStmt); ok && d.Name.Name == "left_moves" {
			return true
		}
	}
	return false
}

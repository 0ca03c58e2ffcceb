package rules

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Limits bound the Starlark code of a rule file.
type Limits struct {
	// MaxSteps bounds the Starlark steps (roughly, bytecode instructions) of
	// one call of a rule function, and of loading the file. 0 means
	// DefaultMaxSteps.
	MaxSteps uint64
	// CallTimeout bounds the wall-clock time of one call of a rule function,
	// and of loading the file. 0 means DefaultCallTimeout. The context of a
	// session bounds the session as a whole.
	CallTimeout time.Duration
}

// Default limits: ample for any sensible rule (a call that lists the moves
// of a position takes thousands of steps, not millions), small enough that
// an endless loop stops within a second or so.
const (
	DefaultMaxSteps    = 10_000_000
	DefaultCallTimeout = 10 * time.Second
	// MaxFileSize is the largest rule file Load accepts.
	MaxFileSize = 1 << 20
)

func (l Limits) withDefaults() Limits {
	if l.MaxSteps == 0 {
		l.MaxSteps = DefaultMaxSteps
	}
	if l.CallTimeout <= 0 {
		l.CallTimeout = DefaultCallTimeout
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

	heap  bool
	loopy Loopiness

	name, rule, example string
}

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

// HasComponents reports whether the file defines components(position).
func (r *Rules) HasComponents() bool { return r.components != nil }

// HasParse reports whether the file defines parse(text).
func (r *Rules) HasParse() bool { return r.parse != nil }

// Name, Rule and Example return the file's optional `name`, `rule` and
// `example` strings ("" when not set).
func (r *Rules) Name() string    { return r.name }
func (r *Rules) Rule() string    { return r.rule }
func (r *Rules) Example() string { return r.example }

// LoadError reports a rule file that does not load: a syntax error, an
// undefined name, an error while running its top level, or a missing or
// ill-typed definition. Error() starts with file:line:col when the problem
// has a place in the file.
type LoadError struct {
	File string
	Line int32 // 0 when the problem has no place in the file
	Col  int32
	Msg  string
}

func (e *LoadError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// LoadFile reads and loads a rule file.
func LoadFile(path string, limits Limits) (*Rules, error) {
	// Stat first: opening a named pipe would block.
	st, err := os.Stat(path)
	if err == nil && !st.Mode().IsRegular() {
		return nil, &LoadError{File: path, Msg: "not a regular file"}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, &LoadError{File: path, Msg: "cannot read the rule file: " + unwrapPathError(err)}
	}
	defer f.Close()
	buf := make([]byte, MaxFileSize+1)
	n := 0
	for n < len(buf) {
		m, err := f.Read(buf[n:])
		n += m
		if err != nil {
			break
		}
	}
	if n > MaxFileSize {
		return nil, &LoadError{File: path, Msg: fmt.Sprintf("the rule file is larger than %d bytes", MaxFileSize)}
	}
	return Load(path, buf[:n], limits)
}

func unwrapPathError(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// fileOptions allow while loops (the step limit stops endless ones) and
// top-level control flow, and keep Starlark's ban on recursion, so that
// runaway recursion is an immediate error rather than a deep Go stack.
var fileOptions = syntax.FileOptions{While: true, TopLevelControl: true, Set: true}

const maxStepsKey = "grundy.maxSteps"

// predeclared replaces range with a version whose length is at most the
// step limit. Built-in functions run in Go without counting steps, so an
// unbounded range would let list(range(10**9)) run for minutes; a range
// longer than the step limit could not be looped over anyway.
var predeclared = starlark.StringDict{
	"range": starlark.NewBuiltin("range", func(thread *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		v, err := starlark.Call(thread, starlark.Universe["range"], args, kwargs)
		if err != nil {
			return nil, err
		}
		limit, _ := thread.Local(maxStepsKey).(uint64)
		if n := v.(starlark.Sequence).Len(); limit > 0 && uint64(n) > limit {
			return nil, fmt.Errorf("range of %d elements is longer than the step limit (%d)", n, limit)
		}
		return v, nil
	}),
}

// Load loads a rule file from its source text. Its top level runs under
// the limits; load() statements are refused and print() output is discarded.
func Load(filename string, src []byte, limits Limits) (*Rules, error) {
	limits = limits.withDefaults()
	if len(src) > MaxFileSize {
		return nil, &LoadError{File: filename, Msg: fmt.Sprintf("the rule file is larger than %d bytes", MaxFileSize)}
	}
	thread := &starlark.Thread{
		Name:  "load " + filename,
		Print: func(*starlark.Thread, string) {},
		Load: func(_ *starlark.Thread, module string) (starlark.StringDict, error) {
			return nil, fmt.Errorf("load(%q): rule files cannot load other files", module)
		},
	}
	thread.SetMaxExecutionSteps(limits.MaxSteps)
	thread.SetLocal(maxStepsKey, limits.MaxSteps)
	timer := time.AfterFunc(limits.CallTimeout, func() {
		thread.Cancel(fmt.Sprintf("wall-clock limit of %s exceeded", limits.CallTimeout))
	})
	globals, err := starlark.ExecFileOptions(&fileOptions, thread, filename, src, predeclared)
	timer.Stop()
	if err != nil {
		return nil, loadError(filename, err, limits)
	}
	r := &Rules{file: filename, globals: globals}
	return r, r.bind()
}

// loadError converts a Starlark error at load time to a LoadError.
func loadError(file string, err error, limits Limits) *LoadError {
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
		re := newRuleError(file, "the top level", "", ee, limits)
		return &LoadError{File: file, Line: re.Line, Col: re.Col, Msg: re.detail()}
	}
	return &LoadError{File: file, Msg: err.Error()}
}

// bind checks the file's definitions.
func (r *Rules) bind() error {
	fail := func(name, msg string) error {
		e := &LoadError{File: r.file, Msg: msg}
		if fn, ok := r.globals[name].(*starlark.Function); ok {
			e.Line, e.Col = fn.Position().Line, fn.Position().Col
		}
		return e
	}
	fn := func(name string, params int, required bool) (starlark.Callable, error) {
		v, ok := r.globals[name]
		if !ok {
			if required {
				return nil, fail(name, fmt.Sprintf("the rule file defines no %s(position) function (it must define moves(position), returning a list of positions)", name))
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
	if r.moves, err = fn("moves", 1, true); err != nil {
		return err
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
			return false, false, &LoadError{File: r.file, Msg: fmt.Sprintf("%s must be True or False, not a %s", name, v.Type())}
		}
		return bool(b), true, nil
	}
	if r.heap, _, err = flag("heap"); err != nil {
		return err
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
	switch {
	case set && loopy:
		r.loopy = LoopyYes
	case set:
		r.loopy = LoopyNo
	}
	for _, s := range []struct {
		name string
		dst  *string
	}{{"name", &r.name}, {"rule", &r.rule}, {"example", &r.example}} {
		v, ok := r.globals[s.name]
		if !ok {
			continue
		}
		str, ok := starlark.AsString(v)
		if !ok {
			return &LoadError{File: r.file, Msg: fmt.Sprintf("%s must be a string, not a %s", s.name, v.Type())}
		}
		*s.dst = strings.TrimSpace(str)
	}
	return nil
}

// RuleError reports an error in a rule function while it ran: a Starlark
// error (with its backtrace), a limit exceeded, or a result of the wrong kind.
type RuleError struct {
	File string
	// Line and Col locate the innermost frame of the rule file (0 if none).
	Line, Col int32
	// Func names the rule function called ("moves"), Arg its argument.
	Func, Arg string
	Msg       string
	// Backtrace lists the calls, outermost first, as "file:line:col in fn".
	Backtrace []string

	limit bool // a limit stopped the call
}

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
		call = fmt.Sprintf("%s(%s)", e.Func, e.Arg)
	}
	where := e.File
	if e.Line > 0 {
		where = fmt.Sprintf("%s:%d:%d", e.File, e.Line, e.Col)
	}
	return fmt.Sprintf("rules: %s: in %s: %s", where, call, e.detail())
}

func newRuleError(file, fn, arg string, ee *starlark.EvalError, limits Limits) *RuleError {
	e := &RuleError{File: file, Func: fn, Arg: arg, Msg: ee.Msg}
	if reason, ok := strings.CutPrefix(ee.Msg, "Starlark computation cancelled: "); ok {
		e.limit = true
		switch {
		case reason == "too many steps":
			e.Msg = fmt.Sprintf("more than %d steps in one call (an endless loop?); the limit is Limits.MaxSteps (--max-steps)", limits.MaxSteps)
		default:
			e.Msg = reason
		}
	}
	for _, fr := range ee.CallStack {
		if fr.Pos.Filename() == "<builtin>" {
			e.Backtrace = append(e.Backtrace, "in "+fr.Name)
			continue
		}
		e.Backtrace = append(e.Backtrace, fmt.Sprintf("%s:%d:%d in %s", fr.Pos.Filename(), fr.Pos.Line, fr.Pos.Col, fr.Name))
		if fr.Pos.Filename() == file {
			e.Line, e.Col = fr.Pos.Line, fr.Pos.Col
		}
	}
	return e
}

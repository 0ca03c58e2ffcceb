package starmeter

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

	"go.starlark.net/starlark"

	"github.com/grundy/grundy/impartial"
)

// StepBytes is what the meter counts for every step a call runs: an upper
// bound of what one step of go.starlark.net's interpreter can allocate when
// it is not a call of an operator, method or built-in (those the sandbox
// wraps and charges for exactly). Measured on amd64: a list element of a
// comprehension, an empty list literal or a lambda takes 16–52 bytes per
// step (TestMeterBoundsAllocation); a dict literal, 520 bytes in one step,
// is charged by its wrapper.
const StepBytes = 64

// meterKey is the thread-local key of a thread's meter.
const meterKey = "grundy.meter"

// A meter counts what one call of a rule function (or the top level of a
// file) allocates: the bytes each wrapped operation will allocate, checked
// before it allocates them, plus StepBytes for each step. Its steps limit is
// the smaller of Limits.MaxSteps and the steps the memory left can pay for,
// so that the interpreter itself stops a call whose steps would pass
// Limits.MaxMemory.
type Meter struct {
	limits Limits
	ctx    context.Context
	used   int64 // bytes charged by wrappers in this call
	// timedOut is set (by the session's watchdog, or Load's timer) when the
	// call ran past Limits.CallTimeout, just before the thread is
	// cancelled, for wrappers that loop over large values.
	timedOut atomic.Bool
	// limit names the limit that stopped the call ("" for none).
	limit impartial.Limit
	steps bool // the step limit stopped the call
}

// NewMeter returns a meter for the calls of one thread under limits (with
// their defaults filled in: a zero field is no limit here), stopping when
// ctx ends.
func NewMeter(ctx context.Context, limits Limits) *Meter {
	return &Meter{limits: limits, ctx: ctx}
}

// Limits returns the meter's limits.
func (m *Meter) Limits() Limits { return m.limits }

// Used returns the bytes charged by the wrapped operations of the current
// call (the steps are charged StepBytes each on top).
func (m *Meter) Used() int64 { return m.used }

// Limit names the limit of the computation that stopped the current call
// (memory), "" for none.
func (m *Meter) Limit() impartial.Limit { return m.limit }

// Steps reports whether the step limit stopped the current call.
func (m *Meter) Steps() bool { return m.steps }

// TimeOut marks the current call as past Limits.CallTimeout, for wrappers
// that loop over large values; the caller then cancels the thread.
func (m *Meter) TimeOut() { m.timedOut.Store(true) }

// Install makes m the meter of th.
func (m *Meter) Install(th *starlark.Thread) {
	th.SetLocal(meterKey, m)
	th.OnMaxSteps = m.onMaxSteps
}

func meterOf(th *starlark.Thread) *Meter {
	m, _ := th.Local(meterKey).(*Meter)
	return m
}

// Start begins a call: its charges and step count start from zero.
func (m *Meter) Start(th *starlark.Thread) {
	m.used = 0
	m.limit, m.steps = "", false
	m.timedOut.Store(false)
	th.Steps = 0
	m.arm(th)
}

// arm sets th's step limit to what the steps limit and the memory left allow.
func (m *Meter) arm(th *starlark.Thread) {
	left := (m.limits.MaxMemory - m.used) / StepBytes
	th.SetMaxExecutionSteps(uint64(max(min(int64(min(m.limits.MaxSteps, 1<<62)), left), 0)))
}

func (m *Meter) onMaxSteps(th *starlark.Thread) {
	if th.Steps >= m.limits.MaxSteps {
		m.steps = true
		th.Cancel(fmt.Sprintf("more than %d steps in one call (an endless loop?); the limit is Limits.MaxSteps", m.limits.MaxSteps))
		return
	}
	m.limit = impartial.LimitMemory
	th.Cancel(fmt.Sprintf("%d steps (counted at %d bytes each, what one step can allocate) and %s allocated by operations reach the memory limit of %s for one call of a rule function",
		th.Steps, StepBytes, impartial.FormatBytes(m.used), impartial.FormatBytes(m.limits.MaxMemory)))
}

// charge counts n bytes that an operation is about to allocate, or returns
// the error that stops the call when they would pass the memory limit.
// what names the operation in the error; it is built only then.
func (m *Meter) charge(th *starlark.Thread, n int64, what func() string) error {
	if n <= 0 {
		return nil
	}
	total := add(add(m.used, n), int64(th.Steps)*StepBytes)
	if total > m.limits.MaxMemory {
		m.limit = impartial.LimitMemory
		return &LimitError{Limit: impartial.LimitMemory, msg: fmt.Sprintf("%s would allocate %s, past the memory limit of %s for one call of a rule function (%s counted so far)",
			what(), impartial.FormatBytes(n), impartial.FormatBytes(m.limits.MaxMemory), impartial.FormatBytes(total-n))}
	}
	m.used += n
	m.arm(th)
	return nil
}

// named returns a constant description for charge.
func named(s string) func() string { return func() string { return s } }

// expired reports the end of the call's time or of the session's context,
// for wrappers that loop over large values.
func (m *Meter) expired() error {
	if m.ctx != nil && m.ctx.Err() != nil {
		// The context's cause says why: a deadline is a time budget, the
		// memory governor a memory budget; only a cancel (Ctrl-C, a client
		// gone) is an interruption.
		var be *impartial.BudgetError
		if errors.As(impartial.ContextError(m.ctx), &be) {
			return &LimitError{Limit: be.Limit, msg: be.Error()}
		}
	}
	if m.timedOut.Load() {
		return &LimitError{msg: fmt.Sprintf("a call ran longer than the wall-clock limit of %s; the limit is Limits.CallTimeout", m.limits.CallTimeout)}
	}
	return nil
}

// LimitError is a limit a wrapper hit: Limit names a limit of the
// computation (memory, time, canceled), "" one of the rule file's own (its
// steps, with Steps set, or the wall clock of a call).
type LimitError struct {
	Limit impartial.Limit
	Steps bool // the step limit (a range longer than it)
	msg   string
}

func (e *LimitError) Error() string { return e.msg }

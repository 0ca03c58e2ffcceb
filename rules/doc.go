// Package rules turns a Starlark rule file into an impartial game.
//
// A rule file (https://github.com/google/starlark-go, a dialect of Python)
// defines
//
//	def moves(position):       # required: the list of options of a position
//	def components(position):  # optional: the independent parts of a position
//	def parse(text):           # optional: read a position from text
//	def format(position):      # optional: write a position as text
//	heap = True                # optional: positions are heap sizes
//	loopy = True               # optional: always analyze as a loopy game
//	name = "…"; rule = "…"; example = "…"   # optional descriptions
//
// Positions are Starlark ints, strings, or tuples of these (nested at most 32
// deep): immutable values that the engine can compare and memoize. A
// [Session] interns them as small integers ([Pos]), so the engine's dense
// memo tables apply.
//
// # Sandbox
//
// Rule files run under go.starlark.net with its usual restrictions (no
// recursion, no I/O) and more: load() is refused, print() does nothing,
// and every call of a rule function (and the file's top level) runs under
// [Limits]: a step limit, a wall-clock limit, and a memory limit, as well
// as the computation's context. Errors carry file:line:col and the Starlark
// backtrace ([RuleError], [LoadError]); the limits of the computation (its
// context, the memory) unwrap to an *impartial.BudgetError.
//
// go.starlark.net bounds steps (Thread.SetMaxExecutionSteps) and can cancel
// a thread between steps, but one step can allocate gigabytes: s + s,
// "x" * n (up to its fixed cap of 2^30), ("x" * n).split("x"), list(range),
// sorted, a slice. No watchdog can stop a single built-in call, and the Go
// runtime reports memory per process, not per thread. So the sandbox
// bounds memory by construction: before a file is compiled, its syntax tree
// is rewritten (package rules/internal/starmeter, the metered dialect) so that every operation whose result can be
// larger than a few bytes — arithmetic operators, unary minus, slices,
// method calls, the allocating built-ins (replaced under their own names),
// dict and tuple literals, augmented assignments — calls a wrapper that computes the size of the result from its operands
// (split counts separators first, % and str walk the values they would
// print, within the budget) and charges it to the call's meter before
// anything is allocated. The remaining steps (a comprehension's element,
// an empty list, a lambda) allocate at most 52 bytes each; the meter
// charges every step 64 bytes by lowering the step limit to what the memory
// left can pay for, so the interpreter itself stops them. The meter counts
// what a call allocates, garbage included, and is checked against the Go
// runtime's own count (TestMeterBoundsAllocation). Positions a session
// interns count against the same limit ([Session.MemoryEstimate]).
//
// Three things are bounded because one step on them costs time or stack
// no meter sees: ints (65,536 bits: a multiplication or conversion of
// larger ones takes seconds in one step), the nesting of tuples and of
// printed or global values (10,000 levels: hashing and printing recurse in
// Go, and a goroutine's stack overflow is fatal), and brackets in the
// source (1,000 levels).
//
// Not bounded: the time to hash or compare a value that shares its parts
// many times over (t = (t, t), sixty times; a list of a hundred references
// to a list of a hundred references…), exponential in its nesting, in one
// step; such a value is tiny, so the meter does not see it.
//
// The alternative was the canonical/starlark fork, whose built-ins count
// their own allocations per thread. It would replace a dependency the
// project chose (and follow upstream with a delay) for a guarantee that is
// best-effort there too; rewriting the syntax tree keeps go.starlark.net
// and costs a builtin call per wrapped operation (BENCHMARKS.md).
//
// # Concurrency
//
// A loaded [Rules] holds only frozen globals and is shared freely; each
// computation opens its own [Session] (its own Starlark thread and position
// table), as Starlark threads must not be shared.
package rules

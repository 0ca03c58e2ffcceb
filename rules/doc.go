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
// recursion, no I/O) and more: load() is refused, print() output is
// discarded, every call of a rule function (and the file's top level) is
// bounded by a step limit and a wall-clock limit ([Limits]), and the whole
// computation by the session's context. Errors carry file:line:col and the
// Starlark backtrace ([RuleError], [LoadError]).
//
// # Concurrency
//
// A loaded [Rules] holds only frozen globals and is shared freely; each
// computation opens its own [Session] (its own Starlark thread and position
// table), as Starlark threads must not be shared.
package rules

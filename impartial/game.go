package impartial

import (
	"fmt"
	"strconv"
)

// Game is an impartial game over positions of type P.
//
// Moves calls yield once for each option (position reachable in one move) of
// p, and stops early when yield returns false. The same option may be yielded
// twice; it counts once. The shape is that of an iterator (iter.Seq), taken
// as a method so that generating moves does not allocate.
type Game[P comparable] interface {
	Moves(p P, yield func(P) bool)
}

// Splitter is implemented by games whose positions are sums of independent
// components, such as the heaps left after a take-and-break move.
//
// Components yields the components of p. Every component must be atomic:
// Components of a component yields that component alone. A component without
// moves may be left out (a position with no components at all has value 0).
// The engine memoizes atomic components only.
type Splitter[P comparable] interface {
	Game[P]
	Components(p P, yield func(P) bool)
}

// Indexer is implemented by games whose (atomic) positions map densely onto
// small integers. The solver then memoizes in a slice instead of a map.
//
// Index returns the index of p in [0, IndexLimit()), or ok = false for a
// position outside the dense range (such positions are memoized in a map).
type Indexer[P comparable] interface {
	Index(p P) (i int, ok bool)
	IndexLimit() int
}

// Valuer is implemented by games that know the value of some positions in
// closed form. ClosedValue returns ok = false where it does not know.
// It must agree with the search; [Plain] hides it so tests can check that.
type Valuer[P comparable] interface {
	ClosedValue(p P) (v Nimber, ok bool)
}

// TargetMover is implemented by games that can list, in closed form, the
// options of p that have a given value (for instance a Nim heap h has exactly
// one option of value v < h, the heap v). It appends them to dst, or returns
// ok = false to let the engine enumerate the options.
type TargetMover[P comparable] interface {
	MovesToValue(dst []P, p P, v Nimber) (moves []P, ok bool)
}

// OptionFinder is implemented by games that can tell, without listing the
// options of p, which option of p has the given components (the atomic
// positions it splits into, in any order; none for an option without
// components): a check of one move then costs what the move does, not
// what listing every option of a huge position would. found is false when
// p has no such option; known is false when the game cannot tell (the
// caller then lists the options).
type OptionFinder[P comparable] interface {
	FindOption(p P, components []P) (q P, found, known bool)
}

// MisereRule is implemented by games with a closed-form misère outcome for
// sums of atomic components, such as Bouton's rule for misère Nim.
// It returns ok = false where the rule does not apply.
type MisereRule[P comparable] interface {
	MisereOutcome(components []P) (o Outcome, ok bool)
}

// Plain returns g with every closed form hidden: only Moves and, when g has
// it, Components remain. Tests solve Plain(g) to check g's closed forms.
func Plain[P comparable](g Game[P]) Game[P] {
	if s, ok := g.(Splitter[P]); ok {
		return plainSplitter[P]{s}
	}
	return plainGame[P]{g}
}

type plainGame[P comparable] struct{ g Game[P] }

func (p plainGame[P]) Moves(x P, yield func(P) bool) { p.g.Moves(x, yield) }

type plainSplitter[P comparable] struct{ s Splitter[P] }

func (p plainSplitter[P]) Moves(x P, yield func(P) bool)      { p.s.Moves(x, yield) }
func (p plainSplitter[P]) Components(x P, yield func(P) bool) { p.s.Components(x, yield) }

// Nimber is a Grundy value: the size of the Nim heap a position is equivalent to.
type Nimber uint64

// String formats n as a nimber: *0 is written 0, *1 as *, others as *n.
func (n Nimber) String() string {
	switch n {
	case 0:
		return "0"
	case 1:
		return "*"
	}
	return "*" + strconv.FormatUint(uint64(n), 10)
}

// Outcome says who wins a position with best play.
type Outcome int8

const (
	// P: the previous player wins (the player to move loses).
	P Outcome = iota + 1
	// N: the next player (the player to move) wins.
	N
	// Draw: neither player can force a win (loopy games only).
	Draw
)

// String returns "P", "N" or "D".
func (o Outcome) String() string {
	switch o {
	case P:
		return "P"
	case N:
		return "N"
	case Draw:
		return "D"
	}
	return "?"
}

// MarshalText encodes o as "P", "N" or "D".
func (o Outcome) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText reads "P", "N" or "D", so that results read back from
// their JSON.
func (o *Outcome) UnmarshalText(b []byte) error {
	switch string(b) {
	case "P":
		*o = P
	case "N":
		*o = N
	case "D":
		*o = Draw
	default:
		return fmt.Errorf("outcome %q is not P, N or D", b)
	}
	return nil
}

// OutcomeOf returns the normal-play outcome of a position of value v.
func OutcomeOf(v Nimber) Outcome {
	if v == 0 {
		return P
	}
	return N
}

// Move is a move in a sum: component Index changes to To.
type Move[P comparable] struct {
	Index int
	To    P
}

// Mex returns the least non-negative integer not in vs.
func Mex(vs []Nimber) Nimber {
	// Only values below len(vs) can matter: mex ≤ len(vs).
	seen := make([]bool, len(vs)+1)
	for _, v := range vs {
		if v < Nimber(len(seen)) {
			seen[v] = true
		}
	}
	for i, s := range seen {
		if !s {
			return Nimber(i)
		}
	}
	return Nimber(len(vs))
}

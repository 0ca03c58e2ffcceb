package catalog

import (
	"errors"
	"fmt"

	"github.com/grundy/grundy/notation"
)

// SpecError reports a game spec string that does not name a game.
type SpecError struct {
	Spec   string
	Offset int // byte offset in Spec of the problem, or -1
	Msg    string
	// Unknown is set when the spec names no game of the catalog (each face
	// then says where the list is).
	Unknown bool
	// Err is the error behind Msg, if any (a rule file that cannot be read
	// or loaded).
	Err error
}

func (e *SpecError) Unwrap() error { return e.Err }

func (e *SpecError) Error() string {
	if e.Offset < 0 {
		return fmt.Sprintf("game %s: %s", notation.Quote(e.Spec), e.Msg)
	}
	return fmt.Sprintf("game %s: column %d: %s", notation.Quote(e.Spec), e.Offset+1, e.Msg)
}

// PositionError reports a position that is not valid for its game.
type PositionError struct {
	Game     string // the game's spec
	Position string
	Offset   int // byte offset in Position of the problem, or -1
	Msg      string
	// Err is the error behind Msg, if any (a component of a sum whose game
	// spec is malformed or whose rule file cannot be read).
	Err error
}

func (e *PositionError) Unwrap() error { return e.Err }

func (e *PositionError) Error() string {
	if e.Offset < 0 {
		return fmt.Sprintf("position %s of %s: %s", notation.Quote(e.Position), e.Game, e.Msg)
	}
	return fmt.Sprintf("position %s of %s: column %d: %s", notation.Quote(e.Position), e.Game, e.Offset+1, e.Msg)
}

// positionError turns a domain parser's error into a *PositionError naming
// the game: a *notation.SyntaxError keeps its column; a *PositionError gets
// the game and position filled in; any other error is kept as it is.
func positionError(game, position string, err error) error {
	var se *notation.SyntaxError
	var pe *PositionError
	switch {
	case errors.As(err, &se):
		off := se.Offset
		if se.Input != position && off >= 0 {
			off = -1 // the offset is into some other text
		}
		return &PositionError{Game: game, Position: position, Offset: off, Msg: se.Msg}
	case errors.As(err, &pe):
		pe.Game, pe.Position = game, position
		return pe
	}
	return err
}

// CapabilityError reports a question the game does not answer, whatever
// the budget: a nim-sequence of a game not played on heaps, a period search
// of a game without one, a misère quotient of a game without heap rules.
type CapabilityError struct {
	Game string
	Msg  string
}

func (e *CapabilityError) Error() string { return e.Game + ": " + e.Msg }

// Field is one whitespace- or comma-separated field of an input string.
type Field = notation.Field

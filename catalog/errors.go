package catalog

import (
	"fmt"
	"strings"
)

// SpecError reports a game spec string that does not name a game.
type SpecError struct {
	Spec   string
	Offset int // byte offset in Spec of the problem, or -1
	Msg    string
}

func (e *SpecError) Error() string {
	if e.Offset < 0 {
		return fmt.Sprintf("catalog: game %q: %s", e.Spec, e.Msg)
	}
	return fmt.Sprintf("catalog: game %q: column %d: %s", e.Spec, e.Offset+1, e.Msg)
}

// PositionError reports a position that is not valid for its game.
type PositionError struct {
	Game     string // the game's spec
	Position string
	Offset   int // byte offset in Position of the problem, or -1
	Msg      string
}

func (e *PositionError) Error() string {
	if e.Offset < 0 {
		return fmt.Sprintf("catalog: position %q of %s: %s", e.Position, e.Game, e.Msg)
	}
	return fmt.Sprintf("catalog: position %q of %s: column %d: %s", e.Position, e.Game, e.Offset+1, e.Msg)
}

// Field is one whitespace- or comma-separated field of an input string.
type Field struct {
	Text   string
	Offset int // byte offset of Text in the input
}

// Fields splits s at spaces, tabs, newlines and commas, keeping each field's
// offset for error messages.
func Fields(s string) []Field {
	var out []Field
	start := -1
	for i := 0; i <= len(s); i++ {
		sep := i == len(s) || strings.IndexByte(" \t\r\n,", s[i]) >= 0
		switch {
		case sep && start >= 0:
			out = append(out, Field{s[start:i], start})
			start = -1
		case !sep && start < 0:
			start = i
		}
	}
	return out
}

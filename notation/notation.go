// Package notation holds what the position and spec syntaxes of grundy
// share: the one syntax error type every parser returns, fields with their
// byte offsets, whole numbers, and quoting of user input in messages.
//
// Each domain type carries its own syntax beside it (games.ParseHeaps,
// coins.Game.ParsePosition, octal.ParseCode, …); they all report errors as
// *SyntaxError, so that the CLI (exit 2) and the web server (400) treat
// every malformed input alike, and every message names the column.
package notation

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// SyntaxError reports input that does not parse.
type SyntaxError struct {
	// What the input is ("position", "code", "game"); "input" when empty.
	What string
	// Input is the text that did not parse.
	Input string
	// Offset is the byte offset of the problem in Input (its column minus
	// one), or -1 when the problem is the input as a whole.
	Offset int
	// Msg says what is wrong.
	Msg string
	// Err, when set, is the kind of problem, for errors.Is (a package's
	// sentinel such as nimber.ErrVariable), so that a caller can add its own
	// words to it.
	Err error
}

func (e *SyntaxError) Unwrap() error { return e.Err }

func (e *SyntaxError) Error() string {
	what := e.What
	if what == "" {
		what = "input"
	}
	if e.Offset < 0 {
		return fmt.Sprintf("%s %s: %s", what, Quote(e.Input), e.Msg)
	}
	return fmt.Sprintf("%s %s: column %d: %s", what, Quote(e.Input), e.Offset+1, e.Msg)
}

// MaxQuoted is the length past which Quote shortens its input.
const MaxQuoted = 60

// Quote writes user input for a message, in Go's double-quoted syntax, and
// shortens input longer than MaxQuoted bytes to its start, an ellipsis and
// its length, so that a 100 KB number is not echoed whole.
func Quote(s string) string {
	if len(s) <= MaxQuoted {
		return strconv.Quote(s)
	}
	cut := MaxQuoted
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + fmt.Sprintf("… (%d bytes)", len(s))
}

// Field is one field of an input string with its byte offset.
type Field struct {
	Text   string
	Offset int
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

// Int reads a whole number in lo..hi; what names it in the error ("heap
// size"). The error's Offset is 0 (the start of text); callers shift it.
func Int(text string, lo, hi int64, what string) (int64, error) {
	n, err := strconv.ParseInt(text, 10, 64)
	switch {
	case err == nil && n >= lo && n <= hi:
		return n, nil
	case text == "":
		return 0, &SyntaxError{Input: text, Offset: 0, Msg: "missing " + what}
	case (err == nil && n > hi) || (err != nil && isDigits(text)):
		return 0, &SyntaxError{Input: text, Offset: 0, Msg: fmt.Sprintf("%s %s is too large (at most %d)", what, Quote(text), hi)}
	}
	if hi >= 1<<62-1 {
		return 0, &SyntaxError{Input: text, Offset: 0, Msg: fmt.Sprintf("%s %s is not a whole number ≥ %d", what, Quote(text), lo)}
	}
	return 0, &SyntaxError{Input: text, Offset: 0, Msg: fmt.Sprintf("%s %s is not a whole number in %d..%d", what, Quote(text), lo, hi)}
}

func isDigits(s string) bool {
	s = strings.TrimPrefix(s, "+")
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// Ints reads whole numbers in lo..hi separated by spaces or commas, with
// the offset of each. An empty input is an error naming want ("heap sizes
// such as \"3 4 5\"").
func Ints(s string, lo, hi int64, what, want string) ([]int64, []int, error) {
	fields := Fields(s)
	if len(fields) == 0 {
		return nil, nil, &SyntaxError{Input: s, Offset: -1, Msg: "empty (want " + want + ")"}
	}
	xs, offs := make([]int64, len(fields)), make([]int, len(fields))
	for i, f := range fields {
		n, err := Int(f.Text, lo, hi, what)
		if err != nil {
			se := err.(*SyntaxError)
			se.Input, se.Offset = s, f.Offset
			return nil, nil, se
		}
		xs[i], offs[i] = n, f.Offset
	}
	return xs, offs, nil
}

// At returns err with its offset moved by off when it is a *SyntaxError
// with an offset, and its Input and What set (when empty) to input and
// what: for parsers that read a part of a larger input.
func At(err error, input string, off int, what string) error {
	se, ok := err.(*SyntaxError)
	if !ok {
		return err
	}
	if se.Offset >= 0 {
		se.Offset += off
	}
	se.Input = input
	if se.What == "" {
		se.What = what
	}
	return se
}

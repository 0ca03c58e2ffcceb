// Package cliexit is what grundy's two programs (grundy and grundy-sweep)
// share at their command lines' edge: the exit statuses, the usage error,
// and the recognition of cobra's own usage errors, so that a bad command
// line exits 2 from either program.
package cliexit

import (
	"errors"
	"fmt"
	"strings"

	"github.com/grundy/grundy/internal/stop"
)

// Exit statuses.
const (
	OK       = 0
	Failure  = 1   // the command ran and failed (bad input data, a rule file's error, I/O)
	Usage    = 2   // bad command line: flags, arguments, game, position; a question the game cannot answer
	Limit    = 2   // a budget ran out (positions, moves, output, memory, time): the question was too large
	Canceled = 130 // interrupted (SIGINT/SIGTERM)
)

// UsageError marks an error in the command line itself.
type UsageError struct{ Err error }

func (e UsageError) Error() string { return e.Err.Error() }
func (e UsageError) Unwrap() error { return e.Err }

// Usagef returns a UsageError with a formatted message.
func Usagef(format string, args ...any) error { return UsageError{fmt.Errorf(format, args...)} }

// Statuses is the command line's column of the table of stops (package
// internal/stop; README.md, "Errors and budgets"): the exit status of
// each kind, for both programs. The web's column is web.errorStatus's.
var Statuses = map[stop.Kind]int{
	stop.Failure:     Failure,
	stop.BadInput:    Usage,
	stop.BadData:     Failure,
	stop.Unsupported: Usage,
	stop.IllegalMove: Usage,
	stop.Cycle:       Usage,
	stop.Limit:       Limit,
	stop.Timeout:     Limit,
	stop.Canceled:    Canceled,
}

// Code is the exit status of err: 2 for an error in the command line
// itself (a UsageError, cobra's own), else its kind's (Statuses).
func Code(err error) int {
	var ue UsageError
	kind := stop.Of(err)
	switch {
	case err == nil:
		return OK
	case kind == stop.Canceled:
		return Canceled
	case errors.As(err, &ue), IsCobraUsage(err):
		return Usage
	}
	return Statuses[kind]
}

// IsCobraUsage recognizes the command-line errors cobra reports as plain
// strings (unknown commands and flags).
func IsCobraUsage(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand flag", "flag needs an argument", "invalid argument"} {
		if strings.HasPrefix(msg, p) {
			return true
		}
	}
	return false
}

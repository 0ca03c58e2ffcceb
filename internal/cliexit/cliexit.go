// Package cliexit is what grundy's two programs (grundy and grundy-sweep)
// share at their command lines' edge: the exit statuses, the usage error,
// and the recognition of cobra's own usage errors, so that a bad command
// line exits 2 from either program.
package cliexit

import (
	"errors"
	"fmt"
	"strings"

	"github.com/grundy/grundy/impartial"
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

// Code is the exit status of err, for the errors both programs meet: an
// interruption, a usage error (isUsage adds a program's own kinds), a
// budget, cobra's usage errors; any other error is a failure.
func Code(err error, isUsage func(error) bool) int {
	var ue UsageError
	var be *impartial.BudgetError
	switch {
	case err == nil:
		return OK
	case errors.As(err, &be) && be.Limit == impartial.LimitCanceled:
		return Canceled
	case errors.As(err, &ue), isUsage != nil && isUsage(err):
		return Usage
	case errors.As(err, &be):
		return Limit
	case IsCobraUsage(err):
		return Usage
	}
	return Failure
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

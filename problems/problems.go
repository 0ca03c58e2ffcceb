// Package problems solves the judge problems of seeds 002 and 003 in their
// exact input and output formats. Each driver is a thin adapter: it reads the
// judge's input, asks a catalog game or a domain package for the answer, and
// writes the judge's output.
package problems

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/grundy/grundy/notation"
)

// Problem is one judge problem.
type Problem struct {
	ID    string // "hdu1846"
	Title string // one line: the game and the question
	// Solve reads judge-format input from r to its end and writes
	// judge-format output to w. Malformed input gives an *InputError.
	Solve func(r io.Reader, w io.Writer) error
}

// All returns every problem, sorted by ID.
func All() []Problem {
	ps := []Problem{
		// One entry per driver file, e.g. hdu1846(),
		hdu3537(),
		hihocoder1172(),
		hdu1846(), hdu2149(), hdu2188(), hdu1517(), hdu1847(), hdu2897(), hdu1907(), hdu1730(),
		hdu1850(), poj2975(), hdu2176(), hdu1849(), hdu4315(), hdu2516(),
	}
	slices.SortFunc(ps, func(a, b Problem) int { return strings.Compare(a.ID, b.ID) })
	return ps
}

// Lookup returns the problem with the given ID (case-insensitive).
func Lookup(id string) (Problem, error) {
	for _, p := range All() {
		if strings.EqualFold(p.ID, id) {
			return p, nil
		}
	}
	var ids []string
	for _, p := range All() {
		ids = append(ids, p.ID)
	}
	return Problem{}, &UnknownError{ID: id, Near: notation.Nearest(id, ids)}
}

// UnknownError reports a problem ID that names no driver, with the ID it
// likely meant (Near, "" when none is close).
type UnknownError struct{ ID, Near string }

func (e *UnknownError) Error() string {
	if e.Near != "" {
		return fmt.Sprintf("unknown problem %q; did you mean %q?", e.ID, e.Near)
	}
	return fmt.Sprintf("unknown problem %q", e.ID)
}

// InputError reports judge input a driver does not accept, naming the place.
type InputError struct {
	Problem string
	Line    int // 1-based line of the input, or 0 at end of input
	Col     int // 1-based column (byte) on that line, or 0
	Msg     string
}

func (e *InputError) Error() string {
	switch {
	case e.Line == 0:
		return fmt.Sprintf("%s: at end of input: %s", e.Problem, e.Msg)
	case e.Col == 0:
		return fmt.Sprintf("%s: line %d: %s", e.Problem, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: line %d, column %d: %s", e.Problem, e.Line, e.Col, e.Msg)
}

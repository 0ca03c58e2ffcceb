package notation

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// IntSet reads a set of positive integers written as a comma list of
// numbers and ranges, such as "1,3,4" or "1-3,7" (at most 2^40 each, a range
// of at most 2^20), in increasing order without repeats. Errors are
// *SyntaxError values with offsets into s.
func IntSet(s string) ([]int, error) {
	bad := func(off int, msg string) error { return &SyntaxError{What: "set", Input: s, Offset: off, Msg: msg} }
	if strings.TrimSpace(s) == "" {
		return nil, bad(-1, "empty set (want sizes such as 1,3,4 or a range 1-3)")
	}
	var out []int
	off := 0
	for _, item := range strings.Split(s, ",") {
		text := strings.TrimSpace(item)
		at := off + strings.Index(item, text)
		lo, hi, isRange := strings.Cut(text, "-")
		a, err := positive(s, lo, at)
		if err != nil {
			return nil, err
		}
		b := a
		if isRange {
			if b, err = positive(s, hi, at+len(lo)+1); err != nil {
				return nil, err
			}
			if b < a {
				return nil, bad(at, fmt.Sprintf("range %s is empty (%d > %d)", text, a, b))
			}
			if b-a > 1<<20 {
				return nil, bad(at, fmt.Sprintf("range %s is too long (at most %d sizes)", text, 1<<20))
			}
		}
		for x := a; x <= b; x++ {
			out = append(out, x)
		}
		off += len(item) + 1
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// positive reads one element of a set in input at offset at.
func positive(input, s string, at int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 || int64(n) > 1<<40 {
		msg := fmt.Sprintf("%q is not a positive whole number", s)
		if s == "" {
			msg = "missing number"
		}
		return 0, &SyntaxError{What: "set", Input: input, Offset: at, Msg: msg}
	}
	return n, nil
}

// FormatIntSet writes an ascending set of integers as IntSet reads it,
// with runs of three or more written as ranges.
func FormatIntSet(set []int) string {
	var parts []string
	for i := 0; i < len(set); {
		j := i
		for j+1 < len(set) && set[j+1] == set[j]+1 {
			j++
		}
		if j-i >= 2 {
			parts = append(parts, fmt.Sprintf("%d-%d", set[i], set[j]))
		} else {
			for k := i; k <= j; k++ {
				parts = append(parts, strconv.Itoa(set[k]))
			}
		}
		i = j + 1
	}
	return strings.Join(parts, ",")
}

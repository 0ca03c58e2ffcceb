package cardflip

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseMRange reads a range of deck sizes written "A..B" (or "M" for one
// m), as `grundy cardflip compare --m` and the web lab take it.
func ParseMRange(s string) (from, to int, err error) {
	a, b, ok := strings.Cut(s, "..")
	if !ok {
		b = a
	}
	from, err1 := strconv.Atoi(strings.TrimSpace(a))
	to, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || from < 1 || to < from {
		return 0, 0, fmt.Errorf("cardflip: m must be a range A..B with 1 ≤ A ≤ B (or one m), not %q", s)
	}
	return from, to, nil
}

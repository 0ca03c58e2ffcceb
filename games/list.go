package games

import (
	"encoding/binary"
	"strconv"
	"strings"
)

// List is a list of non-negative integers packed into a string, so that it can
// be a position (positions must be comparable): the heaps of a Moore's Nim
// position, the coins on each stair, the places of the climbers on a hill.
type List string

// NewList packs xs; every x must be ≥ 0.
func NewList(xs ...int) List {
	b := make([]byte, 0, len(xs)*2)
	for _, x := range xs {
		b = binary.AppendUvarint(b, uint64(x))
	}
	return List(b)
}

// Ints unpacks the list.
func (l List) Ints() []int {
	var out []int
	for i := 0; i < len(l); {
		x, n := binary.Uvarint([]byte(l[i:]))
		if n <= 0 {
			break
		}
		out = append(out, int(x))
		i += n
	}
	return out
}

// String writes the list as numbers separated by spaces.
func (l List) String() string {
	xs := l.Ints()
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, " ")
}

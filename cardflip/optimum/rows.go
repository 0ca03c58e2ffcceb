package optimum

// Rows of at most 8 cards as 32-bit words (4 bits a cell), the multisets
// of deals a level memoizes, their keys, and the packed moves.

import (
	"encoding/binary"
	"slices"

	"github.com/grundy/grundy/cardflip"
)

// A full row packs the cards in 4 bits each: the number, plus 8 when
// face up. Its visible part keeps only the face-up numbers.
const (
	upBits  = 0x88888888
	numBits = 0x77777777
)

// optVisible is the visible part of a full row: the face-up numbers.
func optVisible(st uint32) uint32 {
	up := st & upBits >> 3 // 1 in every face-up cell
	return st & numBits & (up * 15)
}

// optMove takes the card at pos out of the full row st and inserts it at
// to, face up if up.
func optMove(st uint32, pos, to int, up bool) uint32 {
	P, T := uint(pos)*4, uint(to)*4
	c := st >> P & 15
	if up {
		c |= 8
	}
	rest := st&(1<<P-1) | st>>(P+4)<<P // without the card
	return rest&(1<<T-1) | c<<T | rest>>T<<(T+4)
}

// optMirror is the full row of m cards read right to left.
func optMirror(st uint32, m int) uint32 {
	var out uint32
	for i := range m {
		out |= (st >> (4 * i) & 15) << (4 * (m - 1 - i))
	}
	return out
}

// optEntry is a multiset element: n deals in the full row st, having
// played turn turns (counted only under the turn-number model).
type optEntry struct {
	st   uint32
	turn int32
	n    int64
}

func mergeOptEntries(es []optEntry) []optEntry {
	slices.SortFunc(es, func(a, b optEntry) int {
		if a.st != b.st {
			return cmpU32(a.st, b.st)
		}
		return int(a.turn - b.turn)
	})
	out := es[:0]
	for _, e := range es {
		if l := len(out) - 1; l >= 0 && out[l].st == e.st && out[l].turn == e.turn {
			out[l].n += e.n
		} else {
			out = append(out, e)
		}
	}
	return out
}

func cmpU32(a, b uint32) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// vkey is the key of the visible row: the face-up numbers, and under the
// turn-number model the coming turn's number in bits 32...
func (o *optSearch) vkey(st uint32, turn int32) uint64 {
	v := uint64(optVisible(st))
	if o.turns {
		v |= uint64(turn+1) << 32
	}
	return v
}

// entriesKey is the memo key of a level's multiset, the lesser of its
// bytes and its mirror image's; mirrored says the mirror's.
func (o *optSearch) entriesKey(k int, es []optEntry) (string, bool) {
	a := o.appendEntries(nil, k, es)
	mir := make([]optEntry, len(es))
	for i, e := range es {
		mir[i] = optEntry{st: optMirror(e.st, o.m), turn: e.turn, n: e.n}
	}
	mir = mergeOptEntries(mir)
	b := o.appendEntries(nil, k, mir)
	if string(b) < string(a) && !o.noMirror {
		return string(b), true
	}
	return string(a), false
}

func (o *optSearch) appendEntries(b []byte, k int, es []optEntry) []byte {
	b = append(b, byte(k))
	for _, e := range es {
		b = binary.LittleEndian.AppendUint32(b, e.st)
		if o.turns {
			b = binary.AppendUvarint(b, uint64(e.turn))
		}
		b = binary.AppendUvarint(b, uint64(e.n))
	}
	return b
}

// A move packs the insert index in bits 0..6, optUp, and under the
// Rearrange variant optOrder with Move.Order in 4-bit cells from bit
// optOrderShift (Order[j] in cell j).
const (
	optUp         = 0x80
	optOrder      = 0x100
	optOrderShift = 12
)

// apply plays the move mv of the card at pos on the full row st: the
// card goes to the index, face up if optUp, and under Rearrange the row is
// then permuted by the Order (cell j gets the card of cell Order[j]).
func (o *optSearch) apply(st uint32, pos int, mv uint64) uint32 {
	st = optMove(st, pos, int(mv&0x7f), mv&optUp != 0)
	if mv&optOrder == 0 {
		return st
	}
	var out uint32
	for j := range o.m {
		src := uint(mv >> (optOrderShift + 4*j) & 15)
		out |= (st >> (4 * src) & 15) << (4 * j)
	}
	return out
}

// mirrorMove is the move mv of a mirrored row: the index read from the
// right, and the Order mirrored (cell j of the mirror gets the mirror of
// the source of cell m−1−j).
func (o *optSearch) mirrorMove(mv uint64) uint64 {
	m := o.m
	out := uint64(m-1-int(mv&0x7f)) | mv&optUp
	if mv&optOrder != 0 {
		out |= optOrder
		for j := range m {
			src := int(mv >> (optOrderShift + 4*(m-1-j)) & 15)
			out |= uint64(m-1-src) << (optOrderShift + 4*j)
		}
	}
	return out
}

// moveOf unpacks a move of the search.
func (o *optSearch) moveOf(mv uint64) cardflip.Move {
	out := cardflip.Move{Up: mv&optUp != 0, To: int(mv & 0x7f)}
	if mv&optOrder != 0 {
		out.Order = make([]int, o.m)
		for j := range out.Order {
			out.Order[j] = int(mv >> (optOrderShift + 4*j) & 15)
		}
	}
	return out
}

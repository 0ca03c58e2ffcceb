package octal

import (
	"fmt"
	"math/bits"
	"sort"
)

// escMark in the 16-bit store says "the value is in the escape list".
const escMark = 0xFFFF

type escEntry struct {
	n int
	v uint32
}

// fastLimit bounds the values of the 16-bit fast kernels: with every value
// below it, every XOR of two values and every mex indexes a table of 2^16
// entries without a bounds check.
const fastLimit = 1 << 15

// store holds the values a Computer has computed, 16 bits each: every
// value, or in tail mode (SetTail, tail.go) a prefix and a window of the
// latest; a value too large for 16 bits goes to a list of its own. It
// keeps the counts of the values, and the size of the tables they index.
type store struct {
	// vals holds G(0..len(vals)-1): every value, or in tail mode the prefix.
	vals []uint16
	// Tail mode: ring holds G(i) at ring[i&rmask] for the latest heaps
	// i ≥ len(vals); n is the number of values computed.
	tail   bool
	prefix int  // tail mode: heaps below it stay in vals
	frozen bool // tail mode: the sparse split is chosen for good
	ring   []uint16
	rmask  int
	n      int

	esc []escEntry // values above the hooks' escAbove, heaps ascending

	maxVal uint32
	size   uint32 // power of two > every value: all XORs are < size
	// freq[v][p]: heaps 1..n−1 of value v and parity p.
	freq [][2]int64
}

// Len returns the number of values computed: G(0..Len()-1).
func (s *store) Len() int { return s.n }

// Held reports whether G(i) is held in memory (always for i < Len() unless
// in tail mode).
func (s *store) Held(i int) bool {
	_, ok := s.val(i)
	return ok
}

// At returns G(n) for n < Len(). In tail mode n must be held (see Held);
// At panics otherwise.
func (s *store) At(n int) uint32 {
	v, ok := s.val(n)
	if !ok {
		panic(fmt.Sprintf("octal: G(%d) is not held (tail mode keeps G(0..%d) and G(%d..%d))", n, len(s.vals)-1, s.n-len(s.ring), s.n-1))
	}
	return v
}

// val returns G(i) if it is held.
func (s *store) val(i int) (uint32, bool) {
	var v uint16
	switch {
	case i < 0 || i >= s.n:
		return 0, false
	case i < len(s.vals):
		v = s.vals[i]
	case s.tail && i >= s.n-len(s.ring):
		v = s.ring[i&s.rmask]
	default:
		return 0, false
	}
	if v == escMark && len(s.esc) > 0 {
		return s.escaped(i), true
	}
	return uint32(v), true
}

func (s *store) escaped(i int) uint32 {
	j := sort.Search(len(s.esc), func(j int) bool { return s.esc[j].n >= i })
	if j < len(s.esc) && s.esc[j].n == i {
		return s.esc[j].v
	}
	return escMark
}

// AppendValues appends G(from..to-1) to dst.
func (s *store) AppendValues(dst []uint32, from, to int) []uint32 {
	for n := from; n < to; n++ {
		dst = append(dst, s.At(n))
	}
	return dst
}

// Frequencies returns how many heaps among 1..Len()−1 have each value:
// f[v] heaps of value v.
func (s *store) Frequencies() []int64 {
	f := make([]int64, 0, s.maxVal+1)
	for v := 0; v <= int(s.maxVal) && v < len(s.freq); v++ {
		f = append(f, s.freq[v][0]+s.freq[v][1])
	}
	return f
}

// Reserve makes room for G(0..n−1) in one allocation (a caller that knows
// how far it will go saves the copies and the garbage of a growing array).
func (s *store) Reserve(n int) {
	if s.tail || cap(s.vals) >= n || n > MaxHeap+1 {
		return
	}
	grown := make([]uint16, len(s.vals), n)
	copy(grown, s.vals)
	s.vals = grown
}

// choosing reports whether the kernel may still be re-chosen: always, but
// in tail mode only while the prefix is being computed.
func (s *store) choosing() bool { return !s.tail || s.n < s.prefix }

// fast reports whether the 16-bit kernels apply: no escaped value and
// every value below fastLimit.
func (s *store) fast() bool { return len(s.esc) == 0 && s.maxVal < fastLimit }

// put stores G(n) = v, n = Len(), a value above escAbove in the escape
// list, and returns the 16-bit word stored.
func (s *store) put(v, escAbove uint32) (uint16, error) {
	n := s.n
	if v >= 1<<30 {
		return 0, ErrTooLarge
	}
	if s.tail && n >= MaxTailHeap || !s.tail && n > MaxHeap {
		return 0, fmt.Errorf("heap %d is too large", n)
	}
	w := uint16(v)
	if v > escAbove {
		w = escMark
		s.esc = append(s.esc, escEntry{n, v})
	}
	if s.tail && n >= s.prefix {
		s.ring[n&s.rmask] = w
	} else {
		s.vals = append(s.vals, w)
	}
	s.n++
	return w, nil
}

// grow makes size a power of two above v, and the counts as long; it
// reports whether size grew.
func (s *store) grow(v uint32) bool {
	size := uint32(1) << bits.Len32(v)
	if size <= s.size {
		return false
	}
	s.size = size
	s.freq = append(s.freq, make([][2]int64, int(size)-len(s.freq))...)
	return true
}

// bytes estimates the memory the store holds.
func (s *store) bytes() int64 {
	return int64(cap(s.vals))*2 + int64(cap(s.ring))*2 + int64(cap(s.esc))*16 + int64(cap(s.freq))*16
}

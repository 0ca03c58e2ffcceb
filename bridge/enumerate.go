package bridge

import (
	"context"
	"fmt"
	"runtime"
	"sync"
)

// MaxEnumerateN is the largest n Enumerate accepts: n = 3 already has
// 7,484,400 layouts, n = 4 would have 81,729,648,000.
const MaxEnumerateN = 3

// Tally counts layouts by sequence: Counts[i] is the number of layouts whose
// sequence, read as a base-3 number with seq[1] the most significant digit,
// is i. There are 3^(2n) entries, in lexicographic order of the sequences.
type Tally struct {
	N      int
	Counts []uint64
}

// Sequence returns the sequence with index i (seq[0..2n−1]).
func (t *Tally) Sequence(i int) []int {
	seq := make([]int, 2*t.N)
	for j := len(seq) - 1; j >= 0; j-- {
		seq[j] = i % 3
		i /= 3
	}
	return seq
}

// Index returns the index of seq in Counts.
func (t *Tally) Index(seq []int) int {
	i := 0
	for _, v := range seq {
		i = 3*i + v
	}
	return i
}

// Enumerate plays every layout of 4n cards among 2n players — (4n)!/2^(2n)
// of them: 6, 2520 and 7,484,400 for n = 1, 2, 3 — by exhaustive minimax
// from every start, and tallies them by sequence. It is the oracle for
// Count. The work is split over GOMAXPROCS goroutines; ctx cancels it.
//
// The minimax is the plain definition, evaluated on truth tables: with
// x_i = "player i plays the higher card", the 2^(2n) leaves of the game tree
// form a 64-bit table per threshold ("A scores ≥ 1", "A scores ≥ 2"); a
// threshold of a max (min) is the OR (AND) of the thresholds, so each
// player's move quantifies one variable of the table, innermost the last
// to move. A layout then costs a few hundred word operations.
func Enumerate(ctx context.Context, n int) (*Tally, error) {
	if n < 1 || n > MaxEnumerateN {
		return nil, fmt.Errorf("enumerate needs 1 ≤ n ≤ %d, got %d", MaxEnumerateN, n)
	}
	b, top := 2*n, 4*n
	size := 1
	for range b {
		size *= 3
	}
	// Jobs: the hand of position 1.
	var jobs [][2]int
	for x := 1; x <= top; x++ {
		for y := x + 1; y <= top; y++ {
			jobs = append(jobs, [2]int{x, y})
		}
	}
	workers := min(runtime.GOMAXPROCS(0), len(jobs))
	next := make(chan [2]int)
	results := make([][]uint64, workers)
	var wg sync.WaitGroup
	for w := range workers {
		results[w] = make([]uint64, size)
		wg.Add(1)
		go func(counts []uint64) {
			defer wg.Done()
			e := newEnumerator(n, counts)
			for job := range next {
				e.run(job)
			}
		}(results[w])
	}
	var err error
loop:
	for _, job := range jobs {
		select {
		case next <- job:
		case <-ctx.Done():
			err = ctx.Err()
			break loop
		}
	}
	close(next)
	wg.Wait()
	if err != nil {
		return nil, fmt.Errorf("enumerate n = %d: %w", n, err)
	}
	t := &Tally{N: n, Counts: results[0]}
	for _, r := range results[1:] {
		for i, c := range r {
			t.Counts[i] += c
		}
	}
	return t, nil
}

// enumerator walks the layouts for a fixed hand of position 1.
type enumerator struct {
	n, b, top int
	counts    []uint64
	hi, lo    []int  // hi[i], lo[i]: the cards of player i (0-based)
	owner     []int  // owner[c] = player of card c
	isHi      []bool // isHi[c]: card c is its owner's higher card
	lit       []uint64
	full      uint64
}

func newEnumerator(n int, counts []uint64) *enumerator {
	b, top := 2*n, 4*n
	e := &enumerator{n: n, b: b, top: top, counts: counts,
		hi: make([]int, b), lo: make([]int, b), owner: make([]int, top+1), isHi: make([]bool, top+1),
		lit: make([]uint64, b)}
	leaves := 1 << b
	if leaves == 64 {
		e.full = ^uint64(0)
	} else {
		e.full = 1<<leaves - 1
	}
	for i := range b {
		for mask := range leaves {
			if mask>>i&1 == 1 {
				e.lit[i] |= 1 << mask
			}
		}
	}
	return e
}

func (e *enumerator) run(first [2]int) {
	free := uint32(1<<(e.top+1)-1) &^ 1 // cards 1..top
	e.place(0, first[0], first[1])
	e.deal(1, free&^(1<<first[0])&^(1<<first[1]))
}

func (e *enumerator) place(p, x, y int) {
	e.lo[p], e.hi[p] = x, y
	e.owner[x], e.owner[y] = p, p
	e.isHi[x], e.isHi[y] = false, true
}

// deal gives hands to players p..b−1 from the free cards.
func (e *enumerator) deal(p int, free uint32) {
	if p == e.b {
		e.counts[e.index()]++
		return
	}
	for x := 1; x <= e.top; x++ {
		if free>>x&1 == 0 {
			continue
		}
		for y := x + 1; y <= e.top; y++ {
			if free>>y&1 == 0 {
				continue
			}
			e.place(p, x, y)
			e.deal(p+1, free&^(1<<x)&^(1<<y))
		}
	}
}

// index returns the tally index of the current layout's sequence.
func (e *enumerator) index() int {
	// aPlayed: leaves where A holds the highest played card; aKept likewise.
	remP, remK := e.full, e.full
	var aPlayed, aKept uint64
	for c := e.top; c >= 1 && (remP|remK) != 0; c-- {
		p := e.owner[c]
		played := e.lit[p]
		if !e.isHi[c] {
			played = ^played & e.full
		}
		kept := ^played & e.full
		if p%2 == 1 { // position p+1 even: team A
			aPlayed |= remP & played
			aKept |= remK & kept
		}
		remP &^= played
		remK &^= kept
	}
	geq1, geq2 := aPlayed|aKept, aPlayed&aKept
	idx := 0
	for s := range e.b {
		idx = 3*idx + e.quantify(geq1, s) + e.quantify(geq2, s)
	}
	return idx
}

// quantify returns 1 if A reaches the threshold whose leaf table is f when
// player s (0-based) leads: the players' choices are quantified from the
// last mover inwards, ∃ for A (odd 0-based index), ∀ for P.
func (e *enumerator) quantify(f uint64, s int) int {
	for t := e.b - 1; t >= 0; t-- {
		i := (s + t) % e.b
		shift := uint(1) << i
		lo := f &^ e.lit[i]
		hi := (f & e.lit[i]) >> shift
		var g uint64
		if i%2 == 1 {
			g = lo | hi
		} else {
			g = lo & hi
		}
		f = g | g<<shift
	}
	return int(f & 1)
}

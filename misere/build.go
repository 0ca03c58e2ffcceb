package misere

import (
	"context"
	"fmt"

	"github.com/grundy/grundy/impartial"
)

// Settings bound a quotient computation.
type Settings struct {
	// MaxSize is the most elements a quotient may have; 0 means
	// DefaultMaxSize. The construction also tries candidate monoids of up
	// to 8·MaxSize elements (before reduction).
	MaxSize int
	// Budget bounds the work: MaxPositions the sums one verification
	// enumerates and the options listed, MaxMemory the memory held by a
	// verification. A zero field means no limit.
	Budget impartial.Budget
}

// DefaultMaxSize is the size limit of a quotient when Settings.MaxSize is 0.
const DefaultMaxSize = 1024

// maxRecalibrations bounds the candidates tried for one heap.
const maxRecalibrations = 200

// SizeError reports that a quotient grew past the size limit.
type SizeError struct {
	// Max is the limit and Heap the heap whose addition broke it.
	Max, Heap int
	// Size is the size of the quotient of heaps 0..Heap when Verified; a
	// candidate's size (reduced, not verified) otherwise.
	Size     int
	Verified bool
	// Partial is the quotient of the heaps 0..Heap−1.
	Partial *Quotient
}

func (e *SizeError) Error() string {
	if e.Verified {
		return fmt.Sprintf("misere: quotient grows past size %d at heap %d (it has %d elements there)", e.Max, e.Heap, e.Size)
	}
	return fmt.Sprintf("misere: quotient grows past size %d at heap %d (a candidate has %d elements there; the quotient itself may be smaller)", e.Max, e.Heap, e.Size)
}

// ConstructionError reports that the construction found no valid
// candidate for a heap within its limits (the quotient is then large, or
// the search for it unlucky; every quotient returned is verified).
type ConstructionError struct {
	Heap int
	Msg  string
}

func (e *ConstructionError) Error() string {
	return fmt.Sprintf("misere: no quotient found at heap %d: %s", e.Heap, e.Msg)
}

// builder computes the quotients of the heaps 0..n for n = 0, 1, 2, ….
type builder struct {
	rules   HeapRules
	hs      heapSet
	q       *table // the quotient of the heaps 0..n
	isP     []bool
	phi     []int32
	maxSize int
	maxCand int
	held    int64 // options listed
	budget  impartial.Budget
	// grew lists the heaps at which the quotient changed.
	grew []int
}

func newBuilder(rules HeapRules, s Settings) *builder {
	b := &builder{rules: rules, maxSize: s.MaxSize, budget: s.Budget}
	if b.maxSize <= 0 {
		b.maxSize = DefaultMaxSize
	}
	b.maxCand = max(8*b.maxSize, 4096)
	b.q = trivialTable()
	b.isP = []bool{false}
	return b
}

// heaps returns the number of heaps known (0..heaps−1).
func (b *builder) heaps() int { return len(b.phi) }

// options lists the moves of heap n, checking that every part is smaller.
func (b *builder) options(n int) ([][]int, error) {
	var out [][]int
	var bad error
	err := b.rules.HeapOptions(n, func(parts []int) bool {
		var keep []int
		for _, p := range parts {
			if p < 0 || p >= n {
				bad = &OptionError{Heap: n, Part: p}
				return false
			}
			if p > 0 {
				keep = append(keep, p)
			}
		}
		out = append(out, keep)
		b.held += int64(len(keep)) + 1
		if m := b.budget.MoveLimit(); m > 0 && b.held > m {
			bad = &impartial.BudgetError{Limit: impartial.LimitMoves, Max: m}
			return false
		}
		return true
	})
	if bad != nil {
		return nil, bad
	}
	return out, err
}

// add computes the quotient of the heaps 0..n, n = b.heaps().
func (b *builder) add(ctx context.Context) error {
	n := b.heaps()
	if err := ctxError(ctx); err != nil {
		return err
	}
	opts, err := b.options(n)
	if err != nil {
		return err
	}
	b.hs.opts = append(b.hs.opts, opts)
	b.phi = append(b.phi, 0)
	if len(opts) == 0 {
		return nil // a heap without moves is the game 0
	}
	b.hs.letters = append(b.hs.letters, n)
	trans := b.hs.transitions(b.q, b.phi)
	if x, ok, err := b.conservative(ctx, n, trans); err != nil || ok {
		b.phi[n] = x
		return err
	}
	// The quotient grows: start from Q × ⟨a | a⁴ = a²⟩, heap n ↦ a.
	p, err := b.candidate(ctx, b.q, b.phi, []int{n}, []cyclic{{2, 2}})
	if err != nil {
		return err
	}
	q, isP, phi, err := b.reduced(ctx, p)
	if err != nil {
		return err
	}
	skipTop := true
	for tries := 0; ; tries++ {
		trans := b.hs.transitions(q, phi)
		f, err := verify(ctx, q, isP, phi, trans, b.hs.letters, skipTop, b.limits())
		if err != nil {
			return err
		}
		if f == nil {
			if q.n > b.maxSize {
				return &SizeError{Max: b.maxSize, Heap: n, Size: q.n, Verified: true}
			}
			b.q, b.isP, b.phi = q, isP, phi
			b.grew = append(b.grew, n)
			return nil
		}
		if tries == maxRecalibrations {
			return &ConstructionError{Heap: n, Msg: fmt.Sprintf("%d candidates failed", tries)}
		}
		skipTop = false
		if q, isP, phi, err = b.recalibrate(ctx, n, q, isP, phi, f); err != nil {
			return err
		}

	}
}

type limits struct{ steps, memory int64 }

func (b *builder) limits() limits {
	return limits{steps: b.budget.MaxPositions, memory: b.budget.MaxMemory}
}

// conservative looks for an element x of the current quotient that heap n
// can be mapped to with the quotient unchanged (Plambeck–Siegel's
// "conservative extension"): x is a P-element exactly when no option of n
// is, condition (b) holds for the new heap, and condition (c) for the sums
// containing it. If x exists it is unique: two such elements would be
// indistinguishable.
func (b *builder) conservative(ctx context.Context, n int, trans [][]int32) (int32, bool, error) {
	q, isP := b.q, b.isP
	tn := trans[n]
	heapP := true
	for _, t := range tn {
		if isP[t] {
			heapP = false
		}
	}
next:
	for x := int32(0); int(x) < q.n; x++ {
		if isP[x] != heapP {
			continue
		}
		if err := ctxError(ctx); err != nil {
			return 0, false, err
		}
		for y := int32(0); int(y) < q.n; y++ {
			if !isP[q.product(y, x)] {
				continue
			}
			for _, t := range tn {
				if isP[q.product(y, t)] {
					continue next
				}
			}
		}
		b.phi[n] = x
		f, err := verify(ctx, q, isP, b.phi, trans, b.hs.letters, true, b.limits())
		if err != nil {
			return 0, false, err
		}
		if f == nil {
			return x, true, nil
		}
	}
	return 0, false, nil
}

// pretension is a candidate before reduction: a product monoid, the heap
// images and the P-portion marked on it.
type pretension struct {
	m   *product
	phi []int32
	isP []bool
}

// candidate builds the pretension base × C(free heaps): the heaps in free
// map to the generators of the cyclic monoids cyc, the other heaps to
// their images phi in base. It marks the P-portion.
func (b *builder) candidate(ctx context.Context, base monoid, phi []int32, free []int, cyc []cyclic) (*pretension, error) {
	m := newProduct(base, cyc)
	mphi := make([]int32, len(phi))
	copy(mphi, phi)
	for i, h := range free {
		mphi[h] = m.generator(i)
	}
	trans := b.hs.transitions(m, mphi)
	isP, _, _, err := mark(ctx, m, mphi, trans, b.hs.letters, false, b.limits())
	if err != nil {
		return nil, err
	}
	return &pretension{m, mphi, isP}, nil
}

// reduced returns the quotient of a pretension (see reduce).
func (b *builder) reduced(ctx context.Context, p *pretension) (*table, []bool, []int32, error) {
	if err := b.checkMemory(min(p.m.size, 2*b.maxSize)); err != nil {
		return nil, nil, nil, err
	}
	q, qP, qphi, size, err := reduce(ctx, p.m, p.phi, p.isP, b.hs.letters, 2*b.maxSize)
	if err != nil {
		return nil, nil, nil, err
	}
	if q == nil {
		return nil, nil, nil, &SizeError{Max: b.maxSize, Heap: len(p.phi) - 1, Size: size}
	}
	return q, qP, qphi, nil
}

// tableBytes is the memory a multiplication table of n elements holds.
func tableBytes(n int) int64 { return 4 * int64(n) * int64(n) }

// checkMemory refuses, before building it, a table the budget cannot hold.
func (b *builder) checkMemory(n int) error {
	if m := b.budget.MaxMemory; m > 0 && tableBytes(n) > m {
		return &impartial.BudgetError{Limit: impartial.LimitMemory, Max: m}
	}
	return nil
}

// image returns Φ(F) of a sum given as exponents of the letters.
func (b *builder) image(m monoid, phi []int32, f failure) int32 {
	x := int32(0)
	for li, c := range f {
		for range c {
			x = m.mul(x, phi[b.hs.letters[li]])
		}
	}
	return x
}

// recalibrate repairs a candidate that fails at the sum f (the least
// failure, so its true outcome is the opposite of the candidate's): as in
// Siegel's MisereSolver, the heaps of f are freed from the candidate's
// relations, a few at a time (fewest first): the others keep their images
// in the submonoid they generate, each freed heap gets a cyclic monoid of
// its own, large enough for its exponent in f. The first such candidate
// that gets f right is returned; it is verified by the caller.
func (b *builder) recalibrate(ctx context.Context, n int, q *table, isP []bool, phi []int32, f failure) (*table, []bool, []int32, error) {
	shouldP := !isP[b.image(q, phi, f)]
	var involved []int
	for li, c := range f {
		if c > 0 {
			involved = append(involved, li)
		}
	}
	tried, tooBig := 0, 0
	for size := 1; size <= len(involved); size++ {
		var found *pretension
		var ferr error
		combinations(len(involved), size, func(pick []int) bool {
			tried++
			if tried > 4*maxRecalibrations {
				return false
			}
			free := make([]int, len(pick))
			cyc := make([]cyclic, len(pick))
			inFree := map[int]bool{}
			prod := 1
			for i, k := range pick {
				li := involved[k]
				h := b.hs.letters[li]
				free[i] = h
				inFree[h] = true
				idx, per := powerIndex(q, phi[h])
				cyc[i] = cyclic{index: max(idx, int(f[li])-1, 1), period: max(per, 2)}
				prod *= cyc[i].size()
			}
			base, bphi := b.regenerate(q, phi, inFree)
			if base.len()*prod > b.maxCand {
				tooBig = max(tooBig, base.len()*prod)
				return true
			}
			p, err := b.candidate(ctx, base, bphi, free, cyc)
			if err != nil {
				ferr = err
				return false
			}
			if p.isP[b.image(p.m, p.phi, f)] == shouldP {
				found = p
				return false
			}
			return true
		})
		if ferr != nil {
			return nil, nil, nil, ferr
		}
		if found != nil {
			return b.reduced(ctx, found)
		}
	}
	if tooBig > 0 {
		return nil, nil, nil, &SizeError{Max: b.maxSize, Heap: n, Size: tooBig}
	}
	return nil, nil, nil, &ConstructionError{Heap: n, Msg: fmt.Sprintf("no candidate repairs the failure at the sum %s", b.describe(f))}
}

// regenerate returns the submonoid of q generated by the images of the
// heaps not in free, and those images in it (free heaps map to 1).
func (b *builder) regenerate(q *table, phi []int32, free map[int]bool) (*sub, []int32) {
	var alpha []int32
	for _, h := range b.hs.letters {
		if !free[h] {
			alpha = append(alpha, phi[h])
		}
	}
	s := &sub{t: q, elems: []int32{0}, idx: make([]int32, q.n)}
	for i := range s.idx {
		s.idx[i] = -1
	}
	s.idx[0] = 0
	for i := 0; i < len(s.elems); i++ {
		for _, a := range alpha {
			y := q.product(s.elems[i], a)
			if s.idx[y] < 0 {
				s.idx[y] = int32(len(s.elems))
				s.elems = append(s.elems, y)
			}
		}
	}
	bphi := make([]int32, len(phi))
	for h, x := range phi {
		if !free[h] {
			bphi[h] = s.idx[x]
		}
	}
	return s, bphi
}

func (b *builder) describe(f failure) string {
	s := ""
	for li := len(f) - 1; li >= 0; li-- {
		for range f[li] {
			if s != "" {
				s += "+"
			}
			s += fmt.Sprint(b.hs.letters[li])
		}
	}
	if s == "" {
		return "0"
	}
	return s
}

// combinations calls f with every size-k subset of 0..n−1, as ascending
// indices, until f returns false.
func combinations(n, k int, f func([]int) bool) {
	pick := make([]int, k)
	var rec func(start, i int) bool
	rec = func(start, i int) bool {
		if i == k {
			return f(pick)
		}
		for j := start; j <= n-(k-i); j++ {
			pick[i] = j
			if !rec(j+1, i+1) {
				return false
			}
		}
		return true
	}
	rec(0, 0)
}

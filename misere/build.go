package misere

import (
	"context"
	"fmt"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/notation"
)

// Settings bound a quotient computation. Every bound is a count of work or
// bytes, never a time: the same question gets the same answer on any
// machine (only a deadline on ctx, which the caller sets, stops a
// computation by time).
type Settings struct {
	// MaxSize, when positive, is the most elements a quotient may have
	// (a *impartial.BudgetError of LimitSize past it). Zero: no limit but the memory budget.
	MaxSize int
	// MaxHeaps bounds Extend: the largest heap it adds (0: DefaultMaxHeaps).
	MaxHeaps int
	// MaxWork, when positive, bounds the whole computation's work: sums
	// enumerated by the verifications, products formed by the extension
	// checks and reductions (a *impartial.BudgetError past it). It is how a
	// question that may fall back on search bounds the quotient it tries
	// first, independently of the machine's speed.
	MaxWork int64
	// Budget bounds the work: MaxPositions the sums one verification
	// enumerates, MaxMoves the options of one heap, MaxMemory the memory
	// the computation holds (options, the quotient, candidates and
	// verifications, estimated before they are allocated). A zero field
	// means no limit.
	Budget impartial.Budget
	// Checkpoint, when set, is a file the computation saves its state to
	// after every heap, and resumes from when it exists (see Checkpoint).
	Checkpoint string
	// Key names the rules in the checkpoint: a checkpoint saved under
	// another key is refused.
	Key string
	// Content is what defines the rules besides Key (catalog.Game.Content: a
	// rule file's hash), "" when Key does: a checkpoint saved under
	// another content is refused too (its state is another game's).
	Content string
	// Progress, when set, is called after every heap with the heap, the
	// order of the quotient of the heaps up to it and the size of its
	// P-portion.
	Progress func(heap, size, pSize int)
	// Candidate, when set, is called when a heap's candidate (a
	// pretension, before it is reduced) is larger than any before for that
	// heap, with the heap and the candidate's size: a long heap's progress.
	Candidate func(heap, size int)
	// Resumed, when set, is called once the checkpoint is read, with the
	// number of heaps it held (0 when there was none).
	Resumed func(heaps int)
}

// DefaultMaxHeaps bounds Extend when Settings.MaxHeaps is 0.
const DefaultMaxHeaps = 100_000

// maxRecalibrations bounds the candidates tried for one heap.
const maxRecalibrations = 200

// sizeError is the stop of a quotient grown past Settings.MaxSize (max) at
// heap (or position: unit) heap: a *impartial.BudgetError of LimitSize.
// size is the size of the quotient of heaps 0..heap when verified; a
// candidate's size (reduced, not verified) otherwise.
func sizeError(max, heap, size int, verified bool, unit string) error {
	words := fmt.Sprintf("the quotient grows past %d elements at %s %d (it has %d there)", max, unitName(unit), heap, size)
	if !verified {
		words = fmt.Sprintf("the quotient grows past %d elements at %s %d (a candidate has %d there; the quotient itself may be smaller)", max, unitName(unit), heap, size)
	}
	return &impartial.BudgetError{Limit: impartial.LimitSize, Max: int64(max), Words: words}
}

// unitName is the word for what the rules number ("" is "heap").
func unitName(u string) string {
	if u == "" {
		return "heap"
	}
	return u
}

// unitNamer is implemented by rules that number something else than
// heaps (PositionRules: positions), for messages.
type unitNamer interface{ unit() string }

// unitOf returns what the rules number: "heap" or the rules' own word.
func unitOf(r HeapRules) string {
	if u, ok := r.(unitNamer); ok {
		return u.unit()
	}
	return "heap"
}

// StopError reports a computation stopped by a limit (Err: an *impartial.BudgetError of any limit,
// an *impartial.BudgetError, …) while adding heap Heap. Partial is the
// quotient of the heaps 0..Heap−1, which is right as far as it goes.
type StopError struct {
	Heap int
	// Size is the order of the quotient of the heaps 0..Heap−1; Candidate
	// the order of the largest candidate built for Heap (0: none).
	Size, Candidate int
	Err             error
	Partial         *Quotient
	// Unit is what the rules number ("heap", or "position" for PositionRules). For PositionRules
	// ("position"), Closure is the number of positions of the closed set
	// and Position the position numbered Heap, written out ("" for heap 0,
	// the empty sum).
	Unit     string
	Closure  int
	Position string
}

func (e *StopError) Error() string {
	if e.Unit == "position" {
		return e.positionsError()
	}
	cand := ""
	if e.Candidate > 0 {
		cand = fmt.Sprintf("; a candidate of %d elements for heap %d", e.Candidate, e.Heap)
	}
	if e.Heap == 0 {
		return fmt.Sprintf("misère quotient stopped at heap 0: %v", e.Err)
	}
	return fmt.Sprintf("misère quotient stopped at heap %d (the quotient of the heaps 0..%d has %d elements%s): %v", e.Heap, e.Heap-1, e.Size, cand, e.Err)
}

// positionsError names the position a quotient of positions stopped at,
// rather than a heap.
func (e *StopError) positionsError() string {
	cand := ""
	if e.Candidate > 0 {
		cand = fmt.Sprintf("; a candidate of %d elements for it", e.Candidate)
	}
	if e.Heap == 0 {
		return fmt.Sprintf("misère quotient stopped before its first position: %v", e.Err)
	}
	return fmt.Sprintf("misère quotient stopped at position %d of %d, %s (the quotient of the positions before it has %d elements%s): %v",
		e.Heap, e.Closure, notation.Quote(e.Position), e.Size, cand, e.Err)
}

func (e *StopError) Unwrap() error { return e.Err }

// ConstructionError reports that the construction found no valid
// candidate for a heap within its limits (the quotient is then large, or
// the search for it unlucky; every quotient returned is verified).
type ConstructionError struct {
	Heap int
	Msg  string
	// Unit is what the rules number, as StopError's.
	Unit string
}

func (e *ConstructionError) Error() string {
	return fmt.Sprintf("no quotient found at %s %d: %s", unitName(e.Unit), e.Heap, e.Msg)
}

// builder computes the quotients of the heaps 0..n for n = 0, 1, 2, ….
type builder struct {
	rules   HeapRules
	hs      heapSet
	q       *cayley // the quotient of the heaps 0..n
	isP     []bool
	lt      []int32 // the letter of each heap (−1: no move, image 1)
	maxSize int
	maxCand int
	budget  impartial.Budget
	work    *work
	// grew lists the heaps at which the quotient changed.
	grew []int
	// cand is the largest candidate built for the heap being added, and
	// onCand Settings.Candidate (noteCandidate).
	cand   int
	onCand func(heap, size int)
	// unit is what the rules number ("heap", "position"), for messages.
	unit string
	// trans caches T(h) of the heaps 0..len(trans)−1 as words in the
	// letters of transQ. It stays valid while the quotient does not change
	// (a conservative extension keeps it, adding at most a letter that no
	// smaller heap uses), so each heap adds its own transitions rather than
	// recomputing every heap's (issue 43: recomputing them for every heap
	// and every candidate element made Kayles to heap 200 cost 3.2 times
	// the instructions of d8fe8c5). held does not count it, as it did not
	// count the transitions each heap's verification rebuilt before (twice,
	// in a conservative extension): at most one word per option.
	trans  [][][]int32
	transQ *cayley
}

func newBuilder(rules HeapRules, s Settings) *builder {
	b := &builder{rules: rules, maxSize: s.MaxSize, budget: s.Budget, unit: unitOf(rules), onCand: s.Candidate}
	if b.maxSize > 0 {
		b.maxCand = max(8*b.maxSize, 4096)
	}
	b.work = &work{max: s.MaxWork}
	b.q = trivialCayley()
	b.isP = []bool{false}
	return b
}

// heaps returns the number of heaps known (0..heaps−1).
func (b *builder) heaps() int { return len(b.lt) }

// held returns the memory the builder holds between heaps.
func (b *builder) held() int64 {
	return b.hs.bytes() + cayleyBytes(b.q.n, b.q.k) + int64(b.q.n) + 4*int64(len(b.lt))
}

// limits returns the bounds of one enumeration: the memory left over what
// the builder holds.
func (b *builder) limits() limits {
	l := limits{steps: b.budget.MaxPositions, work: b.work, budget: b.budget.MaxMemory}
	if m := b.budget.MaxMemory; m > 0 {
		l.memory = max(m-b.held(), 1)
	}
	return l
}

// memoryError reports that what would need need bytes does not fit.
func (b *builder) memoryError(what string) error {
	return &impartial.BudgetError{Limit: impartial.LimitMemory, Max: b.budget.MaxMemory, What: what}
}

// options lists the moves of heap n, checking that every part is smaller.
func (b *builder) options(n int) ([]int32, error) {
	return b.optionsUnder(context.Background(), n)
}

// optionsUnder is options under ctx: the context is checked, and the
// memory the list takes against the budget, every closureWork moves, so
// that a heap with millions of moves (a take-and-break code's partitions)
// neither runs past the deadline nor allocates past the budget before it
// is refused (issue 45).
func (b *builder) optionsUnder(ctx context.Context, n int) ([]int32, error) {
	var out []int32
	var bad error
	count := int64(0)
	limit := b.budget.MoveLimit()
	held := b.held()
	err := b.rules.HeapOptions(n, func(parts []int) bool {
		if count%closureWork == closureWork-1 {
			if bad = ctxError(ctx); bad != nil {
				return false
			}
			if m := b.budget.MaxMemory; m > 0 && held+4*int64(len(out)) > m {
				bad = b.memoryError(fmt.Sprintf("the options of the %ss 0..%d", b.unit, n))
				return false
			}
		}
		at := len(out)
		out = append(out, 0)
		for _, p := range parts {
			if p < 0 || p >= n {
				bad = &OptionError{Heap: n, Part: p}
				return false
			}
			if p > 0 {
				out = append(out, int32(p))
			}
		}
		out[at] = int32(len(out) - at - 1)
		if count++; limit > 0 && count > limit {
			bad = &impartial.BudgetError{Limit: impartial.LimitMoves, Max: limit, What: fmt.Sprintf("the moves of %s %d", b.unit, n)}
			return false
		}
		return true
	})
	if bad != nil {
		return nil, bad
	}
	if err != nil {
		return nil, err
	}
	if m := b.budget.MaxMemory; m > 0 && b.held()+4*int64(len(out)) > m {
		return nil, b.memoryError(fmt.Sprintf("the options of the %ss 0..%d", b.unit, n))
	}
	return out, nil
}

// add computes the quotient of the heaps 0..n, n = b.heaps().
func (b *builder) add(ctx context.Context) error {
	n := b.heaps()
	b.cand = 0
	if err := ctxError(ctx); err != nil {
		return err
	}
	opts, err := b.optionsUnder(ctx, n)
	if err != nil {
		return err
	}
	b.hs.opts = append(b.hs.opts, opts)
	b.lt = append(b.lt, -1)
	if len(opts) == 0 {
		return nil // a heap without moves is the game 0
	}
	b.hs.letters = append(b.hs.letters, n)
	if ok, err := b.conservative(ctx, n); err != nil || ok {
		if err != nil {
			b.undo(n)
		}
		return err
	}
	if err := b.grow(ctx, n); err != nil {
		b.undo(n)
		return err
	}
	return nil
}

// transitions returns T(h) of every heap known, in the letters of b.q,
// from the cache (see builder.trans).
func (b *builder) transitions() [][][]int32 {
	if b.transQ != b.q {
		b.trans, b.transQ = b.hs.transitions(b.q, b.lt), b.q
		return b.trans
	}
	if len(b.trans) < len(b.hs.opts) {
		var d dedup
		for h := len(b.trans); h < len(b.hs.opts); h++ {
			var t [][]int32
			if len(b.hs.opts[h]) > 0 {
				t = b.hs.transitionsOf(h, b.q, b.lt, &d)
			}
			b.trans = append(b.trans, t)
		}
	}
	return b.trans
}

// undo forgets heap n after a failure to add it.
func (b *builder) undo(n int) {
	b.trans = b.trans[:min(len(b.trans), n)]
	b.hs.opts = b.hs.opts[:n]
	b.lt = b.lt[:n]
	if k := len(b.hs.letters); k > 0 && b.hs.letters[k-1] == n {
		b.hs.letters = b.hs.letters[:k-1]
	}
}

// grow finds the quotient of the heaps 0..n when it is larger than that of
// the heaps below n.
func (b *builder) grow(ctx context.Context, n int) error {
	// Start from Q × ⟨a | a⁴ = a²⟩, heap n ↦ a.
	p, err := b.candidate(ctx, b.q, b.lt, []int{n}, []cyclic{{2, 2}})
	if err != nil {
		return err
	}
	q, isP, lt, err := b.reduced(ctx, p, n)
	if err != nil {
		return err
	}
	sc := verifyTop
	for tries := 0; ; tries++ {
		trans := b.hs.transitions(q, lt)
		f, err := verify(ctx, q, isP, lt, trans, b.hs.letters, sc, b.limitsWith(q))
		if err != nil {
			return err
		}

		if f == nil {
			if b.maxSize > 0 && q.n > b.maxSize {
				return sizeError(b.maxSize, n, q.n, true, b.unit)
			}
			b.q, b.isP, b.lt = q, isP, lt
			b.trans, b.transQ = trans, q
			b.grew = append(b.grew, n)
			return nil
		}
		if tries == maxRecalibrations {
			return &ConstructionError{Heap: n, Msg: fmt.Sprintf("%d candidates failed", tries), Unit: b.unit}
		}
		sc = verifyAll
		if q, isP, lt, err = b.recalibrate(ctx, n, q, isP, lt, f); err != nil {
			return err
		}
	}
}

// limitsWith returns the limits of an enumeration over a candidate q held
// besides the builder's own quotient.
func (b *builder) limitsWith(q *cayley) limits {
	l := b.limits()
	if l.memory > 0 {
		l.memory = max(l.memory-cayleyBytes(q.n, q.k), 1)
	}
	return l
}

// conservative looks for an element x of the current quotient that heap n
// can be mapped to with the quotient unchanged (Plambeck–Siegel's
// "conservative extension"): x is a P-element exactly when no option of n
// is, condition (b) holds for the new heap, and condition (c) for the sums
// containing it. If x exists it is unique: two such elements would be
// indistinguishable. On success the builder holds the extension.
func (b *builder) conservative(ctx context.Context, n int) (bool, error) {
	q, isP := b.q, b.isP
	// T(h) does not depend on heap n's own letter (every part of an
	// option of h ≤ n is smaller than n), nor on the letter withLetter may
	// add, so the same transitions serve every candidate x.
	trans := b.transitions()
	tn := trans[n]
	heapP := true
	for _, t := range tn {
		if isP[times(q, 0, t)] {
			heapP = false
		}
	}
	// hit[y]: y + heap n has an option imaged in P, whatever x is.
	hit := make([]bool, q.n)
	var hits []int32
	for y := int32(0); int(y) < q.n; y++ {
		for _, t := range tn {
			if isP[times(q, y, t)] {
				hit[y] = true
				hits = append(hits, y)
				break
			}
		}
	}
	if err := b.work.add(int64(q.n) * int64(len(tn)+1)); err != nil {
		return false, err
	}
	row := make([]int32, q.n)
next:
	for x := int32(0); int(x) < q.n; x++ {
		if isP[x] != heapP {
			continue
		}
		if x&255 == 0 {
			if err := ctxError(ctx); err != nil {
				return false, err
			}
		}
		// Condition (b) for the sums y + heap n: y·x ∈ P and hit[y].
		if len(hits)*int(q.depth[x]+1) < q.n {
			if err := b.work.add(int64(len(hits)) * int64(q.depth[x]+1)); err != nil {
				return false, err
			}
			for _, y := range hits {
				if isP[q.mul(y, x)] {
					continue next
				}
			}
		} else {
			if err := b.work.add(int64(q.n)); err != nil {
				return false, err
			}
			q.row(x, row)
			for _, y := range hits {
				if isP[row[y]] {
					continue next
				}
			}
		}
		// Heap n as a letter: an existing letter with image x, or a new one.
		ext, j := q.withLetter(x)
		b.lt[n] = j
		f, err := verify(ctx, ext, isP, b.lt, trans, b.hs.letters, verifyExtension, b.limitsWith(ext))
		if err != nil {
			b.lt[n] = -1
			return false, err
		}
		if f == nil {
			b.q, b.transQ = ext, ext
			return true, nil
		}
		b.lt[n] = -1
	}
	return false, nil
}

// withLetter returns c with a letter whose image is x: c itself when a
// letter is x already, otherwise c with one more letter (a new column of
// actions: y·x for every y).
func (c *cayley) withLetter(x int32) (*cayley, int32) {
	for j := 0; j < c.k; j++ {
		if c.acts[j] == x {
			return c, int32(j)
		}
	}
	k := c.k + 1
	e := &cayley{n: c.n, k: k, acts: make([]int32, c.n*k)}
	row := make([]int32, c.n)
	c.row(x, row)
	for y := 0; y < c.n; y++ {
		copy(e.acts[y*k:y*k+c.k], c.acts[y*c.k:(y+1)*c.k])
		e.acts[y*k+c.k] = row[y]
	}
	// The breadth-first tree over every letter: the same tree whether the
	// table was built here or read back from a checkpoint.
	e.tree()
	return e, int32(c.k)
}

// pretension is a candidate before reduction: a product monoid, the heap
// letters and the P-portion marked on it.
type pretension struct {
	m   *product
	lt  []int32
	isP []bool
}

// candidate builds the pretension base × C(free heaps): the heaps in free
// map to the generators of the cyclic monoids cyc, the other heaps to
// their letters blt in base. It marks the P-portion.
func (b *builder) candidate(ctx context.Context, base *cayley, blt []int32, free []int, cyc []cyclic) (*pretension, error) {
	m := newProduct(base, cyc)
	b.noteCandidate(m.size)
	lt := make([]int32, len(b.lt))
	copy(lt, blt)
	for i, h := range free {
		lt[h] = m.generator(i)
	}
	lim := b.limitsWith(base)
	if need := reduceBytes(m.size, m.size, m.letters()); lim.memory > 0 && need > lim.memory {
		return nil, b.memoryError(fmt.Sprintf("a candidate of %d elements for %s %d", m.size, b.unit, len(b.lt)-1))
	}
	trans := b.hs.transitions(m, lt)
	isP, _, err := mark(ctx, m, lt, trans, b.hs.letters, nil, lim)
	if err != nil {
		return nil, err
	}
	return &pretension{m, lt, isP}, nil
}

// reduced returns the quotient of a pretension (see reduce).
func (b *builder) reduced(ctx context.Context, p *pretension, n int) (*cayley, []bool, []int32, error) {
	maxClasses := 0
	if b.maxSize > 0 {
		maxClasses = 2 * b.maxSize
	}
	q, qP, qlt, size, err := reduce(ctx, p.m, p.lt, p.isP, b.hs.letters, maxClasses, b.limitsWith(p.m.base))
	if err != nil {
		return nil, nil, nil, err
	}
	if q == nil {
		return nil, nil, nil, sizeError(b.maxSize, n, size, false, b.unit)
	}
	return q, qP, qlt, nil
}

// image returns Φ(F) of a sum given as exponents of the letters.
func (b *builder) image(m monoid, lt []int32, f failure) int32 {
	x := int32(0)
	for li, c := range f {
		for range c {
			x = m.act(x, lt[b.hs.letters[li]])
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
func (b *builder) recalibrate(ctx context.Context, n int, q *cayley, isP []bool, lt []int32, f failure) (*cayley, []bool, []int32, error) {
	shouldP := !isP[b.image(q, lt, f)]
	var involved []int
	for li, c := range f {
		if c > 0 {
			involved = append(involved, li)
		}
	}
	lim := b.limitsWith(q)
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
				// The index covers the exponent in f; the period grows
				// with the index (Siegel's MisereSolver: 2⌊(index−4)/2⌋),
				// so that a heap freed again and again gets the longer
				// periods a true quotient may need, not only a longer tail.
				idx, per := powerIndex(q, lt[h])
				index := max(idx, int(f[li])-1, 1)
				cyc[i] = cyclic{index: index, period: max(per, 2, 2*((index-4)/2))}
				prod *= cyc[i].size()
			}
			base, blt := b.regenerate(q, lt, inFree)
			size := base.n * prod
			if (b.maxCand > 0 && size > b.maxCand) || (lim.memory > 0 && reduceBytes(size, size, base.k+len(cyc))+cayleyBytes(base.n, base.k) > lim.memory) {
				tooBig = max(tooBig, size)
				return true
			}
			p, err := b.candidate(ctx, base, blt, free, cyc)
			if err != nil {
				ferr = err
				return false
			}
			if p.isP[b.image(p.m, p.lt, f)] == shouldP {
				found = p
				return false
			}
			return true
		})
		if ferr != nil {
			return nil, nil, nil, ferr
		}
		if found != nil {
			return b.reduced(ctx, found, n)
		}
	}
	if tooBig > 0 {
		b.noteCandidate(tooBig)
		if b.maxCand > 0 && tooBig > b.maxCand {
			return nil, nil, nil, sizeError(b.maxSize, n, tooBig, false, b.unit)
		}
		return nil, nil, nil, b.memoryError(fmt.Sprintf("the candidates repairing the sum %s (%d elements)", b.describe(f), tooBig))
	}
	return nil, nil, nil, &ConstructionError{Heap: n, Msg: fmt.Sprintf("no candidate repairs the failure at the sum %s", b.describe(f)), Unit: b.unit}
}

// regenerate returns the submonoid of q generated by the images of the
// heaps not in free, as a Cayley table over their letters, and their
// letters in it (−1 for the free heaps).
func (b *builder) regenerate(q *cayley, lt []int32, free map[int]bool) (*cayley, []int32) {
	var alpha []int32
	pos := map[int32]int32{}
	for _, h := range b.hs.letters {
		if free[h] {
			continue
		}
		if _, ok := pos[lt[h]]; !ok {
			pos[lt[h]] = int32(len(alpha))
			alpha = append(alpha, lt[h])
		}
	}
	idx := make([]int32, q.n)
	for i := range idx {
		idx[i] = -1
	}
	elems := []int32{0}
	idx[0] = 0
	for i := 0; i < len(elems); i++ {
		for _, a := range alpha {
			y := q.act(elems[i], a)
			if idx[y] < 0 {
				idx[y] = int32(len(elems))
				elems = append(elems, y)
			}
		}
	}
	k := len(alpha)
	s := &cayley{n: len(elems), k: k, acts: make([]int32, len(elems)*k)}
	for i, x := range elems {
		for j, a := range alpha {
			s.acts[i*k+j] = idx[q.act(x, a)]
		}
	}
	s.tree()
	blt := make([]int32, len(lt))
	for h := range blt {
		blt[h] = -1
	}
	for _, h := range b.hs.letters {
		if !free[h] {
			blt[h] = pos[lt[h]]
		}
	}
	return s, blt
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

package misere

import (
	"context"
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"math/bits"
	"slices"

	"github.com/grundy/grundy/impartial"
)

// A pretension (Plambeck–Siegel's term) is a candidate quotient of the
// sums of heaps 0..n: a finite commutative monoid M, the image Φ(h) ∈ M of
// every heap, and a P-portion P ⊆ M. Φ extends to sums as a homomorphism.
// The transitions T(h) are the images of the options of heap h.
//
// The pretension is valid when, for every sum G, Φ(G) ∈ P exactly when G
// is a misère P-position. By induction on G that holds if and only if
//
//	(a) 1 ∉ P (the empty sum is an N-position);
//	(b) no sum G with Φ(G) ∈ P has an option G' with Φ(G') ∈ P;
//	(c) every sum G with a move and Φ(G) ∉ P has an option with Φ(G') ∈ P.
//
// The options of G = X + h are X + h', so (b) says: for every x ∈ M and
// heap h, if x·Φ(h) ∈ P then x·t ∉ P for every t ∈ T(h) (every x is some
// Φ(X) when Φ is onto M). Condition (c) depends on the whole set T(G) =
// ∪ Φ(G−h)·T(h) of images of G's options, which is checked by enumerating
// sums in lexicographic order, pruning a sum G2 when an earlier sum G1 has
// Φ(G1) = Φ(G2) and T(G1) ⊆ T(G2): then for every Y, T(G1+Y) ⊆ T(G2+Y),
// so a failure at G2+Y means one at the earlier G1+Y. The pairs (element,
// minimal transition set) form finite antichains, so the search ends.
// This is the verification of Siegel's MisereSolver (A. N. Siegel,
// MisereSolver, 2006; in CGSuite's repository since 2023), reimplemented.
//
// A valid pretension maps onto the quotient: games with the same image are
// indistinguishable. Identifying the elements x, y with xz ∈ P ⇔ yz ∈ P
// for every z (the Myhill–Nerode congruence of M read as an automaton over
// the heap images) gives the quotient itself.
//
// Heap images are letters of the monoid (lt[h], −1 for a heap without
// moves, whose image is 1), and a transition is a word in the letters (the
// letters of an option's heaps), so that x·t is a few lookups.

// heapSet is the data of a heap game up to some heap: the letters (heaps
// with at least one move, ascending) and, per heap, its options' parts.
type heapSet struct {
	// opts[h] holds the options of heap h: for each, its number of parts
	// and the parts (heaps of at least 1 token).
	opts    [][]int32
	letters []int
}

// bytes is the memory the options hold.
func (hs *heapSet) bytes() int64 {
	n := int64(0)
	for _, o := range hs.opts {
		n += 4*int64(len(o)) + 24
	}
	return n
}

// transitions returns T(h) for every heap, each transition a word in the
// letters of m (duplicates by their element removed).
func (hs *heapSet) transitions(m monoid, lt []int32) [][][]int32 {
	tr := make([][][]int32, len(hs.opts))
	var d dedup
	for _, h := range hs.letters {
		tr[h] = hs.transitionsOf(h, m, lt, &d)
	}
	return tr
}

// dedup is a set of the elements of one transition set: open addressing
// in a table of at least twice the options of the heap (so its memory is
// that of the options, whatever the monoid's size), slots in use marked
// by the generation.
type dedup struct {
	keys  []int32
	gen   []uint32
	cur   uint32
	shift uint
	buf   []int32
}

// reset empties the set for a heap of n options.
func (d *dedup) reset(n int) {
	size := 16
	for size < 2*n {
		size *= 2
	}
	if size > len(d.keys) {
		d.keys, d.gen, d.cur = make([]int32, size), make([]uint32, size), 0
		d.shift = uint(32 - bits.TrailingZeros(uint(size)))
	}
	if d.cur++; d.cur == 0 {
		clear(d.gen)
		d.cur = 1
	}
}

// add adds x and reports whether it was new.
func (d *dedup) add(x int32) bool {
	mask := uint32(len(d.keys) - 1)
	for i := (uint32(x) * 0x9e3779b1) >> d.shift; ; i = (i + 1) & mask {
		if d.gen[i] != d.cur {
			d.gen[i], d.keys[i] = d.cur, x
			return true
		}
		if d.keys[i] == x {
			return false
		}
	}
}

// transitionsOf returns T(h): for each option of heap h whose image is new,
// in the order of the options, the word of its letters. The words share one
// backing array, each capped at its length.
func (hs *heapSet) transitionsOf(h int, m monoid, lt []int32, d *dedup) [][]int32 {
	o := hs.opts[h]
	n := 0
	for i := 0; i < len(o); i += 1 + int(o[i]) {
		n++
	}
	d.reset(n)
	buf := d.buf[:0]
	var ends []int
	for i := 0; i < len(o); {
		k := int(o[i])
		at := len(buf)
		x := int32(0)
		for _, p := range o[i+1 : i+1+k] {
			if j := lt[p]; j >= 0 {
				x = m.act(x, j)
				buf = append(buf, j)
			}
		}
		i += 1 + k
		if !d.add(x) {
			buf = buf[:at]
			continue
		}
		ends = append(ends, at, len(buf))
	}
	d.buf = buf
	words := make([]int32, len(buf)) // not nil: an empty word is a move to 1
	copy(words, buf)
	tr := make([][]int32, len(ends)/2)
	for i := range tr {
		a, b := ends[2*i], ends[2*i+1]
		tr[i] = words[a:b:b]
	}
	return tr
}

// times returns x·w for a word w in the letters.
func times(m monoid, x int32, w []int32) int32 {
	for _, j := range w {
		x = m.act(x, j)
	}
	return x
}

// work counts the elementary steps of a computation (sums enumerated,
// products formed) against an optional bound, for answers that must not
// depend on the machine's speed.
type work struct {
	done, max int64
}

func (w *work) add(n int64) error {
	if w == nil {
		return nil
	}
	w.done += n
	if w.max > 0 && w.done > w.max {
		return workError(w.max)
	}
	return nil
}

// workError is the stop at Settings.MaxWork: a *impartial.BudgetError of
// LimitWork, in this package's words.
func workError(max int64) error {
	return &impartial.BudgetError{Limit: impartial.LimitWork, Max: max,
		Words: fmt.Sprintf("work bound reached: more than %d steps (sums enumerated, products formed)", max)}
}

// limits bound one enumeration: steps (sums), the memory it holds, and the
// computation's total work.
type limits struct {
	steps, memory int64
	work          *work
	// budget is the memory budget reported when memory runs out (memory
	// is what is left of it).
	budget int64
}

// walker enumerates sums of heaps in lexicographic order of their exponent
// vectors, the largest heap most significant, keeping each sum's image and
// transition set (a sorted list of elements). prune decides whether a new
// sum, and every sum it is a part of later in the order, can be skipped;
// leaf sees every sum not pruned.
type walker struct {
	m monoid
	// seen[x] == gen marks x as in the set being built (duplicates are
	// dropped without sorting).
	seen    []uint32
	gen     uint32
	lt      []int32
	trans   [][][]int32
	letters []int
	buf     [][2][]int32
	counts  []int32 // exponent of each letter in the current sum
	prune   func(x int32, tr []int32) bool
	leaf    func(x int32, tr []int32) bool // false stops the walk
	// skipTop leaves out the sums without the largest letter.
	skipTop bool
	ctx     context.Context
	steps   int64
	max     int64 // step budget (0: none)
	work    *work
	err     error
	stop    bool
}

func newWalker(ctx context.Context, m monoid, lt []int32, trans [][][]int32, letters []int, lim limits) *walker {
	w := &walker{m: m, lt: lt, trans: trans, letters: letters, ctx: ctx, max: lim.steps, work: lim.work, seen: make([]uint32, m.len())}
	w.buf = make([][2][]int32, len(letters))
	w.counts = make([]int32, len(letters))
	return w
}

func (w *walker) run() error {
	w.walk(len(w.letters)-1, 0, nil, true)
	return w.err
}

func (w *walker) step() bool {
	w.steps++
	if w.steps&1023 == 0 {
		if err := ctxError(w.ctx); err != nil {
			w.err, w.stop = err, true
			return false
		}
		if err := w.work.add(1024); err != nil {
			w.err, w.stop = err, true
			return false
		}
	}
	if w.max > 0 && w.steps > w.max {
		w.err = &impartial.BudgetError{Limit: impartial.LimitPositions, Max: w.max, What: "one verification of a candidate quotient"}
		w.stop = true
		return false
	}
	return true
}

func (w *walker) walk(li int, x int32, tr []int32, top bool) {
	if w.stop {
		return
	}
	if li < 0 {
		if !w.leaf(x, tr) {
			w.stop = true
		}
		return
	}
	if !(top && w.skipTop) {
		w.walk(li-1, x, tr, false)
	}
	h := w.letters[li]
	f := w.lt[h]
	cur := tr
	bi := 0
	for c := int32(1); !w.stop && w.step(); c++ {
		nxt := w.buf[li][bi][:0]
		w.next()
		for _, t := range cur {
			nxt = w.add(nxt, w.m.act(t, f))
		}
		for _, t := range w.trans[h] {
			nxt = w.add(nxt, times(w.m, x, t))
		}
		w.buf[li][bi] = nxt
		x = w.m.act(x, f)
		w.counts[li] = c
		if w.prune(x, nxt) {
			break
		}
		w.walk(li-1, x, nxt, false)
		cur, bi = nxt, 1-bi
	}
	w.counts[li] = 0
}

// next starts a new set.
func (w *walker) next() {
	w.gen++
	if w.gen == 0 {
		clear(w.seen)
		w.gen = 1
	}
}

// add adds y to the set being built unless it is there.
func (w *walker) add(set []int32, y int32) []int32 {
	if w.seen[y] == w.gen {
		return set
	}
	w.seen[y] = w.gen
	return append(set, y)
}

// meets reports whether the set tr holds an element of P.
func meets(tr []int32, isP []bool) bool {
	for _, t := range tr {
		if isP[t] {
			return true
		}
	}
	return false
}

// mark computes the P-portion of the pretension (m, lt): each element is
// marked from the first sum, in lexicographic order, that reaches it, as a
// P-position when that sum has a move and none of its options' images is
// marked P. The options of a sum come before it in the order, so their
// images are marked first. Once an element is reached, every later sum
// containing the same part reaches elements reached before (translation
// invariance of the order), so those sums are pruned. If want is not nil,
// it records in first the first sum reaching each element x with want[x].
func mark(ctx context.Context, m monoid, lt []int32, trans [][][]int32, letters []int, want map[int32]failure, lim limits) (isP, reached []bool, err error) {
	n := m.len()
	if need := 6 * int64(n); lim.memory > 0 && need > lim.memory {
		return nil, nil, &impartial.BudgetError{Limit: impartial.LimitMemory, Max: lim.budget, What: fmt.Sprintf("marking a candidate of %d elements", n)}
	}
	isP, reached = make([]bool, n), make([]bool, n)
	w := newWalker(ctx, m, lt, trans, letters, lim)
	w.prune = func(x int32, _ []int32) bool { return reached[x] }
	w.leaf = func(x int32, tr []int32) bool {
		reached[x] = true
		isP[x] = len(tr) > 0 && !meets(tr, isP)
		if want != nil {
			if f, ok := want[x]; ok && f == nil {
				want[x] = append(failure(nil), w.counts...)
			}
		}
		return true
	}
	err = w.run()
	return isP, reached, err
}

// reduceBytes is the memory reduce needs for a monoid of n elements of
// which r are reached, with a letters.
func reduceBytes(n, r, a int) int64 { return 10*int64(n) + int64(r)*(4*int64(a)+24) }

// reachOrder returns reduce's alphabet (the letters used by heaps with
// moves), and the elements reached from the identity in breadth-first order
// with each element's index in that order (−1: not reached), under the
// memory budget.
func reachOrder(ctx context.Context, m monoid, lt []int32, letters []int, lim limits) (alpha []int32, pos map[int32]int, idx, order []int32, err error) {
	// The alphabet: the letters used by heaps with moves.
	pos = map[int32]int{}
	for _, h := range letters {
		if _, ok := pos[lt[h]]; !ok {
			pos[lt[h]] = len(alpha)
			alpha = append(alpha, lt[h])
		}
	}
	A := len(alpha)
	if need := 4 * int64(m.len()); lim.memory > 0 && need > lim.memory {
		return nil, nil, nil, nil, &impartial.BudgetError{Limit: impartial.LimitMemory, Max: lim.budget, What: fmt.Sprintf("reducing a candidate of %d elements", m.len())}
	}
	// Breadth-first order of the elements reached from the identity.
	idx = make([]int32, m.len())
	for i := range idx {
		idx[i] = -1
	}
	order = []int32{0}
	idx[0] = 0
	for i := 0; i < len(order); i++ {
		for _, a := range alpha {
			y := m.act(order[i], a)
			if idx[y] < 0 {
				idx[y] = int32(len(order))
				order = append(order, y)
			}
		}
		if i&4095 == 4095 {
			if err := ctxError(ctx); err != nil {
				return nil, nil, nil, nil, err
			}
			if need := reduceBytes(m.len(), len(order), A); lim.memory > 0 && need > lim.memory {
				return nil, nil, nil, nil, &impartial.BudgetError{Limit: impartial.LimitMemory, Max: lim.budget, What: fmt.Sprintf("reducing a candidate of %d elements", m.len())}
			}
		}
	}
	return alpha, pos, idx, order, nil
}

// reduce identifies the elements reached that no sum of heaps tells apart
// (partition refinement from {P, not P} under the heap images, Moore's
// algorithm) and returns the quotient monoid, its P-portion and the heap
// images in it. When there are more than maxClasses classes (0: no limit)
// it returns a nil table and the number of classes.
func reduce(ctx context.Context, m monoid, lt []int32, isP []bool, letters []int, maxClasses int, lim limits) (*cayley, []bool, []int32, int, error) {
	alpha, pos, idx, order, err := reachOrder(ctx, m, lt, letters, lim)
	if err != nil {
		return nil, nil, nil, 0, err
	}
	A := len(alpha)
	R := len(order)
	if need := reduceBytes(m.len(), R, A); lim.memory > 0 && need > lim.memory {
		return nil, nil, nil, 0, &impartial.BudgetError{Limit: impartial.LimitMemory, Max: lim.budget, What: fmt.Sprintf("reducing a candidate of %d elements", R)}
	}
	next := make([]int32, R*A)
	for i, x := range order {
		for j, a := range alpha {
			next[i*A+j] = idx[m.act(x, a)]
		}
	}
	class := make([]int32, R)
	hasP, hasN := false, false
	for i, x := range order {
		if isP[x] {
			class[i], hasP = 1, true
		} else {
			hasN = true
		}
	}
	nclass := 1
	if hasP && hasN {
		nclass = 2
	} else if hasP {
		clear(class)
	}
	newClass := make([]int32, R)
	seed := maphash.MakeSeed()
	var hb []byte
	type bucket struct {
		rep   int32 // an element with this signature
		class int32
		next  int32 // the next bucket with the same hash, or −1
	}
	for {
		if err := ctxError(ctx); err != nil {
			return nil, nil, nil, 0, err
		}
		if err := lim.work.add(int64(R) * int64(A+1)); err != nil {
			return nil, nil, nil, 0, err
		}
		// Signatures (class, class of each successor), by hash with
		// collisions resolved by comparison.
		heads := make(map[uint64]int32, nclass)
		var buckets []bucket
		same := func(i, r int32) bool {
			if class[i] != class[r] {
				return false
			}
			for j := 0; j < A; j++ {
				if class[next[int(i)*A+j]] != class[next[int(r)*A+j]] {
					return false
				}
			}
			return true
		}
		for i := range order {
			hb = binary.LittleEndian.AppendUint32(hb[:0], uint32(class[i]))
			for j := 0; j < A; j++ {
				hb = binary.LittleEndian.AppendUint32(hb, uint32(class[next[i*A+j]]))
			}
			hv := maphash.Bytes(seed, hb)
			bi, ok := heads[hv]
			c := int32(-1)
			last := int32(-1)
			for ok && bi >= 0 {
				if same(int32(i), buckets[bi].rep) {
					c = buckets[bi].class
					break
				}
				last, bi = bi, buckets[bi].next
			}
			if c < 0 {
				c = int32(len(buckets))
				buckets = append(buckets, bucket{rep: int32(i), class: c, next: -1})
				if !ok {
					heads[hv] = c
				} else {
					buckets[last].next = c
				}
			}
			newClass[i] = c
		}
		class, newClass = newClass, class
		if len(buckets) == nclass {
			break
		}
		nclass = len(buckets)
	}
	if maxClasses > 0 && nclass > maxClasses {
		return nil, nil, nil, nclass, nil
	}
	// Renumber the classes in breadth-first order (the identity first).
	renum := make([]int32, nclass)
	for i := range renum {
		renum[i] = -1
	}
	rep := make([]int32, 0, nclass) // index in order of each class's first element
	for i := range order {
		if renum[class[i]] < 0 {
			renum[class[i]] = int32(len(rep))
			rep = append(rep, int32(i))
		}
	}
	// The quotient's letters: the distinct classes of the letters.
	qlet := make([]int32, A) // alphabet position → quotient letter
	var qk int
	seenClass := map[int32]int32{}
	for j, a := range alpha {
		c := renum[class[idx[m.act(0, a)]]]
		l, ok := seenClass[c]
		if !ok {
			l = int32(qk)
			seenClass[c] = l
			qk++
		}
		qlet[j] = l
	}
	q := &cayley{n: nclass, k: qk, acts: make([]int32, nclass*qk)}
	for c, i := range rep {
		for j := range alpha {
			q.acts[c*qk+int(qlet[j])] = renum[class[next[int(i)*A+j]]]
		}
	}
	q.tree()
	qP := make([]bool, nclass)
	for c, i := range rep {
		qP[c] = isP[order[i]]
	}
	qlt := make([]int32, len(lt))
	for h := range qlt {
		qlt[h] = -1
	}
	for _, h := range letters {
		qlt[h] = qlet[pos[lt[h]]]
	}
	return q, qP, qlt, nclass, nil
}

// failure is a sum of heaps, as the exponent of each letter.
type failure []int32

// less compares sums in the enumeration order: the largest letter first.
func (f failure) less(g failure) bool {
	for i := len(f) - 1; i >= 0; i-- {
		if f[i] != g[i] {
			return f[i] < g[i]
		}
	}
	return false
}

// scope says which sums a verification may take as checked already.
type scope int

const (
	// verifyAll checks conditions (a)–(c) in full.
	verifyAll scope = iota
	// verifyTop takes the sums without the largest letter as checked for
	// condition (c); (a) and (b) are checked in full.
	verifyTop
	// verifyExtension is verifyTop for a conservative extension of a
	// verified pretension by its largest letter: the same elements, the
	// same P-portion and the same actions of the other letters, so (a),
	// and (b) for the other letters, held already; (b) is checked for the
	// largest letter only.
	verifyExtension
)

// verify checks conditions (a)–(c) for the pretension (q, isP, lt) and
// returns the least sum at which it fails, or nil; sc says which sums were
// checked already.
func verify(ctx context.Context, q *cayley, isP []bool, lt []int32, trans [][][]int32, letters []int, sc scope, lim limits) (failure, error) {
	L := len(letters)
	if isP[0] {
		return make(failure, L), nil
	}
	// Condition (b): every element is the image of a sum (q is generated
	// by the heap images), so (b) is checked for every element x and
	// letter; the least sum reaching a bad x is found by a second walk.
	bad := map[int32]failure{}
	type pair struct {
		x  int32
		li int
	}
	var pairs []pair
	first := 0
	if sc == verifyExtension {
		first = L - 1
	}
	for x := int32(0); int(x) < q.n; x++ {
		for li := first; li < L; li++ {
			h := letters[li]
			if !isP[q.act(x, lt[h])] {
				continue
			}
			for _, t := range trans[h] {
				if isP[times(q, x, t)] {
					bad[x] = nil
					pairs = append(pairs, pair{x, li})
					break
				}
			}
		}
		if x&1023 == 1023 {
			if err := ctxError(ctx); err != nil {
				return nil, err
			}
			// Charged for every letter even when sc skips some: the
			// work count keeps its definition, so a --max-work stop and
			// the census's work column are what they were.
			if err := lim.work.add(int64(1024 * L)); err != nil {
				return nil, err
			}
		}
	}
	var least failure
	if len(bad) > 0 {
		if _, _, err := mark(ctx, q, lt, trans, letters, bad, lim); err != nil {
			return nil, err
		}
		for _, p := range pairs {
			f := slices.Clone(bad[p.x])
			f[p.li]++
			if least == nil || f.less(least) {
				least = f
			}
		}
	}
	// Condition (c), up to the least failure of (b).
	anti := make([][][]int32, q.n)
	var badC failure
	w := newWalker(ctx, q, lt, trans, letters, lim)
	w.skipTop = sc != verifyAll
	held := 28 * int64(q.n)
	in := make([]uint32, q.n) // in[t] == stamp: t is in the set tested
	stamp := uint32(0)
	w.prune = func(x int32, tr []int32) bool {
		if least != nil && !failure(w.counts).less(least) {
			return true
		}
		if stamp++; stamp == 0 {
			clear(in)
			stamp = 1
		}
		for _, t := range tr {
			in[t] = stamp
		}
		if !incorporate(&anti[x], tr, in, stamp) {
			return true
		}
		if held += int64(4*len(tr) + 24); lim.memory > 0 && held > lim.memory {
			w.err = &impartial.BudgetError{Limit: impartial.LimitMemory, Max: lim.budget, What: fmt.Sprintf("verifying a candidate of %d elements", q.n)}
			w.stop = true
			return true
		}
		return false
	}
	w.leaf = func(x int32, tr []int32) bool {
		if !isP[x] && len(tr) > 0 && !meets(tr, isP) {
			badC = append(failure(nil), w.counts...)
			return false
		}
		return true
	}
	if err := w.run(); err != nil {
		return nil, err
	}
	if badC != nil && (least == nil || badC.less(least)) {
		least = badC
	}
	return least, nil
}

// incorporate adds tr to the antichain of minimal transition sets of an
// element, unless a set already there is a subset of tr (then it returns
// false: the sum is dominated). The elements of tr are marked in[t] ==
// stamp; the sets held are sorted.
func incorporate(list *[][]int32, tr []int32, in []uint32, stamp uint32) bool {
	l := *list
next:
	for _, s := range l {
		if len(s) > len(tr) {
			continue
		}
		for _, t := range s {
			if in[t] != stamp {
				continue next
			}
		}
		return false // s ⊆ tr
	}
	out := l[:0]
	for _, s := range l {
		if !subsetOfSorted(tr, s) {
			out = append(out, s)
		}
	}
	c := slices.Clone(tr)
	slices.Sort(c)
	*list = append(out, c)
	return true
}

// subsetOfSorted reports whether every element of a is in the sorted set b.
func subsetOfSorted(a, b []int32) bool {
	if len(a) > len(b) {
		return false
	}
	for _, x := range a {
		if _, ok := slices.BinarySearch(b, x); !ok {
			return false
		}
	}
	return true
}

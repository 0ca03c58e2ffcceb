package misere

import (
	"context"
	"math/bits"

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

// monoid is what the enumerations need of a monoid.
type monoid interface {
	mul(x, y int32) int32
	len() int
}

func (t *table) mul(x, y int32) int32 { return t.product(x, y) }
func (t *table) len() int             { return t.n }
func (p *product) len() int           { return p.size }

// heapSet is the data of a heap game up to some heap: the letters (heaps
// with at least one move, ascending) and, per heap, its options' parts.
type heapSet struct {
	opts    [][][]int // opts[h]: the options of heap h, each the heaps left
	letters []int
}

// transitions returns T(h) for every heap: the images of its options.
func (hs *heapSet) transitions(m monoid, phi []int32) [][]int32 {
	tr := make([][]int32, len(hs.opts))
	seen := make(map[int32]bool)
	for _, h := range hs.letters {
		clear(seen)
		for _, parts := range hs.opts[h] {
			x := int32(0)
			for _, p := range parts {
				x = m.mul(x, phi[p])
			}
			if !seen[x] {
				seen[x] = true
				tr[h] = append(tr[h], x)
			}
		}
	}
	return tr
}

// walker enumerates sums of heaps in lexicographic order of their exponent
// vectors, the largest heap most significant, keeping each sum's image and
// transition set (as a bit set). prune decides whether a new sum, and
// every sum it is a part of later in the order, can be skipped; leaf sees
// every sum not pruned.
type walker struct {
	m       monoid
	phi     []int32
	trans   [][]int32
	letters []int
	words   int
	buf     [][2][]uint64
	counts  []int32 // exponent of each letter in the current sum
	prune   func(x int32, tr []uint64) bool
	leaf    func(x int32, tr []uint64) bool // false stops the walk
	// skipTop leaves out the sums without the largest letter.
	skipTop bool
	ctx     context.Context
	steps   int64
	max     int64 // step budget (0: none)
	err     error
	stop    bool
}

// newWalker prepares a walk; it fails when its buffers (two transition sets
// per letter) would exceed the memory limit.
func newWalker(ctx context.Context, m monoid, phi []int32, trans [][]int32, letters []int, lim limits) (*walker, error) {
	w := &walker{m: m, phi: phi, trans: trans, letters: letters, ctx: ctx, max: lim.steps}
	w.words = (m.len() + 63) / 64
	if need := 16 * int64(len(letters)+1) * int64(w.words); lim.memory > 0 && need > lim.memory {
		return nil, &impartial.BudgetError{Limit: impartial.LimitMemory, Max: lim.memory}
	}
	w.buf = make([][2][]uint64, len(letters))
	for i := range w.buf {
		w.buf[i] = [2][]uint64{make([]uint64, w.words), make([]uint64, w.words)}
	}
	w.counts = make([]int32, len(letters))
	return w, nil
}

func (w *walker) run() error {
	w.walk(len(w.letters)-1, 0, make([]uint64, w.words), true)
	return w.err
}

func (w *walker) step() bool {
	w.steps++
	if w.steps&1023 == 0 {
		if err := ctxError(w.ctx); err != nil {
			w.err, w.stop = err, true
			return false
		}
	}
	if w.max > 0 && w.steps > w.max {
		w.err = &impartial.BudgetError{Limit: impartial.LimitPositions, Max: w.max}
		w.stop = true
		return false
	}
	return true
}

func (w *walker) walk(li int, x int32, tr []uint64, top bool) {
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
	f := w.phi[h]
	cur, nxt := w.buf[li][0], w.buf[li][1]
	copy(cur, tr)
	for c := int32(1); !w.stop && w.step(); c++ {
		clear(nxt)
		forBits(cur, func(t int32) { setBit(nxt, w.m.mul(t, f)) })
		for _, t := range w.trans[h] {
			setBit(nxt, w.m.mul(x, t))
		}
		x = w.m.mul(x, f)
		w.counts[li] = c
		if w.prune(x, nxt) {
			break
		}
		w.walk(li-1, x, nxt, false)
		cur, nxt = nxt, cur
	}
	w.counts[li] = 0
}

func setBit(b []uint64, i int32) { b[i>>6] |= 1 << (uint(i) & 63) }

func forBits(b []uint64, f func(int32)) {
	for i, w := range b {
		for w != 0 {
			j := bits.TrailingZeros64(w)
			f(int32(i*64 + j))
			w &= w - 1
		}
	}
}

func anyBit(b []uint64) bool {
	for _, w := range b {
		if w != 0 {
			return true
		}
	}
	return false
}

// meets reports whether bit set b holds an element of P.
func meets(b []uint64, isP []bool) bool {
	found := false
	forBits(b, func(t int32) {
		if isP[t] {
			found = true
		}
	})
	return found
}

// mark computes the P-portion of the pretension (m, phi): each element is
// marked from the first sum, in lexicographic order, that reaches it, as a
// P-position when that sum has a move and none of its options' images is
// marked P. The options of a sum come before it in the order, so their
// images are marked first. Once an element is reached, every later sum
// containing the same part reaches elements reached before (translation
// invariance of the order), so those sums are pruned. It returns the marks
// and, if words is true, the first sum reaching each element.
func mark(ctx context.Context, m monoid, phi []int32, trans [][]int32, letters []int, words bool, lim limits) (isP, reached []bool, first [][]int32, err error) {
	// reached is returned for tests; reduce finds the reachable elements
	// itself.
	n := m.len()
	if need := 4 * int64(n) * int64(len(letters)); words && lim.memory > 0 && need > lim.memory {
		return nil, nil, nil, &impartial.BudgetError{Limit: impartial.LimitMemory, Max: lim.memory}
	}
	isP, reached = make([]bool, n), make([]bool, n)
	if words {
		first = make([][]int32, n)
	}
	w, err := newWalker(ctx, m, phi, trans, letters, lim)
	if err != nil {
		return nil, nil, nil, err
	}
	w.prune = func(x int32, _ []uint64) bool { return reached[x] }
	w.leaf = func(x int32, tr []uint64) bool {
		reached[x] = true
		isP[x] = anyBit(tr) && !meets(tr, isP)
		if words {
			first[x] = append([]int32(nil), w.counts...)
		}
		return true
	}
	err = w.run()
	return isP, reached, first, err
}

// reduce identifies the elements reached that no sum of heaps tells apart
// (partition refinement from {P, not P} under the heap images, Moore's
// algorithm) and returns the quotient monoid, its P-portion and the heap
// images in it. Classes are numbered in breadth-first order from the
// identity. When there are more than maxClasses classes it returns a nil
// table and the number of classes.
func reduce(ctx context.Context, m monoid, phi []int32, isP []bool, letters []int, maxClasses int) (*table, []bool, []int32, int, error) {
	// The alphabet: distinct images of heaps with moves.
	var alpha []int32
	seen := map[int32]bool{}
	for _, h := range letters {
		if !seen[phi[h]] {
			seen[phi[h]] = true
			alpha = append(alpha, phi[h])
		}
	}
	// Breadth-first order of the elements reached from the identity.
	idx := make([]int32, m.len())
	for i := range idx {
		idx[i] = -1
	}
	order := []int32{0}
	idx[0] = 0
	for i := 0; i < len(order); i++ {
		for _, a := range alpha {
			y := m.mul(order[i], a)
			if idx[y] < 0 {
				idx[y] = int32(len(order))
				order = append(order, y)
			}
		}
	}
	R, A := len(order), len(alpha)
	next := make([]int32, R*A)
	for i, x := range order {
		for j, a := range alpha {
			next[i*A+j] = idx[m.mul(x, a)]
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
	sig := make([]int32, 1+A)
	newClass := make([]int32, R)
	ids := map[string]int32{}
	for {
		if err := ctxError(ctx); err != nil {
			return nil, nil, nil, 0, err
		}
		clear(ids)
		for i := range order {
			sig[0] = class[i]
			for j := 0; j < A; j++ {
				sig[1+j] = class[next[i*A+j]]
			}
			k := sigKey(sig)
			c, ok := ids[k]
			if !ok {
				c = int32(len(ids))
				ids[k] = c
			}
			newClass[i] = c
		}
		class, newClass = newClass, class
		if len(ids) == nclass {
			break
		}
		nclass = len(ids)
	}
	if nclass > maxClasses {
		return nil, nil, nil, nclass, nil
	}
	// Renumber the classes in breadth-first order (the identity first).
	renum := make([]int32, nclass)
	for i := range renum {
		renum[i] = -1
	}
	rep := make([]int32, 0, nclass)
	for i, x := range order {
		if renum[class[i]] < 0 {
			renum[class[i]] = int32(len(rep))
			rep = append(rep, x)
		}
	}
	q := &table{n: nclass, tab: make([]int32, nclass*nclass)}
	for i, x := range rep {
		for j := i; j < nclass; j++ {
			c := renum[class[idx[m.mul(x, rep[j])]]]
			q.tab[i*nclass+j], q.tab[j*nclass+i] = c, c
		}
	}
	qP := make([]bool, nclass)
	for i, x := range rep {
		qP[i] = isP[x]
	}
	qphi := make([]int32, len(phi))
	for h, x := range phi {
		if i := idx[x]; i >= 0 {
			qphi[h] = renum[class[i]]
		}
	}
	return q, qP, qphi, nclass, nil
}

func sigKey(sig []int32) string {
	b := make([]byte, 0, 4*len(sig))
	for _, v := range sig {
		b = append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
	}
	return string(b)
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

// verify checks conditions (a)–(c) for the pretension (q, isP, phi) and
// returns the least sum at which it fails, or nil. If skipTop, sums
// without the largest letter are taken as checked already (condition (c)
// only; (a) and (b) are checked in full).
func verify(ctx context.Context, q *table, isP []bool, phi []int32, trans [][]int32, letters []int, skipTop bool, lim limits) (failure, error) {
	L := len(letters)
	if isP[0] {
		return make(failure, L), nil
	}
	_, _, first, err := mark(ctx, q, phi, trans, letters, true, lim)
	if err != nil {
		return nil, err
	}
	var least failure
	for x := 0; x < q.n; x++ {
		if first[x] == nil {
			continue // not reached: not the image of any sum
		}
		for li, h := range letters {
			if !isP[q.product(int32(x), phi[h])] {
				continue
			}
			for _, t := range trans[h] {
				if isP[q.product(int32(x), t)] {
					f := append(failure(nil), first[x]...)
					f[li]++
					if least == nil || f.less(least) {
						least = f
					}
					break
				}
			}
		}
	}
	// Condition (c), up to the least failure of (b).
	anti := make([][][]uint64, q.n)
	var bad failure
	w, err := newWalker(ctx, q, phi, trans, letters, lim)
	if err != nil {
		return nil, err
	}
	w.skipTop = skipTop
	held := int64(0)
	w.prune = func(x int32, tr []uint64) bool {
		if least != nil && !failure(w.counts).less(least) {
			return true
		}
		if !incorporate(&anti[x], tr) {
			return true
		}
		if held += int64(8*w.words + 24); lim.memory > 0 && held > lim.memory {
			w.err = &impartial.BudgetError{Limit: impartial.LimitMemory, Max: lim.memory}
			w.stop = true
			return true
		}
		return false
	}
	w.leaf = func(x int32, tr []uint64) bool {
		if !isP[x] && anyBit(tr) && !meets(tr, isP) {
			bad = append(failure(nil), w.counts...)
			return false
		}
		return true
	}
	if err := w.run(); err != nil {
		return nil, err
	}
	if bad != nil && (least == nil || bad.less(least)) {
		least = bad
	}
	return least, nil
}

// incorporate adds tr to the antichain of minimal transition sets of an
// element, unless a set already there is a subset of tr (then it returns
// false: the sum is dominated).
func incorporate(list *[][]uint64, tr []uint64) bool {
	l := *list
	for _, s := range l {
		if subset(s, tr) {
			return false
		}
	}
	out := l[:0]
	for _, s := range l {
		if !subset(tr, s) {
			out = append(out, s)
		}
	}
	*list = append(out, append([]uint64(nil), tr...))
	return true
}

func subset(a, b []uint64) bool {
	for i := range a {
		if a[i]&^b[i] != 0 {
			return false
		}
	}
	return true
}

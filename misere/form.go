package misere

import (
	"encoding/binary"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/grundy/grundy/impartial"
)

// Store holds misère canonical forms, each once: two forms of one Store are
// equal (under misère play, against every partner) exactly when they are
// the same Form. A Store grows as forms are built and is not safe for
// concurrent use.
//
// The zero Store is not usable; see NewStore.
type Store struct {
	recs  []record
	index map[string]int32
	sums  map[[2]int32]int32
	nims  []int32 // nims[n] is the id of *n
	key   []byte
	stamp []uint32
	gen   uint32
	// max bounds the number of forms (0: no bound).
	max int
	// poll, if set, is called every pollForms forms built; an error stops
	// the construction.
	poll  func() error
	built int
	work  int
	// held counts the option ids of all forms, for memory estimates.
	held int64
}

const pollForms = 1 << 10

// pollWork is how many steps of simplification pass between polls.
const pollWork = 1 << 18

// record is one canonical form.
type record struct {
	opts     []int32 // ids of its options, ascending, each a canonical form
	plus     impartial.Nimber
	minus    impartial.Nimber // misère Grundy value G⁻: 0 exactly for misère P-positions
	genus    []impartial.Nimber
	birthday int
	heap     int // n if the form is the nim heap *n, else -1
}

// NewStore returns a store holding the zero game. If max > 0, holding more
// than max forms and memoized sums fails with a *impartial.BudgetError.
func NewStore(max int) *Store {
	s := &Store{index: map[string]int32{}, sums: map[[2]int32]int32{}, max: max}
	s.recs = append(s.recs, record{minus: 1, genus: zeroGenus(), heap: 0})
	s.index[""] = 0
	s.nims = []int32{0}
	return s
}

// zeroGenus is the genus sequence of 0: G⁻(0) = 1 and G⁻(2+2+…) alternating
// 2, 0 (Winning Ways ch. 13: 0 has genus 0^120).
func zeroGenus() []impartial.Nimber { return []impartial.Nimber{1, 2, 0} }

// Len returns the number of forms the store holds.
func (s *Store) Len() int { return len(s.recs) }

// Bytes estimates the memory the store holds: forms with their options and
// genus sequences, the index of option sets, and memoized sums.
func (s *Store) Bytes() int64 {
	return int64(len(s.recs))*200 + s.held*8 + int64(len(s.sums))*40
}

// Form is a misère canonical form of an impartial game: the unique simplest
// game equal to it under misère play (Conway, ONAG ch. 12).
type Form struct {
	s  *Store
	id int32
}

// Zero returns the game with no moves.
func (s *Store) Zero() Form { return Form{s, 0} }

// Nim returns the nim heap *n, whose options are *0, …, *(n−1); it is its
// own misère canonical form.
func (s *Store) Nim(n int) (Form, error) {
	for k := len(s.nims); k <= n; k++ {
		id, err := s.make(normalize(slices.Clone(s.nims[:k])))
		if err != nil {
			return Form{}, err
		}
		s.nims = append(s.nims, id)
	}
	return Form{s, s.nims[n]}, nil
}

// New returns the canonical form of the game whose options are opts (forms
// of this store). Options are deduplicated; the result is simplified.
func (s *Store) New(opts ...Form) (Form, error) {
	ids := make([]int32, len(opts))
	for i, o := range opts {
		if o.s != s {
			panic("misere: a form of another store")
		}
		ids[i] = o.id
	}
	id, err := s.make(normalize(ids))
	return Form{s, id}, err
}

func normalize(ids []int32) []int32 {
	slices.Sort(ids)
	return slices.Compact(ids)
}

func (s *Store) encode(ids []int32) string {
	s.key = s.key[:0]
	for _, id := range ids {
		s.key = binary.AppendUvarint(s.key, uint64(id))
	}
	return string(s.key)
}

// make returns the id of the canonical form of the game with options ids
// (ascending, distinct, each canonical).
//
// Simplification (the Grundy–Smith rule with Conway's proviso; ONAG ch. 12,
// Siegel CGT §V.1): if some option A has an option K whose own options all
// are options of G, and every option of G that is not an option of K has K
// as an option, then G = K, except when K = 0 and G is a misère P-position
// (the proviso: 0 is an N-position, so such a G differs from 0). Conway's
// theorem says a game whose options are canonical and that admits no such
// reduction is canonical, and canonical forms are unique: two equal games
// have identical canonical forms.
func (s *Store) make(ids []int32) (int32, error) {
	key := s.encode(ids)
	if id, ok := s.index[key]; ok {
		return id, nil
	}
	k, ok, err := s.reduce(ids)
	if err != nil || ok {
		return k, err
	}
	if err := s.tick(); err != nil {
		return 0, err
	}
	id := int32(len(s.recs))
	s.held += int64(len(ids))
	s.recs = append(s.recs, s.newRecord(slices.Clone(ids)))
	s.index[key] = id
	return id, nil
}

// tick counts a form or a sum built: it polls every pollForms, and fails
// when the forms and memoized sums reach the store's bound.
func (s *Store) tick() error {
	if s.built++; s.poll != nil && s.built%pollForms == 0 {
		if err := s.poll(); err != nil {
			return err
		}
	}
	if s.max > 0 && len(s.recs)+len(s.sums) >= s.max {
		return &impartial.BudgetError{Limit: impartial.LimitPositions, Max: int64(s.max)}
	}
	return nil
}

// reduce returns the form K the game with options ids reduces to, if any
// (see make). The candidates are the options of its options.
func (s *Store) reduce(ids []int32) (int32, bool, error) {
	isP := len(ids) > 0
	for _, a := range ids {
		if s.recs[a].minus == 0 {
			isP = false
			break
		}
	}
	// Each candidate once: stamp[k] == gen marks k as tried.
	if s.gen++; s.gen == 0 { // wrapped: forget old stamps
		clear(s.stamp)
		s.gen = 1
	}
	if len(s.stamp) < len(s.recs) {
		s.stamp = append(s.stamp, make([]uint32, len(s.recs)-len(s.stamp))...)
	}
	for _, a := range ids {
		for _, k := range s.recs[a].opts {
			if s.stamp[k] == s.gen {
				continue
			}
			s.stamp[k] = s.gen
			if s.reducesTo(ids, k, isP) {
				return k, true, nil
			}
			// A check costs up to len(ids): poll by the work done.
			if s.work += len(ids) + 1; s.work > pollWork {
				s.work = 0
				if s.poll != nil {
					if err := s.poll(); err != nil {
						return 0, false, err
					}
				}
			}
		}
	}
	return 0, false, nil
}

// reducesTo reports whether the game with options ids equals its option's
// option k by the rule stated on make.
func (s *Store) reducesTo(ids []int32, k int32, isP bool) bool {
	ko := s.recs[k].opts
	if len(ko) >= len(ids) {
		return false // K's options would be all of G's: K would be G itself
	}
	if len(ko) == 0 && isP {
		return false // the proviso
	}
	j := 0
	for _, b := range ids {
		if j < len(ko) && ko[j] == b {
			j++
			continue
		}
		if !s.hasOption(b, k) {
			return false
		}
	}
	return j == len(ko)
}

func (s *Store) hasOption(g, k int32) bool {
	_, ok := slices.BinarySearch(s.recs[g].opts, k)
	return ok
}

func (s *Store) newRecord(ids []int32) record {
	r := record{opts: ids, heap: -1}
	plus := make([]impartial.Nimber, 0, len(ids))
	minus := make([]impartial.Nimber, 0, len(ids))
	m := 0
	for _, o := range ids {
		or := &s.recs[o]
		plus = append(plus, or.plus)
		minus = append(minus, or.minus)
		r.birthday = max(r.birthday, or.birthday+1)
		m = max(m, len(or.genus))
	}
	r.plus = impartial.Mex(plus)
	if len(ids) == 0 {
		r.minus = 1
	} else {
		r.minus = impartial.Mex(minus)
	}
	// A nim heap *n has exactly the options *0..*(n−1).
	if n := len(ids); n > 0 {
		heap := true
		seen := make([]bool, n)
		for _, o := range ids {
			h := s.recs[o].heap
			if h < 0 || h >= n || seen[h] {
				heap = false
				break
			}
			seen[h] = true
		}
		if heap {
			r.heap = n
		}
	}
	r.genus = s.genusOf(ids, m)
	return r
}

// genusOf computes g_n = G⁻(G + n·*2) for the game with options ids, whose
// genus sequences have prefixes of length at most m (each sequence satisfies
// g_j = g_{j−2} beyond its prefix).
//
// G + n·*2 has the options G' + n·*2 (value g'_n), and for n ≥ 1 also
// G + (n−1)·*2 + *1 and G + (n−1)·*2, of values g_{n−1} ⊕ 1 and g_{n−1}
// (adding *1 flips the last bit of a misère Grundy value: G⁻(X + *1) =
// G⁻(X) ⊕ 1, by induction on X). So g_0 = mex{g'_0} (1 if G has no
// options) and g_n = mex({g'_n} ∪ {g_{n−1}, g_{n−1} ⊕ 1}). Once the options'
// sequences have period 2 (from index m), a short case analysis of this
// recurrence shows g has period 2 from index max(m,1)+2 at the latest, so
// the prefix computed to max(m,1)+4 and trimmed is exact.
func (s *Store) genusOf(ids []int32, m int) []impartial.Nimber {
	L := max(m, 1) + 4
	g := make([]impartial.Nimber, L)
	vals := make([]impartial.Nimber, 0, len(ids)+2)
	for n := 0; n < L; n++ {
		vals = vals[:0]
		for _, o := range ids {
			vals = append(vals, genusAt(s.recs[o].genus, n))
		}
		switch {
		case n > 0:
			vals = append(vals, g[n-1], g[n-1]^1)
		case len(ids) == 0:
			g[0] = 1
			continue
		}
		g[n] = impartial.Mex(vals)
	}
	return trimGenus(g)
}

// trimGenus drops trailing values that repeat the value two places before,
// keeping at least two.
func trimGenus(g []impartial.Nimber) []impartial.Nimber {
	n := len(g)
	for n > 2 && g[n-1] == g[n-3] {
		n--
	}
	return slices.Clip(g[:n])
}

// genusAt returns g_n of a sequence stored as a prefix of period-2 tail.
func genusAt(g []impartial.Nimber, n int) impartial.Nimber {
	if n < len(g) {
		return g[n]
	}
	L := len(g)
	return g[L-2+(n-L)%2]
}

// Add returns the canonical form of the sum f + g (both of this store).
// Sums are memoized.
func (s *Store) Add(f, g Form) (Form, error) {
	if f.s != s || g.s != s {
		panic("misere: a form of another store")
	}
	id, err := s.add(f.id, g.id)
	return Form{s, id}, err
}

func (s *Store) add(a, b int32) (int32, error) {
	if a == 0 {
		return b, nil
	}
	if b == 0 {
		return a, nil
	}
	if a > b {
		a, b = b, a
	}
	if id, ok := s.sums[[2]int32{a, b}]; ok {
		return id, nil
	}
	if err := s.tick(); err != nil {
		return 0, err
	}
	ao, bo := s.recs[a].opts, s.recs[b].opts
	opts := make([]int32, 0, len(ao)+len(bo))
	for _, x := range ao {
		id, err := s.add(x, b)
		if err != nil {
			return 0, err
		}
		opts = append(opts, id)
	}
	for _, y := range bo {
		id, err := s.add(a, y)
		if err != nil {
			return 0, err
		}
		opts = append(opts, id)
	}
	id, err := s.make(normalize(opts))
	if err != nil {
		return 0, err
	}
	s.sums[[2]int32{a, b}] = id
	return id, nil
}

// Options returns the options of f, each a canonical form.
func (f Form) Options() []Form {
	r := f.s.recs[f.id]
	out := make([]Form, len(r.opts))
	for i, o := range r.opts {
		out[i] = Form{f.s, o}
	}
	return out
}

// Equal reports whether f and g are the same canonical form, that is,
// whether the games they stand for are equal under misère play.
func (f Form) Equal(g Form) bool { return f.s == g.s && f.id == g.id }

// Outcome returns the misère outcome of f: P when the player to move loses.
func (f Form) Outcome() impartial.Outcome {
	if f.s.recs[f.id].minus == 0 {
		return impartial.P
	}
	return impartial.N
}

// MisereValue returns G⁻(f), the misère Grundy value: the mex of the
// options' values, and 1 for the game with no moves.
func (f Form) MisereValue() impartial.Nimber { return f.s.recs[f.id].minus }

// NormalValue returns G⁺(f), the ordinary (normal-play) Grundy value.
func (f Form) NormalValue() impartial.Nimber { return f.s.recs[f.id].plus }

// Birthday returns the height of f's game tree in canonical form.
func (f Form) Birthday() int { return f.s.recs[f.id].birthday }

// NimHeap returns n and true if f is the nim heap *n.
func (f Form) NimHeap() (int, bool) {
	h := f.s.recs[f.id].heap
	return h, h >= 0
}

// Genus returns the genus of f (Winning Ways ch. 13).
func (f Form) Genus() Genus {
	r := f.s.recs[f.id]
	return Genus{Normal: r.plus, Seq: slices.Clone(r.genus)}
}

// MaxFormString is the longest notation String writes; a larger form is
// described instead (its length written out grows exponentially with its
// birthday, while the store holds it as a graph).
const MaxFormString = 4096

// String writes f in the notation of this package (see the package
// documentation): 0, *, *2, …, for nim heaps; otherwise * followed by the
// option list, as in *2# (the game whose only option is *2), *(3,2) (the
// game with options *3 and *2, which is *2+*2) or *(2#,0). A form whose
// notation is longer than MaxFormString is described by its size instead.
func (f Form) String() string {
	r := f.s.recs[f.id]
	switch r.heap {
	case 0:
		return "0"
	case 1:
		return "*"
	}
	if n := f.s.bodyLen(f.id, map[int32]float64{}); n > MaxFormString {
		return fmt.Sprintf("<a form of birthday %d with %d distinct subforms, %.3g characters written out>", r.birthday, f.Subforms(), n)
	}
	return "*" + f.s.body(f.id, map[int32]string{})
}

// Subforms returns the number of distinct forms among f and its followers.
func (f Form) Subforms() int {
	seen := map[int32]bool{}
	stack := []int32{f.id}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		stack = append(stack, f.s.recs[x].opts...)
	}
	return len(seen)
}

// bodyLen returns the length of body(id), as a float: it can be huge.
func (s *Store) bodyLen(id int32, memo map[int32]float64) float64 {
	if n, ok := memo[id]; ok {
		return n
	}
	r := s.recs[id]
	var n float64
	switch {
	case r.heap >= 0:
		n = float64(len(strconv.Itoa(r.heap)))
	case len(r.opts) == 1:
		n = s.bodyLen(r.opts[0], memo) + 1
	default:
		n = float64(len(r.opts) + 1)
		for _, o := range r.opts {
			n += s.bodyLen(o, memo)
		}
	}
	memo[id] = n
	return n
}

// body writes a form inside a list: a nim heap as its size, a game with one
// option as that option followed by #, others as a parenthesized list of
// their options, largest birthday first.
func (s *Store) body(id int32, memo map[int32]string) string {
	if b, ok := memo[id]; ok {
		return b
	}
	r := s.recs[id]
	if r.heap >= 0 {
		return strconv.Itoa(r.heap)
	}
	if len(r.opts) == 1 {
		b := s.body(r.opts[0], memo) + "#"
		memo[id] = b
		return b
	}
	parts := make([]string, len(r.opts))
	order := slices.Clone(r.opts)
	bodies := make(map[int32]string, len(order))
	for _, o := range order {
		bodies[o] = s.body(o, memo)
	}
	sort.SliceStable(order, func(i, j int) bool {
		bi, bj := s.recs[order[i]].birthday, s.recs[order[j]].birthday
		if bi != bj {
			return bi > bj
		}
		return bodies[order[i]] > bodies[order[j]]
	})
	for i, o := range order {
		parts[i] = bodies[o]
	}
	b := "(" + strings.Join(parts, ",") + ")"
	memo[id] = b
	return b
}

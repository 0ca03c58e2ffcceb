package misere

// The presentation of a quotient: its generators (the heaps whose image is
// not a product of smaller heaps' images), each element's normal form (the
// least word in the generators) and the relations between them, as
// MisereSolver prints them (Plambeck–Siegel, "Misère quotients for
// impartial games", 2008).

import (
	"slices"
	"strconv"
	"strings"
)

// present names the elements: the generators are the heaps whose image is
// not a product of smaller heaps' images, and each element is named by its
// normal form, the least word in the generators reaching it (fewest
// generators first, then preferring earlier generators).
func (q *Quotient) present() {
	t := q.q
	inSub := make([]bool, t.n)
	inSub[0] = true
	sub := []int32{0}
	for h, x := range q.phi[:q.computed+1] {
		if q.lt[h] < 0 || inSub[x] {
			continue
		}
		q.gens = append(q.gens, h)
		// Close the submonoid under the new generator: the elements there
		// are closed under the others already.
		old := len(sub)
		for i := 0; i < len(sub); i++ {
			gs := q.gens
			if i < old {
				gs = q.gens[len(q.gens)-1:]
			}
			for _, g := range gs {
				y := t.act(sub[i], q.lt[g])
				if !inSub[y] {
					inSub[y] = true
					sub = append(sub, y)
				}
			}
		}
	}
	k := len(q.gens)
	q.words = make([][]int32, t.n)
	q.words[0] = make([]int32, k)
	layer := []int32{0}
	best := map[int32][]int32{}
	for len(layer) > 0 {
		clear(best)
		var next []int32
		for _, x := range layer {
			for gi, g := range q.gens {
				y := t.act(x, q.lt[g])
				if q.words[y] != nil {
					continue
				}
				if old, ok := best[y]; !ok {
					w := slices.Clone(q.words[x])
					w[gi]++
					next = append(next, y)
					best[y] = w
				} else if plusLess(q.words[x], gi, old) {
					copy(old, q.words[x])
					old[gi]++
				}
			}
		}
		for _, y := range next {
			q.words[y] = best[y]
		}
		layer = next
	}
	q.renumber()
	q.names = make([]string, t.n)
	for x, w := range q.words {
		q.names[x] = q.wordName(w)
	}
}

// plusLess reports whether the word w + (generator gi) is less than v
// (wordLess), without building it.
func plusLess(w []int32, gi int, v []int32) bool {
	for i := len(w) - 1; i >= 0; i-- {
		e := w[i]
		if i == gi {
			e++
		}
		if e != v[i] {
			return e < v[i]
		}
	}
	return false
}

// renumber orders the elements by their normal forms (fewest generators
// first, then as wordLess), so that lists and tables read 1, a, b, ab, ….
func (q *Quotient) renumber() {
	n := q.q.n
	order := make([]int32, n)
	for i := range order {
		order[i] = int32(i)
	}
	deg := make([]int, n)
	for x, w := range q.words {
		deg[x] = degree(w)
	}
	slices.SortStableFunc(order, func(x, y int32) int {
		dx, dy := deg[x], deg[y]
		switch {
		case dx != dy:
			return dx - dy
		case wordLess(q.words[x], q.words[y]):
			return -1
		case wordLess(q.words[y], q.words[x]):
			return 1
		}
		return 0
	})
	pos := make([]int32, n) // old → new
	for i, x := range order {
		pos[x] = int32(i)
	}
	k := q.q.k
	t := &cayley{n: n, k: k, acts: make([]int32, n*k)}
	isP := make([]bool, n)
	words := make([][]int32, n)
	for i, x := range order {
		for j := 0; j < k; j++ {
			t.acts[i*k+j] = pos[q.q.acts[int(x)*k+j]]
		}
		isP[i] = q.isP[x]
		words[i] = q.words[x]
	}
	t.tree()
	phi := make([]int32, len(q.phi))
	for h, x := range q.phi {
		phi[h] = pos[x]
	}
	q.q, q.isP, q.words, q.phi = t, isP, words, phi
}

// Generator is a generator of the quotient: the image of a heap.
type Generator struct {
	Name string `json:"name"`
	Heap int    `json:"heap"`
}

// Generators returns the generators, one per heap whose image is not a
// product of the images of smaller heaps, in heap order.
func (q *Quotient) Generators() []Generator {
	out := make([]Generator, len(q.gens))
	for i, h := range q.gens {
		out[i] = Generator{q.genName(i), h}
	}
	return out
}

// Relations returns a presentation's relations, as "a^2 = 1": for each
// word w that is not a normal form although every word dividing it is,
// the relation w = (the normal form of w). They generate every relation
// (they rewrite any word to its normal form).
func (q *Quotient) Relations() []string {
	t := q.q
	k := len(q.gens)
	letter := make([]int32, k)
	for i, g := range q.gens {
		letter[i] = q.lt[g]
	}
	isNF := func(w []int32) bool {
		x := int32(0)
		for i, e := range w {
			for range e {
				x = t.act(x, letter[i])
			}
		}
		return slices.Equal(q.words[x], w)
	}
	type rel struct {
		w []int32
		x int32
	}
	var rels []rel
	seen := map[string]bool{}
	w := make([]int32, k)
	for x := range q.words {
		for gi := 0; gi < k; gi++ {
			y := t.act(int32(x), letter[gi])
			if plusEqual(q.words[x], gi, q.words[y]) {
				continue
			}
			copy(w, q.words[x])
			w[gi]++
			minimal := true
			for gj := 0; gj < k && minimal; gj++ {
				if w[gj] == 0 || gj == gi {
					continue // w − gi is the normal form words[x]
				}
				w[gj]--
				minimal = isNF(w)
				w[gj]++
			}
			if !minimal {
				continue
			}
			key := q.wordName(w)
			if seen[key] {
				continue
			}
			seen[key] = true
			rels = append(rels, rel{slices.Clone(w), y})
		}
	}
	slices.SortFunc(rels, func(a, b rel) int {
		da, db := degree(a.w), degree(b.w)
		if da != db {
			return da - db
		}
		if wordLess(a.w, b.w) {
			return -1
		}
		if wordLess(b.w, a.w) {
			return 1
		}
		return 0
	})
	out := make([]string, len(rels))
	for i, r := range rels {
		out[i] = q.wordName(r.w) + " = " + q.names[r.x]
	}
	return out
}

// plusEqual reports whether w + (generator gi) equals v.
func plusEqual(w []int32, gi int, v []int32) bool {
	for i, e := range w {
		if i == gi {
			e++
		}
		if e != v[i] {
			return false
		}
	}
	return true
}

// wordLess orders words of one degree: smaller exponents of later
// generators first.
func wordLess(a, b []int32) bool {
	for i := len(a) - 1; i >= 0; i-- {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

func degree(w []int32) int {
	d := 0
	for _, e := range w {
		d += int(e)
	}
	return d
}

func (q *Quotient) genName(i int) string { return genName(i) }

// genName names generator i: a … z, then g27, g28, ….
func genName(i int) string {
	if i < 26 {
		return string(rune('a' + i))
	}
	return "g" + strconv.Itoa(i+1)
}

func (q *Quotient) wordName(w []int32) string {
	var b strings.Builder
	for i, e := range w {
		if e == 0 {
			continue
		}
		b.WriteString(q.genName(i))
		if e > 1 {
			b.WriteString("^" + strconv.Itoa(int(e)))
		}
	}
	if b.Len() == 0 {
		return "1"
	}
	return b.String()
}

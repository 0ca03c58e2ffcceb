package octal

import (
	"fmt"
	"math/bits"
	"sort"
)

// Status says how much is known about a period.
type Status string

const (
	// Proved: the Guy–Smith test (or state repetition) certifies that the
	// sequence is periodic from the pre-period on, forever.
	Proved Status = "proved"
	// Observed: the computed values repeat with the period from the
	// pre-period on, at least twice over and over the second half of the
	// values computed, but the range is too short for a proof.
	Observed Status = "observed"
	// None: no period seen in the computed range.
	None Status = "none"
)

// Periodicity is what is known about the periodicity of a nim-sequence:
// G(n + Period) = G(n) for every n ≥ Preperiod, proved or only observed up
// to ComputedTo. Period and Preperiod are 0 when Status is None.
type Periodicity struct {
	Preperiod  int    `json:"preperiod"`
	Period     int    `json:"period"`
	Status     Status `json:"status"`
	ComputedTo int    `json:"computed_to"`
	// Criterion states the test applied, with its numbers, so that anyone
	// can re-check the claim.
	Criterion string `json:"criterion"`
	// Needs is, for a period observed but not yet proved, the last heap
	// whose value the Guy–Smith test needs to prove it (0 if none applies).
	Needs int `json:"needs,omitempty"`
}

// Bound returns the last heap size whose value the Guy–Smith test needs to
// prove period p from pre-period n0 for g: with n0' = max(n0, 1), every
// split leaving at most h heaps and at most t tokens removed, the test
// checks G(n + p) = G(n) for n0' ≤ n < h·n0' + (h−1)·p + t, which needs the
// values up to h·n0' + h·p + t − 1. It returns -1 for Grundy's game, where
// the test does not apply (a split must leave unequal heaps).
func (g Game) Bound(n0, p int) int {
	if g.unequal || g.tb != nil && !g.tb.provable {
		return -1
	}
	n0 = max(n0, 1)
	h, t := g.MaxParts(), g.MaxRemove()
	return h*n0 + h*p + t - 1
}

// Analyze looks for the period of the values computed by c, G(0..N) with
// N = c.Len()−1: the candidate periods p of the sequence's periodic tails,
// each with the least pre-period n0(p) from which G(n + p) = G(n) holds up
// to N, then the Guy–Smith test for them (see Bound).
//
// Method: a rolling hash over the second half of the values gives, in one
// pass and O(1) memory, every p for which the second half has period p;
// the same pass over the last 64, 128, … values gives the least period of
// each shorter tail. Every hash hit is verified value by value (a collision
// can cost time, never a wrong answer), and n0(p) is found by extending the
// equality G(n) = G(n + p) backwards. The candidates are tried in increasing
// p; the first whose bound is within the values computed is proved (a
// proof needs h·(n0 + p) ≤ N with h ≥ 2 heaps left by a split, so its tail
// covers the second half; games without splits are proved from a longer
// run). Otherwise the smallest p whose tail holds two full periods and
// covers at least the second half is reported as observed. Time O(N),
// memory O(1) besides the values.
func Analyze(c *Computer) Periodicity {
	N := c.Len() - 1
	res := Periodicity{Status: None, ComputedTo: N}
	g := c.Game()
	if N < 1 {
		res.Criterion = "too few values"
		return res
	}
	if c.tail && N >= len(c.vals) {
		res.Criterion = "tail mode keeps too few values to look for a period"
		return res
	}
	cands := candidates(c)
	for _, cd := range cands {
		b := g.Bound(cd.n0, cd.p)
		if b >= 0 && b <= N {
			res.Preperiod, res.Period, res.Status = cd.n0, cd.p, Proved
			res.Criterion = g.criterion(cd.n0, cd.p, N)
			return res
		}
	}
	for _, cd := range cands {
		if tail := N + 1 - cd.n0; tail >= 2*cd.p && 2*cd.n0 <= N {
			res.Preperiod, res.Period, res.Status = cd.n0, cd.p, Observed
			if b := g.Bound(cd.n0, cd.p); b < 0 {
				res.Criterion = fmt.Sprintf("G(n+%d) = G(n) for %d ≤ n ≤ %d; no proof applies to %s (%s)", cd.p, cd.n0, N-cd.p, g, g.noProof())
			} else {
				res.Criterion = fmt.Sprintf("G(n+%d) = G(n) for %d ≤ n ≤ %d; the Guy–Smith test needs the values up to %d", cd.p, cd.n0, N-cd.p, b)
				res.Needs = b
			}
			return res
		}
	}
	res.Criterion = fmt.Sprintf("no period repeating twice over the second half of G(0..%d)", N)
	return res
}

type cand struct{ p, n0 int }

// candidates returns candidate periods p of tails of the values, each with
// the least n0 such that G(n+p) = G(n) for n0 ≤ n ≤ N−p, in increasing p:
// every period of the second half G(N/2..N), and the least period of each
// tail of 64·2^k values. The work of extending candidates backwards is
// capped at a few passes over the values.
func candidates(c *Computer) []cand {
	if c.Len() <= kmpLimit && !c.hooks.hashOnly {
		return candidatesKMP(c)
	}
	return candidatesHash(c)
}

// kmpLimit is the most values whose candidates come from the failure
// function (4 bytes a value, the fastest way on short sequences).
const kmpLimit = 1 << 12

// candidatesKMP returns, for each least period p of a tail of the values,
// the longest such tail's start n0, in increasing p: the failure function of
// the reversed sequence gives every tail's least period.
func candidatesKMP(c *Computer) []cand {
	N := c.Len() - 1
	L := N + 1
	at := c.at()
	rev := func(i int) uint32 { return at(N - i) }
	pi := make([]int32, L) // longest proper border of rev[0..i]
	for i := 1; i < L; i++ {
		k := int(pi[i-1])
		ri := rev(i)
		for k > 0 && rev(k) != ri {
			k = int(pi[k-1])
		}
		if rev(k) == ri {
			k++
		}
		pi[i] = int32(k)
	}
	var cands []cand
	for l := 1; l <= L; l++ {
		p := l - int(pi[l-1])
		n0 := N + 1 - l
		if len(cands) > 0 && cands[len(cands)-1].p == p {
			cands[len(cands)-1].n0 = n0
			continue
		}
		cands = append(cands, cand{p, n0})
	}
	return cands
}

func candidatesHash(c *Computer) []cand {
	N := c.Len() - 1
	at := c.at()
	budget := 8 * (N + 1)
	seen := map[int]bool{}
	var out []cand
	// extend returns n0(p) given that G(n+p) = G(n) for from ≤ n ≤ N−p.
	extend := func(p, from int) int {
		i := from - 1
		for i >= 0 && at(i) == at(i+p) {
			i--
		}
		budget -= from - i
		return i + 1
	}
	verify := func(A, p int) bool {
		for i := A; i+p <= N; i++ {
			if at(i) != at(i+p) {
				budget -= i - A
				return false
			}
		}
		budget -= N - A
		return true
	}
	add := func(p, A int) {
		if !seen[p] {
			seen[p] = true
			out = append(out, cand{p, extend(p, A)})
		}
	}
	// Least periods of the short tails.
	for L := 64; L < (N+1)/2; L *= 2 {
		A := N + 1 - L
		tailPeriods(at, A, N, func(p int) bool {
			if !verify(A, p) {
				return budget > 0
			}
			add(p, A)
			return false
		})
		if budget <= 0 {
			break
		}
	}
	// Every period of the second half.
	A := N / 2
	least := 0
	tailPeriods(at, A, N, func(p int) bool {
		if budget <= 0 {
			return false
		}
		if least > 0 && p%least == 0 || verify(A, p) {
			if least == 0 {
				least = p
			}
			add(p, A)
		}
		return true
	})
	sort.Slice(out, func(i, j int) bool { return out[i].p < out[j].p })
	return out
}

// at returns a reader of the values held (full mode, or the prefix).
func (c *Computer) at() func(int) uint32 {
	if len(c.esc) == 0 {
		vals := c.vals
		return func(i int) uint32 { return uint32(vals[i]) }
	}
	return func(i int) uint32 { v, _ := c.val(i); return v }
}

// tailPeriods calls fn(p), in increasing p, for every p in 1..N−A for which
// G(A..N) has period p, and may call it for a few more (fn verifies). It
// stops when fn returns false.
//
// Each p is first tested directly, from the end of the range back, which
// on a sequence without a period stops after a comparison or two; once
// the comparisons pass 8 a value (a sequence with long repeats), the
// remaining p are tested by hashing (tailPeriodsHash), in O(1) each.
func tailPeriods(at func(int) uint32, A, N int, fn func(p int) bool) {
	L := N - A + 1
	work := 0
	for p := 1; p < L; p++ {
		i := N - p
		for i >= A && at(i) == at(i+p) {
			i--
		}
		work += N - p - i + 1
		if i < A && !fn(p) {
			return
		}
		if work > 8*L {
			tailPeriodsHash(at, A, N, p+1, fn)
			return
		}
	}
}

// tailPeriodsHash calls fn(p), in increasing p, for every p in from..N−A
// for which a polynomial hash (mod 2^61−1) says G(A..N) has period p:
// Σ S[i]·x^i over i < L−p equals Σ S[i+p]·x^i, with S[i] = G(A+i) and
// L = N−A+1. A true period is always reported; a collision is reported too
// (fn verifies). It stops when fn returns false.
func tailPeriodsHash(at func(int) uint32, A, N, from int, fn func(p int) bool) {
	L := N - A + 1
	if L < 2 {
		return
	}
	const x = 0x1f3a5c7e9b2d4f61 % mersenne61
	xinv := powmod(x, mersenne61-2)
	total, xi := uint64(0), uint64(1)
	for i := 0; i < L; i++ {
		total = addmod(total, mulmod(uint64(at(A+i))+1, xi))
		xi = mulmod(xi, x)
	}
	// preLo = Σ_{i<p} S[i]x^i, preHi = Σ_{i<L−p} S[i]x^i, xp = x^p,
	// xlo = x^(p−1), xhi = x^(L−p).
	preLo, preHi := uint64(0), total
	xp, xlo, xhi := uint64(1), uint64(1), mulmod(xi, xinv) // x^(L−1)
	for p := 1; p < L; p++ {
		preLo = addmod(preLo, mulmod(uint64(at(A+p-1))+1, xlo))
		xlo = mulmod(xlo, x)
		preHi = submod(preHi, mulmod(uint64(at(A+L-p))+1, xhi))
		xhi = mulmod(xhi, xinv)
		xp = mulmod(xp, x)
		// Σ_{i<L−p} S[i+p]x^i = x^(−p)·(total − preLo).
		if p >= from && mulmod(preHi, xp) == submod(total, preLo) && !fn(p) {
			return
		}
	}
}

const mersenne61 = 1<<61 - 1

func mulmod(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	r := (lo & mersenne61) + (lo>>61 | hi<<3)
	r = (r & mersenne61) + (r >> 61)
	if r >= mersenne61 {
		r -= mersenne61
	}
	return r
}

func addmod(a, b uint64) uint64 {
	r := a + b
	if r >= mersenne61 {
		r -= mersenne61
	}
	return r
}

func submod(a, b uint64) uint64 {
	if a >= b {
		return a - b
	}
	return a + mersenne61 - b
}

func powmod(a, e uint64) uint64 {
	r := uint64(1)
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = mulmod(r, a)
		}
		a = mulmod(a, a)
	}
	return r
}

// noProof says why the Guy–Smith test does not apply to g.
func (g Game) noProof() string {
	switch {
	case g.tb != nil && g.tb.code.Period > 0:
		return "the Guy–Smith test needs a bound on the tokens a move removes; this code repeats forever"
	case g.tb != nil && g.tb.maxHeaps < 0:
		return "the Guy–Smith test needs a bound on the heaps a move leaves"
	}
	return "the Guy–Smith test needs every split of the right sizes to be legal: a modifier ! ? = forbids some"
}

func (g Game) criterion(n0, p, N int) string {
	n0p := max(n0, 1)
	h, t := g.MaxParts(), g.MaxRemove()
	hi := h*n0p + (h-1)*p + t
	return fmt.Sprintf("Guy–Smith: G(n+%d) = G(n) for max(n0,1) = %d ≤ n < %d·%d + %d·%d + %d = %d (at most %d heaps left, at most %d tokens removed; values checked to %d)",
		p, n0p, h, n0p, h-1, p, t, hi, h, t, N)
}

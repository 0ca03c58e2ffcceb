package octal

import (
	"context"
	"fmt"
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
}

// Bound returns the last heap size whose value the Guy–Smith test needs to
// prove period p from pre-period n0 for g: with n0' = max(n0, 1), every
// split leaving at most h heaps and at most t tokens removed, the test
// checks G(n + p) = G(n) for n0' ≤ n < h·n0' + (h−1)·p + t, which needs the
// values up to h·n0' + h·p + t − 1. It returns -1 for Grundy's game, where
// the test does not apply (a split must leave unequal heaps).
func (g Game) Bound(n0, p int) int {
	if g.unequal {
		return -1
	}
	n0 = max(n0, 1)
	h, t := g.MaxParts(), g.MaxRemove()
	return h*n0 + h*p + t - 1
}

// Analyze looks for the period of the values computed by c, G(0..N) with
// N = c.Len()−1: the least period p of the longest periodic tail, then the
// Guy–Smith test for it (see Bound).
//
// Method: the failure function of the reversed sequence gives, for every
// tail G(N−L+1..N), its least period; for each distinct period p the longest
// tail with that period gives the least pre-period n0(p). The pairs are
// tried in increasing p; the first whose bound is within the values
// computed is proved. Otherwise the smallest p whose tail holds two full
// periods and covers at least the second half of the range is reported as
// observed. Time O(N), memory 4N bytes.
func Analyze(c *Computer) Periodicity {
	N := c.Len() - 1
	res := Periodicity{Status: None, ComputedTo: N}
	g := c.Game()
	if N < 1 {
		res.Criterion = "too few values"
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
				res.Criterion = fmt.Sprintf("G(n+%d) = G(n) for %d ≤ n ≤ %d; no proof applies to %s (the Guy–Smith test needs equal splits to be legal)", cd.p, cd.n0, N-cd.p, g)
			} else {
				res.Criterion = fmt.Sprintf("G(n+%d) = G(n) for %d ≤ n ≤ %d; the Guy–Smith test needs the values up to %d (raise --max)", cd.p, cd.n0, N-cd.p, b)
			}
			return res
		}
	}
	res.Criterion = fmt.Sprintf("no period repeating twice over the second half of G(0..%d)", N)
	return res
}

type cand struct{ p, n0 int }

// candidates returns, for each least period p of a tail of the values,
// the longest such tail's start n0, in increasing p.
func candidates(c *Computer) []cand {
	N := c.Len() - 1
	L := N + 1
	rev := func(i int) uint32 { return c.At(N - i) }
	// pi[i] = length of the longest proper border of rev[0..i].
	pi := make([]int32, L)
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

func (g Game) criterion(n0, p, N int) string {
	n0p := max(n0, 1)
	h, t := g.MaxParts(), g.MaxRemove()
	hi := h*n0p + (h-1)*p + t
	return fmt.Sprintf("Guy–Smith: G(n+%d) = G(n) for max(n0,1) = %d ≤ n < %d·%d + %d·%d + %d = %d (at most %d heaps left, at most %d tokens removed; values checked to %d)",
		p, n0p, h, n0p, h-1, p, t, hi, h, t, N)
}

// FindPeriod computes the nim-sequence of g until its period is proved or
// the values up to maxN are known, and returns what is known. It starts
// small and doubles, jumping to the bound the Guy–Smith test needs once a
// candidate period shows; the computer is returned for further use.
func FindPeriod(ctx context.Context, g Game, maxN int, m Method) (Periodicity, *Computer, error) {
	c := NewComputer(g, m)
	n := min(maxN, 1024)
	for {
		if err := c.Extend(ctx, n); err != nil {
			return Periodicity{}, c, err
		}
		res := Analyze(c)
		if res.Status == Proved || n >= maxN {
			return res, c, nil
		}
		next := 2 * n
		// Jump to the bound of the most promising candidate: a tail
		// holding at least two periods whose bound is in reach.
		for _, cd := range candidates(c) {
			if tail := n + 1 - cd.n0; tail >= 2*cd.p && tail >= 64 {
				if b := g.Bound(cd.n0, cd.p); b > n && b < next {
					next = b
				}
			}
		}
		n = min(maxN, next)
	}
}

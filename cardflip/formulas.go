package cardflip

import (
	"math"
	"math/big"
)

func rat(a, b int64) *big.Rat { return big.NewRat(a, b) }

// Harmonic returns H_m = 1 + 1/2 + … + 1/m.
func Harmonic(m int) *big.Rat {
	h := new(big.Rat)
	for i := 1; i <= m; i++ {
		h.Add(h, rat(1, int64(i)))
	}
	return h
}

// SingleExpectation is 2m − H_m, the one-player optimum with memory and a
// lower bound for every number of players.
func SingleExpectation(m int) *big.Rat {
	return new(big.Rat).Sub(rat(int64(2*m), 1), Harmonic(m))
}

// RandomExpectation is m(m+1)/2: finding the next card among r face-down
// cards by independent uniform looks takes r looks on average.
func RandomExpectation(m int) *big.Rat { return rat(int64(m*(m+1)), 2) }

// FrontToBackExpectation is m(m+3)/4: with r cards face down, the next card
// is uniform in the cycling queue, found after (r+1)/2 looks.
func FrontToBackExpectation(m int) *big.Rat { return rat(int64(m*(m+3)), 4) }

// IntervalBound is the seed's bound m + (n+1)/2·(m−1) for interval.
func IntervalBound(m, n int) *big.Rat {
	return new(big.Rat).Add(rat(int64(m), 1), rat(int64((n+1)*(m-1)), 2))
}

// DivideConquerRecurrence is the recurrence of the spec for the seed's
// divide and conquer, T(S) = (S+1)/2 + R·S/(R+1) + T(L) + T(R),
// R = ⌊S/2⌋, L = S−1−R, T(0) = 0, T(1) = 1: the minimum search costs
// (S+1)/2, the split ends with the last of R right cards among S−1 cards
// in uniform order. It charges every segment of 2 cards 3.5 looks: the
// split looks at the upper card and files it face down, and a look of its
// own turns it up. In the last segment that look is one too many: the
// split's look sees m with 1..m−1 face up, which ends the game at once
// (seed 000, rule 2); see DivideConquerExpectation.
func DivideConquerRecurrence(m int) *big.Rat {
	t := make([]*big.Rat, m+1)
	t[0] = new(big.Rat)
	for s := 1; s <= m; s++ {
		if s == 1 {
			t[1] = rat(1, 1)
			continue
		}
		r := s / 2
		l := s - 1 - r
		x := rat(int64(s+1), 2)
		x.Add(x, rat(int64(r*s), int64(r+1)))
		x.Add(x, t[l])
		x.Add(x, t[r])
		t[s] = x
	}
	return t[m]
}

// DivideConquerExpectation is E[X] of DivideConquer under the seed's rule:
// the recurrence T(m) (DivideConquerRecurrence), less 1 when the last
// segment has 2 cards. The segments holding m are m, ⌊m/2⌋, ⌊m/4⌋, … (the
// right part of S cards has ⌊S/2⌋), down to 1 from 2 or from 3. From 2,
// the last segment {m−1, m} costs 2.5, not 3.5: its search turns m−1 up
// (at once, or after putting m back), and the split's first look sees m
// with 1..m−1 face up. From 3 nothing changes: the split looks at m
// while m−1 is still face down, and m's own look is the last. The chain
// passes through 2 exactly when the second-highest bit of m is 0
// (2^j ≤ m < 3·2^(j−1)): m = 2, 4, 5, 8, 9, 10, 11, 16, …; T(13) and
// T(100) stand.
func DivideConquerExpectation(m int) *big.Rat {
	t := DivideConquerRecurrence(m)
	s := m
	for s > 3 {
		s /= 2
	}
	if s == 2 {
		t.Sub(t, rat(1, 1))
	}
	return t
}

// PartitionExpectation is the expected cost of Partition: the dividers
// 1..d (d = l−1) cost (r+1)/2 each with r = m, m−1, …; the filing pass
// ends with the last of the B = N − s₀ cards of blocks 1.. among the N
// cards left, B(N+1)/(B+1); each block of s cards then costs s(s+3)/4.
func PartitionExpectation(m int) *big.Rat {
	l, sizes := partitionShape(m)
	d := l - 1
	x := new(big.Rat)
	for j := 1; j <= d; j++ {
		x.Add(x, rat(int64(m-j+2), 2))
	}
	n := m - d
	b := n - sizes[0]
	x.Add(x, rat(int64(b*(n+1)), int64(b+1)))
	for _, s := range sizes {
		x.Add(x, FrontToBackExpectation(s))
	}
	return x
}

// Known returns the closed form of a strategy's E[X] (table-only rules,
// n = ∞ unless the strategy needs memory), or nil when there is none.
// Its fractions grow with m (harmonic numbers): KnownMean is the same
// value in floating point, in O(m) time at most.
func Known(name string, m int) *big.Rat {
	switch name {
	case "halving":
		return HalvingExpectation(m)
	case "single":
		return SingleExpectation(m)
	case "random":
		return RandomExpectation(m)
	case "front-to-back":
		return FrontToBackExpectation(m)
	case "partition":
		return PartitionExpectation(m)
	case "divide-conquer":
		return DivideConquerExpectation(m)
	}
	return nil
}

// KnownMean is Known as a float64 (ok false when there is no closed
// form), computed in floating point: fast for every m ≤ MaxM.
func KnownMean(name string, m int) (mean float64, ok bool) {
	h := func(n int) float64 {
		x := 0.0
		for i := n; i >= 1; i-- {
			x += 1 / float64(i)
		}
		return x
	}
	switch name {
	case "single":
		return 2*float64(m) - h(m), true
	case "halving":
		return HalvingMean(m), true
	case "divide-conquer":
		// The recurrence along the chain of each segment's parts would
		// visit every size; T is memoized by size (at most 2 log m sizes
		// per level).
		memo := map[int]float64{0: 0, 1: 1}
		var T func(S int) float64
		T = func(S int) float64 {
			if v, ok := memo[S]; ok {
				return v
			}
			r := S / 2
			l := S - 1 - r
			v := float64(S+1)/2 + float64(r*S)/float64(r+1) + T(l) + T(r)
			memo[S] = v
			return v
		}
		t, s := T(m), m
		for s > 3 {
			s /= 2
		}
		if s == 2 {
			t--
		}
		return t, true
	}
	if k := Known(name, m); k != nil {
		f, _ := k.Float64()
		return f, !math.IsInf(f, 0)
	}
	return 0, false
}

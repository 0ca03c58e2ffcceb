package octal

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// Published periods: Kayles period 12 from 71 and Dawson's Kayles period
// 34 from 53 (Winning Ways ch. 4; CGSuite's GameHeapTest), Dawson's chess
// (.137) the same shifted by one; .16 period 149459 with pre-period 105351
// (Gangolli & Plambeck 1989); .56 pre-period 326640 (ibid.).
func TestPublishedPeriods(t *testing.T) {
	skipUnderRace(t)
	cases := []struct {
		code      string
		pre, per  int
		max       int
		slowInCI  bool
		plainTo   int // recompute with the plain kernel this far
		wantProof bool
	}{
		{".77", 71, 12, 2000, false, 2000, true},
		{".07", 53, 34, 2000, false, 2000, true},
		{".137", 52, 34, 2000, false, 2000, true},
		{".16", 105351, 149459, 600000, false, 0, true},
		{".56", 326640, 144, 800000, true, 0, true},
	}
	for _, c := range cases {
		if c.slowInCI && !long {
			continue
		}
		g := mustCode(t, c.code)
		res, comp, err := FindPeriod(ctx, g, c.max, Auto)
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != Proved || res.Preperiod != c.pre || res.Period != c.per {
			t.Errorf("%s: %+v, want period %d from %d proved", c.code, res, c.per, c.pre)
		}
		if !strings.HasPrefix(res.Criterion, "Guy–Smith:") {
			t.Errorf("%s: criterion %q", c.code, res.Criterion)
		}
		if c.plainTo > 0 {
			plain := values(t, g, PlainMethod, c.plainTo)
			checkPeriod(t, c.code, plain, res)
			for n := 0; n < comp.Len() && n < len(plain); n++ {
				if comp.At(n) != plain[n] {
					t.Fatalf("%s: G(%d) = %d, plain %d", c.code, n, comp.At(n), plain[n])
				}
			}
		}
	}
}

// checkPeriod checks a claimed period against values computed far beyond
// it: G(n+p) = G(n) for n ≥ n0, not for n0−1, and no smaller period.
func checkPeriod(t *testing.T, name string, vals []uint32, res Periodicity) {
	t.Helper()
	p, n0 := res.Period, res.Preperiod
	for n := n0; n+p < len(vals); n++ {
		if vals[n+p] != vals[n] {
			t.Fatalf("%s: claimed %+v but G(%d) = %d ≠ G(%d) = %d", name, res, n+p, vals[n+p], n, vals[n])
		}
	}
	if n0 > 0 && vals[n0-1+p] == vals[n0-1] {
		t.Errorf("%s: pre-period %d is not the least", name, n0)
	}
	for q := 1; q < p; q++ {
		same := true
		for n := n0; n+q < len(vals) && same; n++ {
			same = vals[n+q] == vals[n]
		}
		if same {
			t.Errorf("%s: %d is a smaller period than %d", name, q, p)
		}
	}
}

// .04: G(0..3) = 0 but G(4) = 1. The textbook Guy–Smith test with n0 = 0
// (check G(n+1) = G(n) for 0 ≤ n < 2·0 + 1 + 2) would certify period 1
// from 0 on G(0..3); the max(n0, 1) safeguard must not.
func TestNoFalseProofDotO4(t *testing.T) {
	g := mustCode(t, ".04")
	vals := values(t, g, PlainMethod, 3000)
	if vals[3] != 0 || vals[4] != 1 {
		t.Fatalf(".04 G(3), G(4) = %d, %d", vals[3], vals[4])
	}
	textbook := 2*0 + 1 + g.MaxRemove()
	if textbook > 3 {
		t.Fatalf("textbook range %d", textbook)
	}
	for N := 1; N <= 300; N++ {
		c := NewComputer(g, PlainMethod)
		if err := c.Load(vals[1 : N+1]); err != nil {
			t.Fatal(err)
		}
		if res := Analyze(c); res.Status == Proved {
			checkPeriod(t, fmt.Sprintf(".04 to %d", N), vals, res)
		}
	}
	if b := g.Bound(0, 1); b != 2*1+2*1+2-1 {
		t.Errorf("Bound(0, 1) = %d, want the n0 = 1 bound 5", b)
	}
}

// Soundness over many games: every period claimed proved, from every
// prefix length, holds on values computed far beyond its bound.
func TestProvedClaimsHold(t *testing.T) {
	skipUnderRace(t)
	games := someCodes(t)
	r := rand.New(rand.NewPCG(9, 9))
	for i := 0; i < 40; i++ {
		s := "0."
		for k := 0; k < 1+i%3; k++ {
			s += fmt.Sprintf("%X", r.IntN(16))
		}
		games = append(games, mustHex(t, s))
	}
	for _, g := range games {
		to := 1500
		if long {
			to = 2500
		}
		if g.MaxParts() == 3 {
			to = 300
		}
		vals := values(t, g, PlainMethod, to)
		for N := 1; N <= to/4; N += 1 + N/8 {
			c := NewComputer(g, PlainMethod)
			if err := c.Load(vals[1 : N+1]); err != nil {
				t.Fatal(err)
			}
			res := Analyze(c)
			if res.Status != Proved {
				continue
			}
			if b := g.Bound(res.Preperiod, res.Period); 3*b > to {
				continue // not enough values to check it
			}
			checkPeriod(t, fmt.Sprintf("%s to %d", g, N), vals, res)
		}
	}
}

// The three-heap bound: h·max(n0,1) + h·p + t − 1 with h = 3.
func TestBoundThreeHeaps(t *testing.T) {
	g := mustHex(t, "0.8")
	if g.MaxParts() != 3 || g.MaxRemove() != 1 {
		t.Fatalf("0.8: parts %d, t %d", g.MaxParts(), g.MaxRemove())
	}
	if b := g.Bound(5, 2); b != 3*5+3*2+1-1 {
		t.Errorf("Bound(5, 2) = %d", b)
	}
	if b := mustCode(t, ".33").Bound(0, 3); b != 1*1+1*3+2-1 {
		t.Errorf("subtraction-like bound = %d", b)
	}
	if b := GrundysGame().Bound(10, 2); b != -1 {
		t.Errorf("Grundy's game bound = %d, want -1", b)
	}
}

// Grundy's game is never claimed proved.
func TestGrundyNotProved(t *testing.T) {
	res, _, err := FindPeriod(ctx, GrundysGame(), 20000, Auto)
	if err != nil || res.Status == Proved || res.ComputedTo != 20000 {
		t.Errorf("Grundy's game: %+v %v", res, err)
	}
}

// The hashed candidate search (long sequences) proves what the failure
// function (short ones) proves, on every prefix of many games.
func TestHashedCandidatesAgree(t *testing.T) {
	skipUnderRace(t)
	games := someCodes(t)
	for gi, g := range games {
		if gi%3 != 0 {
			continue
		}
		vals := values(t, g, PlainMethod, 1200)
		for N := 10; N <= 1200; N += 37 {
			var res [2]Periodicity
			for i, hash := range []bool{false, true} {
				c := NewComputer(g, PlainMethod)
				c.hooks.hashOnly = hash
				if err := c.Load(vals[1 : N+1]); err != nil {
					t.Fatal(err)
				}
				res[i] = Analyze(c)
			}
			if (res[0].Status == Proved) != (res[1].Status == Proved) ||
				res[0].Status == Proved && (res[0].Period != res[1].Period || res[0].Preperiod != res[1].Preperiod) {
				t.Fatalf("%s to %d: failure function %+v, hashing %+v", g, N, res[0], res[1])
			}
		}
	}
}

// tailPeriods reports exactly the periods of G(A..N), found by brute force,
// both where the direct comparisons settle every p and where they give way
// to hashing (a constant or short-period sequence: every multiple of the
// period matches all the way, so the comparisons pass 8 a value).
func TestTailPeriodsBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 14))
	for trial := 0; trial < 300; trial++ {
		n := 2 + rng.IntN(300)
		seq := make([]uint32, n)
		alpha, q := 1+rng.IntN(4), 1+rng.IntN(12)
		pre := rng.IntN(n)
		for i := range seq {
			switch {
			case trial%3 == 0: // random over a small alphabet
				seq[i] = uint32(rng.IntN(alpha))
			case i < pre: // a random pre-period, then period q
				seq[i] = uint32(rng.IntN(alpha + 1))
			default:
				seq[i] = uint32((i - pre) % q % (alpha + 1))
			}
		}
		at := func(i int) uint32 { return seq[i] }
		A, N := rng.IntN(n-1), n-1
		var got, want []int
		tailPeriods(at, A, N, func(p int) bool { got = append(got, p); return true })
		for p := 1; p <= N-A; p++ {
			ok := true
			for i := A; i+p <= N; i++ {
				if seq[i] != seq[i+p] {
					ok = false
					break
				}
			}
			if ok {
				want = append(want, p)
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: %v from %d to %d: reported %v, periods %v", trial, seq, A, N, got, want)
		}
	}
}

// A hunt bounded by work: a code the plain kernel computes (0.007,
// Treblecross: no sparse-space split pays) stops at the plain cap, exactly
// there; a sparse code goes past it to MaxN (0.16, whose period needs
// 360163 values); a code whose proof is in reach is proved under the cap
// (0.156: period 349 from 3479, Kenyon 1967, through Czajka's
// SolvedGames.md), as without it.
func TestHuntLimits(t *testing.T) {
	for _, c := range []struct {
		code           string
		lim            HuntLimits
		stop           Stop
		computedTo     int
		period, preper int
	}{
		{".007", HuntLimits{MaxN: 1 << 20, PlainMaxN: 4096}, StopPlainMax, 4096, 0, 0},
		{".007", HuntLimits{MaxN: 3000, PlainMaxN: 4096}, StopMax, 3000, 0, 0},
		{".007", HuntLimits{MaxN: 5000, PlainMaxN: 3000}, StopPlainMax, 3000, 0, 0},
		{".16", HuntLimits{MaxN: 20000, PlainMaxN: 4096}, StopMax, 20000, 0, 0},
		{".156", HuntLimits{MaxN: 100000, PlainMaxN: 2048}, StopProved, -1, 349, 3479},
		{".156", HuntLimits{MaxN: 100000}, StopProved, -1, 349, 3479},
	} {
		comp := NewComputer(mustCode(t, c.code), Auto)
		res, stop, err := comp.Hunt(ctx, c.lim)
		if err != nil {
			t.Fatal(err)
		}
		if stop != c.stop || c.computedTo >= 0 && res.ComputedTo != c.computedTo || comp.Len() != res.ComputedTo+1 {
			t.Errorf("%s %+v: stopped %s at %d (%d values held), want %s at %d", c.code, c.lim, stop, res.ComputedTo, comp.Len(), c.stop, c.computedTo)
		}
		if stop == StopProved && (res.Status != Proved || res.Period != c.period || res.Preperiod != c.preper) {
			t.Errorf("%s %+v: %+v, want period %d from %d", c.code, c.lim, res, c.period, c.preper)
		}
		if stop != StopProved && res.Status == Proved {
			t.Errorf("%s %+v: proved, but stopped %s", c.code, c.lim, stop)
		}
		if stop == StopPlainMax && comp.Stats().Kernel != "plain" {
			t.Errorf("%s: stopped at the plain cap with the %s kernel", c.code, comp.Stats().Kernel)
		}
	}
}

package partizan

// The first implementation of the thermograph's scaffolds (a union of
// breakpoints, a point inside each interval, a simplification pass): kept
// as a reference for TestThermoFastPaths.

import (
	"fmt"
	"testing"
)

var _ = fmt.Sprint

// refBreaks returns the union of both trajectories' breakpoints, decreasing.
func refBreaks(a, b Trajectory) []Dyadic {
	var out []Dyadic
	i, j := 0, 0
	for i < len(a.Crit) || j < len(b.Crit) {
		switch {
		case j == len(b.Crit) || i < len(a.Crit) && b.Crit[j].Less(a.Crit[i]):
			out = append(out, a.Crit[i])
			i++
		case i == len(a.Crit) || a.Crit[i].Less(b.Crit[j]):
			out = append(out, b.Crit[j])
			j++
		default:
			out = append(out, a.Crit[i])
			i++
			j++
		}
	}
	return out
}

// refCombine returns max(a, b) (or min when takeMax is false).
func refCombine(a, b Trajectory, takeMax bool) Trajectory {
	pts := refBreaks(a, b)
	// add the crossings inside each interval
	var extra []Dyadic
	refForIntervals(pts, func(lo, hi *Dyadic, mid Dyadic) {
		ia, ib := a.piece(mid), b.piece(mid)
		if a.Slope[ia] == b.Slope[ib] {
			return
		}
		t := crossing(a.B[ia], a.Slope[ia], b.B[ib], b.Slope[ib])
		if (lo == nil && Int(-1).Less(t) || lo != nil && lo.Less(t)) && (hi == nil || t.Less(*hi)) {
			extra = append(extra, t)
		}
	})
	all := refBreaks(Trajectory{Crit: pts}, Trajectory{Crit: extra})
	var out Trajectory
	refForIntervals(all, func(lo, hi *Dyadic, mid Dyadic) {
		ia, ib := a.piece(mid), b.piece(mid)
		va, vb := lineAt(a.B[ia], a.Slope[ia], mid), lineAt(b.B[ib], b.Slope[ib], mid)
		if va.Less(vb) != takeMax || va.Equal(vb) {
			out.refPush(a.B[ia], a.Slope[ia])
		} else {
			out.refPush(b.B[ib], b.Slope[ib])
		}
	})
	out.Crit = all
	return out.refSimplify()
}

// refForIntervals calls f for each interval cut by pts (decreasing), from the
// top: its ends (nil for ∞ above and for -1 below) and a point inside.
func refForIntervals(pts []Dyadic, f func(lo, hi *Dyadic, mid Dyadic)) {
	if len(pts) == 0 {
		f(nil, nil, Int(0))
		return
	}
	f(&pts[0], nil, pts[0].Add(Int(1)))
	for k := 1; k < len(pts); k++ {
		f(&pts[k], &pts[k-1], pts[k].Add(pts[k-1]).Shift(-1))
	}
	last := pts[len(pts)-1]
	f(nil, &pts[len(pts)-1], last.Add(Int(-1)).Shift(-1))
}

func (tr *Trajectory) refPush(b Dyadic, s int64) {
	tr.B = append(tr.B, b)
	tr.Slope = append(tr.Slope, s)
}

// simplify drops breakpoints between equal pieces.
func (tr Trajectory) refSimplify() Trajectory {
	out := Trajectory{B: []Dyadic{tr.B[0]}, Slope: []int64{tr.Slope[0]}}
	for i, c := range tr.Crit {
		last := len(out.B) - 1
		if tr.Slope[i+1] == out.Slope[last] && tr.B[i+1].Equal(out.B[last]) {
			continue
		}
		out.Crit = append(out.Crit, c)
		out.refPush(tr.B[i+1], tr.Slope[i+1])
	}
	return out
}

// refScaffolds returns the thermograph whose Left scaffold is ls and Right
// scaffold rs: the walls follow the scaffolds up to the lowest temperature
// t₀ where ls ≤ rs, and above t₀ both are the vertical mast at ls(t₀)
// (the game cooled by t ≥ t₀ is infinitely close to that number; Siegel
// II.5.?).
func refScaffolds(ls, rs Trajectory) Thermograph {
	pts := refBreaks(ls, rs)
	// increasing list of points from -1
	up := []Dyadic{Int(-1)}
	for i := len(pts) - 1; i >= 0; i-- {
		up = append(up, pts[i])
	}
	var t0 Dyadic
	found := false
	for i, p := range up {
		d := ls.At(p).Sub(rs.At(p))
		if d.Sign() <= 0 {
			t0, found = p, true
			break
		}
		// the difference is linear up to the next point
		ia, ib := ls.piece(p.Add(Int(1))), rs.piece(p.Add(Int(1)))
		if i+1 < len(up) {
			mid := p.Add(up[i+1]).Shift(-1)
			ia, ib = ls.piece(mid), rs.piece(mid)
		}
		if sd := ls.Slope[ia] - rs.Slope[ib]; sd < 0 {
			t := crossing(ls.B[ia], ls.Slope[ia], rs.B[ib], rs.Slope[ib])
			if i+1 == len(up) || t.Cmp(up[i+1]) <= 0 {
				t0, found = t, true
				break
			}
		}
	}
	if !found {
		panic("partizan: scaffolds never meet")
	}
	x0 := ls.At(t0)
	if t0.Cmp(Int(-1)) == 0 {
		// the scaffolds cross at the base: the game is a number there
		x0 = simplest(ls.At(t0).Min(rs.At(t0)), ls.At(t0).Max(rs.At(t0)), true, true)
		return Thermograph{Left: constTraj(x0), Right: constTraj(x0)}
	}
	cut := func(tr Trajectory) Trajectory {
		out := Trajectory{B: []Dyadic{x0}, Slope: []int64{0}, Crit: []Dyadic{t0}}
		// the pieces strictly below t0
		j := 0
		for j < len(tr.Crit) && t0.Cmp(tr.Crit[j]) <= 0 {
			j++
		}
		out.refPush(tr.B[j], tr.Slope[j])
		for ; j < len(tr.Crit); j++ {
			out.Crit = append(out.Crit, tr.Crit[j])
			out.refPush(tr.B[j+1], tr.Slope[j+1])
		}
		return out.refSimplify()
	}
	return Thermograph{Left: cut(ls), Right: cut(rs)}
}

// randTraj returns a continuous trajectory with n breakpoints (dyadics of
// denominator up to 8 in (-1, 6)) and slopes in [lo, hi], its top slope top.
func randTraj(r *rand, n int, lo, hi, top int64) Trajectory {
	var crit []Dyadic
	c := NewDyadic(int64(r.next()%16)+32, 3)
	for k := 0; k < n; k++ {
		crit = append(crit, c)
		c = c.Sub(NewDyadic(int64(r.next()%8)+1, 3))
		if !Int(-1).Less(c) {
			break
		}
	}
	tr := Trajectory{Crit: crit}
	b := NewDyadic(int64(r.next()%64)-32, 2)
	for k := 0; k <= len(crit); k++ {
		s := lo + int64(r.next()%uint64(hi-lo+1))
		if k == 0 {
			s = top
		} else {
			// continuous at crit[k-1]
			v := tr.B[k-1].Add(crit[k-1].MulInt(tr.Slope[k-1]))
			b = v.Sub(crit[k-1].MulInt(s))
		}
		tr.B = append(tr.B, b)
		tr.Slope = append(tr.Slope, s)
	}
	return tr.refSimplify()
}

func sameTraj(a, b Trajectory) bool {
	if len(a.Crit) != len(b.Crit) || len(a.B) != len(b.B) {
		return false
	}
	for i := range a.Crit {
		if !a.Crit[i].Equal(b.Crit[i]) {
			return false
		}
	}
	for i := range a.B {
		if !a.B[i].Equal(b.B[i]) || a.Slope[i] != b.Slope[i] {
			return false
		}
	}
	return true
}

// TestThermoFastPaths checks the one-sweep combine and scaffolds against
// the first implementation, and combine against the pointwise max and min,
// on random trajectories.
func TestThermoFastPaths(t *testing.T) {
	r := newRand(11)
	for n := 0; n < 4000; n++ {
		a := randTraj(r, int(r.next()%5), -1, 1, int64(r.next()%3)-1)
		b := randTraj(r, int(r.next()%5), -1, 1, int64(r.next()%3)-1)
		for _, mx := range []bool{true, false} {
			got, want := combine(a, b, mx), refCombine(a, b, mx)
			if !sameTraj(got, want) {
				t.Fatalf("combine(%v, %v, %v) = %v, want %v", a, b, mx, got, want)
			}
			for k := -8; k < 64; k++ {
				x := NewDyadic(int64(k), 3)
				va, vb := a.At(x), b.At(x)
				w := va.Max(vb)
				if !mx {
					w = va.Min(vb)
				}
				if !got.At(x).Equal(w) {
					t.Fatalf("combine(%v, %v, %v) at %v = %v, want %v", a, b, mx, x, got.At(x), w)
				}
			}
		}
		// scaffolds: a Left one ending in slope -1, a Right one in +1
		// (a max of Right walls, a min of Left walls)
		ls := randTraj(r, int(r.next()%5), 0, 1, 0)
		rs := randTraj(r, int(r.next()%5), -1, 0, 0)
		got, want := scaffolds(ls, rs), refScaffolds(refTilt(ls, -1), refTilt(rs, 1))
		if !sameTraj(got.Left, want.Left) || !sameTraj(got.Right, want.Right) {
			t.Fatalf("scaffolds(%v, %v) = %v, want %v", ls, rs, got, want)
		}
	}
}

func refTilt(tr Trajectory, s int64) Trajectory {
	out := Trajectory{Crit: tr.Crit, B: tr.B, Slope: make([]int64, len(tr.Slope))}
	for i, v := range tr.Slope {
		out.Slope[i] = v + s
	}
	return out
}

// lineAt is b + s·t, a wall's line at temperature t.
func lineAt(b Dyadic, s int64, t Dyadic) Dyadic { return b.Add(t.MulInt(s)) }

package partizan

import (
	"fmt"
	"strings"
)

// Trajectory is a continuous piecewise-linear function x(t) of the
// temperature t ≥ -1 (CGSuite's convention: cooling is defined for t > -1,
// so that numbers have thermographs too), exact: breakpoints are dyadic and
// every piece is x = b + s·t with a dyadic b and an integer slope s (0 or ±1
// on thermographs). Crit holds the breakpoints, strictly decreasing and
// > -1; piece i lies above Crit[i] (piece 0 above Crit[0], the last below
// the last breakpoint down to -1).
type Trajectory struct {
	Crit  []Dyadic
	B     []Dyadic
	Slope []int64
}

func constTraj(x Dyadic) Trajectory {
	return Trajectory{B: []Dyadic{x}, Slope: []int64{0}}
}

// piece returns the index of the piece at t (at a breakpoint, the piece
// above it: the function is continuous, so either gives the same value).
func (tr Trajectory) piece(t Dyadic) int {
	i := 0
	for i < len(tr.Crit) && t.Less(tr.Crit[i]) {
		i++
	}
	return i
}

// At returns x(t).
func (tr Trajectory) At(t Dyadic) Dyadic {
	i := tr.piece(t)
	return tr.B[i].Add(t.MulInt(tr.Slope[i]))
}

// Top returns the value of the mast: x at and above the top breakpoint, when
// the top piece is vertical.
func (tr Trajectory) Top() Dyadic {
	if len(tr.Crit) == 0 {
		return tr.B[0]
	}
	return tr.At(tr.Crit[0])
}

func lineAt(b Dyadic, s int64, t Dyadic) Dyadic { return b.Add(t.MulInt(s)) }

// crossing returns the t where b1 + s1·t = b2 + s2·t (s1 ≠ s2, their
// difference ±1 or ±2 on thermographs).
func crossing(b1 Dyadic, s1 int64, b2 Dyadic, s2 int64) Dyadic {
	d := s1 - s2
	num := b2.Sub(b1)
	switch d {
	case 1:
		return num
	case -1:
		return num.Neg()
	case 2:
		return num.Shift(-1)
	case -2:
		return num.Neg().Shift(-1)
	}
	panic(fmt.Sprintf("partizan: trajectory slopes differ by %d", d))
}

// breaks returns the union of both trajectories' breakpoints, decreasing.
func breaks(a, b Trajectory) []Dyadic {
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

// combine returns max(a, b) (or min when takeMax is false).
func combine(a, b Trajectory, takeMax bool) Trajectory {
	pts := breaks(a, b)
	// add the crossings inside each interval
	var extra []Dyadic
	forIntervals(pts, func(lo, hi *Dyadic, mid Dyadic) {
		ia, ib := a.piece(mid), b.piece(mid)
		if a.Slope[ia] == b.Slope[ib] {
			return
		}
		t := crossing(a.B[ia], a.Slope[ia], b.B[ib], b.Slope[ib])
		if (lo == nil && Int(-1).Less(t) || lo != nil && lo.Less(t)) && (hi == nil || t.Less(*hi)) {
			extra = append(extra, t)
		}
	})
	all := breaks(Trajectory{Crit: pts}, Trajectory{Crit: extra})
	var out Trajectory
	forIntervals(all, func(lo, hi *Dyadic, mid Dyadic) {
		ia, ib := a.piece(mid), b.piece(mid)
		va, vb := lineAt(a.B[ia], a.Slope[ia], mid), lineAt(b.B[ib], b.Slope[ib], mid)
		if va.Less(vb) != takeMax || va.Equal(vb) {
			out.push(a.B[ia], a.Slope[ia])
		} else {
			out.push(b.B[ib], b.Slope[ib])
		}
	})
	out.Crit = all
	return out.simplify()
}

// forIntervals calls f for each interval cut by pts (decreasing), from the
// top: its ends (nil for ∞ above and for -1 below) and a point inside.
func forIntervals(pts []Dyadic, f func(lo, hi *Dyadic, mid Dyadic)) {
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

func (tr *Trajectory) push(b Dyadic, s int64) {
	tr.B = append(tr.B, b)
	tr.Slope = append(tr.Slope, s)
}

// simplify drops breakpoints between equal pieces.
func (tr Trajectory) simplify() Trajectory {
	out := Trajectory{B: []Dyadic{tr.B[0]}, Slope: []int64{tr.Slope[0]}}
	for i, c := range tr.Crit {
		last := len(out.B) - 1
		if tr.Slope[i+1] == out.Slope[last] && tr.B[i+1].Equal(out.B[last]) {
			continue
		}
		out.Crit = append(out.Crit, c)
		out.push(tr.B[i+1], tr.Slope[i+1])
	}
	return out
}

// tilt returns x(t) + s·t.
func (tr Trajectory) tilt(s int64) Trajectory {
	out := Trajectory{Crit: tr.Crit, B: tr.B, Slope: make([]int64, len(tr.Slope))}
	for i, v := range tr.Slope {
		out.Slope[i] = v + s
	}
	return out
}

// Thermograph is a game's thermograph: its Left and Right walls, the stops
// of the game cooled by t (Berlekamp; Siegel II.5).
type Thermograph struct {
	Left, Right Trajectory
}

// Mast returns the mean value: where the walls meet.
func (th Thermograph) Mast() Dyadic { return th.Left.Top() }

// Temperature returns the height where the walls meet the mast: -1 for an
// integer (CGSuite's convention; a number m/2^e has temperature -1/2^e).
func (th Thermograph) Temperature() Dyadic {
	t := Int(-1)
	if len(th.Left.Crit) > 0 {
		t = th.Left.Crit[0]
	}
	if len(th.Right.Crit) > 0 {
		t = t.Max(th.Right.Crit[0])
	}
	return t
}

// String writes the thermograph as CGSuite does:
// Thermograph(mast,[breakpoints],[slopes],mast,[breakpoints],[slopes]),
// Left wall first, slopes from the top down.
func (th Thermograph) String() string {
	var b strings.Builder
	b.WriteString("Thermograph(")
	wall := func(tr Trajectory) {
		b.WriteString(tr.Top().String())
		b.WriteString(",[")
		for i, c := range tr.Crit {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(c.String())
		}
		b.WriteString("],[")
		for i, s := range tr.Slope {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprint(&b, s)
		}
		b.WriteString("]")
	}
	wall(th.Left)
	b.WriteByte(',')
	wall(th.Right)
	b.WriteByte(')')
	return b.String()
}

// scaffolds returns the thermograph whose Left scaffold is ls and Right
// scaffold rs: the walls follow the scaffolds up to the lowest temperature
// t₀ where ls ≤ rs, and above t₀ both are the vertical mast at ls(t₀)
// (the game cooled by t ≥ t₀ is infinitely close to that number; Siegel
// II.5.?).
func scaffolds(ls, rs Trajectory) Thermograph {
	pts := breaks(ls, rs)
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
		out.push(tr.B[j], tr.Slope[j])
		for ; j < len(tr.Crit); j++ {
			out.Crit = append(out.Crit, tr.Crit[j])
			out.push(tr.B[j+1], tr.Slope[j+1])
		}
		return out.simplify()
	}
	return Thermograph{Left: cut(ls), Right: cut(rs)}
}

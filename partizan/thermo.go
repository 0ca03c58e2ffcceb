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

// line is a piece of a trajectory: x = b + s·t.
type line struct {
	b Dyadic
	s int64
}

func (l line) at(t Dyadic) Dyadic {
	switch l.s {
	case 0:
		return l.b
	case 1:
		return l.b.Add(t)
	case -1:
		return l.b.Sub(t)
	}
	return l.b.Add(t.MulInt(l.s))
}

func (l line) equal(m line) bool { return l.s == m.s && l.b.Equal(m.b) }

func (tr Trajectory) line(i int) line { return line{tr.B[i], tr.Slope[i]} }

// newTraj returns an empty trajectory with room for n breakpoints, in two
// allocations.
func newTraj(n int) Trajectory {
	d := make([]Dyadic, 2*n+1)
	return Trajectory{Crit: d[:0:n], B: d[n:n], Slope: make([]int64, 0, n+1)}
}

// emit appends the piece l below the breakpoint hi (the first piece: top),
// merging it with the piece above when they are one line.
func (tr *Trajectory) emit(top bool, hi Dyadic, l line) {
	if !top {
		if tr.line(len(tr.B) - 1).equal(l) {
			return
		}
		tr.Crit = append(tr.Crit, hi)
	}
	tr.push(l.b, l.s)
}

func (tr *Trajectory) push(b Dyadic, s int64) {
	tr.B = append(tr.B, b)
	tr.Slope = append(tr.Slope, s)
}

// combine returns max(a, b) (or min when takeMax is false), in one sweep
// down the union of their breakpoints: on each interval both are lines,
// which cross at most once (above the crossing the steeper one is the
// larger).
func combine(a, b Trajectory, takeMax bool) Trajectory {
	n := len(a.Crit) + len(b.Crit)
	out := newTraj(2*n + 1)
	i, j := 0, 0
	var hi Dyadic
	top := true
	for {
		lo, bottom := Int(-1), false
		switch {
		case i < len(a.Crit) && (j == len(b.Crit) || b.Crit[j].Less(a.Crit[i])):
			lo = a.Crit[i]
		case j < len(b.Crit):
			lo = b.Crit[j]
		default:
			bottom = true
		}
		la, lb := a.line(i), b.line(j)
		d := la.at(lo).Cmp(lb.at(lo))
		// the larger line on (lo, hi) just above lo, and just below hi
		steep, flat := la, lb
		if lb.s > la.s {
			steep, flat = lb, la
		}
		var upper, lower line
		switch {
		case la.s == lb.s:
			upper = la
			if d < 0 {
				upper = lb
			}
			lower = upper
		default:
			tc := crossing(la.b, la.s, lb.b, lb.s)
			if lo.Less(tc) && (top || tc.Less(hi)) {
				upper, lower = steep, flat
				break
			}
			switch {
			case d > 0:
				upper = la
			case d < 0:
				upper = lb
			default:
				upper = steep
			}
			lower = upper
		}
		if !takeMax {
			// the smaller: the other line of each part
			upper, lower = other(upper, la, lb), other(lower, la, lb)
			if la.s == lb.s && d == 0 {
				upper, lower = la, la
			}
		}
		out.emit(top, hi, upper)
		if !upper.equal(lower) {
			out.emit(false, crossing(la.b, la.s, lb.b, lb.s), lower)
		}
		if bottom {
			return out
		}
		if i < len(a.Crit) && a.Crit[i].Equal(lo) {
			i++
		}
		if j < len(b.Crit) && b.Crit[j].Equal(lo) {
			j++
		}
		hi, top = lo, false
	}
}

// other returns the one of a and b that is not l.
func other(l, a, b line) line {
	if l.equal(a) {
		return b
	}
	return a
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

// scaffolds returns the thermograph whose Left scaffold is ls(t) - t and
// Right scaffold rs(t) + t (ls the maximum of the Left options' Right walls,
// rs the minimum of the Right options' Left walls): the walls follow the
// scaffolds up to the lowest temperature t₀ where they meet, and above t₀
// both are the vertical mast at ls(t₀) - t₀ (the game cooled by t ≥ t₀ is
// infinitely close to that number; Siegel II.5.?).
func scaffolds(lw, rw Trajectory) Thermograph {
	ls, rs := lw.tilted(-1), rw.tilted(1)
	t0 := meet(ls, rs)
	if t0.Cmp(Int(-1)) == 0 {
		// the scaffolds cross at the base: the game is a number there
		l, r := ls.at(t0), rs.at(t0)
		x0 := simplest(l.Min(r), l.Max(r), true, true)
		return Thermograph{Left: constTraj(x0), Right: constTraj(x0)}
	}
	x0 := ls.at(t0)
	jl, jr := ls.below(t0), rs.below(t0)
	nl, nr := len(ls.Crit)-jl+1, len(rs.Crit)-jr+1
	// both walls in two allocations
	d := make([]Dyadic, 2*(nl+nr)+2)
	sl := make([]int64, nl+nr+2)
	left := Trajectory{Crit: d[:0:nl], B: d[nl : nl : 2*nl+1], Slope: sl[: 0 : nl+1]}
	d, sl = d[2*nl+1:], sl[nl+1:]
	right := Trajectory{Crit: d[:0:nr], B: d[nr:nr], Slope: sl[:0]}
	ls.mastAbove(&left, jl, t0, x0)
	rs.mastAbove(&right, jr, t0, x0)
	return Thermograph{Left: left, Right: right}
}

// tiltedTraj is a trajectory read as x(t) + tilt·t.
type tiltedTraj struct {
	Trajectory
	tilt int64
}

func (tr Trajectory) tilted(s int64) tiltedTraj { return tiltedTraj{tr, s} }

func (tr tiltedTraj) line(i int) line { return line{tr.B[i], tr.Slope[i] + tr.tilt} }

func (tr tiltedTraj) at(t Dyadic) Dyadic { return tr.line(tr.piece(t)).at(t) }

// below returns the index of the first piece below t.
func (tr tiltedTraj) below(t Dyadic) int {
	j := 0
	for j < len(tr.Crit) && t.Cmp(tr.Crit[j]) <= 0 {
		j++
	}
	return j
}

// meet returns the least t ≥ -1 with ls(t) ≤ rs(t), sweeping up the union
// of their breakpoints (ls - rs is a line on each interval).
func meet(ls, rs tiltedTraj) Dyadic {
	i, j := len(ls.Crit), len(rs.Crit) // the pieces at the bottom
	p := Int(-1)
	for {
		la, lb := ls.line(i), rs.line(j)
		if la.at(p).Cmp(lb.at(p)) <= 0 {
			return p
		}
		// the next breakpoint above p (none: ∞)
		var q Dyadic
		last := i == 0 && j == 0
		switch {
		case i > 0 && (j == 0 || ls.Crit[i-1].Less(rs.Crit[j-1])):
			q = ls.Crit[i-1]
		case j > 0:
			q = rs.Crit[j-1]
		}
		if la.s < lb.s {
			if t := crossing(la.b, la.s, lb.b, lb.s); last || t.Cmp(q) <= 0 {
				return t
			}
		}
		if last {
			panic("partizan: scaffolds never meet")
		}
		if i > 0 && ls.Crit[i-1].Equal(q) {
			i--
		}
		if j > 0 && rs.Crit[j-1].Equal(q) {
			j--
		}
		p = q
	}
}

// mastAbove writes to out tr's pieces from j down (those below t0) and the
// vertical mast at x0 above t0.
func (tr tiltedTraj) mastAbove(out *Trajectory, j int, t0, x0 Dyadic) {
	out.push(x0, 0)
	out.emit(false, t0, tr.line(j))
	for k := j; k < len(tr.Crit); k++ {
		out.emit(false, tr.Crit[k], tr.line(k+1))
	}
}

package partizan

import (
	"fmt"
	"iter"
)

// Side is a player: Left (Blue, positive) or Right (Red, negative).
type Side uint8

const (
	Left Side = iota
	Right
)

func (s Side) String() string {
	if s == Left {
		return "Left"
	}
	return "Right"
}

// Other returns the opponent.
func (s Side) Other() Side { return 1 - s }

// Outcome is the outcome class of a game: who wins with best play.
type Outcome uint8

const (
	P Outcome = iota // the second player wins (G = 0)
	N                // the first player wins (G ‖ 0)
	L                // Left wins whoever starts (G > 0)
	R                // Right wins whoever starts (G < 0)
)

func (o Outcome) String() string { return [...]string{"P", "N", "L", "R"}[o] }

// Relation is how two games compare: exactly one of less, equal, greater or
// confused (incomparable, written ‖ or "fuzzy").
type Relation uint8

const (
	Equal Relation = iota
	Less
	Greater
	Confused
)

func (r Relation) String() string { return [...]string{"=", "<", ">", "‖"}[r] }

// gid is a game's id: an immediate number-up-star (bit 63 clear) or a record
// of a store (bit 63 set).
//
// An immediate packs x + k·↑ + *m (CGSuite's "NUS") into 63 bits: the
// numerator of x in bits 0–31 (int32, at most 2^30 in size so that the
// options of an immediate are immediate), its denominator's exponent in bits
// 32–37, k in bits 38–50 (signed), m in bits 51–62. Zero is the id 0. A
// number-up-star out of these ranges is a record of its store, like any
// other game; a game has exactly one id in a store. A record's id carries
// two flags beside its index, so that the hot paths tell number-up-stars
// and numbers apart without reading the record: bit 62, a number-up-star
// record; bit 61, a number record.
type gid uint64

const (
	recBit    gid = 1 << 63
	nusRecBit gid = 1 << 62
	numRecBit gid = 1 << 61
	idxMask       = 1<<61 - 1
	numField      = 1<<32 - 1 | expMask<<expShift // an immediate's number part
	upField       = (1<<upBits - 1) << upShift
	nimField      = nimMask << nimShift
	expShift      = 32
	upShift       = 38
	nimShift      = 51
	expMask       = 1<<6 - 1
	upBits        = 13
	nimMask       = 1<<12 - 1
	maxImmUp      = 1<<(upBits-1) - 1
	maxImmNim     = nimMask
)

func (g gid) isRec() bool   { return g&recBit != 0 }
func (g gid) index() uint64 { return uint64(g & idxMask) }

// isNUS reports whether g is a number-up-star (immediate or a record).
func (g gid) isNUS() bool { return g&recBit == 0 || g&nusRecBit != 0 }

// isNumber reports whether g is a number.
func (g gid) isNumber() bool {
	if g&recBit == 0 {
		return g&(upField|nimField) == 0
	}
	return g&numRecBit != 0
}

func immNum(g gid) int32     { return int32(uint32(g)) }
func immExp(g gid) uint32    { return uint32(g>>expShift) & expMask }
func immUp(g gid) int64      { return int64(int16(uint16(g>>upShift)<<3)) >> 3 }
func immNim(g gid) uint64    { return uint64(g>>nimShift) & nimMask }
func immNumber(g gid) Dyadic { return Dyadic{n: int64(immNum(g)), e: immExp(g)} }

// immediate returns the id of x + k↑ + *m when it packs.
func immediate(x Dyadic, k int64, m uint64) (gid, bool) {
	if x.b != nil || x.n > 1<<30 || x.n < -(1<<30) || x.e > expMask || k > maxImmUp || k < -maxImmUp || m > maxImmNim {
		return 0, false
	}
	return gid(uint32(int32(x.n))) | gid(x.e)<<expShift | gid(uint64(k)&(1<<upBits-1))<<upShift | gid(m)<<nimShift, true
}

// Game is a short partizan game in canonical form: a small value naming a
// game in a Store. Two games of one store are equal as values exactly when
// they are equal as games, so Game works as a map key. Numbers, nimbers and
// up multiples (and their sums, x + k·↑ + *m) are immediate: they belong to
// no store and work with every store. The zero Game is 0.
type Game struct {
	s  *Store // nil for an immediate
	id gid
}

// Zero is the game 0 = { | }.
var Zero = Game{}

// Number returns the game of the number x. Most numbers are immediate; one
// whose numerator passes 32 bits needs a store (s may be nil otherwise).
func (s *Store) Number(x Dyadic) Game { return s.NUS(x, 0, 0) }

// Integer returns the game n.
func (s *Store) Integer(n int64) Game { return s.Number(Int(n)) }

// Nimber returns the nimber *m.
func (s *Store) Nimber(m uint64) Game { return s.NUS(Dyadic{}, 0, m) }

// Up returns k·↑ (↓ for negative k).
func (s *Store) Up(k int64) Game { return s.NUS(Dyadic{}, k, 0) }

// NUS returns the number-up-star x + k·↑ + *m. It is immediate when it packs
// (numerator up to 2^30 in size, denominator up to 2^63, |k| < 4096, m < 4096), else a
// record of s.
func (s *Store) NUS(x Dyadic, k int64, m uint64) Game {
	if id, ok := immediate(x, k, m); ok {
		return Game{id: id}
	}
	if s == nil {
		panic("partizan: a number-up-star this large needs a store")
	}
	return s.wrap(s.bigNUS(x, k, m))
}

func (s *Store) wrap(id gid) Game {
	if id.isRec() {
		return Game{s: s, id: id}
	}
	return Game{id: id}
}

// Store returns the store g belongs to (nil for an immediate).
func (g Game) Store() *Store { return g.s }

// IsNUS reports whether g is a number-up-star x + k·↑ + *m.
func (g Game) IsNUS() bool { return g.id.isNUS() }

// NUSParts returns x, k and m with g = x + k·↑ + *m, or ok = false when g is
// not of that form.
func (g Game) NUSParts() (x Dyadic, k int64, m uint64, ok bool) {
	if !g.id.isRec() {
		return immNumber(g.id), immUp(g.id), immNim(g.id), true
	}
	if n := g.s.rec(g.id).nus; n != nil {
		return n.x, n.up, n.nim, true
	}
	return Dyadic{}, 0, 0, false
}

// IsNumber reports whether g is a number.
func (g Game) IsNumber() bool {
	_, k, m, ok := g.NUSParts()
	return ok && k == 0 && m == 0
}

// IsInteger reports whether g is an integer.
func (g Game) IsInteger() bool {
	x, k, m, ok := g.NUSParts()
	return ok && k == 0 && m == 0 && x.IsInteger()
}

// IsNimber reports whether g is a nimber *m (0 included).
func (g Game) IsNimber() bool {
	x, k, _, ok := g.NUSParts()
	return ok && k == 0 && x.IsZero()
}

// AsNumber returns g's value when g is a number.
func (g Game) AsNumber() (Dyadic, bool) {
	x, k, m, ok := g.NUSParts()
	return x, ok && k == 0 && m == 0
}

// NumOptions returns how many options g has for side s in canonical form.
func (g Game) NumOptions(s Side) uint64 {
	if x, k, m, ok := g.NUSParts(); ok {
		nl, nr := nusOptionCount(x, k, m)
		if s == Left {
			return nl
		}
		return nr
	}
	r := g.s.rec(g.id)
	if s == Left {
		return uint64(r.nl)
	}
	return uint64(r.nr)
}

// Options yields g's options for side s in canonical form (lazily: a nimber
// *m has m options, which are made as they are asked for).
func (g Game) Options(s Side) iter.Seq[Game] {
	return func(yield func(Game) bool) {
		if x, k, m, ok := g.NUSParts(); ok {
			nusOptions(g.s, x, k, m, s, func(o Game) bool { return yield(o) })
			return
		}
		for _, o := range g.s.opts(g.id, s) {
			if !yield(g.s.wrap(o)) {
				return
			}
		}
	}
}

// LeftOptions returns g's Left options (at most limit of them when limit > 0).
func (g Game) LeftOptions() []Game { return collect(g.Options(Left)) }

// RightOptions returns g's Right options.
func (g Game) RightOptions() []Game { return collect(g.Options(Right)) }

func collect(seq iter.Seq[Game]) []Game {
	var out []Game
	for o := range seq {
		out = append(out, o)
	}
	return out
}

// nusOptionCount returns the numbers of canonical Left and Right options of
// x + k↑ + *m.
func nusOptionCount(x Dyadic, k int64, m uint64) (nl, nr uint64) {
	switch {
	case k == 0 && m == 0:
		switch {
		case !x.IsInteger():
			return 1, 1
		case x.Sign() > 0:
			return 1, 0
		case x.Sign() < 0:
			return 0, 1
		}
		return 0, 0
	case k == 0:
		return m, m
	case k == 1 && m == 1:
		return 2, 1
	case k == -1 && m == 1:
		return 1, 2
	}
	return 1, 1
}

// nusOptions yields the canonical options of x + k↑ + *m (ONAG ch. 9;
// Siegel II.4): an integer n > 0 is {n-1|}, a dyadic m/2^e is
// {(m-1)/2^e | (m+1)/2^e}; x + *m = {x, x*, …, x*(m-1) | the same};
// x + ↑* = {x, x* | x}; otherwise, for k > 0, x + k↑ + *m = {x | x + (k-1)↑ + *(m⊕1)},
// and the mirror image for k < 0.
func nusOptions(s *Store, x Dyadic, k int64, m uint64, side Side, yield func(Game) bool) {
	num := func(d Dyadic) Game { return s.NUS(d, 0, 0) }
	switch {
	case k == 0 && m == 0:
		switch {
		case !x.IsInteger():
			step := NewDyadic(1, uint(x.e))
			if side == Left {
				yield(num(x.Sub(step)))
			} else {
				yield(num(x.Add(step)))
			}
		case x.Sign() > 0 && side == Left:
			yield(num(x.Sub(Int(1))))
		case x.Sign() < 0 && side == Right:
			yield(num(x.Add(Int(1))))
		}
	case k == 0:
		for i := uint64(0); i < m; i++ {
			if !yield(s.NUS(x, 0, i)) {
				return
			}
		}
	case k == 1 && m == 1:
		if side == Left {
			_ = yield(num(x)) && yield(s.NUS(x, 0, 1))
		} else {
			yield(num(x))
		}
	case k == -1 && m == 1:
		if side == Right {
			_ = yield(num(x)) && yield(s.NUS(x, 0, 1))
		} else {
			yield(num(x))
		}
	case k > 0:
		if side == Left {
			yield(num(x))
		} else {
			yield(s.NUS(x, k-1, m^1))
		}
	default:
		if side == Left {
			yield(s.NUS(x, k+1, m^1))
		} else {
			yield(num(x))
		}
	}
}

// String writes g in CGSuite's plain-text notation (see Format).
func (g Game) String() string { return Format(g) }

// GoString helps debugging.
func (g Game) GoString() string { return fmt.Sprintf("partizan.Game(%s)", Format(g)) }

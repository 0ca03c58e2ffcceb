package nimber

import (
	"math/rand/v2"
	"testing"
)

// mexTable is the nim-product from Conway's definition alone:
// a ⊗ b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b} (ONAG, ch. 6).
func mexTable(n int) [][]uint64 {
	t := make([][]uint64, n)
	for a := range n {
		t[a] = make([]uint64, n)
		for b := range n {
			seen := make([]bool, 4*n+1)
			for a2 := range a {
				for b2 := range b {
					if v := t[a2][b] ^ t[a][b2] ^ t[a2][b2]; v < uint64(len(seen)) {
						seen[v] = true
					}
				}
			}
			v := uint64(0)
			for seen[v] {
				v++
			}
			t[a][b] = v
		}
	}
	return t
}

func TestMulMatchesDefinition(t *testing.T) {
	const n = 96
	def := mexTable(n)
	for a := range n {
		for b := range n {
			want := def[a][b]
			if got := Mul(uint64(a), uint64(b)); got != want {
				t.Fatalf("Mul(%d, %d) = %d, the mex definition gives %d", a, b, got, want)
			}
			if got := MulPlain(uint64(a), uint64(b)); got != want {
				t.Fatalf("MulPlain(%d, %d) = %d, the mex definition gives %d", a, b, got, want)
			}
		}
	}
}

// a051775 is OEIS A051775, the nim-product table T(n, m) read by
// antidiagonals (n + m = 0, 1, 2, …; n ascending): its first 82 terms.
var a051775 = []uint64{0, 0, 0, 0, 1, 0, 0, 2, 2, 0, 0, 3, 3, 3, 0, 0, 4, 1, 1, 4, 0, 0, 5, 8, 2, 8, 5, 0,
	0, 6, 10, 12, 12, 10, 6, 0, 0, 7, 11, 15, 6, 15, 11, 7, 0, 0, 8, 9, 13, 2, 2, 13, 9, 8, 0,
	0, 9, 12, 14, 14, 7, 14, 14, 12, 9, 0, 0, 10, 14, 4, 10, 8, 8, 10, 4, 14, 10, 0, 0, 11, 15, 7, 11}

func TestPublishedProducts(t *testing.T) {
	i := 0
	for d := 0; i < len(a051775); d++ {
		for n := 0; n <= d && i < len(a051775); n++ {
			if got := Mul(uint64(n), uint64(d-n)); got != a051775[i] {
				t.Errorf("Mul(%d, %d) = %d, OEIS A051775 term %d is %d", n, d-n, got, i, a051775[i])
			}
			i++
		}
	}
	// ONAG ch. 6 / Winning Ways ch. 14: the squares of the Fermat 2-powers
	// and of 8; Rosetta Code "Nimber arithmetic": 21508 ⊗ 42689 and the
	// rows of 14 and 15 in the table of 0..15.
	for _, c := range [][3]uint64{{2, 2, 3}, {4, 4, 6}, {8, 8, 13}, {16, 16, 24}, {256, 256, 384},
		{1 << 32, 1 << 32, 3 << 31}, {21508, 42689, 35202}} {
		if got := Mul(c[0], c[1]); got != c[2] {
			t.Errorf("Mul(%d, %d) = %d, want %d", c[0], c[1], got, c[2])
		}
	}
	rows := map[uint64][]uint64{
		14: {0, 14, 7, 9, 5, 11, 2, 12, 10, 4, 13, 3, 15, 1, 8, 6},
		15: {0, 15, 5, 10, 1, 14, 4, 11, 2, 13, 7, 8, 3, 12, 6, 9},
	}
	for a, row := range rows {
		for b, want := range row {
			if got := Mul(a, uint64(b)); got != want {
				t.Errorf("Mul(%d, %d) = %d, want %d", a, b, got, want)
			}
		}
	}
}

// TestFermatRules checks the two rules the recursion rests on, for every
// Fermat 2-power F below 2^64 and random x < F: x ⊗ F = x·F and
// F ⊗ F = 3F/2.
func TestFermatRules(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for k := 0; k < 6; k++ { // F = 2, 4, 16, 256, 65536, 2^32
		F := uint64(1) << (1 << k)
		if got := Mul(F, F); got != F+F/2 {
			t.Errorf("Mul(%d, %d) = %d, want 3F/2 = %d", F, F, got, F+F/2)
		}
		for range 200 {
			x := r.Uint64() % F // x·F < F² ≤ 2^64
			if got := Mul(x, F); got != x*F {
				t.Fatalf("Mul(%d, %d) = %d, want the ordinary product %d", x, F, got, x*F)
			}
		}
	}
}

func TestFieldAxioms(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		a, b, c := r.Uint64(), r.Uint64(), r.Uint64()
		if i%4 == 1 { // small values too, and values in the subfields
			a, b, c = a>>(r.IntN(64)), b>>(r.IntN(64)), c>>(r.IntN(64))
		}
		ab := Mul(a, b)
		if ab != Mul(b, a) {
			t.Fatalf("not commutative: %d, %d", a, b)
		}
		if Mul(ab, c) != Mul(a, Mul(b, c)) {
			t.Fatalf("not associative: %d, %d, %d", a, b, c)
		}
		if Mul(a, b^c) != ab^Mul(a, c) {
			t.Fatalf("not distributive: %d, %d, %d", a, b, c)
		}
		if Mul(a, 1) != a || Mul(a, 0) != 0 {
			t.Fatalf("1 or 0 wrong for %d", a)
		}
		if ab != MulPlain(a, b) {
			t.Fatalf("Mul(%d, %d) = %d, MulPlain gives %d", a, b, ab, MulPlain(a, b))
		}
		if a != 0 {
			ai, err := Inv(a)
			if err != nil || Mul(a, ai) != 1 {
				t.Fatalf("Inv(%d) = %d: product %d", a, ai, Mul(a, ai))
			}
			q, _ := Div(ab, a)
			if q != b {
				t.Fatalf("Div(%d ⊗ %d, %d) = %d", a, b, a, q)
			}
		}
		if Square(a) != Mul(a, a) {
			t.Fatalf("Square(%d) = %d, Mul gives %d", a, Square(a), Mul(a, a))
		}
		if s := Sqrt(a); Mul(s, s) != a {
			t.Fatalf("Sqrt(%d) = %d squares to %d", a, s, Mul(s, s))
		}
	}
	if _, err := Inv(0); err != ErrZero {
		t.Errorf("Inv(0): %v, want ErrZero", err)
	}
}

func TestPow(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 300 {
		a := r.Uint64()
		k := r.Uint64N(40)
		want := uint64(1)
		for range k {
			want = Mul(want, a)
		}
		if got := Pow(a, k); got != want {
			t.Fatalf("Pow(%d, %d) = %d, repeated products give %d", a, k, got, want)
		}
		if a != 0 && Pow(a, 1<<64-1) != 1 {
			t.Fatalf("Pow(%d, 2^64−1) ≠ 1", a)
		}
		if Pow(a, 1<<63) != Sqrt(a) {
			t.Fatalf("Pow(%d, 2^63) ≠ Sqrt", a)
		}
	}
	if Pow(0, 0) != 1 || Pow(0, 5) != 0 {
		t.Error("0^0 must be 1 and 0^5 0")
	}
}

func TestTraceAndArtinSchreier(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for i := range 3000 {
		c := r.Uint64()
		if i < 256 {
			c = uint64(i)
		}
		tr, a := uint64(0), c
		for range 64 {
			tr ^= a
			a = Mul(a, a)
		}
		if got := Trace(c); got != tr {
			t.Fatalf("Trace(%d) = %d, the definition gives %d", c, got, tr)
		}
		x, ok := SolveArtinSchreier(c)
		if ok != (tr == 0) {
			t.Fatalf("SolveArtinSchreier(%d): ok = %v with trace %d", c, ok, tr)
		}
		if ok && Mul(x, x)^x != c {
			t.Fatalf("SolveArtinSchreier(%d) = %d: x² ⊕ x = %d", c, x, Mul(x, x)^x)
		}
	}
}

// bruteRoots lists the x < n with p(x) = 0.
func bruteRoots(p []uint64, n uint64) []uint64 {
	var out []uint64
	for x := range n {
		v := uint64(0)
		for i := len(p) - 1; i >= 0; i-- {
			v = Mul(v, x) ^ p[i]
		}
		if v == 0 {
			out = append(out, x)
		}
	}
	return out
}

func equal(a, b []uint64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestRootsExhaustive compares Roots with a search of GF(256) on every
// polynomial of degree ≤ 4 over GF(4) and of degree ≤ 2 over GF(16): a root
// in GF(2^64) of such a polynomial has degree 1, 2 or 4 over GF(4) (1 or 2
// over GF(16)), since the subfields of GF(2^64) are the GF(2^(2^k)), so it
// lies in GF(256), and the search finds every root there is.
func TestRootsExhaustive(t *testing.T) {
	check := func(p []uint64) {
		if len(trim(append([]uint64(nil), p...))) == 0 {
			return
		}
		got, err := Roots(p)
		if err != nil {
			t.Fatalf("Roots(%v): %v", p, err)
		}
		if want := bruteRoots(p, 256); !equal(got, want) {
			t.Fatalf("Roots(%v) = %v, a search of GF(256) finds %v", p, got, want)
		}
	}
	for code := range 1 << 10 {
		p := make([]uint64, 5)
		for i := range p {
			p[i] = uint64(code>>(2*i)) & 3
		}
		check(p)
	}
	for code := range 1 << 12 {
		check([]uint64{uint64(code) & 15, uint64(code>>4) & 15, uint64(code>>8) & 15})
	}
}

func TestRootsOfProducts(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for range 60 {
		var want []uint64
		p := []uint64{r.Uint64() | 1} // a constant factor
		for range 1 + r.IntN(6) {
			root := r.Uint64()
			want = append(want, root)
			p = polyMulPlain(p, []uint64{root, 1})
		}
		// An irreducible quadratic factor x² + x + c with Trace(c) = 1 adds
		// no root.
		c := r.Uint64()
		for Trace(c) == 0 {
			c = r.Uint64()
		}
		p = polyMulPlain(p, []uint64{c, 1, 1})
		got, err := Roots(p)
		if err != nil {
			t.Fatal(err)
		}
		want = sortedUnique(want)
		if !equal(got, want) {
			t.Fatalf("Roots = %v, want %v", got, want)
		}
	}
	if _, err := Roots([]uint64{0, 0}); err == nil {
		t.Error("Roots of the zero polynomial must fail")
	}
}

func polyMulPlain(a, b []uint64) []uint64 {
	out := make([]uint64, len(a)+len(b)-1)
	for i, x := range a {
		for j, y := range b {
			out[i+j] ^= Mul(x, y)
		}
	}
	return out
}

func sortedUnique(s []uint64) []uint64 {
	m := map[uint64]bool{}
	var out []uint64
	for _, x := range s {
		if !m[x] {
			m[x] = true
			out = append(out, x)
		}
	}
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

func TestSolveQuadratic(t *testing.T) {
	for a := range uint64(16) {
		for b := range uint64(16) {
			for c := range uint64(16) {
				got, err := SolveQuadratic(a, b, c)
				if a == 0 && b == 0 && c == 0 {
					if err == nil {
						t.Error("0x² + 0x + 0: want an error")
					}
					continue
				}
				if want := bruteRoots([]uint64{c, b, a}, 256); !equal(got, want) {
					t.Fatalf("SolveQuadratic(%d, %d, %d) = %v, search gives %v", a, b, c, got, want)
				}
			}
		}
	}
}

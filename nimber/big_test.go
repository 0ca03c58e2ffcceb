package nimber

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// mulPlainBig is the plain recursion of MulPlain on big integers, from the
// Fermat 2-power rules alone (no Karatsuba split, no words): the oracle of
// MulBig past 64 bits.
func mulPlainBig(a, b *big.Int) *big.Int {
	if a.BitLen() <= 64 && b.BitLen() <= 64 {
		return new(big.Int).SetUint64(MulPlain(a.Uint64(), b.Uint64()))
	}
	w := 128
	for a.BitLen() > w || b.BitLen() > w {
		w *= 2
	}
	h := uint(w / 2)
	mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), h), big.NewInt(1))
	a1, a0 := new(big.Int).Rsh(a, h), new(big.Int).And(a, mask)
	b1, b0 := new(big.Int).Rsh(b, h), new(big.Int).And(b, mask)
	c := mulPlainBig(a1, b1)
	hi := new(big.Int).Xor(new(big.Int).Xor(mulPlainBig(a1, b0), mulPlainBig(a0, b1)), c)
	lo := new(big.Int).Xor(mulPlainBig(a0, b0), mulPlainBig(c, new(big.Int).Lsh(big.NewInt(1), h-1)))
	return new(big.Int).Xor(new(big.Int).Lsh(hi, h), lo)
}

func randBig(r *rand.Rand, bitsMax int) *big.Int {
	n := 1 + r.IntN(bitsMax)
	x := new(big.Int)
	for i := 0; i < n; i += 64 {
		x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(r.Uint64()))
	}
	return x.Rsh(x, uint((n+63)/64*64-n))
}

func TestMulBigMatchesPlain(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for i := range 300 {
		a, b := randBig(r, 256), randBig(r, 256)
		if i%3 == 0 {
			b = randBig(r, 64)
		}
		if got, want := MulBig(a, b), mulPlainBig(a, b); got.Cmp(want) != 0 {
			t.Fatalf("MulBig(%v, %v) = %v, the plain recursion gives %v", a, b, got, want)
		}
	}
	for range 1000 { // below 2^64 MulBig is Mul
		a, b := r.Uint64(), r.Uint64()
		if got := MulBig(new(big.Int).SetUint64(a), new(big.Int).SetUint64(b)); !got.IsUint64() || got.Uint64() != Mul(a, b) {
			t.Fatalf("MulBig(%d, %d) = %v, Mul gives %d", a, b, got, Mul(a, b))
		}
	}
}

// TestBigFermatSquares: F ⊗ F = 3F/2 for the Fermat 2-powers 2^64 … 2^1024
// (ONAG ch. 6), and x ⊗ F = x·F for x < F.
func TestBigFermatSquares(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for w := uint(64); w <= 1024; w *= 2 {
		F := new(big.Int).Lsh(big.NewInt(1), w)
		want := new(big.Int).Add(F, new(big.Int).Rsh(F, 1))
		if got := MulBig(F, F); got.Cmp(want) != 0 {
			t.Errorf("2^%d ⊗ 2^%d = %v, want 3·2^%d/2", w, w, got, w)
		}
		x := randBig(r, int(w))
		if got := MulBig(x, F); got.Cmp(new(big.Int).Mul(x, F)) != 0 {
			t.Errorf("x ⊗ 2^%d is not the ordinary product for x = %v", w, x)
		}
	}
}

func TestBigFieldAxioms(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	one := big.NewInt(1)
	for i := range 150 {
		n := 512
		if i%10 == 0 {
			n = 2048
		}
		a, b, c := randBig(r, n), randBig(r, n), randBig(r, n)
		ab := MulBig(a, b)
		if ab.Cmp(MulBig(b, a)) != 0 {
			t.Fatal("MulBig not commutative")
		}
		if MulBig(ab, c).Cmp(MulBig(a, MulBig(b, c))) != 0 {
			t.Fatal("MulBig not associative")
		}
		if MulBig(a, new(big.Int).Xor(b, c)).Cmp(new(big.Int).Xor(ab, MulBig(a, c))) != 0 {
			t.Fatal("MulBig not distributive")
		}
		if SquareBig(a).Cmp(MulBig(a, a)) != 0 {
			t.Fatal("SquareBig ≠ MulBig(a, a)")
		}
		s := SqrtBig(a)
		if MulBig(s, s).Cmp(a) != 0 {
			t.Fatalf("SqrtBig(%v) squares to %v", a, MulBig(s, s))
		}
		if a.Sign() != 0 {
			ai, err := InvBig(a)
			if err != nil || MulBig(a, ai).Cmp(one) != 0 {
				t.Fatalf("InvBig(%v): %v", a, err)
			}
			q, _ := DivBig(ab, a)
			if q.Cmp(b) != 0 {
				t.Fatal("DivBig(a⊗b, a) ≠ b")
			}
		}
	}
	if _, err := InvBig(new(big.Int)); err != ErrZero {
		t.Errorf("InvBig(0): %v, want ErrZero", err)
	}
}

func TestPowBig(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	for range 40 {
		a := randBig(r, 300)
		k := int64(r.IntN(30))
		want := big.NewInt(1)
		for range k {
			want = MulBig(want, a)
		}
		got, err := PowBig(a, big.NewInt(k))
		if err != nil || got.Cmp(want) != 0 {
			t.Fatalf("PowBig(%v, %d) = %v, repeated products give %v", a, k, got, want)
		}
		if a.Sign() != 0 {
			inv, _ := InvBig(a)
			neg, _ := PowBig(a, big.NewInt(-k))
			wantNeg := big.NewInt(1)
			for range k {
				wantNeg = MulBig(wantNeg, inv)
			}
			if neg.Cmp(wantNeg) != 0 {
				t.Fatalf("PowBig(%v, −%d) wrong", a, k)
			}
		}
	}
	// a^(2^512 − 1) = 1 for a ≠ 0 below 2^512: the group order.
	a := randBig(r, 512)
	order := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 512), big.NewInt(1))
	if got, _ := PowBig(a, order); got.Cmp(big.NewInt(1)) != 0 {
		t.Errorf("a^(2^512−1) = %v, want 1", got)
	}
	if _, err := PowBig(new(big.Int), big.NewInt(-1)); err != ErrZero {
		t.Errorf("0^−1: %v, want ErrZero", err)
	}
}

func TestSolveQuadraticBig(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	for i := range 200 {
		a, b, c := randBig(r, 200), randBig(r, 200), randBig(r, 200)
		switch i % 10 {
		case 0:
			a = new(big.Int)
		case 1:
			b = new(big.Int)
		}
		if a.Sign() == 0 && b.Sign() == 0 {
			continue
		}
		roots, err := SolveQuadraticBig(a, b, c)
		if err != nil {
			t.Fatal(err)
		}
		if a.Sign() != 0 && len(roots) == 0 {
			t.Fatalf("no root for a = %v: the finite nimbers are quadratically closed", a)
		}
		for _, x := range roots {
			v := new(big.Int).Xor(new(big.Int).Xor(MulBig(a, SquareBig(x)), MulBig(b, x)), c)
			if v.Sign() != 0 {
				t.Fatalf("root %v of %v x² + %v x + %v gives %v", x, a, b, c, v)
			}
		}
	}
	// Below 2^64 it agrees with SolveQuadratic where that finds roots.
	for range 500 {
		a, b, c := r.Uint64(), r.Uint64(), r.Uint64()
		small, _ := SolveQuadratic(a, b, c)
		roots, _ := SolveQuadraticBig(new(big.Int).SetUint64(a), new(big.Int).SetUint64(b), new(big.Int).SetUint64(c))
		if len(small) > 0 {
			if len(roots) != len(small) || roots[0].Uint64() != small[0] || roots[len(roots)-1].Uint64() != small[len(small)-1] {
				t.Fatalf("SolveQuadraticBig(%d, %d, %d) = %v, SolveQuadratic %v", a, b, c, roots, small)
			}
		} else if len(roots) != 2 || roots[0].BitLen() <= 64 || roots[1].BitLen() <= 64 {
			t.Fatalf("SolveQuadraticBig(%d, %d, %d) = %v: want two roots past 2^64", a, b, c, roots)
		}
	}
}

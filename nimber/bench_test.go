package nimber

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// Benchmarks of the 64-bit product: Mul (the carry-less route on amd64,
// else the Go kernel), the Go kernel itself (Karatsuba split to GF(2^16) in
// the exponents of log tables) and MulPlain (the plain recursion), on the
// same 1024 random pairs of 64-bit nimbers (PCG seed 1, 2).
func pairs() [][2]uint64 {
	r := rand.New(rand.NewPCG(1, 2))
	p := make([][2]uint64, 1024)
	for i := range p {
		p[i] = [2]uint64{r.Uint64(), r.Uint64()}
	}
	return p
}

var sink uint64

func BenchmarkMul(b *testing.B) {
	p := pairs()
	Mul(1, 1) // the tables
	b.ResetTimer()
	defer cpuTimer(b)()
	var s uint64
	for i := 0; i < b.N; i++ {
		x := p[i&1023]
		s ^= Mul(x[0], x[1])
	}
	sink = s
}

func BenchmarkMulGo(b *testing.B) {
	p := pairs()
	t := tabs()
	b.ResetTimer()
	defer cpuTimer(b)()
	var s uint64
	for i := 0; i < b.N; i++ {
		x := p[i&1023]
		s ^= mul64Go(t, x[0], x[1])
	}
	sink = s
}

func BenchmarkMulPlain(b *testing.B) {
	p := pairs()
	defer cpuTimer(b)()
	var s uint64
	for i := 0; i < b.N; i++ {
		x := p[i&1023]
		s ^= MulPlain(x[0], x[1])
	}
	sink = s
}

func BenchmarkInv(b *testing.B) {
	p := pairs()
	var s uint64
	for i := 0; i < b.N; i++ {
		x, _ := Inv(p[i&1023][0] | 1)
		s ^= x
	}
	sink = s
}

func BenchmarkSqrt(b *testing.B) {
	p := pairs()
	var s uint64
	for i := 0; i < b.N; i++ {
		s ^= Sqrt(p[i&1023][0])
	}
	sink = s
}

func benchBig(b *testing.B, bits int) {
	r := rand.New(rand.NewPCG(3, 4))
	x, y := randBig(r, bits), randBig(r, bits)
	x.SetBit(x, bits-1, 1)
	y.SetBit(y, bits-1, 1)
	b.ResetTimer()
	var z *big.Int
	for i := 0; i < b.N; i++ {
		z = MulBig(x, y)
	}
	_ = z
}

func BenchmarkMulBig256(b *testing.B)  { benchBig(b, 256) }
func BenchmarkMulBig4096(b *testing.B) { benchBig(b, 4096) }

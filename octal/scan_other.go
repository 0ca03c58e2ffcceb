//go:build !amd64 || purego

package octal

// hasScanAsm: no vector scan on this platform (or with the purego tag).
const hasScanAsm, has512, hasSmallAsm = false, false, false

func scanR(lo, up *uint16, n int, set *[64]byte, pend *[1 << 16]uint8, remaining int) (int, int) {
	panic("octal: scanR without AVX2")
}

func scanR512(lo, up *uint16, n int, set *[64]byte, pend *[1 << 16]uint8, remaining int) (int, int) {
	panic("octal: scanR512 without AVX-512")
}

func scanTwoR512(lo, up1, up2 *uint16, n int, set *[64]byte, pend *[1 << 16]uint8, remaining int) (int, int) {
	panic("octal: scanTwoR512 without AVX-512")
}

func rareSmall(last *uint16, nr *int, rv *uint16, k int, tab *[1 << 16]byte) (lo, hi uint64) {
	panic("octal: rareSmall without AVX2")
}

func scanSmall1(lo, up *uint16, n int, plo, phi uint64) (rlo, rhi uint64, pos int) {
	panic("octal: scanSmall1 without AVX2")
}

func scanSmall2(lo, up1, up2 *uint16, n int, plo, phi uint64) (rlo, rhi uint64, pos int) {
	panic("octal: scanSmall2 without AVX2")
}

func scanSmall3(lo, up1, up2, up3 *uint16, n int, plo, phi uint64) (rlo, rhi uint64, pos int) {
	panic("octal: scanSmall3 without AVX2")
}

func rareTiny(last *uint16, rs *int, rv *uint16, k int) uint64 {
	panic("octal: rareTiny without AVX2")
}

func rareSmall8(last *uint16, nr *int, rv *uint16, k int, out *[4][8]uint32) {
	panic("octal: rareSmall8 without AVX2")
}

func rareTiny8(last *uint16, nr *int, rv *uint16, k int, out *[4][8]uint32) {
	panic("octal: rareTiny8 without AVX2")
}

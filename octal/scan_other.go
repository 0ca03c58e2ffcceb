//go:build !amd64 || purego

package octal

// hasScanAsm: no vector scan on this platform (or with the purego tag).
const hasScanAsm, has512 = false, false

func scanR(lo, up *uint16, n int, set *[64]byte, pend *[1 << 16]uint8, remaining int) (int, int) {
	panic("octal: scanR without AVX2")
}

func scanR512(lo, up *uint16, n int, set *[64]byte, pend *[1 << 16]uint8, remaining int) (int, int) {
	panic("octal: scanR512 without AVX-512")
}

func scanTwoR512(lo, up1, up2 *uint16, n int, set *[64]byte, pend *[1 << 16]uint8, remaining int) (int, int) {
	panic("octal: scanTwoR512 without AVX-512")
}

//go:build amd64 && !purego

#include "textflag.h"

// The offsets in clTables: phi at 0, inv at 8·256·8, m and r after them.
#define INV 16384
#define M 32768
#define R 32776

// Two bytes of a (AX) and of b (BX) through the tables at off and
// off+2048: the bytes shifted down, zero-extended, their rows XORed into
// R8, R10 (φ(a)) and R9, R11 (φ(b)), two sums each so that the chains of
// XORs are half as long.
#define PHI4(off) \
	SHRQ $8, AX; SHRQ $8, BX; \
	MOVBQZX AX, CX; MOVBQZX BX, DX; \
	XORQ off(SI)(CX*8), R8; XORQ off(SI)(DX*8), R9; \
	SHRQ $8, AX; SHRQ $8, BX; \
	MOVBQZX AX, CX; MOVBQZX BX, DX; \
	XORQ off+2048(SI)(CX*8), R10; XORQ off+2048(SI)(DX*8), R11

// Two bytes of R13 through the inverse tables at off and off+2048, into
// AX and BX.
#define INV2(off) \
	SHRQ $8, R13; MOVBQZX R13, CX; XORQ off(SI)(CX*8), AX; \
	SHRQ $8, R13; MOVBQZX R13, CX; XORQ off+2048(SI)(CX*8), BX

// func mulCL(a, b uint64, c *clTables) uint64
TEXT ·mulCL(SB), NOSPLIT, $0-32
	MOVQ a+0(FP), AX
	MOVQ b+8(FP), BX
	MOVQ c+16(FP), SI
	// φ(a) = R8 ⊕ R10, φ(b) = R9 ⊕ R11
	MOVBQZX AX, CX
	MOVBQZX BX, DX
	MOVQ 0(SI)(CX*8), R8
	MOVQ 0(SI)(DX*8), R9
	SHRQ $8, AX
	SHRQ $8, BX
	MOVBQZX AX, CX
	MOVBQZX BX, DX
	MOVQ 2048(SI)(CX*8), R10
	MOVQ 2048(SI)(DX*8), R11
	PHI4(4096)
	PHI4(8192)
	SHRQ $8, AX
	SHRQ $8, BX
	MOVBQZX AX, CX
	MOVBQZX BX, DX
	XORQ 12288(SI)(CX*8), R8
	XORQ 12288(SI)(DX*8), R9
	SHRQ $8, AX
	SHRQ $8, BX
	XORQ 14336(SI)(AX*8), R10
	XORQ 14336(SI)(BX*8), R11
	XORQ R10, R8
	XORQ R11, R9
	// X0 = φ(a)·φ(b) = h·x^64 + l
	MOVQ R8, X0
	MOVQ R9, X1
	PCLMULQDQ $0x00, X1, X0
	// q = h ⊕ ⌊h·m / x^64⌋, the quotient by p (Barrett), in X2's low half
	MOVQ M(SI), X2
	PCLMULQDQ $0x10, X0, X2     // X2 = m·h (the low half of X2, the high of X0)
	PSRLDQ $8, X2
	MOVOU X0, X3
	PSRLDQ $8, X3
	PXOR X3, X2
	// l ⊕ (q·r mod x^64), the remainder mod p, in X2's low half
	MOVQ R(SI), X4
	PCLMULQDQ $0x00, X4, X2
	PXOR X0, X2
	MOVQ X2, R13
	// φ⁻¹ = AX ⊕ BX
	MOVBQZX R13, CX
	MOVQ INV(SI)(CX*8), AX
	SHRQ $8, R13
	MOVBQZX R13, CX
	MOVQ INV+2048(SI)(CX*8), BX
	INV2(INV+4096)
	INV2(INV+8192)
	SHRQ $8, R13
	MOVBQZX R13, CX
	XORQ INV+12288(SI)(CX*8), AX
	SHRQ $8, R13
	XORQ INV+14336(SI)(R13*8), BX
	XORQ BX, AX
	MOVQ AX, ret+24(FP)
	RET

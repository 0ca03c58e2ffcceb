//go:build amd64 && !purego

#include "textflag.h"

// The small kernel's loops (small.go), every value below 128: a set of
// values is 128 bits, two words in general registers or sixteen bytes in
// a vector register, where VPSHUFB looks a value's byte up.

// RARE1 marks the pair at index i (register AX) of the rare heaps: x =
// rv[i] ^ G(m + nr[i]) (nr[i] = −r < 0; SI points to G(m)), tab[x] = 0x80.
// O and V are the offsets of the pair's nr and rv from index i's. Four
// instructions a pair: the heap, its partner's value, the XOR, the store.
#define RARE1(O, V) \
	MOVQ    O(DI)(AX*8), R10; \
	MOVWLZX (SI)(R10*2), R10; \
	XORW    V(R8)(AX*2), R10; \
	MOVB    BX, (DX)(R10*1)

// func rareSmall(last *uint16, nr *int, rv *uint16, k int, tab *[65536]byte) (lo, hi uint64)
//
// The set of the values rv[i] ^ G(m − r) for the rare heaps r = −nr[i],
// i < k, where last points to G(m − 1) and every r is in [1, m): each
// value's byte in tab is set (a store a pair, no chain through a register),
// then the first 128 bytes are read back as bits (VPMOVMSKB) and cleared.
// Every value must be below 128 for the set to hold them all (a larger
// one stays in tab, inside it). tab must be all zero on entry.
TEXT ·rareSmall(SB), NOSPLIT, $0-56
	MOVQ last+0(FP), SI
	ADDQ $2, SI
	MOVQ nr+8(FP), DI
	MOVQ rv+16(FP), R8
	MOVQ k+24(FP), CX
	MOVQ tab+32(FP), DX
	MOVL $0x80, BX
	XORQ AX, AX

rare8:
	LEAQ 8(AX), R9
	CMPQ R9, CX
	JGT  rare1
	RARE1(0, 0)
	RARE1(8, 2)
	RARE1(16, 4)
	RARE1(24, 6)
	RARE1(32, 8)
	RARE1(40, 10)
	RARE1(48, 12)
	RARE1(56, 14)
	MOVQ R9, AX
	JMP  rare8

rare1:
	CMPQ AX, CX
	JGE  bits
	RARE1(0, 0)
	INCQ AX
	JMP  rare1

bits:
	// The table as bits: sixteen bytes at a time (128-bit vectors only:
	// on this machine a 256-bit instruction after ordinary code costs
	// hundreds of cycles, BENCHMARKS.md).
	VMOVDQU   (DX), X0
	VMOVDQU   16(DX), X1
	VMOVDQU   32(DX), X2
	VMOVDQU   48(DX), X3
	VPMOVMSKB X0, AX
	VPMOVMSKB X1, BX
	VPMOVMSKB X2, R10
	VPMOVMSKB X3, R11
	SHLQ      $16, BX
	ORQ       BX, AX
	SHLQ      $32, R10
	ORQ       R10, AX
	SHLQ      $48, R11
	ORQ       R11, AX
	VMOVDQU   64(DX), X0
	VMOVDQU   80(DX), X1
	VMOVDQU   96(DX), X2
	VMOVDQU   112(DX), X3
	VPMOVMSKB X0, R9
	VPMOVMSKB X1, BX
	VPMOVMSKB X2, R10
	VPMOVMSKB X3, R11
	SHLQ      $16, BX
	ORQ       BX, R9
	SHLQ      $32, R10
	ORQ       R10, R9
	SHLQ      $48, R11
	ORQ       R11, R9
	VPXOR     X4, X4, X4
	VMOVDQU   X4, (DX)
	VMOVDQU   X4, 16(DX)
	VMOVDQU   X4, 32(DX)
	VMOVDQU   X4, 48(DX)
	VMOVDQU   X4, 64(DX)
	VMOVDQU   X4, 80(DX)
	VMOVDQU   X4, 96(DX)
	VMOVDQU   X4, 112(DX)
	MOVQ      AX, lo+40(FP)
	MOVQ      R9, hi+48(FP)
	RET

// SMALLSETUP loads the constants of the scans, X14: byte j of each 8 =
// 1 << j, X8: 7 in each byte, X15: 15 in each byte, R15: 0; and the
// pending set (R12, R13) into X10. The scans use 128-bit vectors only.
#define SMALLSETUP \
	MOVQ         $0x8040201008040201, AX; \
	MOVQ         AX, X14; \
	VPBROADCASTQ X14, X14; \
	MOVQ         $0x0707070707070707, AX; \
	MOVQ         AX, X8; \
	VPBROADCASTQ X8, X8; \
	MOVQ         $0x0F0F0F0F0F0F0F0F, AX; \
	MOVQ         AX, X15; \
	VPBROADCASTQ X15, X15; \
	XORQ         R15, R15; \
	SMALLSET

// SMALLSET puts the pending set (R12 the values below 64, R13 the others)
// in X10: byte b holds the values 8b … 8b+7.
#define SMALLSET \
	MOVQ    R12, X10; \
	VPINSRQ $1, R13, X10, X10

// SMALLHIT looks up the sixteen values x (bytes of X, each below 128) in the
// pending set: a byte of H is nonzero when its x is pending (the set's
// byte x >> 3 by VPSHUFB, and the bit 1 << (x & 7)). T is a temporary.
#define SMALLHIT(X, H, T) \
	VPSRLW  $3, X, H; \
	VPAND   X15, H, H; \
	VPSHUFB H, X10, H; \
	VPAND   X8, X, T; \
	VPSHUFB T, X14, T; \
	VPAND   T, H, H

// SMALLMASK sets R of the bytes of H that are nonzero (bit j: byte j).
#define SMALLMASK(H, R) \
	VPXOR     X9, X9, X9; \
	VPCMPEQB  X9, H, H; \
	VPMOVMSKB H, R; \
	NOTL      R; \
	ANDL      $0xFFFF, R

// SMALLLANES clears from the set (R12, R13) the value of each byte whose
// bit is set in AX (bit j: the byte at j(SP)), and jumps to found when the
// set is empty; it reloads X10 otherwise. Branch free on the value: both
// words lose the bit, and the one the value belongs to keeps the result.
#define SMALLLANES(lbl, found) \
lbl: \
	BSFQ    AX, R10; \
	LEAQ    -1(AX), R11; \
	ANDQ    R11, AX; \
	MOVBLZX (SP)(R10*1), BX; \
	MOVQ    R12, R10; \
	BTRQ    BX, R10; \
	MOVQ    R13, R11; \
	BTRQ    BX, R11; \
	TESTL   $64, BX; \
	CMOVQEQ R10, R12; \
	CMOVQNE R11, R13; \
	TESTQ   AX, AX; \
	JNZ     lbl; \
	MOVQ    R12, AX; \
	ORQ     R13, AX; \
	JZ      found; \
	SMALLSET

// SMALLSTEP moves CX down by S, to 0 at the least (the last block overlaps
// the one before: a pair scanned twice clears nothing more).
#define SMALLSTEP(S) \
	SUBQ    $S, CX; \
	CMOVQLT R15, CX

// func scanSmall1(lo, up *uint16, n int, plo, phi uint64) (rlo, rhi uint64, pos int)
//
// The scan of one split digit (scanSegR's layout: lo[j] pairs with up[j],
// j from n−1 down) against the pending set (plo: values below 64, phi: the
// others): each value lo[j] ^ up[j] met is cleared from the set, sixteen
// pairs a step. It returns the set left and, when it is empty, the start of
// the last block scanned (else 0: every pair scanned). n ≥ 16; every value
// below 128.
TEXT ·scanSmall1(SB), NOSPLIT, $32-64
	MOVQ lo+0(FP), SI
	MOVQ up+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ plo+24(FP), R12
	MOVQ phi+32(FP), R13
	SMALLSETUP

loop1:
	TESTQ     CX, CX
	JLE       done1
	SMALLSTEP(16)
	VMOVDQU   (SI)(CX*2), X0
	VMOVDQU   16(SI)(CX*2), X1
	VPXOR     (DI)(CX*2), X0, X0
	VPXOR     16(DI)(CX*2), X1, X1
	VPACKUSWB X1, X0, X0
	SMALLHIT(X0, X2, X3)
	VPTEST    X2, X2
	JZ        loop1
	VMOVDQU   X0, (SP)
	SMALLMASK(X2, AX)
	SMALLLANES(lanes1, found1)
	JMP       loop1

found1:
	MOVQ $0, rlo+40(FP)
	MOVQ $0, rhi+48(FP)
	MOVQ CX, pos+56(FP)
	RET

done1:
	MOVQ R12, rlo+40(FP)
	MOVQ R13, rhi+48(FP)
	MOVQ $0, pos+56(FP)
	RET

// func scanSmall2(lo, up1, up2 *uint16, n int, plo, phi uint64) (rlo, rhi uint64, pos int)
//
// scanSmall1 for two split digits side by side (scanTwoR's layout: lo[j]
// pairs with up1[j] and up2[j]), eight smaller heaps a step. n ≥ 8.
TEXT ·scanSmall2(SB), NOSPLIT, $32-72
	MOVQ lo+0(FP), SI
	MOVQ up1+8(FP), DI
	MOVQ up2+16(FP), R9
	MOVQ n+24(FP), CX
	MOVQ plo+32(FP), R12
	MOVQ phi+40(FP), R13
	SMALLSETUP

loop2:
	TESTQ     CX, CX
	JLE       done2
	SMALLSTEP(8)
	VMOVDQU   (SI)(CX*2), X0
	VPXOR     (DI)(CX*2), X0, X1
	VPXOR     (R9)(CX*2), X0, X2
	VPACKUSWB X2, X1, X1
	SMALLHIT(X1, X2, X3)
	VPTEST    X2, X2
	JZ        loop2
	VMOVDQU   X1, (SP)
	SMALLMASK(X2, AX)
	SMALLLANES(lanes2, found2)
	JMP       loop2

found2:
	MOVQ $0, rlo+48(FP)
	MOVQ $0, rhi+56(FP)
	MOVQ CX, pos+64(FP)
	RET

done2:
	MOVQ R12, rlo+48(FP)
	MOVQ R13, rhi+56(FP)
	MOVQ $0, pos+64(FP)
	RET

// func scanSmall3(lo, up1, up2, up3 *uint16, n int, plo, phi uint64) (rlo, rhi uint64, pos int)
//
// scanSmall2 for three split digits (scanThreeR's layout). The third
// digit's eight values are packed twice into one vector; the mask keeps
// one copy. n ≥ 8.
TEXT ·scanSmall3(SB), NOSPLIT, $32-80
	MOVQ lo+0(FP), SI
	MOVQ up1+8(FP), DI
	MOVQ up2+16(FP), R9
	MOVQ up3+24(FP), R8
	MOVQ n+32(FP), CX
	MOVQ plo+40(FP), R12
	MOVQ phi+48(FP), R13
	SMALLSETUP

loop3:
	TESTQ     CX, CX
	JLE       done3
	SMALLSTEP(8)
	VMOVDQU   (SI)(CX*2), X0
	VPXOR     (DI)(CX*2), X0, X1
	VPXOR     (R9)(CX*2), X0, X2
	VPXOR     (R8)(CX*2), X0, X3
	VPACKUSWB X2, X1, X1
	VPACKUSWB X3, X3, X3
	SMALLHIT(X1, X4, X5)
	SMALLHIT(X3, X6, X7)
	VPOR      X4, X6, X5
	VPTEST    X5, X5
	JZ        loop3
	VMOVDQU   X1, (SP)
	VMOVDQU   X3, 16(SP)
	SMALLMASK(X6, BX)
	ANDL      $0x00FF, BX // one copy of the third digit's values
	SHLL      $16, BX
	SMALLMASK(X4, AX)
	ORL       BX, AX
	SMALLLANES(lanes3, found3)
	JMP       loop3

found3:
	MOVQ $0, rlo+56(FP)
	MOVQ $0, rhi+64(FP)
	MOVQ CX, pos+72(FP)
	RET

done3:
	MOVQ R12, rlo+56(FP)
	MOVQ R13, rhi+64(FP)
	MOVQ $0, pos+72(FP)
	RET

// TINY1 marks the pair at index i (AX) of the rare heaps in the set ACC:
// x = rv[i] ^ G(m − rs[i]) (SI points to G(m)), ACC |= 1 << (x & 63).
#define TINY1(O, V, ACC) \
	MOVQ    O(DI)(AX*8), R10; \
	NEGQ    R10; \
	MOVWLZX (SI)(R10*2), R10; \
	XORW    V(R8)(AX*2), R10; \
	BTSQ    R10, ACC

// func rareTiny(last *uint16, rs *int, rv *uint16, k int) uint64
//
// tinyRange's loop: the set of the values rv[i] ^ G(m − rs[i]), i < k,
// every value below 64 (a value's bit is taken mod 64, as tinyRange's
// & 63), where last points to G(m − 1) and every rs[i] is in [1, m). Five
// instructions a pair, four sets ORed at the end (no chain a pair).
TEXT ·rareTiny(SB), NOSPLIT, $0-40
	MOVQ last+0(FP), SI
	ADDQ $2, SI
	MOVQ rs+8(FP), DI
	MOVQ rv+16(FP), R8
	MOVQ k+24(FP), CX
	XORQ AX, AX
	XORQ R11, R11
	XORQ R12, R12
	XORQ R13, R13
	XORQ BX, BX

tiny8:
	LEAQ 8(AX), R9
	CMPQ R9, CX
	JGT  tiny1
	TINY1(0, 0, R11)
	TINY1(8, 2, R12)
	TINY1(16, 4, R13)
	TINY1(24, 6, BX)
	TINY1(32, 8, R11)
	TINY1(40, 10, R12)
	TINY1(48, 12, R13)
	TINY1(56, 14, BX)
	MOVQ R9, AX
	JMP  tiny8

tiny1:
	CMPQ AX, CX
	JGE  tinydone
	TINY1(0, 0, R11)
	INCQ AX
	JMP  tiny1

tinydone:
	ORQ  R12, R11
	ORQ  R13, R11
	ORQ  BX, R11
	MOVQ R11, ret+32(FP)
	RET

// func rareSmall8(at *uint16, nr *int, rv *uint16, k int, out *[4][8]uint32)
//
// smallRange for eight heaps m … m+7 at once (last points to G(m − 1), and
// the load is at 2 bytes past it): for each
// rare heap r = −nr[i], i < k, r ≥ 8, the partners G(m − r … m + 7 − r)
// are one 16-byte load, all known before G(m). Heap m + j is 32-bit lane
// j of a pair of vectors (lanes 0–3 and 4–7); its set is four words,
// out[w][j] holding the values 32w … 32w+31: word w gets 1 << (x ^ 32w),
// which VPSLLVD makes 0 unless x is in it (a count of 32 or more shifts
// every bit out). About 3.5 instructions a pair and no store, against the
// byte table's store a pair that the read-back then waits for (rareSmall).
// 128-bit vectors only: with 256-bit ones (half the instructions) the run
// of .324 took 11% more CPU time than with these (BENCHMARKS.md). k > 0.
TEXT ·rareSmall8(SB), NOSPLIT, $0-40
	MOVQ last+0(FP), SI
	MOVQ nr+8(FP), DI
	MOVQ rv+16(FP), R8
	MOVQ k+24(FP), CX
	MOVQ out+32(FP), DX
	MOVL $1, AX
	MOVQ AX, X15
	VPBROADCASTD X15, X15
	MOVL $32, AX
	MOVQ AX, X12
	VPBROADCASTD X12, X12
	MOVL $64, AX
	MOVQ AX, X13
	VPBROADCASTD X13, X13
	MOVL $96, AX
	MOVQ AX, X14
	VPBROADCASTD X14, X14
	VPXOR X4, X4, X4
	VPXOR X5, X5, X5
	VPXOR X6, X6, X6
	VPXOR X7, X7, X7
	VPXOR X8, X8, X8
	VPXOR X9, X9, X9
	VPXOR X10, X10, X10
	VPXOR X11, X11, X11
	XORQ AX, AX

	// X1: the values x of heaps m … m+3, X0: of m+4 … m+7; X4–X7 the
	// words 0–3 of the first four sets, X8–X11 of the others.
r8loop:
	MOVQ         (DI)(AX*8), R10
	VMOVDQU      2(SI)(R10*2), X0
	VPBROADCASTW (R8)(AX*2), X1
	VPXOR        X1, X0, X0
	VPMOVZXWD    X0, X1
	VPSRLDQ      $8, X0, X0
	VPMOVZXWD    X0, X0
	VPSLLVD      X1, X15, X2
	VPSLLVD      X0, X15, X3
	VPOR         X2, X4, X4
	VPOR         X3, X8, X8
	VPXOR        X12, X1, X2
	VPXOR        X12, X0, X3
	VPSLLVD      X2, X15, X2
	VPSLLVD      X3, X15, X3
	VPOR         X2, X5, X5
	VPOR         X3, X9, X9
	VPXOR        X13, X1, X2
	VPXOR        X13, X0, X3
	VPSLLVD      X2, X15, X2
	VPSLLVD      X3, X15, X3
	VPOR         X2, X6, X6
	VPOR         X3, X10, X10
	VPXOR        X14, X1, X2
	VPXOR        X14, X0, X3
	VPSLLVD      X2, X15, X2
	VPSLLVD      X3, X15, X3
	VPOR         X2, X7, X7
	VPOR         X3, X11, X11
	INCQ         AX
	CMPQ         AX, CX
	JLT          r8loop

	VMOVDQU X4, (DX)
	VMOVDQU X8, 16(DX)
	VMOVDQU X5, 32(DX)
	VMOVDQU X9, 48(DX)
	VMOVDQU X6, 64(DX)
	VMOVDQU X10, 80(DX)
	VMOVDQU X7, 96(DX)
	VMOVDQU X11, 112(DX)
	RET

// func rareTiny8(at *uint16, nr *int, rv *uint16, k int, out *[4][8]uint32)
//
// rareSmall8 for values below 64 (the tiny kernel): the words out[0] and
// out[1] only, two instructions a pair.
TEXT ·rareTiny8(SB), NOSPLIT, $0-40
	MOVQ last+0(FP), SI
	MOVQ nr+8(FP), DI
	MOVQ rv+16(FP), R8
	MOVQ k+24(FP), CX
	MOVQ out+32(FP), DX
	MOVL $1, AX
	MOVQ AX, X15
	VPBROADCASTD X15, X15
	MOVL $32, AX
	MOVQ AX, X12
	VPBROADCASTD X12, X12
	VPXOR X4, X4, X4
	VPXOR X5, X5, X5
	VPXOR X8, X8, X8
	VPXOR X9, X9, X9
	XORQ AX, AX

t8loop:
	MOVQ         (DI)(AX*8), R10
	VMOVDQU      2(SI)(R10*2), X0
	VPBROADCASTW (R8)(AX*2), X1
	VPXOR        X1, X0, X0
	VPMOVZXWD    X0, X1
	VPSRLDQ      $8, X0, X0
	VPMOVZXWD    X0, X0
	VPSLLVD      X1, X15, X2
	VPSLLVD      X0, X15, X3
	VPOR         X2, X4, X4
	VPOR         X3, X8, X8
	VPXOR        X12, X1, X2
	VPXOR        X12, X0, X3
	VPSLLVD      X2, X15, X2
	VPSLLVD      X3, X15, X3
	VPOR         X2, X5, X5
	VPOR         X3, X9, X9
	INCQ         AX
	CMPQ         AX, CX
	JLT          t8loop

	VMOVDQU X4, (DX)
	VMOVDQU X8, 16(DX)
	VMOVDQU X5, 32(DX)
	VMOVDQU X9, 48(DX)
	RET

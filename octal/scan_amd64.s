//go:build amd64 && !purego

#include "textflag.h"

// func scanR(lo, up *uint16, n int, set *[64]byte, pend *[65536]uint8, remaining int) (pos, left int)
//
// For i = n, n−16, … while i ≥ 16, the block j in [i−16, i): every j
// (in increasing order) whose x = lo[j] ^ up[j] has its bit set in set and
// pend[x] ≠ 0 clears both and counts down remaining; at 0 it returns
// (j, 0). Otherwise it returns the last i (< 16) and what remains. Every
// XOR must be below 512. AVX2: sixteen pairs a step against the set held
// in registers (reloaded after a hit).
TEXT ·scanR(SB), NOSPLIT, $0-64
	MOVQ lo+0(FP), SI
	MOVQ up+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ set+24(FP), DX
	MOVQ pend+32(FP), R8
	MOVQ remaining+40(FP), R9

	// Y14: byte j of each 8 = 1 << j. Y8: 7 in each word. Y15: 0x00FF in
	// each word.
	MOVQ $0x8040201008040201, AX
	MOVQ AX, X14
	VPBROADCASTQ X14, Y14
	MOVQ $0x0007000700070007, AX
	MOVQ AX, X8
	VPBROADCASTQ X8, Y8
	MOVQ $0x00FF00FF00FF00FF, AX
	MOVQ AX, X15
	VPBROADCASTQ X15, Y15

reload:
	// The set as four 16-byte tables, each in both lanes (VPSHUFB looks
	// up within a 128-bit lane): table t holds bytes 16t..16t+15.
	VBROADCASTI128 0(DX), Y10
	VBROADCASTI128 16(DX), Y11
	VBROADCASTI128 32(DX), Y12
	VBROADCASTI128 48(DX), Y13

loop:
	CMPQ CX, $16
	JLT  done
	VMOVDQU -32(SI)(CX*2), Y0
	VPXOR   -32(DI)(CX*2), Y0, Y0 // x, 16 words, each < 512
	VPSRLW  $3, Y0, Y1            // byte of the set: x >> 3 < 64, in the low byte
	VPSHUFB Y1, Y10, Y2           // tables 0..3 at (x >> 3) & 15
	VPSHUFB Y1, Y11, Y3
	VPSHUFB Y1, Y12, Y4
	VPSHUFB Y1, Y13, Y5
	VPSLLW  $3, Y1, Y6            // bit 4 of x >> 3 to bit 7: tables 1, 3
	VPBLENDVB Y6, Y3, Y2, Y2
	VPBLENDVB Y6, Y5, Y4, Y4
	VPSLLW  $2, Y1, Y7            // bit 5 to bit 7: tables 2, 3
	VPBLENDVB Y7, Y4, Y2, Y2
	VPAND   Y8, Y0, Y9            // x & 7
	VPSHUFB Y9, Y14, Y9           // 1 << (x & 7)
	VPAND   Y9, Y2, Y2
	VPAND   Y15, Y2, Y2           // the low byte of each word only
	VPTEST  Y2, Y2
	JNZ     hit
	SUBQ    $16, CX
	JMP     loop

hit:
	VPXOR     Y3, Y3, Y3
	VPCMPEQB  Y3, Y2, Y2 // 0xFF where no bit
	VPMOVMSKB Y2, AX
	NOTL      AX         // bit 2k: lane k has its bit
	ANDL      $0x55555555, AX

lanes:
	TESTL AX, AX
	JZ    next
	BSFL  AX, R10
	LEAL  -1(AX), R11
	ANDL  R11, AX
	SHRL  $1, R10
	LEAQ  -16(CX)(R10*1), R11 // j
	MOVWLZX (SI)(R11*2), BX
	MOVWLZX (DI)(R11*2), R12
	XORL  R12, BX             // x
	MOVBLZX (R8)(BX*1), R12
	TESTL R12, R12
	JZ    lanes               // found earlier in this block
	MOVB  $0, (R8)(BX*1)
	MOVL  BX, R12
	SHRL  $3, R12
	ANDL  $7, BX
	MOVBLZX (DX)(R12*1), R13
	BTRL  BX, R13
	MOVB  R13, (DX)(R12*1)
	DECQ  R9
	JNZ   lanes
	VZEROUPPER
	MOVQ  R11, pos+48(FP)
	MOVQ  $0, left+56(FP)
	RET

next:
	SUBQ $16, CX
	JMP  reload

done:
	VZEROUPPER
	MOVQ CX, pos+48(FP)
	MOVQ R9, left+56(FP)
	RET

// SETUP512 loads what the AVX-512 scans keep in registers. Z14: byte j
// of each 8 = 1 << j. Z8: 7 in each word. K2: the low byte of each word.
// Z10: the set (DX), held there until the end: a hit clears its bit in
// the register (reloading it from memory after byte stores would wait
// for the stores).
#define SETUP512 \
	MOVQ         $0x8040201008040201, AX; \
	VPBROADCASTQ AX, Z14; \
	MOVQ         $0x0007000700070007, AX; \
	VPBROADCASTQ AX, Z8; \
	MOVQ         $0x5555555555555555, AX; \
	KMOVQ        AX, K2; \
	VMOVDQU64    (DX), Z10

// FOUND512 returns (j, 0) for the lane whose bit is in R10 (every pending
// value found there); DONE512 returns (i, remaining) when the blocks run
// out. Both store the set back. P and L name the results in the frame
// (pos+48, left+56).
#define FOUND512(P, L) \
	SHRQ      $1, R10; \
	LEAQ      -32(CX)(R10*1), R11; \
	VMOVDQU64 Z10, (DX); \
	VZEROUPPER; \
	MOVQ      R11, P(FP); \
	MOVQ      $0, L(FP); \
	RET

#define DONE512(P, L) \
	VMOVDQU64 Z10, (DX); \
	VZEROUPPER; \
	MOVQ      CX, P(FP); \
	MOVQ      R9, L(FP); \
	RET

// LANE512 takes the lowest lane left in AX (bit 2k: lane k of a block,
// whose x is the word at off+2k(SP)): it clears x in pend and in the set
// held in Z10, and counts remaining (R9) down by pend[x], 1 or 0 if an
// earlier lane of the block found the same value, so that no branch
// depends on it. At 0 it jumps to found with the lane's bit in R10.
#define LANE512(off, found) \
	BSFQ    AX, R10; \
	LEAQ    -1(AX), R11; \
	ANDQ    R11, AX; \
	MOVWLZX off(SP)(R10*1), BX; \
	MOVBLZX (R8)(BX*1), R12; \
	MOVB    $0, (R8)(BX*1); \
	MOVL    BX, R11; \
	SHRL    $3, R11; \
	ANDL    $7, BX; \
	XORL    R13, R13; \
	BTSL    BX, R13; \
	XORL    R15, R15; \
	BTSQ    R11, R15; \
	KMOVQ   R15, K3; \
	VPBROADCASTB.Z R13, K3, Z11; \
	VPANDNQ Z10, Z11, Z10; \
	SUBQ    R12, R9; \
	JZ      found

// func scanR512(lo, up *uint16, n int, set *[64]byte, pend *[65536]uint8, remaining int) (pos, left int)
//
// scanR with AVX-512 (F, BW, VBMI): thirty-two pairs a step, the set one
// 64-byte table for VPERMB; blocks of 32, the last i below 32.
TEXT ·scanR512(SB), NOSPLIT, $64-64
	MOVQ lo+0(FP), SI
	MOVQ up+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ set+24(FP), DX
	MOVQ pend+32(FP), R8
	MOVQ remaining+40(FP), R9

	SETUP512

loop512:
	CMPQ CX, $32
	JLT  done512
	VMOVDQU16 -64(SI)(CX*2), Z0
	VPXORQ    -64(DI)(CX*2), Z0, Z0 // x, 32 words, each < 512
	VPSRLW    $3, Z0, Z1             // byte of the set: x >> 3 < 64
	VPERMB    Z10, Z1, Z2            // set[x >> 3]
	VPANDQ    Z8, Z0, Z9             // x & 7
	VPSHUFB   Z9, Z14, Z9            // 1 << (x & 7)
	VPTESTMB  Z9, Z2, K2, K1         // low bytes: bit x set
	KORTESTQ  K1, K1
	JNZ       hit512
	SUBQ      $32, CX
	JMP       loop512

hit512:
	// Each lane with its bit set, in increasing j (LANE512).
	VMOVDQU16 Z0, (SP)
	KMOVQ     K1, AX // bit 2k: lane k has its bit

lanes512:
	LANE512(0, found512)
	TESTQ AX, AX
	JNZ   lanes512
	SUBQ  $32, CX
	JMP   loop512

found512:
	FOUND512(pos+48, left+56)

done512:
	DONE512(pos+48, left+56)

// func scanTwoR512(lo, up1, up2 *uint16, n int, set *[64]byte, pend *[65536]uint8, remaining int) (pos, left int)
//
// scanR512 for two split digits at once: lo[j] pairs with up1[j] and with
// up2[j]. In a block, the hits of up1 are cleared first, then those of
// up2, each in increasing j.
TEXT ·scanTwoR512(SB), NOSPLIT, $128-72
	MOVQ lo+0(FP), SI
	MOVQ up1+8(FP), DI
	MOVQ up2+16(FP), R14
	MOVQ n+24(FP), CX
	MOVQ set+32(FP), DX
	MOVQ pend+40(FP), R8
	MOVQ remaining+48(FP), R9

	SETUP512

loop2:
	CMPQ CX, $32
	JLT  done2
	VMOVDQU16 -64(SI)(CX*2), Z0
	VPXORQ    -64(DI)(CX*2), Z0, Z3  // x1
	VPXORQ    -64(R14)(CX*2), Z0, Z4 // x2
	VPSRLW    $3, Z3, Z1
	VPERMB    Z10, Z1, Z2
	VPANDQ    Z8, Z3, Z9
	VPSHUFB   Z9, Z14, Z9
	VPTESTMB  Z9, Z2, K2, K1
	VPSRLW    $3, Z4, Z5
	VPERMB    Z10, Z5, Z6
	VPANDQ    Z8, Z4, Z7
	VPSHUFB   Z7, Z14, Z7
	VPTESTMB  Z7, Z6, K2, K4
	KORTESTQ  K1, K4
	JNZ       hit2
	SUBQ      $32, CX
	JMP       loop2

hit2:
	VMOVDQU16 Z3, (SP)
	VMOVDQU16 Z4, 64(SP)
	KMOVQ     K1, AX
	TESTQ     AX, AX
	JZ        second2

lanes2a:
	LANE512(0, found2)
	TESTQ AX, AX
	JNZ   lanes2a

second2:
	KMOVQ K4, AX
	TESTQ AX, AX
	JZ    next2

lanes2b:
	LANE512(64, found2)
	TESTQ AX, AX
	JNZ   lanes2b

next2:
	SUBQ $32, CX
	JMP  loop2

found2:
	FOUND512(pos+56, left+64)

done2:
	DONE512(pos+56, left+64)

//go:build amd64 && !purego

package nimber

import "golang.org/x/sys/cpu"

// hasCL: mulCL (mul_amd64.s: PCLMULQDQ and SSE2) runs on this CPU.
var hasCL = cpu.X86.HasPCLMULQDQ && cpu.X86.HasSSE2

// mulCL returns a ⊗ b by the carry-less route of clTables.
//
//go:noescape
func mulCL(a, b uint64, c *clTables) uint64

// newCL builds the carry-less route's tables where it runs.
func newCL(t *tables) *clTables {
	if !hasCL {
		return nil
	}
	return buildCL(func(a, b uint64) uint64 { return mul64Go(t, a, b) })
}

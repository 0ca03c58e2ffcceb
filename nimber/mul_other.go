//go:build !amd64 || purego

package nimber

// mul64 is the product in GF(2^64): mul64Go (no carry-less route on this
// platform, or with the purego tag).
func mul64(t *tables, a, b uint64) uint64 { return mul64Go(t, a, b) }

func newCL(*tables) *clTables { return nil }

func mulCL(a, b uint64, c *clTables) uint64 { panic("nimber: no carry-less route") }

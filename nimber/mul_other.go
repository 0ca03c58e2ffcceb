//go:build !amd64 || purego

package nimber

// newCL: no carry-less route on this platform, or with the purego tag;
// mul64 is mul64Go.
func newCL(*tables) *clTables { return nil }

func mulCL(a, b uint64, c *clTables) uint64 { panic("nimber: no carry-less route") }

package octal

import "testing"

// The tiny kernel (every value below 64, sets in registers) against the
// 16-bit sparse kernel it stands in for, heap by heap: a few hundred codes
// (Grundy's game among them, whose heaps must differ), the sparse kernel
// forced and chosen, and .167 far enough that the scans leave a short
// reversed prefix (the splits past it are read directly).
func TestTinyAgainstFast(t *testing.T) {
	skipUnderRace(t)
	run := func(g Game, m Method, n int, tiny bool, rloCap int) ([]uint32, *Computer) {
		t.Helper()
		c := NewComputer(g, m)
		c.hooks.noTiny = !tiny
		c.hooks.rloCap = rloCap
		if err := c.Extend(ctx, n); err != nil {
			t.Fatal(err)
		}
		return c.AppendValues(nil, 0, n+1), c
	}
	check := func(g Game, m Method, n, rloCap int) *Computer {
		t.Helper()
		want, _ := run(g, m, n, false, 0)
		got, c := run(g, m, n, true, rloCap)
		for j := range want {
			if got[j] != want[j] {
				t.Fatalf("%s, %v, prefix cap %d: tiny G(%d) = %d, sparseFast %d", g, m, rloCap, j, got[j], want[j])
			}
		}
		return c
	}
	n := 800
	if long {
		n = 3000
	}
	for i, g := range someCodes(t) {
		for _, m := range []Method{SparseMethod, Auto} {
			check(g, m, n, []int{0, 16}[i%2])
		}
	}
	// .167 stays below 64 (63 is its largest value to 2^28), so the tiny
	// kernel computes all of it.
	N := 20_000
	if long {
		N = 200_000
	}
	for _, cap := range []int{0, 64} {
		c := check(mustCode(t, ".167"), Auto, N, cap)
		if st := c.Stats(); st.Kernel != "sparse" || c.size > tinySize {
			t.Fatalf(".167: kernel %q, size %d: the tiny kernel did not run", st.Kernel, c.size)
		}
	}
}

// tinyRare against the definition, on Grundy's game (heaps must differ,
// so r = m/2 is left out unless another rare heap gives its value).
func TestTinyRare(t *testing.T) {
	c := NewComputer(GrundysGame(), SparseMethod)
	if err := c.Extend(ctx, 300); err != nil {
		t.Fatal(err)
	}
	vals := make([]uint16, 301)
	for i := range vals {
		vals[i] = uint16(c.At(i) & 63)
	}
	for _, unequal := range []bool{false, true} {
		for m := 2; m <= 300; m++ {
			var rs []int
			var rv []uint16
			for r := 1; r < m; r++ {
				if r%3 == 0 || r == m/2 { // some heaps, and always m/2
					rs = append(rs, r)
					rv = append(rv, vals[r])
				}
			}
			var want uint64
			for j, r := range rs {
				if unequal && 2*r == m {
					continue
				}
				want |= 1 << ((rv[j] ^ vals[m-r]) & 63)
			}
			if got := tinyRare(vals[:m], rs, rv, m, unequal); got != want {
				t.Fatalf("m = %d, unequal %v: %#x, want %#x", m, unequal, got, want)
			}
		}
	}
}

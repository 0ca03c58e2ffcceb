package octal

import (
	"math/rand/v2"
	"testing"
)

// The small kernel (every value below 128) against the 16-bit sparse
// kernel it stands in for, heap by heap: a few hundred codes, the sparse
// kernel forced and chosen, with a short reversed prefix and without; and
// three of the census's sparse classes whose values stay below 128 (4.045:
// three split digits, .324: one, with positional parity, .174: two) far
// enough that their scans run long.
func TestSmallAgainstFast(t *testing.T) {
	skipUnderRace(t)
	run := func(g Game, m Method, n int, small bool, rloCap int) ([]uint32, *Computer) {
		t.Helper()
		c := NewComputer(g, m)
		c.hooks.noTiny = !small
		c.hooks.smallFirst = true
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
				t.Fatalf("%s, %v, prefix cap %d: small G(%d) = %d, sparseFast %d", g, m, rloCap, j, got[j], want[j])
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
			check(g, m, n, []int{0, 40}[i%2])
		}
	}
	N := 20_000
	if long {
		N = 200_000
	}
	for _, code := range []string{"4.045", ".324", ".174"} {
		for _, cap := range []int{0, 100} {
			c := check(mustCode(t, code), Auto, N, cap)
			if st := c.Stats(); st.Kernel != "sparse" || c.size > smallSize {
				t.Fatalf("%s: kernel %q, size %d: the small kernel did not run", code, st.Kernel, c.size)
			}
		}
	}
}

// smallRange (the vector loop where it runs) and smallRangeGo against the
// definition, on random values below 128 and random rare heaps.
func TestSmallRange(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	w := newWorker()
	for trial := 0; trial < 2000; trial++ {
		m := 2 + r.IntN(400)
		bound := []int{2, 64, 128}[trial%3]
		vals := make([]uint16, m)
		for i := range vals {
			vals[i] = uint16(r.IntN(bound))
		}
		var rs []int
		var rv []uint16
		for x := 1; x < m; x++ {
			if r.IntN(4) == 0 {
				rs = append(rs, x)
				rv = append(rv, uint16(r.IntN(bound)))
			}
		}
		var want smallSet
		for j, x := range rs {
			want = want.add(rv[j] ^ vals[m-x])
		}
		w.rareN, w.rareV, w.rareNeg = rs, rv, nil
		if got := w.smallRange(vals, 0, len(rs), m); got != want {
			t.Fatalf("m = %d, %d rare heaps: smallRange %x, want %x", m, len(rs), got, want)
		}
		if got := smallRangeGo(vals, rs, rv, m); got != want {
			t.Fatalf("m = %d, %d rare heaps: smallRangeGo %x, want %x", m, len(rs), got, want)
		}
	}
	for v, p := range w.pend {
		if p != 0 {
			t.Fatalf("smallRange left pend[%d] = %d", v, p)
		}
	}
}

// The vector scans against the definition: random pairs, random pending
// sets, every length from the shortest they take, each value found early,
// late or never.
func TestScanSmall(t *testing.T) {
	if !hasSmallAsm {
		t.Skip("no vector scan on this platform")
	}
	r := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 3000; trial++ {
		digits := 1 + trial%3
		n := 8 + r.IntN(200)
		if digits == 1 {
			n += 8
		}
		bound := []int{8, 64, 128}[r.IntN(3)]
		lo := make([]uint16, n)
		var ups [3][]uint16
		for i := range lo {
			lo[i] = uint16(r.IntN(bound))
		}
		for d := range digits {
			ups[d] = make([]uint16, n)
			for i := range ups[d] {
				ups[d][i] = uint16(r.IntN(bound))
			}
		}
		var pend smallSet
		for range 1 + r.IntN(12) {
			pend = pend.add(uint16(r.IntN(128)))
		}
		// The definition: pairs j = n−1 down to 0, blocks of step.
		step := 8
		if digits == 1 {
			step = 16
		}
		left := pend
		wantAt := 0
		for end := n; end > 0 && !left.empty(); end -= step {
			start := max(end-step, 0)
			for j := start; j < end; j++ {
				for d := range digits {
					left = left.andNot(smallSet{}.add(lo[j] ^ ups[d][j]))
				}
			}
			if left.empty() {
				wantAt = start
			}
		}
		var got smallSet
		var at int
		switch digits {
		case 1:
			got.lo, got.hi, at = scanSmall1(&lo[0], &ups[0][0], n, pend.lo, pend.hi)
		case 2:
			got.lo, got.hi, at = scanSmall2(&lo[0], &ups[0][0], &ups[1][0], n, pend.lo, pend.hi)
		case 3:
			got.lo, got.hi, at = scanSmall3(&lo[0], &ups[0][0], &ups[1][0], &ups[2][0], n, pend.lo, pend.hi)
		}
		if got != left || at != wantAt {
			t.Fatalf("%d digits, n = %d, pending %x: left %x at %d, want %x at %d", digits, n, pend, got, at, left, wantAt)
		}
	}
}

// The kernels in turn against the plain kernel: codes whose values cross
// 64 and then 128 while the sparse kernel runs (the tiny kernel hands over
// to the small one, the small one to sparseFast), on one core and on two
// (where the two-core segments alternate with the one-core kernel), with
// the rare heaps growing meanwhile; Grundy's game for splits into unequal
// heaps (the rare heap m/2 left out).
func TestSmallCrossing(t *testing.T) {
	skipUnderRace(t)
	n := 6000
	if long {
		n = 40_000
	}
	// The runs that went from the tiny kernel to the small one, and from
	// the small one to sparseFast.
	// On two cores, the runs where the two-core kernel ran.
	crossed64, crossed128, twoCores := 0, 0, 0
	for _, code := range []string{"0.161", "0.6", "0.166", "4.404", "0.245", "0.444", "0.324", "4.045", "grundy"} {
		g := GrundysGame()
		if code != "grundy" {
			g = mustCode(t, code)
		}
		p := NewComputer(g, PlainMethod)
		if err := p.Extend(ctx, n); err != nil {
			t.Fatal(err)
		}
		want := p.AppendValues(nil, 0, n+1)
		for _, par := range []bool{false, true} {
			c := NewComputer(g, Auto)
			c.SetParallel(par)
			if par {
				c.hooks.parPairs = 1 // two cores whatever a value costs
			}
			var order []kernel
			c.hooks.chosen = func(_ int, k kernel) {
				if len(order) == 0 || order[len(order)-1] != k {
					order = append(order, k)
				}
			}
			if err := c.Extend(ctx, n); err != nil {
				t.Fatal(err)
			}
			got := c.AppendValues(nil, 0, n+1)
			for j := range want {
				if got[j] != want[j] {
					t.Fatalf("%s (two cores %v, kernels %v): G(%d) = %d, the plain kernel %d", code, par, order, j, got[j], want[j])
				}
			}
			switch {
			case par && c.sched.pw[0] != nil:
				twoCores++ // the two-core kernel ran
			case !par && inOrder(order, kernelTiny, kernelSmall):
				crossed64++
			}
			if !par && inOrder(order, kernelSmall, kernelSparse) {
				crossed128++
			}
		}
	}
	if crossed64 < 2 || crossed128 < 2 || twoCores < 5 {
		t.Fatalf("%d runs went from the tiny kernel to the small one, %d from the small one to sparseFast; %d ran on two cores", crossed64, crossed128, twoCores)
	}
}

// inOrder reports whether ks holds want as a subsequence.
func inOrder(ks []kernel, want ...kernel) bool {
	for _, k := range ks {
		if len(want) > 0 && k == want[0] {
			want = want[1:]
		}
	}
	return len(want) == 0
}

// tinyRange (the vector loop where it runs) against the definition, on
// random values below 64 and random rare heaps, every count of them.
func TestTinyRangeRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for trial := 0; trial < 2000; trial++ {
		m := 2 + r.IntN(300)
		vals := make([]uint16, m)
		for i := range vals {
			vals[i] = uint16(r.IntN(64))
		}
		var rs []int
		var rv []uint16
		for x := 1; x < m; x++ {
			if r.IntN(3) == 0 {
				rs = append(rs, x)
				rv = append(rv, uint16(r.IntN(64)))
			}
		}
		var want uint64
		for j, x := range rs {
			want |= 1 << (rv[j] ^ vals[m-x])
		}
		if got := tinyRange(vals, rs, rv, m); got != want {
			t.Fatalf("m = %d, %d rare heaps: tinyRange %x, want %x", m, len(rs), got, want)
		}
	}
}

// The batch of eight heaps (rareBatched: rareSmall8 or rareTiny8 and the
// splits it leaves to each heap) against the definition, on random values
// below 128 (below 64 for the tiny kernel's)
// and random rare heaps, some below 8 and some between the batch's first
// heap and m, for runs of consecutive m with jumps back and forth (which
// rebuild the batch).
func TestSmallBatched(t *testing.T) {
	if !hasSmallAsm {
		t.Skip("no vector loops on this platform")
	}
	r := rand.New(rand.NewPCG(5, 6))
	batched := 0
	for trial := 0; trial < 200; trial++ {
		N := 40 + r.IntN(600)
		tiny := trial%2 == 1 // the tiny kernel's batch: values below 64
		bound := 128
		if tiny {
			bound = 64
		}
		vals := make([]uint16, N)
		for i := range vals {
			vals[i] = uint16(r.IntN(bound))
		}
		var rs []int
		var rv []uint16
		every := 1 + r.IntN(8)
		for x := 1; x < N; x++ {
			if r.IntN(every) == 0 {
				rs = append(rs, x)
				rv = append(rv, vals[x])
			}
		}
		w := newWorker()
		w.rareN, w.rareV = rs, rv
		m := 2 + r.IntN(N/2)
		for step := 0; step < 60 && m < N; step++ {
			cut := 0
			for cut < len(rs) && rs[cut] < m {
				cut++
			}
			var want smallSet
			for j := range cut {
				want = want.add(rv[j] ^ vals[m-rs[j]])
			}
			b := &w.small.batch
			got := smallSet{}
			if tiny {
				b = &w.tiny.batch
				got.lo = w.tinyBatched(vals[:m+1], cut, m)
			} else {
				got = w.smallRare(vals[:m+1], cut, m, false)
			}
			if got != want {
				t.Fatalf("trial %d, tiny %v, m = %d, %d rare heaps below m (batch from %d, valid %v): %x, want %x", trial, tiny, m, cut, b.base, b.valid, got, want)
			}
			if b.valid && m >= b.base && m < b.base+smallBatch {
				batched++
			}
			switch r.IntN(20) {
			case 0:
				m = max(2, m-r.IntN(12))
			case 1:
				m += r.IntN(20)
			default:
				m++
			}
		}
	}
	if batched < 2000 {
		t.Fatalf("only %d sets came from a batch", batched)
	}
}

// The batches of eight heaps in the kernels against the plain kernel, on
// codes whose rare heaps make them run: .324 (one split digit), .174 (two)
// and 4.045 (three) on the small kernel, .205 on the tiny one (its batch
// from tinyBatchFrom rare heaps).
func TestRareBatchAgainstPlain(t *testing.T) {
	if !hasSmallAsm {
		t.Skip("no vector loops on this platform")
	}
	skipUnderRace(t)
	n := 8_000
	if long {
		n = 100_000
	}
	for _, tc := range []struct {
		code string
		tiny bool
	}{{".324", false}, {".174", false}, {"4.045", false}, {".205", true}} {
		g := mustCode(t, tc.code)
		p := NewComputer(g, PlainMethod)
		if err := p.Extend(ctx, n); err != nil {
			t.Fatal(err)
		}
		want := p.AppendValues(nil, 0, n+1)
		c := NewComputer(g, Auto)
		if err := c.Extend(ctx, n); err != nil {
			t.Fatal(err)
		}
		got := c.AppendValues(nil, 0, n+1)
		for j := range want {
			if got[j] != want[j] {
				t.Fatalf("%s: G(%d) = %d, the plain kernel %d", tc.code, j, got[j], want[j])
			}
		}
		b := &c.w.small.batch
		if tc.tiny {
			b = &c.w.tiny.batch
		}
		if !b.valid || b.base < n-2*smallBatch {
			t.Fatalf("%s: the batch (tiny %v) did not run to the end: valid %v, from heap %d", tc.code, tc.tiny, b.valid, b.base)
		}
	}
}

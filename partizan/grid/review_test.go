package grid

import (
	"math/rand/v2"
	"testing"

	"github.com/grundy/grundy/internal/longtest"
	"github.com/grundy/grundy/partizan/rulesettest"
)

// reviewBoards returns n random boards of every shape up to 64 cells
// (thin and wide ones, 1×k to 8×8), each cell drawn from live with at most
// maxLive of them not fill, so that the plain oracle stays quick.
func reviewBoards(seed uint64, n, maxLive int, fill byte, live []byte) []Grid {
	r := rand.New(rand.NewPCG(seed, 99))
	var out []Grid
	for len(out) < n {
		rows, cols := 1+r.IntN(12), 1+r.IntN(12)
		if rows*cols > 64 {
			continue
		}
		b := make([]byte, rows*cols)
		for i := range b {
			b[i] = fill
		}
		k := 1 + r.IntN(maxLive)
		for range k {
			b[r.IntN(len(b))] = live[r.IntN(len(live))]
		}
		out = append(out, newGrid(rows, cols, b))
	}
	return out
}

// Random boards of every shape up to 64 cells (1×k strips, wide and tall
// boards, blocked cells, Amazons' arrows), and larger boards with a few
// live cells, each ruleset's on one Solver, against the plain oracle
// (review of issue 46's keys, Split, *mex fast path). Long: GRUNDY_LONG=1.
func TestReviewRandomShapes(t *testing.T) {
	if !longtest.Enabled() {
		t.Skip("GRUNDY_LONG=1")
	}
	rulesettest.Check[Grid, Grid](t, Domineering{}, reviewBoards(1, 1500, 11, Blocked, []byte{Empty}))
	rulesettest.Check[Grid, Grid](t, Cram{}, reviewBoards(2, 1500, 12, Blocked, []byte{Empty}))
	rulesettest.Check[Grid, Grid](t, Clobber{}, reviewBoards(3, 1500, 8, Vacant, []byte{Black, White}))
	rulesettest.Check[Grid, Grid](t, Konane{}, reviewBoards(4, 1500, 10, Vacant, []byte{Black, White}))
	rulesettest.Check[Grid, Grid](t, Konane{}, sparseBoards(77, 1500))
	rulesettest.Check[Grid, Grid](t, Konane{}, reviewBoards(5, 400, 16, Vacant, []byte{Black, White, Black, White}))
	rulesettest.Check[Grid, Grid](t, Clobber{}, reviewBoards(6, 400, 11, Vacant, []byte{Black, White}))
	rulesettest.Check[Grid, Grid](t, Domineering{}, reviewBoards(7, 300, 16, Blocked, []byte{Empty}))
	rulesettest.Check[Grid, Grid](t, Cram{}, reviewBoards(8, 300, 18, Blocked, []byte{Empty}))
	rulesettest.Check[Grid, Grid](t, Amazons{}, reviewBoards(9, 300, 9, Arrow, []byte{Black, White, Vacant, Vacant}))
	big := func(seed uint64, fill byte, live []byte, k int) []Grid {
		r := rand.New(rand.NewPCG(seed, 3))
		var out []Grid
		for range 150 {
			rows, cols := 1+r.IntN(20), 1+r.IntN(40)
			if rows*cols <= 64 {
				continue
			}
			b := make([]byte, rows*cols)
			for i := range b {
				b[i] = fill
			}
			for range 1 + r.IntN(k) {
				b[r.IntN(len(b))] = live[r.IntN(len(live))]
			}
			out = append(out, newGrid(rows, cols, b))
		}
		return out
	}
	rulesettest.Check[Grid, Grid](t, Konane{}, big(10, Vacant, []byte{Black, White}, 8))
	rulesettest.Check[Grid, Grid](t, Clobber{}, big(11, Vacant, []byte{Black, White}, 8))
	rulesettest.Check[Grid, Grid](t, Cram{}, big(12, Blocked, []byte{Empty}, 8))
	rulesettest.Check[Grid, Grid](t, Domineering{}, big(13, Blocked, []byte{Empty}, 8))
}

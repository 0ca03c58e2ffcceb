package games

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/grundy/grundy/impartial"
)

// PeriodFrom is the heap size from which a subtraction game answers
// ClosedValue and MovesToValue from its period rather than by search.
const PeriodFrom = 1 << 12

// periodBudget bounds the values computed when a game looks for its own
// period on first use (a few megabytes; sets with longer periods are searched).
var periodBudget = impartial.Budget{MaxPositions: 1 << 20, MaxMemory: 64 << 20}

// periodCache holds the period of a subtraction game, found at most once.
type periodCache struct {
	once        sync.Once
	ok          bool
	pre, period int
	values      []impartial.Nimber
}

func (g Subtraction) periodic() *periodCache {
	if g.per == nil {
		return nil
	}
	g.per.once.Do(func() {
		pre, period, values, err := g.Period(context.Background(), periodBudget)
		if err == nil {
			g.per.ok, g.per.pre, g.per.period, g.per.values = true, pre, period, values
		}
	})
	if !g.per.ok {
		return nil
	}
	return g.per
}

func (pc *periodCache) value(n int) impartial.Nimber {
	if n < len(pc.values) {
		return pc.values[n]
	}
	return pc.values[pc.pre+(n-pc.pre)%pc.period]
}

// Period finds the nim-sequence's pre-period and (least) period by state
// repetition, and proves them: G(n) depends only on the window
// G(n-m), …, G(n-1) with m = max(S), so once a window of m consecutive values
// repeats, the sequence repeats from there on.
//
// It returns values = G(0), …, G(pre+period-1): G(n) = values[n] for
// n < pre+period and G(n) = values[pre + (n-pre) mod period] beyond.
// The pre-period is the least n0 with G(n+period) = G(n) for all n ≥ n0, and
// the period is the least one. The budget bounds the values computed
// (MaxPositions) and the memory held (MaxMemory); ctx can cancel the search.
// A budget that runs out gives an *impartial.BudgetError.
func (g Subtraction) Period(ctx context.Context, b impartial.Budget) (pre, period int, values []impartial.Nimber, err error) {
	if len(g.set) == 0 {
		return 0, 0, nil, fmt.Errorf("subtraction game has no move sizes")
	}
	m := g.set[len(g.set)-1]
	var vals []impartial.Nimber
	// first[h] lists the windows seen with rolling hash h (their end n).
	first := make(map[uint64]int)
	const mul = 0x9E3779B97F4A7C15
	var pow uint64 = 1 // mul^(m-1)
	for range m - 1 {
		pow *= mul
	}
	var h uint64
	seen := make([]uint32, len(g.set)+2)
	stamp := uint32(0)
	next := func(n int) impartial.Nimber {
		stamp++
		for _, s := range g.set {
			if s > n {
				break
			}
			if v := vals[n-s]; v < impartial.Nimber(len(seen)) {
				seen[v] = stamp
			}
		}
		v := impartial.Nimber(0)
		for seen[v] == stamp {
			v++
		}
		return v
	}
	a, bEnd := -1, -1
	for n := 0; ; n++ {
		if n%4096 == 0 {
			if ctx.Err() != nil {
				return 0, 0, nil, impartial.ContextError(ctx)
			}
			if b.MaxMemory > 0 && int64(n)*(8+24) > b.MaxMemory {
				return 0, 0, nil, &impartial.BudgetError{Limit: impartial.LimitMemory, Max: b.MaxMemory}
			}
		}
		if b.MaxPositions > 0 && int64(n) > b.MaxPositions {
			return 0, 0, nil, &impartial.BudgetError{Limit: impartial.LimitPositions, Max: b.MaxPositions}
		}
		if n >= m {
			// The window G(n-m..n-1) ends at n.
			if e, ok := first[h]; ok && slices.Equal(vals[e-m:e], vals[n-m:n]) {
				a, bEnd = e, n
				break
			} else if !ok {
				first[h] = n
			}
			h -= uint64(vals[n-m]) * pow
		}
		v := next(n)
		vals = append(vals, v)
		h = h*mul + uint64(v)
	}
	// G(x + p) = G(x) for every x ≥ a - m, with p = bEnd - a.
	p := bEnd - a
	x0 := a - m
	// Make sure values cover x0 .. x0 + 2p + m, enough to test every divisor.
	for n := len(vals); n < x0+2*p+m; n++ {
		vals = append(vals, next(n))
	}
	period = p
	for d := 1; d < p; d++ {
		if p%d != 0 {
			continue
		}
		ok := true
		for x := x0; x < x0+p; x++ {
			if vals[x] != vals[x+d] {
				ok = false
				break
			}
		}
		if ok {
			period = d
			break
		}
	}
	pre = x0
	for pre > 0 && vals[pre-1] == vals[pre-1+period] {
		pre--
	}
	return pre, period, slices.Clip(vals[:pre+period]), nil
}

package impartial

import (
	"context"
	"encoding/binary"
	"slices"
)

// DefaultSumGraphLimit is the largest number of positions of a sum's own
// graph a LoopySolver explores to find the sum's remoteness.
const DefaultSumGraphLimit = 1 << 16

// sumGraph is the graph of a sum of loopy games: a state is the sorted
// multiset of its components' nodes, components without moves left out
// (they change nothing).
type sumGraph struct {
	keys    map[string]int32
	states  [][]int32
	succ    []int32
	end     []int32
	outcome []Outcome
	rem     []int32
}

func (g *sumGraph) succs(u int32) []int32 {
	lo := int32(0)
	if u > 0 {
		lo = g.end[u-1]
	}
	return g.succ[lo:g.end[u]]
}

func sumKey(buf []byte, nodes []int32) ([]byte, string) {
	buf = buf[:0]
	for _, u := range nodes {
		buf = binary.AppendUvarint(buf, uint64(u))
	}
	return buf, string(buf)
}

// live returns the sorted nodes of us that have moves.
func (s *LoopySolver[Pos]) live(us []int32) []int32 {
	var out []int32
	for _, u := range us {
		if len(s.succs(u)) > 0 {
			out = append(out, u)
		}
	}
	slices.Sort(out)
	return out
}

// sumLimit returns the limit on the states of a sum's graph.
func (s *LoopySolver[Pos]) sumLimit() int {
	limit := s.SumGraphLimit
	if limit == 0 {
		limit = DefaultSumGraphLimit
	}
	if b := s.settings.Budget.MaxPositions; b > 0 && int64(limit) > b {
		limit = int(b)
	}
	return limit
}

// buildSumGraph explores the graph of the sum of the component nodes root
// (all already analyzed) and decides its states by retrograde analysis. It
// returns nil when the graph has more states, or more moves, than the limits
// allow.
func (s *LoopySolver[Pos]) buildSumGraph(ctx context.Context, root []int32) (*sumGraph, error) {
	limit := s.sumLimit()
	if limit < 0 {
		return nil, nil
	}
	g := &sumGraph{keys: make(map[string]int32)}
	var buf []byte
	intern := func(nodes []int32) (int32, bool) {
		var key string
		buf, key = sumKey(buf, nodes)
		if id, ok := g.keys[key]; ok {
			return id, true
		}
		if len(g.states) >= limit {
			return 0, false
		}
		id := int32(len(g.states))
		g.keys[key] = id
		g.states = append(g.states, nodes)
		return id, true
	}
	intern(s.live(root))
	seen := map[int32]bool{}
	listed := 0
	for k := 0; k < len(g.states); k++ {
		if k%pollEvery == 0 && ctx.Err() != nil {
			return nil, ContextError(ctx)
		}
		cur := g.states[k]
		clear(seen)
		for j, u := range cur {
			if j > 0 && cur[j-1] == u {
				continue // the same component twice: the same moves
			}
			if listed += len(s.succs(u)); s.SumGraphMoveLimit > 0 && listed > s.SumGraphMoveLimit {
				return nil, nil
			}
			for _, v := range s.succs(u) {
				next := make([]int32, 0, len(cur))
				next = append(next, cur[:j]...)
				next = append(next, cur[j+1:]...)
				if len(s.succs(v)) > 0 {
					i, _ := slices.BinarySearch(next, v)
					next = slices.Insert(next, i, v)
				}
				id, ok := intern(next)
				if !ok {
					return nil, nil
				}
				if !seen[id] {
					seen[id] = true
					g.succ = append(g.succ, id)
				}
			}
		}
		g.end = append(g.end, int32(len(g.succ)))
	}
	n := len(g.states)
	pend, pred := predecessors(n, g.succ, g.succs)
	var err error
	g.outcome, g.rem, err = retrograde(ctx, n, g.succs, func(v int32) []int32 { return pred[pend[v]:pend[v+1]] })
	if err != nil {
		return nil, err
	}
	return g, nil
}

// SumRemoteness returns the remoteness of the sum of the given positions,
// found by retrograde analysis of the sum's own graph (the remoteness of a
// sum is not a function of its components' values). ok is false for a
// draw. When the sum's graph has more positions than SumGraphLimit (or the
// position budget) allows, it returns a *BudgetError.
func (s *LoopySolver[Pos]) SumRemoteness(ctx context.Context, ps ...Pos) (r int, ok bool, err error) {
	nodes, err := s.nodes(ctx, ps...)
	if err != nil {
		return 0, false, err
	}
	var flat []int32
	for _, us := range nodes {
		flat = append(flat, us...)
	}
	g, err := s.buildSumGraph(ctx, flat)
	if err != nil {
		return 0, false, err
	}
	if g == nil {
		return 0, false, &BudgetError{Limit: LimitPositions, Max: int64(s.sumLimit())}
	}
	return int(g.rem[0]), g.rem[0] >= 0, nil
}

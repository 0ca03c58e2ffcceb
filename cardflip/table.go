package cardflip

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// placeKey is the key of a decision of where a card goes: the visible
// row's key (the face-up numbers, 4 bits a cell, and the coming turn's
// number in bits 32.. under the turn-number model) and the number seen.
func placeKey(v uint64, x int) uint64 { return v<<4 | uint64(x) }

// TablePolicy is a table-only strategy given as a table of visible rows
// (as found by the exhaustive search, package optimum) for one m. Rows
// missing from the table, which the strategy never produces from a fresh
// deal, are played front to back.
//
// A row's key packs the visible row into 4-bit cells, cell i in bits
// 4i..4i+3 (the face-up number, 0 for face down), and under the
// turn-number model the turn's number (from 1) in bits 32 and up.
type TablePolicy struct {
	m     int
	turns bool // keyed by the turn number too (TurnNumber model)
	// rearrange: some moves permute the face-down cells (Move.Order), so
	// the strategy needs the Rearrange variant.
	rearrange bool
	look      map[uint64]int
	place     map[uint64]Move
}

// NewTablePolicy returns an empty table for m cards (m ≤ 15): keyed by the
// turn number too under TurnNumber; rearrange says that its moves may
// permute the face-down cells (Move.Order), which needs the Rearrange
// variant.
func NewTablePolicy(m int, model Model, rearrange bool) *TablePolicy {
	return &TablePolicy{m: m, turns: model == TurnNumber, rearrange: rearrange, look: map[uint64]int{}, place: map[uint64]Move{}}
}

// SetLook sets the position looked at in the row with the key row.
func (p *TablePolicy) SetLook(row uint64, pos int) { p.look[row] = pos }

// SetPlace sets the move of the number x seen in the row with the key row.
func (p *TablePolicy) SetPlace(row uint64, x int, mv Move) { p.place[placeKey(row, x)] = mv }

// ParseTable reads a table for m cards in the format Describe prints, one
// row a line (a table+turn strategy's rows start "turn N "): it reads
// back what `grundy cardflip optimal --table` prints.
func ParseTable(m int, rows []string) (*TablePolicy, error) {
	tb, err := parseTable(m, rows)
	if err != nil {
		return nil, err
	}
	p := &TablePolicy{m: m, look: tb.look, place: tb.place}
	for v := range tb.look {
		p.turns = p.turns || v>>32 != 0
	}
	for _, mv := range tb.place {
		p.rearrange = p.rearrange || mv.Order != nil
	}
	return p, nil
}

func (p *TablePolicy) Info() Info {
	if p.rearrange {
		return Info{Name: fmt.Sprintf("optimal-rearrange-%d", p.m), Model: TableOnly, Rearranges: true,
			Summary: fmt.Sprintf("the optimal table-only strategy for m = %d under the rearrange variant, found by exhaustive search", p.m)}
	}
	if p.turns {
		return Info{Name: fmt.Sprintf("optimal-turn-%d", p.m), Model: TurnNumber,
			Summary: fmt.Sprintf("the optimal table+turn strategy for m = %d found by exhaustive search", p.m)}
	}
	return Info{Name: fmt.Sprintf("optimal-%d", p.m), Model: TableOnly,
		Summary: fmt.Sprintf("the optimal table-only strategy for m = %d found by exhaustive search", p.m)}
}

func (p *TablePolicy) NewPlayer(Seat) Player { return p }

// Rows is the number of visible rows in the table.
func (p *TablePolicy) Rows() int { return len(p.look) }

func (p *TablePolicy) key(t *Turn) (uint64, bool) {
	if t.Len() != p.m {
		return 0, false
	}
	var v uint64
	for i := range t.m {
		v |= uint64(t.cell(i)) << (4 * i)
	}
	if p.turns {
		n, ok := t.Number()
		if !ok {
			return 0, false
		}
		v |= uint64(n) << 32
	}
	return v, true
}

func (p *TablePolicy) Look(t *Turn) int {
	if v, ok := p.key(t); ok {
		if pos, ok := p.look[v]; ok {
			return pos
		}
	}
	return firstDown(&t.View, 0, t.Len())
}

func (p *TablePolicy) Place(t *Turn, pos, x int) Move {
	if v, ok := p.key(t); ok {
		if _, ok := p.look[v]; ok {
			if mv, ok := p.place[placeKey(v, x)]; ok {
				return mv
			}
		}
	}
	return Move{Up: x == t.k+1, To: t.Len() - 1}
}

// Describe lists the table, one visible row per line.
func (p *TablePolicy) Describe() []string {
	var rows []uint64
	for v := range p.look {
		rows = append(rows, v)
	}
	sort.Slice(rows, func(i, j int) bool {
		if ti, tj := rows[i]>>32, rows[j]>>32; ti != tj {
			return ti < tj
		}
		ki, kj := popcount4(uint32(rows[i])), popcount4(uint32(rows[j]))
		if ki != kj {
			return ki < kj
		}
		return rows[i] < rows[j]
	})
	var out []string
	for _, v := range rows {
		vis := make([]int, p.m)
		for i := range vis {
			vis[i] = int(v >> (4 * i) & 15)
		}
		pos := p.look[v]
		var acts []string
		for x := 1; x <= p.m; x++ {
			mv, ok := p.place[placeKey(v, x)]
			if !ok {
				continue
			}
			side := "down"
			if mv.Up {
				side = "up"
			}
			act := fmt.Sprintf("%d→%s@%d", x, side, mv.To)
			if mv.Order != nil {
				// Then the row is permuted: cell j gets the card of cell
				// Order[j] (Rearrange), one digit a cell.
				act += "/"
				for _, o := range mv.Order {
					act += strconv.Itoa(o)
				}
			}
			acts = append(acts, act)
		}
		turn := ""
		if v>>32 != 0 {
			turn = fmt.Sprintf("turn %d ", v>>32)
		}
		out = append(out, fmt.Sprintf("%s%s look %d: %s", turn, FormatRow(vis, -1), pos, strings.Join(acts, " ")))
	}
	return out
}

func popcount4(v uint32) int {
	n := 0
	for ; v != 0; v >>= 4 {
		if v&15 != 0 {
			n++
		}
	}
	return n
}

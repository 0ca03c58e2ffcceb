package sweep

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/grundy/grundy/bridge"
)

// BridgeSpec is a multi-bridge tally: every layout for n, by sequence,
// dealt in the shards of the given depth (bridge.Shards).
type BridgeSpec struct {
	N     int `json:"n"`
	Depth int `json:"depth"`
}

// DefaultBridgeDepth is the shard depth for n: for n = 4, depth 3 makes 483
// shards of 2.1·10^7 layouts on average (under a second each on one core).
func DefaultBridgeDepth(n int) int {
	if n >= 4 {
		return 3
	}
	return min(2, 4*n-1)
}

// BridgeRow is one sequence of the tally: a line of tally.csv and
// tally.jsonl. Count is the enumeration's, Formula bridge.Counter's exact
// count (modulo 2^61−1, larger than every count for n ≤ 5).
type BridgeRow struct {
	Sequence string `json:"sequence"`
	Count    uint64 `json:"count"`
	Formula  uint64 `json:"formula"`
	Agree    bool   `json:"agree"`
}

// bridgePart is a shard's tally as stored: the non-zero counts only.
type bridgePart struct {
	Holders []int       `json:"holders"`
	Layouts uint64      `json:"layouts"`
	Counts  [][2]uint64 `json:"counts"` // [tally index, count]
	Seconds float64     `json:"seconds"`
}

type bridgeTask struct {
	spec   BridgeSpec
	shards []bridge.Shard
}

func newBridgeTask(s BridgeSpec) (*bridgeTask, error) {
	if s.N < 1 || s.N > bridge.MaxShardN {
		return nil, fmt.Errorf("sweep: bridge n must be 1..%d, not %d", bridge.MaxShardN, s.N)
	}
	if s.Depth < 0 || s.Depth > min(4, 4*s.N-1) {
		return nil, fmt.Errorf("sweep: bridge shard depth must be 0..%d for n = %d, not %d", min(4, 4*s.N-1), s.N, s.Depth)
	}
	shards, err := bridge.Shards(s.N, s.Depth)
	if err != nil {
		return nil, err
	}
	return &bridgeTask{spec: s, shards: shards}, nil
}

func (t *bridgeTask) units() int { return len(t.shards) }

// bridgeUnit is what a shard's tally depends on: n, the depth and the
// shard's holders.
type bridgeUnit struct {
	Kind    string `json:"kind"`
	N       int    `json:"n"`
	Depth   int    `json:"depth"`
	Holders []int  `json:"holders"`
}

func (t *bridgeTask) unit(i int) any {
	return bridgeUnit{"bridge", t.spec.N, t.spec.Depth, t.shards[i].Holders}
}

func (t *bridgeTask) key(i int) string {
	var b strings.Builder
	b.WriteString("h")
	for _, h := range t.shards[i].Holders {
		b.WriteString("-" + strconv.Itoa(h+1))
	}
	return b.String()
}

func (t *bridgeTask) run(ctx context.Context, i int) ([]byte, error) {
	start := time.Now()
	tl, err := bridge.ShardTally(ctx, t.shards[i])
	if err != nil {
		return nil, err
	}
	p := bridgePart{Holders: t.shards[i].Holders, Seconds: time.Since(start).Seconds()}
	for idx, c := range tl.Counts {
		if c > 0 {
			p.Counts = append(p.Counts, [2]uint64{uint64(idx), c})
			p.Layouts += c
		}
	}
	return json.Marshal(p)
}

// merge adds the shards, rotates the sum to every position of 4n, and
// compares every sequence's count with the counting formula.
func (t *bridgeTask) merge(ctx context.Context, st *store) (*Summary, error) {
	n := t.spec.N
	size := 1
	for range 2 * n {
		size *= 3
	}
	part := &bridge.Tally{N: n, Counts: make([]uint64, size)}
	sum := &Summary{}
	for i := range t.shards {
		name := st.partPath(t.key(i))
		data, err := mergePart(ctx, st, t, i)
		if err != nil {
			return nil, err
		}
		var p bridgePart
		if err := json.Unmarshal(data, &p); err != nil {
			return nil, fmt.Errorf("sweep: %s: %w", name, err)
		}
		for _, ic := range p.Counts {
			if ic[0] >= uint64(size) {
				return nil, fmt.Errorf("sweep: %s: tally index %d is outside 0..%d", name, ic[0], size-1)
			}
			part.Counts[ic[0]] += ic[1]
		}
		sum.Seconds += p.Seconds
	}
	full := part.Rotate()
	counter, err := bridge.NewCounter(1<<61 - 1)
	if err != nil {
		return nil, err
	}
	total := new(big.Int)
	rows := make([]BridgeRow, 0, size)
	records := make([][]string, 0, size)
	seq := make([]uint8, 2*n)
	for i, c := range full.Counts {
		digits := full.Sequence(i)
		var s strings.Builder
		for j, d := range digits {
			seq[j] = uint8(d)
			s.WriteByte(byte('0' + d))
		}
		f := counter.Count(seq)
		r := BridgeRow{Sequence: s.String(), Count: c, Formula: f, Agree: c == f}
		rows = append(rows, r)
		records = append(records, []string{r.Sequence, strconv.FormatUint(c, 10), strconv.FormatUint(f, 10), strconv.FormatBool(r.Agree)})
		total.Add(total, new(big.Int).SetUint64(c))
		if c > 0 {
			sum.Sequences++
		}
		if !r.Agree {
			sum.Mismatches++
		}
	}
	want := new(big.Int).MulRange(1, int64(4*n))
	want.Rsh(want, uint(2*n))
	if total.Cmp(want) != 0 {
		return nil, fmt.Errorf("sweep: bridge n = %d: the shards hold %s layouts, not (4n)!/2^(2n) = %s: a shard is missing or counted twice", n, total, want)
	}
	sum.Layouts = total.Uint64()
	files, err := writeTable(ctx, st, "tally", []string{"sequence", "count", "formula", "agree"}, records, rows)
	if err != nil {
		return nil, err
	}
	csvData, err := st.read(ctx, st.join("tally.csv"))
	if err != nil {
		return nil, err
	}
	h := sha256.Sum256(csvData)
	sum.SHA256 = hex.EncodeToString(h[:])
	sum.Files = files
	return sum, nil
}

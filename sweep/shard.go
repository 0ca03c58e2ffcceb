package sweep

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
)

// Shard is one of Count slices of a sweep, for schedulers that start
// independent jobs (a Slurm array, GNU parallel): shard i computes the units whose index
// is i mod Count, 0 ≤ i < Count, into a directory of its own with the
// usual layout (sweep.json, parts/, the lock), and Merge gathers the
// shards' parts into the sweep's results. A part of a shard is the part
// the whole sweep would write for that unit, so shards and resumed runs
// mix freely.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// MaxShards bounds Count.
const MaxShards = 1 << 20

// ParseShard reads "i/N" (0 ≤ i < N).
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("sweep: a shard is i/N (0 ≤ i < N), such as 0/4, not %q", s)
	}
	sh := Shard{i, n}
	return sh, sh.check()
}

func (s Shard) check() error {
	if s.Count < 1 || s.Count > MaxShards || s.Index < 0 || s.Index >= s.Count {
		return fmt.Errorf("sweep: shard %d/%d: want 0 ≤ i < N ≤ %d", s.Index, s.Count, MaxShards)
	}
	return nil
}

// shardTask is the units i ≡ Index (mod Count) of a task, renumbered
// from 0; its merge writes no results, only the summary of the shard.
type shardTask struct {
	t     task
	shard Shard
}

func newShardTask(t task, s Shard) (*shardTask, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	if s.Count > t.units() {
		return nil, fmt.Errorf("sweep: %d shards of %d units: at most one shard a unit", s.Count, t.units())
	}
	return &shardTask{t, s}, nil
}

func (s *shardTask) of(j int) int { return s.shard.Index + j*s.shard.Count }

func (s *shardTask) units() int {
	return (s.t.units() - s.shard.Index + s.shard.Count - 1) / s.shard.Count
}
func (s *shardTask) key(j int) string                               { return s.t.key(s.of(j)) }
func (s *shardTask) unit(j int) any                                 { return s.t.unit(s.of(j)) }
func (s *shardTask) run(ctx context.Context, j int) ([]byte, error) { return s.t.run(ctx, s.of(j)) }

func (s *shardTask) setCheckpoints(ck *unitCheckpoints) {
	if c, ok := s.t.(checkpointer); ok {
		c.setCheckpoints(ck)
	}
}

func (s *shardTask) dropCheckpoint(j int) {
	if c, ok := s.t.(checkpointer); ok {
		c.dropCheckpoint(s.of(j))
	}
}

// merge checks that the shard's parts are all there and valid; the
// results are written by Merge, from every shard.
func (s *shardTask) merge(ctx context.Context, st *store) (*Summary, error) {
	for j := range s.units() {
		if _, err := mergePart(ctx, st, s, j); err != nil {
			return nil, err
		}
	}
	return &Summary{Shard: s.shard.String()}, nil
}

// MergeError is a merge of shards that cannot be done: units missing or
// present twice, directories of other sweeps.
type MergeError struct{ Msg string }

func (e *MergeError) Error() string { return "sweep: " + e.Msg }

// Merge gathers the parts of the shard directories dirs (each a Run of
// the same sweep with a Shard, or without one) into out, checking that
// the sweeps are the same and that every unit of the sweep is present,
// and valid, exactly once; then it writes the results and the summary as
// the last step of a sweep does. Missing units are named by key, with the
// shard that should have computed them. remote reaches directories that
// are URLs (nil: none; Options.Remote).
func Merge(ctx context.Context, dirs []string, out string, remote RemoteFS) (*Summary, error) {
	if len(dirs) == 0 {
		return nil, &UsageError{errors.New("sweep: merge needs the shards' directories")}
	}
	var spec Spec
	var specJSON []byte
	shards := map[string]*Shard{} // dir → its shard (nil: the whole sweep)
	for i, dir := range dirs {
		if _, dup := shards[dir]; dup {
			return nil, &UsageError{fmt.Errorf("sweep: %s is given twice", dir)}
		}
		st, err := openStore(dir, remote)
		if err != nil {
			return nil, &UsageError{err}
		}
		data, err := st.read(ctx, st.join("sweep.json"))
		if errors.Is(err, fs.ErrNotExist) {
			return nil, &MergeError{fmt.Sprintf("%s holds no sweep (no sweep.json)", dir)}
		}
		if err != nil {
			return nil, err
		}
		var s Spec
		if err := json.Unmarshal(data, &s); err != nil {
			return nil, &MergeError{fmt.Sprintf("%s: %v", st.join("sweep.json"), err)}
		}
		shards[dir] = s.Shard
		s.Shard = nil
		if s, err = s.canonical(); err != nil {
			return nil, &MergeError{fmt.Sprintf("%s: %v", st.join("sweep.json"), err)}
		}
		j, _ := json.Marshal(s)
		if i == 0 {
			spec, specJSON = s, j
		} else if !bytes.Equal(j, specJSON) {
			return nil, &MergeError{fmt.Sprintf("%s holds another sweep (%s) than %s (%s)", dir, j, dirs[0], specJSON)}
		}
	}
	t, err := spec.task()
	if err != nil {
		return nil, &MergeError{err.Error()}
	}
	// Where each unit's part is, and every problem on the way.
	found := make([][]byte, t.units())
	from := make([]string, t.units())
	var twice, bad []string
	for _, dir := range dirs {
		st, _ := openStore(dir, remote)
		keys, err := st.parts(ctx)
		if err != nil {
			return nil, err
		}
		have := map[string]bool{}
		for _, k := range keys {
			have[k] = true
		}
		for i := range t.units() {
			if !have[t.key(i)] {
				continue
			}
			name := st.partPath(t.key(i))
			data, err := st.readMax(ctx, name, maxPartBytes)
			if err == nil {
				_, err = checkPart(t, i, name, data)
			}
			var pe *PartError
			switch {
			case errors.As(err, &pe):
				bad = append(bad, pe.Error())
			case err != nil:
				return nil, err
			case found[i] != nil:
				twice = append(twice, fmt.Sprintf("%s (%s and %s)", t.key(i), from[i], dir))
			default:
				found[i], from[i] = data, dir
			}
		}
	}
	var missing []string
	for i := range t.units() {
		if found[i] == nil {
			missing = append(missing, t.key(i)+missingShard(shards, i))
		}
	}
	switch {
	case len(bad) > 0:
		return nil, &MergeError{fmt.Sprintf("%d parts are not their units' (%s): run their shards again to compute them anew", len(bad), listSome(bad, 5))}
	case len(twice) > 0:
		return nil, &MergeError{fmt.Sprintf("%d units are in two directories: %s", len(twice), listSome(twice, 20))}
	case len(missing) > 0:
		return nil, &MergeError{fmt.Sprintf("%d of %d units are missing: %s", len(missing), t.units(), listSome(missing, 20))}
	}
	st, unlock, err := claimDir(ctx, out, specJSON, remote)
	if err != nil {
		return nil, err
	}
	defer unlock()
	for i := range t.units() {
		if from[i] == out {
			continue
		}
		if err := st.write(ctx, st.partPath(t.key(i)), found[i]); err != nil {
			return nil, err
		}
	}
	return mergeAll(ctx, st, spec.Kind, t)
}

// missingShard names the shard that should have computed unit i, when
// the directories say how the sweep was cut.
func missingShard(shards map[string]*Shard, i int) string {
	for _, s := range shards {
		if s != nil {
			return fmt.Sprintf(" (shard %d/%d)", i%s.Count, s.Count)
		}
	}
	return ""
}

// listSome lists the first n items and how many more there are.
func listSome(items []string, n int) string {
	if len(items) <= n {
		return strings.Join(items, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(items[:n], ", "), len(items)-n)
}

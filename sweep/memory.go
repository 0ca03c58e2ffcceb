package sweep

import (
	"context"
	"fmt"
	"sync"

	"golang.org/x/sync/semaphore"

	"github.com/grundy/grundy/impartial"
)

// DefaultMaxMemory is the memory the units computing at once in one process
// may hold, by their estimates, unless Options.MaxMemory says otherwise.
const DefaultMaxMemory = 8 << 30

// octalBytesPerValue is what an octal unit holds per value of its reach at
// its peak: the value (2 bytes), the sparse-space kernel's parity (1 byte),
// the half-size array being copied when the values grow to their final size
// (1 byte a value of the final size), and room for the growth of the parity
// slice. Measured: 4.5 bytes a value for 0.167 to G(2^24) (115 MB of peak
// RSS, 40 MB of it the program).
const octalBytesPerValue = 6

// unitMemory is the memory unit i of t holds at its peak, by estimate (0:
// small, not counted).
func unitMemory(t task, i int) int64 {
	switch t := t.(type) {
	case *octalTask:
		return int64(t.unit(i).(octalUnit).budget().To+1) * octalBytesPerValue
	case *shardTask:
		return unitMemory(t.t, t.of(i))
	}
	return 0
}

// checkMemory refuses a sweep one of whose units alone needs more than the
// budget max (> 0): it could never start.
func checkMemory(t task, max int64) error {
	if max <= 0 {
		return nil
	}
	for i := range t.units() {
		if need := unitMemory(t, i); need > max {
			return fmt.Errorf("sweep: unit %s holds about %s (%d bytes a value), more than the memory budget %s (--max-memory)",
				t.key(i), impartial.FormatBytes(need), octalBytesPerValue, impartial.FormatBytes(max))
		}
	}
	return nil
}

// memorySems holds one semaphore a budget for the process: the units of a
// sweep run on the local executor's goroutines, or on a Beam runner's
// bundles, each with a Worker of its own, which Prism runs in this process
// (up to 8 at once) and a remote runner in its workers, each process with
// its own budget.
var memorySems struct {
	sync.Mutex
	m map[int64]*semaphore.Weighted
}

// holdMemory waits until unit i of t fits in the budget max beside the
// units running in this process, and returns the function that gives its
// share back. A unit waits, never fails: checkMemory made sure it fits alone.
// The budget only orders the units in time, so no result depends on it.
func holdMemory(ctx context.Context, t task, i int, max int64) (release func(), err error) {
	need := unitMemory(t, i)
	if max <= 0 || need == 0 {
		return func() {}, nil
	}
	need = min(need, max)
	memorySems.Lock()
	if memorySems.m == nil {
		memorySems.m = map[int64]*semaphore.Weighted{}
	}
	sem := memorySems.m[max]
	if sem == nil {
		sem = semaphore.NewWeighted(max)
		memorySems.m[max] = sem
	}
	memorySems.Unlock()
	if !sem.TryAcquire(need) {
		if err := sem.Acquire(ctx, need); err != nil {
			return nil, err
		}
	}
	return func() { sem.Release(need) }, nil
}

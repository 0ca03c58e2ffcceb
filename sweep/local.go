package sweep

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// Local runs a sweep's pipeline in this process: Workers goroutines (0:
// GOMAXPROCS, one a core) take the units in order, each computing one at
// a time (Worker.Unit), and once every unit is done the merge runs
// (Worker.Merge). The units are the pipeline's, so the parts, checkpoints
// and result files are those of any other executor; only the order in
// which the units finish differs, and nothing depends on it. The first
// unit that fails stops the others (their units cut short write no
// part); a canceled ctx does the same, and Execute returns once every
// goroutine has, so that nothing writes DIR after Run returns.
type Local struct {
	// Workers is the number of units computed at once (0: GOMAXPROCS).
	Workers int
}

// Execute runs the job's units and merge.
func (l Local) Execute(ctx context.Context, job Job) error {
	w, err := NewWorker(job)
	if err != nil {
		return err
	}
	n := l.Workers
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	n = min(n, w.Units())
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			for ctx.Err() == nil {
				i := int(next.Add(1)) - 1
				if i >= w.Units() {
					return
				}
				if err := w.Unit(ctx, i); err != nil {
					cancel(err)
					return
				}
			}
		})
	}
	wg.Wait()
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	return w.Merge(ctx)
}

package sweep

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/grundy/grundy/checkpoint"
)

// Options say where a sweep runs and writes.
type Options struct {
	// Out is the output directory: a local path, or a URL (gs://…) that
	// Remote reaches.
	Out string
	// Executor runs the units and the merge (nil: Local, the goroutines of
	// this process, one a core). grundy-sweep has Beam's runners.
	Executor Executor
	// Remote reaches an Out that is a URL (nil: such an Out is refused,
	// with a *RemoteError). grundy-sweep gives Beam's file systems.
	Remote RemoteFS
	// Progress, if set, is called about twice a second with the units
	// done and the values the octal units finished in this run computed.
	// It only reads DIR: a sweep's files are the same with it or without.
	Progress func(p Progress)
	// Warn, if set, receives the sweep's own warnings, one line each
	// without a newline (a part that is not its unit's, moved aside and
	// computed again).
	Warn func(msg string)
	// CheckpointEvery is how many values an octal unit computes between
	// two saves of its values to DIR/checkpoints/KEY, from which a unit
	// killed resumes (0: DefaultCheckpointEvery; negative: no
	// checkpoints). A local DIR only. The results are the same either way.
	CheckpointEvery int
	// MaxMemory bounds the memory the units computing at once in this
	// process hold, by their estimates (an octal unit: about 6 bytes a value
	// of its --to): a unit that does not fit waits for one that does to
	// end, and a sweep with a unit larger than the budget is refused before
	// it starts. 0: DefaultMaxMemory; negative: no limit. The results are
	// the same with any budget.
	MaxMemory int64
}

// UsageError is a bad option: a spec out of range, a directory that holds
// another sweep or is locked by one, a Beam flag Beam does not know.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// Run runs the sweep and returns its summary. A unit whose part file
// already exists in o.Out is not computed again, so a sweep that was
// stopped resumes where it stopped. The directory is locked (DIR/sweep.lock)
// and claimed for the spec (DIR/sweep.json) first, and its parts checked;
// then the executor runs the pipeline. Canceled, Run returns once the
// executor has, its finished units kept.
func Run(ctx context.Context, spec Spec, o Options) (*Summary, error) {
	spec, err := spec.canonical()
	if err != nil {
		return nil, &UsageError{err}
	}
	t, err := spec.task()
	if err != nil {
		return nil, &UsageError{err}
	}
	maxMem := o.MaxMemory
	if maxMem == 0 {
		maxMem = DefaultMaxMemory
	}
	if err := checkMemory(t, maxMem); err != nil {
		return nil, &UsageError{err}
	}
	specJSON, err := json.Marshal(spec)
	if err != nil {
		return nil, err
	}
	// One sweep at a time in a directory: the lock is held until Run
	// returns, or the process dies.
	st, unlock, err := claimDir(ctx, o.Out, specJSON, o.Remote)
	if err != nil {
		return nil, err
	}
	defer unlock()
	st.clean()
	warn := o.Warn
	if warn == nil {
		warn = func(string) {}
	}
	if err := st.checkParts(ctx, t, warn); err != nil {
		return nil, err
	}
	every := o.CheckpointEvery
	if every == 0 {
		every = DefaultCheckpointEvery
	}
	job := Job{Spec: specJSON, Out: o.Out, CheckpointEvery: max(every, 0), MaxMemory: max(maxMem, 0), Remote: o.Remote}
	exec := o.Executor
	if exec == nil {
		exec = Local{}
	}

	stop := make(chan struct{})
	var wg sync.WaitGroup
	pr := &progressReader{}
	if o.Progress != nil {
		// The parts there before the pipeline starts are earlier runs'.
		pr.update(ctx, st, t.units())
		pr.Earlier, pr.Values = pr.Done, 0
		wg.Add(1)
		go func() {
			defer wg.Done()
			poll(ctx, st, t.units(), pr, o.Progress, stop)
		}()
	}
	err = exec.Execute(ctx, job)
	close(stop)
	wg.Wait()
	if ctxErr := ctx.Err(); ctxErr != nil {
		return nil, fmt.Errorf("sweep: %w (finished units are kept in %s)", ctxErr, o.Out)
	}
	if err != nil {
		return nil, err
	}
	if !st.remote {
		os.Remove(st.join("checkpoints")) // empty once every unit is done
	}
	if o.Progress != nil {
		pr.update(ctx, st, t.units())
		o.Progress(pr.Progress)
	}
	data, err := st.read(ctx, st.join("summary.json"))
	if err != nil {
		return nil, fmt.Errorf("sweep: the pipeline finished but left no summary: %w", err)
	}
	var sum Summary
	if err := json.Unmarshal(data, &sum); err != nil {
		return nil, fmt.Errorf("sweep: %s: %w", st.join("summary.json"), err)
	}
	return &sum, nil
}

// Progress is how far a sweep is.
type Progress struct {
	// Done units of Total, Earlier of them done by earlier runs.
	Done, Total, Earlier int
	// Values is the number of values (G(0..computed_to) of an octal code)
	// of the units finished in this run; a rate over this run's time is
	// the sweep's values a second.
	Values int64
	// Underway is the number of units not done whose checkpoints hold
	// values, and Saved those values: how far the long units have got
	// (a local DIR only; checkpoints are saved every --checkpoint-every
	// values).
	Underway int
	Saved    int64
}

// progressReader counts the parts in the store, reading each new part's
// computed_to once.
type progressReader struct {
	Progress
	seen map[string]bool
}

func (p *progressReader) update(ctx context.Context, st *store, total int) {
	keys, err := st.parts(ctx)
	if err != nil {
		return
	}
	if p.seen == nil {
		p.seen = map[string]bool{}
	}
	for _, k := range keys {
		if p.seen[k] {
			continue
		}
		data, err := st.readMax(ctx, st.partPath(k), maxPartBytes)
		if err != nil {
			continue // being written: the next poll reads it
		}
		p.seen[k] = true
		var pt struct {
			Result struct {
				ComputedTo *int64 `json:"computed_to"`
			} `json:"result"`
		}
		if json.Unmarshal(data, &pt) == nil && pt.Result.ComputedTo != nil {
			p.Values += *pt.Result.ComputedTo + 1
		}
	}
	p.Done, p.Total = min(len(p.seen), total), total
	p.Underway, p.Saved = 0, 0
	if st.remote {
		return
	}
	dirs, _ := os.ReadDir(st.join("checkpoints"))
	for _, d := range dirs {
		if p.seen[d.Name()] {
			continue // done: its checkpoint goes once its part is written
		}
		if n, err := checkpoint.Committed(st.join("checkpoints", d.Name())); err == nil && n > 0 {
			p.Underway++
			p.Saved += n
		}
	}
}

// poll reports the parts in the store until stop closes.
func poll(ctx context.Context, st *store, total int, pr *progressReader, report func(Progress), stop <-chan struct{}) {
	every := 500 * time.Millisecond
	if st.remote {
		every = 5 * time.Second
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		pr.update(ctx, st, total)
		report(pr.Progress)
		select {
		case <-stop:
			return
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

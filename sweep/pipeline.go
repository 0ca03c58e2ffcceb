package sweep

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
)

// Spec describes one sweep. It is what the workers receive (as JSON, in a
// Job) and what DIR/sweep.json records, so a restart can be checked to be
// the same sweep.
type Spec struct {
	Kind     string        `json:"kind"` // "octal", "bridge" or "cardflip"
	Octal    *OctalSpec    `json:"octal,omitempty"`
	Bridge   *BridgeSpec   `json:"bridge,omitempty"`
	Cardflip *CardflipSpec `json:"cardflip,omitempty"`
	// Shard, if set, restricts the run to one slice of the units (see
	// Shard and Merge).
	Shard *Shard `json:"shard,omitempty"`
}

// task is one kind of sweep: a list of independent units, each computed to
// a part file, and a merge of the parts into the result files.
type task interface {
	units() int
	key(i int) string
	// unit returns the parameters of unit i, everything its result depends
	// on, as a JSON object with a "kind": a part file records them
	// (part.go).
	unit(i int) any
	// run computes unit i and returns its result (JSON, one line).
	run(ctx context.Context, i int) ([]byte, error)
	// merge reads every part and writes the result files and the summary.
	merge(ctx context.Context, st *store) (*Summary, error)
}

// canonical returns the spec as DIR/sweep.json records it (see
// OctalSpec.canonical): equal sweeps, equal specs.
func (s Spec) canonical() (Spec, error) {
	if s.Octal != nil {
		o, err := s.Octal.canonical()
		if err != nil {
			return s, err
		}
		s.Octal = &o
	}
	return s, nil
}

func (s Spec) task() (task, error) {
	t, err := s.whole()
	if err != nil || s.Shard == nil {
		return t, err
	}
	return newShardTask(t, *s.Shard)
}

// whole is the task of the whole sweep, whatever the shard.
func (s Spec) whole() (task, error) {
	switch s.Kind {
	case "octal":
		if s.Octal != nil {
			return newOctalTask(*s.Octal)
		}
	case "bridge":
		if s.Bridge != nil {
			return newBridgeTask(*s.Bridge)
		}
	case "cardflip":
		if s.Cardflip != nil {
			return newCardflipTask(*s.Cardflip)
		}
	default:
		return nil, fmt.Errorf("sweep: unknown kind %q (octal, bridge or cardflip)", s.Kind)
	}
	return nil, fmt.Errorf("sweep: %s sweep without its settings", s.Kind)
}

// Summary is what a finished sweep reports; the merge writes it to
// DIR/summary.json.
type Summary struct {
	Kind  string   `json:"kind"`
	Units int      `json:"units"`
	Files []string `json:"files"` // result files, relative to DIR
	// Octal: codes by status, and the codes whose result disagrees with a
	// published one.
	Proved   int      `json:"proved,omitempty"`
	Found    int      `json:"found,omitempty"`
	None     int      `json:"none,omitempty"`
	Disagree []string `json:"disagree,omitempty"`
	// Unlisted: codes the tables list as unsolved whose period is proved
	// here (and again from the plain kernel's values): periods the tables
	// consulted do not give, not claimed new (OctalRow.Check).
	Unlisted []string `json:"unlisted,omitempty"`
	// Unconfirmed: the same, past the plain kernel's reach
	// (plainConfirmMax values): to be checked by another program.
	Unconfirmed []string `json:"unconfirmed,omitempty"`
	Published   int      `json:"published,omitempty"` // codes with a published result
	Agree       int      `json:"agree,omitempty"`     // … that the sweep reproduced
	// Octal: the codes not proved, by the budget that stopped them: G(0..To)
	// known, or the plain kernel past PlainTo.
	StopTo      int `json:"stop_to,omitempty"`
	StopPlainTo int `json:"stop_plain_to,omitempty"`
	// StopMaxWork: tb: codes stopped by the work limit.
	StopMaxWork int `json:"stop_max_work,omitempty"`
	// StopSolvedTo: codes the tables list as solved stopped at SolvedTo
	// without a proof.
	StopSolvedTo int `json:"stop_solved_to,omitempty"`
	// Bridge: layouts enumerated, sequences seen, sequences whose count
	// differs from the formula, and the SHA-256 of the tally CSV.
	Layouts    uint64 `json:"layouts,omitempty"`
	Sequences  int    `json:"sequences,omitempty"`
	Mismatches int    `json:"mismatches,omitempty"`
	SHA256     string `json:"sha256,omitempty"`
	// Shard is the shard a run computed ("1/4"); it writes no results.
	Shard string `json:"shard,omitempty"`
	// Seconds is the compute time summed over the parts, this run's and
	// earlier ones'.
	Seconds float64 `json:"seconds"`
}

// The pipeline, defined once: a source of unit numbers 0..units−1, a
// function of each unit (Worker.Unit: its part, read back if it is there,
// computed and written atomically otherwise), and, once every unit is
// done, the merge of the parts into the result files and DIR/summary.json
// (Worker.Merge). An Executor runs it: Local, goroutines of this process,
// or Beam's runners in grundy-sweep (cmd/grundy-sweep/beam.go: the units
// as a splittable DoFn over the unit numbers, their count summed, the
// merge a DoFn of the sum). Both call the same two functions, so their
// results folders are the same, byte for byte, but for the seconds the
// units took (cmd/grundy-sweep's TestExecutorsAgree compares them).

// Job is a sweep as an executor receives it, in the form that travels to
// a runner's workers (JSON): the spec as DIR/sweep.json records it, the
// directory, and the units' settings.
type Job struct {
	Spec []byte `json:"spec"`
	Out  string `json:"out"`
	// CheckpointEvery: the values between two saves of a long unit (0:
	// none; Options.CheckpointEvery).
	CheckpointEvery int `json:"checkpoint_every,omitempty"`
	// MaxMemory: the memory the units computing at once in one process
	// may hold (0: no limit; Options.MaxMemory).
	MaxMemory int64 `json:"max_memory,omitempty"`
	// Remote reaches Out when it is a URL (Options.Remote). It does not
	// travel: a worker on another machine brings its own.
	Remote RemoteFS `json:"-"`
}

// An Executor runs a sweep's pipeline: Worker.Unit for every unit of the
// job, in any order and as many at once as it likes, then, once all are
// done, Worker.Merge once. It returns when the merge is written, or with
// the first error; when ctx is canceled it returns soon after, the
// finished units kept (a unit cut short writes no part).
type Executor interface {
	Execute(ctx context.Context, job Job) error
}

// A Worker runs the units of a job and its merge: the pipeline's two
// functions, which every executor calls.
type Worker struct {
	spec Spec
	t    task
	st   *store
	// maxMemory: Job.MaxMemory.
	maxMemory int64
}

// NewWorker rebuilds a job's sweep: on the machine that started it, or on
// a runner's worker from the job's JSON (then with job.Remote set by the
// worker, for a DIR that is a URL).
func NewWorker(job Job) (*Worker, error) {
	var spec Spec
	if err := json.Unmarshal(job.Spec, &spec); err != nil {
		return nil, fmt.Errorf("sweep: the job's spec: %w", err)
	}
	t, err := spec.task()
	if err != nil {
		return nil, err
	}
	st, err := openStore(job.Out, job.Remote)
	if err != nil {
		return nil, err
	}
	if c, ok := t.(checkpointer); ok && job.CheckpointEvery > 0 && !st.remote {
		c.setCheckpoints(&unitCheckpoints{Dir: st.join("checkpoints"), Every: job.CheckpointEvery})
	}
	return &Worker{spec: spec, t: t, st: st, maxMemory: max(job.MaxMemory, 0)}, nil
}

// Units is the number of units: Unit takes 0..Units()−1.
func (w *Worker) Units() int { return w.t.units() }

// Unit makes unit i's part: it is read back if it is there and holds
// (done by an earlier run, or by another worker of this one), and
// otherwise computed, once the memory budget has room for it, and written
// atomically. A unit cut short by ctx writes nothing.
func (w *Worker) Unit(ctx context.Context, i int) error {
	_, err := readPart(ctx, w.st, w.t, i)
	if err == nil {
		if c, ok := w.t.(checkpointer); ok {
			c.dropCheckpoint(i) // a run killed between the part and this
		}
		return nil
	}
	var pe *PartError
	if errors.As(err, &pe) {
		// Run moved such parts aside before the pipeline started (a local
		// directory); this one is on a remote store, or appeared since.
		slog.Warn(pe.Error() + "; computing it again")
	}
	release, err := holdMemory(ctx, w.t, i, w.maxMemory)
	if err != nil {
		return err
	}
	result, err := w.t.run(ctx, i)
	release()
	if err != nil {
		return err
	}
	data, err := encodePart(w.t, i, result)
	if err != nil {
		return err
	}
	if err := w.st.write(ctx, w.st.partPath(w.t.key(i)), data); err != nil {
		return err
	}
	if c, ok := w.t.(checkpointer); ok {
		c.dropCheckpoint(i)
	}
	return nil
}

// Merge writes the result files and DIR/summary.json from the parts of
// every unit, which must all be there and hold.
func (w *Worker) Merge(ctx context.Context) error {
	_, err := mergeAll(ctx, w.st, w.spec.Kind, w.t)
	return err
}

// mergeAll merges the parts of every unit of t in st into the result files
// and DIR/summary.json, and returns the summary: the last step of a sweep,
// and of a merge of shards.
func mergeAll(ctx context.Context, st *store, kind string, t task) (*Summary, error) {
	sum, err := t.merge(ctx, st)
	if err != nil {
		return nil, err
	}
	sum.Kind, sum.Units = kind, t.units()
	data, err := json.MarshalIndent(sum, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := st.write(ctx, st.join("summary.json"), append(data, '\n')); err != nil {
		return nil, err
	}
	return sum, nil
}
